//! Pieces shared by the dialect tables: attribute sets of memory ops, the memory-pair checks of
//! every family (SYNC-MODEL.md §1, through [`crate::mem`]), the type checks of the token-ordered
//! tile memory ops (cuda_tile and nv_tileaa have the same ones), the arithmetic op list every
//! dialect has, and the small helpers the check functions of every dialect use.
//!
//! Check functions never panic: they read operands and results with `get` and report what they
//! cannot find, because the op tables run them on whatever the user wrote.

use crate::mem::{check, check_pair, check_restrict, OpFamily};
use crate::opdef::{opt, req, short_name, AttrKind, AttrSpec};
use crate::types::{is_token, ptr_info, tile_shape};
use tilec_ir::text::type_to_string;
use tilec_ir::{
    sym, Diagnostics, FloatKind, MemScope, MemSemantic, Module, Op, Space, Type, TypeData,
};

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

/// `ld` for `nv_tileas.ld`.
pub fn short(m: &Module, op: Op) -> &'static str {
    short_name(m.op_name(op).as_str())
}

/// A `for`'s body block takes the induction variable (of the bounds' type) and one argument per
/// loop-carried value (of that value's type), as the lowerings bind them.
pub fn check_for_body(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    let Some(&r) = m.regions(op).first() else {
        return;
    };
    let Some(body) = m.entry_block(r) else {
        err(m, op, d, "has no body block");
        return;
    };
    let args = m.block_args(body);
    let want = 1 + ops.len().saturating_sub(3);
    if args.len() != want {
        err(
            m,
            op,
            d,
            format!(
                "binds {want} value(s) to its body block (the induction variable and one per loop-carried value), but the block has {} argument(s)",
                args.len()
            ),
        );
        return;
    }
    // The induction variable has the type of the lower bound; a carried value, its init's.
    let pairs = std::iter::once((args[0], ops[0]))
        .chain(args[1..].iter().copied().zip(ops[3..].iter().copied()));
    for (i, (arg, init)) in pairs.enumerate() {
        let (a, b) = (m.value_type(arg), m.value_type(init));
        if a != b {
            err(
                m,
                op,
                d,
                format!(
                    "binds a value of type '{1}' to its body block's argument #{i}, which has type '{0}'",
                    type_to_string(m, a),
                    type_to_string(m, b)
                ),
            );
        }
    }
}

/// An `if` with results: each arm ends in a `yield` of the results' types, or leaves the arm
/// another way (`break`, `continue`, `return`: what they carry is their own check). An arm that
/// falls off its end would leave the results undefined.
pub fn check_if_arms(m: &Module, op: Op, d: &mut Diagnostics) {
    let want: Vec<Type> = m.results(op).map(|r| m.value_type(r)).collect();
    for (i, &r) in m.regions(op).iter().enumerate() {
        let arm = if i == 0 { "then" } else { "else" };
        let last = m.region_blocks(r).last().and_then(|&b| m.last_op(b));
        match last.map(|t| (t, short(m, t))) {
            Some((t, "yield")) => {
                let got: Vec<Type> = m.operands(t).iter().map(|&v| m.value_type(v)).collect();
                if got != want {
                    err(
                        m,
                        op,
                        d,
                        format!(
                            "{arm} arm yields ({}), but the 'if' has results ({})",
                            types(m, &got),
                            types(m, &want)
                        ),
                    );
                }
            }
            Some((_, "break" | "continue" | "return")) => {}
            _ if want.is_empty() => {}
            _ => err(
                m,
                op,
                d,
                format!(
                    "has results ({}), but its {arm} arm does not end in a 'yield' of them",
                    types(m, &want)
                ),
            ),
        }
    }
}

/// A kernel's `sym_name` is printed as the PTX entry's name, so it must be a PTX identifier
/// (PTX ISA, "Identifiers": a letter followed by letters, digits, `_` and `$`, or `_`, `$` or
/// `%` followed by at least one of them).
pub fn check_kernel_name(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(name) = m.attr_as::<String>(op, sym!("sym_name")) else {
        return;
    };
    let rest_ok = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    };
    let ok = match name.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => rest_ok(&name[1..]),
        Some('_' | '$' | '%') => name.len() > 1 && rest_ok(&name[1..]),
        _ => false,
    };
    if !ok {
        err(
            m,
            op,
            d,
            format!(
                "name '{}' is not a PTX identifier (a letter, then letters, digits, '_' or '$'); the PTX entry takes this name",
                name.escape_debug()
            ),
        );
    }
}

/// The values `op` defines: its results, then its regions' entry-block arguments.
pub fn defined_values(m: &Module, op: Op) -> impl Iterator<Item = tilec_ir::Value> + '_ {
    let args = m
        .regions(op)
        .iter()
        .filter_map(|&r| m.entry_block(r))
        .flat_map(|b| m.block_args(b).iter().copied());
    m.results(op).chain(args)
}

/// NVIDIA's bound on a tile's size (cuda_tile `Types.h`, `maxTileNumElements`): 2^24 elements.
pub const MAX_TILE_ELEMENTS: u64 = 1 << 24;

/// The results and region arguments of `op` are tiles of at most [`MAX_TILE_ELEMENTS`] elements
/// (NVIDIA's `verifyTileSize`, with its message); a larger one could never be distributed over a
/// CTA's registers either.
pub fn check_tile_sizes(m: &Module, op: Op, d: &mut Diagnostics) {
    for v in defined_values(m, op) {
        let Some((dims, _)) = tile_shape(m, m.value_type(v)) else {
            continue;
        };
        let n = dims.iter().try_fold(1u64, |n, &x| {
            n.checked_mul(x).filter(|&p| p <= MAX_TILE_ELEMENTS)
        });
        if n.is_none() {
            let t = ty(m, m.value_type(v));
            let msg =
                format!("tile would exceed the maximum of {MAX_TILE_ELEMENTS} elements: '{t}'");
            d.error_code(tilec_ir::DiagCode::VerifyType, m.op_loc(op), msg);
            return;
        }
    }
}

/// Reports an error at `op`, prefixed with its quoted short name: `'gep' …`.
pub fn err(m: &Module, op: Op, d: &mut Diagnostics, msg: impl std::fmt::Display) {
    d.error(m.op_loc(op), format!("'{}' {msg}", short(m, op)));
}

/// [`err`] for an operand or result of a type the op does not take (`verify.type`).
pub fn type_err(m: &Module, op: Op, d: &mut Diagnostics, msg: impl std::fmt::Display) {
    let msg = format!("'{}' {msg}", short(m, op));
    d.error_code(tilec_ir::DiagCode::VerifyType, m.op_loc(op), msg);
}

/// The spelling of a type, for diagnostics.
pub fn ty(m: &Module, t: Type) -> String {
    type_to_string(m, t)
}

/// The spellings of types, comma-separated (`i32, !cuda_tile.token`), for diagnostics.
pub fn types(m: &Module, ts: &[Type]) -> String {
    ts.iter().map(|&t| ty(m, t)).collect::<Vec<_>>().join(", ")
}

