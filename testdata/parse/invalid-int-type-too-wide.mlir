// RUN: tile-opt %s --verify-diagnostics
// Integer types wider than 128 bits are not supported.

// expected-error@+1 {{integer type 'i129' must have a width between 1 and 128}}
"demo.op"() {t = i129} : () -> ()
