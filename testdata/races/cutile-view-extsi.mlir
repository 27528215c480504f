// NVIDIA's view accesses compute their offsets in i64 through `extsi` of an i32 element index
// (passes/src/lower/cuda_tile_expand.rs). The race checker's affine forms see through `extsi`
// (an integer keeps its value), so per-block tiles `bid*16 + k` of a relaxed cluster-scope store
// are disjoint across CTAs: no finding for two ordered stores of each block's tile. Where every
// tile block stores tile 0 and reads it back, the CTAs meet: the read may see another CTA's
// write with nothing ordering them (check 1).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as,verify-races --verify-diagnostics

cuda_tile.module @m {
  entry @per_block(%a: tile<ptr<i32>>, %s: tile<i32>) {
    %s1 = reshape %s : tile<i32> -> tile<1xi32>
    %v = broadcast %s1 : tile<1xi32> -> tile<16xi32>
    %tv = make_tensor_view %a, shape = [1048576], strides = [1] : tensor_view<1048576xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t = store_view_tko relaxed cluster %v, %pv[%x] : tile<16xi32>, partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko relaxed cluster %v, %pv[%x] token = %t : tile<16xi32>, partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @same_tile(%a: tile<ptr<i32>>, %s: tile<i32>, %out: tile<ptr<i32>>) {
    %s1 = reshape %s : tile<i32> -> tile<1xi32>
    %v = broadcast %s1 : tile<1xi32> -> tile<16xi32>
    %tv = make_tensor_view %a, shape = [1048576], strides = [1] : tensor_view<1048576xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA}}
    %t = store_view_tko weak %v, %pv[%zero] : tile<16xi32>, partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>, tile<i32> -> token
    %r, %t2 = load_view_tko weak %pv[%zero] token = %t : partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %to = make_tensor_view %out, shape = [1048576], strides = [1] : tensor_view<1048576xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t3 = store_view_tko weak %r, %po[%x] : tile<16xi32>, partition_view<tile=(16), tensor_view<1048576xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
