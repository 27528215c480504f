// RUN: tile-opt %s --verify-diagnostics
// The same SSA name defined twice in one region.

"demo.func"() ({
  // expected-note@+1 {{previously defined here}}
  %x = "demo.a"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "demo.b"() : () -> i32
}) : () -> ()
