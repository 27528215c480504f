// RUN: tile-opt %s | FileCheck %s
// NVIDIA's `negi` and `trunci` take the integer overflow promises as the binary integer ops do
// (`overflow<none|no_signed_wrap|no_unsigned_wrap|no_wrap>`, NVIDIA's ops.mlir): read and
// dropped, since each only promises that the program does not wrap. A flag NVIDIA does not
// have is an error naming it.
cuda_tile.module @m {
  testing$func @f(%a: tile<i16>, %b: tile<i32>) {
    %n = negi %a overflow<no_signed_wrap> : tile<i16>
    %t = trunci %b overflow<no_wrap> : tile<i32> -> tile<i8>
    %u = trunci %b overflow<none> : tile<i32> -> tile<i4>
  }
}

// CHECK: negi %{{.*}} : tile<i16>
// CHECK: trunci %{{.*}} : tile<i32> -> tile<i8>
// CHECK: trunci %{{.*}} : tile<i32> -> tile<i4>
// CHECK-NOT: overflow
