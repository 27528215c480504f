//! `lower-as-to-ptx` for the integer min/max/abs/high-product ops and the element conversions
//! (`sitofp uitofp fptosi fptoui ftof bitcast`), each a short sequence of PTX instructions.
//!
//! PTX ISA 9.7.1 (integer arithmetic): `min`/`max` on `.s`/`.u` types, `abs.s`, `mul.hi.u`
//! (the upper half of the 2N-bit product: NVIDIA's `mulhii` is unsigned). PTX ISA 9.7.9.21
//! (`cvt`): an integer → float conversion rounds with `.rn` (NVIDIA's `itof`: nearest even), a
//! float → integer one with `.rzi` (NVIDIA's `ftoi`: toward zero; out of range or NaN is
//! undefined for NVIDIA, PTX saturates); a narrowing float conversion rounds `.rn`, a widening
//! one is exact and takes no rounding. f16 and bf16 values are their bits in a 32-bit register
//! (the printer's `B32` class); ptxas reads the low 16 bits of a wider `cvt` source and writes
//! `cvt.rn.f16.*` into a 32-bit register, but has no such form for bf16, so:
//! - bf16 → f32 is the bits shifted into the high half (exact: bf16 is the high half of an f32);
//! - f32 → bf16 is `cvt.rn.bf16x2.f32 d, 0, a` (sm_80, PTX 7.0), the result in the low half;
//! - f16 ↔ bf16 go through f32, which holds every value of both exactly (one rounding).
//!
//! Integers are i32 or i64 (the register classes the printer has); f64 → bf16 and integer →
//! bf16 would round twice through f32 and are a located "not supported yet".

use super::{LResult, Lower};
use tilec_dialects::nv_tileas::OpKind;
use tilec_dialects::ptx;
use tilec_ir::{sym, AttrData, FloatKind, Loc, Op, OpView, Type, TypeData, Value};

/// Whether [`Lower::op_convert`] lowers ops of `kind`.
pub(super) fn handles(kind: OpKind) -> bool {
    use OpKind as K;
    matches!(
        kind,
        K::MaxSI
            | K::MaxUI
            | K::MinSI
            | K::MinUI
            | K::MulhiI
            | K::AbsI
            | K::SIToFP
            | K::UIToFP
            | K::FPToSI
            | K::FPToUI
            | K::FToF
            | K::Bitcast
    )
}

/// The PTX spelling of an element type as a `cvt` operand type (`s32`, `f16`, …), for the
/// types this module converts.
fn spelled(t: &TypeData, signed: bool) -> Option<&'static str> {
    Some(match (t, signed) {
        (TypeData::Int(32), true) => "s32",
        (TypeData::Int(32), false) => "u32",
        (TypeData::Int(64), true) => "s64",
        (TypeData::Int(64), false) => "u64",
        (TypeData::Float(FloatKind::F16), _) => "f16",
        (TypeData::Float(FloatKind::BF16), _) => "bf16",
        (TypeData::Float(FloatKind::F32), _) => "f32",
        (TypeData::Float(FloatKind::F64), _) => "f64",
        _ => return None,
    })
}

