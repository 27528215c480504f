// RUN: tilec %s | FileCheck %s
// RUN: not tilec %s --ptx-isa 8.2 2>&1 | FileCheck %s --check-prefix=ISA82
// 128-bit values (i128) are moved whole: `.reg .b128`, `ld.global.b128`, `st.shared.b128` and a
// `mov.b128` of a constant, all PTX ISA 8.3 (the `.version` follows; an older --ptx-isa is a
// located error).

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>):
  %s = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %p = "nv_tileas.gep"(%s, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %q = "nv_tileas.gep"(%g, %tid) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %z = "nv_tileas.constant"() {value = 0 : i128} : () -> i128
  "nv_tileas.st"(%p, %z) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i128) -> ()
  %v = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i128
  "nv_tileas.st"(%p, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i128) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 32 : i32} : () -> ()

// CHECK: .version 8.3
// CHECK: .reg .b128 %q<3>;
// CHECK: mov.b128 %q1, 0;
// CHECK-NEXT: st.shared.b128 [%r{{[0-9]+}}], %q1;
// CHECK-NEXT: ld.global.b128 %q2, [%rd{{[0-9]+}}];
// CHECK-NEXT: st.shared.b128 [%r{{[0-9]+}}], %q2;

// ISA82: b128.mlir:13:3: error: 'constant' of a 128-bit value (.b128) needs PTX ISA 8.3 (form 'b128'), but --ptx-isa is 8.2
// ISA82: b128.mlir:14:3: error: 'st' of a 128-bit value (.b128) needs PTX ISA 8.3 (form 'b128'), but --ptx-isa is 8.2
// ISA82: b128.mlir:15:3: error: 'ld' of a 128-bit value (.b128) needs PTX ISA 8.3 (form 'b128'), but --ptx-isa is 8.2
