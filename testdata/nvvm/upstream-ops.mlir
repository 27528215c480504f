// RUN: tilec %s --emit nvvm-mlir | FileCheck %s
// print/upstream.rs's table: the synchronization ops whose upstream `nvvm` op prints tilec's
// instruction unchanged are written as that op (tools/tests/nvvm_mlir.rs takes this file
// through mlir-translate, llc and ptxas, and tools/tests/llvm_backend.rs through the intrinsics
// of `--emit llvm`, both comparing the instructions with tilec's PTX). Negative cases, inline
// asm: an arrive with a pair of its own, the parity wait (MLIR 22's op is a loop), and
// `%warpid`, which may change under a thread (upstream's read is readnone).

"ptx.kernel"() ({
  "ptx.shared_decl"() {symbol = "bars", size = 16 : i64, align = 8 : i64} : () -> ()
  %b = "ptx.shared_addr"() {symbol = "bars"} : () -> i32
  %n = "ptx.ld_param"() {index = 0 : i32} : () -> i32
  %tid = "ptx.mov_sreg"() {reg = "tid.x"} : () -> i32
  %rank = "ptx.mov_sreg"() {reg = "cluster_ctarank"} : () -> i32
  %warp = "ptx.mov_sreg"() {reg = "warpid"} : () -> i32
  "ptx.mbarrier_init"(%b, %n) : (i32, i32) -> ()
  "ptx.fence_mbarrier_init"() : () -> ()
  "ptx.bar_sync"() {id = 0 : i64} : () -> ()
  "ptx.bar_sync"() {id = 1 : i64, count = 128 : i64} : () -> ()
  "ptx.barrier_cluster_arrive"() {aligned} : () -> ()
  "ptx.barrier_cluster_arrive"() {mem_semantic = #mem.sem<relaxed>, aligned} : () -> ()
  "ptx.barrier_cluster_wait"() {aligned} : () -> ()
  "ptx.fence_proxy_async"() {space = #mem.space<shared_cta>} : () -> ()
  "ptx.fence_proxy_async"() {space = #mem.space<global>} : () -> ()
  "ptx.fence_proxy_async"() : () -> ()
  "ptx.mbarrier_arrive"(%b) {space = #mem.space<shared_cta>} : (i32) -> ()
  "ptx.mbarrier_arrive"(%b) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (i32) -> ()
  %z = "ptx.mov_imm"() {value = 0 : i32} : () -> i32
  %p = "ptx.mbarrier_try_wait"(%b, %z) : (i32, i32) -> i1
  "ptx.cp_async_bulk_commit"() : () -> ()
  "ptx.cp_async_bulk_wait"() {pending = 0 : i64, read} : () -> ()
  "ptx.cp_async_bulk_wait"() {pending = 1 : i64} : () -> ()
  "ptx.mbarrier_inval"(%b) : (i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ops", param_types = [i32], num_threads = 128 : i64, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// CHECK: llvm.mlir.global internal @ops__bars() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<16 x i8>
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK: nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, %warpid;"
// CHECK: nvvm.mbarrier.init %t{{[0-9]+}}, %t{{[0-9]+}} : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: nvvm.barrier id = %t{{[0-9]+}}
// CHECK: nvvm.barrier id = %t{{[0-9]+}} number_of_threads = %t{{[0-9]+}}
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async>}
// CHECK: nvvm.mbarrier.arrive %t{{[0-9]+}} : !llvm.ptr<3> -> i64
// CHECK: llvm.inline_asm has_side_effects "mbarrier.arrive.relaxed.cta.shared.b64 _, [$0];"
// CHECK: llvm.inline_asm has_side_effects "{\0A\09.reg .pred %tp0;\0A\09mbarrier.try_wait.parity.shared.b64
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1
// CHECK: nvvm.mbarrier.inval %t{{[0-9]+}} : !llvm.ptr<3>
