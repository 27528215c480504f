// Kernels are isolated from above (MLIR's IsolatedFromAbove): a kernel sees its arguments and
// what it defines, nothing of the module around it. A use of an outer value is a located error at
// every level (it used to reach verify-races, which has no model of it, and panic).
// RUN: tile-opt %s --verify-diagnostics

// expected-note@+1 {{the value is defined here}}
%buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  // expected-error@+1 {{operand #0 of 'nv_tileas.ld' is defined outside the enclosing 'nv_tileas.kernel', which is isolated from above (it sees only its arguments and what it defines)}}
  %x = "nv_tileas.ld"(%buf) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  "nv_tileas.st"(%out, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "uses_outer_alloc", num_threads = 128 : i32} : () -> ()

// expected-note@+2 {{the value is defined here}}
// expected-note@+1 {{the value is defined here}}
%c = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
"ptx.kernel"() ({
  // expected-error@+2 {{operand #1 of 'ptx.setp' is defined outside the enclosing 'ptx.kernel', which is isolated from above (it sees only its arguments and what it defines)}}
  // expected-error@+1 {{operand #0 of 'ptx.setp' is defined outside the enclosing 'ptx.kernel', which is isolated from above (it sees only its arguments and what it defines)}}
  %p = "ptx.setp"(%c, %c) {cmp = "eq"} : (i32, i32) -> i1
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_uses_outer", param_types = []} : () -> ()
