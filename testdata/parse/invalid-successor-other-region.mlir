// RUN: tile-opt %s --verify-diagnostics
// Blocks are local to their region: a branch may not name a block of an enclosing region.

"demo.func"() ({
  "demo.br"()[^outer] : () -> ()
^outer:
  "demo.region"() ({
    // expected-error@+1 {{reference to an undefined block '^outer'}}
    "demo.br"()[^outer] : () -> ()
  }) : () -> ()
}) : () -> ()
