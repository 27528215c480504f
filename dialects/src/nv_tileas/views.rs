//! Typed views of every nv_tileas op and their accessors: [`AsMemOp`] for the ops carrying a
//! memory pair or a space (accesses, fences, cluster barriers, mbarriers), [`MbarrierOp`] for the
//! mbarrier ops (their PTX defaults, tx bytes, the barrier operand), and inherent accessors for
//! the rest (barrier ids, bulk bytes, pending groups, warp ranges, allocations, the kernel).

use super::verify::ptr_space;
use crate::mem::{effective, OpFamily};
use crate::opdef::views;
use std::ops::Range;
use tilec_ir::{sym, MemScope, MemSemantic, Module, OpView, Space, Value};

views!(
    Kernel = "nv_tileas.kernel",
    ThreadId = "nv_tileas.thread_id",
    BlockId = "nv_tileas.block_id",
    NumBlocks = "nv_tileas.num_blocks",
    ClusterCtaRank = "nv_tileas.cluster_ctarank",
    ClusterId = "nv_tileas.cluster_id",
    NumThreads = "nv_tileas.num_threads",
    LaneId = "nv_tileas.lane_id",
    WarpId = "nv_tileas.warp_id",
    Constant = "nv_tileas.constant",
    Gep = "nv_tileas.gep",
    For = "nv_tileas.for",
    If = "nv_tileas.if",
    While = "nv_tileas.while",
    Yield = "nv_tileas.yield",
    Elect = "nv_tileas.elect",
    WarpRole = "nv_tileas.warp_role",
    Return = "nv_tileas.return",
    Ld = "nv_tileas.ld",
    St = "nv_tileas.st",
    Atom = "nv_tileas.atom",
    Red = "nv_tileas.red",
    AllocShared = "nv_tileas.alloc_shared",
    Mapa = "nv_tileas.mapa",
    Fence = "nv_tileas.fence",
    FenceProxyAsync = "nv_tileas.fence_proxy_async",
    FenceMbarrierInit = "nv_tileas.fence_mbarrier_init",
    Barrier = "nv_tileas.barrier",
    BarrierArrive = "nv_tileas.barrier_arrive",
    ClusterArrive = "nv_tileas.cluster_arrive",
    ClusterWait = "nv_tileas.cluster_wait",
    MbarrierInit = "nv_tileas.mbarrier_init",
    MbarrierArrive = "nv_tileas.mbarrier_arrive",
    MbarrierArriveDrop = "nv_tileas.mbarrier_arrive_drop",
    MbarrierExpectTx = "nv_tileas.mbarrier_expect_tx",
    MbarrierCompleteTx = "nv_tileas.mbarrier_complete_tx",
    MbarrierTryWait = "nv_tileas.mbarrier_try_wait",
    MbarrierTestWait = "nv_tileas.mbarrier_test_wait",
    MbarrierWait = "nv_tileas.mbarrier_wait",
    MbarrierInval = "nv_tileas.mbarrier_inval",
    BulkCopyG2S = "nv_tileas.bulk_copy_g2s",
    BulkCopyS2G = "nv_tileas.bulk_copy_s2g",
    BulkCommit = "nv_tileas.bulk_commit",
    BulkWait = "nv_tileas.bulk_wait",
    StAsync = "nv_tileas.st_async",
    RedAsync = "nv_tileas.red_async",
    WgmmaFence = "nv_tileas.wgmma_fence",
    WgmmaCommit = "nv_tileas.wgmma_commit",
    WgmmaWait = "nv_tileas.wgmma_wait",
    Tcgen05Alloc = "nv_tileas.tcgen05_alloc",
    Tcgen05Dealloc = "nv_tileas.tcgen05_dealloc",
    Tcgen05Ld = "nv_tileas.tcgen05_ld",
    Tcgen05St = "nv_tileas.tcgen05_st",
    Tcgen05WaitLd = "nv_tileas.tcgen05_wait_ld",
    Tcgen05WaitSt = "nv_tileas.tcgen05_wait_st",
    Tcgen05Mma = "nv_tileas.tcgen05_mma",
    WgmmaMma = "nv_tileas.wgmma_mma",
    Tcgen05Commit = "nv_tileas.tcgen05_commit",
    Tcgen05FenceBefore = "nv_tileas.tcgen05_fence_before",
    Tcgen05FenceAfter = "nv_tileas.tcgen05_fence_after",
    AddI = "nv_tileas.addi",
    SubI = "nv_tileas.subi",
    MulI = "nv_tileas.muli",
    DivSI = "nv_tileas.divsi",
    DivUI = "nv_tileas.divui",
    RemSI = "nv_tileas.remsi",
    RemUI = "nv_tileas.remui",
    AndI = "nv_tileas.andi",
    OrI = "nv_tileas.ori",
    XOrI = "nv_tileas.xori",
    ShLI = "nv_tileas.shli",
    ShRUI = "nv_tileas.shrui",
    ShRSI = "nv_tileas.shrsi",
    AddF = "nv_tileas.addf",
    SubF = "nv_tileas.subf",
    MulF = "nv_tileas.mulf",
    DivF = "nv_tileas.divf",
    MaxF = "nv_tileas.maxf",
    MinF = "nv_tileas.minf",
    CmpI = "nv_tileas.cmpi",
    CmpF = "nv_tileas.cmpf",
    Select = "nv_tileas.select",
);

