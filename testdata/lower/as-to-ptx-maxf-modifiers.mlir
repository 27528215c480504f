// NVIDIA's maxf/minf modifiers in PTX (PTX ISA, "Floating Point Instructions: max/min":
// `max{.ftz}{.NaN}{.xorsign.abs}.f32`, `.NaN` from PTX 7.0 on sm_80; `max.f64` has no `.NaN`):
// flush_to_zero is `.ftz`, propagate_nan `.NaN` (IEEE 754-2019 maximum/minimum instead of
// maximumNumber/minimumNumber). f64 with propagate_nan is `max.f64` and then the canonical NaN
// where either operand is NaN (`setp.nan.f64` + `selp.f64`). The PTX version rises to 7.0 for
// `.NaN` where the target's own minimum is lower, and on an sm_75 target each f32 op with
// propagate_nan is a located error (the f64 ones need no `.NaN`). ptxas 13.x assembles the
// result for sm_90a and, with --target sm_80, for sm_80.
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --target sm_80 | FileCheck %s --check-prefix=SM80
// RUN: not tilec %s --target sm_75 2>&1 | FileCheck %s --check-prefix=SM75
cuda_tile.module @m {
  entry @k(%a: tile<128xptr<f32>>, %d: tile<128xptr<f64>>) {
    %x, %t = load_ptr_tko weak %a : tile<128xptr<f32>> -> tile<128xf32>, token
    %m0 = maxf %x, %x : tile<128xf32>
    %m1 = maxf %m0, %x flush_to_zero : tile<128xf32>
    %m2 = maxf %m1, %x propagate_nan : tile<128xf32>
    %m3 = maxf %m2, %x propagate_nan flush_to_zero : tile<128xf32>
    %n0 = minf %m3, %x : tile<128xf32>
    %n1 = minf %n0, %x flush_to_zero : tile<128xf32>
    %n2 = minf %n1, %x propagate_nan : tile<128xf32>
    %n3 = minf %n2, %x flush_to_zero propagate_nan : tile<128xf32>
    %t2 = store_ptr_tko weak %a, %n3 : tile<128xptr<f32>>, tile<128xf32> -> token
    %y, %t3 = load_ptr_tko weak %d : tile<128xptr<f64>> -> tile<128xf64>, token
    %p0 = maxf %y, %y : tile<128xf64>
    %p1 = maxf %p0, %y propagate_nan : tile<128xf64>
    %q1 = minf %p1, %y propagate_nan : tile<128xf64>
    %t4 = store_ptr_tko weak %d, %q1 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }
}

// CHECK: max.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: max.ftz.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: max.NaN.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: max.ftz.NaN.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: min.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: min.ftz.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: min.NaN.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: min.ftz.NaN.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK: max.f64 %fd{{[0-9]+}}, %fd[[Y:[0-9]+]], %fd{{[0-9]+}};
// CHECK-NEXT: max.f64 %fd[[R:[0-9]+]], %fd[[P0:[0-9]+]], %fd[[Y]];
// CHECK-NEXT: setp.nan.f64 %p[[P:[0-9]+]], %fd[[P0]], %fd[[Y]];
// CHECK-NEXT: mov.f64 %fd[[N:[0-9]+]], 0d7FFFFFFFFFFFFFFF;
// CHECK-NEXT: selp.f64 %fd{{[0-9]+}}, %fd[[N]], %fd[[R]], %p[[P]];
// CHECK-NEXT: min.f64
// CHECK-NEXT: setp.nan.f64
// CHECK-NOT: NaN.f64

// SM80: .version 7.0
// SM80: max.NaN.f32

// SM75: :17:5: error: 'maxf' with propagate_nan (.NaN) needs sm_80 or later; the target is sm_75
// SM75: :18:5: error: 'maxf' with propagate_nan (.NaN)
// SM75: :21:5: error: 'minf' with propagate_nan (.NaN)
// SM75: :22:5: error: 'minf' with propagate_nan (.NaN)
// SM75-NOT: error
