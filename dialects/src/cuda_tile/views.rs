//! Typed views of every cuda_tile op (`LoadPtr::cast(m, op)` instead of comparing name strings)
//! and their accessors. [`MemOpView`] is shared with nv_tileaa, whose memory ops are the same.

use crate::opdef::views;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{sym, MemScope, MemSemantic, Module, Op, OpView, Space, Value};

views!(
    ModuleOp = "cuda_tile.module",
    Entry = "cuda_tile.entry",
    Constant = "cuda_tile.constant",
    Iota = "cuda_tile.iota",
    Offset = "cuda_tile.offset",
    Broadcast = "cuda_tile.broadcast",
    Reshape = "cuda_tile.reshape",
    GetTileBlockId = "cuda_tile.get_tile_block_id",
    GetNumTileBlocks = "cuda_tile.get_num_tile_blocks",
    For = "cuda_tile.for",
    Loop = "cuda_tile.loop",
    If = "cuda_tile.if",
    Yield = "cuda_tile.yield",
    Break = "cuda_tile.break",
    Continue = "cuda_tile.continue",
    Return = "cuda_tile.return",
    LoadPtr = "cuda_tile.load_ptr_tko",
    StorePtr = "cuda_tile.store_ptr_tko",
    AtomicRmw = "cuda_tile.atomic_rmw_tko",
    AtomicCas = "cuda_tile.atomic_cas_tko",
    MakeToken = "cuda_tile.make_token",
    JoinTokens = "cuda_tile.join_tokens",
    FenceTko = "cuda_tile.fence_tko",
    AddI = "cuda_tile.addi",
    SubI = "cuda_tile.subi",
    MulI = "cuda_tile.muli",
    DivSI = "cuda_tile.divsi",
    DivUI = "cuda_tile.divui",
    RemSI = "cuda_tile.remsi",
    RemUI = "cuda_tile.remui",
    AndI = "cuda_tile.andi",
    OrI = "cuda_tile.ori",
    XOrI = "cuda_tile.xori",
    ShLI = "cuda_tile.shli",
    ShRUI = "cuda_tile.shrui",
    ShRSI = "cuda_tile.shrsi",
    AddF = "cuda_tile.addf",
    SubF = "cuda_tile.subf",
    MulF = "cuda_tile.mulf",
    DivF = "cuda_tile.divf",
    MaxF = "cuda_tile.maxf",
    MinF = "cuda_tile.minf",
    CmpI = "cuda_tile.cmpi",
    CmpF = "cuda_tile.cmpf",
    Select = "cuda_tile.select",
);

/// Accessors shared by the memory-op views of cuda_tile and nv_tileaa (load, store, atomic rmw,
/// atomic cas, fence).
pub trait MemOpView: OpView {
    /// False for fences: their only operand is the optional input token.
    const HAS_PTR: bool = true;
    /// The semantic.
    fn sem(self, m: &Module) -> Option<MemSemantic> {
        m.attr_as(self.op(), sym!("mem_semantic"))
    }
    /// The scope (None for weak).
    fn scope(self, m: &Module) -> Option<MemScope> {
        m.attr_as(self.op(), sym!("mem_scope"))
    }
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

impl crate::opdef::RmwView for AtomicRmw {}

impl ModuleOp {
    /// The module's name, if it has one.
    pub fn sym_name(self, m: &Module) -> Option<String> {
        m.attr_as(self.0, sym!("sym_name"))
    }
}

impl crate::opdef::KernelView for Entry {}

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

impl GetTileBlockId {
    /// The grid dimension (0 when absent).
    pub fn dim(self, m: &Module) -> i64 {
        m.attr_as(self.0, sym!("dim")).unwrap_or(0)
    }
}
impl GetNumTileBlocks {
    /// The grid dimension (0 when absent).
    pub fn dim(self, m: &Module) -> i64 {
        m.attr_as(self.0, sym!("dim")).unwrap_or(0)
    }
}

impl crate::opdef::CompareView for CmpI {}
impl crate::opdef::CompareView for CmpF {}

/// True for an op of the cuda_tile dialect.
pub fn is_cuda_tile(m: &Module, op: Op) -> bool {
    m.op_name(op).as_str().starts_with("cuda_tile.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opdef::KernelView;

    #[test]
    fn every_op_has_a_view_and_every_view_an_op() {
        let bad = crate::opdef::view_mismatches(&super::super::ops(), VIEWS);
        assert!(bad.is_empty(), "{bad:#?}");
    }

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
            ("k".to_string(), 64, Some([2, 1, 1]))
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
