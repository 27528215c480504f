// C[0:64, 0:8] = A[0:64, 0:32] @ B[0:32, 0:8] on sm_90a, loaded through partition views: the
// loads are fused into the mmaf's staging (passes/src/lower/aa_to_as/fused.rs, copy.rs). A's
// 64x16 tiles are 128 16-byte chunks, one cp.async per thread; B's 16x8 tiles are 16 chunks, so
// threads 16.. copy none of them: B goes through ld.global.b128/st.shared.b128 under a test of
// the chunk existing. The loop is unswitched on whether the views allow chunks (here they do:
// strides 64 and 1, aligned buffers); the other copy loads element by element.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); a, b: f16[64*64], c: f32[64*64], row-major.
cuda_tile.module @fused_copy {
  entry @fused_copy(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t = make_token : token
    %n = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %va = make_tensor_view %a, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %vb = make_tensor_view %b, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf16, strides=[?,?]>
    %vc = make_tensor_view %c, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %pa = make_partition_view %va : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pb = make_partition_view %vb : partition_view<tile=(16x8), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>
    %pc = make_partition_view %vc : partition_view<tile=(64x8), tensor_view<?x?xf32, strides=[?,?]>>
    %acc0 = constant <f32: 0.000000e+00> : tile<64x8xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %acc0) -> (tile<64x8xf32>) {
      %x, %t1 = load_view_tko weak %pa[%zero, %k] token = %t : partition_view<tile=(64x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<64x16xf16>, token
      %y, %t2 = load_view_tko weak %pb[%k, %zero] token = %t : partition_view<tile=(16x8), padding_value = zero, tensor_view<?x?xf16, strides=[?,?]>>, tile<i32> -> tile<16x8xf16>, token
      %m = mmaf %x, %y, %acc : tile<64x16xf16>, tile<16x8xf16>, tile<64x8xf32>
      continue %m : tile<64x8xf32>
    }
    %s = store_view_tko weak %r, %pc[%zero, %zero] token = %t : tile<64x8xf32>, partition_view<tile=(64x8), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}
