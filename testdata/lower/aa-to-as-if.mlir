// lower-aa-to-as, `if` with results: the condition is a 0-d tile (uniform), so an nv_tileas.if
// run by every thread; results are flat scalars (a 256-element tile: two per thread, a 0-d
// tile: one, a token: none). The token result joins what each arm orders: the then arm's elected
// 0-d store, so the n-d store after the if (taking that token) gets a CTA barrier.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @select_tile(%c: tile<i1>, %p: tile<256xptr<i32>>, %flag: tile<ptr<i32>>) {
    %t0 = make_token : token
    %i = iota : tile<256xi32>
    %k = constant <i32: 7> : tile<i32>
    %r, %n, %t = if %c -> (tile<256xi32>, tile<i32>, token) {
      %one = constant <i32: 1> : tile<i32>
      %t1 = store_ptr_tko weak %flag, %one token=%t0 : tile<ptr<i32>>, tile<i32> -> token
      yield %i, %k, %t1 : tile<256xi32>, tile<i32>, token
    } else {
      %sev = constant <i32: 7> : tile<256xi32>
      yield %sev, %k, %t0 : tile<256xi32>, tile<i32>, token
    }
    %t2 = store_ptr_tko weak %p, %r token=%t : tile<256xptr<i32>>, tile<256xi32> -> token
    return
  }
}

// An i1 parameter is passed as an i32 (PTX has no predicate parameters): nonzero is true.
// CHECK: ^bb0([[CP:%arg[0-9]+]]: i32,
// CHECK-NEXT: [[Z0:%[0-9]+]] = "nv_tileas.constant"() {value = 0 : i32}
// CHECK-NEXT: [[C:%[0-9]+]] = "nv_tileas.cmpi"([[CP]], [[Z0]]) {predicate = "ne"} : (i32, i32) -> i1
// The iota's two owned elements per thread (cyclic layout): tid and tid + 128.
// CHECK: [[I0:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[I1:%[0-9]+]] = "nv_tileas.addi"([[I0]]
// CHECK-NEXT: [[K:%[0-9]+]] = "nv_tileas.constant"() {value = 7 : i32}
// CHECK-NEXT: [[R0:%[0-9]+]], [[R1:%[0-9]+]], {{%[0-9]+}} = "nv_tileas.if"([[C]]) ({
// CHECK-NEXT: [[ONE:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.st"(%arg2, [[ONE]])
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "nv_tileas.yield"([[I0]], [[I1]], [[K]]) : (i32, i32, i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: [[SEV:%[0-9]+]] = "nv_tileas.constant"() {value = 7 : i32}
// CHECK-NEXT: "nv_tileas.yield"([[SEV]], [[SEV]], [[K]]) : (i32, i32, i32) -> ()
// CHECK-NEXT: }) : (i1) -> (i32, i32, i32)
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[G0:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[I0]])
// CHECK-NEXT: "nv_tileas.st"([[G0]], [[R0]])
// CHECK-NEXT: [[G1:%[0-9]+]] = "nv_tileas.gep"(%arg1, [[I1]])
// CHECK-NEXT: "nv_tileas.st"([[G1]], [[R1]])
// CHECK-NEXT: "nv_tileas.return"
