//! `print-ptx` for the `ptx.binary` forms the base printer does not spell (kept apart from the
//! memory and sync printing of the parent module): `and`/`or`/`xor` on `i1` are predicate logic,
//! `and.pred` … (the base printer would write `.b32`).

use super::KernelPrinter;
use std::fmt::Write as _;
use tilec_dialects::ptx::Binary;
use tilec_ir::{Op, OpView, TypeData};

impl KernelPrinter<'_> {
    /// Writes the line of a `ptx.binary` this module spells; false (nothing written) for the
    /// base printer.
    pub(super) fn binary_ext(&mut self, op: Op) -> bool {
        let m = self.m;
        let opcode = Binary::wrap(op).opcode(m).unwrap_or("");
        let (Some(r), [a, b]) = (m.results(op).next(), m.operands(op)) else {
            return false;
        };
        let pred = matches!(m.type_data(m.value_type(r)), TypeData::Int(1));
        if !pred || !matches!(opcode, "and" | "or" | "xor") {
            return false;
        }
        let (d, x, y) = (self.reg(r), self.reg(*a), self.reg(*b));
        let _ = write!(self.out, "\t{opcode}.pred {d}, {x}, {y};");
        true
    }
}
