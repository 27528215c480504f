// NVIDIA's strided_view type (13.3, type tag 21: tile shape, traversal strides, tensor view,
// dim_map, padding) and make_strided_view: the custom syntax reads and prints them, the bytecode
// writer writes them and the reader takes them back (cuTile's own export of a strided view:
// testdata/cutile/strided_views.tilebc); bytecode before 13.3 has no strided view.
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.2 -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %tv = make_tensor_view %a, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %sv = make_strided_view %tv : strided_view<tile=(2x64), traversal_strides=[1,64], padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t1 = load_view_tko weak %sv[%x, %c0] token = %t0 : strided_view<tile=(2x64), traversal_strides=[1,64], padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<2x64xf32>, token
    return
  }
}
// CHECK: make_strided_view %{{[0-9a-z_]+}} : strided_view<tile=(2x64), traversal_strides=[1,64], padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>
// CHECK: load_view_tko weak %{{[0-9a-z_]+}}[%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}] token = %{{[0-9a-z_]+}} : strided_view<tile=(2x64), traversal_strides=[1,64], padding_value = zero, tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<2x64xf32>, token
// OLD: error: 'make_strided_view' needs bytecode 13.3, not 13.2
