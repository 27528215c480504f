// End to end on a GPU: module globals (../examples/globals.mlir: two initialized tables read
// through get_global; every element checked after each launch).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/globals.mlir | FileCheck %s
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
// cuTile 13.1's print lock (a module global taken with a CAS loop by each of two blocks):
// RUN: tile-run %S/../bytecode/debug_print-13.1.tilebc 2>&1 | FileCheck %s --check-prefix=LOCK
// LOCK-DAG: block 0 sum 6.000000
// LOCK-DAG: block 1 sum 22.000000
// LOCK-DAG: launches 1 of 1 done, 0 wrong
// LOCK-DAG: PASS
