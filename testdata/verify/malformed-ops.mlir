// The op-definition checks: unknown ops of a known dialect, wrong operand counts, regions where
// none belong, attributes of the wrong kind and missing attributes are located errors.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %v: i32):
  // expected-error@+1 {{unknown op 'nv_tileas.frobnicate' in dialect 'nv_tileas'}}
  "nv_tileas.frobnicate"() : () -> ()
  // expected-error@+1 {{'st' takes 2 operands, but 1 were given}}
  "nv_tileas.st"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> ()
  // expected-error@+1 {{'barrier' does not take regions, but 1 were given}}
  "nv_tileas.barrier"() ({
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{attribute 'mem_semantic' of 'ld' must be a #mem.sem attribute, but it is a #mem.scope attribute}}
  %a = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'atom' requires attribute 'kind' (a #mem.rmw attribute)}}
  %b = "nv_tileas.atom"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  // expected-error@+1 {{'nv_tileas.return' must be the last op of its block}}
  "nv_tileas.return"() : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
}) {sym_name = "k"} : () -> ()
