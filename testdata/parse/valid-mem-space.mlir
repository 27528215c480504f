// RUN: tile-opt %s --target sm_100a | tile-opt - --target sm_100a | FileCheck %s
// Every state space spelling: #mem.space<global|shared_cta|shared_cluster|tmem|generic>, as
// access spaces and as a fence's sync_restrict space.
// CHECK: {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK: {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK: {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>}
// CHECK: "nv_tileas.tcgen05_ld"(%arg3) {space = #mem.space<tmem>} : (!nv_tileas.ptr<tmem>) -> f32
// CHECK: {space = #mem.space<generic>, mem_semantic = #mem.sem<weak>}
// CHECK: "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>, %c: !nv_tileas.ptr<shared_cluster>, %t: !nv_tileas.ptr<tmem>, %x: !nv_tileas.ptr<generic>):
  %v = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.st"(%s, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.st"(%c, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
  %f = "nv_tileas.tcgen05_ld"(%t) {space = #mem.space<tmem>} : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.st"(%x, %v) {space = #mem.space<generic>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<generic>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "all_spaces"} : () -> ()