/// Accessors of the nv_tileas ops that carry a memory pair or a state space (as written: None
/// where the op omits it; [`MbarrierOp::effective_pair`] fills the mbarrier defaults).
pub trait AsMemOp: OpView {
    /// The state space.
    fn space(self, m: &Module) -> Option<Space> {
        m.attr_as(self.op(), sym!("space"))
    }
    /// The semantic.
    fn sem(self, m: &Module) -> Option<MemSemantic> {
        m.attr_as(self.op(), sym!("mem_semantic"))
    }
    /// The scope.
    fn scope(self, m: &Module) -> Option<MemScope> {
        m.attr_as(self.op(), sym!("mem_scope"))
    }
}
impl AsMemOp for Ld {}
impl AsMemOp for St {}
impl AsMemOp for Atom {}
impl AsMemOp for Red {}
impl AsMemOp for Fence {}
impl AsMemOp for FenceProxyAsync {}
impl AsMemOp for ClusterArrive {}
impl AsMemOp for ClusterWait {}
impl AsMemOp for MbarrierArrive {}
impl AsMemOp for MbarrierArriveDrop {}
impl AsMemOp for MbarrierExpectTx {}
impl AsMemOp for MbarrierCompleteTx {}
impl AsMemOp for MbarrierTryWait {}
impl AsMemOp for MbarrierTestWait {}
impl AsMemOp for MbarrierWait {}

/// The mbarrier ops with a memory pair: arrive-like (release by default) or wait-like (acquire
/// by default), both cta-scoped by default.
pub trait MbarrierOp: AsMemOp {
    /// The SYNC-MODEL §1 family whose defaults apply.
    const FAMILY: OpFamily;
    /// The barrier operand.
    fn barrier(self, m: &Module) -> Option<Value> {
        m.operands(self.op()).first().copied()
    }
    /// The barrier's space: the `space` attribute, else the barrier pointer's.
    fn barrier_space(self, m: &Module) -> Option<Space> {
        self.space(m)
            .or_else(|| ptr_space(m, m.value_type(self.barrier(m)?)))
    }
    /// `tx_bytes` (expect_tx / complete_tx, or an arrive's `.expect_tx`).
    fn tx_bytes(self, m: &Module) -> Option<i64> {
        m.attr_as(self.op(), sym!("tx_bytes"))
    }
    /// The pair after PTX's defaults (`mbarrier.arrive` is `.release.cta` when it writes none).
    fn effective_pair(self, m: &Module) -> (Option<MemSemantic>, Option<MemScope>) {
        effective(Self::FAMILY, self.sem(m), self.scope(m))
    }
}
impl MbarrierOp for MbarrierArrive {
    const FAMILY: OpFamily = OpFamily::MbarrierArrive;
}
impl MbarrierOp for MbarrierArriveDrop {
    const FAMILY: OpFamily = OpFamily::MbarrierArrive;
}
impl MbarrierOp for MbarrierExpectTx {
    const FAMILY: OpFamily = OpFamily::MbarrierArrive;
}
impl MbarrierOp for MbarrierCompleteTx {
    const FAMILY: OpFamily = OpFamily::MbarrierArrive;
}
impl MbarrierOp for MbarrierTryWait {
    const FAMILY: OpFamily = OpFamily::MbarrierWait;
}
impl MbarrierOp for MbarrierTestWait {
    const FAMILY: OpFamily = OpFamily::MbarrierWait;
}
impl MbarrierOp for MbarrierWait {
    const FAMILY: OpFamily = OpFamily::MbarrierWait;
}

