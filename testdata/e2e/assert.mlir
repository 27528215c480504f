// End to end on a GPU: NVIDIA's assert (../examples/assert.mlir). With every element true the
// kernel runs and its results check; with elements 100 … 127 false each prints the message and
// its index, and the launch ends with CUDA's assertion error.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/assert.mlir | FileCheck %s
// RUN: not tile-run %S/../examples/assert.mlir --spec %S/../examples/assert_fails.run.toml --timing-launches 0 2>&1 | FileCheck %s --check-prefix=FAIL
// CHECK: launches 3 of 3 done, 0 wrong
// CHECK: PASS
// FAIL-DAG: x must be below n (element 100 of the tile)
// FAIL-DAG: x must be below n (element 127 of the tile)
// FAIL-DAG: Assertion `x must be below n` failed
// FAIL-DAG: {{[Aa]ssert}}
