// RUN: tile-opt %s --verify-diagnostics
// An integer literal that does not fit its type (i8 holds -128..255).

// expected-error@+1 {{integer 300 does not fit in i8}}
"demo.op"() {k = 300 : i8} : () -> ()
