// End to end on a GPU from Tile IR bytecode (issue 17): cuTile Python's exports
// (../bytecode/src/*.py) compiled by tilec and launched with cuTile's argument layout (per array
// its pointer, length and stride), every result checked after each launch
// (../bytecode/vector_add.run.toml: c = a + b with a masked last tile; ../bytecode/atomic_add.run.toml:
// a counter bumped once per tile block by a masked acq_rel atomic; ../bytecode/reduce_sum.run.toml:
// a reduction of each 32-element tile over the tile block's threads; ../cutile/matmul_f16 and
// matmul_bf16.run.toml: cuTile's 128x128x32 matmul on tensor cores, partial tiles in M and K;
// matmul_f16_unaligned.run.toml: sizes whose A cannot be copied in 16-byte chunks). tile-run
// compiles with --tma-maps: the matmuls load their factors with TMA through the tensor maps it
// makes (docs/tensor-maps.md; the unaligned one takes the element path); --no-tma-maps runs the
// cp.async pipeline.
// REQUIRES: gpu
// RUN: tile-run %S/../bytecode/vector_add.tilebc | FileCheck %s --check-prefix=VADD
// RUN: tile-run %S/../bytecode/atomic_add.tilebc | FileCheck %s --check-prefix=ATOMIC
// RUN: tile-run %S/../bytecode/reduce_sum.tilebc | FileCheck %s --check-prefix=REDUCE
// VADD: launches 20 of 20 done, 0 wrong
// VADD: PASS
// ATOMIC: launches 100 of 100 done, 0 wrong
// ATOMIC: PASS
// REDUCE: launches 20 of 20 done, 0 wrong
// REDUCE: PASS
// RUN: tile-run %S/../cutile/matmul_f16.tilebc | FileCheck %s --check-prefix=MMF16
// RUN: tile-run %S/../cutile/matmul_bf16.tilebc | FileCheck %s --check-prefix=MMBF16
// RUN: tile-run %S/../cutile/matmul_f16.tilebc --spec %S/../cutile/matmul_f16_unaligned.run.toml | FileCheck %s --check-prefix=MMF16U
// RUN: tile-run %S/../cutile/matmul_f16.tilebc --no-tma-maps | FileCheck %s --check-prefix=MMF16
// RUN: tile-run %S/../cutile/matmul_bf16.tilebc --no-tma-maps | FileCheck %s --check-prefix=MMBF16
// RUN: tile-run %S/../cutile/matmul_f16.tilebc --no-run | FileCheck %s --check-prefix=PLAN
// PLAN: [tensor map of A, box [32, 16]], [tensor map of B, box [64, 32]], [maps ok])
// MMF16U: launches 5 of 5 done, 0 wrong
// MMF16U: PASS
// MMF16: launches 5 of 5 done, 0 wrong
// MMF16: PASS
// MMBF16: launches 5 of 5 done, 0 wrong
// MMBF16: PASS
