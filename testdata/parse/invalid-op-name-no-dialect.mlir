// RUN: tile-opt %s --verify-diagnostics
// Op names must be `dialect.op`.

// expected-error@+1 {{op name 'return' must have the form 'dialect.op'}}
"return"() : () -> ()
