//! The ptx checks the op table cannot say. A ptx op is one instruction, so these are the
//! instruction's own rules: the memory pair of `ld`/`st`/`atom`/`red` (SYNC-MODEL §1) and no
//! `.sc` on them (PTX has none: a lowering prints sc as `fence.sc` + a strong access), the
//! restricted fence's pairing, address registers (b32 or b64; global needs b64), barrier ids and
//! counts, special register names, `setp` comparisons, and where `ptx.mov` writes.
//!
//! Checks read operands with `get`: they never panic, whatever the input.

use crate::common::{err, pair, short, ty, FLOAT_PREDICATES, INT_PREDICATES};
use crate::mem::{check, OpFamily};
use crate::opdef::article;
use tilec_ir::{sym, AttrData, Diagnostics, MemSemantic, Module, Op, Space, TypeData};

/// The special registers `mov_sreg` may read (`%` is printed by the printer).
pub const SREGS: &[&str] = &[
    "tid.x",
    "tid.y",
    "tid.z",
    "ntid.x",
    "ntid.y",
    "ntid.z",
    "ctaid.x",
    "ctaid.y",
    "ctaid.z",
    "nctaid.x",
    "nctaid.y",
    "nctaid.z",
    "laneid",
    "warpid",
    "cluster_ctarank",
    "cluster_nctarank",
    "clusterid.x",
    "clusterid.y",
    "clusterid.z",
];

fn family(short: &str) -> OpFamily {
    match short {
        "ld" => OpFamily::Load,
        "st" => OpFamily::Store,
        "atom" => OpFamily::Rmw,
        _ => OpFamily::Red,
    }
}

/// ld/st/atom/red: the §1 pair, then no `.sc`, then the address register and the space.
pub fn check_access(m: &Module, op: Op, d: &mut Diagnostics) {
    let name = short(m, op);
    let (sem, scope) = pair(m, op);
    if let Err(e) = check(family(name), name, sem, scope) {
        d.error(m.op_loc(op), e);
        return;
    }
    if sem == Some(MemSemantic::Sc) {
        err(
            m,
            op,
            d,
            "cannot carry '.sc' in PTX; sc is printed as 'fence.sc' followed by an acquire (ld), release (st/red) or acq_rel (atom) access",
        );
        return;
    }
    let space = m.attr_as::<Space>(op, sym!("space"));
    if space == Some(Space::Tmem) {
        err(
            m,
            op,
            d,
            "does not accept space 'tmem'; expected one of: global, shared_cta, shared_cluster, generic",
        );
    }
    let Some(&a) = m.operands(op).first() else {
        return;
    };
    let at = m.value_type(a);
    let ok = matches!(
        (m.type_data(at), space),
        (TypeData::Int(64), _)
            | (
                TypeData::Int(32),
                Some(Space::SharedCta | Space::SharedCluster)
            )
    );
    if !ok {
        let want = match space {
            Some(Space::SharedCta | Space::SharedCluster) => "i32 or i64",
            _ => "i64",
        };
        err(
            m,
            op,
            d,
            format!(
                "address operand must be an {want} register for space '{}', but it is '{}'",
                space.map_or("?", |s| s.as_str()),
                ty(m, at)
            ),
        );
    }
}

/// `bar_sync`: id 0..15 (ptxas: "Barrier number '16' out of range"), count a positive multiple
/// of 32.
pub fn check_bar_sync(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(id) = m.attr_as::<i64>(op, sym!("id")) {
        if !(0..=15).contains(&id) {
            err(
                m,
                op,
                d,
                format!("attribute 'id' must be in 0..15, but it is {id}"),
            );
        }
    }
    if let Some(c) = m.attr_as::<i64>(op, sym!("count")) {
        if c <= 0 || c % 32 != 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'count' must be a positive multiple of 32, but it is {c}"),
            );
        }
    }
}

