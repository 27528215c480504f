// tf32 and the fp8/fp4 element types in Tile IR bytecode: type tags 8 (tf32), 10 (f8E4M3FN),
// 11 (f8E5M2), 18 (f8E8M0FNU, 13.2) and 19 (f4E2M1FN, 13.3); a constant's elements in whole
// bytes as MLIR stores them (tf32 three, f4E2M1FN one); ftof's rounding toward f8E8M0FNU. The
// module written reads back to itself; a type newer than the version written is a located error.
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt --dump-bytecode %t.tilebc | FileCheck %s --check-prefix=DUMP
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.2 2>&1 | FileCheck %s --check-prefix=OLD
// DUMP: #1 f8E4M3FN
// DUMP: #3 tf32
// DUMP: #5 f8E5M2
// DUMP: #7 f4E2M1FN
// DUMP: #9 f8E8M0FNU
// DUMP: constants 5
// DUMP-NEXT: #0 [38 40]
// DUMP-NEXT: #1 [00 fe 01]
// DUMP-NEXT: #2 [c0]
// DUMP-NEXT: #3 [05]
// DUMP-NEXT: #4 [7f]
// DUMP: FToF %{{[0-9]+}} {positive_inf} : tile<2xf8E8M0FNU>
// CHECK: %0 = constant <f8E4M3FN: [1.000000e+00, 2.000000e+00]> : tile<2xf8E4M3FN>
// CHECK-NEXT: %1 = constant <tf32: 1.500000e+00> : tile<2xtf32>
// CHECK-NEXT: %2 = constant <f8E5M2: -2.000000e+00> : tile<4xf8E5M2>
// CHECK-NEXT: %3 = constant <f4E2M1FN: 3.000000e+00> : tile<2xf4E2M1FN>
// CHECK-NEXT: %4 = constant <f8E8M0FNU: 1.000000e+00> : tile<2xf8E8M0FNU>
// CHECK-NEXT: %5 = ftof %0 : tile<2xf8E4M3FN> -> tile<2xf32>
// CHECK-NEXT: %6 = ftof %5 rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
// OLD: narrow-floats.mlir:35:5: error: type 'f4E2M1FN' needs bytecode 13.3, not 13.2

cuda_tile.module @m {
  entry @k() {
    %c = constant <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
    %t = constant <tf32: 1.5> : tile<2xtf32>
    %e = constant <f8E5M2: -2.0> : tile<4xf8E5M2>
    %q = constant <f4E2M1FN: 3.0> : tile<2xf4E2M1FN>
    %s = constant <f8E8M0FNU: 1.0> : tile<2xf8E8M0FNU>
    %f = ftof %c : tile<2xf8E4M3FN> -> tile<2xf32>
    %x = ftof %f rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
    return
  }
}
