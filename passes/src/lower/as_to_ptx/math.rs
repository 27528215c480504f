//! Float math (`negf absf exp exp2 log log2 sqrt rsqrt tanh fma floor ceil`) as PTX instructions: one table
//! row per op and float width, each a short sequence of steps.
//!
//! PTX ISA 9.7.4 ("Floating-Point Instructions") and 9.7.5 ("Half Precision"): `neg`, `abs`,
//! `sqrt.rn` and `fma.rn` are IEEE-exact; `ex2.approx`, `lg2.approx`, `rsqrt.approx` and
//! `tanh.approx` are the hardware approximations (`ex2.approx.f32`: max relative error 2^-22.5
//! ... in the ISA's table), the forms CUDA's `__expf`/`__logf` use: `exp(x)` is
//! `ex2(x · log2 e)` and `log(x)` is `lg2(x) · ln 2` when the op asks for `rounding<approx>`;
//! NVIDIA's default `exp` (full precision) is [`Lower::exp_full`], accurate for every x. `tanh`
//! is lowered only as `rounding<approx>` (`tanh.approx.f32`, ~2^-11 absolute error). The
//! approximations and `tanh` exist for f32 only; an f64 op of those is a located "cannot lower
//! yet" error. `flush_to_zero` on the op selects the `.ftz` form where PTX has one.
//!
//! NVIDIA's full-precision `sin cos tan sinh cosh atan2 pow remf` are not rows of this table
//! but programs of [`super::libm`] (exactly rounded instruction sequences whose error the unit
//! tests measure); [`Lower::op_math`] hands them over.

use super::{LResult, Lower};
use tilec_dialects::nv_tileas::OpKind;
use tilec_dialects::ptx;
use tilec_ir::{sym, AttrData, FloatKind, Loc, Op, OpView, Type, TypeData, Value};

