// lower-aa-to-as, reshape and broadcast of distributed tiles: a reshape keeps each thread's
// owned scalars (the cyclic layout runs over the row-major flattened order, which a reshape does
// not change), so a reshaped pointer tile is still the same layout for the barrier rule (the load
// through `reshape %q` after the store through %q needs no barrier). A broadcast is lowered
// where each thread already owns the source of every result element it owns: 1x128 → 2x128 on
// 128 threads gives thread t column t of both rows (elements t and 128+t), both copies of source
// element t.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @shapes(%p: tile<128xptr<f32>>, %q: tile<2x128xptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %row = reshape %v : tile<128xf32> -> tile<1x128xf32>
    %tall = broadcast %row : tile<1x128xf32> -> tile<2x128xf32>
    %t2 = store_ptr_tko weak %q, %tall : tile<2x128xptr<f32>>, tile<2x128xf32> -> token
    %flat = reshape %q : tile<2x128xptr<f32>> -> tile<256xptr<f32>>
    %w, %t3 = load_ptr_tko weak %flat token=%t2 : tile<256xptr<f32>> -> tile<256xf32>, token
    return
  }
}

// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[C128:%[0-9]+]] = "nv_tileas.constant"() {value = 128 : i32}
// CHECK-NEXT: [[I1:%[0-9]+]] = "nv_tileas.addi"([[TID]], [[C128]])
// CHECK-NEXT: [[A:%[0-9]+]] = "nv_tileas.gep"(%arg0, [[TID]])
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.ld"([[A]])
// CHECK-NEXT: [[Q0:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[TID]])
// CHECK-NEXT: "nv_tileas.st"([[Q0]], [[V]])
// CHECK-NEXT: [[Q1:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[I1]])
// CHECK-NEXT: "nv_tileas.st"([[Q1]], [[V]])
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.ld"
// CHECK: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
