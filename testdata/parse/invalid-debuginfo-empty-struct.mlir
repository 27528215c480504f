// RUN: tile-opt %s --verify-diagnostics
// A struct-form debug-info attribute needs its parameters.

// expected-error@+1 {{expected a parameter name in struct}}
#cu = #cuda_tile.di_compile_unit<>
