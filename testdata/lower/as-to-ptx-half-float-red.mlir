// RUN: tilec %s --no-verify-races | FileCheck %s
// lower-as-to-ptx and print-ptx: `red` and `atom` adds of f16 and bf16 values (PTX ISA, red and
// atom: `.add.noftz.f16` PTX 6.3 / sm_70, `.add.noftz.bf16` PTX 7.8 / sm_90), on global and
// shared memory, through a 16-bit register each (the values are bits in 32-bit registers).

// CHECK-LABEL: .visible .entry half_red(
// CHECK: cvt.u16.u32 %hv, %r{{[0-9]+}};
// CHECK-NEXT: red.relaxed.gpu.global.add.noftz.f16 [%rd{{[0-9]+}}], %hv;
// CHECK-NEXT: }
// CHECK: cvt.u16.u32 %hv, %r{{[0-9]+}};
// CHECK-NEXT: red.release.gpu.global.add.noftz.bf16 [%rd{{[0-9]+}}], %hv;
// CHECK: atom.relaxed.cta.shared.add.noftz.f16 %hd, [%r{{[0-9]+}}], %hv;
// CHECK-NEXT: cvt.u32.u16 %r{{[0-9]+}}, %hd;
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>, %out: !nv_tileas.ptr<global>):
  %h = "nv_tileas.constant"() {value = 1.0 : f16} : () -> f16
  %b = "nv_tileas.constant"() {value = 1.0 : bf16} : () -> bf16
  "nv_tileas.red"(%g, %h) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f16) -> ()
  "nv_tileas.red"(%g, %b) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, bf16) -> ()
  %o = "nv_tileas.atom"(%s, %h) {kind = #mem.rmw<add>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, f16) -> f16
  "nv_tileas.st"(%out, %o) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f16) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "half_red", num_threads = 32 : i32} : () -> ()
