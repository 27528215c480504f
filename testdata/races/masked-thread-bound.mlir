// verify-races narrows the threads of an `if` on `thread_id.x < K` to those below K (found by
// the program generator, docs/fuzzing.md): the lowering masks a 128-element tile on 256 threads
// with `tid < 128`, and a reversed index `127 - tid` then stays in the CTA's own block
// (kernel `masked_to_its_block`: no finding). Without the narrowing the masked-off threads'
// indices (-128…-1) were taken for accesses reaching the previous CTA's block. With a mask of
// 200 (kernel `mask_too_wide`) threads 128…199 do store below the block: a race with the
// previous CTA, reported.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %2 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %3 = "nv_tileas.cmpi"(%0, %2) {predicate = "ult"} : (i32, i32) -> i1
  %4 = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %5 = "nv_tileas.muli"(%1, %4) : (i32, i32) -> i32
  %6 = "nv_tileas.addi"(%0, %5) : (i32, i32) -> i32
  %7 = "nv_tileas.gep"(%arg0, %6) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %8 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %9 = "nv_tileas.subi"(%8, %0) : (i32, i32) -> i32
  %10 = "nv_tileas.addi"(%9, %5) : (i32, i32) -> i32
  %11 = "nv_tileas.gep"(%arg0, %10) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %12 = "nv_tileas.constant"() {value = 5 : i64} : () -> i64
  "nv_tileas.if"(%3) ({
    "nv_tileas.st"(%7, %12) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.if"(%3) ({
    "nv_tileas.st"(%11, %12) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked_to_its_block", num_threads = 256 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %2 = "nv_tileas.constant"() {value = 200 : i32} : () -> i32
  %3 = "nv_tileas.cmpi"(%0, %2) {predicate = "ult"} : (i32, i32) -> i1
  %4 = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %5 = "nv_tileas.muli"(%1, %4) : (i32, i32) -> i32
  %6 = "nv_tileas.addi"(%0, %5) : (i32, i32) -> i32
  %7 = "nv_tileas.gep"(%arg0, %6) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %8 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %9 = "nv_tileas.subi"(%8, %0) : (i32, i32) -> i32
  %10 = "nv_tileas.addi"(%9, %5) : (i32, i32) -> i32
  %11 = "nv_tileas.gep"(%arg0, %10) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %12 = "nv_tileas.constant"() {value = 5 : i64} : () -> i64
  "nv_tileas.if"(%3) ({
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of a thread of another CTA}}
    "nv_tileas.st"(%7, %12) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.if"(%3) ({
    "nv_tileas.st"(%11, %12) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mask_too_wide", num_threads = 256 : i32} : () -> ()
