// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Every memory semantic spelling: #mem.sem<weak|relaxed|acquire|release|acq_rel|sc>, on
// nv_tileas loads, stores, atomics and fences.
// CHECK: "nv_tileas.st"(%arg0, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK: "nv_tileas.ld"(%arg0) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}
// CHECK: "nv_tileas.ld"(%arg0) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK: "nv_tileas.st"(%arg0, {{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
// CHECK: "nv_tileas.atom"(%arg0, {{%[0-9]+}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>}
// CHECK: "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>):
  %v = "nv_tileas.constant"() {value = 7 : i32} : () -> i32
  "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  %a = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  %b = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.st"(%p, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  %c = "nv_tileas.atom"(%p, %b) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "all_semantics", num_threads = 32 : i32} : () -> ()
