// RUN: tile-opt %s --passes lower-cuda-tile-to-aa | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// The `streaming` cache hint (passes/src/lower/streaming.rs): a weak view access outside any
// loop whose indices are constants and block ids naming every block-id dimension the kernel
// reads touches its own tile in each block, once; it is marked `streaming` and printed with the
// `.cs` cache operator (`ld.global.cs`, `st.global.cs`). Everything else keeps the default.

cuda_tile.module @m {
  // A row per block (softmax, layernorm): the row's load and store stream; the weights every
  // block reads (index 0) do not.
  entry @rows(%a: tile<ptr<f32>>, %r: tile<i32>, %c: tile<i32>, %rs: tile<i32>, %w: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [%r, %c], strides = [%rs, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %bx = assume bounded<0, ?>, %x : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t = load_view_tko weak %pv[%bx, %c0] : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %tw = make_tensor_view %w, shape = [%c], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pw = make_partition_view %tw : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %u, %t1 = load_view_tko weak %pw[%c0] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %u2 = reshape %u : tile<128xf32> -> tile<1x128xf32>
    %s = addf %v, %u2 : tile<1x128xf32>
    %to = make_tensor_view %o, shape = [%r, %c], strides = [%rs, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %po = make_partition_view %to : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
    %t2 = store_view_tko weak %s, %po[%x, %c0] : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  // The kernel reads block id y, but the access indexes by x alone: blocks of one x and
  // different y read the same tile.
  entry @shared_along_y(%a: tile<ptr<f32>>, %n: tile<i32>, %o: tile<ptr<f32>>) {
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %v, %t = load_view_tko weak %pv[%x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %to = make_tensor_view %o, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %t2 = store_view_tko weak %v, %po[%y] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // In a loop a block may touch a tile again; an index computed from the block id is not
  // followed; a relaxed access has no cache operator in PTX.
  entry @kept(%a: tile<ptr<f32>>, %n: tile<i32>, %o: tile<ptr<f32>>, %g: tile<ptr<i32>>, %k: tile<i32>) {
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %to = make_tensor_view %o, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %tl = for %i in (%zero to %k, step %one) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %v, %t = load_view_tko weak %pv[%x] token = %tk : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
      %t2 = store_view_tko weak %v, %po[%x] token = %t : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      continue %t2 : token
    }
    %x2 = addi %x, %one : tile<i32>
    %v2, %t3 = load_view_tko weak %pv[%x2] token = %tl : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %ti = make_tensor_view %g, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>
    %f, %t4 = load_view_tko relaxed device %pi[%x] token = %t3 : partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<1xi32>, token
    return
  }
}

// CHECK-LABEL: "nv_tileaa.kernel"
// CHECK: "nv_tileaa.load_ptr_tko"({{.*}}) {mem_semantic = #mem.sem<weak>, streaming}
// CHECK: "nv_tileaa.load_ptr_tko"({{.*}}) {mem_semantic = #mem.sem<weak>} :
// CHECK: "nv_tileaa.store_ptr_tko"({{.*}}) {mem_semantic = #mem.sem<weak>, streaming}
// CHECK-LABEL: "nv_tileaa.kernel"
// CHECK-NOT: streaming
// CHECK-LABEL: "nv_tileaa.kernel"
// CHECK-NOT: streaming
// CHECK: "nv_tileaa.return"

// PTX-LABEL: .entry rows(
// PTX: ld.global.cs.f32
// PTX: ld.global.f32
// PTX: st.global.cs.f32
// PTX-LABEL: .entry shared_along_y(
// PTX-NOT: .cs.
// PTX-LABEL: .entry kept(
// PTX-NOT: .cs.
// PTX: ret;
