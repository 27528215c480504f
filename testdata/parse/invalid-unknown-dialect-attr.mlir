// RUN: tile-opt %s --verify-diagnostics
// An attribute of the #mem family must be one of its five kinds. Another dialect's attribute
// (`#foo.bar<x>`, NVIDIA's `#cuda_tile.bounded<0, ?>`) is kept as written for its dialect to read:
// see testdata/parse/opaque-dialect-attr.mlir.

// expected-error@+1 {{unknown attribute '#mem.bogus'}}
"demo.op"() {k = #mem.bogus<x>} : () -> ()
