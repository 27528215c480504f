// lower-aa-to-as, arithmetic: elementwise on owned elements (two per thread for 256 elements),
// a splat operand contributes its one uniform scalar; comparisons give one i1 per owned
// element and `select` picks per element; 0-d arithmetic and tile-block ids are uniform:
// computed by every thread, no election and no broadcast. Block ids and counts are read once
// in the prologue (`block_id` / `num_blocks`, with `dim`, as the tile's element type).
// `@uniform` states its 128 threads: a kernel of one-element tiles that does not runs on
// thread 0 alone (aa-to-as-one-thread.mlir).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX

cuda_tile.module @m {
  entry @elementwise(%p: tile<256xptr<f32>>, %q: tile<256xptr<i32>>, %s: tile<f32>) {
    %x, %t1 = load_ptr_tko weak %p : tile<256xptr<f32>> -> tile<256xf32>, token
    %s1 = reshape %s : tile<f32> -> tile<1xf32>
    %ss = broadcast %s1 : tile<1xf32> -> tile<256xf32>
    %y = mulf %x, %ss : tile<256xf32>
    %z = maxf %y, %x : tile<256xf32>
    %pos = cmpf greater_than ordered %z, %ss : tile<256xf32> -> tile<256xi1>
    %r = select %pos, %z, %ss : tile<256xi1>, tile<256xf32>
    %t2 = store_ptr_tko weak %p, %r token=%t1 : tile<256xptr<f32>>, tile<256xf32> -> token
    %i = iota : tile<256xi32>
    %three = constant <i32: 3> : tile<256xi32>
    %d = divi %i, %three signed : tile<256xi32>
    %m = remi %i, %three unsigned : tile<256xi32>
    %e = xori %d, %m : tile<256xi32>
    %t3 = store_ptr_tko weak %q, %e : tile<256xptr<i32>>, tile<256xi32> -> token
    return
  }
  entry @uniform(%out: tile<ptr<i64>>, %n: tile<i32>) attributes {num_threads = 128 : i32} {
    %bx = get_tile_block_id {dim = 0 : i32} : tile<i32>
    %by = get_tile_block_id {dim = 1 : i32} : tile<i32>
    %nx = get_num_tile_blocks {dim = 0 : i32} : tile<i32>
    %lin = muli %by, %nx : tile<i32>
    %id = addi %lin, %bx : tile<i32>
    %lt = cmpi less_than %id, %n, signed : tile<i32> -> tile<i1>
    %z = constant <i32: 0> : tile<i32>
    %sel = select %lt, %id, %z : tile<i1>, tile<i32>
    %bz = get_tile_block_id {dim = 2 : i32} : tile<i64>
    %t = store_ptr_tko relaxed device %out, %bz : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}

// CHECK: [[X0:%[0-9]+]] = "nv_tileas.ld"
// CHECK: [[X1:%[0-9]+]] = "nv_tileas.ld"
// CHECK-NEXT: [[Y0:%[0-9]+]] = "nv_tileas.mulf"([[X0]], %arg2) : (f32, f32) -> f32
// CHECK-NEXT: [[Y1:%[0-9]+]] = "nv_tileas.mulf"([[X1]], %arg2)
// CHECK-NEXT: [[Z0:%[0-9]+]] = "nv_tileas.maxf"([[Y0]], [[X0]])
// CHECK-NEXT: [[Z1:%[0-9]+]] = "nv_tileas.maxf"([[Y1]], [[X1]])
// CHECK-NEXT: [[C0:%[0-9]+]] = "nv_tileas.cmpf"([[Z0]], %arg2) {predicate = "ogt"} : (f32, f32) -> i1
// CHECK-NEXT: [[C1:%[0-9]+]] = "nv_tileas.cmpf"([[Z1]], %arg2) {predicate = "ogt"}
// CHECK-NEXT: [[R0:%[0-9]+]] = "nv_tileas.select"([[C0]], [[Z0]], %arg2) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[R1:%[0-9]+]] = "nv_tileas.select"([[C1]], [[Z1]], %arg2)
// The store back through the loaded tile takes its token: same tile, no barrier.
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, [[R0]])
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, [[R1]])
// CHECK-NEXT: [[THREE:%[0-9]+]] = "nv_tileas.constant"() {value = 3 : i32}
// CHECK-NEXT: [[D0:%[0-9]+]] = "nv_tileas.divsi"({{%[0-9]+}}, [[THREE]])
// CHECK-NEXT: [[D1:%[0-9]+]] = "nv_tileas.divsi"({{%[0-9]+}}, [[THREE]])
// CHECK-NEXT: [[M0:%[0-9]+]] = "nv_tileas.remui"({{%[0-9]+}}, [[THREE]])
// CHECK-NEXT: [[M1:%[0-9]+]] = "nv_tileas.remui"({{%[0-9]+}}, [[THREE]])
// CHECK-NEXT: "nv_tileas.xori"([[D0]], [[M0]])
// CHECK-NEXT: "nv_tileas.xori"([[D1]], [[M1]])
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: }) {sym_name = "elementwise"

// CHECK: [[BX:%[0-9]+]] = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
// CHECK-NEXT: [[BY:%[0-9]+]] = "nv_tileas.block_id"() {dim = 1 : i32} : () -> i32
// CHECK-NEXT: [[NX:%[0-9]+]] = "nv_tileas.num_blocks"() {dim = 0 : i32} : () -> i32
// CHECK-NEXT: [[BZ:%[0-9]+]] = "nv_tileas.block_id"() {dim = 2 : i32} : () -> i64
// CHECK-NEXT: [[LIN:%[0-9]+]] = "nv_tileas.muli"([[BY]], [[NX]])
// CHECK-NEXT: [[ID:%[0-9]+]] = "nv_tileas.addi"([[LIN]], [[BX]])
// CHECK-NEXT: [[LT:%[0-9]+]] = "nv_tileas.cmpi"([[ID]], %arg1) {predicate = "slt"}
// CHECK-NEXT: [[Z:%[0-9]+]] = "nv_tileas.constant"() {value = 0 : i32}
// CHECK-NEXT: "nv_tileas.select"([[LT]], [[ID]], [[Z]]) : (i1, i32, i32) -> i32
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.st"(%arg0, [[BZ]]) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i64) -> ()

// The PTX shows the float compare and select (one selp), signed division, the
// unsigned remainder by a constant (multiply-high, shift, multiply back, subtract),
// special registers, and the 64-bit %ctaid.z (zero-extended).
// PTX-LABEL: .visible .entry elementwise(
// PTX: max.f32
// PTX: setp.gt.f32 [[P:%p[0-9]+]], [[A:%f[0-9]+]], [[S:%f[0-9]+]];
// PTX: selp.f32 {{%f[0-9]+}}, [[A]], [[S]], [[P]];
// PTX: div.s32
// PTX: mul.hi.u32
// PTX: shr.u32
// PTX: mul.lo.s32
// PTX: sub.s32
// PTX: xor.b32
// PTX-LABEL: .visible .entry uniform(
// PTX: mov.u32 {{%r[0-9]+}}, %ctaid.x;
// PTX-NEXT: mov.u32 {{%r[0-9]+}}, %ctaid.y;
// PTX-NEXT: mov.u32 {{%r[0-9]+}}, %nctaid.x;
// PTX-NEXT: mov.u32 [[Z32:%r[0-9]+]], %ctaid.z;
// PTX-NEXT: mov.u64 [[ZERO:%rd[0-9]+]], 0;
// PTX-NEXT: mad.wide.u32 [[Z64:%rd[0-9]+]], [[Z32]], 1, [[ZERO]];
// PTX: st.relaxed.gpu.global.u64 [{{%rd[0-9]+}}], [[Z64]];
