//! Factor loads fused into an `mmaf`'s staging: which `load_ptr_tko`s feed an `mmaf` that
//! lowers to wgmma only through the view addressing cuda_tile_expand writes, so that the
//! lowering can copy them into shared memory itself (16-byte copies where the view allows it,
//! [`super::stage`]) instead of loading them into registers element by element.
//!
//! A load is fused when (all checked on the nv_tileaa IR, before lowering):
//! - its tile result is an operand of one `mmaf` of the same block that lowers to wgmma
//!   ([`super::wgmma::applies`]), and nothing else uses the tile;
//! - it is weak, its padding (if any) is a zero splat, and between it and the `mmaf` the block
//!   has only pure ops and other weak loads (moving the load down to the `mmaf` is then
//!   unobservable). Its token may be used: whatever consumes it comes after the `mmaf` (or is a
//!   pure op or weak load in between), and the `mmaf`'s staging completes the copy and ends
//!   with a CTA barrier, which orders it before every later op of every thread;
//! - its pointer tile is 2-d `offset(splat(p), Σ_d extsi(c_d)·splat(s_d))` and its mask (if any)
//!   `∧_d c_d < splat(n_d)`, with each coordinate `c_d = splat(u_d) + k_d` where `k_d` is the
//!   element's row (`iota / C`) or column (`iota % C`) in the `R x C` tile, and `C` a multiple
//!   of 8: the expansion of `load_view_tko` (cuda_tile_expand's module documentation).
//!
//! The address ops of a fused load that nothing else uses are not lowered at all ([`Fused::skip`]).

use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::common::MemOperands;
use tilec_dialects::nv_tileaa::{self as aa, OpKind};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_dialects::types::tile_shape;
use tilec_ir::{sym, AttrData, Block, MemSemantic, Module, Op, Value};

/// One dimension of a fused load: element `k` of the tile has coordinate `start + k`; the
/// address adds `coordinate · stride` elements; `size` bounds the coordinate when masked.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dim {
    /// A 0-d i32 value.
    pub start: Value,
    /// A constant `start` is a multiple of (it is `muli(x, c)`: c; else 1).
    pub start_multiple: u64,
    /// A value that lowers to a uniform i64 (a 0-d tile or a splat constant), or to a uniform
    /// i32 the expansion sign-extended (`wide`: false); None: 1.
    pub stride: Option<Value>,
    /// The stride is an i64 (else an i32 to sign-extend).
    pub wide: bool,
    /// A value that lowers to a uniform i32; None: not masked.
    pub size: Option<Value>,
}

/// A fused factor load.
#[derive(Clone, Debug)]
pub(super) struct Load {
    /// The load op.
    pub op: Op,
    /// The 0-d pointer the view starts at.
    pub ptr: Value,
    /// Rows, columns.
    pub dims: [Dim; 2],
}

/// The fused loads of a kernel.
#[derive(Default)]
pub(super) struct Fused {
    /// By the loaded tile value (an `mmaf` operand).
    pub loads: FxHashMap<Value, Load>,
    /// The ops not to lower: the fused loads and the address ops only they use.
    pub skip: FxHashSet<Op>,
}

/// Finds the fused loads of `body`; `applies` says whether an `mmaf` lowers to wgmma.
pub(super) fn analyze(m: &Module, body: Block, applies: impl Fn(Op) -> bool) -> Fused {
    let mut users: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
    let mut mmafs = Vec::new();
    let mut stack = vec![body];
    while let Some(b) = stack.pop() {
        for op in m.block_ops(b) {
            for &v in m.operands(op) {
                users.entry(v).or_default().push(op);
            }
            if OpKind::of(m, op) == Some(OpKind::MmaF) && applies(op) {
                mmafs.push(op);
            }
            for &r in m.regions(op) {
                stack.extend(m.region_blocks(r).iter().copied());
            }
        }
    }
    let mut fused = Fused::default();
    let mut chain: FxHashSet<Op> = FxHashSet::default();
    for mmaf in mmafs {
        for &v in &m.operands(mmaf)[..2] {
            let mut ops = Vec::new();
            if let Some(load) = match_load(m, v, mmaf, &users, &mut ops) {
                chain.extend(ops);
                fused.loads.insert(v, load);
            }
        }
    }
    // Skip the chain ops every use of which is a skipped op (or the mmaf of a fused load).
    let loads: FxHashSet<Op> = fused.loads.values().map(|l| l.op).collect();
    let mut skip = chain;
    loop {
        let keep: Vec<Op> = skip
            .iter()
            .copied()
            .filter(|&op| {
                loads.contains(&op)
                    || m.results(op).all(|r| {
                        users
                            .get(&r)
                            .is_none_or(|us| us.iter().all(|u| skip.contains(u)))
                    })
            })
            .collect();
        if keep.len() == skip.len() {
            break;
        }
        skip = keep.into_iter().collect();
    }
    fused.skip = skip;
    fused
}

/// The single defining op of `v` of kind `k`, recorded in `ops`.
fn def(m: &Module, v: Value, k: OpKind, ops: &mut Vec<Op>) -> Option<Op> {
    let d = m.defining_op(v)?;
    (OpKind::of(m, d) == Some(k)).then(|| {
        ops.push(d);
        d
    })
}

