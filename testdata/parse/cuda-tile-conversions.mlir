// RUN: tile-opt %s | tile-opt - | FileCheck %s
// NVIDIA's conversion and integer syntax (dialects/src/cuda_tile/syntax/convert.rs,
// compute.rs): itof/ftoi/maxi/mini read as tilec's sitofp/fptoui/maxsi/minui and print back in
// NVIDIA's words; a written default rounding means nothing more and is not printed.

cuda_tile.module @m {
  entry @k(%i: tile<4xi32>, %f: tile<4xf32>, %h: tile<4xf16>, %l: tile<4xi64>) {
    // CHECK: itof %{{.*}} signed : tile<4xi32> -> tile<4xf32>
    %a = itof %i signed : tile<4xi32> -> tile<4xf32>
    // CHECK-NEXT: itof %{{.*}} unsigned : tile<4xi32> -> tile<4xf32>
    %b = itof %i unsigned rounding<nearest_even> : tile<4xi32> -> tile<4xf32>
    // CHECK-NEXT: ftoi %{{.*}} signed : tile<4xf32> -> tile<4xi32>
    %c = ftoi %f signed : tile<4xf32> -> tile<4xi32>
    // CHECK-NEXT: ftoi %{{.*}} unsigned : tile<4xf32> -> tile<4xi64>
    %d = ftoi %f unsigned rounding<nearest_int_to_zero> : tile<4xf32> -> tile<4xi64>
    // CHECK-NEXT: ftof %{{.*}} : tile<4xf16> -> tile<4xf32>
    %e = ftof %h : tile<4xf16> -> tile<4xf32>
    // CHECK-NEXT: ftof %{{.*}} : tile<4xf32> -> tile<4xf16>
    %g = ftof %f rounding<nearest_even> : tile<4xf32> -> tile<4xf16>
    // CHECK-NEXT: bitcast %{{.*}} : tile<4xf32> -> tile<4xi32>
    %j = bitcast %f : tile<4xf32> -> tile<4xi32>
    // CHECK-NEXT: maxi %{{.*}}, %{{.*}} signed : tile<4xi32>
    %k = maxi %i, %j signed : tile<4xi32>
    // CHECK-NEXT: mini %{{.*}}, %{{.*}} unsigned : tile<4xi64>
    %m = mini %l, %l unsigned : tile<4xi64>
    // CHECK-NEXT: absi %{{.*}} : tile<4xi32>
    %n = absi %k : tile<4xi32>
    // CHECK-NEXT: mulhii %{{.*}}, %{{.*}} : tile<4xi64>
    %o = mulhii %m, %l : tile<4xi64>
    // CHECK-NEXT: floor %{{.*}} : tile<4xf32>
    %q = floor %f : tile<4xf32>
    // CHECK-NEXT: ceil %{{.*}} : tile<4xf32>
    %r = ceil %q : tile<4xf32>
    // CHECK-NEXT: remi %{{.*}}, %{{.*}} unsigned : tile<4xi32>
    %s = remi %n, %i unsigned : tile<4xi32>
    // CHECK-NEXT: shri %{{.*}}, %{{.*}} signed : tile<4xi32>
    %t = shri %s, %i signed : tile<4xi32>
    return
  }
}