/// One step of an expansion.
#[derive(Clone, Copy)]
enum Step {
    /// The instruction (without the `.ftz` the op may ask for) on the running value (and, for
    /// `fma`, the other operands).
    Op(&'static str, bool),
    /// Multiply the running value by this f32 constant (its bits).
    Mul(u32),
}

/// log2(e) and ln(2) as f32 bits (what CUDA's fast-math `exp`/`log` multiply by).
const LOG2_E: u32 = 0x3FB8_AA3B;
const LN_2: u32 = 0x3F31_7218;

/// (op, f32 steps, f64 steps). `Op(name, ftz)`: `ftz` says whether a `.ftz` form exists.
const MATH: &[(OpKind, &[Step], &[Step])] = &[
    (
        OpKind::NegF,
        &[Step::Op("neg.f32", true)],
        &[Step::Op("neg.f64", false)],
    ),
    (
        OpKind::AbsF,
        &[Step::Op("abs.f32", true)],
        &[Step::Op("abs.f64", false)],
    ),
    (OpKind::Exp2, &[Step::Op("ex2.approx.f32", true)], &[]),
    (
        OpKind::Exp,
        &[Step::Mul(LOG2_E), Step::Op("ex2.approx.f32", true)],
        &[],
    ),
    (OpKind::Log2, &[Step::Op("lg2.approx.f32", true)], &[]),
    (
        OpKind::Log,
        &[Step::Op("lg2.approx.f32", true), Step::Mul(LN_2)],
        &[],
    ),
    (
        OpKind::Sqrt,
        &[Step::Op("sqrt.rn.f32", true)],
        &[Step::Op("sqrt.rn.f64", false)],
    ),
    (
        OpKind::Rsqrt,
        &[Step::Op("rsqrt.approx.f32", true)],
        &[Step::Op("rsqrt.approx.f64", false)],
    ),
    (OpKind::TanH, &[Step::Op("tanh.approx.f32", false)], &[]),
    // cvt.rmi / cvt.rpi (round to an integral value toward -inf / +inf) are exact.
    (
        OpKind::Floor,
        &[Step::Op("cvt.rmi.f32.f32", false)],
        &[Step::Op("cvt.rmi.f64.f64", false)],
    ),
    (
        OpKind::Ceil,
        &[Step::Op("cvt.rpi.f32.f32", false)],
        &[Step::Op("cvt.rpi.f64.f64", false)],
    ),
    (
        OpKind::Fma,
        &[Step::Op("fma.rn.f32", true)],
        &[Step::Op("fma.rn.f64", false)],
    ),
];

/// Whether `kind` is a math op of the table or a full-precision program ([`super::libm`]).
pub(super) fn handles(kind: OpKind) -> bool {
    MATH.iter().any(|r| r.0 == kind) || super::libm::handles(kind)
}

impl Lower<'_> {
    /// Lowers the math op `op`; its operands are already PTX registers.
    pub(super) fn op_math(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        t: Type,
        loc: Loc,
    ) -> LResult<()> {
        if super::libm::handles(kind) {
            return self.op_program(op, kind, operands, t, loc);
        }
        let Some(row) = MATH.iter().find(|r| r.0 == kind) else {
            return Err(self.unsupported(op, "no math rule for this op"));
        };
        // fma of 16-bit floats is PTX's packed half fma ([`Lower::half_fma`]), after the
        // rounding check below.
        let half = match (kind, self.m.type_data(t)) {
            (OpKind::Fma, TypeData::Float(k @ (FloatKind::F16 | FloatKind::BF16))) => Some(*k),
            _ => None,
        };
        let steps = match self.m.type_data(t) {
            TypeData::Float(FloatKind::F32) => row.1,
            TypeData::Float(FloatKind::F64) => row.2,
            _ => &[][..],
        };
        if steps.is_empty() && half.is_none() {
            let ty = tilec_ir::text::type_to_string(self.m, t);
            return Err(self.unsupported(
                op,
                format!(
                    "'{}' is lowered for f32 (and, where PTX has it, f64) only, not '{ty}'",
                    kind.short_name()
                ),
            ));
        }
        let ftz = self
            .m
            .get_attr(op, sym!(tilec_dialects::nv_tileas::Sqrt::FLUSH_TO_ZERO))
            .is_some();
        let rounding = match self
            .m
            .get_attr(op, sym!(tilec_dialects::nv_tileas::Exp::ROUNDING_MODE))
        {
            Some(AttrData::Opaque { body, .. }) => Some(body.to_string()),
            _ => None,
        };
        let approx = rounding.as_deref() == Some("approx");
        // The table's forms round to nearest even (exp and tanh: full precision or approx);
        // any other rounding NVIDIA allows (sqrt/fma toward zero, ±inf, sqrt approx) is refused
        // rather than computed differently.
        let exp_like = matches!(kind, OpKind::Exp | OpKind::TanH);
        let implemented = match rounding.as_deref() {
            None => true,
            Some("nearest_even") => !exp_like,
            Some("approx" | "full") => exp_like,
            Some(_) => false,
        };
        if let (false, Some(r)) = (implemented, &rounding) {
            return Err(self.unsupported(
                op,
                format!(
                    "'{}' with rounding<{r}> is not supported yet",
                    kind.short_name()
                ),
            ));
        }
        if let Some(k) = half {
            return self.half_fma(op, k, operands, t, loc);
        }
        if kind == OpKind::Exp && !approx && steps.len() > 1 {
            let x = self.exp_full(operands[0], t, loc);
            self.map_results(op, [x]);
            return Ok(());
        }
        if kind == OpKind::TanH && !approx {
            return Err(self.unsupported(
                op,
                "tanh in full precision is not supported yet (tanh.approx.f32 is: rounding<approx>)",
            ));
        }
        let mut x = operands[0];
        for &s in steps {
            x = match s {
                Step::Mul(bits) => {
                    let c = self.f32_const(bits, t, loc);
                    self.binary("mul", x, c, t, loc)
                }
                Step::Op(name, has_ftz) => {
                    let opcode = match (ftz && has_ftz, name.rsplit_once('.')) {
                        (true, Some((head, ty))) => format!("{head}.ftz.{ty}"),
                        _ => name.to_string(),
                    };
                    let mut args = vec![x];
                    args.extend_from_slice(&operands[1..]);
                    self.b(loc).value(
                        ptx::Math::name_sym(),
                        &args,
                        t,
                        &[(sym!(ptx::Math::OPCODE), AttrData::Str(opcode.into()))],
                    )
                }
            };
        }
        self.map_results(op, [x]);
        Ok(())
    }

