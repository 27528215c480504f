// The value types an atomic takes are PTX's (PTX ISA, atom/red): 32- or 64-bit values; on floats
// only add and exchange (and compare-and-swap, which move bits: atom.exch.b32 on an .f32
// register); inc and dec only on 32-bit integers. Anything else is a located error, at every
// level, instead of `atom.and.f32` or `atom.inc.u64`, which ptxas rejects.
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>, %q: !cuda_tile.tile<4x!cuda_tile.ptr<i64>>, %f: !cuda_tile.tile<4xf32>, %i: !cuda_tile.tile<4xi64>, %t: !cuda_tile.token):
    // Accepted: exchange and add on floats.
    %o1, %t1 = "cuda_tile.atomic_rmw_tko"(%p, %f, %t) {kind = #mem.rmw<exch>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !cuda_tile.tile<4xf32>, !cuda_tile.token) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
    %o2, %t2 = "cuda_tile.atomic_rmw_tko"(%p, %f, %t) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !cuda_tile.tile<4xf32>, !cuda_tile.token) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' 'and' on 'f32' values: on floats PTX has only the atomic add and exchange (and compare-and-swap)}}
    %o3, %t3 = "cuda_tile.atomic_rmw_tko"(%p, %f, %t) {kind = #mem.rmw<and>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !cuda_tile.tile<4xf32>, !cuda_tile.token) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' 'max' on 'f32' values: on floats PTX has only the atomic add and exchange (and compare-and-swap)}}
    %o4, %t4 = "cuda_tile.atomic_rmw_tko"(%p, %f, %t) {kind = #mem.rmw<max>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !cuda_tile.tile<4xf32>, !cuda_tile.token) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' 'umin' on 'f32' values: on floats PTX has only the atomic add and exchange (and compare-and-swap)}}
    %o4u, %t4u = "cuda_tile.atomic_rmw_tko"(%p, %f, %t) {kind = #mem.rmw<umin>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<f32>>, !cuda_tile.tile<4xf32>, !cuda_tile.token) -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)
    // expected-error@+1 {{'atomic_rmw_tko' 'inc' on 'i64' values: PTX has atomic inc and dec only on 32-bit integers (atom.inc.u32)}}
    %o5, %t5 = "cuda_tile.atomic_rmw_tko"(%q, %i, %t) {kind = #mem.rmw<inc>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.tile<4x!cuda_tile.ptr<i64>>, !cuda_tile.tile<4xi64>, !cuda_tile.token) -> (!cuda_tile.tile<4xi64>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_atomics"} : () -> ()
}) {sym_name = "m"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %f: f64, %b: i1):
  %o1 = "nv_tileas.atom"(%p, %f) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f64) -> f64
  // expected-error@+1 {{'red' 'xor' on 'f64' values: on floats PTX has only the atomic add and exchange (and compare-and-swap)}}
  "nv_tileas.red"(%p, %f) {kind = #mem.rmw<xor>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, f64) -> ()
  // expected-error@+1 {{'atom' 'add' on 'i1' values: atomics take 32- or 64-bit values}}
  %o2 = "nv_tileas.atom"(%p, %b) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i1) -> i1
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_atomics"} : () -> ()
