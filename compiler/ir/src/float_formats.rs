//! The narrow float formats of NVIDIA's cuda_tile dialect (`tf32`, `f8E4M3FN`, `f8E5M2`,
//! `f8E8M0FNU`, `f4E2M1FN`): their bit layouts as data ([`LAYOUTS`]) and one codec for all of
//! them, so that constants of these types read, print and round-trip like MLIR's (round to
//! nearest even; the formats' own rules for infinities, NaNs and overflow).

use crate::types::FloatKind;

/// Which special values a format has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Specials {
    /// IEEE: the all-ones exponent is infinity (mantissa 0) or NaN.
    Ieee,
    /// "FN" (finite, NaN): only the all-ones exponent and mantissa is NaN; no infinities.
    NanOnly,
    /// "FN" without NaN encodings (fp4): every pattern is a finite number.
    None,
}

/// The bit layout of a format: sign (when signed), exponent, mantissa, least significant last.
#[derive(Clone, Copy, Debug)]
struct Layout {
    kind: FloatKind,
    exp: u32,
    man: u32,
    bias: i32,
    signed: bool,
    specials: Specials,
}

/// The narrow formats (MLIR's `Float8E4M3FN` … semantics).
const LAYOUTS: [Layout; 5] = [
    Layout {
        kind: FloatKind::TF32,
        exp: 8,
        man: 10,
        bias: 127,
        signed: true,
        specials: Specials::Ieee,
    },
    Layout {
        kind: FloatKind::F8E4M3FN,
        exp: 4,
        man: 3,
        bias: 7,
        signed: true,
        specials: Specials::NanOnly,
    },
    Layout {
        kind: FloatKind::F8E5M2,
        exp: 5,
        man: 2,
        bias: 15,
        signed: true,
        specials: Specials::Ieee,
    },
    Layout {
        kind: FloatKind::F8E8M0FNU,
        exp: 8,
        man: 0,
        bias: 127,
        signed: false,
        specials: Specials::NanOnly,
    },
    Layout {
        kind: FloatKind::F4E2M1FN,
        exp: 2,
        man: 1,
        bias: 1,
        signed: true,
        specials: Specials::None,
    },
];

fn layout(kind: FloatKind) -> Layout {
    let l = LAYOUTS.into_iter().find(|l| l.kind == kind);
    l.unwrap_or_else(|| panic!("{} is not a narrow float format", kind.as_str()))
}

impl Layout {
    fn sign_bit(self) -> Option<u64> {
        self.signed.then(|| 1 << (self.exp + self.man))
    }
    /// The value of a pattern without its sign bit.
    fn magnitude(self, bits: u64) -> f64 {
        let man = bits & ((1 << self.man) - 1);
        let exp = (bits >> self.man) & ((1 << self.exp) - 1);
        let all_ones = (1 << self.exp) - 1;
        match self.specials {
            Specials::Ieee if exp == all_ones => {
                return if man == 0 { f64::INFINITY } else { f64::NAN }
            }
            Specials::NanOnly if exp == all_ones && man == (1 << self.man) - 1 => return f64::NAN,
            _ => {}
        }
        let scale = (1u64 << self.man) as f64;
        // Without a mantissa (E8M0) there are no subnormals: exponent 0 is 2^-bias.
        if exp == 0 && self.man > 0 {
            (man as f64 / scale) * 2f64.powi(1 - self.bias)
        } else {
            (1.0 + man as f64 / scale) * 2f64.powi(exp as i32 - self.bias)
        }
    }
}

/// The value of `bits` in `kind` (a narrow format).
pub fn decode(kind: FloatKind, bits: u64) -> f64 {
    let l = layout(kind);
    let v = l.magnitude(bits & ((1 << (l.exp + l.man)) - 1));
    match l.sign_bit() {
        Some(s) if bits & s != 0 => -v,
        _ => v,
    }
}

