// Bad input never panics: operands and results of the wrong type are located errors. Pointer
// operands must be pointers into the space the op works on (and equal to a `space` attribute);
// values and results have the types the op implies.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %s: !nv_tileas.ptr<shared_cta>, %t: !nv_tileas.ptr<tmem>, %v: i32, %f: f32, %b: i1):
  // Accepted.
  %p = "nv_tileas.gep"(%s, %v) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %peer = "nv_tileas.mapa"(%s, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.atom"(%g, %v, %v) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, i32) -> i32
  "nv_tileas.bulk_copy_g2s"(%s, %g, %s) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  %sum = "nv_tileas.addi"(%v, %v) : (i32, i32) -> i32
  %lt = "nv_tileas.cmpi"(%v, %v) {predicate = "slt"} : (i32, i32) -> i1

  // Rejected: pointer spaces.
  // expected-error@+1 {{'ld' has attribute 'space' = 'global', but its pointer operand is a '!nv_tileas.ptr<shared_cta>'; they must name the same space}}
  %a = "nv_tileas.ld"(%s) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  // expected-error@+1 {{'st' operand #0 must be a !nv_tileas.ptr<global> or !nv_tileas.ptr<shared_cta> or !nv_tileas.ptr<shared_cluster> or !nv_tileas.ptr<generic>, but it is 'i32'}}
  "nv_tileas.st"(%v, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i32, i32) -> ()
  // expected-error@+1 {{'ld' operand #0 must be a !nv_tileas.ptr<global> or !nv_tileas.ptr<shared_cta> or !nv_tileas.ptr<shared_cluster> or !nv_tileas.ptr<generic>, but it is '!nv_tileas.ptr<tmem>'}}
  %c = "nv_tileas.ld"(%t) {space = #mem.space<tmem>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<tmem>) -> i32
  // expected-error@+1 {{'gep' result type '!nv_tileas.ptr<global>' must equal the base pointer type '!nv_tileas.ptr<shared_cta>'}}
  %q = "nv_tileas.gep"(%s, %v) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{'gep' operand #1 must be an integer, but it is 'f32'}}
  %q2 = "nv_tileas.gep"(%s, %f) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, f32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{'mapa' result must be a !nv_tileas.ptr<shared_cluster>, but it is '!nv_tileas.ptr<shared_cta>'}}
  %peer2 = "nv_tileas.mapa"(%s, %v) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{'mapa' operand #0 must be a !nv_tileas.ptr<shared_cta>, but it is '!nv_tileas.ptr<global>'}}
  %peer3 = "nv_tileas.mapa"(%g, %v) : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<shared_cluster>
  // expected-error@+1 {{'bulk_copy_s2g' operand #0 must be a !nv_tileas.ptr<global>, but it is '!nv_tileas.ptr<shared_cta>'}}
  "nv_tileas.bulk_copy_s2g"(%s, %s) {bytes = 256 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'st_async' operand #0 must be a !nv_tileas.ptr<shared_cluster>, but it is '!nv_tileas.ptr<shared_cta>'}}
  "nv_tileas.st_async"(%s, %v, %peer) : (!nv_tileas.ptr<shared_cta>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  // expected-error@+1 {{'alloc_shared' result must be a !nv_tileas.ptr<shared_cta>, but it is '!nv_tileas.ptr<global>'}}
  %m = "nv_tileas.alloc_shared"() {size = 64 : i64} : () -> !nv_tileas.ptr<global>
  // Rejected: values and results.
  %tok = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  // expected-error@+1 {{'atom' operand #2 type 'f32' must equal the result type 'i32'}}
  %y = "nv_tileas.atom"(%g, %v, %f) {kind = #mem.rmw<exch>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32, f32) -> i32
  // expected-error@+1 {{'st' operand #1 must be a scalar, but it is '!nv_tileaa.token'}}
  "nv_tileas.st"(%g, %tok) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, !nv_tileaa.token) -> ()
  // expected-error@+1 {{'addi' operands must have one type, but they are 'i32' and 'f32'}}
  %bad = "nv_tileas.addi"(%v, %f) : (i32, f32) -> i32
  // expected-error@+1 {{'addi' result type 'i64' must equal the operand type 'i32'}}
  %bad2 = "nv_tileas.addi"(%v, %v) : (i32, i32) -> i64
  // expected-error@+1 {{'cmpi' result must be i1, but it is 'i32'}}
  %bad3 = "nv_tileas.cmpi"(%v, %v) {predicate = "eq"} : (i32, i32) -> i32
  // expected-error@+1 {{'select' condition must be i1, but it is 'i32'}}
  %bad4 = "nv_tileas.select"(%v, %v, %v) : (i32, i32, i32) -> i32
  // expected-error@+1 {{'thread_id' result must be an integer, but it is 'f32'}}
  %bad5 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> f32
  // expected-error@+1 {{'constant' has a float value, but its result type is 'i32'}}
  %bad6 = "nv_tileas.constant"() {value = 1.5 : f32} : () -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "simt_types"} : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%p: !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, %v: !nv_tileaa.tile<128xf32>, %w: !nv_tileaa.tile<64xf32>, %i: !nv_tileaa.tile<128xi32>):
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %t1 = "nv_tileaa.store_ptr_tko"(%p, %v, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  // expected-error@+1 {{'store_ptr_tko' operand #1 must be a tile<128xf32> matching the pointer tile, but it is '!nv_tileaa.tile<64xf32>'}}
  %t2 = "nv_tileaa.store_ptr_tko"(%p, %w) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<64xf32>) -> !nv_tileaa.token
  // expected-error@+1 {{'load_ptr_tko' result #0 must be a tile<128xf32> matching the pointer tile, but it is '!nv_tileaa.tile<128xi32>'}}
  %x, %t3 = "nv_tileaa.load_ptr_tko"(%p) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>) -> (!nv_tileaa.tile<128xi32>, !nv_tileaa.token)
  // expected-error@+1 {{'load_ptr_tko' operand #0 must be a tile of pointers, but it is '!nv_tileaa.tile<128xf32>'}}
  %y, %t4 = "nv_tileaa.load_ptr_tko"(%v) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128xf32>) -> (!nv_tileaa.tile<128xf32>, !nv_tileaa.token)
  // expected-error@+1 {{'load_ptr_tko' operand #1 must be an i1 mask tile or a token, but it is '!nv_tileaa.tile<128xf32>'}}
  %z, %t5 = "nv_tileaa.load_ptr_tko"(%p, %v) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<128xf32>) -> (!nv_tileaa.tile<128xf32>, !nv_tileaa.token)
  // expected-error@+1 {{'alloc_shared' result must be a tile of !nv_tileaa.ptr<shared_cta, T> or !nv_tileaa.ptr<shared_cluster, T>, but it is '!nv_tileaa.tile<4x!nv_tileaa.ptr<global, f32>>'}}
  %sh = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<4x!nv_tileaa.ptr<global, f32>>
  // expected-error@+1 {{'fence_tko' result #0 must be a token, but it is '!nv_tileaa.tile<128xf32>'}}
  %t6 = "nv_tileaa.fence_tko"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> !nv_tileaa.tile<128xf32>
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa_types"} : () -> ()

"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %r = "ptx.reg"() : () -> i32
  %one = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  %f = "ptx.mov_imm"() {value = 1.0 : f32} : () -> f32
  // expected-error@+1 {{'ld' address operand must be an i64 register for space 'global', but it is 'i32'}}
  %a = "ptx.ld"(%one) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i32) -> i32
  // expected-error@+1 {{'mov' operand #0 must be a register declared by 'ptx.reg'}}
  "ptx.mov"(%one, %one) : (i32, i32) -> ()
  // expected-error@+1 {{'mov' moves a 'f32' into a 'i32' register}}
  "ptx.mov"(%r, %f) : (i32, f32) -> ()
  // expected-error@+1 {{'setp' operands must have one type, but they are 'i32' and 'f32'}}
  %c = "ptx.setp"(%one, %f) {cmp = "lt"} : (i32, f32) -> i1
  // expected-error@+1 {{'bra' predicate must be i1, but it is 'i32'}}
  "ptx.bra"(%one) {label = "$L"} : (i32) -> ()
  "ptx.label"() {name = "$L"} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_types", param_types = [i64]} : () -> ()
