//! `remf` (C's `fmod`, NVIDIA's `remf`: `x − trunc(x/y)·y`, the sign of x) of f32 and f64,
//! exactly: the remainder of the integer significands, carried down the exponent difference
//! (the schoolbook method of musl's and fdlibm's `fmod`, shifting many bits at a time).
//!
//! With `x = mx·2^ex`, `y = my·2^ey` (integer significands, the implicit bit set for normal
//! numbers, a subnormal's exponent that of the smallest normal), |x| > |y|:
//! `r = mx mod my`, then while `d = ex − ey > 0`: `k = min(d, chunk)`,
//! `r = (r·2^k) mod my` (`shl.b64`, `rem.u64`: `r < my` so `r·2^k < 2^64` for
//! `chunk = 64 − significand bits`: 40 for f32, 11 for f64), `d −= k`. The result
//! `r·2^ey` is representable (a multiple of y's quantum below |y|), built as
//! `float(r)·2^-p·2^(ey−bias)` (p the stored significand bits) (both products exact) with x's sign bit.
//! Special cases (C99 F.9.4.1, NVIDIA's ODS): `y = 0`, `x` infinite or NaN, `y` NaN: NaN;
//! |x| < |y| (y = ±∞ included): x; |x| = |y|: ±0 with x's sign.

use super::{Builder, Cmp, CmpTy, Ins, Opc, Program, Reg, Ty};

/// What differs between the f32 and the f64 program.
pub(crate) struct Fmt {
    ty: Ty,
    /// Stored significand bits.
    mant: i32,
    /// Significand bits a `rem.u64` step may shift in (64 − significand width).
    chunk: i32,
    /// The bits of +∞, of the sign, of a NaN.
    inf: u64,
    sign: u64,
    nan: u64,
}

pub(crate) const F32: Fmt = Fmt {
    ty: Ty::F32,
    mant: 23,
    chunk: 40,
    inf: 0x7F80_0000,
    sign: 0x8000_0000,
    nan: 0x7FFF_FFFF,
};

pub(crate) const F64: Fmt = Fmt {
    ty: Ty::F64,
    mant: 52,
    chunk: 11,
    inf: 0x7FF0_0000_0000_0000,
    sign: 1 << 63,
    nan: 0x7FFF_FFFF_FFFF_FFFF,
};

impl Fmt {
    fn f64(&self) -> bool {
        self.ty == Ty::F64
    }
    /// The bits of `v` as a 64-bit integer.
    fn bits(&self, b: &mut Builder, v: Reg) -> Reg {
        if self.f64() {
            b.op(Opc::BitsD, &[v])
        } else {
            let w = b.op(Opc::BitsF, &[v]);
            b.op(Opc::Wide, &[w])
        }
    }
    /// The float whose bits are the 64-bit integer `v` (its low word for f32).
    fn float_of(&self, b: &mut Builder, v: Reg) -> Reg {
        if self.f64() {
            b.op(Opc::FromBitsD, &[v])
        } else {
            let w = b.op(Opc::Low, &[v]);
            b.op(Opc::FromBitsF, &[w])
        }
    }
    fn mul(&self) -> Opc {
        if self.f64() {
            Opc::MulD
        } else {
            Opc::MulF
        }
    }
}

/// The exponent (at least 1) and the integer significand of the magnitude bits `a`.
fn decompose(b: &mut Builder, fmt: &Fmt, a: Reg) -> (Reg, Reg) {
    let cm = b.i(fmt.mant);
    let e = b.op(Opc::ShrU64, &[a, cm]);
    let e = b.op(Opc::Low, &[e]);
    let mask = b.l((1u64 << fmt.mant) - 1);
    let m = b.op(Opc::And64, &[a, mask]);
    let implicit = b.l(1u64 << fmt.mant);
    let mi = b.op(Opc::Or64, &[m, implicit]);
    let zero = b.i(0);
    let normal = b.setp(Cmp::Ne, CmpTy::S32, e, zero);
    let m = b.sel(normal, mi, m);
    let one = b.i(1);
    let e = b.sel(normal, e, one);
    (e, m)
}