fn check_family(m: &Module, op: Op, d: &mut Diagnostics, fam: OpFamily) {
    let (sem, scope) = pair(m, op);
    if let Err(e) = check(fam, short(m, op), sem, scope) {
        d.error_code(e.code, m.op_loc(op), e.message);
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
/// `streaming` (PTX's `.cs` cache operator: "cache streaming, likely to be accessed once") is
/// a hint. PTX ISA, "Cache Operators": they "are treated as performance hints only", and using
/// one "does not change the memory consistency behavior of the program". PTX has `.cop` only on
/// the weak forms (`ld{.weak}{.ss}{.cop}…`, `st{.weak}{.ss}{.cop}…`; the relaxed, acquire,
/// release and volatile forms have none), and tilec writes it only on global accesses.
/// `space`: the access's state space (None for the tile ops, whose pointers are global).
pub fn check_streaming(m: &Module, op: Op, d: &mut Diagnostics, space: Option<Space>) {
    if m.get_attr(op, sym!("streaming")).is_none() {
        return;
    }
    match m.attr_as::<MemSemantic>(op, sym!("mem_semantic")) {
        Some(s) if s != MemSemantic::Weak => err(
            m,
            op,
            d,
            format!("with 'streaming' must be weak, not '{s}' (PTX has the '.cs' cache operator only on weak accesses)"),
        ),
        _ => match space {
            Some(s) if s != Space::Global => err(
                m,
                op,
                d,
                format!("with 'streaming' must access global memory, not '{s}'"),
            ),
            _ => {}
        },
    }
}
/// Legality of an atomic's pair.
pub fn check_rmw(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Rmw)
}
/// Legality of a reduction's pair.
pub fn check_red(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::Red)
}

/// The value types an atomic operation `kind` takes, as PTX has them (PTX ISA, `atom`/`red`):
/// 32- and 64-bit values; on floats only `add` and `exch` (and compare-and-swap, as bits);
/// `inc`/`dec` only on 32-bit integers. `value` is operand `value`'s type, or its tile's element.
pub fn check_rmw_value(m: &Module, op: Op, d: &mut Diagnostics, value: usize) {
    let Some(&v) = m.operands(op).get(value) else {
        return;
    };
    let t = m.value_type(v);
    let elem = tile_shape(m, t).map_or(t, |(_, e)| e);
    let kind = m.attr_as::<tilec_ir::RmwKind>(op, sym!("kind"));
    use tilec_ir::RmwKind as K;
    let why = match (m.type_data(elem), kind) {
        (TypeData::Int(w), _) if *w != 32 && *w != 64 => Some("atomics take 32- or 64-bit values"),
        (
            TypeData::Float(k),
            Some(K::And | K::Or | K::Xor | K::Max | K::Min | K::UMax | K::UMin | K::Inc | K::Dec),
        ) if k.bits() >= 32 => {
            Some("on floats PTX has only the atomic add and exchange (and compare-and-swap)")
        }
        // PTX ISA, atom/red: `.add.noftz.f16` (PTX 6.3, sm_70) and `.add.noftz.bf16` (PTX 7.8,
        // sm_90) are the only atomics on 16-bit floats; the target check asks the ISA table.
        (TypeData::Float(FloatKind::F16 | FloatKind::BF16), Some(K::Add)) => None,
        (TypeData::Float(FloatKind::F16 | FloatKind::BF16), _) => Some(
            "on f16 and bf16 PTX has only the atomic add (atom.add.noftz.f16, atom.add.noftz.bf16)",
        ),
        (TypeData::Float(k), _) if k.bits() < 32 => Some("atomics take 32- or 64-bit values"),
        (TypeData::Int(64), Some(K::Inc | K::Dec)) => {
            Some("PTX has atomic inc and dec only on 32-bit integers (atom.inc.u32)")
        }
        _ => None,
    };
    if let Some(why) = why {
        let k = kind.map_or("cas", |k| k.as_str());
        err(
            m,
            op,
            d,
            format!("'{k}' on '{}' values: {why}", ty(m, elem)),
        );
    }
}
/// Legality of a fence's pair; with a `restrict` space, of the restricted fence (the space fixes
/// the semantic, the scope is cluster).
pub fn check_fence(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(sem), scope) = pair(m, op) else {
        return;
    };
    let r = match m.attr_as::<Space>(op, sym!("restrict")) {
        Some(space) => check_restrict(short(m, op), space, sem, scope),
        None => check_pair(OpFamily::Fence, short(m, op), sem, scope),
    };
    if let Err(e) = r {
        d.error_code(e.code, m.op_loc(op), e.message);
    }
}
/// Legality of an mbarrier arrive / arrive_drop / expect_tx / complete_tx pair (release or
/// relaxed; cta or cluster; both optional).
pub fn check_mbarrier_arrive(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::MbarrierArrive)
}
/// Legality of an mbarrier try_wait / test_wait / wait pair (acquire or relaxed; cta or
/// cluster; both optional).
pub fn check_mbarrier_wait(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::MbarrierWait)
}
/// Legality of `cluster_arrive` (release or relaxed; the scope is the cluster).
pub fn check_cluster_arrive(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::ClusterArrive)
}
/// Legality of `cluster_wait` (acquire only; the scope is the cluster).
pub fn check_cluster_wait(m: &Module, op: Op, d: &mut Diagnostics) {
    check_family(m, op, d, OpFamily::ClusterWait)
}

// ---- token-ordered tile memory ops (cuda_tile, nv_tileaa) ----------------------------------

/// The pointer tile operand #0 of a tile memory op: its dims and the pointee type (when the
/// pointer type names one). Reports and returns None when operand #0 is not a tile of pointers.
fn ptr_tile<'m>(m: &'m Module, op: Op, d: &mut Diagnostics) -> Option<(&'m [u64], Option<Type>)> {
    let &p = m.operands(op).first()?;
    let t = m.value_type(p);
    let info = tile_shape(m, t).and_then(|(dims, e)| ptr_info(m, e).map(|(_, e)| (dims, e)));
    if info.is_none() {
        err(
            m,
            op,
            d,
            format!(
                "operand #0 must be a tile of pointers, but it is '{}'",
                ty(m, t)
            ),
        );
    }
    info
}

/// A value [`expect_tile`] checks: operand #i or result #0 (named only in a diagnostic).
enum Checked {
    Operand(usize),
    Result0,
}

impl std::fmt::Display for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checked::Operand(i) => write!(f, "operand #{i}"),
            Checked::Result0 => f.write_str("result #0"),
        }
    }
}

/// Checks that `t` is a tile of shape `dims` with element `elem` (when known).
fn expect_tile(
    m: &Module,
    op: Op,
    d: &mut Diagnostics,
    what: Checked,
    t: Type,
    dims: &[u64],
    elem: Option<Type>,
) {
    let ok = tile_shape(m, t).is_some_and(|(td, te)| td == dims && elem.is_none_or(|e| e == te));
    if !ok {
        let shape: String = dims.iter().map(|n| format!("{n}x")).collect();
        let e = elem.map_or("T".to_string(), |e| ty(m, e));
        type_err(
            m,
            op,
            d,
            format!(
                "{what} must be a tile<{shape}{e}> matching the pointer tile, but it is '{}'",
                ty(m, t)
            ),
        );
    }
}

