//! Typed views of every nv_tileas op and their accessors: [`AsMemOp`] for the ops carrying a
//! memory pair or a space (accesses, fences, cluster barriers, mbarriers), [`MbarrierOp`] for the
//! mbarrier ops (their PTX defaults, tx bytes, the barrier operand), and inherent accessors for
//! the rest (barrier ids, bulk bytes, pending groups, warp ranges, allocations, the kernel).

pub use super::ops::*;
use super::verify::ptr_space;
use crate::mem::{effective, OpFamily};
use crate::opdef::PairOp;
use std::ops::Range;
use tilec_ir::{MemScope, MemSemantic, Module, OpView, Space, Value};

/// Accessors of the nv_tileas ops that carry a memory pair (as written: None where the op omits
/// it; [`MbarrierOp::effective_pair`] fills the mbarrier defaults) and maybe a state space.
pub trait AsMemOp: OpView + PairOp {
    /// The state space (None for the ops without one).
    fn space(self, m: &Module) -> Option<Space>;
}

/// The ops with a pair and a `space`: their declared getter; the others have none.
macro_rules! as_mem {
    (space: $($with:ident),*; none: $($without:ident),*) => {
        $(impl AsMemOp for $with {
            fn space(self, m: &Module) -> Option<Space> {
                $with::space(self, m)
            }
        })*
        $(impl AsMemOp for $without {
            fn space(self, _: &Module) -> Option<Space> {
                None
            }
        })*
    };
}
as_mem!(
    space: Ld, St, Atom, Red, MbarrierArrive, MbarrierArriveDrop, MbarrierExpectTx,
        MbarrierCompleteTx, MbarrierTryWait, MbarrierTestWait, MbarrierWait;
    none: Fence, ClusterArrive, ClusterWait
);

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
    fn tx_bytes(self, m: &Module) -> Option<i64>;
    /// The pair after PTX's defaults (`mbarrier.arrive` is `.release.cta` when it writes none).
    fn effective_pair(self, m: &Module) -> (Option<MemSemantic>, Option<MemScope>) {
        effective(Self::FAMILY, self.sem(m), self.scope(m))
    }
}
/// Each mbarrier op's family; `tx_bytes` is its declared getter (an `Option` whether the
/// attribute is required or not).
macro_rules! mbarrier_op {
    ($($view:ident: $family:ident;)*) => {$(
        impl MbarrierOp for $view {
            const FAMILY: OpFamily = OpFamily::$family;
            fn tx_bytes(self, m: &Module) -> Option<i64> {
                $view::tx_bytes(self, m)
            }
        }
    )*};
}
mbarrier_op! {
    MbarrierArrive: MbarrierArrive;
    MbarrierArriveDrop: MbarrierArrive;
    MbarrierExpectTx: MbarrierArrive;
    MbarrierCompleteTx: MbarrierArrive;
    MbarrierTryWait: MbarrierWait;
    MbarrierTestWait: MbarrierWait;
    MbarrierWait: MbarrierWait;
}

impl WarpRole {
    /// The warps `[lo, hi)` that run the region, when `warps` is a pair.
    pub fn warp_range(self, m: &Module) -> Option<Range<i64>> {
        match self.warps(m)?[..] {
            [lo, hi] => Some(i64::from(lo)..i64::from(hi)),
            _ => None,
        }
    }
}

/// The bytes the `alloc_shared`s among `ops` take when each is placed at its alignment after
/// the previous ones (as the PTX printer declares them): what a kernel asks of an SM's shared
/// memory.
pub fn shared_total(m: &Module, ops: impl IntoIterator<Item = tilec_ir::Op>) -> u64 {
    ops.into_iter()
        .filter_map(|op| AllocShared::cast(m, op))
        .fold(0, |total: u64, a| {
            let align = a.align(m).unwrap_or(1).max(1) as u64;
            let size = a.size(m).unwrap_or(0).max(0) as u64;
            total
                .div_ceil(align)
                .saturating_mul(align)
                .saturating_add(size)
        })
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

/// Families of kinds the passes ask about (the prefixes of the op names, as sets the compiler
/// checks are exhaustive where they are matched).
impl OpKind {
    /// The mbarrier ops (init, arrivals, transaction counts, waits, inval).
    pub fn is_mbarrier(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::MbarrierInit
                | K::MbarrierArrive
                | K::MbarrierArriveDrop
                | K::MbarrierExpectTx
                | K::MbarrierCompleteTx
                | K::MbarrierTryWait
                | K::MbarrierTestWait
                | K::MbarrierWait
                | K::MbarrierInval
        )
    }
    /// The tcgen05 (tensor memory) ops.
    pub fn is_tcgen05(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::Tcgen05Alloc
                | K::Tcgen05Dealloc
                | K::Tcgen05Ld
                | K::Tcgen05St
                | K::Tcgen05WaitLd
                | K::Tcgen05WaitSt
                | K::Tcgen05Mma
                | K::Tcgen05Commit
                | K::Tcgen05FenceBefore
                | K::Tcgen05FenceAfter
        )
    }
    /// The wgmma ops.
    pub fn is_wgmma(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::WgmmaFence | K::WgmmaMma | K::WgmmaCommit | K::WgmmaWait
        )
    }
    /// The memory accesses of one thread (ld, st, atom, red) and the asynchronous stores to a
    /// peer CTA (st_async, red_async).
    pub fn is_access(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::Ld | K::St | K::Atom | K::Red | K::StAsync | K::RedAsync
        )
    }
    /// The bulk-copy ops (the copies, and the group commit and wait).
    pub fn is_bulk(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::BulkCopyG2S | K::BulkCopyS2G | K::TmaLoad | K::BulkCommit | K::BulkWait
        )
    }
    /// The integer arithmetic ops (`addi` … `shrsi`), whose result depends only on their
    /// operands.
    pub fn is_int_arith(self) -> bool {
        use OpKind as K;
        matches!(
            self,
            K::AddI
                | K::SubI
                | K::MulI
                | K::DivSI
                | K::DivUI
                | K::RemSI
                | K::RemUI
                | K::AndI
                | K::OrI
                | K::XOrI
                | K::ShLI
                | K::ShRUI
                | K::ShRSI
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::Op;

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
        assert_eq!(WarpRole::cast(&m, b[7]).unwrap().warp_range(&m), Some(1..3));
        assert_eq!(ThreadId::cast(&m, b[8]).unwrap().dim(&m), 2);
        assert!(Ld::cast(&m, b[8]).is_none());
    }
}
