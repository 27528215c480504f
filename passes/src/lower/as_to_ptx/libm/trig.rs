//! `sin`, `cos` and `tan` of f32: argument reduction to `r ∈ [-π/4, π/4]` and a quadrant `q`
//! (x = q·π/2 + r), then minimax polynomials for sin and cos on the reduced argument.
//!
//! - Reduction, |x| ≤ 105615: Cody and Waite's method ("Software Manual for the Elementary
//!   Functions", 1980) with π/2 split into three f32 parts `P1 + P2 + P3` (P1 = π/2 rounded,
//!   P2 = π/2 − P1 rounded, P3 the next 24 bits) subtracted by fused multiply-adds;
//!   `j·P1` is exact in the first `fma` (the difference is a multiple of 2^-24 below 1 in
//!   magnitude), so the reduced argument carries the roundings of the last two steps only.
//! - Reduction, |x| > 105615 (finite): Payne and Hanek's method ("Radian reduction for
//!   trigonometric functions", SIGNUM Newsletter 18, 1983): x's 24-bit significand times the
//!   first 192 bits of 2/π (the table of fdlibm's `k_rem_pio2.c`, `ipio2`), as seven 32-bit
//!   words by `mad.wide.u32` carries; the 96-bit window at x's exponent holds the quadrant
//!   (its top two bits) and a 64-bit fraction, read as a signed fixed-point number in
//!   [-1/2, 1/2) (a fraction of 1/2 or more moves to the next quadrant), converted to f64 and
//!   multiplied by π/2·2^-64, then rounded to f32. 64 fraction bits keep more than 24
//!   significant bits for every f32: the closest an f32 comes to a multiple of π/2 is
//!   16367173·2^72, whose x·2/π is within 2^-29 of an integer (an exhaustive search over
//!   every f32; the worst case of each exponent is among the unit tests' inputs), so at least
//!   34 significant bits remain.
//! - Kernels: `sin r = r + r³·S(r²)` and `cos r = 1 − r²/2 + r⁴·C(r²)`, least-squares fits at
//!   Chebyshev nodes on |r| ≤ 0.8 (the reduction may overshoot π/4 by the rounding of x·2/π)
//!   by tools/scripts/fit_trig_kernels.py, coefficients rounded to f32 (written here as the
//!   f64 values of those f32s), relative error below 0.07 ulp before rounding; evaluated by
//!   Horner's rule with `fma`.
//! - `sin x` is `sin r` or `cos r` by `q & 1`, negated when `q & 2`; `cos x` is `sin` of the
//!   next quadrant; `tan x` is `sin r / cos r` or `−cos r / sin r` (one `div.rn`).
//!   ±∞ and NaN give NaN; `sin`/`tan` of ±0 are ±0 (C99 F.9.1).

use super::{Builder, Cmp, CmpTy, Ins, Opc, Program, Reg, Ty};

/// π/2 in three f32 parts (P1 + P2 + P3 ≈ π/2 to 72 bits).
const P1: f32 = 1.570_796_4;
const P2: f32 = -4.371_139e-8;
const P3: f32 = -1.715_124_5e-15;
/// Above this |x|, the Payne–Hanek reduction (the three-part constant's 72 bits suffice below).
const FAST_LIMIT: f32 = 105_615.0;
/// The first 192 bits of 2/π, least significant word first (fdlibm `k_rem_pio2.c`, `ipio2`).
pub(super) const TWO_OVER_PI_BITS: [u32; 6] = [
    0x3C43_9041,
    0xDB62_9599,
    0xF534_DDC0,
    0xFC27_57D1,
    0x4E44_1529,
    0xA2F9_836E,
];
/// π/2 · 2^-64 (the weight of the fixed-point fraction's last bit, times π/2).
const PIO2_2M64: f64 = 8.515_303_950_216_386e-20;
/// sin r = r + r³·S(r²): the coefficients of S.
const SIN: [f64; 4] = [
    -0.166_666_671_633_720_4,
    0.008_333_329_111_337_662,
    -0.000_198_391_717_276_535_93,
    2.716_799_599_511_432_5e-6,
];
/// cos r = 1 − r²/2 + r⁴·C(r²): the coefficients of C.
const COS: [f64; 3] = [
    0.041_666_645_556_688_31,
    -0.001_388_722_332_194_447_5,
    2.442_222_648_824_099_5e-5,
];

/// Which function of the reduced argument a program returns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fun {
    Sin,
    Cos,
    Tan,
}

pub(crate) fn sin() -> Program {
    trig(Fun::Sin)
}
pub(crate) fn cos() -> Program {
    trig(Fun::Cos)
}
pub(crate) fn tan() -> Program {
    trig(Fun::Tan)
}

