// RUN: tilec %s -o - | FileCheck %s
// NVIDIA's reduce (passes/src/lower/aa_to_as/reduce.rs): each thread folds its owned elements
// with the body (past the tile's end: the identity), a butterfly of warp shuffles combines each
// warp, lane 0 stores the warp's result, a CTA barrier, and every thread folds the four warps'
// slots in order. A (1, N) row reduces like a 1-d tile. 64-bit values take one slot per thread
// and a loop over the slots.

cuda_tile.module @m {
  entry @rowmax(%p: tile<1x200xptr<f32>>, %out: tile<ptr<f32>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<1x200xptr<f32>> -> tile<1x200xf32>, token
    %r = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<1x200xf32> -> tile<1xf32> (%e: tile<f32>, %a: tile<f32>) {
      %m = maxf %e, %a : tile<f32>
      yield %m : tile<f32>
    }
    %s = reshape %r : tile<1xf32> -> tile<f32>
    %t2 = store_ptr_tko weak %out, %s token=%t1 : tile<ptr<f32>>, tile<f32> -> token
    return
  }
  entry @sum64(%p: tile<256xptr<i64>>, %out: tile<ptr<i64>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<256xptr<i64>> -> tile<256xi64>, token
    %r = reduce %x dim=0 identities=[0 : i64] : tile<256xi64> -> tile<i64> (%e: tile<i64>, %a: tile<i64>) {
      %m = addi %e, %a : tile<i64>
      yield %m : tile<i64>
    }
    %t2 = store_ptr_tko weak %out, %r token=%t1 : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}

// 200 elements over 128 threads: the second element of threads 72.. is past the end: the
// identity (-inf) is selected instead.
// CHECK-LABEL: .entry rowmax(
// CHECK: max.f32
// CHECK: max.f32
// CHECK: shfl.sync.bfly.b32 %[[S16:f[0-9]+]], %[[A:f[0-9]+]], 16, 31, -1;
// CHECK-NEXT: max.f32 %{{f[0-9]+}}, %[[S16]], %[[A]];
// CHECK: shfl.sync.bfly.b32 %{{f[0-9]+}}, %{{f[0-9]+}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 %{{f[0-9]+}}, %{{f[0-9]+}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 %{{f[0-9]+}}, %{{f[0-9]+}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 %{{f[0-9]+}}, %{{f[0-9]+}}, 1, 31, -1;
// CHECK: st.shared.f32
// CHECK: bar.sync 0;
// CHECK-COUNT-4: ld.shared.f32
// CHECK-LABEL: .entry sum64(
// CHECK-NOT: shfl
// CHECK: st.shared.u64
// CHECK: bar.sync 0;
// CHECK: ld.shared.u64
// CHECK: add.s64
