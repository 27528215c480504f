//! Unsigned division and remainder by a constant, without a divide: `q = mulhi(x, m) >> s`
//! (Granlund & Montgomery, "Division by Invariant Integers using Multiplication", 1994), as C
//! compilers emit for `x / 3`. ptxas 13.0 compiles `div.u32`/`rem.u32` by a register (or an
//! immediate) to its generic reciprocal sequence; a ring index `i % 3` in a loop then costs a
//! chain of about ten dependent instructions per iteration instead of three
//! (docs/benchmarks.md, the cluster barrier ring).
//!
//! Invariant: for every `x` of `bits` bits and the divisor `d` the plan was made for, the ops
//! compute `x / d` exactly (the unit tests check it against division on many values).

use super::Lower;
use tilec_dialects::nv_tileas::{Constant, OpKind};
use tilec_ir::{AttrData, Loc, Op, OpView, Type, TypeData, Value};

/// How to divide an unsigned `bits`-bit value by the constant `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// `d = 2^s`: `x >> s`.
    Shift(u32),
    /// `mulhi(x, m) >> s` (the magic fits in `bits` bits).
    Mul { m: u64, s: u32 },
    /// `t = mulhi(x, m); (t + ((x - t) >> 1)) >> s` (the magic needs one bit more).
    MulAdd { m: u64, s: u32 },
}

/// The plan for dividing `bits`-bit (32 or 64) unsigned values by `d` (1 ≤ d < 2^bits).
pub(super) fn plan(d: u64, bits: u32) -> Plan {
    let n = bits;
    if d.is_power_of_two() {
        return Plan::Shift(d.trailing_zeros());
    }
    let d128 = u128::from(d);
    // The shortest shift whose rounded-up reciprocal is within the error bound.
    for s in 0..n {
        let p = 1u128 << (n + s);
        let m = p.div_ceil(d128);
        if m < (1u128 << n) && m * d128 - p <= (1u128 << s) {
            return Plan::Mul { m: m as u64, s };
        }
    }
    // Always exact: m' = floor(2^n (2^l - d) / d) + 1 with l = ceil(log2 d).
    let l = 64 - (d - 1).leading_zeros();
    let m = ((1u128 << n) * ((1u128 << l) - d128)) / d128 + 1;
    Plan::MulAdd {
        m: m as u64,
        s: l - 1,
    }
}

impl Lower<'_> {
    /// `divui`/`remui` (`kind`) of `x` by a constant divisor, of type `t`; None when the
    /// divisor is not a constant other than 0 (or the op is another one).
    pub(super) fn by_constant(
        &mut self,
        op: Op,
        kind: OpKind,
        x: Value,
        t: Type,
        loc: Loc,
    ) -> Option<Value> {
        if !matches!(kind, OpKind::DivUI | OpKind::RemUI) {
            return None;
        }
        let (d, bits) = self.const_divisor(op)?;
        Some(if kind == OpKind::DivUI {
            self.udiv_const(x, d, bits, t, loc)
        } else {
            self.urem_const(x, d, bits, t, loc)
        })
    }

    /// The divisor of `op` when it is a constant of 32 or 64 bits other than 0, as an unsigned
    /// number, with its width.
    fn const_divisor(&self, op: Op) -> Option<(u64, u32)> {
        let m = &*self.m;
        let d = m.defining_op(*m.operands(op).get(1)?)?;
        let Some(&AttrData::Int { value, ty }) = Constant::cast(m, d)?.value(m) else {
            return None;
        };
        let (v, bits) = match m.type_data(ty) {
            TypeData::Int(32) => (u64::from(value as u32), 32),
            TypeData::Int(64) => (value as u64, 64),
            _ => return None,
        };
        (v != 0).then_some((v, bits))
    }

    /// `x / d` for the unsigned `bits`-bit constant `d ≥ 1`.
    fn udiv_const(&mut self, x: Value, d: u64, bits: u32, t: Type, loc: Loc) -> Value {
        match plan(d, bits) {
            Plan::Shift(0) => x,
            Plan::Shift(s) => {
                let s = self.shift_amount(s, loc);
                self.binary("shr.u", x, s, t, loc)
            }
            Plan::Mul { m, s } => {
                let mv = self.imm(t, signed(m, bits), loc);
                let hi = self.binary("mul.hi.u", x, mv, t, loc);
                if s == 0 {
                    return hi;
                }
                let sv = self.shift_amount(s, loc);
                self.binary("shr.u", hi, sv, t, loc)
            }
            Plan::MulAdd { m, s } => {
                let mv = self.imm(t, signed(m, bits), loc);
                let hi = self.binary("mul.hi.u", x, mv, t, loc);
                let diff = self.binary("sub", x, hi, t, loc);
                let one = self.shift_amount(1, loc);
                let half = self.binary("shr.u", diff, one, t, loc);
                let sum = self.binary("add", hi, half, t, loc);
                let sv = self.shift_amount(s, loc);
                self.binary("shr.u", sum, sv, t, loc)
            }
        }
    }

    /// A shift amount: PTX shifts take a `.u32` amount whatever the width of the value shifted
    /// (PTX ISA, `shr`: "b: .u32"), so a 64-bit division shifts by an i32 immediate.
    fn shift_amount(&mut self, s: u32, loc: Loc) -> Value {
        let i32t = self.m.int_type(32);
        self.imm(i32t, i64::from(s), loc)
    }

    /// `x % d` for the unsigned `bits`-bit constant `d ≥ 1`: `x & (d - 1)`, or `x - (x / d) * d`.
    fn urem_const(&mut self, x: Value, d: u64, bits: u32, t: Type, loc: Loc) -> Value {
        if d.is_power_of_two() {
            let mask = self.imm(t, signed(d - 1, bits), loc);
            return self.binary("and", x, mask, t, loc);
        }
        let q = self.udiv_const(x, d, bits, t, loc);
        let dv = self.imm(t, signed(d, bits), loc);
        let qd = self.binary("mul", q, dv, t, loc);
        self.binary("sub", x, qd, t, loc)
    }
}

