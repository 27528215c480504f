// End to end on a GPU: print_tko through vprintf (../examples/printf.mlir): the 0-d line once,
// one line per element of the tile, in any order (prints of different threads are not ordered).
// REQUIRES: gpu
// RUN: tile-run %S/../examples/printf.mlir 2>&1 | FileCheck %s
// CHECK-DAG: tilec printf: 42 1.50 12345678901 -5
// CHECK-DAG: tilec element 0 of 4, c=42
// CHECK-DAG: tilec element 1 of 4, c=42
// CHECK-DAG: tilec element 2 of 4, c=42
// CHECK-DAG: tilec element 3 of 4, c=42
// CHECK-DAG: PASS
