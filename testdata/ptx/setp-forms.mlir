// print-ptx: every comparison spelling `ptx.setp` accepts has its exact PTX form: signed and
// unsigned integer compares (MLIR and PTX spellings), ordered and unordered float compares.
// RUN: tilec %s | FileCheck %s

"ptx.kernel"() ({
  %a = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  %b = "ptx.mov_imm"() {value = 2 : i32} : () -> i32
  %x = "ptx.mov_imm"() {value = 1.0 : f32} : () -> f32
  %p0 = "ptx.setp"(%a, %b) {cmp = "slt"} : (i32, i32) -> i1
  %p1 = "ptx.setp"(%a, %b) {cmp = "lt"} : (i32, i32) -> i1
  %p2 = "ptx.setp"(%a, %b) {cmp = "ult"} : (i32, i32) -> i1
  %p3 = "ptx.setp"(%a, %b) {cmp = "hs"} : (i32, i32) -> i1
  %p4 = "ptx.setp"(%a, %b) {cmp = "ne"} : (i32, i32) -> i1
  %p5 = "ptx.setp"(%x, %x) {cmp = "olt"} : (f32, f32) -> i1
  %p6 = "ptx.setp"(%x, %x) {cmp = "ult"} : (f32, f32) -> i1
  %p7 = "ptx.setp"(%x, %x) {cmp = "uno"} : (f32, f32) -> i1
  "ptx.ret"() : () -> ()
}) {sym_name = "cmps", param_types = []} : () -> ()

// CHECK: setp.lt.s32 %p1, %r1, %r2;
// CHECK-NEXT: setp.lt.s32 %p2, %r1, %r2;
// CHECK-NEXT: setp.lt.u32 %p3, %r1, %r2;
// CHECK-NEXT: setp.ge.u32 %p4, %r1, %r2;
// CHECK-NEXT: setp.ne.u32 %p5, %r1, %r2;
// CHECK-NEXT: setp.lt.f32 %p6, %f1, %f1;
// CHECK-NEXT: setp.ltu.f32 %p7, %f1, %f1;
// CHECK-NEXT: setp.nan.f32 %p8, %f1, %f1;
