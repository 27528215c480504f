// lower-cuda-tile-to-aa: tf32 and the fp8/fp4 element types are read, verified and written to
// bytecode, but not lowered: every op with a value of one of them (an operand, a result, a
// parameter of the kernel, a pointee) is a located `lower.unsupported` error naming the type.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics
// RUN: not tilec %s 2>&1 | FileCheck %s
// CHECK: cuda-tile-to-aa-narrow-floats.mlir:12:5: error: lower-cuda-tile-to-aa cannot lower 'cuda_tile.constant' yet: element type 'f8E4M3FN' is not supported yet by the lowering

cuda_tile.module @m {
  // expected-error@+1 {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.entry' yet: element type 'f8E5M2' is not supported yet by the lowering}}
  entry @k(%p: tile<ptr<f8E5M2>>, %q: tile<ptr<f32>>) {
    // expected-error@+1 {{cannot lower 'cuda_tile.constant' yet: element type 'f8E4M3FN' is not supported yet}}
    %c = constant <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
    // expected-error@+1 {{cannot lower 'cuda_tile.ftof' yet: element type 'f8E4M3FN' is not supported yet}}
    %f = ftof %c : tile<2xf8E4M3FN> -> tile<2xf32>
    // expected-error@+1 {{cannot lower 'cuda_tile.constant' yet: element type 'tf32' is not supported yet}}
    %t = constant <tf32: 1.5> : tile<2xtf32>
    // expected-error@+1 {{cannot lower 'cuda_tile.ftof' yet: element type 'f8E8M0FNU' is not supported yet}}
    %s = ftof %f rounding<zero> : tile<2xf32> -> tile<2xf8E8M0FNU>
    // expected-error@+1 {{cannot lower 'cuda_tile.constant' yet: element type 'f4E2M1FN' is not supported yet}}
    %h = constant <f4E2M1FN: 0.5> : tile<2xf4E2M1FN>
    return
  }
}