impl Lower<'_> {
    /// Lowers `op` (of a kind [`handles`] accepts); its operands are already PTX registers.
    pub(super) fn op_convert(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        t: Type,
        loc: Loc,
    ) -> LResult<()> {
        use OpKind as K;
        let int = |lw: &Self, v: Type| matches!(lw.m.type_data(v), TypeData::Int(32 | 64));
        let r = match kind {
            K::MaxSI | K::MaxUI | K::MinSI | K::MinUI | K::MulhiI | K::AbsI if !int(self, t) => {
                let ty = tilec_ir::text::type_to_string(self.m, t);
                return Err(self.unsupported(
                    op,
                    format!("integer ops are lowered on i32 and i64 only, not '{ty}'"),
                ));
            }
            K::MaxSI => self.binary("max", operands[0], operands[1], t, loc),
            K::MaxUI => self.binary("max.u", operands[0], operands[1], t, loc),
            K::MinSI => self.binary("min", operands[0], operands[1], t, loc),
            K::MinUI => self.binary("min.u", operands[0], operands[1], t, loc),
            K::MulhiI => self.binary("mul.hi.u", operands[0], operands[1], t, loc),
            K::AbsI => {
                let w = if matches!(self.m.type_data(t), TypeData::Int(64)) {
                    "abs.s64"
                } else {
                    "abs.s32"
                };
                // abs computes: a math instruction, not a conversion.
                self.math1(w, &[operands[0]], t, loc)
            }
            _ => self.convert(op, kind, operands[0], t, loc)?,
        };
        self.map_results(op, [r]);
        Ok(())
    }

    /// A conversion of `x` to type `t`.
    fn convert(&mut self, op: Op, kind: OpKind, x: Value, t: Type, loc: Loc) -> LResult<Value> {
        use OpKind as K;
        let from_t = self.m.value_type(x);
        let (from, to) = (
            self.m.type_data(from_t).clone(),
            self.m.type_data(t).clone(),
        );
        let signed = matches!(kind, K::SIToFP | K::FPToSI);
        let bf16 = TypeData::Float(FloatKind::BF16);
        let names = (spelled(&from, signed), spelled(&to, signed));
        let (Some(a), Some(d)) = names else {
            return Err(self.not_yet(op, from_t, t));
        };
        match kind {
            K::Bitcast => {
                let width = |td: &TypeData| match td {
                    TypeData::Int(w) => u32::from(*w),
                    TypeData::Float(k) => k.bits(),
                    _ => 0,
                };
                let halves =
                    |td: &TypeData| matches!(td, TypeData::Float(FloatKind::F16 | FloatKind::BF16));
                // A half is bits in a 32-bit register, an i16 not yet a type tilec lowers.
                if width(&from) != width(&to) || halves(&from) != halves(&to) {
                    return Err(self.not_yet(op, from_t, t));
                }
                let w = width(&from).max(32);
                Ok(self.conv(&format!("mov.b{w}"), &[x], t, loc))
            }
            K::SIToFP | K::UIToFP if to != bf16 => {
                Ok(self.conv(&format!("cvt.rn.{d}.{a}"), &[x], t, loc))
            }
            K::FPToSI | K::FPToUI => {
                let x = if from == bf16 {
                    self.bf16_to_f32(x, loc)
                } else {
                    x
                };
                let a = if from == bf16 { "f32" } else { a };
                Ok(self.conv(&format!("cvt.rzi.{d}.{a}"), &[x], t, loc))
            }
            K::FToF => self.ftof(op, x, (&from, a), (&to, d), t, loc),
            _ => Err(self.not_yet(op, from_t, t)),
        }
    }

    /// `ftof` from `(from, a)` to `(to, d)` (types and their PTX spellings).
    fn ftof(
        &mut self,
        op: Op,
        x: Value,
        (from, a): (&TypeData, &str),
        (to, d): (&TypeData, &str),
        t: Type,
        loc: Loc,
    ) -> LResult<Value> {
        let bits = |td: &TypeData| match td {
            TypeData::Float(k) => k.bits(),
            _ => 0,
        };
        let bf16 = TypeData::Float(FloatKind::BF16);
        let f32t = self.m.float_type(FloatKind::F32);
        // Through f32 (exact for f16 and bf16): bf16 on either side, unless the other is f32.
        let x = if *from == bf16 {
            let f = self.bf16_to_f32(x, loc);
            if d == "f32" {
                return Ok(f);
            }
            if d == "f64" {
                return Ok(self.conv("cvt.f64.f32", &[f], t, loc));
            }
            self.conv(&format!("cvt.rn.{d}.f32"), &[f], t, loc)
        } else if *to == bf16 {
            if bits(from) > 32 {
                return Err(self.unsupported(
                    op,
                    "ftof from f64 to bf16 is not supported yet (through f32 it would round twice)",
                ));
            }
            if !self.sm80 {
                return Err(
                    self.unsupported(op, "ftof to bf16 needs sm_80 or later (cvt.rn.bf16x2.f32)")
                );
            }
            let f = if a == "f32" {
                x
            } else {
                self.conv(&format!("cvt.f32.{a}"), &[x], f32t, loc)
            };
            let zero = self.f32_const(0, f32t, loc);
            self.conv("cvt.rn.bf16x2.f32", &[zero, f], t, loc)
        } else if bits(to) > bits(from) {
            self.conv(&format!("cvt.{d}.{a}"), &[x], t, loc)
        } else {
            self.conv(&format!("cvt.rn.{d}.{a}"), &[x], t, loc)
        };
        Ok(x)
    }

    /// The f32 of a bf16's bits (the high half of the f32): `shl.b32` then `mov.b32`.
    pub(super) fn bf16_to_f32(&mut self, x: Value, loc: Loc) -> Value {
        let i32t = self.i32t;
        let f32t = self.m.float_type(FloatKind::F32);
        let sixteen = self.imm(i32t, 16, loc);
        let raw = self.conv("mov.b32", &[x], i32t, loc);
        let hi = self.binary("shl", raw, sixteen, i32t, loc);
        self.conv("mov.b32", &[hi], f32t, loc)
    }

    /// One `ptx.conv` instruction.
    pub(super) fn conv(&mut self, opcode: &str, args: &[Value], t: Type, loc: Loc) -> Value {
        self.b(loc).value(
            ptx::Conv::name_sym(),
            args,
            t,
            &[(sym!(ptx::Conv::OPCODE), AttrData::Str(opcode.into()))],
        )
    }

    fn not_yet(&mut self, op: Op, from: Type, to: Type) -> Box<tilec_ir::Diagnostic> {
        let (a, b) = (
            tilec_ir::text::type_to_string(self.m, from),
            tilec_ir::text::type_to_string(self.m, to),
        );
        self.unsupported(
            op,
            format!("converting '{a}' to '{b}' is not supported yet"),
        )
    }
}
