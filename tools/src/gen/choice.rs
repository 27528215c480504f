//! Where the generator's decisions come from: a seeded xorshift64* stream (`cargo test`'s
//! deterministic runs, `TILEC_GEN` seeds) or a byte string (the `generated` fuzz target, where
//! libFuzzer's mutations of the bytes become mutations of the program's structure).
//!
//! Every decision is `below(n)`; a byte string that runs out answers 0 from then on. Decisions
//! are written so that 0 is the small, plain choice ([`Choices::flip`] is false on 0, the
//! statement loop stops on 0), so a short input is a short program and every input terminates.

/// The decision stream.
pub struct Choices<'a> {
    src: Source<'a>,
}

enum Source<'a> {
    /// xorshift64* state (never 0).
    Rng(u64),
    /// The fuzzer's bytes and the next one to read.
    Bytes(&'a [u8], usize),
}

impl Choices<'static> {
    /// The stream of `seed` (any value; 0 is mapped to a nonzero state).
    pub fn seeded(seed: u64) -> Choices<'static> {
        // splitmix64 of the seed: neighbouring seeds start far apart.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Choices {
            src: Source::Rng(z | 1),
        }
    }
}

impl<'a> Choices<'a> {
    /// The decisions spelled by `bytes` (then zeros).
    pub fn from_bytes(bytes: &'a [u8]) -> Choices<'a> {
        Choices {
            src: Source::Bytes(bytes, 0),
        }
    }

    fn next(&mut self, bytes: usize) -> u64 {
        match &mut self.src {
            Source::Rng(s) => {
                *s ^= *s >> 12;
                *s ^= *s << 25;
                *s ^= *s >> 27;
                s.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11
            }
            Source::Bytes(data, at) => {
                let take = bytes.min(data.len().saturating_sub(*at));
                let v = data[*at..*at + take]
                    .iter()
                    .fold(0u64, |v, &b| (v << 8) | u64::from(b));
                *at += take;
                v
            }
        }
    }

    /// A number in `0..n` (0 when `n` is 0 or 1).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        // One byte of input per decision of up to 256 ways, two up to 65,536, else four.
        let bytes = match n {
            0..=256 => 1,
            257..=65_536 => 2,
            _ => 4,
        };
        (self.next(bytes) % n as u64) as usize
    }

    /// True with probability `pct` percent (false on an exhausted byte string).
    pub fn flip(&mut self, pct: usize) -> bool {
        self.below(100) + pct >= 100
    }

    /// One element of `xs` (which must not be empty).
    pub fn pick<'x, T>(&mut self, xs: &'x [T]) -> &'x T {
        &xs[self.below(xs.len())]
    }

    /// An index drawn by weight: `weights[i]` out of their sum (the first nonzero one on an
    /// exhausted byte string).
    pub fn weighted(&mut self, weights: &[usize]) -> usize {
        let total: usize = weights.iter().sum();
        let mut r = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_stream() {
        let draw = |seed| {
            let mut c = Choices::seeded(seed);
            (0..8).map(|_| c.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn bytes_are_read_in_order_then_zeros() {
        let mut c = Choices::from_bytes(&[5, 1, 2]);
        assert_eq!(c.below(10), 5);
        assert_eq!(c.below(1000), 258);
        assert_eq!(c.below(10), 0);
        assert!(!c.flip(99));
        assert_eq!(c.weighted(&[0, 3, 1]), 1);
    }
}