impl crate::opdef::RmwView for Atom {}
impl crate::opdef::RmwView for Red {}
impl crate::opdef::RmwView for RedAsync {}
impl Fence {
    /// The `restrict` space (sync_restrict), if any.
    pub fn restrict(self, m: &Module) -> Option<Space> {
        m.attr_as(self.0, sym!("restrict"))
    }
}

impl crate::opdef::KernelView for Kernel {}

impl WarpRole {
    /// The warps `[lo, hi)` that run the region, when `warps` is a pair.
    pub fn warps(self, m: &Module) -> Option<Range<i64>> {
        match m.attr_as::<Vec<i32>>(self.0, sym!("warps"))?[..] {
            [lo, hi] => Some(i64::from(lo)..i64::from(hi)),
            _ => None,
        }
    }
}

impl AllocShared {
    /// The size in bytes.
    pub fn size(self, m: &Module) -> Option<i64> {
        m.attr_as(self.0, sym!("size"))
    }
    /// The alignment in bytes, when given.
    pub fn align(self, m: &Module) -> Option<i64> {
        m.attr_as(self.0, sym!("align"))
    }
}

/// `bar.sync` / `bar.arrive`: a barrier id (0 when omitted) and a thread count.
macro_rules! barrier_ids {
    ($($view:ident),*) => {$(
        impl $view {
            /// The barrier id (0 when absent).
            pub fn id(self, m: &Module) -> i64 {
                m.attr_as(self.0, sym!("id")).unwrap_or(0)
            }
            /// The participating thread count (None: every thread of the CTA).
            pub fn count(self, m: &Module) -> Option<i64> {
                m.attr_as(self.0, sym!("count"))
            }
        }
    )*};
}
barrier_ids!(Barrier, BarrierArrive);

/// One integer attribute read by a named accessor.
macro_rules! int_attr {
    ($($view:ident :: $acc:ident = $key:literal, $doc:literal;)*) => {$(
        impl $view {
            #[doc = $doc]
            pub fn $acc(self, m: &Module) -> Option<i64> {
                m.attr_as(self.0, sym!($key))
            }
        }
    )*};
}
int_attr! {
    BulkCopyG2S::bytes = "bytes", "The bytes copied.";
    BulkCopyS2G::bytes = "bytes", "The bytes copied.";
    BulkWait::pending = "pending", "The bulk groups that may still be pending.";
    WgmmaWait::pending = "pending", "The wgmma groups that may still be pending.";
    Tcgen05Alloc::columns = "columns", "The TMEM columns.";
    Tcgen05Dealloc::columns = "columns", "The TMEM columns.";
    Gep::elem_bytes = "elem_bytes", "The element size the index is scaled by.";
    Constant::int_value = "value", "The value, when it is an integer.";
}

