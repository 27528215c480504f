// RUN: tilec %s -o - | FileCheck %s
// NVIDIA's masks on the pointer memory ops (lower-aa-to-as, passes/src/lower/aa_to_as/memory.rs):
// a distributed access is guarded by its element's mask (and'ed with the in-range mask when the
// tile does not fill the threads); a masked-off load element is the padding value; a 0-d access
// runs in the elected thread under `if mask`.

cuda_tile.module @m {
  entry @k(%f: tile<128xptr<f32>>, %g: tile<128xptr<f32>>, %p: tile<ptr<i32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %i = iota : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %m = cmpi less_than %i, %nb, signed : tile<128xi32> -> tile<128xi1>
    %pad = constant <f32: -1.0> : tile<128xf32>
    %v, %t1 = load_ptr_tko weak %f, %m, %pad token=%t0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %t2 = store_ptr_tko weak %g, %v, %m token=%t0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %c = cmpi less_than %zero, %n, signed : tile<i32> -> tile<i1>
    %o, %t3 = atomic_rmw_tko acq_rel device %p, add, %one, %c token=%t0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    return
  }
}

// The load: padding -1.0, guarded by the mask element.
// CHECK: setp.lt.s32 %[[M:p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK: mov.f32 %[[PAD:f[0-9]+]], 0fBF800000;
// CHECK: @!%[[M]] bra $[[ELSE:L__tilec_[0-9]+]];
// CHECK: ld.global.f32
// CHECK: $[[ELSE]]:
// CHECK-NEXT: mov.f32 %f{{[0-9]+}}, %[[PAD]];
// The store: the same mask, nothing in the other arm.
// CHECK: @!%[[M]] bra
// CHECK-NEXT: mad.wide.u32
// CHECK-NEXT: st.global.f32
// The atomic: elected thread 0, then the 0-d mask.
// CHECK: setp.lt.s32 %[[C:p[0-9]+]],
// CHECK: setp.ne.u32 %[[E:p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-NEXT: @%[[E]] bra
// CHECK-NEXT: @!%[[C]] bra
// CHECK-NEXT: atom.acq_rel.gpu.global.add.u32
