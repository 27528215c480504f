// RUN: tilec %s -o - | FileCheck %s
// NVIDIA's float math through the pipeline to PTX (passes/src/lower/as_to_ptx/math.rs, PTX ISA
// 9.7.4): IEEE-exact neg/abs/sqrt.rn/fma.rn, the hardware approximations for exp2/log2/rsqrt and
// tanh (rounding<approx>), exp in full precision as the compensated ex2 sequence, log as
// lg2·ln 2, `.ftz` where the op asks for flush_to_zero; f64 where PTX has the instruction.

cuda_tile.module @m {
  entry @k(%p: tile<128xptr<f32>>, %q: tile<128xptr<f64>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<128xptr<f32>> -> tile<128xf32>, token
    %a = negf %x : tile<128xf32>
    %b = absf %a : tile<128xf32>
    %c = exp %b : tile<128xf32>
    %c2 = exp %c {rounding_mode = #cuda_tile.rounding<approx>} : tile<128xf32>
    %d = exp2 %c2 : tile<128xf32>
    %e = log %d : tile<128xf32>
    %f = log2 %e : tile<128xf32>
    %g = sqrt %f : tile<128xf32>
    %h = rsqrt %g {flush_to_zero} : tile<128xf32>
    %i = tanh %h {rounding_mode = #cuda_tile.rounding<approx>} : tile<128xf32>
    %j = fma %i, %x, %a : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %j token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    %y, %t3 = load_ptr_tko weak %q token=%t0 : tile<128xptr<f64>> -> tile<128xf64>, token
    %z = fma %y, %y, %y : tile<128xf64>
    %w = sqrt %z : tile<128xf64>
    %t4 = store_ptr_tko weak %q, %w token=%t3 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }
}

// CHECK: neg.f32 %[[A:f[0-9]+]], %f1;
// CHECK-NEXT: abs.f32 %[[B:f[0-9]+]], %[[A]];
// exp, full precision: hi = x·L, lo = fma(x, L, -hi) + x·L_lo, r = ex2(hi), r + r·clamp(lo·ln2).
// CHECK-NEXT: mov.f32 %[[L:f[0-9]+]], 0f3FB8AA3B;
// CHECK-NEXT: mul.f32 %[[HI:f[0-9]+]], %[[B]], %[[L]];
// CHECK-NEXT: neg.f32 %[[NHI:f[0-9]+]], %[[HI]];
// CHECK-NEXT: fma.rn.f32 %[[LO:f[0-9]+]], %[[B]], %[[L]], %[[NHI]];
// CHECK-NEXT: mov.f32 %[[LLO:f[0-9]+]], 0f32A57060;
// CHECK-NEXT: fma.rn.f32 %[[LO2:f[0-9]+]], %[[B]], %[[LLO]], %[[LO]];
// CHECK-NEXT: ex2.approx.f32 %[[R:f[0-9]+]], %[[HI]];
// CHECK: min.f32
// CHECK-NEXT: max.f32 %[[S:f[0-9]+]],
// CHECK-NEXT: fma.rn.f32 %[[E:f[0-9]+]], %[[R]], %[[S]], %[[R]];
// exp, rounding<approx>: ex2(x·log2 e).
// CHECK-NEXT: mov.f32 %[[L2:f[0-9]+]], 0f3FB8AA3B;
// CHECK-NEXT: mul.f32 %[[T:f[0-9]+]], %[[E]], %[[L2]];
// CHECK-NEXT: ex2.approx.f32 %{{f[0-9]+}}, %[[T]];
// CHECK-NEXT: ex2.approx.f32
// CHECK-NEXT: lg2.approx.f32
// CHECK-NEXT: mov.f32 %{{f[0-9]+}}, 0f3F317218;
// CHECK-NEXT: mul.f32
// CHECK-NEXT: lg2.approx.f32
// CHECK-NEXT: sqrt.rn.f32
// CHECK-NEXT: rsqrt.approx.ftz.f32
// CHECK-NEXT: tanh.approx.f32
// CHECK-NEXT: fma.rn.f32 %{{f[0-9]+}}, %{{f[0-9]+}}, %f1, %[[A]];
// CHECK: fma.rn.f64 %fd2, %fd1, %fd1, %fd1;
// CHECK-NEXT: sqrt.rn.f64 %fd3, %fd2;
