// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics
// What the view expansion does not handle yet is a located error naming the op: views of rank
// other than 1, and a view that does not reach its access directly.

cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>, %c: tile<i1>) {
    %tv = make_tensor_view %a, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x16), tensor_view<?x16xf32, strides=[16,1]>>
    // expected-error@+1 {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.load_view_tko' yet: views of rank 2 are not supported yet (rank 1 is)}}
    %v, %t = load_view_tko weak %pv[%n, %n] : partition_view<tile=(4x16), tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x16xf32>, token
    return
  }
  entry @through_if(%a: tile<ptr<f32>>, %n: tile<i32>, %c: tile<i1>) {
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %q = if %c -> (partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>) {
      yield %pv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    } else {
      yield %pv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    }
    // expected-error@+1 {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.load_view_tko' yet: its view must come from make_partition_view of make_tensor_view, in this kernel}}
    %v, %t = load_view_tko weak %q[%n] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}
