//! `print-ptx` for the `ptx.binary` forms the base printer does not spell (kept apart from the
//! memory and sync printing of the parent module): `and`/`or`/`xor` on `i1` are predicate logic,
//! `and.pred` … (the base printer would write `.b32`).

use super::KernelPrinter;
use tilec_ir::{sym, Op, TypeData};

impl KernelPrinter<'_> {
    /// The line of a `ptx.binary` this module spells, or None for the base printer.
    pub(super) fn binary_ext(&mut self, op: Op) -> Option<String> {
        let m = self.m;
        let opcode = m.attr_as::<String>(op, sym!("opcode"))?;
        let r = m.results(op).next()?;
        let [a, b] = m.operands(op) else { return None };
        let pred = matches!(m.type_data(m.value_type(r)), TypeData::Int(1));
        if !pred || !matches!(opcode.as_str(), "and" | "or" | "xor") {
            return None;
        }
        let (d, x, y) = (self.reg(r), self.reg(*a), self.reg(*b));
        Some(format!("\t{opcode}.pred {d}, {x}, {y};"))
    }
}
