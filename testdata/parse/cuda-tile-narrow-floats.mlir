// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | tile-opt - | FileCheck %s
// NVIDIA's narrow float element types (Types.td): tf32, f8E4M3FN, f8E5M2, f8E8M0FNU and
// f4E2M1FN, in tiles, pointers and views, constants of each (decimal, rounded to the format,
// or the bit pattern in hex), and ftof's roundings toward f8E8M0FNU. The two RUN lines print
// the same module from the custom and from the generic form.

cuda_tile.module @m {
  // CHECK: testing$func @types(%arg0: tile<4xtf32>, %arg1: tile<4xf8E4M3FN>, %arg2: tile<4xf8E5M2>, %arg3: tile<4xf8E8M0FNU>, %arg4: tile<2xf4E2M1FN>, %arg5: tile<ptr<f8E4M3FN>>)
  testing$func @types(%a: tile<4xtf32>, %b: !cuda_tile.tile<4xf8E4M3FN>, %c: tile<4xf8E5M2>,
                      %d: tile<4xf8E8M0FNU>, %e: tile<2xf4E2M1FN>, %p: tile<ptr<f8E4M3FN>>) {
    // CHECK: constant <f8E4M3FN: [1.000000e+00, 4.480000e+02]> : tile<2xf8E4M3FN>
    %c0 = constant <f8E4M3FN: [1.0, 448.0]> : tile<2xf8E4M3FN>
    // 1.0625 lies half way between 1.0 and 1.125: the tie goes to the even pattern, 1.0.
    // CHECK: constant <f8E4M3FN: 1.000000e+00> : tile<2xf8E4M3FN>
    %c1 = constant <f8E4M3FN: 1.0625> : tile<2xf8E4M3FN>
    // CHECK: constant <f4E2M1FN: [1.000000e+00, 2.000000e+00]> : tile<2xf4E2M1FN>
    %c2 = constant <f4E2M1FN: [0x2, 0x4]> : tile<2xf4E2M1FN>
    // CHECK: constant <f8E8M0FNU: 2.000000e+00> : tile<4xf8E8M0FNU>
    %c3 = constant <f8E8M0FNU: 2.0> : tile<4xf8E8M0FNU>
    // CHECK: constant <tf32: 1.500000e+00> : tile<4xtf32>
    %c4 = constant <tf32: 1.5> : tile<4xtf32>
    // Past the largest f8E5M2 value: infinity, printed as its bit pattern.
    // CHECK: constant <f8E5M2: 0x7C> : tile<4xf8E5M2>
    %c5 = constant <f8E5M2: 1.0e6> : tile<4xf8E5M2>
    // CHECK: ftof %{{.*}} : tile<2xf4E2M1FN> -> tile<2xf16>
    %f0 = ftof %c2 : tile<2xf4E2M1FN> -> tile<2xf16>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<2xf16> -> tile<2xf8E8M0FNU>
    %f1 = ftof %f0 rounding<zero> : tile<2xf16> -> tile<2xf8E8M0FNU>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<2xf16> -> tile<2xf8E8M0FNU>
    %f2 = ftof %f0 rounding<positive_inf> : tile<2xf16> -> tile<2xf8E8M0FNU>
    // CHECK: ftoi %{{.*}} signed : tile<4xf8E5M2> -> tile<4xi16>
    %i0 = ftoi %c signed : tile<4xf8E5M2> -> tile<4xi16>
    // CHECK: bitcast %{{.*}} : tile<4xf8E4M3FN> -> tile<4xi8>
    %b0 = bitcast %b : tile<4xf8E4M3FN> -> tile<4xi8>
    return
  }

  // CHECK: testing$func @mma(%{{.*}}: tile<4x8xf8E4M3FN>, %{{.*}}: tile<8x16xf8E4M3FN>, %{{.*}}: tile<4x16xf32>, %{{.*}}: tile<4x8xtf32>, %{{.*}}: tile<8x16xtf32>)
  testing$func @mma(%a: tile<4x8xf8E4M3FN>, %b: tile<8x16xf8E4M3FN>, %acc: tile<4x16xf32>,
                    %ta: tile<4x8xtf32>, %tb: tile<8x16xtf32>) {
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %0 = mmaf %a, %b, %acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x8xtf32>, tile<8x16xtf32>, tile<4x16xf32>
    %1 = mmaf %ta, %tb, %acc : tile<4x8xtf32>, tile<8x16xtf32>, tile<4x16xf32>
    return
  }
}
