//! `sinh`, `cosh` and `pow` of f32, computed in f64 and rounded once to f32: every f64
//! intermediate is accurate to about 2^-45 relative, so the f32 result is within 0.5 ulp plus
//! 2^-20 ulp of the exact value (one `cvt.rn.f32.f64`, PTX ISA 9.7.9.21; overflow to ±∞ and
//! gradual underflow happen in that rounding, as IEEE 754 has them).
//!
//! - `exp2(t)`: `t = k + f` with `k` the nearest integer (`cvt.rni`) and |f| ≤ 1/2 (exact),
//!   `2^f = e^(f·ln 2)` by its Taylor series to degree 11 (remainder below 2^-46 for
//!   |f·ln 2| ≤ 0.35), times `2^k` built from its exponent bits (IEEE 754 binary64 layout);
//!   `t` is clamped to [-1000, 1000] first (2^-1000 and 2^1000 round to 0 and ∞ in f32).
//! - `log2(a)`, a > 0 finite: `a = 2^e·m` with m ∈ [√2/2, √2] from the f64 bits (f32
//!   subnormals are normal in f64), `ln m = 2·atanh(s)` with `s = (m−1)/(m+1)`, |s| ≤ 0.172,
//!   by the series `2s·(1 + s²/3 + s⁴/5 + … + s¹⁴/15)` (remainder below 2^-44 relative).
//! - `pow(x, y) = ±exp2(y·log2|x|)`, with C99's special cases (F.9.4.4): `pow(x, ±0) = 1` and
//!   `pow(+1, y) = 1` for every x and y (NaN included), `pow(−1, ±∞) = 1`; a negative finite x
//!   to a finite non-integer y is NaN; the sign is x's (its sign bit: −0 included) when y is an
//!   odd integer; zeros and infinities of x follow from `log2` giving ∓∞.
//! - `cosh(x) = (e + 1/e)/2` with `e = exp2(|x|·log2 e)`; `sinh(x) = ±(e − 1/e)/2` for |x| ≥ 1
//!   and its Taylor series `x·(1 + x²/3! + … + x¹⁴/15!)` below (no cancellation); |x| is
//!   clamped to 100 (both overflow f32 above 89.42).

use super::{Builder, Cmp, CmpTy, Opc, Program, Reg, Ty};
use std::f64::consts::{LN_2, LOG2_E, SQRT_2};

/// 1/n! for n = 0..=limit.
fn inverse_factorials(limit: u32) -> Vec<f64> {
    let mut v = vec![1.0];
    let mut f = 1.0f64;
    for n in 1..=limit {
        f *= f64::from(n);
        v.push(1.0 / f);
    }
    v
}

/// `2^t` (f64), for any f64 `t` (NaN stays NaN).
pub(super) fn exp2(b: &mut Builder, t: Reg) -> Reg {
    let t = clamp(b, t, 1000.0);
    let k = b.op(Opc::RniS32D, &[t]);
    let kd = b.op(Opc::S32ToD, &[k]);
    let f = b.op(Opc::SubD, &[t, kd]);
    let ln2 = b.d(LN_2);
    let u = b.op(Opc::MulD, &[f, ln2]);
    let p = b.horner(u, &inverse_factorials(11));
    let bias = b.i(1023);
    let ke = b.op(Opc::Add32, &[k, bias]);
    let ke = b.op(Opc::Wide, &[ke]);
    let c52 = b.i(52);
    let bits = b.op(Opc::Shl64, &[ke, c52]);
    let scale = b.op(Opc::FromBitsD, &[bits]);
    b.op(Opc::MulD, &[p, scale])
}

/// `t` limited to [-limit, limit] (ordered comparisons: a NaN passes through).
fn clamp(b: &mut Builder, t: Reg, limit: f64) -> Reg {
    let hi = b.d(limit);
    let lo = b.d(-limit);
    let above = b.setp(Cmp::Gt, CmpTy::F64, t, hi);
    let t = b.sel(above, hi, t);
    let below = b.setp(Cmp::Lt, CmpTy::F64, t, lo);
    b.sel(below, lo, t)
}