/// The pattern of `kind` nearest to `v` (ties to the even pattern). Past the largest finite
/// value by half a step or more: infinity where the format has one, else NaN where it has
/// one, else the largest finite value (fp4 saturates).
pub fn encode(kind: FloatKind, v: f64) -> u64 {
    let l = layout(kind);
    if kind == FloatKind::TF32 {
        return encode_tf32(v);
    }
    let nan = match l.specials {
        Specials::None => None,
        _ => Some(if l.specials == Specials::Ieee {
            (((1 << l.exp) - 1) << l.man) | 1
        } else {
            (1 << (l.exp + l.man)) - 1
        }),
    };
    let sign = match l.sign_bit() {
        Some(s) if v.is_sign_negative() && !v.is_nan() => s,
        _ => 0,
    };
    if v.is_nan() || (l.sign_bit().is_none() && v < 0.0) {
        return nan.unwrap_or(0);
    }
    let a = v.abs();
    // Every finite magnitude, in increasing order of pattern (and so of value).
    let finite: Vec<(u64, f64)> = (0..1u64 << (l.exp + l.man))
        .map(|b| (b, l.magnitude(b)))
        .filter(|(_, x)| x.is_finite())
        .collect();
    let &(max_bits, max) = finite.last().expect("a format has finite values");
    let step = max - finite[finite.len() - 2].1;
    if a >= max + step / 2.0 && (a > max + step / 2.0 || max_bits & 1 == 1) {
        return sign
            | match l.specials {
                Specials::Ieee => ((1 << l.exp) - 1) << l.man,
                Specials::NanOnly => nan.unwrap_or(max_bits),
                Specials::None => max_bits,
            };
    }
    let best = finite.iter().fold(finite[0], |best, &(b, x)| {
        let (d, db) = ((x - a).abs(), (best.1 - a).abs());
        if d < db || (d == db && b & 1 == 0) {
            (b, x)
        } else {
            best
        }
    });
    sign | best.0
}

/// tf32 is f32 with the low 13 mantissa bits dropped: round f32's pattern to nearest even.
fn encode_tf32(v: f64) -> u64 {
    let b = (v as f32).to_bits();
    if (v as f32).is_nan() {
        return ((b >> 13) | 1) as u64;
    }
    let rest = b & 0x1FFF;
    let mut top = b >> 13;
    if rest > 0x1000 || (rest == 0x1000 && top & 1 == 1) {
        top += 1; // carries into the exponent, up to infinity, as IEEE rounding does
    }
    top as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_patterns() {
        // (format, value, pattern): MLIR's APFloat gives the same.
        let cases = [
            (FloatKind::F8E4M3FN, 1.0, 0x38),
            (FloatKind::F8E4M3FN, 448.0, 0x7E),
            (FloatKind::F8E4M3FN, -2.0, 0xC0),
            (FloatKind::F8E4M3FN, 1000.0, 0x7F),
            (FloatKind::F8E5M2, 1.0, 0x3C),
            (FloatKind::F8E5M2, 1.0e6, 0x7C),
            (FloatKind::F8E8M0FNU, 1.0, 0x7F),
            (FloatKind::F8E8M0FNU, 2.0, 0x80),
            (FloatKind::F4E2M1FN, 1.0, 0x2),
            (FloatKind::F4E2M1FN, 2.0, 0x4),
            (FloatKind::F4E2M1FN, 6.0, 0x7),
            (FloatKind::F4E2M1FN, -0.5, 0x9),
            (FloatKind::F4E2M1FN, 100.0, 0x7),
            (FloatKind::TF32, 1.0, 0x1FC00),
        ];
        for (k, v, bits) in cases {
            assert_eq!(encode(k, v), bits, "{} {v}", k.as_str());
        }
    }

    #[test]
    fn every_pattern_round_trips() {
        for l in LAYOUTS.iter().filter(|l| l.kind != FloatKind::TF32) {
            for b in 0..1u64 << l.kind.bits() {
                let v = decode(l.kind, b);
                if v.is_nan() {
                    assert!(decode(l.kind, encode(l.kind, v)).is_nan());
                } else {
                    assert_eq!(encode(l.kind, v), b, "{} {b:#x} = {v}", l.kind.as_str());
                }
            }
        }
    }

    #[test]
    fn ties_round_to_even() {
        // Between 1.0 (0x38) and 1.125 (0x39) in f8E4M3FN: the tie goes to the even 0x38.
        assert_eq!(encode(FloatKind::F8E4M3FN, 1.0625), 0x38);
        assert_eq!(encode(FloatKind::F8E4M3FN, 1.0626), 0x39);
        // f4E2M1FN: 2.5 lies between 2.0 (0x4) and 3.0 (0x5).
        assert_eq!(encode(FloatKind::F4E2M1FN, 2.5), 0x4);
    }
}
