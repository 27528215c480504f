//! The ptx op catalog (data); the typed views are in [`super::views`]. Each entry names its
//! checks (in [`super::verify`]); what a memory/sync op prints as and needs is its typed form
//! ([`super::form`], read by the printer and the target checks of `verify-mem-legality`), and
//! its modifiers are checked against its [`super::isa`] row's legal sets.

use super::verify::*;
use super::views::{Atom, Ld, Red, St};
use crate::common::name;
use crate::opdef::{def, opt, req, Arity::*, AttrKind, AttrSpec, OpDef};

const D: &str = "ptx";

const MEM: &[AttrSpec] = &[
    req("space", AttrKind::Space),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
const RMW: &[AttrSpec] = &[
    req("kind", AttrKind::Rmw),
    req("space", AttrKind::Space),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];

/// Every ptx op.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    let mut v = vec![
        def(
            n("kernel"),
            ".visible .entry; `param_types` lists the .param types",
            N(0),
            N(0),
            1,
        )
        .isolated()
        .check(crate::common::check_kernel_name)
        .attrs(&[
            req("sym_name", AttrKind::Str),
            req("param_types", AttrKind::Any),
            opt("num_threads", AttrKind::Int),
        ])
        .check(check_kernel),
        def(
            n("ld_param"),
            "ld.param of parameter `index`",
            N(0),
            N(1),
            0,
        )
        .attrs(&[req("index", AttrKind::Int)])
        .check(check_ld_param),
        def(n("cvta_global"), "cvta.to.global.u64", N(1), N(1), 0),
        def(n("mov_sreg"), "mov from a special register", N(0), N(1), 0)
            .attrs(&[req("reg", AttrKind::Str)])
            .check(check_mov_sreg),
        def(n("mov_imm"), "mov of an immediate", N(0), N(1), 0)
            .attrs(&[req("value", AttrKind::Number)]),
        def(n("shared_decl"), ".shared array declaration", N(0), N(0), 0)
            .attrs(&[
                req("symbol", AttrKind::Str),
                req("size", AttrKind::Int),
                opt("align", AttrKind::Int),
            ])
            .check(check_shared_decl),
        def(
            n("shared_addr"),
            "mov.u32 of a .shared symbol's address",
            N(0),
            N(1),
            0,
        )
        .attrs(&[req("symbol", AttrKind::Str)]),
        def(
            n("cvt"),
            "cvt between i32 and i64 (`signed`: sign-extend)",
            N(1),
            N(1),
            0,
        )
        .attrs(&[opt("signed", AttrKind::Any)])
        .check(super::verify::check_cvt),
        def(n("mad_wide"), "mad.wide.u32 d, a, imm, base", N(2), N(1), 0)
            .attrs(&[req("imm", AttrKind::Int)]),
        def(
            n("binary"),
            "two-operand integer/float arithmetic",
            N(2),
            N(1),
            0,
        )
        .attrs(&[req("opcode", AttrKind::Str)])
        .check(super::verify::check_binary),
        def(n("setp"), "setp.<cmp>", N(2), N(1), 0)
            .attrs(&[req("cmp", AttrKind::Str)])
            .check(check_setp),
        def(
            n("bra"),
            "branch (predicated when it has an operand)",
            Range(0, 1),
            N(0),
            0,
        )
        .attrs(&[req("label", AttrKind::Str), opt("negate", AttrKind::Any)])
        .check(check_bra),
        def(n("label"), "a branch target", N(0), N(0), 0).attrs(&[req("name", AttrKind::Str)]),
        def(n("ld"), "ld with sem/scope/space", N(1), N(1), 0)
            .attrs(MEM)
            .check(check_access::<Ld>),
        def(n("st"), "st with sem/scope/space", N(2), N(0), 0)
            .attrs(MEM)
            .check(check_access::<St>),
        def(n("atom"), "atom with sem/scope/space", Range(2, 3), N(1), 0)
            .attrs(RMW)
            .check(check_access::<Atom>),
        def(n("red"), "red with sem/scope/space", N(2), N(0), 0)
            .attrs(RMW)
            .check(check_access::<Red>),
        def(
            n("fence"),
            "fence{.sem}.scope (optionally sync_restrict)",
            N(0),
            N(0),
            0,
        )
        .attrs(&[
            req("mem_semantic", AttrKind::Sem),
            req("mem_scope", AttrKind::Scope),
            opt("restrict", AttrKind::Space),
        ])
        .check(check_fence),
        def(n("bar_sync"), "bar.sync id{, count}", N(0), N(0), 0)
            .attrs(&[req("id", AttrKind::Int), opt("count", AttrKind::Int)])
            .check(check_bar_sync),
        def(n("ret"), "ret", N(0), N(0), 0),
        def(
            n("reg"),
            "declares a mutable register (the join point of branches); prints nothing",
            N(0),
            N(1),
            0,
        ),
        def(
            n("mov"),
            "mov into a register declared by ptx.reg (first operand)",
            N(2),
            N(0),
            0,
        )
        .check(check_mov),
    ];
    v.extend(super::sync::ops());
    v
}
