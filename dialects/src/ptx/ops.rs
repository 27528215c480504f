//! The ptx ops, each declared once (`opdef::ops!`, [`crate::opdef`]): catalog row, typed view, attribute
//! accessors and [`OpKind`] variant. Each names its checks (in [`super::verify`] and
//! [`super::sync`]); what a memory/sync op prints as and needs is its typed form
//! ([`super::form`], read by the printer and the target checks of `verify-mem-legality`), and
//! its modifiers are checked against its [`super::isa`] row's legal sets. Hand-written
//! accessors are in [`super::views`] and [`super::sync`].

use super::sync::*;
use super::verify::*;
use crate::opdef::Arity::*;

crate::opdef::ops! {
    dialect: "ptx";
    Kernel = "kernel", ".visible .entry; `param_types` lists the .param types", (N(0), N(0), 1) {
        traits: [isolated],
        attrs: [
            sym_name: req Str = "",
            param_types: req Any,
            num_threads: opt Int,
            cluster_dims: opt DenseI32,
            min_ctas_per_sm: opt Int,
            tensor_maps: opt DenseI32,
            tensor_maps_ok: opt Int,
        ],
        checks: [crate::common::check_kernel_name, check_kernel],
    }
    LdParam = "ld_param", "ld.param of parameter `index`", (N(0), N(1), 0) {
        attrs: [index: req Int],
        checks: [check_ld_param],
    }
    CvtaGlobal = "cvta_global", "cvta.to.global.u64", (N(1), N(1), 0) {}
    Global = "global", "`.global .align A .b8 NAME[N] = {…}`: a module-level array, its bytes from `value` and `value_type`", (N(0), N(0), 0) {
        attrs: [sym_name: req Str, value: req Any, value_type: req Type, alignment: opt Int64, constant: opt Flag, symbol_visibility: opt Any],
        checks: [crate::globals::check_global],
    }
    GetGlobal = "get_global", "mov.u64 d, NAME: the address of global `name`", (N(0), N(1), 0) {
        attrs: [name: req Any],
        checks: [crate::globals::check_get_global],
    }
    MovSreg = "mov_sreg", "mov from a special register", (N(0), N(1), 0) {
        attrs: [reg: req Str],
        checks: [check_mov_sreg],
    }
    MovImm = "mov_imm", "mov of an immediate", (N(0), N(1), 0) {
        attrs: [value: req Number],
    }
    SharedDecl = "shared_decl", ".shared array declaration", (N(0), N(0), 0) {
        attrs: [symbol: req Str, size: req Int64, align: opt Int64],
        checks: [check_shared_decl],
    }
    SharedAddr = "shared_addr", "mov.u32 of a .shared symbol's address", (N(0), N(1), 0) {
        attrs: [symbol: req Str],
    }
    Cvt = "cvt", "cvt between i32 and i64 (`signed`: sign-extend)", (N(1), N(1), 0) {
        attrs: [signed: opt Flag],
        checks: [check_cvt],
    }
    MadWide = "mad_wide", "mad.wide.u32 d, a, imm, base", (N(2), N(1), 0) {
        attrs: [imm: req Int64],
    }
    Binary = "binary", "two-operand integer/float arithmetic; a float add/sub/mul/div may carry a rounding (`rn rz rm rp`, for div also `approx full`) and `ftz` (f32), a float min/max `ftz` and `nan` (`.NaN`, f32), printed between the opcode and the type", (N(2), N(1), 0) {
        attrs: [opcode: req Str, rounding: opt Str, ftz: opt Flag, nan: opt Flag],
        checks: [check_binary],
    }
    Math = "math", "an instruction spelled by its whole opcode that computes on its operands (`ex2.approx.f32 d, a`, `fma.rn.f32 d, a, b, c`, `abs.s32 d, a`, `selp.b32 d, a, b, p`); with `packed`, a half-precision x2 form (`fma.rn.f16x2`) on f16 or bf16 values, each the low half of its 32-bit register (the high halves are computed too, and never read)", (Range(1, 3), N(1), 0) {
        attrs: [opcode: req Str, packed: opt Flag],
    }
    Conv = "conv", "a conversion spelled by its whole opcode (`cvt.rn.f32.s32 d, a`, `cvt.f32.f16 d, a`, `cvt.rn.bf16x2.f32 d, a, b`, `mov.b32 d, a`); an f16 or bf16 is its bits in a 32-bit register", (Range(1, 2), N(1), 0) {
        attrs: [opcode: req Str],
    }
    Setp = "setp", "setp.<cmp>", (N(2), N(1), 0) {
        attrs: [cmp: req Str],
        checks: [check_setp],
    }
    Bra = "bra", "branch (predicated when it has an operand)", (Range(0, 1), N(0), 0) {
        attrs: [label: req Str, negate: opt Flag],
        checks: [check_bra],
    }
    Label = "label", "a branch target", (N(0), N(0), 0) {
        attrs: [name: req Str],
    }
    Ld = "ld", "ld with sem/scope/space (`streaming`: `.cs`)", (N(1), N(1), 0) {
        attrs: [space: req Space, mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
        checks: [check_access::<Ld>],
        instr: Ld,
    }
    St = "st", "st with sem/scope/space (`streaming`: `.cs`)", (N(2), N(0), 0) {
        attrs: [space: req Space, mem_semantic: req Sem, mem_scope: opt Scope, streaming: opt Flag],
        checks: [check_access::<St>],
        instr: St,
    }
    Atom = "atom", "atom with sem/scope/space", (Range(2, 3), N(1), 0) {
        attrs: [kind: req Rmw, space: req Space, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_rmw_access::<Atom>],
        instr: Atom,
    }
    Red = "red", "red with sem/scope/space", (N(2), N(0), 0) {
        attrs: [kind: req Rmw, space: req Space, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_rmw_access::<Red>],
        instr: Red,
    }
    Fence = "fence", "fence{.sem}.scope (optionally sync_restrict)", (N(0), N(0), 0) {
        attrs: [mem_semantic: req Sem, mem_scope: req Scope, restrict: opt Space],
        checks: [check_fence],
        instr: Fence,
    }
    BarSync = "bar_sync", "bar.sync id{, count}", (N(0), N(0), 0) {
        attrs: [id: req Int = 0, count: opt Int],
        checks: [check_bar_sync],
        instr: BarSync,
    }
    Ret = "ret", "ret", (N(0), N(0), 0) {}
    Shfl = "shfl_bfly", "shfl.sync.bfly.b32 d, a, lane_mask, 31, 0xffffffff (the whole warp)", (N(1), N(1), 0) {
        attrs: [lane_mask: req Int],
    }
    MmaSync = "mma_sync", "mma.sync.aligned.m16n8k16.row.col.f32.<ab>.<ab>.f32 {d0..d3}, {a0..a3}, {b0, b1}, {c0..c3}", (N(10), N(4), 0) {
        attrs: [ab_type: req Str],
        form: "mma.sync",
    }
    WgmmaMmaAsync = "wgmma_mma_async", "wgmma.mma_async.sync.aligned.m64n<n>k16.f32.<ab>.<ab> {d0..d(n/2-1)}, desc_a, desc_b, 1, 1, 1, 0, <trans_b> (D += A·B; A K-major and B K-major, or MN-major with `trans_b`, in shared memory, named by 64-bit matrix descriptors); with `ab_type` two 8-bit integer types (`s8.u8`), `wgmma.mma_async.sync.aligned.m64n<n>k32.s32.s8.u8 {d}, desc_a, desc_b, 1` (both K-major)", (AtLeast(3), AtLeast(1), 0) {
        attrs: [n: req Int, ab_type: req Str, trans_b: opt Flag],
        form: "wgmma.mma_async",
    }
    CpAsync = "cp_async", "cp.async.cg.shared.global [dst], [src], 16, src_size", (N(3), N(0), 0) {
        form: "cp.async",
    }
    CpAsyncCommit = "cp_async_commit", "cp.async.commit_group", (N(0), N(0), 0) {
        form: "cp.async",
    }
    CpAsyncWait = "cp_async_wait", "cp.async.wait_group N", (N(0), N(0), 0) {
        attrs: [pending: req Int],
        form: "cp.async",
    }
    CpAsyncWaitAll = "cp_async_wait_all", "cp.async.wait_all", (N(0), N(0), 0) {
        form: "cp.async",
    }
    Reg = "reg", "declares a mutable register (the join point of branches); prints nothing", (N(0), N(1), 0) {}
    Mov = "mov", "mov into a register declared by ptx.reg (first operand)", (N(2), N(0), 0) {
        checks: [check_mov],
    }
    // ---- synchronization and asynchronous copies (checks and accessors in `super::sync`) ----
    BarArrive = "bar_arrive", "bar.arrive id, count", (N(0), N(0), 0) {
        attrs: [id: req Int = 0, count: req Int],
        checks: [check_bar_arrive],
        instr: BarArrive,
    }
    BarrierClusterArrive = "barrier_cluster_arrive", "barrier.cluster.arrive{.release|.relaxed}{.aligned}", (N(0), N(0), 0) {
        attrs: [mem_semantic: opt Sem, aligned: opt Flag],
        checks: [check_barrier_cluster_arrive],
        instr: BarrierClusterArrive,
    }
    BarrierClusterWait = "barrier_cluster_wait", "barrier.cluster.wait{.acquire}{.aligned}", (N(0), N(0), 0) {
        attrs: [mem_semantic: opt Sem, aligned: opt Flag],
        checks: [check_barrier_cluster_wait],
        instr: BarrierClusterWait,
    }
    FenceProxyAsync = "fence_proxy_async", "fence.proxy.async{.space}", (N(0), N(0), 0) {
        attrs: [space: opt Space],
        checks: [check_fence_proxy_async],
        instr: FenceProxyAsync,
    }
    FenceMbarrierInit = "fence_mbarrier_init", "fence.mbarrier_init.release.cluster", (N(0), N(0), 0) {
        instr: FenceMbarrierInit,
    }
    MbarrierInit = "mbarrier_init", "mbarrier.init.shared.b64 [addr], count", (N(2), N(0), 0) {
        checks: [check_mbarrier_init],
        instr: MbarrierInit,
    }
    MbarrierInval = "mbarrier_inval", "mbarrier.inval.shared.b64 [addr]", (N(1), N(0), 0) {
        checks: [check_mbarrier_inval],
        instr: MbarrierInval,
    }
    MbarrierArrive = "mbarrier_arrive", "mbarrier.arrive{.expect_tx}{.sem.scope}.space.b64 _, [addr]{, tx}{, count}", (Range(1, 2), N(0), 0) {
        attrs: [space: req Space, mem_semantic: opt Sem, mem_scope: opt Scope, tx_bytes: opt Int64],
        checks: [check_mbar::<MbarrierArrive>],
        instr: MbarrierArrive,
    }
    MbarrierArriveDrop = "mbarrier_arrive_drop", "mbarrier.arrive_drop{.expect_tx}{.sem.scope}.space.b64 _, [addr]{, tx}{, count}", (Range(1, 2), N(0), 0) {
        attrs: [space: req Space, mem_semantic: opt Sem, mem_scope: opt Scope, tx_bytes: opt Int64],
        checks: [check_mbar::<MbarrierArriveDrop>],
        instr: MbarrierArriveDrop,
    }
    // expect_tx / complete_tx: PTX has only `.relaxed` forms and states no default, while the
    // model's default for the family is release; the semantic is written so that the op never
    // means one thing to the checks and prints another.
    MbarrierExpectTx = "mbarrier_expect_tx", "mbarrier.expect_tx.relaxed{.scope}.space.b64 [addr], tx", (N(1), N(0), 0) {
        attrs: [space: req Space, tx_bytes: req Int64, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_mbar::<MbarrierExpectTx>],
        instr: MbarrierExpectTx,
    }
    MbarrierCompleteTx = "mbarrier_complete_tx", "mbarrier.complete_tx.relaxed{.scope}.space.b64 [addr], tx", (N(1), N(0), 0) {
        attrs: [space: req Space, tx_bytes: req Int64, mem_semantic: req Sem, mem_scope: opt Scope],
        checks: [check_mbar::<MbarrierCompleteTx>],
        instr: MbarrierCompleteTx,
    }
    MbarrierTryWait = "mbarrier_try_wait", "mbarrier.try_wait.parity{.sem.scope}.shared.b64 p, [addr], parity", (N(2), N(1), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope],
        checks: [check_wait::<MbarrierTryWait>],
        instr: MbarrierTryWait,
    }
    MbarrierTestWait = "mbarrier_test_wait", "mbarrier.test_wait.parity{.sem.scope}.shared.b64 p, [addr], parity", (N(2), N(1), 0) {
        attrs: [mem_semantic: opt Sem, mem_scope: opt Scope],
        checks: [check_wait::<MbarrierTestWait>],
        instr: MbarrierTestWait,
    }
    Mapa = "mapa", "mapa.shared::cluster.u32 d, addr, rank", (N(2), N(1), 0) {
        checks: [check_mapa],
        instr: Mapa,
    }
    StAsync = "st_async", "st.async.shared::cluster.mbarrier::complete_tx::bytes.type [addr], v, [mbar]", (N(3), N(0), 0) {
        checks: [check_st_async],
        instr: StAsync,
    }
    RedAsync = "red_async", "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.op.type [addr], v, [mbar]", (N(3), N(0), 0) {
        attrs: [kind: req Rmw],
        checks: [check_red_async],
        instr: RedAsync,
    }
    CpAsyncBulkG2s = "cp_async_bulk_g2s", "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], bytes, [mbar]", (N(3), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_bulk_g2s],
        instr: CpAsyncBulkG2s,
    }
    CpAsyncBulkTensor = "cp_async_bulk_tensor", "cp.async.bulk.tensor.<n>d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [dst], [map, {c0, ..}], [mbar] (n = the coordinates, 1 to 5)", (Range(4, 8), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_bulk_tensor],
        instr: CpAsyncBulkTensor,
    }
    CpAsyncBulkS2g = "cp_async_bulk_s2g", "cp.async.bulk.global.shared::cta.bulk_group [dst], [src], bytes", (N(2), N(0), 0) {
        attrs: [bytes: req Int64],
        checks: [check_bulk_s2g],
        instr: CpAsyncBulkS2g,
    }
    CpAsyncBulkCommit = "cp_async_bulk_commit", "cp.async.bulk.commit_group", (N(0), N(0), 0) {
        instr: CpAsyncBulkCommit,
    }
    CpAsyncBulkWait = "cp_async_bulk_wait", "cp.async.bulk.wait_group{.read} N", (N(0), N(0), 0) {
        attrs: [pending: req Int, read: opt Flag],
        checks: [check_pending],
        instr: CpAsyncBulkWait,
    }
    WgmmaFence = "wgmma_fence", "wgmma.fence.sync.aligned", (N(0), N(0), 0) {
        instr: WgmmaFence,
    }
    WgmmaCommit = "wgmma_commit", "wgmma.commit_group.sync.aligned", (N(0), N(0), 0) {
        instr: WgmmaCommit,
    }
    WgmmaWait = "wgmma_wait", "wgmma.wait_group.sync.aligned N", (N(0), N(0), 0) {
        attrs: [pending: req Int],
        checks: [check_pending],
        instr: WgmmaWait,
    }
    Tcgen05Alloc = "tcgen05_alloc", "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [dst], columns", (N(1), N(0), 0) {
        attrs: [columns: req Int],
        checks: [check_tcgen05_alloc],
        instr: Tcgen05Alloc,
    }
    Tcgen05Dealloc = "tcgen05_dealloc", "tcgen05.dealloc.cta_group::1.sync.aligned.b32 taddr, columns", (N(1), N(0), 0) {
        attrs: [columns: req Int],
        checks: [check_tcgen05_dealloc],
        instr: Tcgen05Dealloc,
    }
    Tcgen05Ld = "tcgen05_ld", "tcgen05.ld.sync.aligned.32x32b.x1.b32 {r}, [taddr]", (N(1), N(1), 0) {
        checks: [check_tcgen05_ld],
        instr: Tcgen05Ld,
    }
    Tcgen05St = "tcgen05_st", "tcgen05.st.sync.aligned.32x32b.x1.b32 [taddr], {r}", (N(2), N(0), 0) {
        checks: [check_tcgen05_st],
        instr: Tcgen05St,
    }
    Tcgen05WaitLd = "tcgen05_wait_ld", "tcgen05.wait::ld.sync.aligned", (N(0), N(0), 0) {
        instr: Tcgen05WaitLd,
    }
    Tcgen05WaitSt = "tcgen05_wait_st", "tcgen05.wait::st.sync.aligned", (N(0), N(0), 0) {
        instr: Tcgen05WaitSt,
    }
    Tcgen05Mma = "tcgen05_mma", "tcgen05.mma.cta_group::1.kind::K [d], adesc, bdesc, idesc, enable_input_d", (N(5), N(0), 0) {
        attrs: [kind: opt Str],
        checks: [check_mma],
        instr: Tcgen05Mma,
    }
    Tcgen05Commit = "tcgen05_commit", "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [mbar]", (N(1), N(0), 0) {
        checks: [check_tcgen05_commit],
        instr: Tcgen05Commit,
    }
    Tcgen05FenceBefore = "tcgen05_fence_before", "tcgen05.fence::before_thread_sync", (N(0), N(0), 0) {
        instr: Tcgen05FenceBefore,
    }
    Tcgen05FenceAfter = "tcgen05_fence_after", "tcgen05.fence::after_thread_sync", (N(0), N(0), 0) {
        instr: Tcgen05FenceAfter,
    }
    Printf = "printf", "vprintf(format, args): the format a .global string, the operands (i32, i64, f32 as f64, f64) in a .local buffer", (AtLeast(0), N(0), 0) {
        attrs: [format: req Str],
        checks: [crate::nv_tileas::verify::check_printf],
    }
    AssertFail = "assert_fail", "CUDA's __assertfail(message): prints the assertion message with the block and thread, and stops the kernel with an assertion error (cudaErrorAssert)", (N(0), N(0), 0) {
        attrs: [message: req Str],
    }
}