/// `v` as a uniform: the 0-d value under `broadcast(reshape(x))`, or a splat constant itself.
fn uniform(m: &Module, v: Value, ops: &mut Vec<Op>) -> Option<Value> {
    let zero_d = |v: Value| {
        tile_shape(m, m.value_type(v))
            .is_some_and(|(dims, _)| dims.is_empty())
            .then_some(v)
    };
    let Some(d) = m.defining_op(v) else {
        return zero_d(v);
    };
    match OpKind::of(m, d)? {
        OpKind::Broadcast | OpKind::Reshape => {
            ops.push(d);
            uniform(m, m.operands(d)[0], ops)
        }
        OpKind::Constant if matches!(value(m, d), Some(AttrData::Int { .. })) => Some(v),
        _ => zero_d(v),
    }
}

/// A constant op's `value`.
fn value(m: &Module, d: Op) -> Option<&AttrData> {
    m.get_attr(d, sym!(aa::Constant::VALUE))
}

/// The integer value of a splat constant `v`.
fn const_int(m: &Module, v: Value) -> Option<i64> {
    let d = m.defining_op(v)?;
    match (OpKind::of(m, d)?, value(m, d)?) {
        (OpKind::Constant, AttrData::Int { value, .. }) => Some(*value),
        _ => None,
    }
}

/// Which tile dimension coordinate `k` is (`iota / C`: 0, `iota % C`: 1) in an `R x C` tile.
fn tile_dim(m: &Module, k: Value, cols: u64, ops: &mut Vec<Op>) -> Option<usize> {
    let d = m.defining_op(k)?;
    let dim = match OpKind::of(m, d)? {
        OpKind::DivUI => 0,
        OpKind::RemUI => 1,
        _ => return None,
    };
    let [flat, c] = [m.operands(d)[0], m.operands(d)[1]];
    if const_int(m, c)? != cols as i64 {
        return None;
    }
    let mut mine = vec![d];
    let r = def(m, flat, OpKind::Reshape, &mut mine)?;
    def(m, m.operands(r)[0], OpKind::Iota, &mut mine)?;
    if let Some(cd) = m.defining_op(c) {
        mine.push(cd);
    }
    ops.extend(mine);
    Some(dim)
}

/// A coordinate `splat(u) + k_d`: `(d, u)`.
fn coordinate(m: &Module, c: Value, cols: u64, ops: &mut Vec<Op>) -> Option<(usize, Value)> {
    let add = def(m, c, OpKind::AddI, ops)?;
    let [x, y] = [m.operands(add)[0], m.operands(add)[1]];
    for (u, k) in [(x, y), (y, x)] {
        let mut mine = Vec::new();
        if let (Some(u), Some(d)) = (uniform(m, u, &mut mine), tile_dim(m, k, cols, &mut mine)) {
            ops.extend(mine);
            return Some((d, u));
        }
    }
    None
}

/// One term `extsi(c_d) · splat(s_d)` (or `extsi(c_d)`: stride 1) of the offset: the
/// dimension, its start, its stride (an i64, or an i32 the term sign-extends: false) and the
/// coordinate `c_d`.
type Term = (usize, Value, Option<(Value, bool)>, Value);

fn term(m: &Module, t: Value, cols: u64, ops: &mut Vec<Op>) -> Option<Term> {
    let mut mine = Vec::new();
    let (ext, stride) = match def(m, t, OpKind::MulI, &mut mine) {
        Some(mul) => {
            let [x, y] = [m.operands(mul)[0], m.operands(mul)[1]];
            let (e, s) = if def(m, x, OpKind::ExtSI, &mut Vec::new()).is_some() {
                (x, y)
            } else {
                (y, x)
            };
            let s = uniform(m, s, &mut mine)?;
            // The expansion sign-extends a 0-d i32 stride inside the loop: take the i32 (the
            // extension is redone where the stride is used).
            let narrow = def(m, s, OpKind::ExtSI, &mut Vec::new())
                .map(|x| m.operands(x)[0])
                .filter(|&x| tile_shape(m, m.value_type(x)).is_some_and(|(d, _)| d.is_empty()));
            match narrow {
                Some(x) => {
                    mine.extend(m.defining_op(s));
                    (e, Some((x, false)))
                }
                None => (e, Some((s, true))),
            }
        }
        None => (t, None),
    };
    let e = def(m, ext, OpKind::ExtSI, &mut mine)?;
    let c = m.operands(e)[0];
    let (d, u) = coordinate(m, c, cols, &mut mine)?;
    ops.extend(mine);
    Some((d, u, stride, c))
}

/// The mask `∧ c_d < splat(n_d)`: the bound of each masked dimension, by coordinate value.
fn bounds(m: &Module, mask: Value, ops: &mut Vec<Op>) -> Option<Vec<(Value, Value)>> {
    let d = m.defining_op(mask)?;
    match OpKind::of(m, d)? {
        OpKind::AndI => {
            ops.push(d);
            let mut a = bounds(m, m.operands(d)[0], ops)?;
            a.extend(bounds(m, m.operands(d)[1], ops)?);
            Some(a)
        }
        OpKind::CmpI if aa::CmpI(d).predicate(m) == Some("slt") => {
            ops.push(d);
            let [c, n] = [m.operands(d)[0], m.operands(d)[1]];
            Some(vec![(c, uniform(m, n, ops)?)])
        }
        _ => None,
    }
}

