// An `if` whose region does not end in a terminator (written in the generic form, with an op of
// another dialect last) is printed in the generic form: the custom form would leave the
// terminator out, and parsing it back inserts the implicit `yield`, so print∘parse was not a
// fixpoint (found by the cuda_tile_parser fuzz target, docs/fuzzing.md). Printed twice, the same.
// RUN: tile-opt %s | tile-opt - | FileCheck %s

cuda_tile.module @m {
  entry @k(%c: tile<i1>) {
    // CHECK: "cuda_tile.if"(%arg0) ({
    // CHECK-NEXT: yield
    // CHECK-NEXT: }, {
    // CHECK-NEXT: "other.op"() : () -> ()
    // CHECK-NEXT: }) : (!cuda_tile.tile<i1>) -> ()
    "cuda_tile.if"(%c) ({
      "cuda_tile.yield"() : () -> ()
    }, {
      "other.op"() : () -> ()
    }) : (!cuda_tile.tile<i1>) -> ()
    return
  }
}