    /// `fma` of f16 or bf16 values, rounded once to nearest (PTX ISA, "Half Precision
    /// Floating-Point Instructions: fma": `fma.rn.f16x2`, sm_53; `fma.rn.bf16x2`, sm_80): the
    /// packed form on the 32-bit registers that hold each value in their low half. Another
    /// rounding was refused by [`Lower::op_math`]'s check, as for every fma (PTX has `.rn` only
    /// on halves).
    fn half_fma(
        &mut self,
        op: Op,
        k: FloatKind,
        operands: &[Value],
        t: Type,
        loc: Loc,
    ) -> LResult<()> {
        if k == FloatKind::BF16 && !self.sm80 {
            return Err(self.unsupported(op, "fma of bf16 needs sm_80 (fma.rn.bf16x2)"));
        }
        let opcode = if k == FloatKind::BF16 {
            "fma.rn.bf16x2"
        } else {
            "fma.rn.f16x2"
        };
        let v = self.b(loc).value(
            ptx::Math::name_sym(),
            operands,
            t,
            &[
                (sym!(ptx::Math::OPCODE), AttrData::Str(opcode.into())),
                (sym!(ptx::Math::PACKED), AttrData::Unit),
            ],
        );
        self.map_results(op, [v]);
        Ok(())
    }

    /// `exp(x)` to within the error of `ex2.approx.f32` for every x (NVIDIA's default,
    /// full-precision `exp`): `x·log2 e` is split into its rounded product `hi` and the exact
    /// remainder `lo` (two `fma.rn`, the second adding `x · (log2 e − L)`), and
    /// `exp(x) = 2^hi · 2^lo ≈ r + r·(lo·ln 2)` with `r = ex2.approx(hi)` (|lo| ≤ 2^-24·|hi|, so the
    /// first-order term is exact to f32). `lo·ln 2` is clamped to [−1, 1] (`min`/`max` return the
    /// other operand for a NaN), so x = ±∞ gives 0 and ∞ instead of NaN; a NaN x stays NaN
    /// through `r`.
    fn exp_full(&mut self, x: Value, t: Type, loc: Loc) -> Value {
        const LOG2_E_LO: u32 = 0x32A5_7060; // log2(e) − f32(log2(e)) ≈ 1.925963e-8
        let l = self.f32_const(LOG2_E, t, loc);
        let hi = self.binary("mul", x, l, t, loc);
        let neg_hi = self.math1("neg.f32", &[hi], t, loc);
        let lo = self.math1("fma.rn.f32", &[x, l, neg_hi], t, loc);
        let l_lo = self.f32_const(LOG2_E_LO, t, loc);
        let lo = self.math1("fma.rn.f32", &[x, l_lo, lo], t, loc);
        let r = self.math1("ex2.approx.f32", &[hi], t, loc);
        let ln2 = self.f32_const(LN_2, t, loc);
        let s = self.binary("mul", lo, ln2, t, loc);
        let one = self.f32_const(0x3F80_0000, t, loc);
        let minus_one = self.f32_const(0xBF80_0000, t, loc);
        let s = self.binary("min", s, one, t, loc);
        let s = self.binary("max", s, minus_one, t, loc);
        self.math1("fma.rn.f32", &[r, s, r], t, loc)
    }

    /// One `ptx.math` instruction.
    pub(super) fn math1(&mut self, opcode: &str, args: &[Value], t: Type, loc: Loc) -> Value {
        self.b(loc).value(
            ptx::Math::name_sym(),
            args,
            t,
            &[(sym!(ptx::Math::OPCODE), AttrData::Str(opcode.into()))],
        )
    }

    /// `mov.f32 d, 0fXXXXXXXX`.
    pub(super) fn f32_const(&mut self, bits: u32, t: Type, loc: Loc) -> Value {
        let a = AttrData::Float {
            bits: u64::from(bits),
            kind: FloatKind::F32,
            ty: t,
        };
        self.b(loc).value(
            ptx::MovImm::name_sym(),
            &[],
            t,
            &[(sym!(ptx::MovImm::VALUE), a)],
        )
    }
}