fn trig(fun: Fun) -> Program {
    let (mut b, args) = Builder::new(Ty::F32, 1);
    let x = args[0];
    let (r, q) = reduce(&mut b, x);
    let z = b.op(Opc::MulF, &[r, r]);
    let s = sin_kernel(&mut b, r, z);
    let c = cos_kernel(&mut b, z);
    let one = b.i(1);
    let two = b.i(2);
    let q = if fun == Fun::Cos {
        b.op(Opc::Add32, &[q, one])
    } else {
        q
    };
    let zero = b.i(0);
    let odd_bit = b.op(Opc::And32, &[q, one]);
    let odd = b.setp(Cmp::Ne, CmpTy::S32, odd_bit, zero);
    let res = if fun == Fun::Tan {
        let ns = b.op(Opc::NegF, &[s]);
        let num = b.sel(odd, c, s);
        let den = b.sel(odd, ns, c);
        b.op(Opc::DivF, &[num, den])
    } else {
        let v = b.sel(odd, c, s);
        let neg_bit = b.op(Opc::And32, &[q, two]);
        let neg = b.setp(Cmp::Ne, CmpTy::S32, neg_bit, zero);
        let nv = b.op(Opc::NegF, &[v]);
        b.sel(neg, nv, v)
    };
    // sin(±0) = tan(±0) = ±0: the polynomial's r + (+0) would lose the sign of −0.
    let res = if fun == Fun::Cos {
        res
    } else {
        let fz = b.f(0.0);
        let is_zero = b.setp(Cmp::Eq, CmpTy::F32, x, fz);
        b.sel(is_zero, x, res)
    };
    b.finish(res)
}

/// `r + r³·S(r²)` (`z = r²`).
fn sin_kernel(b: &mut Builder, r: Reg, z: Reg) -> Reg {
    let p = b.horner(z, &SIN);
    let r3 = b.op(Opc::MulF, &[z, r]);
    b.op(Opc::FmaF, &[r3, p, r])
}

/// `1 − z/2 + z²·C(z)` (`z = r²`), as `1 + z·(−1/2 + z·C(z))`.
fn cos_kernel(b: &mut Builder, z: Reg) -> Reg {
    let p = b.horner(z, &COS);
    let half = b.f(-0.5);
    let p = b.op(Opc::FmaF, &[p, z, half]);
    let one = b.f(1.0);
    b.op(Opc::FmaF, &[p, z, one])
}

/// The reduced argument `r` (f32) and quadrant `q` (s32) of `x`: Cody–Waite, then, for
/// finite |x| above [`FAST_LIMIT`], Payne–Hanek over them. ±∞ become NaN first.
fn reduce(b: &mut Builder, x: Reg) -> (Reg, Reg) {
    let ax = b.op(Opc::AbsF, &[x]);
    let inf = b.f(f32::INFINITY);
    let is_inf = b.setp(Cmp::Eq, CmpTy::F32, ax, inf);
    let nan = b.f(f32::NAN);
    let x = b.sel(is_inf, nan, x);
    let ax = b.op(Opc::AbsF, &[x]);
    let r = b.reg(Ty::F32);
    let q = b.reg(Ty::B32);
    let k = b.f(std::f32::consts::FRAC_2_PI);
    let t = b.op(Opc::MulF, &[x, k]);
    b.set(q, Ins::Op(Opc::RniS32F), &[t]);
    let j = b.op(Opc::S32ToF, &[q]);
    let mut acc = x;
    for (i, p) in [-P1, -P2, -P3].into_iter().enumerate() {
        let c = b.f(p);
        if i == 2 {
            b.set(r, Ins::Op(Opc::FmaF), &[j, c, acc]);
        } else {
            acc = b.op(Opc::FmaF, &[j, c, acc]);
        }
    }
    let limit = b.f(FAST_LIMIT);
    let big = b.setp(Cmp::Gt, CmpTy::F32, ax, limit);
    let done = b.label();
    b.bra(Some(big), true, done);
    payne_hanek(b, x, r, q);
    b.place(done);
    (r, q)
}

