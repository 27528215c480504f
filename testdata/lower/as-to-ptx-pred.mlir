// lower-as-to-ptx: integer ops on i1 values live in predicate registers, where PTX has only
// and/or/xor (PTX ISA, "Logic and Shift Instructions"); `add.s32` or `setp.eq.u32` on a predicate
// register is rejected by ptxas. addi/subi on i1 are xor (modulo 2), muli is and; comparisons
// are logic (true is 1 unsigned and -1 signed). Division and shifts of i1 are located errors
// (as-to-ptx-pred-unsupported.mlir).
// RUN: tilec %s --no-verify-races | FileCheck %s

// CHECK-LABEL: .visible .entry pred_arith(
// CHECK: setp.lt.s32 [[A:%p[0-9]+]],
// CHECK: setp.lt.s32 [[B:%p[0-9]+]],
// CHECK: xor.pred [[S:%p[0-9]+]], [[A]], [[B]];
// CHECK: and.pred [[M:%p[0-9]+]], [[S]], [[A]];
// CHECK: xor.pred [[X:%p[0-9]+]], [[M]], [[B]];
// CHECK-NEXT: mov.pred [[T:%p[0-9]+]], 1;
// CHECK-NEXT: xor.pred [[EQ:%p[0-9]+]], [[X]], [[T]];
// CHECK: mov.pred [[T2:%p[0-9]+]], 1;
// CHECK-NEXT: xor.pred [[NA:%p[0-9]+]], [[A]], [[T2]];
// CHECK-NEXT: and.pred {{%p[0-9]+}}, [[NA]], [[B]];
// CHECK-NOT: add.s32 %p
// CHECK-NOT: setp.{{.*}} %p{{[0-9]+}}, %p
"nv_tileas.kernel"() ({
^bb0(%x: i32, %y: i32, %out: !nv_tileas.ptr<global>):
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %a = "nv_tileas.cmpi"(%x, %c0) {predicate = "slt"} : (i32, i32) -> i1
  %b = "nv_tileas.cmpi"(%y, %c0) {predicate = "slt"} : (i32, i32) -> i1
  %s = "nv_tileas.addi"(%a, %b) : (i1, i1) -> i1
  %m = "nv_tileas.muli"(%s, %a) : (i1, i1) -> i1
  %eq = "nv_tileas.cmpi"(%m, %b) {predicate = "eq"} : (i1, i1) -> i1
  %lt = "nv_tileas.cmpi"(%a, %b) {predicate = "ult"} : (i1, i1) -> i1
  %both = "nv_tileas.andi"(%eq, %lt) : (i1, i1) -> i1
  %v = "nv_tileas.select"(%both, %c1, %c0) : (i1, i32, i32) -> i32
  "nv_tileas.st"(%out, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pred_arith", num_threads = 32 : i32} : () -> ()
