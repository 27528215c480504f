// RUN: tile-opt %s --verify-diagnostics
// A nested region may not redefine (shadow) a name that is visible from the enclosing region.

"demo.func"() ({
^bb0(%x: i32):
  "demo.region"() ({
    // expected-error@+1 {{redefinition of SSA value '%x'}}
    %x = "demo.b"() : () -> i32
  }) : () -> ()
}) : () -> ()
