//! NVIDIA's rules for the narrow float types (`tf32`, `f8E4M3FN`, `f8E5M2`, `f8E8M0FNU`,
//! `f4E2M1FN`; cuda_tile `Types.td`, `Ops.td`, `CudaTile.cpp`), in one place:
//!
//! - the float arithmetic and math ops take NVIDIA's `BaseFloat` (f16, bf16, f32, f64) only:
//!   [`base_float_only`] reports the others;
//! - a `f4E2M1FN` tile has an even number of elements (two pack into a byte; NVIDIA's
//!   `TileType::verify`), checked for every value an op defines ([`check_f4_tiles`], from
//!   `opdef::verify_op`);
//! - `select` cannot operate on `f4E2M1FN` (sub-byte) tiles ([`check_select_f4`]);
//! - `mmaf`: the factor and accumulator tables of [`MMAF_ACC`].
//!
//! The conversions' rules (`ftof` rounding toward `f8E8M0FNU`, no `itof` to it) are in
//! `conversions.rs`, with the others of those ops.

use crate::common::{err, ty, type_err};
use crate::types::{elements, tile_shape};
use tilec_ir::{Diagnostics, FloatKind, Module, Op, Type, TypeData, TypeParam};

/// The float format of `t`'s elements (of `t` itself when it is not a tile).
pub fn float_kind(m: &Module, t: Type) -> Option<FloatKind> {
    let e = tile_shape(m, t).map_or(t, |(_, e)| e);
    match m.type_data(e) {
        TypeData::Float(k) => Some(*k),
        _ => None,
    }
}

/// The error of an arithmetic or math op whose value `t` has a narrow float element type
/// (NVIDIA's `BaseFloatTileType` constraint), as NVIDIA words it; `None` for other types.
pub fn base_float_only(m: &Module, what: &str, t: Type) -> Option<String> {
    let k = float_kind(m, t)?;
    (!k.is_base()).then(|| {
        format!(
            "{what} must be tile of f16 or bf16 or f32 or f64 values, but got '{}'",
            ty(m, t)
        )
    })
}

/// Every value `op` defines (results, its regions' block arguments): a tile of `f4E2M1FN` has
/// an even number of elements.
pub fn check_f4_tiles(m: &Module, op: Op, d: &mut Diagnostics) {
    for v in crate::common::defined_values(m, op) {
        let t = m.value_type(v);
        let Some((dims, e)) = tile_shape(m, t) else {
            continue;
        };
        let f4 = matches!(m.type_data(e), TypeData::Float(FloatKind::F4E2M1FN));
        if f4 && elements(dims) % 2 == 1 {
            return type_err(
                m,
                op,
                d,
                format!(
                    "F4E2M1FN tiles must have an even number of elements, but '{}' has {}",
                    ty(m, t),
                    elements(dims)
                ),
            );
        }
    }
}

/// `select` of `f4E2M1FN` tiles (NVIDIA: sub-byte elements cannot be picked one by one).
pub fn check_select_f4(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    if float_kind(m, m.value_type(r)) == Some(FloatKind::F4E2M1FN) {
        err(m, op, d, "cannot operate on sub-byte type F4E2M1FN");
    }
}

/// `mmaf`: per factor format, the accumulator formats it may go into (NVIDIA's
/// `MmaFOp::verify`); a factor format not listed is not an `mmaf` operand type.
pub const MMAF_ACC: &[(FloatKind, &[FloatKind])] = &[
    (FloatKind::F16, &[FloatKind::F16, FloatKind::F32]),
    (FloatKind::BF16, &[FloatKind::F32]),
    (FloatKind::F32, &[FloatKind::F32]),
    (FloatKind::TF32, &[FloatKind::F32]),
    (FloatKind::F64, &[FloatKind::F64]),
    (FloatKind::F8E4M3FN, &[FloatKind::F16, FloatKind::F32]),
    (FloatKind::F8E5M2, &[FloatKind::F16, FloatKind::F32]),
];

/// The accumulator formats of `mmaf` (`MmaFOp_ResultTileType`).
pub const MMAF_ACC_TYPES: [FloatKind; 3] = [FloatKind::F16, FloatKind::F32, FloatKind::F64];

/// The first narrow float format (not f16, bf16, f32 or f64) in type `t`: its element type, a
/// pointer's pointee, a view's element, a function's inputs and results.
pub fn narrow_in(m: &Module, t: Type) -> Option<FloatKind> {
    match m.type_data(t) {
        TypeData::Float(k) => (!k.is_base()).then_some(*k),
        TypeData::Function { inputs, results } => inputs
            .iter()
            .chain(results.iter())
            .find_map(|&x| narrow_in(m, x)),
        TypeData::Dialect { params, .. } => params.iter().find_map(|p| match p {
            TypeParam::Type(x) | TypeParam::Shaped { elem: x, .. } => narrow_in(m, *x),
            _ => None,
        }),
        TypeData::Int(_) | TypeData::Index => None,
    }
}

/// The first narrow float format among the types of `op`'s operands, results and its regions'
/// block arguments: what the lowering refuses (it lowers the four arithmetic formats only).
pub fn narrow_in_op(m: &Module, op: Op) -> Option<FloatKind> {
    let args = m
        .regions(op)
        .iter()
        .flat_map(|&r| m.region_blocks(r).iter().copied())
        .flat_map(|b| m.block_args(b).iter().copied());
    let mut values = m
        .operands(op)
        .iter()
        .copied()
        .chain(m.results(op))
        .chain(args);
    values.find_map(|v| narrow_in(m, m.value_type(v)))
}
