// RUN: tilec %s -o - | FileCheck %s
// NVIDIA's full-precision math (passes/src/lower/as_to_ptx/libm): each op is a program of
// exactly rounded PTX instructions (no .approx), the same program the unit tests run in an
// interpreter to measure its error. One entry per op; the checks follow each method's steps.

cuda_tile.module @m {
  entry @sin_f32(%p: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = sin %x : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @cos_f32(%p: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = cos %x : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @tan_f32(%p: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = tan %x : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @sinh_f32(%p: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = sinh %x : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @cosh_f32(%p: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = cosh %x : tile<128xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @atan2_f32(%p: tile<128xptr<f32>>, %q: tile<128xptr<f32>>) {
    %y, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %x, %t2 = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = atan2 %y, %x : tile<128xf32>
    %t3 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @pow_f32(%p: tile<128xptr<f32>>, %q: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %y, %t2 = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = pow %x, %y : tile<128xf32>
    %t3 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @remf_f32(%p: tile<128xptr<f32>>, %q: tile<128xptr<f32>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %y, %t2 = load_ptr_tko weak %q : tile<128xptr<f32>> -> tile<128xf32>, token
    %r = remf %x, %y : tile<128xf32>
    %t3 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  entry @sin_f16(%p: tile<128xptr<f16>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f16>> -> tile<128xf16>, token
    %r = sin %x : tile<128xf16>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
  entry @cosh_bf16(%p: tile<128xptr<bf16>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<bf16>> -> tile<128xbf16>, token
    %r = cosh %x : tile<128xbf16>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
  entry @remf_f64(%p: tile<128xptr<f64>>, %q: tile<128xptr<f64>>) {
    %x, %t1 = load_ptr_tko weak %p : tile<128xptr<f64>> -> tile<128xf64>, token
    %y, %t2 = load_ptr_tko weak %q : tile<128xptr<f64>> -> tile<128xf64>, token
    %r = remf %x, %y : tile<128xf64>
    %t3 = store_ptr_tko weak %p, %r token=%t1 : tile<128xptr<f64>>, tile<128xf64> -> token
    return
  }
}

// CHECK-LABEL: .entry sin_f32(
// ±∞ become NaN; Cody–Waite: j = rni(x·2/π), r = x − j·(P1 + P2 + P3) by three fma.rn.
// CHECK: setp.eq.f32 %p{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}};
// CHECK: mov.f32 %f{{[0-9]+}}, 0f3F22F983;
// CHECK-NEXT: mul.rn.f32
// CHECK-NEXT: cvt.rni.s32.f32
// CHECK: mov.f32 %f{{[0-9]+}}, 0fBFC90FDB;
// CHECK-NEXT: fma.rn.f32
// CHECK-NEXT: mov.f32 %f{{[0-9]+}}, 0f333BBD2E;
// CHECK-NEXT: fma.rn.f32
// CHECK-NEXT: mov.f32 %f{{[0-9]+}}, 0f26F72CED;
// CHECK-NEXT: fma.rn.f32
// Payne–Hanek above |x| = 105615: the significand times 192 bits of 2/π, the window at the
// exponent (funnel shifts), its fraction to f64 times π/2·2^-64.
// CHECK: mov.f32 %f{{[0-9]+}}, 0f47CE4780;
// CHECK-NEXT: setp.gt.f32 %[[BIG:p[0-9]+]],
// CHECK-NEXT: @!%[[BIG]] bra $[[DONE:L__tilec_[0-9]+]];
// CHECK: mov.u32 %r{{[0-9]+}}, 1011060801;
// CHECK-NEXT: mad.wide.u32
// CHECK: mad.wide.u32
// CHECK: mad.wide.u32
// CHECK: mad.wide.u32
// CHECK: mad.wide.u32
// CHECK: mov.u32 %r{{[0-9]+}}, -1560706194;
// CHECK-NEXT: mad.wide.u32
// CHECK: shf.r.clamp.b32
// CHECK-NEXT: shf.r.clamp.b32
// CHECK-NEXT: shf.r.clamp.b32
// CHECK: cvt.rn.f64.s64
// CHECK-NEXT: mov.f64 %fd{{[0-9]+}}, 0d3BF921FB54442D18;
// CHECK-NEXT: mul.rn.f64
// CHECK-NEXT: cvt.rn.f32.f64
// CHECK: $[[DONE]]:
// The sin and cos polynomials, the quadrant's choice and sign, sin(±0) = ±0.
// CHECK: mov.f32 %f{{[0-9]+}}, 0fBE2AAAAB;
// CHECK: mov.f32 %f{{[0-9]+}}, 0fBF000000;
// CHECK: selp.f32
// CHECK: neg.f32
// CHECK: setp.eq.f32
// CHECK-NEXT: selp.f32
// CHECK-NOT: approx
// CHECK: st.global.f32

// cos: sin of the next quadrant.
// CHECK-LABEL: .entry cos_f32(
// CHECK: shf.r.clamp.b32
// CHECK: fma.rn.f32
// CHECK: add.s32
// CHECK-NOT: approx
// CHECK: st.global.f32

// tan: sin r / cos r or −cos r / sin r, one div.rn.
// CHECK-LABEL: .entry tan_f32(
// CHECK: shf.r.clamp.b32
// CHECK: div.rn.f32
// CHECK-NOT: approx
// CHECK: st.global.f32

// sinh: in f64, exp2(|x|·log2 e) as 2^k·e^(f·ln 2) (Taylor, degree 11), (e − 1/e)/2 or the
// Taylor series below 1, rounded once to f32.
// CHECK-LABEL: .entry sinh_f32(
// CHECK: cvt.f64.f32
// CHECK-NEXT: abs.f64
// CHECK: mov.f64 %fd{{[0-9]+}}, 0d3FF71547652B82FE;
// CHECK-NEXT: mul.rn.f64
// CHECK: cvt.rni.s32.f64
// CHECK-NEXT: cvt.rn.f64.s32
// CHECK-NEXT: sub.rn.f64
// CHECK: shl.b64
// CHECK-NEXT: mov.b64
// CHECK-NEXT: mul.rn.f64
// CHECK: div.rn.f64
// CHECK-NEXT: sub.rn.f64
// CHECK: mov.f64 %fd{{[0-9]+}}, 0d3FC5555555555555;
// CHECK: selp.f64
// CHECK-NEXT: cvt.rn.f32.f64
// CHECK-NOT: approx
// CHECK: st.global.f32

// cosh: (e + 1/e)/2.
// CHECK-LABEL: .entry cosh_f32(
// CHECK: div.rn.f64
// CHECK-NEXT: add.rn.f64
// CHECK: mul.rn.f64
// CHECK-NEXT: cvt.rn.f32.f64
// CHECK-NOT: approx
// CHECK: st.global.f32

// atan2: min/max ratio in f64, the addition formula above tan(π/8), Gregory's series, the
// octant and quadrant; a NaN operand gives NaN.
// CHECK-LABEL: .entry atan2_f32(
// CHECK: setp.gt.f64
// CHECK: div.rn.f64
// CHECK: mov.f64 %fd{{[0-9]+}}, 0d3FDA827999FCEF32;
// CHECK-NEXT: setp.gt.f64
// CHECK: mov.f64 %fd{{[0-9]+}}, 0d400921FB54442D18;
// CHECK: cvt.rn.f32.f64
// CHECK-NEXT: setp.nan.f32
// CHECK-NEXT: add.rn.f32
// CHECK-NEXT: selp.f32
// CHECK-NOT: approx
// CHECK: st.global.f32

// pow: exp2(y·log2|x|) in f64 (log2 by the atanh series), then C99's special cases.
// CHECK-LABEL: .entry pow_f32(
// CHECK: cvt.f64.f32
// CHECK-NEXT: cvt.f64.f32
// CHECK-NEXT: abs.f64
// CHECK: div.rn.f64
// CHECK: fma.rn.f64
// CHECK: setp.nan.f64
// CHECK: cvt.rni.s32.f64
// CHECK: cvt.rn.f32.f64
// CHECK: cvt.rzi.f32.f32
// CHECK: and.pred
// CHECK: or.pred
// CHECK-NEXT: or.pred
// CHECK-NEXT: selp.f32
// CHECK-NOT: approx
// CHECK: st.global.f32

// remf: special cases branch around the loop; the loop shifts up to 40 bits per rem.u64.
// CHECK-LABEL: .entry remf_f32(
// CHECK: mov.f32 %[[RES:f[0-9]+]], %f{{[0-9]+}};
// CHECK-NEXT: @%p{{[0-9]+}} bra $[[SKIP:L__tilec_[0-9]+]];
// CHECK: rem.u64
// CHECK: mov.u32 %r{{[0-9]+}}, 40;
// CHECK-NEXT: $[[HEAD:L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.le.s32 %[[FIN:p[0-9]+]],
// CHECK-NEXT: @%[[FIN]] bra $[[EXIT:L__tilec_[0-9]+]];
// CHECK-NEXT: min.s32
// CHECK-NEXT: shl.b64
// CHECK-NEXT: rem.u64
// CHECK: bra.uni $[[HEAD]];
// CHECK-NEXT: $[[EXIT]]:
// CHECK: cvt.rn.f32.u32
// CHECK: mov.f32 %[[RES]],
// CHECK-NEXT: $[[SKIP]]:
// CHECK: st.global.f32

// f16 and bf16: the f32 program between an exact widening and one rounding (NVIDIA: "emulated
// in f32").
// CHECK-LABEL: .entry sin_f16(
// CHECK: ld.global.u16 %[[H:r[0-9]+]],
// CHECK-NEXT: cvt.f32.f16 %f{{[0-9]+}}, %[[H]];
// CHECK: shf.r.clamp.b32
// CHECK: cvt.rn.f16.f32 %[[R:r[0-9]+]], %f{{[0-9]+}};
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.global.u16 [%rd{{[0-9]+}}], %[[R]];
// CHECK-LABEL: .entry cosh_bf16(
// CHECK: mov.u32 %[[S:r[0-9]+]], 16;
// CHECK-NEXT: mov.b32 %[[B:r[0-9]+]], %r{{[0-9]+}};
// CHECK-NEXT: shl.b32 %[[W:r[0-9]+]], %[[B]], %[[S]];
// CHECK-NEXT: mov.b32 %f{{[0-9]+}}, %[[W]];
// CHECK: cvt.rn.f32.f64
// CHECK-NEXT: mov.f32 %[[Z:f[0-9]+]], 0f00000000;
// CHECK-NEXT: cvt.rn.bf16x2.f32 %[[R:r[0-9]+]], %[[Z]], %f{{[0-9]+}};
// CHECK: st.global.u16 [%rd{{[0-9]+}}], %[[R]];

// remf of f64: 11 bits per step.
// CHECK-LABEL: .entry remf_f64(
// CHECK: mov.u32 %r{{[0-9]+}}, 11;
// CHECK: rem.u64
// CHECK: cvt.rn.f64.u64
// CHECK: st.global.f64
