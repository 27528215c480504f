// NVIDIA's rounding modes and flush_to_zero on addf, subf, mulf and divf (float arithmetic; PTX ISA
// "Floating-Point Instructions": add{.rnd}{.ftz}.f32, div.approx/.full/.rnd): nearest_even, zero,
// negative_inf, positive_inf are rn, rz, rm, rp; divf also approx and full (f32); flush_to_zero
// is .ftz (f32). Without a rounding an op prints as before. ptxas assembles the result.
// RUN: tile-opt %s | FileCheck %s --check-prefix=SYNTAX
// RUN: tilec %s | FileCheck %s
cuda_tile.module @m {
  entry @k(%a: tile<128xptr<f32>>, %o: tile<128xptr<f32>>, %d: tile<128xptr<f64>>) {
    %x, %t = load_ptr_tko weak %a : tile<128xptr<f32>> -> tile<128xf32>, token
    %s = addf %x, %x rounding<negative_inf> : tile<128xf32>
    %p = mulf %s, %x rounding<zero> flush_to_zero : tile<128xf32>
    %q = divf %p, %x rounding<approx> : tile<128xf32>
    %r = divf %q, %x rounding<positive_inf> : tile<128xf32>
    %u = subf %r, %x : tile<128xf32>
    %t2 = store_ptr_tko weak %o, %u : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}

// SYNTAX: addf %{{[0-9]+}}, %{{[0-9]+}} rounding<negative_inf> : tile<128xf32>
// SYNTAX: mulf %{{[0-9]+}}, %{{[0-9]+}} rounding<zero> flush_to_zero : tile<128xf32>
// SYNTAX: divf %{{[0-9]+}}, %{{[0-9]+}} rounding<approx> : tile<128xf32>

// CHECK: add.rm.f32 %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK-NEXT: mul.rz.ftz.f32
// CHECK-NEXT: div.approx.f32
// CHECK-NEXT: div.rp.f32
// CHECK-NEXT: sub.f32
