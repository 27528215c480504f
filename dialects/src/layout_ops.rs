//! The verifier rules of NVIDIA's `permute`, `extract`, `broadcast`, `mmai`, `global` and
//! `get_global` (cuda_tile `Ops.td`), shared by every tile dialect that has them:
//!
//! - `global @g <…> : tile<N x T>` (rank 1) and `get_global @g` (a 0-d tile of a pointer to the
//!   element type of the global `@g` of the enclosing module);
//! - `mmai %a, %b, %acc SIGN SIGN`: i8 factors `[B x] M x K` and `[B x] K x N`, an i32
//!   accumulator and result `[B x] M x N`, each factor's signedness NVIDIA's word;
//! - `broadcast %x`: the source's element type and rank, every source size 1 or the result's
//!   (tilec's extension: a bare scalar, not a tile, broadcasts to any shape);
//! - `permute %x [p…]` (rank 2 or more): `p` is a permutation of the source's dimensions, the
//!   result has the
//!   source's element type and dimension `i` of size `source[p[i]]`;
//! - `extract %x[%i…]`: one 0-d i32 index per dimension, a result of the source's rank and
//!   element type whose sizes divide the source's (index `i` along a dimension selects the
//!   slice `[i·r, (i+1)·r)`).

use crate::common::{err, ty, type_err};
use crate::types::tile_shape;
use tilec_ir::{AttrData, Diagnostics, Module, Op, Sym, TypeData};

/// `permute`: a permutation, and the result's shape and element type.
pub fn check_permute(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&x), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let Some(AttrData::DenseI32(p)) = m.get_attr(op, Sym::new("permutation")) else {
        return;
    };
    let (Some((sd, se)), Some((rd, re))) = (
        tile_shape(m, m.value_type(x)),
        tile_shape(m, m.value_type(r)),
    ) else {
        return type_err(m, op, d, "permutes a tile into a tile");
    };
    if sd.len() < 2 {
        return err(
            m,
            op,
            d,
            format!("expects at least rank 2, but got: {}", sd.len()),
        );
    }
    let mut seen = vec![false; sd.len()];
    let is_perm = p.len() == sd.len()
        && p.iter().all(|&i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| seen.get_mut(i))
                .is_some_and(|s| !std::mem::replace(s, true))
        });
    if !is_perm {
        return err(
            m,
            op,
            d,
            format!(
                "'permutation' must be a permutation of 0..{}, but it is {p:?}",
                sd.len()
            ),
        );
    }
    let want: Vec<u64> = p.iter().map(|&i| sd[i as usize]).collect();
    if se != re || rd != want.as_slice() {
        type_err(
            m,
            op,
            d,
            format!(
                "result must be the source '{}' permuted by {p:?}, but it is '{}'",
                ty(m, m.value_type(x)),
                ty(m, m.value_type(r))
            ),
        );
    }
}

/// `extract`: one 0-d i32 index per dimension; the result's rank and element type are the
/// source's, its sizes divide the source's.
pub fn check_extract(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    let (Some(&x), Some(r)) = (ops.first(), m.results(op).next()) else {
        return;
    };
    let (Some((sd, se)), Some((rd, re))) = (
        tile_shape(m, m.value_type(x)),
        tile_shape(m, m.value_type(r)),
    ) else {
        return type_err(m, op, d, "extracts a tile from a tile");
    };
    if ops.len() - 1 != sd.len() {
        return err(
            m,
            op,
            d,
            format!(
                "takes one index per source dimension ({}), but has {}",
                sd.len(),
                ops.len() - 1
            ),
        );
    }
    for &i in &ops[1..] {
        let it = m.value_type(i);
        let scalar_i32 = tile_shape(m, it).is_some_and(|(dims, e)| {
            dims.is_empty() && matches!(m.type_data(e), TypeData::Int(32))
        });
        if !scalar_i32 {
            return type_err(
                m,
                op,
                d,
                format!("an index must be a 0-d i32 tile, not '{}'", ty(m, it)),
            );
        }
    }
    let divides = rd.len() == sd.len() && rd.iter().zip(sd).all(|(&r, &s)| r > 0 && s % r == 0);
    if se != re || !divides {
        type_err(
            m,
            op,
            d,
            format!(
                "result '{}' must have the element type and rank of the source '{}', each size dividing the source's",
                ty(m, m.value_type(r)),
                ty(m, m.value_type(x))
            ),
        );
    }
}

