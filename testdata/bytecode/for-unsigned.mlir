// NVIDIA's `for unsigned` (13.2: bit 0 of the op's flags word, the unsigned comparison of the
// induction variable): the custom syntax reads and prints it, the bytecode writer sets the bit
// and the reader takes it back (tileirdisasm 13.x prints the file as `for unsigned` too), a
// version before 13.2 is a located error, and lower-cuda-tile-to-aa rewrites the loop into a
// signed one over iv ^ 2^31 (passes/src/lower/cuda_tile_expand.rs; run on a GPU:
// testdata/e2e/for_unsigned.mlir).
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.1 -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s --check-prefix=AA
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>) {
    %lb = constant <i32: 2147483632> : tile<i32>
    %ub = constant <i32: -2147483632> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %n = for unsigned %i in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %a2 = addi %acc, %i : tile<i32>
      continue %a2 : tile<i32>
    }
    %t = store_ptr_tko weak %out, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// CHECK: for unsigned %{{[a-z0-9]+}} in (%{{[0-9]+}} to %{{[0-9]+}}, step %{{[0-9]+}}) : tile<i32>

// OLD: error: 'for' with these optional fields needs a newer bytecode than 13.1

// AA: %[[MIN:[0-9]+]] = "nv_tileaa.constant"() {value = -2147483648 : i32}
// AA-NEXT: %[[LB:[0-9]+]] = "nv_tileaa.xori"(%{{[0-9]+}}, %[[MIN]])
// AA-NEXT: %[[UB:[0-9]+]] = "nv_tileaa.xori"(%{{[0-9]+}}, %[[MIN]])
// AA-NEXT: "nv_tileaa.for"(%[[LB]], %[[UB]],
// AA-NEXT: ^bb0(%[[JV:[a-z0-9]+]]: !nv_tileaa.tile<i32>
// AA-NEXT: "nv_tileaa.xori"(%[[JV]], %[[MIN]])
// AA-NOT: unsigned_cmp