/// `log2(a)` (f64) of a positive, finite, nonzero `a`.
fn log2(b: &mut Builder, a: Reg) -> Reg {
    let bits = b.op(Opc::BitsD, &[a]);
    let c52 = b.i(52);
    let eb = b.op(Opc::ShrU64, &[bits, c52]);
    let eb = b.op(Opc::Low, &[eb]);
    let bias = b.i(1023);
    let e = b.op(Opc::Sub32, &[eb, bias]);
    let mant = b.l((1u64 << 52) - 1);
    let mb = b.op(Opc::And64, &[bits, mant]);
    let one_bits = b.l(1.0f64.to_bits());
    let mb = b.op(Opc::Or64, &[mb, one_bits]);
    let m = b.op(Opc::FromBitsD, &[mb]);
    let sqrt2 = b.d(SQRT_2);
    let big = b.setp(Cmp::Gt, CmpTy::F64, m, sqrt2);
    let half = b.d(0.5);
    let mh = b.op(Opc::MulD, &[m, half]);
    let m = b.sel(big, mh, m);
    let one = b.i(1);
    let zero = b.i(0);
    let inc = b.sel(big, one, zero);
    let e = b.op(Opc::Add32, &[e, inc]);
    let d1 = b.d(1.0);
    let num = b.op(Opc::SubD, &[m, d1]);
    let den = b.op(Opc::AddD, &[m, d1]);
    let s = b.op(Opc::DivD, &[num, den]);
    let z = b.op(Opc::MulD, &[s, s]);
    let coefs: Vec<f64> = (0..8).map(|n| 2.0 / f64::from(2 * n + 1)).collect();
    let p = b.horner(z, &coefs);
    let ln = b.op(Opc::MulD, &[s, p]);
    let ed = b.op(Opc::S32ToD, &[e]);
    let l2e = b.d(LOG2_E);
    b.op(Opc::FmaD, &[ln, l2e, ed])
}

/// `e^|x|` in f64 of the f32 `x` (|x| clamped to 100), and |x| in f64.
fn exp_abs(b: &mut Builder, x: Reg) -> (Reg, Reg) {
    let xd = b.op(Opc::FToD, &[x]);
    let ad = b.op(Opc::AbsD, &[xd]);
    let c = b.d(100.0);
    let above = b.setp(Cmp::Gt, CmpTy::F64, ad, c);
    let ad = b.sel(above, c, ad);
    let l2e = b.d(LOG2_E);
    let t = b.op(Opc::MulD, &[ad, l2e]);
    (exp2(b, t), ad)
}

pub(crate) fn cosh() -> Program {
    let (mut b, args) = Builder::new(Ty::F32, 1);
    let (e, _) = exp_abs(&mut b, args[0]);
    let one = b.d(1.0);
    let inv = b.op(Opc::DivD, &[one, e]);
    let sum = b.op(Opc::AddD, &[e, inv]);
    let half = b.d(0.5);
    let c = b.op(Opc::MulD, &[sum, half]);
    let r = b.op(Opc::DToF, &[c]);
    b.finish(r)
}

pub(crate) fn sinh() -> Program {
    let (mut b, args) = Builder::new(Ty::F32, 1);
    let x = args[0];
    let (e, ad) = exp_abs(&mut b, x);
    let one = b.d(1.0);
    let inv = b.op(Opc::DivD, &[one, e]);
    let diff = b.op(Opc::SubD, &[e, inv]);
    let half = b.d(0.5);
    let big = b.op(Opc::MulD, &[diff, half]);
    let zero = b.d(0.0);
    let xd = b.op(Opc::FToD, &[x]);
    let neg = b.setp(Cmp::Lt, CmpTy::F64, xd, zero);
    let nbig = b.op(Opc::NegD, &[big]);
    let big = b.sel(neg, nbig, big);
    // Below 1: x·Σ x^2n/(2n+1)!.
    let z = b.op(Opc::MulD, &[xd, xd]);
    let coefs: Vec<f64> = inverse_factorials(15)
        .into_iter()
        .skip(1)
        .step_by(2)
        .collect();
    let p = b.horner(z, &coefs);
    let small = b.op(Opc::MulD, &[xd, p]);
    let is_small = b.setp(Cmp::Lt, CmpTy::F64, ad, one);
    let s = b.sel(is_small, small, big);
    let r = b.op(Opc::DToF, &[s]);
    b.finish(r)
}

