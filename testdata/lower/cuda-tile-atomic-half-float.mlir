// RUN: tilec %s | FileCheck %s
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s --check-prefix=AA
// NVIDIA's test_atomic_rmw_f16/bf16 (ops.mlir): `atomic_rmw_tko ... addf` on f16 and bf16 tiles,
// here on pointer tiles built in the kernel (tilec passes no n-d value parameters). PTX has the
// add on 16-bit floats as `atom{.sem}{.scope}{.space}.add.noftz.f16` (PTX ISA 6.3, sm_70) and
// `.add.noftz.bf16` (PTX ISA 7.8, sm_90); the values are bits in 32-bit registers and these
// instructions take 16-bit ones, so each atom is a scope with two `.b16` registers, the value's
// low half in and the old value zero-extended out. ptxas accepts the result (tools/tests/
// ptxas_corpus.rs assembles it).

cuda_tile.module @m {
  entry @atomic_half(%p: tile<ptr<f16>>, %q: tile<ptr<bf16>>, %out: tile<ptr<f16>>) {
    %i = iota : tile<2xi32>
    %p1 = reshape %p : tile<ptr<f16>> -> tile<1xptr<f16>>
    %pb = broadcast %p1 : tile<1xptr<f16>> -> tile<2xptr<f16>>
    %ps = offset %pb, %i : tile<2xptr<f16>>, tile<2xi32> -> tile<2xptr<f16>>
    %q1 = reshape %q : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %qb = broadcast %q1 : tile<1xptr<bf16>> -> tile<2xptr<bf16>>
    %qs = offset %qb, %i : tile<2xptr<bf16>>, tile<2xi32> -> tile<2xptr<bf16>>
    %h = constant <f16: 1.5> : tile<2xf16>
    %b = constant <bf16: 2.0> : tile<2xbf16>
    %old, %t1 = atomic_rmw_tko relaxed device %ps, addf, %h : tile<2xptr<f16>>, tile<2xf16> -> tile<2xf16>, token
    %oldb, %t2 = atomic_rmw_tko acq_rel device %qs, addf, %b : tile<2xptr<bf16>>, tile<2xbf16> -> tile<2xbf16>, token
    %o1 = reshape %out : tile<ptr<f16>> -> tile<1xptr<f16>>
    %ob = broadcast %o1 : tile<1xptr<f16>> -> tile<2xptr<f16>>
    %os = offset %ob, %i : tile<2xptr<f16>>, tile<2xi32> -> tile<2xptr<f16>>
    %t3 = store_ptr_tko weak %os, %old token = %t1 : tile<2xptr<f16>>, tile<2xf16> -> token
    return
  }
}

// AA: "nv_tileaa.atomic_rmw_tko"({{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<2x!nv_tileaa.ptr<global, f16>>, !nv_tileaa.tile<2xf16>
// AA: "nv_tileaa.atomic_rmw_tko"({{.*}}) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<2x!nv_tileaa.ptr<global, bf16>>, !nv_tileaa.tile<2xbf16>

// CHECK: .version 8.0
// CHECK: mov.b32 [[H:%r[0-9]+]], 15872;
// CHECK: mov.b32 [[B:%r[0-9]+]], 16384;
// CHECK: {
// CHECK-NEXT: .reg .b16 %hv, %hd;
// CHECK-NEXT: cvt.u16.u32 %hv, [[H]];
// CHECK-NEXT: atom.relaxed.gpu.global.add.noftz.f16 %hd, [%rd{{[0-9]+}}], %hv;
// CHECK-NEXT: cvt.u32.u16 [[OLD:%r[0-9]+]], %hd;
// CHECK-NEXT: }
// CHECK-NEXT: mov.b32 [[V:%r[0-9]+]], [[OLD]];
// CHECK: {
// CHECK-NEXT: .reg .b16 %hv, %hd;
// CHECK-NEXT: cvt.u16.u32 %hv, [[B]];
// CHECK-NEXT: atom.acq_rel.gpu.global.add.noftz.bf16 %hd, [%rd{{[0-9]+}}], %hv;
// CHECK-NEXT: cvt.u32.u16 %r{{[0-9]+}}, %hd;
// CHECK-NEXT: }
// CHECK: st.global.u16 [%rd{{[0-9]+}}], [[V]];
