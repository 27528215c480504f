//! NVIDIA's rules for `mmaf_scaled` (block-scaled float MMA, 13.3): its ODS constraints
//! (`CudaTile_MmaFScaledOp` in `Ops.td`) and `MmaFScaledOp::verify` (`CudaTile.cpp`), checked
//! in NVIDIA's order with NVIDIA's messages, so that its dialect tests' expected errors match.
//!
//! `mmaf_scaled %lhs, %rhs, %acc, %lhs_scale, %rhs_scale`: `[B x] M x K` times `[B x] K x N`
//! into `[B x] M x N` like `mmaf`, each factor scaled by one element of its scale tile
//! (`[B x] M x K/V`, `[B x] K/V x N`) per block of `V` elements along K. The factor, scale and
//! block-size combinations NVIDIA allows are the tables below.

use crate::common::{err, ty, type_err};
use crate::types::tile_shape;
use tilec_ir::{Diagnostics, FloatKind, Module, Op, Type, TypeData};

use FloatKind::{F4E2M1FN, F8E4M3FN, F8E5M2, F8E8M0FNU};

/// The operands' names, in order (NVIDIA's messages name them).
const NAMES: [&str; 5] = ["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"];

/// Per operand, the element formats its ODS type constraint allows and that constraint's
/// summary (`MmaFScaledOp_OperandTileType`, `_ResultTileType`, `_ScaleTileType`).
const OPERAND_TYPES: [(&[FloatKind], &str); 5] = [
    (FACTORS, FACTOR_SUMMARY),
    (FACTORS, FACTOR_SUMMARY),
    (&[FloatKind::F32], RESULT_SUMMARY),
    (SCALES, SCALE_SUMMARY),
    (SCALES, SCALE_SUMMARY),
];
const FACTORS: &[FloatKind] = &[F8E4M3FN, F8E5M2, F4E2M1FN];
const SCALES: &[FloatKind] = &[F8E4M3FN, F8E8M0FNU];
const FACTOR_SUMMARY: &str = "mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or f4E2M1FN";
const SCALE_SUMMARY: &str = "mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU";
const RESULT_SUMMARY: &str = "mmaf_scaled result tile type of f32";

/// Per scale format, the factor formats it may scale (NVIDIA's supported-types table).
const SCALED_FACTORS: [(FloatKind, &[FloatKind]); 2] = [
    (F8E4M3FN, &[F4E2M1FN]),
    (F8E8M0FNU, &[F8E4M3FN, F8E5M2, F4E2M1FN]),
];

/// A block-size rule: factors of these formats, with scales of `scale` (any when `None`), take
/// one of `sizes` elements along K per scale; otherwise NVIDIA's message `msg`, then the size.
struct BlockRule {
    factors: &'static [FloatKind],
    scale: Option<FloatKind>,
    sizes: &'static [u64],
    msg: &'static str,
}

/// NVIDIA's block sizes (f8: QMMA K=32 at 1x; f4: OMMA K=64 at 4x with e4m3 scales, 2x or 4x
/// with e8m0 scales).
const BLOCK_RULES: [BlockRule; 3] = [
    BlockRule {
        factors: &[F8E4M3FN, F8E5M2],
        scale: None,
        sizes: &[32],
        msg: "shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32",
    },
    BlockRule {
        factors: &[F4E2M1FN],
        scale: Some(F8E4M3FN),
        sizes: &[16],
        msg: "shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16",
    },
    BlockRule {
        factors: &[F4E2M1FN],
        scale: Some(F8E8M0FNU),
        sizes: &[16, 32],
        msg: "shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32",
    },
];

/// One operand: its type, shape and element format.
struct Operand<'m> {
    ty: Type,
    dims: &'m [u64],
    elem: FloatKind,
}

/// `mmaf_scaled`: NVIDIA's ODS constraints, then its verifier (see the module documentation).
pub fn check_mmaf_scaled(m: &Module, op: Op, d: &mut Diagnostics) {
    let (ops, Some(r)) = (m.operands(op), m.results(op).next()) else {
        return;
    };
    if ops.len() != NAMES.len() {
        return; // the declaration's count check reports it
    }
    let mut v = Vec::with_capacity(NAMES.len());
    for (i, (&x, (allowed, summary))) in ops.iter().zip(OPERAND_TYPES).enumerate() {
        match operand(m, m.value_type(x), allowed) {
            Some(o) => v.push(o),
            None => return bad_type(m, op, d, &format!("operand #{i}"), summary, x),
        }
    }
    let rt = m.value_type(r);
    if operand(m, rt, &[FloatKind::F32]).is_none() {
        return bad_type(m, op, d, "result #0", RESULT_SUMMARY, r);
    }
    if let Some(msg) = traits(&v, rt) {
        return err(m, op, d, msg);
    }
    let checks = [mma_shapes, scale_shapes, scale_types, block_size];
    if let Some(msg) = checks.iter().find_map(|c| c(&v)) {
        err(m, op, d, msg);
    }
}

/// `t` as an operand whose element format is one of `allowed`.
fn operand<'m>(m: &'m Module, t: Type, allowed: &[FloatKind]) -> Option<Operand<'m>> {
    let (dims, e) = tile_shape(m, t)?;
    match m.type_data(e) {
        TypeData::Float(k) if allowed.contains(k) => Some(Operand {
            ty: t,
            dims,
            elem: *k,
        }),
        _ => None,
    }
}

