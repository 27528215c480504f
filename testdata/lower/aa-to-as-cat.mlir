// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// cat along the outermost dimension (passes/src/lower/aa_to_as/tiles.rs, `lower_cat`): the
// flattened result is the first operand then the second. Two one-element tiles (cuTile's
// `ct.cat((v.reshape((1,)), ct.ones((1,))), 0)`): thread t's element is a select on t < 1; two
// 128-element tiles on 128 threads: each thread keeps its own elements of both, no select.

cuda_tile.module @m {
  entry @pair(%p: tile<ptr<i32>>, %q: tile<2xptr<i32>>) {
    %v, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    %a = reshape %v : tile<i32> -> tile<1xi32>
    %b = constant <i32: 1> : tile<1xi32>
    %c = cat %a, %b dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>
    %t2 = store_ptr_tko weak %q, %c token=%t : tile<2xptr<i32>>, tile<2xi32> -> token
    return
  }
  entry @halves(%p: tile<128xptr<f32>>, %q: tile<256xptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<128xptr<f32>> -> tile<128xf32>, token
    %w = negf %v : tile<128xf32>
    %c = cat %v, %w dim = 0 : tile<128xf32>, tile<128xf32> -> tile<256xf32>
    %t2 = store_ptr_tko weak %q, %c token=%t : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[ONE:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK: [[FIRST:%[0-9]+]] = "nv_tileas.cmpi"([[TID]], {{%[0-9]+}}) {predicate = "ult"}
// CHECK-NEXT: [[X:%[0-9]+]] = "nv_tileas.select"([[FIRST]], {{%[0-9]+}}, [[ONE]])
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[X]])
// CHECK-LABEL: {sym_name = "pair"
// CHECK-NOT: select
// CHECK: [[V:%[0-9]+]] = "nv_tileas.ld"
// CHECK-NEXT: [[W:%[0-9]+]] = "nv_tileas.negf"([[V]])
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[V]])
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[W]])