pub(crate) fn fmod(fmt: Fmt) -> Program {
    let (mut b, args) = Builder::new(fmt.ty, 2);
    let (x, y) = (args[0], args[1]);
    let sign_mask = b.l(fmt.sign - 1);
    let ix = fmt.bits(&mut b, x);
    let ax = b.op(Opc::And64, &[ix, sign_mask]);
    let iy = fmt.bits(&mut b, y);
    let ay = b.op(Opc::And64, &[iy, sign_mask]);
    let zero64 = b.l(0);
    let inf = b.l(fmt.inf);
    let y0 = b.setp(Cmp::Eq, CmpTy::S64, ay, zero64);
    let x_nonfinite = b.setp(Cmp::Ge, CmpTy::S64, ax, inf);
    let y_nan = b.setp(Cmp::Gt, CmpTy::S64, ay, inf);
    let invalid = b.op(Opc::OrP, &[y0, x_nonfinite]);
    let invalid = b.op(Opc::OrP, &[invalid, y_nan]);
    let below = b.setp(Cmp::Lt, CmpTy::S64, ax, ay);
    let equal = b.setp(Cmp::Eq, CmpTy::S64, ax, ay);
    let special = b.op(Opc::OrP, &[invalid, below]);
    let special = b.op(Opc::OrP, &[special, equal]);
    let res = b.reg(fmt.ty);
    let copy = if fmt.f64() { Opc::MovD } else { Opc::MovF };
    b.set(res, Ins::Op(copy), &[x]);
    let done = b.label();
    b.bra(Some(special), false, done);
    let v = remainder(&mut b, &fmt, ax, ay);
    let sbit = b.l(fmt.sign);
    let sign = b.op(Opc::And64, &[ix, sbit]);
    let vb = fmt.bits(&mut b, v);
    let rb = b.op(Opc::Or64, &[vb, sign]);
    let r = fmt.float_of(&mut b, rb);
    b.set(res, Ins::Op(copy), &[r]);
    b.place(done);
    let fzero = if fmt.f64() { b.d(0.0) } else { b.f(0.0) };
    let signed_zero = b.op(fmt.mul(), &[x, fzero]);
    let res = b.sel(equal, signed_zero, res);
    let nan = b.imm(fmt.ty, fmt.nan);
    let res = b.sel(invalid, nan, res);
    b.finish(res)
}

/// |x| mod |y| (a non-negative float) of the magnitude bits, |x| > |y| > 0, both finite.
fn remainder(b: &mut Builder, fmt: &Fmt, ax: Reg, ay: Reg) -> Reg {
    let (ex, mx) = decompose(b, fmt, ax);
    let (ey, my) = decompose(b, fmt, ay);
    let r = b.reg(Ty::B64);
    b.set(r, Ins::Op(Opc::RemU64), &[mx, my]);
    let d = b.reg(Ty::B32);
    b.set(d, Ins::Op(Opc::Sub32), &[ex, ey]);
    let zero = b.i(0);
    let chunk = b.i(fmt.chunk);
    let head = b.label();
    let exit = b.label();
    b.place(head);
    let finished = b.setp(Cmp::Le, CmpTy::S32, d, zero);
    b.bra(Some(finished), false, exit);
    let k = b.op(Opc::Min32, &[d, chunk]);
    let shifted = b.op(Opc::Shl64, &[r, k]);
    b.set(r, Ins::Op(Opc::RemU64), &[shifted, my]);
    b.set(d, Ins::Op(Opc::Sub32), &[d, k]);
    b.bra(None, false, head);
    b.place(exit);
    // r·2^(ey − bias − mant) = (float(r)·2^-mant)·2^(ey − bias).
    let (rf, unit) = if fmt.f64() {
        (b.op(Opc::U64ToD, &[r]), b.d(2f64.powi(-fmt.mant)))
    } else {
        let lo = b.op(Opc::Low, &[r]);
        (b.op(Opc::U32ToF, &[lo]), b.f(2f32.powi(-fmt.mant)))
    };
    let scaled = b.op(fmt.mul(), &[rf, unit]);
    let ew = b.op(Opc::Wide, &[ey]);
    let cm = b.i(fmt.mant);
    let pb = b.op(Opc::Shl64, &[ew, cm]);
    let p = fmt.float_of(b, pb);
    b.op(fmt.mul(), &[scaled, p])
}