/// The fused load whose tile is `v`, an operand of `mmaf` (see the module documentation).
fn match_load(
    m: &Module,
    v: Value,
    mmaf: Op,
    users: &FxHashMap<Value, Vec<Op>>,
    ops: &mut Vec<Op>,
) -> Option<Load> {
    let load = m.defining_op(v)?;
    if OpKind::of(m, load)? != OpKind::LoadPtr || m.op_block(load) != m.op_block(mmaf) {
        return None;
    }
    let only_mmaf = users.get(&v).is_some_and(|u| u == &[mmaf]);
    let weak = AnyPair(load)
        .pair(m)
        .0
        .is_none_or(|s| s == MemSemantic::Weak);
    let (rows, cols) = match tile_shape(m, m.value_type(v))?.0[..] {
        [r, c] => (r, c),
        _ => return None,
    };
    if !only_mmaf || !weak || cols % 8 != 0 || rows == 0 {
        return None;
    }
    if !quiet_between(m, load, mmaf) {
        return None;
    }
    let split = MemOperands::of(m, load, 0, true);
    let operands = m.operands(load);
    if let Some(p) = split.padding {
        let pad = m.defining_op(operands[p]).and_then(|d| value(m, d));
        let zero = matches!(pad, Some(AttrData::Int { value: 0, .. }))
            || pad.and_then(AttrData::float_value) == Some(0.0);
        if !zero {
            return None;
        }
    }
    let mut mine = vec![load];
    let off = def(m, operands[0], OpKind::Offset, &mut mine)?;
    let ptr = uniform(m, m.operands(off)[0], &mut mine)?;
    let sum = m.operands(off)[1];
    let add = def(m, sum, OpKind::AddI, &mut mine)?;
    let mut dims: [Option<Dim>; 2] = [None, None];
    let mut coords = [None, None];
    for t in [m.operands(add)[0], m.operands(add)[1]] {
        let (d, start, stride, c) = term(m, t, cols, &mut mine)?;
        if dims[d].is_some() {
            return None;
        }
        coords[d] = Some(c);
        dims[d] = Some(Dim {
            start,
            start_multiple: multiple_of(m, start),
            stride: stride.map(|s| s.0),
            wide: stride.is_none_or(|s| s.1),
            size: None,
        });
    }
    let [Some(mut d0), Some(mut d1)] = dims else {
        return None;
    };
    if let Some(mk) = split.mask {
        for (c, n) in bounds(m, operands[mk], &mut mine)? {
            match coords.iter().position(|&x| x == Some(c)) {
                Some(0) if d0.size.is_none() => d0.size = Some(n),
                Some(1) if d1.size.is_none() => d1.size = Some(n),
                _ => return None,
            }
        }
    }
    ops.extend(mine);
    Some(Load {
        op: load,
        ptr,
        dims: [d0, d1],
    })
}

/// A constant `v` is a multiple of: `c` for `muli(x, c)` (either order), else 1.
fn multiple_of(m: &Module, v: Value) -> u64 {
    let Some(d) = m
        .defining_op(v)
        .filter(|&d| OpKind::of(m, d) == Some(OpKind::MulI))
    else {
        return 1;
    };
    m.operands(d)
        .iter()
        .filter_map(|&x| const_int(m, x))
        .map(|c| c.unsigned_abs().max(1))
        .max()
        .unwrap_or(1)
}

/// The values whether a fused load's chunk copy applies depends on (see
/// [`super::copy`]): the pointer, the strides, the column bound, and the column start unless
/// it is a multiple of the chunk (`ce` elements) by construction.
pub(super) fn condition_inputs(l: &Load, ce: u64) -> Vec<Value> {
    let [d0, d1] = l.dims;
    let mut v = vec![l.ptr];
    v.extend(d0.stride);
    v.extend(d1.stride);
    v.extend(d1.size);
    if d1.start_multiple % ce != 0 {
        v.push(d1.start);
    }
    v
}

/// Between `load` and `mmaf` (one block) only pure ops and weak loads.
fn quiet_between(m: &Module, load: Op, mmaf: Op) -> bool {
    let Some(b) = m.op_block(load) else {
        return false;
    };
    m.block_ops(b)
        .skip_while(|&o| o != load)
        .skip(1)
        .take_while(|&o| o != mmaf)
        .all(|o| {
            let k = OpKind::of(m, o);
            let weak_load = k == Some(OpKind::LoadPtr)
                && AnyPair(o).pair(m).0.is_none_or(|s| s == MemSemantic::Weak);
            weak_load
                || (m.regions(o).is_empty()
                    && k.is_some_and(|k| super::analysis::mem_values(k).is_none())
                    && !matches!(k, Some(OpKind::FenceTko | OpKind::AllocShared)))
        })
}
