// lower-as-to-ptx: exchange and compare-and-swap of float values print as .b32/.b64 (PTX has
// atom.exch and atom.cas only as bit types; an .f32/.f64 register is a valid operand of them),
// not as `atom.exch.f32`, which ptxas rejects. A float add stays `.f32`.
// RUN: tilec %s --no-verify-races | FileCheck %s

// CHECK-LABEL: .visible .entry float_exchange(
// CHECK: atom.relaxed.gpu.global.exch.b32 %f{{[0-9]+}}, [%rd{{[0-9]+}}], %f{{[0-9]+}};
// CHECK: atom.relaxed.gpu.global.cas.b64 %fd{{[0-9]+}}, [%rd{{[0-9]+}}], %fd{{[0-9]+}}, %fd{{[0-9]+}};
// CHECK: atom.relaxed.gpu.global.add.f32
"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %q: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %v = "nv_tileas.constant"() {value = 1.0 : f32} : () -> f32
  %w = "nv_tileas.constant"() {value = 2.0 : f64} : () -> f64
  %o = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f32) -> f32
  %c = "nv_tileas.atom"(%q, %w, %w) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f64, f64) -> f64
  %a = "nv_tileas.atom"(%p, %o) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f32) -> f32
  "nv_tileas.st"(%out, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "float_exchange", num_threads = 32 : i32} : () -> ()