impl BulkWait {
    /// `.read`: only the sources' reads must be complete.
    pub fn read(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("read")).is_some()
    }
}
impl Constant {
    /// The value, when it is a float.
    pub fn float_value(self, m: &Module) -> Option<f64> {
        m.attr_as(self.0, sym!("value"))
    }
}

/// The special-register reads with a `dim` (0 = x when absent).
macro_rules! sreg_dims {
    ($($view:ident),*) => {$(
        impl $view {
            /// The dimension: 0 (x, also when absent), 1 (y) or 2 (z).
            pub fn dim(self, m: &Module) -> i64 {
                m.attr_as(self.0, sym!("dim")).unwrap_or(0)
            }
        }
    )*};
}
sreg_dims!(ThreadId, BlockId, NumBlocks, ClusterId, NumThreads);

impl crate::opdef::CompareView for CmpI {}
impl crate::opdef::CompareView for CmpF {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opdef::KernelView;
    use tilec_ir::Op;

    #[test]
    fn every_op_has_a_view_and_every_view_an_op() {
        let bad = crate::opdef::view_mismatches(&super::super::ops(), VIEWS);
        assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn sync_accessors_read_typed_attributes() {
        let src = r#"
"nv_tileas.kernel"() ({
^bb0(%bar: !nv_tileas.ptr<shared_cta>, %peer: !nv_tileas.ptr<shared_cluster>, %g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>):
  "nv_tileas.mbarrier_arrive"(%peer) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, tx_bytes = 64 : i64} : (!nv_tileas.ptr<shared_cluster>) -> ()
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %one) : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()
  "nv_tileas.barrier"() {count = 64 : i32} : () -> ()
  "nv_tileas.bulk_copy_s2g"(%g, %s) {bytes = 256 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.bulk_wait"() {pending = 1 : i32, read} : () -> ()
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 3>} : () -> ()
  %t = "nv_tileas.thread_id"() {dim = 2 : i32} : () -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
"#;
        let m = tilec_ir::text::parse_module(src, Default::default()).expect("parses");
        let k = Kernel::cast(&m, m.top_ops()[0]).expect("a kernel");
        assert_eq!(k.cluster_dims(&m), Some([2, 1, 1]));
        let b: Vec<Op> = m.block_ops(m.region_blocks(m.regions(k.0)[0])[0]).collect();
        let arrive = MbarrierArrive::cast(&m, b[0]).expect("arrive");
        assert_eq!(arrive.tx_bytes(&m), Some(64));
        assert_eq!(arrive.barrier_space(&m), Some(Space::SharedCluster));
        assert_eq!(
            arrive.effective_pair(&m),
            (Some(MemSemantic::Relaxed), Some(MemScope::Cluster))
        );
        let wait = MbarrierTryWait::cast(&m, b[2]).expect("try_wait");
        assert_eq!((wait.sem(&m), wait.scope(&m)), (None, None));
        assert_eq!(
            wait.effective_pair(&m),
            (Some(MemSemantic::Acquire), Some(MemScope::Cta))
        );
        assert_eq!(wait.barrier_space(&m), Some(Space::SharedCta));
        let fence = Fence::cast(&m, b[3]).expect("fence");
        assert_eq!(fence.restrict(&m), Some(Space::SharedCluster));
        assert_eq!(fence.sem(&m), Some(MemSemantic::Acquire));
        let bar = Barrier::cast(&m, b[4]).expect("barrier");
        assert_eq!((bar.id(&m), bar.count(&m)), (0, Some(64)));
        assert_eq!(BulkCopyS2G::cast(&m, b[5]).unwrap().bytes(&m), Some(256));
        let w = BulkWait::cast(&m, b[6]).expect("bulk_wait");
        assert_eq!((w.pending(&m), w.read(&m)), (Some(1), true));
        assert_eq!(WarpRole::cast(&m, b[7]).unwrap().warps(&m), Some(1..3));
        assert_eq!(ThreadId::cast(&m, b[8]).unwrap().dim(&m), 2);
        assert!(Ld::cast(&m, b[8]).is_none());
    }
}
