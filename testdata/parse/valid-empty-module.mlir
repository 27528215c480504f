// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Regression test for a parser/printer bug found by the corpus review (fixed); the
// original report follows.
//
// An empty module (also: an empty file, or a file of comments only). tilec prints the body region
// with no block at all, `"builtin.module"() ({\n}) : () -> ()`, which mlir-opt rejects:
//   error: 'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks
// mlir-opt itself prints the empty body block as `^bb0:`.
// CHECK: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()

"builtin.module"() ({
^bb0:
}) : () -> ()
