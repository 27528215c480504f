// RUN: tile-opt %s --verify-diagnostics
// A `!` type without a `dialect.name` spelling.

"demo.func"() ({
  // expected-error@+1 {{unknown type '!foo'}}
  %x = "demo.op"() : () -> !foo
}) : () -> ()
