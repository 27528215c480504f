// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Every atomic operation spelling: #mem.rmw<add|and|or|xor|max|min|exch|inc|dec>.
// CHECK: {kind = #mem.rmw<add>,
// CHECK: {kind = #mem.rmw<and>,
// CHECK: {kind = #mem.rmw<or>,
// CHECK: {kind = #mem.rmw<xor>,
// CHECK: {kind = #mem.rmw<max>,
// CHECK: {kind = #mem.rmw<min>,
// CHECK: {kind = #mem.rmw<exch>,
// CHECK: {kind = #mem.rmw<inc>,
// CHECK: {kind = #mem.rmw<dec>,

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %v: i32):
  %0 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %1 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<and>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %2 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<or>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %3 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<xor>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %4 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<max>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %5 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<min>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %6 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %7 = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<inc>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  "nv_tileas.red"(%p, %v) {kind = #mem.rmw<dec>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "all_rmw_kinds"} : () -> ()
