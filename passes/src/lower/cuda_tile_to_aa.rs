//! `lower-cuda-tile-to-aa`: cuda_tile → nv_tileaa.
//!
//! The structure is 1:1, so ops are renamed and values retyped in place:
//! - each `cuda_tile.entry` becomes a top-level `nv_tileaa.kernel`; the `cuda_tile.module`
//!   wrapper is dropped;
//! - every pointer gets its space: kernel parameters point to global memory, and every pointer
//!   cuda_tile can form (`offset`, `broadcast`, `reshape` of a parameter) stays in the space it
//!   came from, so all cuda_tile pointers are global;
//! - scopes are already normalized (`tl_blk`/`device` become cta/gpu when the custom syntax is
//!   read), and every `(mem_semantic, mem_scope)` pair is copied unchanged.

use crate::Cx;
use rustc_hash::FxHashMap;
use tilec_dialects::types::{aa_ptr, dialect_of, tile, tile_info, token};
use tilec_ir::pass::Pass;
use tilec_ir::{
    Diagnostics, Module, Op, Space, Sym, Type, TypeData, TypeParam, Value, WalkControl,
};

/// The pass.
pub struct LowerCudaTileToAa;

impl Pass<Cx> for LowerCudaTileToAa {
    fn name(&self) -> &'static str {
        "lower-cuda-tile-to-aa"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::LowerInvalid
    }
    fn run(&self, m: &mut Module, _cx: &Cx) -> Diagnostics {
        let d = Diagnostics::new();
        // Hoist entries out of their module wrappers.
        for top in m.top_ops() {
            if m.op_name(top).as_str() != "cuda_tile.module" {
                continue;
            }
            let entries: Vec<Op> = m
                .regions(top)
                .iter()
                .flat_map(|&r| m.region_blocks(r).to_vec())
                .flat_map(|b| m.block_ops(b).collect::<Vec<_>>())
                .collect();
            for e in entries {
                m.detach(e);
                m.insert_before(top, e);
            }
            m.erase_op(top);
        }
        let mut ops = Vec::new();
        m.walk(&mut |op| {
            if m.op_name(op).as_str().starts_with("cuda_tile.") {
                ops.push(op);
            }
            WalkControl::Continue
        });
        let mut types: FxHashMap<Type, Type> = FxHashMap::default();
        for op in ops {
            let name = m.op_name(op).as_str();
            let short = &name["cuda_tile.".len()..];
            let new = if short == "entry" {
                "nv_tileaa.kernel".to_string()
            } else {
                format!("nv_tileaa.{short}")
            };
            m.set_op_name(op, Sym::new(&new));
            let mut vals: Vec<Value> = m.results(op).collect();
            for &r in m.regions(op) {
                for &b in m.region_blocks(r) {
                    vals.extend_from_slice(m.block_args(b));
                }
            }
            for v in vals {
                let t = m.value_type(v);
                let nt = map_type(m, t, &mut types);
                m.set_value_type(v, nt);
            }
        }
        d
    }
}

/// Maps a cuda_tile type to its nv_tileaa counterpart (other types unchanged).
fn map_type(m: &mut Module, t: Type, memo: &mut FxHashMap<Type, Type>) -> Type {
    if let Some(&x) = memo.get(&t) {
        return x;
    }
    let out = match dialect_of(m, t) {
        Some(("cuda_tile", "token")) => token(m, "nv_tileaa"),
        Some(("cuda_tile", "tile")) => match tile_info(m, t) {
            Some(info) => {
                let elem = map_type(m, info.elem, memo);
                tile(m, "nv_tileaa", &info.dims, elem)
            }
            None => t,
        },
        Some(("cuda_tile", "ptr")) => {
            let elem = match m.type_data(t) {
                TypeData::Dialect { params, .. } => match params.first() {
                    Some(TypeParam::Type(e)) => Some(*e),
                    _ => None,
                },
                _ => None,
            };
            match elem {
                Some(e) => aa_ptr(m, Space::Global, e),
                None => t,
            }
        }
        _ => t,
    };
    memo.insert(t, out);
    out
}
