//! NVIDIA's cuda_tile rules that tilec's extensions relax, checked on request (`tilec
//! --pedantic`, the `verify-nvidia` pass): a module that passes runs through NVIDIA's tileiras as
//! far as these rules go. The verifier (`rules.rs`, `common.rs`) keeps the extensions, which tilec
//! compiles; this module owns the strict form of each, with NVIDIA's message where NVIDIA's
//! verifier has one (its test suite expects them), else one that names the extension. Every
//! finding is `verify.nvidia`.
//!
//! The extensions (docs/cuda-tile-ops.md): the op NVIDIA's dialect does not have (`fence_tko`;
//! tilec's arithmetic and conversion names are NVIDIA's ops spelled with their signedness, not
//! extensions); tile dimensions that are not powers of two; n-d
//! `iota`; a 0-d `select` condition for n-d values; kernel parameters that are not 0-d tiles;
//! `i64` block ids and counts; the `cluster` scope and the `sc` semantic; the atomic modes `inc`
//! and `dec`; the entry attributes `num_threads`, `cluster_dims`, `grid_dims`; the `streaming`
//! store hint.

use super::views::{AtomicRmw, Entry, OpKind, StorePtr};
use crate::common::{pair, ty};
use tilec_ir::{
    DiagCode, Diagnostics, MemScope, MemSemantic, Module, Op, RmwKind, Type, TypeData, WalkControl,
};

/// Reports, at every cuda_tile op of `m`, what NVIDIA's dialect rejects there.
pub fn check(m: &Module, d: &mut Diagnostics) {
    m.walk(&mut |op| {
        if let Some(kind) = OpKind::of(m, op) {
            check_op(m, op, kind, d);
        }
        WalkControl::Continue
    });
}

fn report(m: &Module, op: Op, d: &mut Diagnostics, msg: impl std::fmt::Display) {
    let short = crate::common::short(m, op);
    d.error_code(
        DiagCode::VerifyNvidia,
        m.op_loc(op),
        format!("'{short}' {msg}"),
    );
}

fn check_op(m: &Module, op: Op, kind: OpKind, d: &mut Diagnostics) {
    // tilec's other op names (`divsi`, `extui`, `fptosi`, …) are NVIDIA's ops with their
    // signedness in the name: the reader gives NVIDIA's spelling the same op.
    if kind == OpKind::FenceTko {
        report(
            m,
            op,
            d,
            "is not an op of NVIDIA's cuda_tile dialect (a tilec extension)",
        );
    }
    let block_args = m
        .regions(op)
        .iter()
        .flat_map(|&r| m.region_blocks(r).iter())
        .flat_map(|&b| m.block_args(b).iter().copied());
    let types: Vec<Type> = m
        .results(op)
        .chain(block_args)
        .map(|v| m.value_type(v))
        .collect();
    if let Some(t) = types.iter().copied().find(|&t| !powers_of_two(m, t)) {
        let dims = crate::types::tile_shape(m, t)
            .map(|(s, _)| s.to_vec())
            .unwrap_or_default();
        let list: Vec<String> = dims.iter().map(u64::to_string).collect();
        report(
            m,
            op,
            d,
            format!(
                "all dimensions must be powers of two, got {}",
                list.join(", ")
            ),
        );
    }
    match kind {
        OpKind::Iota => check_iota(m, op, d),
        OpKind::Select => check_select(m, op, d),
        OpKind::GetTileBlockId | OpKind::GetNumTileBlocks => check_block_query(m, op, d),
        OpKind::Entry => check_entry(m, op, d),
        _ => {}
    }
    check_pair(m, op, d);
}

/// Every dimension of a tile type is a power of two (a non-tile type has none).
fn powers_of_two(m: &Module, t: Type) -> bool {
    crate::types::tile_shape(m, t).is_none_or(|(dims, _)| dims.iter().all(|n| n.is_power_of_two()))
}

fn rank(m: &Module, t: Type) -> Option<usize> {
    crate::types::tile_shape(m, t).map(|(s, _)| s.len())
}

