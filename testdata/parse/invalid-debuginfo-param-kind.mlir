// RUN: tile-opt %s --verify-diagnostics
// A parameter holds the kind of attribute NVIDIA declares: a compile unit's file is a di_file.

#l = loc("k.py":1:2)
// expected-error@+1 {{'#l' is not a #cuda_tile.di_file}}
#cu = #cuda_tile.di_compile_unit<file = #l>
