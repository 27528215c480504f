// lower-aa-to-as, `for`: uniform bounds, so an nv_tileas.for run by every thread; the body's
// arguments are the induction variable and the carried values as flat scalars (a token: none; a
// 0-d tile: one; a distributed tile: one per owned element). A token carried around the loop
// keeps `Owners(p)` across the back edge only when p is built outside the loop: then a
// load/store pair through p needs no barrier in any iteration; a pointer tile built inside the
// loop (here sliding by the induction variable, so thread t overwrites in iteration i+1 what
// thread t+1 wrote in iteration i) gets a barrier inside the loop.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @same_tile(%p: tile<128xptr<i32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %t = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %v, %t1 = load_ptr_tko weak %p token=%tk : tile<128xptr<i32>> -> tile<128xi32>, token
      %w = addi %v, %v : tile<128xi32>
      %t2 = store_ptr_tko weak %p, %w token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> token
      continue %t2 : token
    }
    return
  }
  entry @sliding(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %lane = iota : tile<128xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %t = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%tk = %t0) -> (token) {
      %i1 = reshape %i : tile<i32> -> tile<1xi32>
      %is = broadcast %i1 : tile<1xi32> -> tile<128xi32>
      %idx = addi %lane, %is : tile<128xi32>
      %q = offset %pb, %idx : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
      %t1 = store_ptr_tko weak %q, %lane token=%tk : tile<128xptr<i32>>, tile<128xi32> -> token
      continue %t1 : token
    }
    return
  }
  entry @accumulate(%p: tile<256xptr<f32>>, %out: tile<256xptr<f32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc0 = constant <f32: 0.0> : tile<256xf32>
    %v, %t1 = load_ptr_tko weak %p : tile<256xptr<f32>> -> tile<256xf32>, token
    %acc, %cnt = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%a = %acc0, %c = %zero) -> (tile<256xf32>, tile<i32>) {
      %a2 = addf %a, %v : tile<256xf32>
      %c2 = addi %c, %one : tile<i32>
      continue %a2, %c2 : tile<256xf32>, tile<i32>
    }
    %t2 = store_ptr_tko weak %out, %acc : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
}

// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[ZERO:%[0-9]+]] = "nv_tileas.constant"() {value = 0 : i32}
// CHECK-NEXT: [[ONE:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: "nv_tileas.for"([[ZERO]], %arg1, [[ONE]]) ({
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.ld"
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.st"
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK-NEXT: }) : (i32, i32, i32) -> ()
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "same_tile"

// CHECK: [[TID2:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: "nv_tileas.for"({{.*}}) ({
// CHECK-NEXT: ^bb0([[IV:%arg[0-9]+]]: i32):
// CHECK-NEXT: [[X:%[0-9]+]] = "nv_tileas.addi"([[TID2]], [[IV]])
// CHECK-NEXT: [[Q:%[0-9]+]] = "nv_tileas.gep"(%arg0, [[X]])
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.st"([[Q]], [[TID2]])
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK: }) {sym_name = "sliding"

// A 256-element accumulator (two scalars per thread) and a 0-d counter carried by the loop.
// CHECK: [[ZI:%[0-9]+]] = "nv_tileas.constant"() {value = 0 : i32}
// CHECK-NEXT: [[STEP:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: [[Z:%[0-9]+]] = "nv_tileas.constant"() {value = 0.0 : f32}
// CHECK: [[V0:%[0-9]+]] = "nv_tileas.ld"
// CHECK: [[V1:%[0-9]+]] = "nv_tileas.ld"
// CHECK-NEXT: [[R0:%[0-9]+]], [[R1:%[0-9]+]], {{%[0-9]+}} = "nv_tileas.for"([[ZI]], %arg2, [[STEP]], [[Z]], [[Z]], [[ZI]]) ({
// CHECK-NEXT: ^bb0({{%arg[0-9]+}}: i32, [[A0:%arg[0-9]+]]: f32, [[A1:%arg[0-9]+]]: f32, [[C:%arg[0-9]+]]: i32):
// CHECK-NEXT: [[S0:%[0-9]+]] = "nv_tileas.addf"([[A0]], [[V0]])
// CHECK-NEXT: [[S1:%[0-9]+]] = "nv_tileas.addf"([[A1]], [[V1]])
// CHECK-NEXT: [[C2:%[0-9]+]] = "nv_tileas.addi"([[C]], [[STEP]])
// CHECK-NEXT: "nv_tileas.yield"([[S0]], [[S1]], [[C2]]) : (f32, f32, i32) -> ()
// CHECK-NEXT: }) : (i32, i32, i32, f32, f32, i32) -> (f32, f32, i32)
// CHECK-NEXT: [[G0:%[0-9]+]] = "nv_tileas.gep"(%arg1
// CHECK-NEXT: "nv_tileas.st"([[G0]], [[R0]])
// CHECK-NEXT: [[G1:%[0-9]+]] = "nv_tileas.gep"(%arg1
// CHECK-NEXT: "nv_tileas.st"([[G1]], [[R1]])