/// Checks the trailing token operand (when present beyond `fixed` operands) and the token
/// result at `result`.
fn check_tokens(m: &Module, op: Op, d: &mut Diagnostics, fixed: usize, result: usize) {
    if let Some(&t) = m.operands(op).get(fixed) {
        if !is_token(m, m.value_type(t)) {
            err(
                m,
                op,
                d,
                format!(
                    "operand #{fixed} must be a token, but it is '{}'",
                    ty(m, m.value_type(t))
                ),
            );
        }
    }
    if result < m.num_results(op) {
        let t = m.value_type(m.result(op, result));
        if !is_token(m, t) {
            err(
                m,
                op,
                d,
                format!("result #{result} must be a token, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// The operands of a token-ordered tile memory op, split by role. NVIDIA's `load_ptr_tko`,
/// `store_ptr_tko`, `atomic_rmw_tko` and `atomic_cas_tko` take, after the pointer tile and the
/// op's value tiles, an optional `tile<…xi1>` mask, (loads only) an optional padding tile, and an
/// optional token, in that order; the types tell them apart (the token is last and token-typed,
/// the mask is the first `i1` tile). One derivation, used by the verifier, the custom syntax and
/// the lowerings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemOperands {
    /// How many value operands follow the pointer (0 load, 1 store/rmw, 2 cas).
    pub values: usize,
    /// Operand index of the mask.
    pub mask: Option<usize>,
    /// Operand index of the padding value (loads).
    pub padding: Option<usize>,
    /// Operand index of the token.
    pub token: Option<usize>,
    /// Operands that fit none of the roles (the verifier reports them).
    pub extra: usize,
}

impl MemOperands {
    /// Splits `op`'s operands: `values` value operands follow the pointer, and a padding
    /// operand may follow the mask when `padding` (`load_ptr_tko`).
    pub fn of(m: &Module, op: Op, values: usize, padding: bool) -> MemOperands {
        let ops = m.operands(op);
        let mut r = MemOperands {
            values,
            ..Default::default()
        };
        let mut end = ops.len();
        if end > 1 + values && is_token(m, m.value_type(ops[end - 1])) {
            end -= 1;
            r.token = Some(end);
        }
        let mut i = 1 + values;
        let is_i1 = |v: tilec_ir::Value| {
            tile_shape(m, m.value_type(v))
                .is_some_and(|(_, e)| matches!(m.type_data(e), TypeData::Int(1)))
        };
        if i < end && is_i1(ops[i]) {
            r.mask = Some(i);
            i += 1;
        }
        if padding && r.mask.is_some() && i < end {
            r.padding = Some(i);
            i += 1;
        }
        r.extra = end.saturating_sub(i);
        r
    }
}

/// `fixed` value operands after the pointer must be tiles matching it; `loaded` says whether
/// result #0 is such a tile. A mask is an `i1` tile of the pointer tile's shape, a padding value
/// a tile like the loaded one.
fn check_tile_mem(m: &Module, op: Op, d: &mut Diagnostics, values: usize, loaded: bool) {
    let Some((dims, elem)) = ptr_tile(m, op, d) else {
        return;
    };
    let split = MemOperands::of(m, op, values, loaded && values == 0);
    for i in (1..=values).chain(split.padding) {
        if let Some(&v) = m.operands(op).get(i) {
            expect_tile(m, op, d, Checked::Operand(i), m.value_type(v), dims, elem);
        }
    }
    if let Some(i) = split.mask {
        // The element is i1 (that is how the mask was recognized); the shape must match.
        let t = m.value_type(m.operands(op)[i]);
        if tile_shape(m, t).is_none_or(|(md, _)| md != dims) {
            let shape: String = dims.iter().map(|n| format!("{n}x")).collect();
            type_err(
                m,
                op,
                d,
                format!(
                    "operand #{i} (the mask) must be a tile<{shape}i1>, but it is '{}'",
                    ty(m, t)
                ),
            );
        }
    }
    if split.extra > 0 {
        let first =
            1 + values + usize::from(split.mask.is_some()) + usize::from(split.padding.is_some());
        let t = m.value_type(m.operands(op)[first]);
        let what = match (split.mask.is_some(), loaded && values == 0) {
            (false, true) => "an i1 mask tile or a token",
            (true, true) if split.padding.is_none() => "a padding tile or a token",
            (false, false) => "an i1 mask tile or a token",
            _ => "a token",
        };
        err(
            m,
            op,
            d,
            format!("operand #{first} must be {what}, but it is '{}'", ty(m, t)),
        );
        return;
    }
    if loaded && m.num_results(op) > 0 {
        let t = m.value_type(m.result(op, 0));
        expect_tile(m, op, d, Checked::Result0, t, dims, elem);
    }
    if let Some(t) = split.token {
        check_tokens(m, op, d, t, usize::from(loaded));
    } else {
        check_tokens(m, op, d, usize::MAX, usize::from(loaded));
    }
}

/// `load_ptr_tko`: pair + types (pointer tile, optional mask and padding, optional token →
/// value tile, token).
pub fn check_tile_load(m: &Module, op: Op, d: &mut Diagnostics) {
    check_load(m, op, d);
    check_streaming(m, op, d, None);
    check_tile_mem(m, op, d, 0, true);
}
/// `store_ptr_tko`: pair + types (pointer tile, value tile, optional mask, optional token →
/// token).
pub fn check_tile_store(m: &Module, op: Op, d: &mut Diagnostics) {
    check_store(m, op, d);
    check_streaming(m, op, d, None);
    check_tile_mem(m, op, d, 1, false);
}
/// `atomic_rmw_tko`: pair + types (pointer tile, value tile, optional mask, optional token →
/// old tile, token).
pub fn check_tile_rmw(m: &Module, op: Op, d: &mut Diagnostics) {
    check_rmw(m, op, d);
    check_tile_mem(m, op, d, 1, true);
    check_rmw_value(m, op, d, 1);
}
/// `atomic_cas_tko`: pair + types (pointer tile, compare, new, optional mask, optional token →
/// old, token).
pub fn check_tile_cas(m: &Module, op: Op, d: &mut Diagnostics) {
    check_rmw(m, op, d);
    check_tile_mem(m, op, d, 2, true);
    check_rmw_value(m, op, d, 1);
}
/// `fence_tko`: pair + types (optional token → token).
pub fn check_tile_fence(m: &Module, op: Op, d: &mut Diagnostics) {
    check_fence(m, op, d);
    check_tokens(m, op, d, 0, 0);
}

/// `return`: no values in a kernel; in NVIDIA's test function (`testing$func`) the function's
/// result types, which its `function_type` attribute states.
pub fn check_return(m: &Module, op: Op, d: &mut Diagnostics) {
    let mut at = m.parent_op(op);
    while let Some(p) = at.filter(|&p| matches!(short(m, p), "if" | "for" | "loop")) {
        at = m.parent_op(p);
    }
    let want: Vec<Type> = match at {
        Some(f) if short(m, f) == "testing$func" => match m.get_attr(f, sym!("function_type")) {
            Some(tilec_ir::AttrData::Type(t)) => match m.type_data(*t) {
                TypeData::Function { results, .. } => results.to_vec(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let got: Vec<Type> = m.operands(op).iter().map(|&v| m.value_type(v)).collect();
    if got != want {
        type_err(
            m,
            op,
            d,
            format!(
                "returns ({}), but its function returns ({})",
                types(m, &got),
                types(m, &want)
            ),
        );
    }
}

/// `cat %a, %b dim = d`: tiles of one element type and rank whose shapes differ only along `d`;
/// the result is their shape with the two sizes along `d` added.
pub fn check_cat(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    let (Some(&a), Some(&b), Some(r)) = (ops.first(), ops.get(1), m.results(op).next()) else {
        return;
    };
    let dim = match m.get_attr(op, sym!("dim")) {
        Some(tilec_ir::AttrData::Int { value, .. }) => *value,
        _ => return,
    };
    let shapes = [a, b, r].map(|v| tile_shape(m, m.value_type(v)).map(|(ds, e)| (ds.to_vec(), e)));
    let [Some((da, ea)), Some((db, eb)), Some((dr, er))] = shapes else {
        return err(m, op, d, "takes and yields tiles");
    };
    let rank = da.len();
    if dim < 0 || dim as usize >= rank.max(1) || db.len() != rank || dr.len() != rank || rank == 0 {
        return err(
            m,
            op,
            d,
            format!(
                "'dim' {dim} must name a dimension of its operands, tiles of one rank (at least 1)"
            ),
        );
    }
    let k = dim as usize;
    let mut want = da.clone();
    want[k] = da[k] + db[k];
    let same_else = (0..rank).all(|i| i == k || da[i] == db[i]);
    if ea != eb || ea != er || !same_else || dr != want {
        type_err(
            m,
            op,
            d,
            format!(
                "concatenates '{}' and '{}' along dimension {dim} into '{}': the shapes or element types do not fit",
                ty(m, m.value_type(a)),
                ty(m, m.value_type(b)),
                ty(m, m.value_type(r))
            ),
        );
    }
}

/// `reshape`: one element type, one number of elements (NVIDIA's verifier says the same).
pub fn check_reshape(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&a), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (ta, tr) = (m.value_type(a), m.value_type(r));
    if let (Some((da, ea)), Some((dr, er))) = (tile_shape(m, ta), tile_shape(m, tr)) {
        if ea != er {
            type_err(
                m,
                op,
                d,
                format!(
                    "reshapes '{}' to '{}': the element types differ",
                    ty(m, ta),
                    ty(m, tr)
                ),
            );
        } else if crate::types::elements(da) != crate::types::elements(dr) {
            type_err(
                m,
                op,
                d,
                format!(
                    "reshapes '{}' to '{}': the numbers of elements differ",
                    ty(m, ta),
                    ty(m, tr)
                ),
            );
        }
    }
}

/// NVIDIA's `negi`: an integer tile in, one of its type out.
pub fn check_negi(m: &Module, op: Op, d: &mut Diagnostics) {
    let ts: Vec<Type> = m
        .operands(op)
        .iter()
        .map(|&v| m.value_type(v))
        .chain(m.results(op).map(|r| m.value_type(r)))
        .collect();
    let int = ts
        .first()
        .and_then(|&t| tile_shape(m, t))
        .is_some_and(|(_, e)| matches!(m.type_data(e), TypeData::Int(_)));
    if !int || ts.iter().any(|&t| t != ts[0]) {
        let got = ts.first().map_or(String::new(), |&t| ty(m, t));
        type_err(
            m,
            op,
            d,
            format!("negates an integer tile into one of its type, but got '{got}'"),
        );
    }
}

/// `if`: the condition is a 0-d tile of i1 (a tile op's condition is one value for the block).
pub fn check_if_cond(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(&c) = m.operands(op).first() else {
        return;
    };
    let t = m.value_type(c);
    let ok = tile_shape(m, t)
        .is_some_and(|(dims, e)| dims.is_empty() && matches!(m.type_data(e), TypeData::Int(1)));
    if !ok {
        type_err(
            m,
            op,
            d,
            format!(
                "operand #0 (the condition) must be a 0-d tile of i1, but it is '{}'",
                ty(m, t)
            ),
        );
    }
}

/// `continue` / `break`: inside a loop (through `if`s: `continue` in a `for` or `loop`, `break`
/// in a `loop`), passing the values the loop carries: a `for`'s results, a `loop` body's
/// arguments (`continue`) or its results (`break`).
pub fn check_loop_exit(m: &Module, op: Op, d: &mut Diagnostics) {
    let brk = short(m, op) == "break";
    let mut at = m.parent_op(op);
    while let Some(p) = at.filter(|&p| short(m, p) == "if") {
        at = m.parent_op(p);
    }
    let lp = at.filter(|&p| {
        let s = short(m, p);
        s == "loop" || (!brk && s == "for")
    });
    let Some(lp) = lp else {
        let want = if brk {
            "a 'loop'"
        } else {
            "a 'for' or a 'loop'"
        };
        return err(
            m,
            op,
            d,
            format!("must be inside {want} (through 'if's only)"),
        );
    };
    let want: Vec<Type> = if brk || short(m, lp) == "for" {
        m.results(lp).map(|r| m.value_type(r)).collect()
    } else {
        m.regions(lp)
            .first()
            .and_then(|&r| m.entry_block(r))
            .map(|b| m.block_args(b).iter().map(|&a| m.value_type(a)).collect())
            .unwrap_or_default()
    };
    let got: Vec<Type> = m.operands(op).iter().map(|&v| m.value_type(v)).collect();
    if got != want {
        let what = if brk {
            "the loop's results"
        } else {
            "the values the loop carries"
        };
        type_err(
            m,
            op,
            d,
            format!(
                "passes ({}), but {what} are ({})",
                types(m, &got),
                types(m, &want)
            ),
        );
    }
}

/// `get_tile_block_id` / `get_num_tile_blocks`: one result (the dimension `dim`, tilec's form)
/// or NVIDIA's three (x, y, z, without `dim`), all of one type.
pub fn check_block_query(m: &Module, op: Op, d: &mut Diagnostics) {
    let n = m.num_results(op);
    if n == 2 {
        err(
            m,
            op,
            d,
            "expected 1 result (with 'dim') or 3 results (x, y, z), but found 2",
        );
    } else if n == 3 && m.get_attr(op, sym!("dim")).is_some() {
        err(m, op, d, "the three-result form (x, y, z) takes no 'dim'");
    }
    let Some(t) = m.results(op).next().map(|r| m.value_type(r)) else {
        return;
    };
    if m.results(op).any(|r| m.value_type(r) != t) {
        err(m, op, d, "the x, y and z results must have one type");
    }
}

/// `constant`: an element-wise value (an array) has one number per element of the result tile,
/// each an integer for an integer tile and a float for a float tile.
pub fn check_tile_constant(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(tilec_ir::AttrData::Array(items)) = m.get_attr(op, sym!("value")) else {
        return;
    };
    let Some(r) = m.results(op).next() else {
        return;
    };
    let Some((dims, elem)) = tile_shape(m, m.value_type(r)) else {
        return type_err(m, op, d, "an element-wise constant must yield a tile");
    };
    let n = crate::types::elements(dims);
    if items.len() as u64 != n || dims.is_empty() {
        return type_err(
            m,
            op,
            d,
            format!(
                "has {} values for a tile of {n} elements ('{}')",
                items.len(),
                ty(m, m.value_type(r))
            ),
        );
    }
    let float = matches!(m.type_data(elem), TypeData::Float(_));
    let ok = items.iter().all(|&a| match m.attr_data(a) {
        tilec_ir::AttrData::Int { .. } => !float,
        tilec_ir::AttrData::Float { .. } => float,
        _ => false,
    });
    if !ok {
        type_err(
            m,
            op,
            d,
            format!(
                "its values must be numbers of the element type '{}'",
                ty(m, elem)
            ),
        );
    }
}

/// `[B x] M x K` times `[B x] K x N` into `[B x] M x N` (NVIDIA's mmaf/mmai shapes: rank 2, or 3
/// with one batch size).
pub fn mma_shapes_ok(da: &[u64], db: &[u64], dc: &[u64]) -> bool {
    let rank = da.len();
    let batch_ok = rank == 2 || (rank == 3 && da[0] == db[0] && da[0] == dc[0]);
    let (i, j) = (rank.saturating_sub(2), rank.saturating_sub(1));
    batch_ok
        && db.len() == rank
        && dc.len() == rank
        && da[j] == db[i]
        && dc[i] == da[i]
        && dc[j] == db[j]
}

/// `mmaf %a, %b, %acc`: `a` is `[B x] M x K`, `b` `[B x] K x N`, `acc` and the result
/// `[B x] M x N` (one type); `a` and `b` share a float element type, `acc`'s is a float too.
pub fn check_mmaf(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    let (Some(&a), Some(&b), Some(&c), Some(r)) =
        (ops.first(), ops.get(1), ops.get(2), m.results(op).next())
    else {
        return;
    };
    let shapes = [a, b, c].map(|v| tile_shape(m, m.value_type(v)).map(|(ds, e)| (ds.to_vec(), e)));
    let [Some((da, ea)), Some((db, eb)), Some((dc, ec))] = shapes else {
        return err(m, op, d, "takes tiles");
    };
    let is_float = |e: Type| matches!(m.type_data(e), tilec_ir::TypeData::Float(_));
    if !mma_shapes_ok(&da, &db, &dc) || ea != eb || !is_float(ea) || !is_float(ec) {
        return type_err(
            m,
            op,
            d,
            format!(
                "multiplies '{}' by '{}' into '{}': want [B x] M x K and [B x] K x N tiles of one float type and a [B x] M x N float accumulator",
                ty(m, m.value_type(a)),
                ty(m, m.value_type(b)),
                ty(m, m.value_type(c))
            ),
        );
    }
    if m.value_type(r) != m.value_type(c) {
        return type_err(m, op, d, "yields a result of the accumulator's type");
    }
    // NVIDIA's element combinations (narrow_floats::MMAF_ACC).
    use crate::narrow_floats::{MMAF_ACC, MMAF_ACC_TYPES};
    use tilec_ir::TypeData as T;
    let (&T::Float(fa), &T::Float(fc)) = (m.type_data(ea), m.type_data(ec)) else {
        return;
    };
    let Some(&(_, allowed)) = MMAF_ACC.iter().find(|(k, _)| *k == fa) else {
        return type_err(
            m,
            op,
            d,
            format!(
                "operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '{}'",
                ty(m, m.value_type(a))
            ),
        );
    };
    if !MMAF_ACC_TYPES.contains(&fc) {
        return type_err(
            m,
            op,
            d,
            format!(
                "operand #2 must be mmaf acc/result tile type of f16 or f32 or f64 values, but got '{}'",
                ty(m, m.value_type(c))
            ),
        );
    }
    if !allowed.contains(&fc) {
        let names: Vec<String> = allowed
            .iter()
            .map(|k| format!("'{}'", k.as_str()))
            .collect();
        type_err(
            m,
            op,
            d,
            format!(
                "unsupported combination of element types: '{}' factors accumulate into {}, not '{}'",
                fa.as_str(),
                names.join(" or "),
                fc.as_str()
            ),
        );
    }
}

/// `reduce`: N input tiles of one shape, N results of that shape less dimension `dim`, one
/// identity per input, and a body of one block taking (element, accumulator) 0-d tile pairs.
/// `scan`: the same with results of the inputs' shape (NVIDIA binds the body's arguments in
/// the same order: the current element, then the running accumulator).
pub fn check_reduce(m: &Module, op: Op, d: &mut Diagnostics) {
    let ins = m.operands(op);
    let n = ins.len();
    if m.num_results(op) != n {
        return err(
            m,
            op,
            d,
            format!("has {n} inputs but {} results", m.num_results(op)),
        );
    }
    let Some((dims, _)) = ins.first().and_then(|&v| tile_shape(m, m.value_type(v))) else {
        return err(m, op, d, "its inputs must be tiles");
    };
    let dim = match m.get_attr(op, sym!("dim")) {
        Some(tilec_ir::AttrData::Int { value, .. }) => *value,
        _ => return,
    };
    if dim < 0 || dim as usize >= dims.len() {
        return err(
            m,
            op,
            d,
            format!("'dim' is {dim}, but the inputs have rank {}", dims.len()),
        );
    }
    // A scan keeps the shape; a reduction drops dimension `dim`.
    let scan = short(m, op) == "scan";
    let mut out: Vec<u64> = dims.to_vec();
    if !scan {
        out.remove(dim as usize);
    }
    for (i, (&a, r)) in ins.iter().zip(m.results(op)).enumerate() {
        let (ta, tr) = (
            tile_shape(m, m.value_type(a)),
            tile_shape(m, m.value_type(r)),
        );
        let ok = matches!((ta, tr), (Some((da, ea)), Some((dr, er))) if da == dims && dr == out.as_slice() && ea == er);
        if !ok {
            let msg = if scan {
                format!("input #{i} and result #{i} must be tiles of the inputs' shape, of one element type")
            } else {
                format!("input #{i} and result #{i} must be a tile of the inputs' shape and that shape without dimension {dim}, of one element type")
            };
            err(m, op, d, msg);
        }
    }
    match m.get_attr(op, sym!("identities")) {
        Some(tilec_ir::AttrData::Array(a)) if a.len() == n => {}
        _ => err(
            m,
            op,
            d,
            format!("'identities' must be an array of {n} value(s), one per input"),
        ),
    }
    let elems: Vec<Option<Type>> = ins
        .iter()
        .map(|&v| tile_shape(m, m.value_type(v)).map(|(_, e)| e))
        .collect();
    if let Some(tilec_ir::AttrData::Array(ids)) = m.get_attr(op, sym!("identities")) {
        for (i, (&a, e)) in ids.iter().zip(&elems).enumerate() {
            let t = match m.attr_data(a) {
                tilec_ir::AttrData::Int { ty, .. } | tilec_ir::AttrData::Float { ty, .. } => {
                    Some(*ty)
                }
                _ => None,
            };
            if t.is_none() || t != *e {
                err(
                    m,
                    op,
                    d,
                    format!("identity #{i} must be a number of input #{i}'s element type"),
                );
            }
        }
    }
    let Some(b) = m.regions(op).first().and_then(|&r| m.entry_block(r)) else {
        return err(m, op, d, "has no body");
    };
    // Each pair of body arguments: 0-d tiles of the input's element type.
    let args_ok = m.block_args(b).len() == 2 * n
        && m.block_args(b).iter().enumerate().all(|(j, &a)| {
            tile_shape(m, m.value_type(a))
                .is_some_and(|(dims, e)| dims.is_empty() && Some(e) == elems[j / 2])
        });
    if !args_ok {
        err(m, op, d, format!("its body takes {} 0-d tiles: an element and an accumulator of each input's element type", 2 * n));
    }
    if let Some(last) = m.last_op(b) {
        let ys: Vec<Option<Type>> = m
            .operands(last)
            .iter()
            .map(|&v| {
                tile_shape(m, m.value_type(v))
                    .filter(|(dims, _)| dims.is_empty())
                    .map(|(_, e)| e)
            })
            .collect();
        if ys != elems {
            err(m, op, d, format!("its body yields {} value(s), but must yield a 0-d tile of each input's element type ({n})", ys.len()));
        }
    }
    // The body combines values: no memory op, no token.
    for o in m.block_ops(b) {
        let impure = m.results(o).any(|r| is_token(m, m.value_type(r)))
            || m.operands(o).iter().any(|&v| is_token(m, m.value_type(v)));
        if impure {
            err(
                m,
                o,
                d,
                format!("only pure operations are allowed inside '{}'", short(m, op)),
            );
        }
    }
}

// ---- arithmetic ------------------------------------------------------------------------------

/// The float math ops: every operand and the result have one float (tile) type.
pub fn check_float_math(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    let t = m.value_type(r);
    let elem = tile_shape(m, t).map_or(t, |(_, e)| e);
    if let Some(msg) = crate::narrow_floats::base_float_only(m, "result", t) {
        return type_err(m, op, d, msg);
    }
    if !matches!(m.type_data(elem), TypeData::Float(_)) {
        return type_err(
            m,
            op,
            d,
            format!("takes float operands, but its result is '{}'", ty(m, t)),
        );
    }
    for (i, &v) in m.operands(op).iter().enumerate() {
        if m.value_type(v) != t {
            let vt = ty(m, m.value_type(v));
            type_err(
                m,
                op,
                d,
                format!("operand #{i} is '{vt}', but the result is '{}'", ty(m, t)),
            );
        }
    }
}

/// `extsi`/`extui` (wider result) and `trunci` (narrower result): integer operand and result of
/// one shape (tiles of one shape, or scalars).
pub fn check_int_cast(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&a), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (ta, tr) = (m.value_type(a), m.value_type(r));
    let split = |t: Type| match tile_shape(m, t) {
        Some((dims, e)) => (Some(dims), e),
        None => (None, t),
    };
    let ((da, ea), (dr, er)) = (split(ta), split(tr));
    let width = |t: Type| match m.type_data(t) {
        TypeData::Int(w) => Some(*w),
        _ => None,
    };
    let widen = short(m, op) != "trunci";
    let ok = da == dr
        && match (width(ea), width(er)) {
            (Some(wa), Some(wr)) => (wa < wr) == widen && wa != wr,
            _ => false,
        };
    if !ok {
        err(
            m,
            op,
            d,
            format!(
                "takes integers to {} integers of the same shape, not '{}' to '{}'",
                if widen { "wider" } else { "narrower" },
                ty(m, ta),
                ty(m, tr)
            ),
        );
    }
}

/// `cmpi` predicates: MLIR's, plus PTX's own spellings (the ptx dialect's `setp` takes both).
pub const INT_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "lt", "le", "gt", "ge",
    "lo", "ls", "hi", "hs",
];
/// Pairs of `cmpi` predicates that are each other's negation (`!(a < b)` is `a >= b`), both
/// spellings.
const INT_NEGATIONS: &[(&str, &str)] = &[
    ("eq", "ne"),
    ("slt", "sge"),
    ("sle", "sgt"),
    ("ult", "uge"),
    ("ule", "ugt"),
    ("lt", "ge"),
    ("le", "gt"),
    ("lo", "hs"),
    ("ls", "hi"),
];

/// The `cmpi` predicate that holds exactly where `p` does not.
pub fn negated_int_predicate(p: &str) -> Option<&'static str> {
    INT_NEGATIONS.iter().find_map(|&(a, b)| {
        if a == p {
            Some(b)
        } else if b == p {
            Some(a)
        } else {
            None
        }
    })
}

/// `cmpf` predicates (MLIR's).
pub const FLOAT_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// Operands of one type, and the result of that type too (elementwise arithmetic).
/// Integer ops (`addi` … `shrsi`, `cmpi`) take integer operands, float ops (`addf` … `minf`,
/// `cmpf`) float ones (MLIR `arith`): the lowering picks PTX instructions by the operand type,
/// and PTX has, e.g., no `and` or `shl` on floats.
fn check_number_kind(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(&a) = m.operands(op).first() else {
        return;
    };
    let t = m.value_type(a);
    let elem = tile_shape(m, t).map_or(t, |(_, e)| e);
    let float = match m.type_data(elem) {
        TypeData::Float(k) if !k.is_base() => {
            let msg = crate::narrow_floats::base_float_only(m, "operand #0", t);
            return type_err(m, op, d, msg.unwrap_or_default());
        }
        TypeData::Float(_) => true,
        TypeData::Int(1 | 8 | 16 | 32 | 64) | TypeData::Index => false,
        TypeData::Int(_) => {
            // NVIDIA's integer element types (`CudaTile_IntTileType`).
            return type_err(
                m,
                op,
                d,
                format!(
                    "operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but it is '{}'",
                    ty(m, t)
                ),
            );
        }
        _ => return,
    };
    let short = short(m, op);
    let wants_float = short.ends_with('f');
    if float != wants_float {
        type_err(
            m,
            op,
            d,
            format!(
                "takes {} operands, but they are '{}'",
                if wants_float { "float" } else { "integer" },
                ty(m, t)
            ),
        );
    }
}

pub(crate) fn check_binary(m: &Module, op: Op, d: &mut Diagnostics) {
    check_number_kind(m, op, d);
    same_operand_types(m, op, d);
    result_of_operand_type(m, op, d);
}

/// The result has the first operand's type.
pub(crate) fn result_of_operand_type(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&a), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (ta, tr) = (m.value_type(a), m.value_type(r));
    if ta != tr {
        type_err(
            m,
            op,
            d,
            format!(
                "result type '{}' must equal the operand type '{}'",
                ty(m, tr),
                ty(m, ta)
            ),
        );
    }
}

/// The first two operands have one type (binary ops, comparisons).
pub fn same_operand_types(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    if let [a, b, ..] = ops {
        let (ta, tb) = (m.value_type(*a), m.value_type(*b));
        if ta != tb {
            type_err(
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
}

/// True for `i1` or a tile of `i1`.
fn is_bool_like(m: &Module, t: Type) -> bool {
    let elem = tile_shape(m, t).map_or(t, |(_, e)| e);
    matches!(m.type_data(elem), TypeData::Int(1))
}

fn check_cmp(m: &Module, op: Op, d: &mut Diagnostics, preds: &[&str]) {
    same_operand_types(m, op, d);
    // tilec's `predicate`, or NVIDIA's generic form's words (cuda_tile::words::cmp_predicate).
    let int = preds == INT_PREDICATES;
    match crate::cuda_tile::words::cmp_predicate(m, op, int) {
        None => err(m, op, d, "requires attribute 'predicate' (a string)"),
        Some(p) if !preds.contains(&p.as_str()) => {
            err(
                m,
                op,
                d,
                format!(
                    "does not accept predicate '{p}'; expected one of: {}",
                    preds.join(", ")
                ),
            );
        }
        Some(_) => {}
    }
    if let Some(r) = m.results(op).next() {
        if !is_bool_like(m, m.value_type(r)) {
            err(
                m,
                op,
                d,
                format!("result must be i1, but it is '{}'", ty(m, m.value_type(r))),
            );
            return;
        }
        let shape = |t: Type| tile_shape(m, t).map(|(s, _)| s.to_vec());
        let operand = m.operands(op).first().map(|&a| shape(m.value_type(a)));
        if operand.is_some_and(|s| s != shape(m.value_type(r))) {
            err(
                m,
                op,
                d,
                "op failed to verify that Result type has i1 element type and same shape as operands",
            );
        }
    }
}

pub(crate) fn check_cmpi(m: &Module, op: Op, d: &mut Diagnostics) {
    check_number_kind(m, op, d);
    check_cmp(m, op, d, INT_PREDICATES)
}
pub(crate) fn check_cmpf(m: &Module, op: Op, d: &mut Diagnostics) {
    check_number_kind(m, op, d);
    check_cmp(m, op, d, FLOAT_PREDICATES)
}

/// `select(cond, a, b)`: an i1 condition, `a`, `b` and the result of one type.
pub(crate) fn check_select(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    if let Some(&c) = ops.first() {
        if !is_bool_like(m, m.value_type(c)) {
            err(
                m,
                op,
                d,
                format!(
                    "condition must be i1, but it is '{}'",
                    ty(m, m.value_type(c))
                ),
            );
        }
    }
    if let ([_, a, b], Some(r)) = (ops, m.results(op).next()) {
        let ts = [m.value_type(*a), m.value_type(*b), m.value_type(r)];
        if ts[0] != ts[1] || ts[0] != ts[2] {
            err(
                m,
                op,
                d,
                "operands #1, #2 and the result must have one type",
            );
        }
    }
    crate::narrow_floats::check_select_f4(m, op, d);
}

/// Declares a dialect's ops (as [`crate::opdef::ops!`]) followed by the arithmetic ops every
/// tile dialect has (MLIR `arith` names).
macro_rules! with_arith {
    (dialect: $d:literal; appended: { $($after:tt)* } $($ops:tt)*) => {
        $crate::opdef::ops! {
            dialect: $d;
            $($ops)*
            AddI = "addi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            SubI = "subi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            MulI = "muli", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            DivSI = "divsi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            DivUI = "divui", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            RemSI = "remsi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            RemUI = "remui", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            AndI = "andi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            OrI = "ori", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            XOrI = "xori", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            ShLI = "shli", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            ShRUI = "shrui", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            ShRSI = "shrsi", "elementwise binary arithmetic", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            AddF = "addf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            SubF = "subf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            MulF = "mulf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            DivF = "divf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            MaxF = "maxf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [propagate_nan: opt Flag, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            MinF = "minf", "elementwise binary arithmetic", (N(2), N(1), 0) {
                attrs: [propagate_nan: opt Flag, flush_to_zero: opt Flag],
                checks: [$crate::common::check_binary, $crate::cuda_tile::rules::check_math_modifiers],
            }
            CmpI = "cmpi", "integer comparison", (N(2), N(1), 0) {
                attrs: [predicate: opt Str, comparison_predicate: opt Any, signedness: opt Any],
                checks: [$crate::common::check_cmpi],
            }
            CmpF = "cmpf", "float comparison", (N(2), N(1), 0) {
                attrs: [predicate: opt Str, comparison_predicate: opt Any, comparison_ordering: opt Any],
                checks: [$crate::common::check_cmpf],
            }
            Select = "select", "select by an i1 condition", (N(3), N(1), 0) {
                checks: [$crate::common::check_select, $crate::cuda_tile::rules::check_select_shapes],
            }
            ExtSI = "extsi", "sign-extend each integer to a wider type (NVIDIA: exti … signed)", (N(1), N(1), 0) {
                checks: [$crate::common::check_int_cast],
            }
            ExtUI = "extui", "zero-extend each integer to a wider type (NVIDIA: exti … unsigned)", (N(1), N(1), 0) {
                checks: [$crate::common::check_int_cast],
            }
            TruncI = "trunci", "keep the low bits of each integer (a narrower type)", (N(1), N(1), 0) {
                attrs: [overflow: opt Any],
                checks: [$crate::common::check_int_cast],
            }
            // Float math (NVIDIA's spellings; PTX forms in lower-as-to-ptx's math table).
            NegF = "negf", "Element-wise floating-point negation", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            AbsF = "absf", "Element-wise floating-point absolute value", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            Exp = "exp", "Element-wise exponential", (N(1), N(1), 0) {
                attrs: [rounding_mode: opt Any],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            Exp2 = "exp2", "Element-wise power of two", (N(1), N(1), 0) {
                attrs: [flush_to_zero: opt Flag],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            Log = "log", "Element-wise natural logarithm", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            Log2 = "log2", "Element-wise base-2 logarithm", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            Sqrt = "sqrt", "Element-wise square root", (N(1), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            Rsqrt = "rsqrt", "Element-wise reciprocal square root", (N(1), N(1), 0) {
                attrs: [flush_to_zero: opt Flag],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            TanH = "tanh", "Element-wise hyperbolic tangent", (N(1), N(1), 0) {
                attrs: [rounding_mode: opt Any],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            Fma = "fma", "Floating point fused multiply-add", (N(3), N(1), 0) {
                attrs: [rounding_mode: opt Any, flush_to_zero: opt Flag],
                checks: [$crate::common::check_float_math, $crate::cuda_tile::rules::check_math_modifiers],
            }
            // Integer min/max with the signedness in the name (NVIDIA: maxi/mini … signed),
            // NVIDIA's absi and mulhii (unsigned), float rounding to an integral value.
            MaxSI = "maxsi", "elementwise signed integer maximum (NVIDIA: maxi … signed)", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            MaxUI = "maxui", "elementwise unsigned integer maximum (NVIDIA: maxi … unsigned)", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            MinSI = "minsi", "elementwise signed integer minimum (NVIDIA: mini … signed)", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            MinUI = "minui", "elementwise unsigned integer minimum (NVIDIA: mini … unsigned)", (N(2), N(1), 0) { checks: [$crate::common::check_binary], }
            AbsI = "absi", "Element-wise integer absolute value", (N(1), N(1), 0) {
                checks: [$crate::conversions::check_int_unary],
            }
            MulhiI = "mulhii", "Element-wise high bits of integer multiplication", (N(2), N(1), 0) {
                checks: [$crate::common::check_binary],
            }
            Floor = "floor", "Element-wise floor rounding", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            Ceil = "ceil", "Element-wise ceiling", (N(1), N(1), 0) { checks: [$crate::common::check_float_math], }
            // Conversions (NVIDIA: itof/ftoi with the signedness in the name, ftof, bitcast).
            SIToFP = "sitofp", "signed integer to float, round to nearest even (NVIDIA: itof … signed)", (N(1), N(1), 0) { checks: [$crate::conversions::check_convert], }
            UIToFP = "uitofp", "unsigned integer to float, round to nearest even (NVIDIA: itof … unsigned)", (N(1), N(1), 0) { checks: [$crate::conversions::check_convert], }
            FPToSI = "fptosi", "float to signed integer, round toward zero (NVIDIA: ftoi … signed)", (N(1), N(1), 0) { checks: [$crate::conversions::check_convert], }
            FPToUI = "fptoui", "float to unsigned integer, round toward zero (NVIDIA: ftoi … unsigned)", (N(1), N(1), 0) { checks: [$crate::conversions::check_convert], }
            FToF = "ftof", "Convert between floating-point types", (N(1), N(1), 0) {
                attrs: [rounding_mode: opt Any],
                checks: [$crate::conversions::check_convert],
            }
            Bitcast = "bitcast", "Bitcast a tile from one element type to another", (N(1), N(1), 0) {
                checks: [$crate::conversions::check_convert],
            }
            $($after)*
        }
    };
    (dialect: $d:literal; $($ops:tt)*) => {
        $crate::common::with_arith! { dialect: $d; appended: {} $($ops)* }
    };
}
pub(crate) use with_arith;

/// Declares a dialect's ops followed by the ops cuda_tile and nv_tileaa share (nv_tileaa is
/// cuda_tile with pointer spaces resolved): everything but the containers (`module`/`entry` vs
/// `kernel`) and nv_tileaa's `alloc_shared`, then the arithmetic ops.
///
/// `appended: { … }`, first, declares a dialect's own ops that come after the shared ones (so
/// that adding them leaves the `OpKind` order of the others as it
/// was).
macro_rules! with_tile_ops {
    (dialect: $d:literal; appended: { $($after:tt)* } $($ops:tt)*) => {
        $crate::common::with_arith! {
            dialect: $d;
            appended: { $($after)* }
            $($ops)*
            Constant = "constant", "a splat, 0-d or element-wise constant tile", (N(0), N(1), 0) {
                attrs: [value: req Number],
                checks: [$crate::common::check_tile_constant],
            }
            Iota = "iota", "the tile 0, 1, …, n-1", (N(0), N(1), 0) {
                checks: [$crate::cuda_tile::rules::check_iota],
            }
            Offset = "offset", "pointer tile + index tile", (N(2), N(1), 0) {
                checks: [$crate::cuda_tile::rules::check_offset],
            }
            Broadcast = "broadcast", "broadcast a tile to a larger shape", (N(1), N(1), 0) {
                checks: [$crate::layout_ops::check_broadcast],
            }
            Reshape = "reshape", "reshape a tile", (N(1), N(1), 0) {
                checks: [$crate::common::check_reshape],
            }
            GetTileBlockId = "get_tile_block_id", "this tile block's id", (N(0), Range(1, 3), 0) {
                attrs: [dim: opt Int = 0],
                checks: [$crate::common::check_block_query, $crate::cuda_tile::rules::check_block_query_types],
            }
            GetNumTileBlocks = "get_num_tile_blocks", "the number of tile blocks", (N(0), Range(1, 3), 0) {
                attrs: [dim: opt Int = 0],
                checks: [$crate::common::check_block_query, $crate::cuda_tile::rules::check_block_query_types],
            }
            For = "for", "counted loop", (AtLeast(3), AtLeast(0), 1) {
                attrs: [unsigned_cmp: opt Flag],
                checks: [$crate::common::check_for_body, $crate::cuda_tile::rules::check_no_carried_views],
            }
            Loop = "loop", "loop until break", (AtLeast(0), AtLeast(0), 1) {
                checks: [$crate::cuda_tile::rules::check_no_carried_views],
            }
            If = "if", "conditional", (N(1), AtLeast(0), 2) {
                checks: [$crate::common::check_if_cond, $crate::common::check_if_arms],
            }
            Yield = "yield", "region terminator", (AtLeast(0), N(0), 0) { traits: [terminator], }
            Break = "break", "leave the innermost loop", (AtLeast(0), N(0), 0) {
                traits: [terminator],
                checks: [$crate::common::check_loop_exit],
            }
            Continue = "continue", "next iteration", (AtLeast(0), N(0), 0) {
                traits: [terminator],
                checks: [$crate::common::check_loop_exit],
            }
            Return = "return", "end the kernel (or NVIDIA's test function, with its results)", (AtLeast(0), N(0), 0) {
                traits: [terminator],
                checks: [$crate::common::check_return],
            }
            LoadPtr = "load_ptr_tko", "token-ordered load (tilec extension `streaming`: each element is read once, a cache hint)", (Range(1, 4), N(2), 0) {
                attrs: [mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
                checks: [$crate::common::check_tile_load],
            }
            StorePtr = "store_ptr_tko", "token-ordered store (tilec extension `streaming`: a cache hint, the stored values are not read again soon)", (Range(2, 4), N(1), 0) {
                attrs: [mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
                checks: [$crate::common::check_tile_store],
            }
            AtomicRmw = "atomic_rmw_tko", "token-ordered atomic read-modify-write", (Range(2, 4), N(2), 0) {
                attrs: [kind: req Rmw, mem_semantic: req Sem, mem_scope: opt Scope],
                checks: [$crate::common::check_tile_rmw],
            }
            AtomicCas = "atomic_cas_tko", "token-ordered compare-and-swap", (Range(3, 5), N(2), 0) {
                attrs: [mem_semantic: req Sem, mem_scope: opt Scope],
                checks: [$crate::common::check_tile_cas],
            }
            MakeToken = "make_token", "a fresh token", (N(0), N(1), 0) {
                checks: [$crate::cuda_tile::rules::check_make_token],
            }
            JoinTokens = "join_tokens", "a token ordered after all operands", (AtLeast(1), N(1), 0) {}
            FenceTko = "fence_tko", "tilec extension: a tile-block fence", (Range(0, 1), N(1), 0) {
                attrs: [mem_semantic: req Sem, mem_scope: opt Scope],
                checks: [$crate::common::check_tile_fence],
            }
            Cat = "cat", "Concatenate tiles along specified dimension", (N(2), N(1), 0) {
                attrs: [dim: req Int64],
                checks: [$crate::common::check_cat],
            }
            Reduce = "reduce", "Variadic tile reduction across dimensions", (AtLeast(1), AtLeast(1), 1) {
                attrs: [dim: req Int, identities: req Any],
                checks: [$crate::common::check_reduce],
            }
            Permute = "permute", "Permute tile dimensions", (N(1), N(1), 0) {
                attrs: [permutation: req DenseI32],
                checks: [$crate::layout_ops::check_permute],
            }
            Extract = "extract", "Extract a subtile from a tile", (AtLeast(1), N(1), 0) {
                checks: [$crate::layout_ops::check_extract],
            }
            Scan = "scan", "A parallel prefix sum operation", (AtLeast(1), AtLeast(1), 1) {
                attrs: [dim: req Int, reverse: req Bool, identities: req Any],
                checks: [$crate::common::check_reduce],
            }
            MmaI = "mmai", "Integer matrix-multiply-accumulate", (N(3), N(1), 0) {
                attrs: [signedness_lhs: req Any, signedness_rhs: req Any],
                checks: [$crate::layout_ops::check_mmai],
                // As mmaf: mma.sync only.
                form: "mma.sync",
            }
            MmaF = "mmaf", "Floating-point matrix-multiply-accumulate", (N(3), N(1), 0) {
                attrs: [fast_acc: opt Flag],
                checks: [$crate::common::check_mmaf],
                // tilec lowers it to mma.sync only: the target check says so before lowering.
                form: "mma.sync",
            }
        }
    };
    (dialect: $d:literal; $($ops:tt)*) => {
        $crate::common::with_tile_ops! { dialect: $d; appended: {} $($ops)* }
    };
}
pub(crate) use with_tile_ops;
