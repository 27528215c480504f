// The float arithmetic's rounding modes and flush_to_zero in Tile IR bytecode: the writer puts
// a rounding in the op's rounding field and flush_to_zero in bit 0 of its flags word (NVIDIA's
// tileirdisasm 13.4 prints tilec's file with the same modifiers); the reader keeps each rounding
// but the default nearest_even (which the field always holds when the text names none), as the
// text does, and the verifier checks it (testdata/verify/cuda-tile-float-rounding.mlir).
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
cuda_tile.module @m {
  entry @k(%a: tile<f32>, %b: tile<f32>) {
    %x = addf %a, %b rounding<zero> : tile<f32>
    %y = mulf %a, %b rounding<positive_inf> flush_to_zero : tile<f32>
    %z = divf %a, %b rounding<approx> : tile<f32>
    %w = subf %a, %b rounding<negative_inf> : tile<f32>
    %v = divf %a, %b : tile<f32>
    return
  }
}

// CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<f32>
// CHECK-NEXT: mulf %{{.*}}, %{{.*}} rounding<positive_inf> flush_to_zero : tile<f32>
// CHECK-NEXT: divf %{{.*}}, %{{.*}} rounding<approx> : tile<f32>
// CHECK-NEXT: subf %{{.*}}, %{{.*}} rounding<negative_inf> : tile<f32>
// CHECK-NEXT: divf %{{.*}}, %{{.*}} : tile<f32>
