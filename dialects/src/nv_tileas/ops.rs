//! The nv_tileas op catalog (data); the typed views are in [`super::views`]. Each entry names its
//! checks (in [`super::verify`] and [`super::regions`]); the ops that become no PTX instruction
//! form but need an ISA row (the cluster special registers) name it for the target checks of
//! `verify-mem-legality` (the others' rows come from their forms, `ptx::form::lowered`).

use super::regions::{
    check_for, check_if, check_kernel, check_return, check_terminated, check_warp_role,
    check_while, check_yield,
};
use super::verify::*;
use crate::common::{arith, check_fence, name, RMW_SPACE_PAIR, SPACE_PAIR};
use crate::opdef::{def, opt, req, Arity::*, AttrKind, AttrSpec, OpDef};

const D: &str = "nv_tileas";

const FENCE_ATTRS: &[AttrSpec] = &[
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
    opt("restrict", AttrKind::Space),
];
const MBAR_ATTRS: &[AttrSpec] = &[
    opt("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
    opt("space", AttrKind::Space),
    opt("tx_bytes", AttrKind::Int),
];
const MBAR_TX_ATTRS: &[AttrSpec] = &[
    req("tx_bytes", AttrKind::Int),
    opt("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
    opt("space", AttrKind::Space),
];
/// The cluster barrier's scope is the cluster; a written one must say so.
const CLUSTER_BAR_ATTRS: &[AttrSpec] = &[
    opt("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];

/// Every nv_tileas op.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    let dim = &[opt("dim", AttrKind::Int)][..];
    let mut v = vec![
        def(
            n("kernel"),
            "a SIMT kernel; block arguments are its parameters",
            N(0),
            N(0),
            1,
        )
        .isolated()
        .check(crate::common::check_kernel_name)
        .attrs(&[
            req("sym_name", AttrKind::Str),
            opt("num_threads", AttrKind::Int),
            opt("cluster_dims", AttrKind::DenseI32),
            opt("grid_dims", AttrKind::DenseI32),
        ])
        .check(check_kernel),
        def(n("thread_id"), "%tid", N(0), N(1), 0)
            .attrs(dim)
            .check(check_sreg),
        def(n("block_id"), "%ctaid", N(0), N(1), 0)
            .attrs(dim)
            .check(check_sreg),
        def(n("num_blocks"), "%nctaid", N(0), N(1), 0)
            .attrs(dim)
            .check(check_sreg),
        def(n("cluster_ctarank"), "%cluster_ctarank", N(0), N(1), 0)
            .check(check_sreg)
            .form("sreg.cluster"),
        def(n("cluster_id"), "%clusterid", N(0), N(1), 0)
            .attrs(dim)
            .check(check_sreg)
            .form("sreg.cluster"),
        def(n("num_threads"), "%ntid", N(0), N(1), 0)
            .attrs(dim)
            .check(check_sreg),
        def(n("lane_id"), "%laneid", N(0), N(1), 0).check(check_sreg),
        def(n("warp_id"), "thread_id / 32", N(0), N(1), 0).check(check_sreg),
        def(n("constant"), "a scalar constant", N(0), N(1), 0)
            .attrs(&[req("value", AttrKind::Number)])
            .check(check_constant),
        def(n("gep"), "pointer + index * elem_bytes", N(2), N(1), 0)
            .attrs(&[req("elem_bytes", AttrKind::Int)])
            .check(check_gep),
        def(n("for"), "counted loop", AtLeast(3), AtLeast(0), 1).check(check_for),
        def(n("if"), "conditional", N(1), AtLeast(0), 2).check(check_if),
        def(
            n("while"),
            "loop while the condition region yields true",
            AtLeast(0),
            AtLeast(0),
            2,
        )
        .check(check_while),
        def(n("yield"), "region terminator", AtLeast(0), N(0), 0)
            .terminator()
            .check(check_yield),
        def(
            n("elect"),
            "a region run by one elected thread of the CTA",
            N(0),
            N(0),
            1,
        )
        .check(check_terminated),
        def(
            n("warp_role"),
            "a region run by the warps [lo, hi)",
            N(0),
            N(0),
            1,
        )
        .attrs(&[req("warps", AttrKind::DenseI32)])
        .check(check_warp_role),
        def(n("return"), "end the kernel", N(0), N(0), 0)
            .terminator()
            .check(check_return),
        def(n("ld"), "load", N(1), N(1), 0)
            .attrs(SPACE_PAIR)
            .check(check_ld),
        def(n("st"), "store", N(2), N(0), 0)
            .attrs(SPACE_PAIR)
            .check(check_st),
        def(
            n("atom"),
            "atomic read-modify-write (cas: compare, then new value)",
            Range(2, 3),
            N(1),
            0,
        )
        .attrs(RMW_SPACE_PAIR)
        .check(check_atom),
        def(n("red"), "reduction (no result)", N(2), N(0), 0)
            .attrs(RMW_SPACE_PAIR)
            .check(check_red_op),
        def(
            n("alloc_shared"),
            "a shared-memory allocation",
            N(0),
            N(1),
            0,
        )
        .attrs(&[req("size", AttrKind::Int), opt("align", AttrKind::Int)])
        .check(check_alloc_shared),
        def(
            n("mapa"),
            "map a shared_cta address to a peer CTA's shared_cluster address",
            N(2),
            N(1),
            0,
        )
        .check(check_mapa),
        def(
            n("fence"),
            "memory fence (optionally sync_restrict-ed to a space)",
            N(0),
            N(0),
            0,
        )
        .attrs(FENCE_ATTRS)
        .check(check_fence),
        def(
            n("fence_proxy_async"),
            "generic↔async proxy fence",
            N(0),
            N(0),
            0,
        )
        .attrs(&[opt("space", AttrKind::Space)])
        .check(check_fence_proxy),
        def(
            n("fence_mbarrier_init"),
            "fence.mbarrier_init.release.cluster",
            N(0),
            N(0),
            0,
        ),
        def(
            n("barrier"),
            "bar.sync (CTA barrier, acq_rel at cta scope)",
            Range(0, 1),
            N(0),
            0,
        )
        .attrs(&[opt("id", AttrKind::Int), opt("count", AttrKind::Int)])
        .check(check_barrier),
        def(n("barrier_arrive"), "bar.arrive", N(0), N(0), 0)
            .attrs(&[req("id", AttrKind::Int), req("count", AttrKind::Int)])
            .check(check_barrier),
        def(
            n("cluster_arrive"),
            "barrier.cluster.arrive (release or relaxed)",
            N(0),
            N(0),
            0,
        )
        .attrs(CLUSTER_BAR_ATTRS)
        .check(check_cluster_arrive_op),
        def(
            n("cluster_wait"),
            "barrier.cluster.wait (acquire)",
            N(0),
            N(0),
            0,
        )
        .attrs(CLUSTER_BAR_ATTRS)
        .check(check_cluster_wait_op),
        def(n("mbarrier_init"), "mbarrier.init", N(2), N(0), 0)
            .check(check_mbarrier_init),
        def(
            n("mbarrier_arrive"),
            "mbarrier.arrive (optionally with expect_tx bytes)",
            Range(1, 2),
            N(0),
            0,
        )
        .attrs(MBAR_ATTRS)
        .check(check_mbarrier_arrive_op),
        def(
            n("mbarrier_arrive_drop"),
            "mbarrier.arrive_drop (lowers the expected count for later phases)",
            Range(1, 2),
            N(0),
            0,
        )
        .attrs(MBAR_ATTRS)
        .check(check_mbarrier_arrive_op),
        def(n("mbarrier_expect_tx"), "mbarrier.expect_tx", N(1), N(0), 0)
            .attrs(MBAR_TX_ATTRS)
            .check(check_mbarrier_tx),
        def(
            n("mbarrier_complete_tx"),
            "mbarrier.complete_tx (as if an async copy completed tx_bytes)",
            N(1),
            N(0),
            0,
        )
        .attrs(MBAR_TX_ATTRS)
        .check(check_mbarrier_tx),
        def(
            n("mbarrier_try_wait"),
            "one mbarrier.try_wait.parity; returns i1",
            N(2),
            N(1),
            0,
        )
        .attrs(MBAR_ATTRS)
        .check(check_mbarrier_wait_op),
        def(
            n("mbarrier_test_wait"),
            "one non-blocking mbarrier.test_wait.parity; returns i1",
            N(2),
            N(1),
            0,
        )
        .attrs(MBAR_ATTRS)
        .check(check_mbarrier_wait_op),
        def(
            n("mbarrier_wait"),
            "blocking wait on a phase (a try_wait.parity loop)",
            N(2),
            N(0),
            0,
        )
        .attrs(MBAR_ATTRS)
        .check(check_mbarrier_wait_op),
        def(n("mbarrier_inval"), "mbarrier.inval", N(1), N(0), 0)
            .check(check_mbarrier_init),
        def(
            n("bulk_copy_g2s"),
            "cp.async.bulk global→shared, completes on an mbarrier",
            N(3),
            N(0),
            0,
        )
        .attrs(&[req("bytes", AttrKind::Int)])
        .check(check_bulk_copy),
        def(
            n("bulk_copy_s2g"),
            "cp.async.bulk shared→global, bulk-group completion",
            N(2),
            N(0),
            0,
        )
        .attrs(&[req("bytes", AttrKind::Int)])
        .check(check_bulk_copy),
        def(
            n("bulk_commit"),
            "cp.async.bulk.commit_group",
            N(0),
            N(0),
            0,
        ),
        def(
            n("bulk_wait"),
            "cp.async.bulk.wait_group(.read) N",
            N(0),
            N(0),
            0,
        )
        .attrs(&[req("pending", AttrKind::Int), opt("read", AttrKind::Any)])
        .check(check_pending),
        def(
            n("st_async"),
            "st.async to a peer CTA, complete_tx on its mbarrier",
            N(3),
            N(0),
            0,
        )
        .check(check_async_store),
        def(
            n("red_async"),
            "red.async to a peer CTA, complete_tx on its mbarrier",
            N(3),
            N(0),
            0,
        )
        .attrs(&[req("kind", AttrKind::Rmw)])
        .check(check_async_store),
        def(n("wgmma_fence"), "wgmma.fence.sync.aligned", N(0), N(0), 0),
        def(
            n("wgmma_mma"),
            "wgmma.mma_async: reads A and B from shared memory (async proxy), accumulates into the accumulator registers (one value stands for them)",
            N(3),
            N(1),
            0,
        )
        .check(check_wgmma_mma),
        def(
            n("wgmma_commit"),
            "wgmma.commit_group.sync.aligned",
            N(0),
            N(0),
            0,
        ),
        def(
            n("wgmma_wait"),
            "wgmma.wait_group.sync.aligned N",
            N(0),
            N(0),
            0,
        )
        .attrs(&[req("pending", AttrKind::Int)])
        .check(check_pending),
        def(n("tcgen05_alloc"), "tcgen05.alloc", N(1), N(0), 0)
            .attrs(&[req("columns", AttrKind::Int)])
            .check(check_tcgen05_alloc),
        def(n("tcgen05_dealloc"), "tcgen05.dealloc", N(1), N(0), 0)
            .attrs(&[req("columns", AttrKind::Int)])
            .check(check_tcgen05_dealloc),
        def(n("tcgen05_ld"), "tcgen05.ld", N(1), N(1), 0)
            .check(check_tmem_access),
        def(n("tcgen05_st"), "tcgen05.st", N(2), N(0), 0)
            .check(check_tmem_access),
        def(n("tcgen05_wait_ld"), "tcgen05.wait::ld", N(0), N(0), 0),
        def(n("tcgen05_wait_st"), "tcgen05.wait::st", N(0), N(0), 0),
        def(n("tcgen05_mma"), "tcgen05.mma", AtLeast(1), N(0), 0)
            .check(check_tmem_access),
        def(
            n("tcgen05_commit"),
            "tcgen05.commit to an mbarrier",
            N(1),
            N(0),
            0,
        )
        .check(check_tcgen05_commit),
        def(
            n("tcgen05_fence_before"),
            "tcgen05.fence::before_thread_sync",
            N(0),
            N(0),
            0,
        ),
        def(
            n("tcgen05_fence_after"),
            "tcgen05.fence::after_thread_sync",
            N(0),
            N(0),
            0,
        ),
    ];
    v.extend(arith(D));
    v
}
