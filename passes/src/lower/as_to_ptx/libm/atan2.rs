//! `atan2(y, x)` of f32 (NVIDIA's `atan2 %y, %x`: the angle of the point (x, y), C's
//! `atan2f(y, x)`), computed in f64 and rounded once to f32 (`cvt.rn.f32.f64`, PTX ISA
//! 9.7.9.21), so the error is 0.5 ulp plus about 2^-10 ulp.
//!
//! - `a = min(|x|, |y|) / max(|x|, |y|)` ∈ [0, 1] (0 when both are 0, 1 when both are ∞).
//! - Above tan(π/8), `atan a = π/4 + atan((a−1)/(a+1))` (the addition formula), so the series
//!   argument u has |u| ≤ tan(π/8) ≈ 0.4142; `atan u = u·(1 − u²/3 + u⁴/5 − … − u²²/23)`
//!   (Gregory's series; remainder below 2^-34 relative).
//! - Octant and quadrant: `π/2 − t` when |y| > |x|, `π − t` when x's sign bit is set (−0
//!   included), negated when y's sign bit is set: C99's special cases (F.9.1.4) follow —
//!   `atan2(±0, −0) = ±π`, `atan2(±0, +0) = ±0`, `atan2(±∞, −∞) = ±3π/4`, …; a NaN operand gives
//!   NaN.

use super::{Builder, Cmp, CmpTy, Opc, Program, Reg, Ty};
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

/// tan(π/8) = √2 − 1.
const TAN_PI_8: f64 = 0.414_213_562_373_095_03;

pub(crate) fn atan2() -> Program {
    let (mut b, args) = Builder::new(Ty::F32, 2);
    let (y, x) = (args[0], args[1]);
    let (a, steep) = ratio(&mut b, y, x);
    let t = atan01(&mut b, a);
    let q2 = b.d(FRAC_PI_2);
    let tc = b.op(Opc::SubD, &[q2, t]);
    let t = b.sel(steep, tc, t);
    let zero_i = b.i(0);
    let xb = b.op(Opc::BitsF, &[x]);
    let x_neg = b.setp(Cmp::Lt, CmpTy::S32, xb, zero_i);
    let pi = b.d(PI);
    let tp = b.op(Opc::SubD, &[pi, t]);
    let t = b.sel(x_neg, tp, t);
    let yb = b.op(Opc::BitsF, &[y]);
    let y_neg = b.setp(Cmp::Lt, CmpTy::S32, yb, zero_i);
    let tn = b.op(Opc::NegD, &[t]);
    let t = b.sel(y_neg, tn, t);
    let r = b.op(Opc::DToF, &[t]);
    let either_nan = b.setp(Cmp::Nan, CmpTy::F32, x, y);
    let sum = b.op(Opc::AddF, &[x, y]);
    let r = b.sel(either_nan, sum, r);
    b.finish(r)
}

/// `min(|x|, |y|) / max(|x|, |y|)` in f64 (0 for two zeros, 1 for two infinities) and whether
/// |y| > |x|.
fn ratio(b: &mut Builder, y: Reg, x: Reg) -> (Reg, Reg) {
    let yd = b.op(Opc::FToD, &[y]);
    let xd = b.op(Opc::FToD, &[x]);
    let ay = b.op(Opc::AbsD, &[yd]);
    let ax = b.op(Opc::AbsD, &[xd]);
    let steep = b.setp(Cmp::Gt, CmpTy::F64, ay, ax);
    let num = b.sel(steep, ax, ay);
    let den = b.sel(steep, ay, ax);
    let a = b.op(Opc::DivD, &[num, den]);
    let zero = b.d(0.0);
    let one = b.d(1.0);
    let inf = b.d(f64::INFINITY);
    let num_zero = b.setp(Cmp::Eq, CmpTy::F64, num, zero);
    let a = b.sel(num_zero, zero, a);
    let num_inf = b.setp(Cmp::Eq, CmpTy::F64, num, inf);
    (b.sel(num_inf, one, a), steep)
}

/// `atan a` (f64) of `a` ∈ [0, 1]: the addition formula above tan(π/8), Gregory's series.
fn atan01(b: &mut Builder, a: Reg) -> Reg {
    let one = b.d(1.0);
    let t8 = b.d(TAN_PI_8);
    let shifted = b.setp(Cmp::Gt, CmpTy::F64, a, t8);
    let am = b.op(Opc::SubD, &[a, one]);
    let ap = b.op(Opc::AddD, &[a, one]);
    let ar = b.op(Opc::DivD, &[am, ap]);
    let u = b.sel(shifted, ar, a);
    let z = b.op(Opc::MulD, &[u, u]);
    let coefs: Vec<f64> = (0..12)
        .map(|n| {
            let s = if n % 2 == 0 { 1.0 } else { -1.0 };
            s / f64::from(2 * n + 1)
        })
        .collect();
    let p = b.horner(z, &coefs);
    let t = b.op(Opc::MulD, &[u, p]);
    let q4 = b.d(FRAC_PI_4);
    let tq = b.op(Opc::AddD, &[t, q4]);
    b.sel(shifted, tq, t)
}
