//! The nv_tileas ops, each declared once (`opdef::ops!`, [`crate::opdef`]): catalog row, typed view,
//! attribute accessors and [`OpKind`] variant. Each names its checks (in [`super::verify`] and
//! [`super::regions`]); the ops that become no PTX instruction form but need an ISA row (the
//! cluster special registers) name it for the target checks of `verify-mem-legality` (the
//! others' rows come from their forms, `ptx::form::lowered`). Hand-written accessors are in
//! [`super::views`].

use super::regions::{
    check_for, check_if, check_kernel, check_return, check_terminated, check_warp_role,
    check_while, check_yield,
};
use super::verify::*;
use crate::common::check_fence;
use crate::opdef::Arity::*;

crate::common::with_arith! {
    dialect: "nv_tileas";
    // NVIDIA's full-precision math ops, elementwise on scalars (PTX instruction sequences in
    // lower-as-to-ptx's `libm`), after the shared ops so that the `OpKind` order of the others
    // is unchanged.
    appended: {
        Sin = "sin", "Element-wise sine (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Cos = "cos", "Element-wise cosine (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Tan = "tan", "Element-wise tangent (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        SinH = "sinh", "Element-wise hyperbolic sine", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        CosH = "cosh", "Element-wise hyperbolic cosine", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Atan2 = "atan2", "Element-wise atan2 (operands y, x: the angle of the point (x, y))", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
        Pow = "pow", "Element-wise floating-point exponentiation", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
        RemF = "remf", "Element-wise floating-point remainder (C's fmod: the sign of the dividend)", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
    }
    Kernel = "kernel", "a SIMT kernel; block arguments are its parameters", (N(0), N(0), 1) {
        traits: [isolated],
        attrs: [
            sym_name: req Str = "",
            num_threads: opt Int = crate::opdef::DEFAULT_NUM_THREADS,
            cluster_dims: opt Dims3,
            grid_dims: opt Dims3,
            min_ctas_per_sm: opt Int,
            tensor_maps: opt DenseI32,
            tensor_maps_ok: opt Int,
        ],
        checks: [crate::common::check_kernel_name, check_kernel],
    }
    ThreadId = "thread_id", "%tid", (N(0), N(1), 0) {
        attrs: [dim: opt Int = 0],
        checks: [check_sreg],
    }
    BlockId = "block_id", "%ctaid", (N(0), N(1), 0) {
        attrs: [dim: opt Int = 0],
        checks: [check_sreg],
    }
    NumBlocks = "num_blocks", "%nctaid", (N(0), N(1), 0) {
        attrs: [dim: opt Int = 0],
        checks: [check_sreg],
    }
    ClusterCtaRank = "cluster_ctarank", "%cluster_ctarank", (N(0), N(1), 0) {
        checks: [check_sreg],
        form: "sreg.cluster",
    }
    ClusterId = "cluster_id", "%clusterid", (N(0), N(1), 0) {
        attrs: [dim: opt Int = 0],
        checks: [check_sreg],
        form: "sreg.cluster",
    }
    NumThreads = "num_threads", "%ntid", (N(0), N(1), 0) {
        attrs: [dim: opt Int = 0],
        checks: [check_sreg],
    }
    LaneId = "lane_id", "%laneid", (N(0), N(1), 0) { checks: [check_sreg], }
    WarpId = "warp_id", "thread_id / 32", (N(0), N(1), 0) { checks: [check_sreg], }
    ShflBfly = "shfl_bfly", "the operand's value in lane (lane xor lane_mask) of the warp (every lane takes part)", (N(1), N(1), 0) {
        attrs: [lane_mask: req Int],
        checks: [check_shfl],
    }
    MmaSync = "mma_sync", "one warp's m16n8k16 tile product (row-major A, column-major B): d0..d3 = a0..a3 (f16x2/bf16x2 in i32) * b0..b1 + c0..c3 (f32), every lane taking part", (N(10), N(4), 0) {
        attrs: [ab_type: req Str],
        checks: [check_mma_sync],
        form: "mma.sync",
    }
    Constant = "constant", "a scalar constant", (N(0), N(1), 0) {
        attrs: [value: req Number],
        checks: [check_constant],
    }
    Gep = "gep", "pointer + index * elem_bytes", (N(2), N(1), 0) {
        attrs: [elem_bytes: req Int64],
        checks: [check_gep],
    }
    PtrToInt = "ptr_to_int", "the address a global pointer holds, as an i64 (its alignment is tested with integer ops)", (N(1), N(1), 0) {
        checks: [check_ptr_to_int],
    }
    PtrToPtr = "ptr_to_ptr", "the same global pointer (a cast of its element type upstream: nv_tileas pointers carry none)", (N(1), N(1), 0) {
        checks: [check_ptr_to_ptr],
    }
    Global = "global", "a module-level array in global memory, initialized with `value` (printed as a `.global` array)", (N(0), N(0), 0) {
        attrs: [sym_name: req Str, value: req Any, value_type: req Type, alignment: opt Int64, constant: opt Flag, symbol_visibility: opt Any],
        checks: [crate::globals::check_global],
    }
    GetGlobal = "get_global", "the global pointer to global `name` (verify-races cannot trace it to a buffer: docs/verify-races.md, unknown pointers)", (N(0), N(1), 0) {
        attrs: [name: req Any],
        checks: [crate::globals::check_get_global],
    }
    IntToPtr = "int_to_ptr", "the global pointer holding an i64 address (verify-races cannot trace it to a buffer: docs/verify-races.md, unknown pointers)", (N(1), N(1), 0) {
        checks: [check_int_to_ptr],
    }
    For = "for", "counted loop", (AtLeast(3), AtLeast(0), 1) { checks: [check_for], }
    If = "if", "conditional", (N(1), AtLeast(0), 2) { checks: [check_if], }
    While = "while", "loop while the condition region yields true", (AtLeast(0), AtLeast(0), 2) {
        checks: [check_while],
    }
    Yield = "yield", "region terminator", (AtLeast(0), N(0), 0) {
        traits: [terminator],
        checks: [check_yield],
    }
    Elect = "elect", "a region run by one elected thread of the CTA", (N(0), N(0), 1) {
        checks: [check_terminated],
    }
    WarpRole = "warp_role", "a region run by the warps [lo, hi)", (N(0), N(0), 1) {
        attrs: [warps: req DenseI32],
        checks: [check_warp_role],
    }
    Return = "return", "end the kernel", (N(0), N(0), 0) {
        traits: [terminator],
        checks: [check_return],
    }
    Ld = "ld", "load (`streaming`: the `.cs` cache hint, weak global loads only)", (N(1), N(1), 0) {
        attrs: [space: req Space, mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
        checks: [check_ld],
        instr: Ld,
    }
    St = "st", "store (`streaming`: the `.cs` cache hint, weak global stores only)", (N(2), N(0), 0) {
        attrs: [space: req Space, mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
        checks: [check_st],
        instr: St,
    }
    Atom = "atom", "atomic read-modify-write (cas: compare, then new value)", (Range(2, 3), N(1), 0) {
        attrs: [kind: req Rmw, space: req Space, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_atom],
        instr: Atom,
    }
    Red = "red", "reduction (no result)", (N(2), N(0), 0) {
        attrs: [kind: req Rmw, space: req Space, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_red_op],
        instr: Red,
    }
    AllocShared = "alloc_shared", "a shared-memory allocation", (N(0), N(1), 0) {
        attrs: [size: req Int64, align: opt Int64],
        checks: [check_alloc_shared],
    }
    Mapa = "mapa", "map a shared_cta address to a peer CTA's shared_cluster address", (N(2), N(1), 0) {
        checks: [check_mapa],
        instr: Mapa,
    }
    Fence = "fence", "memory fence (optionally sync_restrict-ed to a space)", (N(0), N(0), 0) {
        attrs: [mem_semantic: req Sem, mem_scope: opt Scope, restrict: opt Space],
        checks: [check_fence],
        instr: Fence,
    }
    FenceProxyAsync = "fence_proxy_async", "generic↔async proxy fence", (N(0), N(0), 0) {
        attrs: [space: opt Space],
        checks: [check_fence_proxy],
        instr: FenceProxyAsync,
    }
    FenceMbarrierInit = "fence_mbarrier_init", "fence.mbarrier_init.release.cluster", (N(0), N(0), 0) {
        instr: FenceMbarrierInit,
    }
    Barrier = "barrier", "bar.sync (CTA barrier, acq_rel at cta scope)", (Range(0, 1), N(0), 0) {
        attrs: [id: opt Int = 0, count: opt Int],
        checks: [check_barrier],
        instr: BarSync,
    }
    BarrierArrive = "barrier_arrive", "bar.arrive", (N(0), N(0), 0) {
        attrs: [id: req Int = 0, count: req Int],
        checks: [check_barrier],
        instr: BarArrive,
    }
    ClusterArrive = "cluster_arrive", "barrier.cluster.arrive (release or relaxed)", (N(0), N(0), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope],
        checks: [check_cluster_arrive_op],
        instr: BarrierClusterArrive,
    }
    ClusterWait = "cluster_wait", "barrier.cluster.wait (acquire)", (N(0), N(0), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope],
        checks: [check_cluster_wait_op],
        instr: BarrierClusterWait,
    }
    MbarrierInit = "mbarrier_init", "mbarrier.init", (N(2), N(0), 0) {
        checks: [check_mbarrier_init],
        instr: MbarrierInit,
    }
    MbarrierArrive = "mbarrier_arrive", "mbarrier.arrive (optionally with expect_tx bytes)", (Range(1, 2), N(0), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space, tx_bytes: opt Int64],
        checks: [check_mbarrier_arrive_op],
        instr: MbarrierArrive,
    }
    MbarrierArriveDrop = "mbarrier_arrive_drop", "mbarrier.arrive_drop (lowers the expected count for later phases)", (Range(1, 2), N(0), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space, tx_bytes: opt Int64],
        checks: [check_mbarrier_arrive_op],
        instr: MbarrierArriveDrop,
    }
    MbarrierExpectTx = "mbarrier_expect_tx", "mbarrier.expect_tx", (N(1), N(0), 0) {
        attrs: [tx_bytes: req Int64, mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space],
        checks: [check_mbarrier_tx],
        instr: MbarrierExpectTx,
    }
    MbarrierCompleteTx = "mbarrier_complete_tx", "mbarrier.complete_tx (as if an async copy completed tx_bytes)", (N(1), N(0), 0) {
        attrs: [tx_bytes: req Int64, mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space],
        checks: [check_mbarrier_tx],
        instr: MbarrierCompleteTx,
    }
    MbarrierTryWait = "mbarrier_try_wait", "one mbarrier.try_wait.parity; returns i1", (N(2), N(1), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space, tx_bytes: opt Int64],
        checks: [check_mbarrier_wait_op],
        instr: MbarrierTryWait,
    }
    MbarrierTestWait = "mbarrier_test_wait", "one non-blocking mbarrier.test_wait.parity; returns i1", (N(2), N(1), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space, tx_bytes: opt Int64],
        checks: [check_mbarrier_wait_op],
        instr: MbarrierTestWait,
    }
    MbarrierWait = "mbarrier_wait", "blocking wait on a phase (a try_wait.parity loop)", (N(2), N(0), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope, space: opt Space, tx_bytes: opt Int64],
        checks: [check_mbarrier_wait_op],
        instr: MbarrierTryWait,
    }
    MbarrierInval = "mbarrier_inval", "mbarrier.inval", (N(1), N(0), 0) {
        checks: [check_mbarrier_init],
        instr: MbarrierInval,
    }
    BulkCopyG2S = "bulk_copy_g2s", "cp.async.bulk global→shared, completes on an mbarrier", (N(3), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_bulk_copy],
        instr: CpAsyncBulkG2s,
    }
    TmaLoad = "tma_load", "cp.async.bulk.tensor (tile mode) global→shared: the box of the tensor map (operand #1, a `!nv_tileas.tensormap` kernel parameter) at the coordinates (operands #3.., innermost first, 1 to 5) into the own CTA's shared memory (operand #0, 128-byte aligned; `bytes` the box's size), completing on the mbarrier (operand #2) with complete_tx", (Range(4, 8), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_tma_load],
        instr: CpAsyncBulkTensor,
    }
    BulkCopyS2G = "bulk_copy_s2g", "cp.async.bulk shared→global, bulk-group completion", (N(2), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_bulk_copy],
        instr: CpAsyncBulkS2g,
    }
    BulkCommit = "bulk_commit", "cp.async.bulk.commit_group", (N(0), N(0), 0) {
        instr: CpAsyncBulkCommit,
    }
    BulkWait = "bulk_wait", "cp.async.bulk.wait_group(.read) N", (N(0), N(0), 0) {
        attrs: [pending: req Int, read: opt Flag],
        checks: [check_pending],
        instr: CpAsyncBulkWait,
    }
    CpAsync = "cp_async", "cp.async.cg.shared.global: 16 bytes from global to the CTA's shared memory, read from the source only up to src_size bytes (the rest zero); in flight until a wait of the issuing thread completes it (`cp_async_wait_all`, or a `cp_async_wait` that leaves its group done), and followed in its block by a `cp_async_commit` or a `cp_async_wait_all` before any memory access, barrier, fence or op with regions", (N(3), N(0), 0) {
        checks: [check_cp_async],
        form: "cp.async",
    }
    CpAsyncCommit = "cp_async_commit", "cp.async.commit_group: the issuing thread's cp_asyncs since its last commit form one group", (N(0), N(0), 0) {
        form: "cp.async",
    }
    CpAsyncWait = "cp_async_wait", "cp.async.wait_group N: the issuing thread's committed groups are complete (their writes visible to it) but for the N most recent", (N(0), N(0), 0) {
        attrs: [pending: req Int],
        checks: [check_pending],
        form: "cp.async",
    }
    CpAsyncWaitAll = "cp_async_wait_all", "cp.async.wait_all: the issuing thread's cp_asyncs, committed or not, are complete (their writes visible to it)", (N(0), N(0), 0) {
        form: "cp.async",
    }
    StAsync = "st_async", "st.async to a peer CTA, complete_tx on its mbarrier", (N(3), N(0), 0) {
        checks: [check_async_store],
        instr: StAsync,
    }
    RedAsync = "red_async", "red.async to a peer CTA, complete_tx on its mbarrier", (N(3), N(0), 0) {
        attrs: [kind: req Rmw],
        checks: [check_async_store],
        instr: RedAsync,
    }
    WgmmaFence = "wgmma_fence", "wgmma.fence.sync.aligned", (N(0), N(0), 0) {
        instr: WgmmaFence,
    }
    WgmmaMma = "wgmma_mma", "wgmma.mma_async m64nNk16: reads A and B from shared memory (async proxy), accumulates into the accumulator registers. With `n`, the N/2 f32 accumulators of a thread, in and out, and the layouts of A and B (A K-major, B K-major or, with `trans_b`, MN-major; `*_lbo` and `*_sbo` the descriptor's leading and stride byte offsets; `*_swizzle` the swizzle width in bytes, 32, 64 or 128, absent for none; `a_koff` (`b_koff`) bytes added to A's (a K-major B's) pointer for the descriptor's start address, inside its swizzle atom rows, which begin at the pointer). `ab_type` is `f16` or `bf16` (m64nNk16, f32 accumulators) or the two 8-bit integer types `s8.u8` (m64nNk32, s32 accumulators, A and B K-major); without `n`, one value stands for them (a model for verify-races that is not printed)", (AtLeast(3), AtLeast(1), 0) {
        attrs: [n: opt Int, ab_type: opt Str, a_lbo: opt Int, a_sbo: opt Int, b_lbo: opt Int, b_sbo: opt Int, trans_b: opt Flag, a_swizzle: opt Int, b_swizzle: opt Int, a_koff: opt Int, b_koff: opt Int],
        checks: [check_wgmma_mma],
    }
    WgmmaCommit = "wgmma_commit", "wgmma.commit_group.sync.aligned", (N(0), N(0), 0) {
        instr: WgmmaCommit,
    }
    WgmmaWait = "wgmma_wait", "wgmma.wait_group.sync.aligned N", (N(0), N(0), 0) {
        attrs: [pending: req Int],
        checks: [check_pending],
        instr: WgmmaWait,
    }
    Tcgen05Alloc = "tcgen05_alloc", "tcgen05.alloc", (N(1), N(0), 0) {
        attrs: [columns: req Int],
        checks: [check_tcgen05_alloc],
        instr: Tcgen05Alloc,
    }
    Tcgen05Dealloc = "tcgen05_dealloc", "tcgen05.dealloc", (N(1), N(0), 0) {
        attrs: [columns: req Int],
        checks: [check_tcgen05_dealloc],
        instr: Tcgen05Dealloc,
    }
    Tcgen05Ld = "tcgen05_ld", "tcgen05.ld", (N(1), N(1), 0) {
        checks: [check_tmem_access],
        instr: Tcgen05Ld,
    }
    Tcgen05St = "tcgen05_st", "tcgen05.st", (N(2), N(0), 0) {
        checks: [check_tmem_access],
        instr: Tcgen05St,
    }
    Tcgen05WaitLd = "tcgen05_wait_ld", "tcgen05.wait::ld", (N(0), N(0), 0) {
        instr: Tcgen05WaitLd,
    }
    Tcgen05WaitSt = "tcgen05_wait_st", "tcgen05.wait::st", (N(0), N(0), 0) {
        instr: Tcgen05WaitSt,
    }
    Tcgen05Mma = "tcgen05_mma", "tcgen05.mma", (AtLeast(1), N(0), 0) {
        checks: [check_tmem_access],
        instr: Tcgen05Mma,
    }
    Tcgen05Commit = "tcgen05_commit", "tcgen05.commit to an mbarrier", (N(1), N(0), 0) {
        checks: [check_tcgen05_commit],
        instr: Tcgen05Commit,
    }
    Tcgen05FenceBefore = "tcgen05_fence_before", "tcgen05.fence::before_thread_sync", (N(0), N(0), 0) {
        instr: Tcgen05FenceBefore,
    }
    Tcgen05FenceAfter = "tcgen05_fence_after", "tcgen05.fence::after_thread_sync", (N(0), N(0), 0) {
        instr: Tcgen05FenceAfter,
    }
    Printf = "printf", "the C printf of the format with the scalar operands (i32, i64, f32, f64), by this thread (the vprintf system call)", (AtLeast(0), N(0), 0) {
        attrs: [format: req Str],
        checks: [check_printf],
    }
    AssertFail = "assert_fail", "CUDA's __assertfail(message): prints the assertion message with the block and thread, and stops the kernel with an assertion error (cudaErrorAssert)", (N(0), N(0), 0) {
        attrs: [message: req Str],
    }
}
