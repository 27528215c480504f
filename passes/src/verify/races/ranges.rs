//! The ranges of integers the affine forms leave opaque ([`super::affine::Var::Opaque`]): a
//! thread's offset in a staging layout is `tid` split by `/` and `%` and recombined, which is
//! not affine, yet bounded. An interval with a congruence (every value a multiple of `step`) is
//! computed over the integer ops down to the thread id, the induction variables of loops with
//! constant bounds and constants, so that two accesses of one buffer at different slots can be
//! told apart (a pipelined copy into the next slot while the wgmma reads this one).
//!
//! Sound by construction: each rule's result contains every value the op can produce from
//! operands in their ranges. `/` and `%` are taken only over non-negative dividends and positive
//! constant divisors; any overflow of the bounds gives no range.

use super::model::{Model, Role};
use tilec_dialects::nv_tileas::views::{Constant, OpKind, ThreadId};
use tilec_ir::{OpView, Value};

/// How deep the ops of one value are followed.
const MAX_DEPTH: u32 = 24;

/// Values in `[lo, hi]`, each a multiple of `step` (0: the value is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    lo: i64,
    hi: i64,
    step: i64,
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

impl Range {
    fn exact(c: i64) -> Range {
        Range {
            lo: c,
            hi: c,
            step: c,
        }
    }

    fn add(self, o: Range, sign: i64) -> Option<Range> {
        let (olo, ohi) = if sign > 0 {
            (o.lo, o.hi)
        } else {
            (o.hi.checked_neg()?, o.lo.checked_neg()?)
        };
        Some(Range {
            lo: self.lo.checked_add(olo)?,
            hi: self.hi.checked_add(ohi)?,
            step: gcd(self.step, o.step),
        })
    }

    fn mul(self, o: Range) -> Option<Range> {
        let ps = [
            self.lo.checked_mul(o.lo)?,
            self.lo.checked_mul(o.hi)?,
            self.hi.checked_mul(o.lo)?,
            self.hi.checked_mul(o.hi)?,
        ];
        Some(Range {
            lo: *ps.iter().min()?,
            hi: *ps.iter().max()?,
            step: self.step.checked_mul(o.step).unwrap_or(1),
        })
    }

    /// `self ^ o` over non-negative values: with `o < 2^k` only the low k bits change (a
    /// swizzle of a chunk index by the row above it), so the result stays in the aligned
    /// `2^k` blocks of the range's ends.
    fn xor(self, o: Range) -> Option<Range> {
        if self.lo < 0 || o.lo < 0 {
            return None;
        }
        if o.hi == 0 {
            return Some(self);
        }
        // `o`'s nonzero values are at least its step's power of two, so `block > step`.
        let block = pow2(64 - o.hi.leading_zeros());
        let step = pow2(zeros(self.step).min(zeros(o.step)));
        // The block's last multiple of the step.
        let hi = (self.hi - self.hi % block).checked_add(block - step)?;
        Some(Range {
            lo: self.lo - self.lo % block,
            hi,
            step,
        })
    }

    /// `self / c` and `self % c` for a constant `c > 0` over non-negative values.
    fn divmod(self, c: i64, rem: bool) -> Option<Range> {
        if c <= 0 || self.lo < 0 {
            return None;
        }
        let multiple = self.step % c == 0;
        Some(match (rem, multiple) {
            (false, _) => Range {
                lo: self.lo / c,
                hi: self.hi / c,
                step: if multiple { self.step / c } else { 1 },
            },
            (true, true) => Range::exact(0),
            (true, false) if self.hi < c => self,
            (true, false) => Range {
                lo: 0,
                hi: c - 1,
                step: gcd(self.step, c),
            },
        })
    }
}

/// The trailing zero bits of a non-negative congruence step (all of them for 0, the value 0).
fn zeros(step: i64) -> u32 {
    if step == 0 {
        62
    } else {
        step.trailing_zeros().min(62)
    }
}

/// `2^k` (k < 63).
fn pow2(k: u32) -> i64 {
    1i64 << k.min(62)
}

/// The range of `v` for the threads of `role`, when the checker can bound it.
pub(super) fn value_range(md: &Model, role: Role, v: Value) -> Option<(i64, i64)> {
    eval(md, role, v, 0).map(|r| (r.lo, r.hi))
}

