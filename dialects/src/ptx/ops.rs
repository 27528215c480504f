//! The ptx op catalog (data) and typed views.

use crate::common::{name, pair};
use crate::opdef::{def, opt, req, short_name, Arity::*, AttrKind, AttrSpec, OpDef};
use tilec_ir::{op_view, Diagnostics, MemSemantic, Module, Op};

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

/// PTX has no `.sc` on memory accesses: a lowering must have split it into `fence.sc` + acq_rel.
fn check_no_sc(m: &Module, op: Op, d: &mut Diagnostics) {
    if let (Some(MemSemantic::Sc), _) = pair(m, op) {
        d.error(
            m.op_loc(op),
            format!("PTX has no '.sc' qualifier on '{}'; sc is printed as 'fence.sc' followed by an acq_rel/acquire/release access", short_name(m.op_name(op).as_str())),
        );
    }
}

/// Every ptx op.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    vec![
        def(
            n("kernel"),
            ".visible .entry; `param_types` lists the .param types",
            N(0),
            N(0),
            1,
        )
        .attrs(&[
            req("sym_name", AttrKind::Str),
            req("param_types", AttrKind::Any),
            opt("num_threads", AttrKind::Int),
        ]),
        def(
            n("ld_param"),
            "ld.param of parameter `index`",
            N(0),
            N(1),
            0,
        )
        .attrs(&[req("index", AttrKind::Int)]),
        def(n("cvta_global"), "cvta.to.global.u64", N(1), N(1), 0),
        def(n("mov_sreg"), "mov from a special register", N(0), N(1), 0)
            .attrs(&[req("reg", AttrKind::Str)]),
        def(n("mov_imm"), "mov of an immediate", N(0), N(1), 0)
            .attrs(&[req("value", AttrKind::Number)]),
        def(n("shared_decl"), ".shared array declaration", N(0), N(0), 0).attrs(&[
            req("symbol", AttrKind::Str),
            req("size", AttrKind::Int),
            opt("align", AttrKind::Int),
        ]),
        def(
            n("shared_addr"),
            "mov.u32 of a .shared symbol's address",
            N(0),
            N(1),
            0,
        )
        .attrs(&[req("symbol", AttrKind::Str)]),
        def(n("mad_wide"), "mad.wide.u32 d, a, imm, base", N(2), N(1), 0)
            .attrs(&[req("imm", AttrKind::Int)]),
        def(
            n("binary"),
            "two-operand integer/float arithmetic",
            N(2),
            N(1),
            0,
        )
        .attrs(&[req("opcode", AttrKind::Str)]),
        def(n("setp"), "setp.<cmp>", N(2), N(1), 0).attrs(&[req("cmp", AttrKind::Str)]),
        def(
            n("bra"),
            "branch (predicated when it has an operand)",
            Range(0, 1),
            N(0),
            0,
        )
        .attrs(&[req("label", AttrKind::Str), opt("negate", AttrKind::Any)]),
        def(n("label"), "a branch target", N(0), N(0), 0).attrs(&[req("name", AttrKind::Str)]),
        def(n("ld"), "ld with sem/scope/space", N(1), N(1), 0)
            .attrs(MEM)
            .check(check_no_sc),
        def(n("st"), "st with sem/scope/space", N(2), N(0), 0)
            .attrs(MEM)
            .check(check_no_sc),
        def(n("atom"), "atom with sem/scope/space", Range(2, 3), N(1), 0)
            .attrs(RMW)
            .check(check_no_sc),
        def(n("red"), "red with sem/scope/space", N(2), N(0), 0)
            .attrs(RMW)
            .check(check_no_sc),
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
        ]),
        def(n("bar_sync"), "bar.sync id{, count}", N(0), N(0), 0)
            .attrs(&[req("id", AttrKind::Int), opt("count", AttrKind::Int)]),
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
        ),
    ]
}

macro_rules! views {
    ($($name:ident = $op:expr),* $(,)?) => {
        $(op_view!(
            #[doc = concat!("`", $op, "`.")]
            $name,
            $op
        );)*
    };
}

views!(
    Kernel = "ptx.kernel",
    LdParam = "ptx.ld_param",
    CvtaGlobal = "ptx.cvta_global",
    MovSreg = "ptx.mov_sreg",
    MovImm = "ptx.mov_imm",
    SharedDecl = "ptx.shared_decl",
    SharedAddr = "ptx.shared_addr",
    MadWide = "ptx.mad_wide",
    Binary = "ptx.binary",
    Setp = "ptx.setp",
    Bra = "ptx.bra",
    Label = "ptx.label",
    Ld = "ptx.ld",
    St = "ptx.st",
    Atom = "ptx.atom",
    Red = "ptx.red",
    Fence = "ptx.fence",
    BarSync = "ptx.bar_sync",
    Ret = "ptx.ret",
    Reg = "ptx.reg",
    Mov = "ptx.mov",
);
