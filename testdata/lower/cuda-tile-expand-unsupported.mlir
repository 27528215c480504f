// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics
// What the view expansion does not handle yet is a located error naming the op: a view that does
// not reach its access directly (through an `if`, a loop, a call).

cuda_tile.module @m {
  entry @through_if(%a: tile<ptr<f32>>, %n: tile<i32>, %c: tile<i1>) {
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %q = if %c -> (partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>) {
      yield %pv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    } else {
      yield %pv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    }
    // expected-error@+1 {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.load_view_tko' yet: its view must come from make_partition_view (or make_strided_view) of make_tensor_view, in this kernel}}
    %v, %t = load_view_tko weak %q[%n] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}
