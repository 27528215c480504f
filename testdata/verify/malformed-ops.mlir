// The op-definition checks: unknown ops of a known dialect (every tilec dialect), wrong operand
// and result counts, regions where none belong, attributes of the wrong kind and missing
// attributes are located errors. An op of an unknown dialect passes (as with
// --allow-unregistered-dialect).
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %v: i32):
  // expected-error@+1 {{unknown op 'nv_tileas.frobnicate' in dialect 'nv_tileas'}}
  "nv_tileas.frobnicate"() : () -> ()
  // expected-error@+1 {{'st' takes 2 operands, but 1 were given}}
  "nv_tileas.st"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> ()
  // expected-error@+1 {{'ld' has 1 result, but 2 were declared}}
  %x, %y = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> (i32, i32)
  // expected-error@+1 {{'mbarrier_try_wait' takes 2 operands, but 0 were given}}
  %z = "nv_tileas.mbarrier_try_wait"() : () -> i1
  // expected-error@+1 {{'barrier' does not take regions, but 1 were given}}
  "nv_tileas.barrier"() ({
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  // expected-error@+1 {{attribute 'mem_semantic' of 'ld' must be a #mem.sem attribute, but it is a #mem.scope attribute}}
  %a = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{attribute 'mem_scope' of 'atom' must be a #mem.scope attribute, but it is an integer}}
  %c = "nv_tileas.atom"(%p, %v) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = 3 : i32} : (!nv_tileas.ptr<global>, i32) -> i32
  // expected-error@+1 {{'atom' requires attribute 'kind' (a #mem.rmw attribute)}}
  %b = "nv_tileas.atom"(%p, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> i32
  // Unknown dialects pass.
  "demo.anything"(%p) {x = 1 : i32} : (!nv_tileas.ptr<global>) -> ()
  // expected-error@+1 {{'nv_tileas.return' must be the last op of its block}}
  "nv_tileas.return"() : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
}) {sym_name = "k"} : () -> ()

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
    // expected-error@+1 {{unknown op 'cuda_tile.frobnicate' in dialect 'cuda_tile'}}
    "cuda_tile.frobnicate"() : () -> ()
    // expected-error@+1 {{'make_token' has 1 result, but 0 were declared}}
    "cuda_tile.make_token"() : () -> ()
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileaa.kernel"() ({
  // expected-error@+1 {{unknown op 'nv_tileaa.frobnicate' in dialect 'nv_tileaa'}}
  "nv_tileaa.frobnicate"() : () -> ()
  // expected-error@+1 {{'fence_tko' requires attribute 'mem_semantic' (a #mem.sem attribute)}}
  %t = "nv_tileaa.fence_tko"() : () -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"ptx.kernel"() ({
  // expected-error@+1 {{unknown op 'ptx.frobnicate' in dialect 'ptx'}}
  "ptx.frobnicate"() : () -> ()
  // expected-error@+1 {{'bar_sync' requires attribute 'id' (an integer)}}
  "ptx.bar_sync"() : () -> ()
  // expected-error@+1 {{'ret' does not take regions, but 1 were given}}
  "ptx.ret"() ({}) : () -> ()
}) {sym_name = "ptx_level", param_types = []} : () -> ()

// expected-error@+1 {{'kernel' attribute 'min_ctas_per_sm' must be in 1..=32 (.minnctapersm), but it is 64}}
"ptx.kernel"() ({
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_occupancy", param_types = [], min_ctas_per_sm = 64 : i32} : () -> ()