/// A `bits`-bit unsigned constant as the sign-extended value an integer attribute holds.
fn signed(v: u64, bits: u32) -> i64 {
    if bits == 32 {
        i64::from(v as u32 as i32)
    } else {
        v as i64
    }
}

#[cfg(test)]
mod tests {
    use super::{plan, Plan};

    fn divide(x: u64, p: Plan, bits: u32) -> u64 {
        let mulhi = |a: u64, b: u64| ((u128::from(a) * u128::from(b)) >> bits) as u64;
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        match p {
            Plan::Shift(s) => x >> s,
            Plan::Mul { m, s } => mulhi(x, m) >> s,
            Plan::MulAdd { m, s } => {
                let t = mulhi(x, m);
                ((t + (((x.wrapping_sub(t)) & mask) >> 1)) & mask) >> s
            }
        }
    }

    /// Values near every power of two and multiples of `d` around them, plus a fixed stream.
    fn samples(d: u64, bits: u32) -> Vec<u64> {
        let max = if bits == 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let mut v = vec![
            0,
            1,
            2,
            max,
            max - 1,
            max / d * d,
            (max / d * d).wrapping_sub(1),
        ];
        for k in 0..bits {
            let p = 1u64 << k;
            for x in [p - 1, p, p + 1, p / d * d, (p / d * d).wrapping_sub(1)] {
                v.push(x & max);
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(x & max);
        }
        v
    }

    #[test]
    fn every_plan_divides_exactly() {
        let mut divisors: Vec<u64> = (1..=300).collect();
        divisors.extend([
            641,
            1000,
            6700417,
            0x7fff_ffff,
            0x8000_0001,
            0xffff_fffe,
            0xffff_ffff,
        ]);
        for bits in [32u32, 64] {
            for &d in &divisors {
                let p = plan(d, bits);
                for x in samples(d, bits) {
                    assert_eq!(divide(x, p, bits), x / d, "{x} / {d} ({bits} bits, {p:?})");
                }
            }
        }
    }

    #[test]
    fn the_plans_of_small_divisors_are_the_short_ones() {
        assert_eq!(
            plan(3, 32),
            Plan::Mul {
                m: 0xAAAA_AAAB,
                s: 1
            }
        );
        assert_eq!(plan(8, 32), Plan::Shift(3));
        assert!(matches!(plan(7, 32), Plan::MulAdd { .. }));
    }
}
