//! Integer ops on `i1` values, which live in PTX predicate registers: PTX has only
//! `and`/`or`/`xor`/`not` on `.pred` (PTX ISA, "Logic and Shift Instructions"), and `add.s32`,
//! `setp.eq.u32` … on a predicate register are rejected by ptxas. Arithmetic on `i1` is
//! arithmetic modulo 2 (MLIR `arith` semantics): `addi`/`subi` are `xor`, `muli` is `and`.
//! Comparisons are logic: with `true` as 1 unsigned and as −1 signed, `a <u b` is `!a & b` and
//! `a <s b` is `a & !b`. Division, remainder and shifts of `i1` (defined only where the divisor
//! is `true` or the amount 0) are rejected with a located error.

use super::{LResult, Lower};
use tilec_dialects::nv_tileas::{CmpI, OpKind};
use tilec_ir::{Loc, Module, Op, TypeData, Value};

/// Whether [`Lower::op_pred`] lowers `op` (of kind `kind`): an integer op on `i1` operands.
pub(super) fn handles(m: &Module, op: Op, kind: OpKind) -> bool {
    use OpKind as K;
    matches!(
        kind,
        K::AddI
            | K::SubI
            | K::MulI
            | K::CmpI
            | K::DivSI
            | K::DivUI
            | K::RemSI
            | K::RemUI
            | K::ShLI
            | K::ShRUI
            | K::ShRSI
    ) && m
        .operands(op)
        .first()
        .is_some_and(|&v| matches!(m.type_data(m.value_type(v)), TypeData::Int(1)))
}

impl Lower<'_> {
    /// Lowers an integer op on `i1` operands to predicate logic (see the module docs).
    pub(super) fn op_pred(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        loc: Loc,
    ) -> LResult<()> {
        let (a, b) = (operands[0], operands[1]);
        let r = match kind {
            OpKind::AddI | OpKind::SubI => self.logic("xor", a, b, loc),
            OpKind::MulI => self.logic("and", a, b, loc),
            OpKind::CmpI => {
                let p = CmpI(op).predicate(self.m).unwrap_or("eq").to_string();
                self.compare(op, &p, a, b, loc)?
            }
            _ => {
                return Err(self.unsupported(op,
                    "on i1 operands (a predicate register): only and/or/xor, addi/subi/muli (modulo 2) and comparisons are lowered",
                ))
            }
        };
        self.map_results(op, vec![r]);
        Ok(())
    }

    fn logic(&mut self, opcode: &'static str, a: Value, b: Value, loc: Loc) -> Value {
        let i1 = self.i1;
        self.binary(opcode, a, b, i1, loc)
    }

    fn not(&mut self, a: Value, loc: Loc) -> Value {
        let i1 = self.i1;
        let t = self.imm(i1, 1, loc);
        self.logic("xor", a, t, loc)
    }

    /// `a PRED b` on predicates: `a == b` is `!(a ^ b)`, `a != b` is `a ^ b`; an ordering is
    /// one operand, maybe negated, and/or the other (unsigned: false < true; signed: true = −1
    /// < false = 0).
    fn compare(&mut self, op: Op, p: &str, a: Value, b: Value, loc: Loc) -> LResult<Value> {
        // (negate a, negate b, combine)
        let (na, nb, logic) = match p {
            "eq" => {
                let x = self.logic("xor", a, b, loc);
                return Ok(self.not(x, loc));
            }
            "ne" => return Ok(self.logic("xor", a, b, loc)),
            "ult" | "sgt" => (true, false, "and"),
            "ule" | "sge" => (true, false, "or"),
            "ugt" | "slt" => (false, true, "and"),
            "uge" | "sle" => (false, true, "or"),
            _ => return Err(self.unsupported(op, format!("with predicate '{p}' on i1 operands"))),
        };
        let a = if na { self.not(a, loc) } else { a };
        let b = if nb { self.not(b, loc) } else { b };
        Ok(self.logic(logic, a, b, loc))
    }
}
