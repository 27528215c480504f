// lower-as-to-ptx + print-ptx: unsigned division and remainder are PTX's `div.u32` / `rem.u32`
// (and `.u64`) whatever the operands' signs; the signed ones `div.s32` / `rem.s32`. By a constant
// (kernel `by_constant`), unsigned division is a multiply-high and shifts (3: mulhi + shr; 7: the
// variant with an add; 8: a shift, and the remainder a mask), as C compilers emit it: ptxas
// turns `div.u32`/`rem.u32` even by an immediate into its generic reciprocal sequence.
// RUN: tilec %s --no-verify-races | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>, %a: i32, %b: i32, %c: i64, %d: i64):
  %q = "nv_tileas.divui"(%a, %b) : (i32, i32) -> i32
  %r = "nv_tileas.remui"(%q, %b) : (i32, i32) -> i32
  %s = "nv_tileas.divsi"(%r, %a) : (i32, i32) -> i32
  %t = "nv_tileas.remsi"(%s, %b) : (i32, i32) -> i32
  %w = "nv_tileas.remui"(%c, %d) : (i64, i64) -> i64
  %v = "nv_tileas.divui"(%w, %d) : (i64, i64) -> i64
  "nv_tileas.st"(%out, %t) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  %p8 = "nv_tileas.gep"(%out, %b) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%p8, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 32 : i32} : () -> ()

// CHECK-LABEL: .visible .entry k(
// CHECK: div.u32 [[Q:%r[0-9]+]], {{%r[0-9]+}}, [[B:%r[0-9]+]];
// CHECK-NEXT: rem.u32 [[R:%r[0-9]+]], [[Q]], [[B]];
// CHECK-NEXT: div.s32 [[S:%r[0-9]+]], [[R]], {{%r[0-9]+}};
// CHECK-NEXT: rem.s32 {{%r[0-9]+}}, [[S]], [[B]];
// CHECK-NEXT: rem.u64 [[W:%rd[0-9]+]], {{%rd[0-9]+}}, [[D:%rd[0-9]+]];
// CHECK-NEXT: div.u64 {{%rd[0-9]+}}, [[W]], [[D]];

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>, %x: i32):
  %c3 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %c7 = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  %c8 = "nv_tileas.constant"() {value = 8 : i32} : () -> i32
  %a = "nv_tileas.remui"(%x, %c3) : (i32, i32) -> i32
  %b = "nv_tileas.divui"(%a, %c7) : (i32, i32) -> i32
  %c = "nv_tileas.divui"(%b, %c8) : (i32, i32) -> i32
  %d = "nv_tileas.remui"(%c, %c8) : (i32, i32) -> i32
  "nv_tileas.st"(%out, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "by_constant", num_threads = 32 : i32} : () -> ()

// CHECK-LABEL: .visible .entry by_constant(
// CHECK-NOT: div.
// CHECK-NOT: rem.
// CHECK: mov.u32 [[M3:%r[0-9]+]], -1431655765;
// CHECK-NEXT: mul.hi.u32 [[H3:%r[0-9]+]], [[X:%r[0-9]+]], [[M3]];
// CHECK-NEXT: mov.u32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: shr.u32 [[Q3:%r[0-9]+]], [[H3]], [[ONE]];
// CHECK-NEXT: mov.u32 [[THREE:%r[0-9]+]], 3;
// CHECK-NEXT: mul.lo.s32 [[P3:%r[0-9]+]], [[Q3]], [[THREE]];
// CHECK-NEXT: sub.s32 [[A:%r[0-9]+]], [[X]], [[P3]];
// CHECK-NEXT: mov.u32 [[M7:%r[0-9]+]], 613566757;
// CHECK-NEXT: mul.hi.u32 [[H7:%r[0-9]+]], [[A]], [[M7]];
// CHECK-NEXT: sub.s32 [[D7:%r[0-9]+]], [[A]], [[H7]];
// CHECK: shr.u32
// CHECK-NEXT: add.s32
// CHECK: shr.u32 [[B:%r[0-9]+]],
// CHECK: shr.u32 [[C:%r[0-9]+]], [[B]],
// CHECK: and.b32 {{%r[0-9]+}}, [[C]],
// CHECK: ret;

// The same at 64 bits (kernel `by_constant64`): the shift amounts are .u32 registers, as PTX's
// shr takes them whatever the width shifted (an i64 amount was an internal compiler error,
// found by the program generator, docs/fuzzing.md).
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>, %x: i64):
  %c3 = "nv_tileas.constant"() {value = 3 : i64} : () -> i64
  %c7 = "nv_tileas.constant"() {value = 7 : i64} : () -> i64
  %c8 = "nv_tileas.constant"() {value = 8 : i64} : () -> i64
  %a = "nv_tileas.remui"(%x, %c3) : (i64, i64) -> i64
  %b = "nv_tileas.divui"(%a, %c7) : (i64, i64) -> i64
  %c = "nv_tileas.divui"(%b, %c8) : (i64, i64) -> i64
  %d = "nv_tileas.remui"(%c, %c8) : (i64, i64) -> i64
  "nv_tileas.st"(%out, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "by_constant64", num_threads = 32 : i32} : () -> ()

// CHECK-LABEL: .visible .entry by_constant64(
// CHECK-NOT: div.
// CHECK-NOT: rem.
// CHECK: mul.hi.u64 [[H3:%rd[0-9]+]],
// CHECK-NEXT: mov.u32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: shr.u64 {{%rd[0-9]+}}, [[H3]], [[ONE]];
// CHECK: mul.hi.u64
// CHECK-NEXT: sub.s64
// CHECK-NEXT: mov.u32 [[ONE2:%r[0-9]+]], 1;
// CHECK-NEXT: shr.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[ONE2]];
// CHECK-NEXT: add.s64
// CHECK-NEXT: mov.u32 [[S7:%r[0-9]+]], 2;
// CHECK-NEXT: shr.u64 [[B:%rd[0-9]+]], {{%rd[0-9]+}}, [[S7]];
// CHECK-NEXT: mov.u32 [[S8:%r[0-9]+]], 3;
// CHECK-NEXT: shr.u64 [[C:%rd[0-9]+]], [[B]], [[S8]];
// CHECK: and.b64 {{%rd[0-9]+}}, [[C]],
// CHECK: ret;
