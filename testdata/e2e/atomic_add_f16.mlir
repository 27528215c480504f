// End to end on a GPU: f16 and bf16 atomic adds (atom.relaxed.gpu.global.add.noftz.f16/.bf16) from
// every thread of 16 tile blocks into 4 f16 and 16 bf16 counters, every counter's exact sum checked
// after each launch (../examples/atomic_add_f16.run.toml). Skipped (and listed) where no GPU is
// present.
// REQUIRES: gpu
// RUN: tile-run %S/../examples/atomic_add_f16.mlir | FileCheck %s
// CHECK: launches 1000 of 1000 done, 0 wrong
// CHECK: PASS
