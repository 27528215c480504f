// verify-mem-legality: each illegal (semantic, scope) pair and each malformed op is reported at
// its own op, and all of them are reported (the verifier collects, it does not stop at the first).
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %v: i32):
  // Accepted: every family with a legal pair.
  %a = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  %b = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>, i32) -> i32
  "nv_tileas.red"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()

  // expected-error@+1 {{'st' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc}}
  "nv_tileas.st"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'ld' does not accept semantic 'release'; expected one of: weak, relaxed, acquire, sc}}
  %c = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'ld' with semantic 'weak' must not carry a scope}}
  %d = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'atom' with semantic 'relaxed' requires a scope}}
  %e = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<global>, i32) -> i32
  // expected-error@+1 {{'red' does not accept semantic 'sc'; expected one of: relaxed, release}}
  "nv_tileas.red"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  // expected-error@+1 {{'fence' does not accept semantic 'relaxed'; expected one of: acquire, release, acq_rel, sc}}
  "nv_tileas.fence"() {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k"} : () -> ()
