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
use std::sync::OnceLock;
use tilec_dialects::cuda_tile as ct;
use tilec_dialects::nv_tileaa as aa;
use tilec_dialects::types::{aa_ptr, dialect_of, tile, tile_info, token};
use tilec_ir::pass::Pass;
use tilec_ir::{
    Diagnostics, Module, Op, OpView, Space, Sym, Type, TypeData, TypeParam, Value, WalkControl,
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
            if !ct::ModuleOp::is(m, top) {
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
            if let Some(k) = ct::OpKind::of(m, op) {
                ops.push((op, k));
            }
            WalkControl::Continue
        });
        let mut types: FxHashMap<Type, Type> = FxHashMap::default();
        for (op, k) in ops {
            m.set_op_name(op, aa_name(k));
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

/// The name of the nv_tileaa op a cuda_tile op of kind `k` becomes: `entry` is `kernel`, every
/// other op its namesake. A `module` below the top level (the only kind without a namesake)
/// gets the name of the dialect's would-be `module`, which the verifier rejects as an unknown op.
fn aa_name(k: ct::OpKind) -> Sym {
    static NAMES: OnceLock<Vec<Sym>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        // `nv_tileaa.`: the prefix every nv_tileaa op name has.
        let prefix = aa::Kernel::NAME
            .strip_suffix(aa::OpKind::Kernel.short_name())
            .unwrap_or_default();
        ct::OpKind::ALL
            .iter()
            .map(|&k| {
                let short = match k {
                    ct::OpKind::Entry => aa::OpKind::Kernel.short_name(),
                    k => k.short_name(),
                };
                match aa::OpKind::ALL.iter().find(|a| a.short_name() == short) {
                    Some(a) => Sym::new(a.name()),
                    None => Sym::new(&format!("{prefix}{short}")),
                }
            })
            .collect()
    });
    names[k as usize]
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
