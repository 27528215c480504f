// The `streaming` cache hint (PTX's `.cs`) on loads and stores, at every level that has it. PTX
// has the cache operators only on weak accesses (`ld{.weak}{.ss}{.cop}…`; the relaxed, acquire,
// release and volatile forms have none), and tilec writes `.cs` only on global ones; it is a
// hint (PTX ISA "Cache Operators": it does not change the memory consistency behavior).
// RUN: tile-opt %s --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%p: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %v: !cuda_tile.tile<i32>):
    // Accepted.
    %a, %t1 = "cuda_tile.load_ptr_tko"(%p) {mem_semantic = #mem.sem<weak>, streaming} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t2 = "cuda_tile.store_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<weak>, streaming} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> !cuda_tile.token
    // expected-error@+1 {{'load_ptr_tko' with 'streaming' must be weak, not 'acquire' (PTX has the '.cs' cache operator only on weak accesses)}}
    %b, %t3 = "cuda_tile.load_ptr_tko"(%p) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>, streaming} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "tile_level"} : () -> ()
}) : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%p: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, %v: !nv_tileaa.tile<128xf32>):
  // expected-error@+1 {{'store_ptr_tko' with 'streaming' must be weak, not 'release'}}
  %t = "nv_tileaa.store_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>, streaming} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_level"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>):
  %a = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, streaming} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'ld' with 'streaming' must be weak, not 'relaxed'}}
  %b = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>, streaming} : (!nv_tileas.ptr<global>) -> i32
  // expected-error@+1 {{'st' with 'streaming' must access global memory, not 'shared_cta'}}
  "nv_tileas.st"(%s, %a) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>, streaming} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "as_level"} : () -> ()

"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %g = "ptx.cvta_global"(%p) : (i64) -> i64
  %a = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, streaming} : (i64) -> i32
  "ptx.st"(%g, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, streaming} : (i64, i32) -> ()
  // expected-error@+1 {{'st' with 'streaming' must be weak, not 'release'}}
  "ptx.st"(%g, %a) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>, streaming} : (i64, i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = [i64]} : () -> ()
