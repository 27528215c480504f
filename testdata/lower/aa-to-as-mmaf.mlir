// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX
// RUN: tilec %s --target sm_80 | FileCheck %s --check-prefix=SM80
// RUN: not tilec %s --target sm_75 2>&1 | FileCheck %s --check-prefix=SM75
// mmaf on tensor cores (passes/src/lower/aa_to_as/mma.rs): a 32x16 f32 accumulator on 4 warps
// is a 2x2 warp grid of m16n8 tiles, one per warp. The factors are staged in shared memory (a:
// 32 rows of 16+8 halves, 1536 bytes; b transposed: 16 rows, 768 bytes), a barrier, then each
// warp loads its A fragment (4 x 32 bits) and B fragment (2 x 32 bits) and issues one mma.sync.
// The result reaches a cyclic store through a shared-memory layout conversion (16 rows per warp
// row of 16+4 floats: 2 x 16 x 20 x 4 = 2560 bytes) between barriers. The f16 loads and stores
// move bits: ld.global.u16 / st.shared.u16 into and out of 32-bit registers.

cuda_tile.module @m {
  entry @small(%pa: tile<32x16xptr<f16>>, %pb: tile<16x16xptr<f16>>, %pc: tile<32x16xptr<f32>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<32x16xptr<f16>> -> tile<32x16xf16>, token
    %b, %t2 = load_ptr_tko weak %pb : tile<16x16xptr<f16>> -> tile<16x16xf16>, token
    %z = constant <f32: 0.0> : tile<32x16xf32>
    %c = mmaf %a, %b, %z : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<32x16xptr<f32>>, tile<32x16xf32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK: "nv_tileas.alloc_shared"() {size = 1536 : i64, align = 16 : i64}
// CHECK: "nv_tileas.alloc_shared"() {size = 768 : i64, align = 16 : i64}
// CHECK: "nv_tileas.alloc_shared"() {size = 2560 : i64, align = 16 : i64}
// CHECK: "nv_tileas.st"
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK: "nv_tileas.ld"({{%[0-9]+}}) {{.*}} : (!nv_tileas.ptr<shared_cta>) -> i32
// CHECK: "nv_tileas.mma_sync"({{.*}}) {ab_type = "f16"} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> (f32, f32, f32, f32)
// CHECK-NOT: "nv_tileas.mma_sync"
// CHECK: "nv_tileas.st"({{.*}}) {space = #mem.space<shared_cta>
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK: "nv_tileas.ld"({{.*}}) {space = #mem.space<shared_cta>
// CHECK: "nv_tileas.st"({{.*}}) {space = #mem.space<global>

// PTX: .target sm_90a
// PTX: ld.global.u16
// PTX: st.shared.u16
// PTX: bar.sync 0;
// PTX: ld.shared.u32
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}, {%f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}, %f{{[0-9]+}}};
// PTX-NOT: mma.sync
// PTX: st.global.f32

// SM80: .version 7.0
// SM80: .target sm_80
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// SM75: aa-to-as-mmaf.mlir:18:5: error: 'mmaf' needs sm_80 or later; the target is sm_75