/// `broadcast`: one element type and rank; each source size is 1 or the result's.
pub fn check_broadcast(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&x), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let Some((rd, re)) = tile_shape(m, m.value_type(r)) else {
        return type_err(m, op, d, "broadcasts to a tile");
    };
    // tilec's extension: a bare scalar (a `ptr<f32>` parameter) broadcasts to any shape.
    let (sd, se) = match tile_shape(m, m.value_type(x)) {
        Some(t) => t,
        None => (&[][..], m.value_type(x)),
    };
    let scalar = tile_shape(m, m.value_type(x)).is_none();
    if se != re {
        return type_err(
            m,
            op,
            d,
            "requires the same element type for all operands and results",
        );
    }
    if sd.len() != rd.len() && !scalar {
        return type_err(
            m,
            op,
            d,
            "failed to verify that all of {source, result} have same rank",
        );
    }
    if sd.iter().zip(rd).any(|(&s, &r)| s != 1 && s != r) {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        type_err(
            m,
            op,
            d,
            format!(
                "expects the shape of source tile to be compatible with that of the result tile, but got: {} and {}",
                list(sd),
                list(rd)
            ),
        );
    }
}

/// `mmai`: i8 factors, an i32 accumulator of the product's shape, two signedness words.
pub fn check_mmai(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    let (Some(&a), Some(&b), Some(&c), Some(r)) =
        (ops.first(), ops.get(1), ops.get(2), m.results(op).next())
    else {
        return;
    };
    for key in ["signedness_lhs", "signedness_rhs"] {
        if crate::cuda_tile::words::signedness(m, op, key).is_none() {
            return err(
                m,
                op,
                d,
                format!("'{key}' must be #cuda_tile.signedness<signed|unsigned>"),
            );
        }
    }
    let shapes = [a, b, c].map(|v| tile_shape(m, m.value_type(v)));
    let [Some((da, ea)), Some((db, eb)), Some((dc, ec))] = shapes else {
        return type_err(m, op, d, "takes tiles");
    };
    let int = |e, w| matches!(m.type_data(e), TypeData::Int(x) if *x == w);
    if !crate::common::mma_shapes_ok(da, db, dc) || !int(ea, 8) || !int(eb, 8) || !int(ec, 32) {
        return type_err(
            m,
            op,
            d,
            format!(
                "multiplies '{}' by '{}' into '{}': want [B x] M x K and [B x] K x N i8 tiles and a [B x] M x N i32 accumulator",
                ty(m, m.value_type(a)),
                ty(m, m.value_type(b)),
                ty(m, m.value_type(c))
            ),
        );
    }
    if m.value_type(r) != m.value_type(c) {
        type_err(m, op, d, "yields a result of the accumulator's type");
    }
}

/// `global`: a rank-1 tile type for its value.
pub fn check_global(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(AttrData::Type(t)) = m.get_attr(op, Sym::new("value_type")) {
        if tile_shape(m, *t).is_none_or(|(dims, _)| dims.len() != 1) {
            err(m, op, d, "type must have rank 1");
        }
    }
}

/// `get_global @g`: a 0-d tile of a pointer to the element type of the global `@g` of the
/// enclosing module.
pub fn check_get_global(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    let rt = m.value_type(r);
    let pointee = tile_shape(m, rt)
        .filter(|(dims, _)| dims.is_empty())
        .and_then(|(_, e)| crate::types::ptr_info(m, e))
        .map(|(_, p)| p);
    let Some(pointee) = pointee else {
        return type_err(
            m,
            op,
            d,
            format!(
                "result #0 must be 0D tile of Pointer type values, but got '{}'",
                ty(m, rt)
            ),
        );
    };
    let Some(AttrData::SymbolRef(name)) = m.get_attr(op, Sym::new("name")) else {
        return;
    };
    // The global of that name among the ops of the enclosing module's body: a `cuda_tile.module`,
    // or the top level for kernels written without one (as the bytecode reader makes them).
    let mut module = m.parent_op(op);
    while let Some(p) = module {
        if m.op_name(p).as_str() == "cuda_tile.module" {
            break;
        }
        module = m.parent_op(p);
    }
    let blocks: Vec<tilec_ir::Block> = match module {
        Some(md) => m
            .regions(md)
            .iter()
            .flat_map(|&rg| m.region_blocks(rg).to_vec())
            .collect(),
        None => vec![m.body()],
    };
    let global = blocks
        .into_iter()
        .flat_map(|b| m.block_ops(b).collect::<Vec<_>>())
        .find(|&o| {
            m.op_name(o).as_str() == "cuda_tile.global"
                && matches!(m.get_attr(o, Sym::new("sym_name")), Some(AttrData::Str(s)) if s.as_ref() == name.as_str())
        });
    let Some(g) = global else {
        return err(
            m,
            op,
            d,
            format!("'{}' does not reference a valid global", name.as_str()),
        );
    };
    let elem = match m.get_attr(g, Sym::new("value_type")) {
        Some(AttrData::Type(t)) => tile_shape(m, *t).map(|(_, e)| e),
        _ => None,
    };
    if let (Some(e), Some(p)) = (elem, pointee) {
        if e != p {
            type_err(
                m,
                op,
                d,
                format!(
                    "pointee type of result type '{}' does not match type '{}' of the global @{}",
                    ty(m, tile_shape(m, rt).map_or(rt, |x| x.1)),
                    ty(m, e),
                    name.as_str()
                ),
            );
        }
    }
}