/// `mov_sreg`: a special register PTX has.
pub fn check_mov_sreg(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(r) = m.attr_as::<String>(op, sym!("reg")) {
        if !SREGS.contains(&r.as_str()) {
            err(
                m,
                op,
                d,
                format!(
                    "does not know special register '%{r}'; expected one of: {}",
                    SREGS.join(", ")
                ),
            );
        }
    }
}

/// `setp`: a known comparison (integer or float), one operand type, an i1 result.
pub fn check_setp(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(c) = m.attr_as::<String>(op, sym!("cmp")) {
        if !INT_PREDICATES.contains(&c.as_str()) && !FLOAT_PREDICATES.contains(&c.as_str()) {
            err(
                m,
                op,
                d,
                format!(
                    "does not accept comparison '{c}'; expected one of: {}",
                    INT_PREDICATES.join(", ")
                ),
            );
        }
    }
    if let [a, b] = m.operands(op) {
        let (ta, tb) = (m.value_type(*a), m.value_type(*b));
        if ta != tb {
            err(
                m,
                op,
                d,
                format!(
                    "operands must have one type, but they are '{}' and '{}'",
                    ty(m, ta),
                    ty(m, tb)
                ),
            );
        }
    }
    if let Some(r) = m.results(op).next() {
        let t = m.value_type(r);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("result must be i1, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// `mov`: operand #0 is a register declared by `ptx.reg`, of the moved value's type.
pub fn check_mov(m: &Module, op: Op, d: &mut Diagnostics) {
    let [dst, src] = m.operands(op) else {
        return;
    };
    let declared = m
        .defining_op(*dst)
        .is_some_and(|o| m.op_name(o) == sym!("ptx.reg"));
    if !declared {
        err(
            m,
            op,
            d,
            "operand #0 must be a register declared by 'ptx.reg'",
        );
    }
    let (td, ts) = (m.value_type(*dst), m.value_type(*src));
    if td != ts {
        err(
            m,
            op,
            d,
            format!("moves a '{}' into a '{}' register", ty(m, ts), ty(m, td)),
        );
    }
}

/// `bra`: a predicate operand, when there is one, is i1.
pub fn check_bra(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(&p) = m.operands(op).first() {
        let t = m.value_type(p);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("predicate must be i1, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// `shared_decl`: positive size, power-of-two alignment.
pub fn check_shared_decl(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(s) = m.attr_as::<i64>(op, sym!("size")) {
        if s <= 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'size' must be positive, but it is {s}"),
            );
        }
    }
    if let Some(a) = m.attr_as::<i64>(op, sym!("align")) {
        if a <= 0 || a & (a - 1) != 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'align' must be a power of two, but it is {a}"),
            );
        }
    }
}

/// `kernel`: `param_types` is an array of types.
pub fn check_kernel(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(p) = m.get_attr(op, sym!("param_types")) else {
        return;
    };
    let ok = match p {
        AttrData::Array(xs) => xs
            .iter()
            .all(|a| matches!(m.attr_data(*a), AttrData::Type(_))),
        _ => false,
    };
    if !ok {
        err(
            m,
            op,
            d,
            format!(
                "attribute 'param_types' must be an array of types, but it is {}",
                article(p.kind_name())
            ),
        );
    }
}

/// `ld_param`: the index names one of the enclosing kernel's parameters.
pub fn check_ld_param(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(i) = m.attr_as::<i64>(op, sym!("index")) else {
        return;
    };
    let params = m
        .parent_op(op)
        .and_then(|k| match m.get_attr(k, sym!("param_types")) {
            Some(AttrData::Array(xs)) => Some(xs.len() as i64),
            _ => None,
        });
    let bad = i < 0 || params.is_some_and(|n| i >= n);
    if bad {
        err(
            m,
            op,
            d,
            format!(
                "attribute 'index' is {i}, but the kernel has {} parameters",
                params.unwrap_or(0)
            ),
        );
    }
}
