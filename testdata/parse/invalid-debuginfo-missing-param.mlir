// RUN: tile-opt %s --verify-diagnostics
// di_subprogram requires its linkageName (the function name the verifier compares).

#file = #cuda_tile.di_file<"k.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<file = #file>
// expected-error@+1 {{struct is missing required parameter: linkageName}}
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", compileUnit = #cu>
