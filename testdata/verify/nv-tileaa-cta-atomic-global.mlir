// The address-space warning: an atomic with scope cta on global memory orders it only with the
// threads of the same CTA. Legal (NVIDIA's cuda_tile allows tl_blk atomics on global memory, and
// a location one CTA owns needs no more), so a warning and exit status 0; --Werror makes it an
// error. On nv_tileaa (the pointer tile's space) and nv_tileas (the access's space).
// RUN: tile-opt %s --verify-diagnostics
// RUN: tilec %s --emit nv_tileaa 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not tilec %s --Werror --emit nv_tileaa 2>&1 | FileCheck %s
// WARN: warning: 'atomic_rmw_tko' with scope 'cta' on global memory orders it only with threads of the same CTA; other CTAs may observe it unordered (use scope 'gpu' if the location is shared between CTAs)
// WARN: "nv_tileaa.kernel"
// CHECK: error: 'atomic_rmw_tko' with scope 'cta' on global memory orders it only with threads of the same CTA
// CHECK: error: 'atomic_cas_tko' with scope 'cta' on global memory
// CHECK: error: 'atom' with scope 'cta' on global memory
// CHECK: error: 'red' with scope 'cta' on global memory
// CHECK-NOT: warning:

"nv_tileaa.kernel"() ({
^bb0(%g: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, %v: !nv_tileaa.tile<i32>):
  // No warning: gpu scope on global memory; cta scope on the CTA's own shared memory.
  %o1, %t1 = "nv_tileaa.atomic_rmw_tko"(%g, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  %s = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<!nv_tileaa.ptr<shared_cta, i32>>
  %o2, %t2 = "nv_tileaa.atomic_rmw_tko"(%s, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileaa.tile<!nv_tileaa.ptr<shared_cta, i32>>, !nv_tileaa.tile<i32>) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  // expected-warning@+1 {{'atomic_rmw_tko' with scope 'cta' on global memory orders it only with threads of the same CTA; other CTAs may observe it unordered (use scope 'gpu' if the location is shared between CTAs)}}
  %o3, %t3 = "nv_tileaa.atomic_rmw_tko"(%g, %v) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  // expected-warning@+1 {{'atomic_cas_tko' with scope 'cta' on global memory}}
  %o4, %t4 = "nv_tileaa.atomic_cas_tko"(%g, %v, %v) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : (!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>, !nv_tileaa.tile<i32>, !nv_tileaa.tile<i32>) -> (!nv_tileaa.tile<i32>, !nv_tileaa.token)
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>, %v: i32):
  %a = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  %b = "nv_tileas.atom"(%s, %v) {kind = #mem.rmw<add>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i32
  // expected-warning@+1 {{'atom' with scope 'cta' on global memory}}
  %c = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<global>, i32) -> i32
  // expected-warning@+1 {{'red' with scope 'cta' on global memory}}
  "nv_tileas.red"(%g, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_level"} : () -> ()
