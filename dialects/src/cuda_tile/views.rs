//! Typed views of every cuda_tile op (`LoadPtr::cast(m, op)` instead of comparing name strings)
//! and their accessors. [`MemOpView`] is shared with nv_tileaa, whose memory ops are the same.

pub use super::ops::*;
use crate::opdef::PairOp;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{Module, Op, OpView, Space, Value};

/// Accessors shared by the memory-op views of cuda_tile and nv_tileaa (load, store, atomic rmw,
/// atomic cas, fence); the pair is [`PairOp`]'s.
pub trait MemOpView: OpView + PairOp {
    /// False for fences: their only operand is the optional input token.
    const HAS_PTR: bool = true;
    /// The pointer operand (None for fences).
    fn ptr(self, m: &Module) -> Option<Value> {
        Self::HAS_PTR
            .then(|| m.operands(self.op()).first().copied())
            .flatten()
    }
    /// The state space of the pointer tile: None on cuda_tile (its pointers have none) and for
    /// fences; nv_tileaa's `!nv_tileaa.ptr<space, T>` names it.
    fn ptr_space(self, m: &Module) -> Option<Space> {
        let t = m.value_type(self.ptr(m)?);
        ptr_info(m, tile_info(m, t)?.elem)?.0
    }
}
impl MemOpView for LoadPtr {}
impl MemOpView for StorePtr {}
impl MemOpView for AtomicRmw {}
impl MemOpView for AtomicCas {}
impl MemOpView for FenceTko {
    const HAS_PTR: bool = false;
}

impl Constant {
    /// The value, when it is an integer.
    pub fn int_value(self, m: &Module) -> Option<i64> {
        tilec_ir::FromAttr::from_attr(self.value(m)?)
    }
    /// The value, when it is a float.
    pub fn float_value(self, m: &Module) -> Option<f64> {
        tilec_ir::FromAttr::from_attr(self.value(m)?)
    }
}

/// True for an op of the cuda_tile dialect.
pub fn is_cuda_tile(m: &Module, op: Op) -> bool {
    OpKind::of(m, op).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::{MemScope, MemSemantic};

    #[test]
    fn accessors_read_typed_attributes() {
        let src = r#"
"cuda_tile.entry"() ({
^bb0(%p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>):
  %v, %t = "cuda_tile.load_ptr_tko"(%p) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
  %f = "cuda_tile.fence_tko"(%t) {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!cuda_tile.token) -> !cuda_tile.token
  "cuda_tile.return"() : () -> ()
}) {sym_name = "k", num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
"#;
        let m = tilec_ir::text::parse_module(src, Default::default()).expect("parses");
        let k = m.top_ops()[0];
        let e = Entry::cast(&m, k).expect("an entry");
        assert_eq!(
            (e.sym_name(&m), e.num_threads(&m), e.cluster_dims(&m)),
            ("k", 64, Some([2, 1, 1]))
        );
        assert!(Return::cast(&m, k).is_none());
        let body: Vec<Op> = m.block_ops(m.region_blocks(m.regions(k)[0])[0]).collect();
        let ld = LoadPtr::cast(&m, body[0]).expect("a load");
        assert_eq!(ld.sem(&m), Some(MemSemantic::Acquire));
        assert_eq!(ld.scope(&m), Some(MemScope::Gpu));
        assert!(ld.ptr(&m).is_some());
        assert_eq!(ld.ptr_space(&m), None);
        let f = FenceTko::cast(&m, body[1]).expect("a fence");
        assert_eq!((f.sem(&m), f.ptr(&m)), (Some(MemSemantic::Sc), None));
        assert!(is_cuda_tile(&m, body[2]));
    }
}
