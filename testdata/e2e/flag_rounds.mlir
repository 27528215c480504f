// End to end on a GPU: compile the loop example (issue 13) by default and with
// --no-weakest-fence, run each with its spec (../examples/flag_rounds.run.toml: 50 launches of 20000
// rounds, every value checked). Skipped (and listed) where no GPU is present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/flag_rounds.mlir | FileCheck %s
// RUN: tile-run %S/../examples/flag_rounds.mlir --no-weakest-fence | FileCheck %s
// CHECK: launches 50 of 50 done, 0 wrong
// CHECK: PASS
