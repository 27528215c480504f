// lower-as-to-ptx + print-ptx: unsigned division and remainder are PTX's `div.u32` / `rem.u32`
// (and `.u64`) whatever the operands' signs; the signed ones `div.s32` / `rem.s32`.
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
