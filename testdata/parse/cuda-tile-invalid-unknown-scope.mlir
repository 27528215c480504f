// RUN: tile-opt %s --verify-diagnostics
// An unknown scope keyword (neither NVIDIA's tl_blk/device/sys nor tilec's cta/cluster/gpu/sys).

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %t: token, %one: tile<i32>, %c: tile<i1>) {
    // expected-error@+1 {{unknown memory scope 'global'; expected one of: tl_blk, device, sys, cta, cluster, gpu}}
    %t1 = store_ptr_tko release global %p, %one : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
