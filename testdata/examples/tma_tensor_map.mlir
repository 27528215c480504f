// A TMA tensor-map load (`cp.async.bulk.tensor.2d`), its map made on the host by tile-run
// (tma_tensor_map.run.toml: `tensor_map = "in"`, a 128x64 i32 matrix, 32x32 boxes, 128-byte
// swizzle) and passed as a 128-byte kernel parameter (`!nv_tileas.tensormap`).
//
// CTA (x, y) of the 2x4 grid loads the box at column 32x, row 32y into shared memory (thread 0
// arms the mbarrier with the box's 4096 bytes, then issues the copy, which completes on it),
// every thread waits for the phase, then copies its 8 elements out: element (r, c) of the box is
// at byte r*128 + ((c/4 XOR r%8) * 16) + (c%4)*4, the 128-byte swizzle of the PTX ISA
// ("Tensor-map": swizzle modes; the 16-byte chunk index XOR the 128-byte row index, mod 8), and
// goes to out[(32y + r)*64 + 32x + c]. `out` must equal `in`: every element landed where the
// map and the swizzle say.
//
// RAW handoff: the copy's async-proxy write -> the generic reads, through complete_tx and the
// wait (SYNC-MODEL P11: no proxy fence).
// RUN: tilec %s --target sm_90a | FileCheck %s
// CHECK: .param .align 64 .b8 tma_tensor_map_param_0[128]
// CHECK: mov.b64 [[MAP:%rd[0-9]+]], tma_tensor_map_param_0;
// CHECK-NEXT: cvta.param.u64 [[MAP]], [[MAP]];
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [{{%r[0-9]+}}], 4096;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[MAP]], {{[{]}}{{%r[0-9]+}}, {{%r[0-9]+}}{{[}]}}], [{{%r[0-9]+}}];
// CHECK: mbarrier.try_wait.parity.shared.b64
"nv_tileas.kernel"() ({
^bb0(%map: !nv_tileas.tensormap, %out: !nv_tileas.ptr<global>):
  %box = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 1024 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c2 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c4 = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  %c5 = "nv_tileas.constant"() {value = 5 : i32} : () -> i32
  %c7 = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  %c8 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  %c31 = "nv_tileas.constant"() {value = 31 : i32} : () -> i32
  %c32 = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %bx = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %by = "nv_tileas.block_id"() {dim = 1 : i32} : () -> i32
  %col0 = "nv_tileas.muli"(%bx, %c32) : (i32, i32) -> i32
  %row0 = "nv_tileas.muli"(%by, %c32) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 4096 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tma_load"(%box, %map, %bar, %col0, %row0) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  "nv_tileas.for"(%c0, %c8, %c1) ({
  ^bb0(%e: i32):
    %eo = "nv_tileas.muli"(%e, %c128) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%eo, %tid) : (i32, i32) -> i32
    %r = "nv_tileas.shrui"(%idx, %c5) : (i32, i32) -> i32
    %c = "nv_tileas.andi"(%idx, %c31) : (i32, i32) -> i32
    %chunk = "nv_tileas.shrui"(%c, %c2) : (i32, i32) -> i32
    %r8 = "nv_tileas.andi"(%r, %c7) : (i32, i32) -> i32
    %sw = "nv_tileas.xori"(%chunk, %r8) : (i32, i32) -> i32
    %in = "nv_tileas.andi"(%c, %c3) : (i32, i32) -> i32
    %rw = "nv_tileas.muli"(%r, %c32) : (i32, i32) -> i32
    %sw4 = "nv_tileas.muli"(%sw, %c4) : (i32, i32) -> i32
    %w0 = "nv_tileas.addi"(%rw, %sw4) : (i32, i32) -> i32
    %word = "nv_tileas.addi"(%w0, %in) : (i32, i32) -> i32
    %src = "nv_tileas.gep"(%box, %word) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %v = "nv_tileas.ld"(%src) {mem_semantic = #mem.sem<weak>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %gr = "nv_tileas.addi"(%row0, %r) : (i32, i32) -> i32
    %gc = "nv_tileas.addi"(%col0, %c) : (i32, i32) -> i32
    %go = "nv_tileas.muli"(%gr, %c64) : (i32, i32) -> i32
    %gi = "nv_tileas.addi"(%go, %gc) : (i32, i32) -> i32
    %dst = "nv_tileas.gep"(%out, %gi) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %v) {mem_semantic = #mem.sem<weak>, space = #mem.space<global>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tma_tensor_map", num_threads = 128 : i32} : () -> ()
