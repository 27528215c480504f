// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// The per-element coordinates of a view load (passes/src/lower/aa_to_as/fold.rs): the column
// of element e of thread t is (e*128 + t) % 256, and with t in 0..128 each element's index
// lies inside one multiple of 256, so the remainder is the index itself and no remui is left;
// the column start is the constant 0, so the column is known non-negative and its sign
// extension is a zero extension. The row start is a block id (any value): its extsi stays.
// In @spans a 2x64 tile on 128 threads: thread t's one element is row t / 64 and column
// t % 64, which span two multiples of 64, so both stay; both are non-negative, so their sign
// extensions are zero extensions.
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
    %t = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %vx = make_tensor_view %x, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %px = make_partition_view %vx : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,?]>>
    %vy = make_tensor_view %y, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %py = make_partition_view %vy : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,?]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %t1 = load_view_tko weak %px[%bx, %zero] token = %t : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<1x256xf32>, token
    %t2 = store_view_tko weak %v, %py[%bx, %zero] token = %t1 : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
  entry @spans(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>) {
    %t = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %vx = make_tensor_view %x, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %px = make_partition_view %vx : partition_view<tile=(2x64), tensor_view<?x?xf32, strides=[?,?]>>
    %vy = make_tensor_view %y, shape = [%n, %n], strides = [%n, %one] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %py = make_partition_view %vy : partition_view<tile=(2x64), tensor_view<?x?xf32, strides=[?,?]>>
    %v, %t1 = load_view_tko weak %px[%zero, %zero] token = %t : partition_view<tile=(2x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<2x64xf32>, token
    %t2 = store_view_tko weak %v, %py[%zero, %zero] token = %t1 : tile<2x64xf32>, partition_view<tile=(2x64), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"
// CHECK-NOT: "nv_tileas.remui"
// CHECK: "nv_tileas.extsi"
// CHECK: "nv_tileas.extui"
// CHECK: "nv_tileas.ld"
// CHECK-NOT: "nv_tileas.remui"
// CHECK: sym_name = "k"
// CHECK: "nv_tileas.divui"
// CHECK: "nv_tileas.remui"
// CHECK: "nv_tileas.extui"
// CHECK: sym_name = "spans"
