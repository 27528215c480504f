//! Typed views of every nv_tileaa op and their accessors. The memory ops are cuda_tile's with
//! resolved pointer spaces: their views implement cuda_tile's [`MemOpView`] (sem, scope, ptr,
//! and here a meaningful `ptr_space`).

pub use super::ops::*;
use crate::cuda_tile::MemOpView;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{Module, Space};

impl MemOpView for LoadPtr {}
impl MemOpView for StorePtr {}
impl MemOpView for AtomicRmw {}
impl MemOpView for AtomicCas {}
impl MemOpView for FenceTko {
    const HAS_PTR: bool = false;
}

impl AllocShared {
    /// The space of the allocated pointers (`shared_cta` or `shared_cluster`), from the result
    /// type.
    pub fn space(self, m: &Module) -> Option<Space> {
        let r = m.results(self.0).next()?;
        ptr_info(m, tile_info(m, m.value_type(r))?.elem)?.0
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opdef::PairOp;
    use tilec_ir::RmwKind;
    use tilec_ir::{MemScope, MemSemantic, Op, OpView};

    #[test]
    fn memory_views_read_the_pair_and_the_pointer_space() {
        let src = r#"
"nv_tileaa.kernel"() ({
^bb0(%p: !nv_tileaa.tile<4x!nv_tileaa.ptr<global, i32>>, %v: !nv_tileaa.tile<4xi32>):
  %s = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<4x!nv_tileaa.ptr<shared_cta, i32>>
  %o, %t = "nv_tileaa.atomic_rmw_tko"(%p, %v) {kind = #mem.rmw<max>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileaa.tile<4x!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<4xi32>) -> (!nv_tileaa.tile<4xi32>, !nv_tileaa.token)
  %f = "nv_tileaa.fence_tko"(%t) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "k"} : () -> ()
"#;
        let m = tilec_ir::text::parse_module(src, Default::default()).expect("parses");
        let k = Kernel::cast(&m, m.top_ops()[0]).expect("a kernel");
        assert_eq!(
            (k.sym_name(&m), k.num_threads(&m), k.cluster_dims(&m)),
            ("k", 128, None)
        );
        let body: Vec<Op> = m.block_ops(m.region_blocks(m.regions(k.0)[0])[0]).collect();
        let a = AllocShared::cast(&m, body[0]).expect("alloc_shared");
        assert_eq!(a.space(&m), Some(Space::SharedCta));
        let r = AtomicRmw::cast(&m, body[1]).expect("an atomic");
        assert_eq!(r.kind(&m), Some(RmwKind::Max));
        assert_eq!(r.sem(&m), Some(MemSemantic::Relaxed));
        assert_eq!(r.scope(&m), Some(MemScope::Cluster));
        assert_eq!(r.ptr_space(&m), Some(Space::Global));
        let f = FenceTko::cast(&m, body[2]).expect("a fence");
        assert_eq!(
            (f.sem(&m), f.ptr(&m), f.ptr_space(&m)),
            (Some(MemSemantic::Release), None, None)
        );
    }
}