fn eval(md: &Model, role: Role, v: Value, depth: u32) -> Option<Range> {
    if let Some((lo, hi)) = md.iv_range(v) {
        return Some(Range { lo, hi, step: 1 });
    }
    let m = md.m;
    let op = m.defining_op(v)?;
    let kind = OpKind::of(m, op)?;
    if depth >= MAX_DEPTH {
        return None;
    }
    let sub = |i: usize| eval(md, role, *m.operands(op).get(i)?, depth + 1);
    let konst = |i: usize| {
        let d = m.defining_op(*m.operands(op).get(i)?)?;
        Constant::cast(m, d)?.int_value(m)
    };
    match kind {
        OpKind::ThreadId if ThreadId(op).dim(m) == 0 && role.hi > role.lo => Some(Range {
            lo: i64::from(role.lo),
            hi: i64::from(role.hi) - 1,
            step: 1,
        }),
        OpKind::Constant => Constant(op).int_value(m).map(Range::exact),
        OpKind::AddI => sub(0)?.add(sub(1)?, 1),
        OpKind::SubI => sub(0)?.add(sub(1)?, -1),
        OpKind::MulI => sub(0)?.mul(sub(1)?),
        OpKind::ShLI => {
            let k = konst(1).filter(|k| (0..32).contains(k))?;
            sub(0)?.mul(Range::exact(1 << k))
        }
        OpKind::DivUI | OpKind::DivSI => sub(0)?.divmod(konst(1)?, false),
        OpKind::RemUI | OpKind::RemSI => sub(0)?.divmod(konst(1)?, true),
        // `a & mask` clears the bits below the mask's lowest set bit too.
        OpKind::AndI => {
            let (a, mask) = (sub(0)?, konst(1).filter(|k| *k >= 0)?);
            (a.lo >= 0).then_some(Range {
                lo: 0,
                hi: a.hi.min(mask),
                step: pow2(zeros(a.step).max(zeros(mask))),
            })
        }
        OpKind::ShRUI => {
            let k = konst(1).filter(|k| (0..32).contains(k))?;
            sub(0)?.divmod(1 << k, false)
        }
        OpKind::XOrI => sub(0)?.xor(sub(1)?),
        OpKind::ExtSI => sub(0),
        OpKind::ExtUI => sub(0).filter(|r| r.lo >= 0),
        OpKind::TruncI => {
            sub(0).filter(|r| r.lo >= i64::from(i32::MIN) && r.hi <= i64::from(i32::MAX))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn congruence_makes_a_remainder_exact() {
        // (t % 4) * 8 for t in 0..128, then % 8: always 0.
        let t = Range {
            lo: 0,
            hi: 127,
            step: 1,
        };
        let c = t.divmod(4, true).unwrap().mul(Range::exact(8)).unwrap();
        assert_eq!((c.lo, c.hi, c.step), (0, 24, 8));
        assert_eq!(c.divmod(8, true), Some(Range::exact(0)));
        assert_eq!(
            c.divmod(8, false).map(|r| (r.lo, r.hi, r.step)),
            Some((0, 3, 1))
        );
    }

    #[test]
    fn xor_stays_in_the_aligned_blocks() {
        // A 64-byte swizzle: lin ^ ((lin >> 3) & 0x30) for lin in slot 1 (8192..16383), a
        // multiple of 16: the result stays in slot 1, a multiple of 16.
        let lin = Range {
            lo: 8192,
            hi: 16368,
            step: 16,
        };
        let bits = Range {
            lo: 0,
            hi: 0x30,
            step: 16,
        };
        let r = lin.xor(bits).unwrap();
        assert_eq!((r.lo, r.hi, r.step), (8192, 16368, 16));
        // Every value of the ranges lands inside.
        for a in (8192..16384).step_by(16) {
            for b in (0..=0x30).step_by(16) {
                assert!((r.lo..=r.hi).contains(&(a ^ b)));
            }
        }
        let neg = Range {
            lo: -1,
            hi: 3,
            step: 1,
        };
        assert_eq!(neg.xor(bits), None);
    }

    #[test]
    fn division_needs_a_non_negative_dividend() {
        let r = Range {
            lo: -4,
            hi: 4,
            step: 1,
        };
        assert_eq!(r.divmod(2, false), None);
        assert_eq!(r.divmod(0, true), None);
        let small = Range {
            lo: 2,
            hi: 5,
            step: 1,
        };
        assert_eq!(small.divmod(8, true), Some(small));
    }

    #[test]
    fn subtraction_swaps_the_bounds() {
        let a = Range::exact(127);
        let t = Range {
            lo: 0,
            hi: 127,
            step: 1,
        };
        let r = a.add(t, -1).unwrap();
        assert_eq!((r.lo, r.hi), (0, 127));
    }
}
