// NVIDIA's gather_scatter_view type (13.3, type tag 20: tile shape, tensor view, sparse
// dimension, padding) and make_gather_scatter_view: the custom syntax reads and prints them
// (`sparse_dim=0`, a number), the bytecode writer writes them and the reader takes them back
// (cuTile's own export: testdata/cutile/gather_rows.tilebc); bytecode before 13.3 has none.
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.2 -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>, %r: tile<ptr<i32>>) {
    %t0 = make_token : token
    %tr = make_tensor_view %r, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pr = make_partition_view %tr : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %rows, %t1 = load_view_tko weak %pr[%c0] token = %t0 : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, sparse_dim=0>
    %v, %t2 = load_view_tko weak %gv[%rows, %c0] token = %t1 : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x64xf32>, token
    return
  }
}
// CHECK: make_gather_scatter_view %{{[0-9a-z_]+}} : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, sparse_dim = 0>
// CHECK: load_view_tko weak %{{[0-9a-z_]+}}[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] token = %{{[0-9a-z_]+}} : gather_scatter_view<tile=(8x64), padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>, sparse_dim = 0>, tile<8xi32>, tile<i32> -> tile<8x64xf32>, token
// OLD: error: 'make_gather_scatter_view' needs bytecode 13.3, not 13.2
