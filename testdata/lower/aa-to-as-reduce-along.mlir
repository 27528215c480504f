// lower-aa-to-as, a `reduce` that keeps a dimension ((8, 64) -> (64) along 0; cuTile's
// `ct.sum(t, axis=0)`): the input goes to its shared-memory image (each thread stores its
// owned elements at their flat index, then a CTA barrier), and each thread folds the 8 elements
// of the column of each result element it owns, in row order, from the image (unrolled: 8 is
// within the unrolling bound; a longer line is an nv_tileas.for). The result is distributed
// like any 64-element tile. On the GPU: testdata/cutile/tile_reductions.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX

cuda_tile.module @m {
  entry @colsum(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x64), tensor_view<8x64xf32, strides=[64,1]>>, tile<i32> -> tile<8x64xf32>, token
    %s = reduce %x dim=0 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<64xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %r = addf %a, %b : tile<f32>
      yield %r : tile<f32>
    }
    %ov = make_tensor_view %q, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t2 = store_view_tko weak %s, %op[%c0] token = %t : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// CHECK: "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 16 : i64}
// CHECK: [[Z:%[0-9]+]] = "nv_tileas.constant"() {value = 0.0 : f32}
// CHECK-COUNT-4: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK: [[X0:%[0-9]+]] = "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NEXT: [[A0:%[0-9]+]] = "nv_tileas.addf"([[X0]], [[Z]])
// CHECK: [[X1:%[0-9]+]] = "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NEXT: [[A1:%[0-9]+]] = "nv_tileas.addf"([[X1]], [[A0]])
// CHECK-COUNT-6: "nv_tileas.addf"
// CHECK-NOT: "nv_tileas.addf"
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>

// PTX: st.shared.f32
// PTX: bar.sync 0;
// PTX: ld.shared.f32
// PTX: add.f32
