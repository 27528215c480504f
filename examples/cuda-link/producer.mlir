// The tilec half of examples/cuda-link: a 128-thread tile block stores 1.0 into its 128 floats,
// then one thread bumps a flag with a release atomic at device scope. `tilec --emit llvm
// --device-functions` writes it as `void producer(i64 data, i64 flag)`, which device.cu calls.
cuda_tile.module @handoff {
  cuda_tile.entry @producer(%data: tile<128xptr<f32>>, %flag: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %v = constant <f32: 1.0> : tile<128xf32>
    %t1 = store_ptr_tko weak %data, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko release device %flag, add, %one token = %t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