/// Payne–Hanek: writes `r` and `q` of the finite `x`, |x| > [`FAST_LIMIT`] (biased exponent
/// `e` from 143 to 254).
fn payne_hanek(b: &mut Builder, x: Reg, r: Reg, q: Reg) {
    let ix = b.op(Opc::BitsF, &[x]);
    let c23 = b.i(23);
    let sh = b.op(Opc::ShrU32, &[ix, c23]);
    let ff = b.i(0xff);
    let e = b.op(Opc::And32, &[sh, ff]);
    let words = product(b, ix);
    let c = window(b, &words, e);
    let (rf, quadrant) = fraction(b, &c);
    // A negative x: the quadrant and the reduced argument of |x|, negated.
    let fz = b.f(0.0);
    let neg = b.setp(Cmp::Lt, CmpTy::F32, x, fz);
    let nr = b.op(Opc::NegF, &[rf]);
    b.set(r, Ins::Op(Opc::SelF), &[nr, rf, neg]);
    let zero = b.i(0);
    let nq = b.op(Opc::Sub32, &[zero, quadrant]);
    b.set(q, Ins::Op(Opc::Sel32), &[nq, quadrant, neg]);
}

/// `P = m·T`, m = x's significand with its implicit bit at bit 31 (`x = m·2^(e−158)`) and T
/// the 192 bits of 2/π: seven words, least significant first (`mad.wide.u32` carries).
fn product(b: &mut Builder, ix: Reg) -> Vec<Reg> {
    let c8 = b.i(8);
    let m = b.op(Opc::Shl32, &[ix, c8]);
    let top = b.i(i32::MIN);
    let m = b.op(Opc::Or32, &[m, top]);
    let c32 = b.i(32);
    let mut carry = b.l(0);
    let mut words = Vec::new();
    for w in TWO_OVER_PI_BITS {
        let wc = b.i(w as i32);
        let p = b.op(Opc::MadWide, &[m, wc, carry]);
        words.push(b.op(Opc::Low, &[p]));
        carry = b.op(Opc::ShrU64, &[p, c32]);
    }
    words.push(b.op(Opc::Low, &[carry]));
    words
}

/// The 96 bits of `P` at x's exponent `e`, least significant word first: x·2/π = P·2^(e−350)
/// puts the weight 2^1 at bit 351 − e, so the window below bit 352 − e starts at
/// 256 − e = 32·k + s (k ≤ 3): words k..k+3 (picked by `selp`), funnel-shifted by s.
fn window(b: &mut Builder, words: &[Reg], e: Reg) -> Vec<Reg> {
    let c256 = b.i(256);
    let base = b.op(Opc::Sub32, &[c256, e]);
    let c5 = b.i(5);
    let k = b.op(Opc::ShrU32, &[base, c5]);
    let c31 = b.i(31);
    let s = b.op(Opc::And32, &[base, c31]);
    let ks: Vec<Reg> = (1..4)
        .map(|i| {
            let ci = b.i(i);
            b.setp(Cmp::Eq, CmpTy::S32, k, ci)
        })
        .collect();
    let picked: Vec<Reg> = (0..4)
        .map(|j| {
            let mut v = words[j];
            for (i, &p) in ks.iter().enumerate() {
                v = b.sel(p, words[j + i + 1], v);
            }
            v
        })
        .collect();
    (0..3)
        .map(|j| b.op(Opc::ShfR, &[picked[j], picked[j + 1], s]))
        .collect()
}

/// The reduced argument (f32) and quadrant of |x| from the window `c`: the top two bits are
/// the quadrant, the next 64 the fraction, read as a signed number (a fraction of 1/2 or more
/// is the next quadrant's negative one), times π/2·2^-64 in f64.
fn fraction(b: &mut Builder, c: &[Reg]) -> (Reg, Reg) {
    let c30 = b.i(30);
    let quadrant = b.op(Opc::ShrU32, &[c[2], c30]);
    let c32 = b.i(32);
    let hi = b.op(Opc::Wide, &[c[2]]);
    let hi = b.op(Opc::Shl64, &[hi, c32]);
    let lo = b.op(Opc::Wide, &[c[1]]);
    let h = b.op(Opc::Or64, &[hi, lo]);
    let c2 = b.i(2);
    let h = b.op(Opc::Shl64, &[h, c2]);
    let low2 = b.op(Opc::ShrU32, &[c[0], c30]);
    let low2 = b.op(Opc::Wide, &[low2]);
    let f = b.op(Opc::Or64, &[h, low2]);
    let zero64 = b.l(0);
    let upper = b.setp(Cmp::Lt, CmpTy::S64, f, zero64);
    let one = b.i(1);
    let zero = b.i(0);
    let bump = b.sel(upper, one, zero);
    let quadrant = b.op(Opc::Add32, &[quadrant, bump]);
    let fd = b.op(Opc::S64ToD, &[f]);
    let scale = b.d(PIO2_2M64);
    let rd = b.op(Opc::MulD, &[fd, scale]);
    (b.op(Opc::DToF, &[rd]), quadrant)
}
