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
use tilec_dialects::narrow_floats::narrow_in_op;
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
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        // NVIDIA's ops tilec declares but does not lower, and values of the narrow float types:
        // a located error each, before any change to the module.
        m.walk(&mut |op| {
            let why = if ct::OpKind::of(m, op).is_some_and(|k| !lowers(k)) {
                Some(NOT_SUPPORTED.to_string())
            } else {
                narrow_in_op(m, op).map(|k| format!("element type '{}' {NARROW}", k.as_str()))
            };
            if let Some(why) = why {
                d.push(*crate::lower::cannot_lower(
                    self.name(),
                    m,
                    op,
                    why,
                    cx.source,
                ));
            }
            WalkControl::Continue
        });
        if d.has_errors() {
            return d;
        }
        let expanded = crate::lower::cuda_tile_expand::expand(m, cx.source);
        if expanded.has_errors() {
            return expanded;
        }
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

/// The reason of the error for a value of a narrow float type (after the type's name).
const NARROW: &str = "is not supported yet by the lowering (tf32 and the fp8/fp4 types are read, verified and written to bytecode: docs/cuda-tile-ops.md)";

/// The reason of the error for an op [`lowers`] refuses.
const NOT_SUPPORTED: &str =
    "NVIDIA's op is declared and verified, but not supported yet by the lowering (docs/cuda-tile-ops.md)";

/// Whether this lowering lowers ops of kind `k`: the containers (`entry` becomes `kernel`,
/// `module` is dropped) and every op nv_tileaa has a namesake of. The others (NVIDIA's ops tilec
/// declares from its ODS but does not lower yet, docs/cuda-tile-ops.md) are rejected with a
/// located `lower.unsupported` error naming them.
pub fn lowers(k: ct::OpKind) -> bool {
    matches!(k, ct::OpKind::ModuleOp | ct::OpKind::Entry)
        || crate::lower::cuda_tile_expand::expands(k)
        || aa::OpKind::ALL
            .iter()
            .any(|a| a.short_name() == k.short_name())
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

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::text::parse_module;
    use tilec_ir::{DiagCode, FileId};

    /// NVIDIA's op mnemonics (the ODS list the dialect keeps).
    fn nvidia_ops() -> Vec<&'static str> {
        include_str!("../../../dialects/src/cuda_tile/nvidia_ops.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect()
    }

    /// A module whose kernel holds one op named `name` (no operands, results or regions: the
    /// lowering renames and retypes, it does not verify) before its `return`.
    fn with_op(name: &str) -> (Module, String) {
        let line = format!("\"{name}\"() : () -> ()");
        let text = format!(
            "\"cuda_tile.module\"() ({{\n  \"cuda_tile.entry\"() ({{\n    {line}\n    \"cuda_tile.return\"() : () -> ()\n  }}) {{sym_name = \"k\"}} : () -> ()\n}}) {{sym_name = \"m\"}} : () -> ()\n"
        );
        let m = parse_module(&text, FileId(1)).unwrap_or_else(|e| panic!("{}\n{text}", e.message));
        (m, text)
    }

    fn op_names(m: &Module) -> Vec<String> {
        let mut names = Vec::new();
        m.walk(&mut |op| {
            names.push(m.op_name(op).as_str().to_string());
            WalkControl::Continue
        });
        names
    }

    /// Every cuda_tile op kind has an answer: it lowers (to nv_tileaa ops only, no error), or the
    /// lowering rejects it with one `lower.unsupported` error at the op that names it, and leaves
    /// the module as it was. The rejected ones are NVIDIA's ops, and every op tilec had before
    /// them lowers.
    #[test]
    fn every_cuda_tile_op_lowers_or_is_rejected_by_name() {
        let nvidia = nvidia_ops();
        let cx = Cx::new(tilec_dialects::target::Target::parse("sm_90a").expect("target"));
        let mut rejected = Vec::new();
        for &k in ct::OpKind::ALL {
            let name = match k {
                // The containers are the test's own frame.
                ct::OpKind::ModuleOp | ct::OpKind::Entry => ct::OpKind::MakeToken.name(),
                k => k.name(),
            };
            let (mut m, text) = with_op(name);
            let before = op_names(&m);
            let d = LowerCudaTileToAa.run(&mut m, &cx);
            if crate::lower::cuda_tile_expand::expands(k) {
                // Rewritten by the expansion, which needs the op's operands: without them it
                // reports a located error (no panic). testdata/lower/cuda-tile-expand-*.mlir
                // has the real cases.
                assert!(
                    d.0.iter().all(|e| e.loc.file == FileId(1)),
                    "{name}: {:?}",
                    d.0
                );
                continue;
            }
            if lowers(k) {
                assert!(d.is_empty(), "{name}: {:?}", d.0);
                for n in op_names(&m) {
                    assert!(
                        aa::OpKind::ALL.iter().any(|a| a.name() == n),
                        "{name} lowered to '{n}', which is no nv_tileaa op"
                    );
                }
            } else {
                rejected.push(k.short_name());
                assert_eq!(d.error_count(), 1, "{name}: {:?}", d.0);
                let e = &d.0[0];
                assert_eq!(e.code, DiagCode::LowerUnsupported, "{name}");
                assert!(
                    e.message.contains(&format!("'{name}'"))
                        && e.message.contains("not supported yet"),
                    "{name}: {}",
                    e.message
                );
                let at = text.find(&format!("\"{name}\"")).expect("the op's line") as u32;
                assert_eq!(
                    (e.loc.file, e.loc.start),
                    (FileId(1), at),
                    "{name}: the error points at the op"
                );
                assert_eq!(op_names(&m), before, "{name}: the module is unchanged");
                // NVIDIA's ODS ops, and its test-only function (declared in its C++).
                assert!(
                    nvidia.contains(&k.short_name()) || k == ct::OpKind::TestingFunc,
                    "{name} is not NVIDIA's"
                );
            }
        }
        assert!(!rejected.is_empty());
        // tilec's ops before NVIDIA's (everything up to the first rejected kind) all lower.
        let first = ct::OpKind::ALL
            .iter()
            .position(|&k| !lowers(k))
            .expect("a rejected kind");
        // NVIDIA's ops nv_tileaa has namesakes of (lowered one to one).
        let mirrored = [
            ct::OpKind::PtrToInt,
            ct::OpKind::PtrToPtr,
            ct::OpKind::IntToPtr,
            ct::OpKind::Pack,
            ct::OpKind::Unpack,
            ct::OpKind::Sin,
            ct::OpKind::Cos,
            ct::OpKind::Tan,
            ct::OpKind::SinH,
            ct::OpKind::CosH,
            ct::OpKind::Atan2,
            ct::OpKind::Pow,
            ct::OpKind::RemF,
            ct::OpKind::PrintTko,
            ct::OpKind::Assert,
            ct::OpKind::Global,
            ct::OpKind::GetGlobal,
        ];
        assert!(
            ct::OpKind::ALL[first..].iter().all(|&k| !lowers(k)
                || crate::lower::cuda_tile_expand::expands(k)
                || mirrored.contains(&k)),
            "the rejected kinds are the appended ones, less those the expansion rewrites and those nv_tileaa mirrors"
        );
    }
}
