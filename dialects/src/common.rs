//! Pieces shared by the dialect tables: attribute sets of memory ops, the memory-pair check, and
//! the arithmetic op list every tile dialect has.

use crate::mem::{check_pair, OpFamily};
use crate::opdef::{def, opt, req, short_name, Arity, AttrKind, AttrSpec, OpDef};
use tilec_ir::{sym, Diagnostics, MemScope, MemSemantic, Module, Op};

/// `mem_semantic` + optional `mem_scope`.
pub const PAIR: &[AttrSpec] = &[
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
/// `kind` + the pair.
pub const RMW_PAIR: &[AttrSpec] = &[
    req("kind", AttrKind::Rmw),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
/// `space` + the pair.
pub const SPACE_PAIR: &[AttrSpec] = &[
    req("space", AttrKind::Space),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
/// `kind` + `space` + the pair.
pub const RMW_SPACE_PAIR: &[AttrSpec] = &[
    req("kind", AttrKind::Rmw),
    req("space", AttrKind::Space),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];

/// The op's `(mem_semantic, mem_scope)`.
pub fn pair(m: &Module, op: Op) -> (Option<MemSemantic>, Option<MemScope>) {
    (
        m.attr_as(op, sym!("mem_semantic")),
        m.attr_as(op, sym!("mem_scope")),
    )
}

fn check_family(m: &Module, op: Op, d: &mut Diagnostics, fam: OpFamily) {
    let (Some(sem), scope) = pair(m, op) else {
        return;
    };
    if let Err(e) = check_pair(fam, short_name(m.op_name(op).as_str()), sem, scope) {
        d.error(m.op_loc(op), e);
    }
}

/// Legality of a load's pair.
pub fn check_load(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Load)
}
/// Legality of a store's pair.
pub fn check_store(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Store)
}
/// Legality of an atomic's pair.
pub fn check_rmw(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Rmw)
}
/// Legality of a reduction's pair.
pub fn check_red(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Red)
}
/// Legality of a fence's pair.
pub fn check_fence(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Fence)
}

/// Leaks a `dialect.op` name built at registry construction (once per process).
pub fn name(dialect: &str, op: &str) -> &'static str {
    Box::leak(format!("{dialect}.{op}").into_boxed_str())
}

/// The arithmetic ops every tile dialect has (MLIR `arith` names).
pub fn arith(dialect: &str) -> Vec<OpDef> {
    let mut v = Vec::new();
    for op in [
        "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli",
        "shrui", "shrsi", "addf", "subf", "mulf", "divf", "maxf", "minf",
    ] {
        v.push(def(
            name(dialect, op),
            "elementwise binary arithmetic",
            Arity::N(2),
            Arity::N(1),
            0,
        ));
    }
    v.push(
        def(
            name(dialect, "cmpi"),
            "integer comparison",
            Arity::N(2),
            Arity::N(1),
            0,
        )
        .attrs(&[req("predicate", AttrKind::Str)]),
    );
    v.push(
        def(
            name(dialect, "cmpf"),
            "float comparison",
            Arity::N(2),
            Arity::N(1),
            0,
        )
        .attrs(&[req("predicate", AttrKind::Str)]),
    );
    v.push(def(
        name(dialect, "select"),
        "select by an i1 condition",
        Arity::N(3),
        Arity::N(1),
        0,
    ));
    v
}
