// The 0-d release handoff of ARCHITECTURE.md ("Contract by example"), in the cuda_tile custom
// syntax (docs/cuda-tile-syntax.md): the tile block publishes 128 values, then bumps a flag with a
// release atomic at device scope (`device` is NVIDIA's keyword for tilec's gpu scope).
cuda_tile.module @handoff {
  cuda_tile.entry @producer(%data: tile<128xptr<f32>>, %flag: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %v = constant <f32: 1.0> : tile<128xf32>
    %t1 = store_ptr_tko weak %data, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko release device %flag, add, %one token = %t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %t3 = fence_tko acq_rel device token = %t2 : token
    return
  }
}