/// NVIDIA: `iota`'s result is a 1-d tile.
fn check_iota(m: &Module, op: Op, d: &mut Diagnostics) {
    let r = m.results(op).next().and_then(|r| rank(m, m.value_type(r)));
    if r.is_some_and(|r| r != 1) {
        report(m, op, d, "expects result type to be 1-d tile");
    }
}

/// NVIDIA: the condition has the values' shape (tilec: a 0-d condition picks whole tiles).
fn check_select(m: &Module, op: Op, d: &mut Diagnostics) {
    let shapes: Vec<Option<Vec<u64>>> = m
        .operands(op)
        .iter()
        .map(|&v| m.value_type(v))
        .chain(m.results(op).map(|r| m.value_type(r)))
        .map(|t| crate::types::tile_shape(m, t).map(|(s, _)| s.to_vec()))
        .collect();
    if shapes.iter().any(|s| *s != shapes[0]) {
        report(
            m,
            op,
            d,
            "op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape",
        );
    }
}

/// NVIDIA: block ids and counts are `tile<i32>` (tilec also reads them as `i64`).
fn check_block_query(m: &Module, op: Op, d: &mut Diagnostics) {
    for (i, r) in m.results(op).enumerate() {
        let t = m.value_type(r);
        let i32_0d = crate::types::tile_shape(m, t)
            .is_some_and(|(s, e)| s.is_empty() && matches!(m.type_data(e), TypeData::Int(32)));
        if !i32_0d {
            let msg = format!(
                "op result #{i} must be 0D tile of i32 values, but got '{}'",
                ty(m, t)
            );
            return report(m, op, d, msg);
        }
    }
}

/// NVIDIA: parameters are 0-d tiles; the launch attributes are tilec's.
fn check_entry(m: &Module, op: Op, d: &mut Diagnostics) {
    let params = m
        .regions(op)
        .first()
        .and_then(|&r| m.entry_block(r))
        .map(|b| m.block_args(b).to_vec())
        .unwrap_or_default();
    if params.iter().any(|&p| rank(m, m.value_type(p)) != Some(0)) {
        report(
            m,
            op,
            d,
            "entry op must have scalar types (rank 0 !cuda_tile.tile)",
        );
    }
    for key in [Entry::NUM_THREADS, Entry::CLUSTER_DIMS, Entry::GRID_DIMS] {
        if m.get_attr(op, tilec_ir::Sym::new(key)).is_some() {
            report(
                m,
                op,
                d,
                format!("attribute '{key}' is a tilec extension (NVIDIA's entry has none)"),
            );
        }
    }
}

/// NVIDIA's scopes are `tl_blk`, `device` and `sys`, its orders `weak` to `acq_rel`, its atomic
/// modes without `inc`/`dec`; `streaming` is tilec's cache hint.
fn check_pair(m: &Module, op: Op, d: &mut Diagnostics) {
    let (sem, scope) = pair(m, op);
    if sem == Some(MemSemantic::Sc) {
        report(
            m,
            op,
            d,
            "semantic 'sc' is a tilec extension (NVIDIA's orders end at acq_rel)",
        );
    }
    if scope == Some(MemScope::Cluster) {
        report(
            m,
            op,
            d,
            "scope 'cluster' is a tilec extension (NVIDIA's scopes: tl_blk, device, sys)",
        );
    }
    // `kind` is the mode's key on every atomic op of the dialect.
    let mode: Option<RmwKind> = m.attr_as(op, tilec_ir::Sym::new(AtomicRmw::KIND));
    if let Some(k @ (RmwKind::Inc | RmwKind::Dec)) = mode {
        report(
            m,
            op,
            d,
            format!("atomic mode '{}' is a tilec extension", k.as_str()),
        );
    }
    if m.get_attr(op, tilec_ir::Sym::new(StorePtr::STREAMING))
        .is_some()
    {
        report(
            m,
            op,
            d,
            "attribute 'streaming' is a tilec extension (a cache hint)",
        );
    }
}
