// RUN: tilec %s -o - | FileCheck %s
// NVIDIA's conversions and integer min/max/abs/high product through the pipeline to PTX
// (passes/src/lower/as_to_ptx/convert.rs, PTX ISA 9.7.1 and 9.7.9.21 `cvt`): itof rounds to
// nearest even (`cvt.rn`), ftoi toward zero (`cvt.rzi`), a narrowing ftof rounds `.rn`, a
// widening one is exact; bf16 is the high half of an f32 (a shift), and f32 → bf16 is
// `cvt.rn.bf16x2.f32` with a zero high half; floor/ceil are `cvt.rmi`/`cvt.rpi`.

cuda_tile.module @m {
  entry @k(%pi: tile<128xptr<i32>>, %pl: tile<128xptr<i64>>, %pf: tile<128xptr<f32>>, %pd: tile<128xptr<f64>>, %ph: tile<128xptr<f16>>, %pb: tile<128xptr<bf16>>) {
    %i, %t1 = load_ptr_tko weak %pi : tile<128xptr<i32>> -> tile<128xi32>, token
    %l, %t2 = load_ptr_tko weak %pl : tile<128xptr<i64>> -> tile<128xi64>, token
    %f, %t3 = load_ptr_tko weak %pf : tile<128xptr<f32>> -> tile<128xf32>, token
    %d, %t4 = load_ptr_tko weak %pd : tile<128xptr<f64>> -> tile<128xf64>, token
    %h, %t5 = load_ptr_tko weak %ph : tile<128xptr<f16>> -> tile<128xf16>, token
    %b, %t6 = load_ptr_tko weak %pb : tile<128xptr<bf16>> -> tile<128xbf16>, token
    // CHECK: max.s32
    %i1 = maxi %i, %i signed : tile<128xi32>
    // CHECK: min.u32
    %i2 = mini %i1, %i unsigned : tile<128xi32>
    // CHECK: abs.s32
    %i3 = absi %i2 : tile<128xi32>
    // CHECK: mul.hi.u32
    %i4 = mulhii %i3, %i : tile<128xi32>
    // CHECK: max.u64
    %l1 = maxi %l, %l unsigned : tile<128xi64>
    // CHECK: mul.hi.u64
    %l2 = mulhii %l1, %l : tile<128xi64>
    // CHECK: abs.s64
    %l3 = absi %l2 : tile<128xi64>
    // CHECK: cvt.rn.f32.s32
    %f1 = itof %i4 signed : tile<128xi32> -> tile<128xf32>
    // CHECK: cvt.rn.f64.u64
    %d1 = itof %l3 unsigned : tile<128xi64> -> tile<128xf64>
    // CHECK: cvt.rzi.s32.f32
    %i5 = ftoi %f1 signed : tile<128xf32> -> tile<128xi32>
    // CHECK: cvt.rzi.u64.f64
    %l4 = ftoi %d1 unsigned : tile<128xf64> -> tile<128xi64>
    // CHECK: cvt.rmi.f32.f32
    %f2 = floor %f : tile<128xf32>
    // CHECK: cvt.rpi.f64.f64
    %d2 = ceil %d : tile<128xf64>
    // CHECK: cvt.f32.f16
    %f3 = ftof %h : tile<128xf16> -> tile<128xf32>
    // CHECK: shl.b32 [[R:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
    // CHECK-NEXT: mov.b32 {{%f[0-9]+}}, [[R]];
    %f4 = ftof %b : tile<128xbf16> -> tile<128xf32>
    // CHECK: cvt.rn.f16.f32
    %h1 = ftof %f2 : tile<128xf32> -> tile<128xf16>
    // CHECK: mov.f32 [[Z:%f[0-9]+]], 0f00000000;
    // CHECK-NEXT: cvt.rn.bf16x2.f32 {{%r[0-9]+}}, [[Z]], {{%f[0-9]+}};
    %b1 = ftof %f3 : tile<128xf32> -> tile<128xbf16>
    // CHECK: cvt.f64.f32
    %d3 = ftof %f4 : tile<128xf32> -> tile<128xf64>
    // CHECK: cvt.rn.f32.f64
    %f5 = ftof %d2 : tile<128xf64> -> tile<128xf32>
    // f16 → bf16 through f32 (one rounding).
    // CHECK: cvt.f32.f16
    // CHECK: cvt.rn.bf16x2.f32
    %b2 = ftof %h1 : tile<128xf16> -> tile<128xbf16>
    // CHECK: mov.b32 {{%r[0-9]+}}, {{%f[0-9]+}};
    %i6 = bitcast %f5 : tile<128xf32> -> tile<128xi32>
    // CHECK: mov.b64 {{%fd[0-9]+}}, {{%rd[0-9]+}};
    %d4 = bitcast %l4 : tile<128xi64> -> tile<128xf64>
    %i7 = addi %i5, %i6 : tile<128xi32>
    %t7 = store_ptr_tko weak %pi, %i7 : tile<128xptr<i32>>, tile<128xi32> -> token
    %d5 = addf %d3, %d4 : tile<128xf64>
    %t8 = store_ptr_tko weak %pd, %d5 : tile<128xptr<f64>>, tile<128xf64> -> token
    %t9 = store_ptr_tko weak %pb, %b2 : tile<128xptr<bf16>>, tile<128xbf16> -> token
    %t10 = store_ptr_tko weak %pb, %b1 : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }
}