/// NVIDIA's ODS type-constraint error for operand or result `what` (value `x`).
fn bad_type(
    m: &Module,
    op: Op,
    d: &mut Diagnostics,
    what: &str,
    summary: &str,
    x: tilec_ir::Value,
) {
    let got = ty(m, m.value_type(x));
    type_err(
        m,
        op,
        d,
        format!("op {what} must be {summary} values, but got '{got}'"),
    );
}

/// The ODS traits: the accumulator's type is the result's, the factors share an element type
/// and so do the scales, and all five operands have one rank.
fn traits(v: &[Operand<'_>], result: Type) -> Option<String> {
    let msg = if v[2].ty != result {
        "op failed to verify that all of {acc, result} have same type"
    } else if v[0].elem != v[1].elem {
        "op failed to verify that all of {lhs, rhs} have the same element type"
    } else if v[3].elem != v[4].elem {
        "op failed to verify that all of {lhs_scale, rhs_scale} have the same element type"
    } else if v.iter().any(|o| o.dims.len() != v[0].dims.len()) {
        "op failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank"
    } else {
        return None;
    };
    Some(msg.to_string())
}

/// The row and column dimensions (after the batch dimension of a rank-3 operand).
fn row_col(v: &[Operand<'_>]) -> (usize, usize) {
    let batched = usize::from(v[0].dims.len() == 3);
    (batched, batched + 1)
}

/// NVIDIA's `(128, 8)`: a shape as its messages print it.
fn shape(dims: &[u64]) -> String {
    let ds: Vec<String> = dims.iter().map(u64::to_string).collect();
    ds.join(", ")
}

/// The message that dimension `da` of operand `a` and `db` of `b` differ, if they do (`pad`:
/// NVIDIA's `verifyMmaShapes` begins some of its messages with a space).
fn dims_match(
    v: &[Operand<'_>],
    (a, da): (usize, usize),
    (b, db): (usize, usize),
    pad: &str,
) -> Option<String> {
    let (x, y) = (&v[a], &v[b]);
    (x.dims[da] != y.dims[db]).then(|| {
        format!(
            "op {pad}shape error: dim {da} of {} ({}) and dim {db} of {} ({}) must match, but got {} shape ({}) and {} shape ({})",
            NAMES[a], x.dims[da], NAMES[b], y.dims[db], NAMES[a], shape(x.dims), NAMES[b], shape(y.dims)
        )
    })
}

/// NVIDIA's `verifyMmaShapes` (shared with `mmaf`/`mmai`): rank 2 or 3, one batch size, and
/// `M x K` times `K x N` into `M x N`.
fn mma_shapes(v: &[Operand<'_>]) -> Option<String> {
    if !matches!(v[0].dims.len(), 2 | 3) {
        return Some("op operands must be 2D or 3D tiles".into());
    }
    let (row, col) = row_col(v);
    let batch = if row == 1 {
        dims_match(v, (0, 0), (1, 0), "").or_else(|| dims_match(v, (0, 0), (2, 0), ""))
    } else {
        None
    };
    batch
        .or_else(|| dims_match(v, (0, col), (1, row), " "))
        .or_else(|| dims_match(v, (0, row), (2, row), " "))
        .or_else(|| dims_match(v, (1, col), (2, col), " "))
}

/// The scales' shapes: the factors' batch size, `lhs_scale`'s rows are `lhs`'s, `rhs_scale`'s
/// columns are `rhs`'s, and both scales have one K extent.
fn scale_shapes(v: &[Operand<'_>]) -> Option<String> {
    let (row, col) = row_col(v);
    let batch = if row == 1 {
        dims_match(v, (0, 0), (3, 0), "").or_else(|| dims_match(v, (1, 0), (4, 0), ""))
    } else {
        None
    };
    batch
        .or_else(|| dims_match(v, (0, row), (3, row), ""))
        .or_else(|| dims_match(v, (1, col), (4, col), ""))
        .or_else(|| dims_match(v, (3, col), (4, row), ""))
}

/// The factor formats the scale format may scale ([`SCALED_FACTORS`]).
fn scale_types(v: &[Operand<'_>]) -> Option<String> {
    let (scale, factor) = (v[3].elem, v[0].elem);
    let &(_, allowed) = SCALED_FACTORS.iter().find(|(s, _)| *s == scale)?;
    if allowed.contains(&factor) {
        return None;
    }
    let names: Vec<String> = allowed
        .iter()
        .map(|k| format!("'{}'", k.as_str()))
        .collect();
    let want = match names.as_slice() {
        [one] => one.clone(),
        _ => format!("one of {{{}}}", names.join(", ")),
    };
    Some(format!(
        "op unsupported combination of element types. Scale type '{}' expects lhs and rhs element types to be {want}, but got '{}'",
        scale.as_str(),
        factor.as_str()
    ))
}

/// K is a multiple of the scales' K extent, and the block size (their quotient) is one that
/// [`BLOCK_RULES`] allows.
fn block_size(v: &[Operand<'_>]) -> Option<String> {
    let (_, col) = row_col(v);
    let (k, scale_k) = (v[0].dims[col], v[3].dims[col]);
    if scale_k == 0 || k % scale_k != 0 {
        return Some(format!(
            "op shape error: dim {col} of lhs_scale ({scale_k}) must be a divisor of dim {col} of lhs ({k}), but got lhs_scale shape ({}) and lhs shape ({})",
            shape(v[3].dims),
            shape(v[0].dims)
        ));
    }
    let size = k / scale_k;
    let rule = BLOCK_RULES
        .iter()
        .find(|r| r.factors.contains(&v[0].elem) && r.scale.is_none_or(|s| s == v[3].elem))?;
    (!rule.sizes.contains(&size)).then(|| format!("op {}, but got {size}", rule.msg))
}