pub(crate) fn pow() -> Program {
    let (mut b, args) = Builder::new(Ty::F32, 2);
    let (x, y) = (args[0], args[1]);
    let xd = b.op(Opc::FToD, &[x]);
    let yd = b.op(Opc::FToD, &[y]);
    let ad = b.op(Opc::AbsD, &[xd]);
    let l = log2(&mut b, ad);
    // log2 of 0, ∞ and NaN.
    let inf = b.d(f64::INFINITY);
    let ninf = b.d(f64::NEG_INFINITY);
    let zero = b.d(0.0);
    let is_inf = b.setp(Cmp::Eq, CmpTy::F64, ad, inf);
    let l = b.sel(is_inf, inf, l);
    let is_zero = b.setp(Cmp::Eq, CmpTy::F64, ad, zero);
    let l = b.sel(is_zero, ninf, l);
    let is_nan = b.setp(Cmp::Nan, CmpTy::F64, xd, xd);
    let l = b.sel(is_nan, xd, l);
    let t = b.op(Opc::MulD, &[yd, l]);
    let m = exp2(&mut b, t);
    let r = b.op(Opc::DToF, &[m]);
    let r = pow_specials(&mut b, x, y, r);
    b.finish(r)
}

/// The sign and the special cases of `pow(x, y)` over the magnitude `r`.
fn pow_specials(b: &mut Builder, x: Reg, y: Reg, r: Reg) -> Reg {
    let ty = b.op(Opc::RziF, &[y]);
    let y_int = b.setp(Cmp::Eq, CmpTy::F32, ty, y);
    let half = b.f(0.5);
    let hy = b.op(Opc::MulF, &[y, half]);
    let thy = b.op(Opc::RziF, &[hy]);
    let half_frac = b.setp(Cmp::Ne, CmpTy::F32, thy, hy);
    let odd = b.op(Opc::AndP, &[y_int, half_frac]);
    let ix = b.op(Opc::BitsF, &[x]);
    let zero_i = b.i(0);
    let sign = b.setp(Cmp::Lt, CmpTy::S32, ix, zero_i);
    let flip = b.op(Opc::AndP, &[sign, odd]);
    let nr = b.op(Opc::NegF, &[r]);
    let r = b.sel(flip, nr, r);
    // A negative finite base to a non-integer power.
    let fz = b.f(0.0);
    let ninf = b.f(f32::NEG_INFINITY);
    let below = b.setp(Cmp::Lt, CmpTy::F32, x, fz);
    let finite = b.setp(Cmp::Ne, CmpTy::F32, x, ninf);
    let neg_finite = b.op(Opc::AndP, &[below, finite]);
    let not_int = b.op(Opc::NotP, &[y_int]);
    let invalid = b.op(Opc::AndP, &[neg_finite, not_int]);
    let nan = b.f(f32::NAN);
    let r = b.sel(invalid, nan, r);
    // pow(−1, ±∞) = 1, pow(x, ±0) = 1, pow(1, y) = 1.
    let one = b.f(1.0);
    let mone = b.f(-1.0);
    let inf = b.f(f32::INFINITY);
    let is_m1 = b.setp(Cmp::Eq, CmpTy::F32, x, mone);
    let ay = b.op(Opc::AbsF, &[y]);
    let y_inf = b.setp(Cmp::Eq, CmpTy::F32, ay, inf);
    let m1_inf = b.op(Opc::AndP, &[is_m1, y_inf]);
    let y0 = b.setp(Cmp::Eq, CmpTy::F32, y, fz);
    let x1 = b.setp(Cmp::Eq, CmpTy::F32, x, one);
    let ones = b.op(Opc::OrP, &[y0, x1]);
    let ones = b.op(Opc::OrP, &[ones, m1_inf]);
    b.sel(ones, one, r)
}
