//! Typed views of every nv_tileaa op and their accessors. The memory ops are cuda_tile's with
//! resolved pointer spaces: their views implement cuda_tile's [`MemOpView`] (sem, scope, ptr,
//! and here a meaningful `ptr_space`).

use crate::cuda_tile::MemOpView;
use crate::opdef::views;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{sym, Module, Space};

views!(
    Kernel = "nv_tileaa.kernel",
    AllocShared = "nv_tileaa.alloc_shared",
    Constant = "nv_tileaa.constant",
    Iota = "nv_tileaa.iota",
    Offset = "nv_tileaa.offset",
    Broadcast = "nv_tileaa.broadcast",
    Reshape = "nv_tileaa.reshape",
    GetTileBlockId = "nv_tileaa.get_tile_block_id",
    GetNumTileBlocks = "nv_tileaa.get_num_tile_blocks",
    For = "nv_tileaa.for",
    Loop = "nv_tileaa.loop",
    If = "nv_tileaa.if",
    Yield = "nv_tileaa.yield",
    Break = "nv_tileaa.break",
    Continue = "nv_tileaa.continue",
    Return = "nv_tileaa.return",
    LoadPtr = "nv_tileaa.load_ptr_tko",
    StorePtr = "nv_tileaa.store_ptr_tko",
    AtomicRmw = "nv_tileaa.atomic_rmw_tko",
    AtomicCas = "nv_tileaa.atomic_cas_tko",
    MakeToken = "nv_tileaa.make_token",
    JoinTokens = "nv_tileaa.join_tokens",
    FenceTko = "nv_tileaa.fence_tko",
    AddI = "nv_tileaa.addi",
    SubI = "nv_tileaa.subi",
    MulI = "nv_tileaa.muli",
    DivSI = "nv_tileaa.divsi",
    DivUI = "nv_tileaa.divui",
    RemSI = "nv_tileaa.remsi",
    RemUI = "nv_tileaa.remui",
    AndI = "nv_tileaa.andi",
    OrI = "nv_tileaa.ori",
    XOrI = "nv_tileaa.xori",
    ShLI = "nv_tileaa.shli",
    ShRUI = "nv_tileaa.shrui",
    ShRSI = "nv_tileaa.shrsi",
    AddF = "nv_tileaa.addf",
    SubF = "nv_tileaa.subf",
    MulF = "nv_tileaa.mulf",
    DivF = "nv_tileaa.divf",
    MaxF = "nv_tileaa.maxf",
    MinF = "nv_tileaa.minf",
    CmpI = "nv_tileaa.cmpi",
    CmpF = "nv_tileaa.cmpf",
    Select = "nv_tileaa.select",
);

impl MemOpView for LoadPtr {}
impl MemOpView for StorePtr {}
impl MemOpView for AtomicRmw {}
impl MemOpView for AtomicCas {}
impl MemOpView for FenceTko {
    const HAS_PTR: bool = false;
}

impl crate::opdef::RmwView for AtomicRmw {}

impl crate::opdef::KernelView for Kernel {}

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
        m.attr_as(self.0, sym!("value"))
    }
    /// The value, when it is a float.
    pub fn float_value(self, m: &Module) -> Option<f64> {
        m.attr_as(self.0, sym!("value"))
    }
}

impl crate::opdef::CompareView for CmpI {}
impl crate::opdef::CompareView for CmpF {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opdef::{KernelView, RmwView};
    use tilec_ir::RmwKind;
    use tilec_ir::{MemScope, MemSemantic, Op, OpView};

    #[test]
    fn every_op_has_a_view_and_every_view_an_op() {
        let bad = crate::opdef::view_mismatches(&super::super::ops(), VIEWS);
        assert!(bad.is_empty(), "{bad:#?}");
    }

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
            ("k".to_string(), 128, None)
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
