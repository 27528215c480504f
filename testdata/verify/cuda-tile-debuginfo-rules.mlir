// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's debug-info rules (dialects/src/cuda_tile/debug_rules.rs), with NVIDIA's messages: a
// function's scope is a subprogram named as the function, not a call site; its ops' scopes
// are its subprogram (a lexical block's is its enclosing one's); a module's non-function ops
// have none.

#file = #cuda_tile.di_file<"k.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#other = #cuda_tile.di_subprogram<file = #file, line = 9, name = "o", linkageName = "o", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3, column = 4>
#l = loc("/src/k.py":7:8)
#dl = #cuda_tile.di_loc<#l in #sp>
#db = #cuda_tile.di_loc<#l in #blk>
#do = #cuda_tile.di_loc<#l in #other>

cuda_tile.module @m {
  // Accepted: the ops' scopes (the subprogram itself, a block of it, through a name or a fused
  // location) are the function's.
  entry @k() {
    %a = constant <i32: 1> : tile<i32> loc(#db)
    %b = constant <i32: 1> : tile<i32> loc("n"(#dl))
    return loc(fused[#l, #db])
  } loc(#dl)

  // expected-error@+1 {{Function location must have cuda_tile.di_subprogram debug info scope}}
  entry @block_scoped() {
    return
  } loc(#db)

  // expected-error@+1 {{Function name "renamed" does not match subprogram scope linkage name "k"}}
  entry @renamed() {
    return
  } loc(#dl)

  // expected-error@+1 {{Function location must not be a CallSiteLoc}}
  entry @called() {
    return
  } loc(callsite(#l at #dl))

  entry @unscoped() {
    // expected-error@+1 {{Operation has debug info scope, but function debug info scope is undefined}}
    return loc(#dl)
  } loc(unknown)

  entry @o() {
    %c = constant <i1: true> : tile<i1>
    if %c {
      // expected-error@+1 {{Operation debug info scope does not match function debug info scope}}
      yield loc(callsite(#l at #db))
    }
    return
  } loc(#do)

  // expected-error@+1 {{Global variables must not have scope}}
  "some.op"() : () -> () loc(#dl)
}
