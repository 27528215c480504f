//! The lowerings, one file each, named `<from>_to_<to>.rs`. Each touches only ops of its source
//! dialect, so a program may enter the pipeline at any dialect.

pub mod aa_to_as;
pub mod as_to_ptx;
pub mod cuda_tile_expand;
pub mod cuda_tile_to_aa;
pub mod streaming;

use tilec_ir::{Builder, Diagnostic, Module, Op, Sym};

/// The error of `pass`, which cannot lower `op` yet, in the terms of the dialect the user wrote
/// (`source`, [`crate::Cx::source`]): an op of that dialect by its own name; an nv_tileaa op
/// the user wrote as cuda_tile (the structure is 1:1) by its cuda_tile name; an op a lowering
/// generated as what it is for the op the user wrote at its location.
pub(crate) fn cannot_lower(
    pass: &str,
    m: &Module,
    op: Op,
    why: impl std::fmt::Display,
    source: Option<tilec_dialects::Dialect>,
) -> Box<Diagnostic> {
    let source = source.map(tilec_dialects::Dialect::as_str);
    let name = m.op_name(op).as_str();
    let (dialect, short) = name.split_once('.').unwrap_or(("", name));
    let message = match source {
        Some(src) if src != dialect && dialect == "nv_tileaa" && src == "cuda_tile" => {
            format!("cannot compile 'cuda_tile.{short}' yet: {why}")
        }
        Some(src) if src != dialect && ["cuda_tile", "nv_tileaa"].contains(&src) => format!(
            "cannot compile this {src} op yet: it lowers to '{name}', which {pass} cannot lower: {why}"
        ),
        _ => format!("{pass} cannot lower '{name}' yet: {why}"),
    };
    Box::new(
        Diagnostic::error(m.op_loc(op), message)
            .with_code(tilec_ir::DiagCode::LowerUnsupported)
            .with_op(op),
    )
}

/// Op `op` (without operands, results or regions) replaced by one named `name` with its
/// attributes, in place: a module-level global keeps what it holds from dialect to dialect
/// (`lower-aa-to-as`, `lower-as-to-ptx`).
pub(crate) fn renamed(m: &mut Module, op: Op, name: Sym) {
    let loc = m.op_loc(op);
    let attrs = m.attrs(op);
    Builder::before(m, op, loc).op_with_dict(name, &[], &[], attrs, 0);
    m.erase_op(op);
}
