// RUN: tile-opt %s --verify-diagnostics
// A dense i32 array element that does not fit in i32.

// expected-error@+1 {{'3000000000' does not fit in i32}}
"demo.op"() {warps = array<i32: 0, 3000000000>} : () -> ()
