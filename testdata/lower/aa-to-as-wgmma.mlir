// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX
// RUN: tilec %s --target sm_90 | FileCheck %s --check-prefix=SM90
// mmaf on sm_90a (passes/src/lower/aa_to_as/wgmma.rs): a 64x64 f32 accumulator on 4 warps (one
// warpgroup) is one m64 slab, all warps along M. The factors are staged in one shared buffer
// (8192 bytes, aligned to the 1024-byte swizzle atom; these loads are not views, so they are not
// fused) in wgmma's swizzled layouts (passes/src/lower/aa_to_as/stage.rs): A 64 x 32 halves
// K-major with the 64-byte swizzle (its rows are 64 bytes: SBO 512, LBO unused, 16), B
// 32 x 64 halves MN-major with the 128-byte swizzle (read with imm-trans-b: LBO 1024 between
// atoms along N, SBO 1024 between 8-row groups of K). Then fence.proxy.async (the wgmma reads
// them through the async proxy), a barrier, wgmma.fence and one m64n64k16 wgmma per 16 of K
// (2), chained, committed and waited for; the second starts 32 bytes into A's rows (a_koff).
// Descriptors: A (16 >> 4) << 16 | (512 >> 4) << 32 | 2 << 62 (64-byte swizzle), as an i64
// -9223371899415756800; B (1024 >> 4) << 16 | (1024 >> 4) << 32 | 1 << 62 (128-byte swizzle)
// = 4611686293309489152. On sm_90 (no wgmma) the same op is mma.sync.

cuda_tile.module @m {
  entry @wg(%pa: tile<64x32xptr<f16>>, %pb: tile<32x64xptr<f16>>, %pc: tile<64x64xptr<f32>>) {
    %a, %t1 = load_ptr_tko weak %pa : tile<64x32xptr<f16>> -> tile<64x32xf16>, token
    %b, %t2 = load_ptr_tko weak %pb : tile<32x64xptr<f16>> -> tile<32x64xf16>, token
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %c = mmaf %a, %b, %z : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %t3 = store_ptr_tko weak %pc, %c : tile<64x64xptr<f32>>, tile<64x64xf32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK: "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 1024 : i64}
// CHECK: "nv_tileas.st"
// CHECK: "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>}
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK: "nv_tileas.wgmma_fence"()
// CHECK: "nv_tileas.wgmma_mma"({{.*}}) {n = 64 : i32, ab_type = "f16", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 1024 : i32, b_sbo = 1024 : i32, trans_b, a_swizzle = 64 : i32, b_swizzle = 128 : i32}
// CHECK: "nv_tileas.wgmma_mma"({{.*}}) {n = 64 : i32, {{.*}}, a_swizzle = 64 : i32, a_koff = 32 : i32, b_swizzle = 128 : i32}
// CHECK-NOT: "nv_tileas.wgmma_mma"
// CHECK: "nv_tileas.wgmma_commit"()
// CHECK-NEXT: "nv_tileas.wgmma_wait"() {pending = 0 : i32}
// CHECK: "nv_tileas.st"({{.*}}) {space = #mem.space<global>

// PTX: .target sm_90a
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync 0;
// PTX: wgmma.fence.sync.aligned;
// PTX: mov.u64 %rd{{[0-9]+}}, -9223371899415756800;
// PTX: mov.u64 %rd{{[0-9]+}}, 4611686293309489152;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f{{[0-9]+}}, {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1, 1, 1, 0, 1;
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX-NOT: wgmma.mma_async
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 0;

// SM90: .target sm_90
// SM90-NOT: wgmma
// SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
