// verify-races narrows the threads of an `if` on `a·thread_id.x + c < K` (the bounds mask the
// lowering puts on element `a·tid + c` of a tile) to `tid < ⌈(K − c)/a⌉` (found by the program
// generator, docs/fuzzing.md). Kernel `masked_to_its_block`: element 8·tid + 7 of a 1000-element
// tile on 128 threads, stored reversed at `999 − (8·tid + 7)` in the CTA's own block: only
// threads below 125 store, so no index is negative and nothing reaches the previous CTA's block.
// Kernel `mask_too_wide`: the mask `< 1041` lets elements up to 1039 through (threads up to 129
// of 256), whose reversed index -40 is in the previous CTA's block: a race, reported. Kernel
// `wrapping_mask`: `8·tid + 2147483000` wraps in i32, so the comparison says nothing about the
// thread id (threads whose sum wraps negative pass `slt 2147483100`) and no thread is excluded:
// reported too.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %2 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  %3 = "nv_tileas.muli"(%0, %2) : (i32, i32) -> i32
  %4 = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  %5 = "nv_tileas.addi"(%3, %4) : (i32, i32) -> i32
  %6 = "nv_tileas.constant"() {value = 1000 : i32} : () -> i32
  %7 = "nv_tileas.cmpi"(%5, %6) {predicate = "ult"} : (i32, i32) -> i1
  %8 = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %9 = "nv_tileas.muli"(%1, %8) : (i32, i32) -> i32
  %10 = "nv_tileas.addi"(%0, %9) : (i32, i32) -> i32
  %11 = "nv_tileas.gep"(%arg0, %10) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %12 = "nv_tileas.ld"(%11) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %13 = "nv_tileas.constant"() {value = 999 : i32} : () -> i32
  %14 = "nv_tileas.subi"(%13, %5) : (i32, i32) -> i32
  %15 = "nv_tileas.addi"(%14, %9) : (i32, i32) -> i32
  %16 = "nv_tileas.gep"(%arg0, %15) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %17 = "nv_tileas.constant"() {value = -2.5 : f32} : () -> f32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.if"(%7) ({
    "nv_tileas.st"(%16, %17) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked_to_its_block", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %2 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  %3 = "nv_tileas.muli"(%0, %2) : (i32, i32) -> i32
  %4 = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  %5 = "nv_tileas.addi"(%3, %4) : (i32, i32) -> i32
  %6 = "nv_tileas.constant"() {value = 1041 : i32} : () -> i32
  %7 = "nv_tileas.cmpi"(%5, %6) {predicate = "ult"} : (i32, i32) -> i1
  %8 = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %9 = "nv_tileas.muli"(%1, %8) : (i32, i32) -> i32
  %10 = "nv_tileas.addi"(%0, %9) : (i32, i32) -> i32
  %11 = "nv_tileas.gep"(%arg0, %10) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA}}
  %12 = "nv_tileas.ld"(%11) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %13 = "nv_tileas.constant"() {value = 999 : i32} : () -> i32
  %14 = "nv_tileas.subi"(%13, %5) : (i32, i32) -> i32
  %15 = "nv_tileas.addi"(%14, %9) : (i32, i32) -> i32
  %16 = "nv_tileas.gep"(%arg0, %15) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %17 = "nv_tileas.constant"() {value = -2.5 : f32} : () -> f32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.if"(%7) ({
    "nv_tileas.st"(%16, %17) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mask_too_wide", num_threads = 256 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %1 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %2 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  %3 = "nv_tileas.muli"(%0, %2) : (i32, i32) -> i32
  %4 = "nv_tileas.constant"() {value = 2147483000 : i32} : () -> i32
  %5 = "nv_tileas.addi"(%3, %4) : (i32, i32) -> i32
  %6 = "nv_tileas.constant"() {value = 2147483100 : i32} : () -> i32
  %7 = "nv_tileas.cmpi"(%5, %6) {predicate = "slt"} : (i32, i32) -> i1
  %8 = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %9 = "nv_tileas.muli"(%1, %8) : (i32, i32) -> i32
  %10 = "nv_tileas.addi"(%0, %9) : (i32, i32) -> i32
  %11 = "nv_tileas.gep"(%arg0, %10) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA}}
  %12 = "nv_tileas.ld"(%11) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> f32
  %13 = "nv_tileas.constant"() {value = 99 : i32} : () -> i32
  %14 = "nv_tileas.subi"(%13, %0) : (i32, i32) -> i32
  %15 = "nv_tileas.addi"(%14, %9) : (i32, i32) -> i32
  %16 = "nv_tileas.gep"(%arg0, %15) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %17 = "nv_tileas.constant"() {value = -2.5 : f32} : () -> f32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.if"(%7) ({
    "nv_tileas.st"(%16, %17) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "wrapping_mask", num_threads = 128 : i32} : () -> ()
