// lower-aa-to-as, reshape and broadcast of distributed tiles: a reshape keeps each thread's
// owned scalars (the blocked layout runs over the row-major flattened order, which a reshape does
// not change), so a reshaped pointer tile is still the same layout for the barrier rule (the load
// through `reshape %q` after the store through %q needs no barrier). A broadcast is lowered
// where each thread already owns the source of every result element it owns: 128x1 → 128x2 on
// 128 threads gives thread t row t (elements 2t, 2t+1), both copies of source element t.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @shapes(%p: tile<128xptr<f32>>, %q: tile<128x2xptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %col = reshape %v : tile<128xf32> -> tile<128x1xf32>
    %wide = broadcast %col : tile<128x1xf32> -> tile<128x2xf32>
    %t2 = store_ptr_tko weak %q, %wide : tile<128x2xptr<f32>>, tile<128x2xf32> -> token
    %flat = reshape %q : tile<128x2xptr<f32>> -> tile<256xptr<f32>>
    %w, %t3 = load_ptr_tko weak %flat token=%t2 : tile<256xptr<f32>> -> tile<256xf32>, token
    return
  }
}

// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[I0:%[0-9]+]] = "nv_tileas.muli"([[TID]]
// CHECK: [[I1:%[0-9]+]] = "nv_tileas.addi"([[I0]]
// CHECK-NEXT: [[A:%[0-9]+]] = "nv_tileas.gep"(%arg0, [[TID]])
// CHECK-NEXT: [[V:%[0-9]+]] = "nv_tileas.ld"([[A]])
// CHECK-NEXT: [[Q0:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[I0]])
// CHECK-NEXT: "nv_tileas.st"([[Q0]], [[V]])
// CHECK-NEXT: [[Q1:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[I1]])
// CHECK-NEXT: "nv_tileas.st"([[Q1]], [[V]])
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.ld"
// CHECK: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
