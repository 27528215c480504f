// RUN: tile-opt %s --verify-diagnostics
// Two blocks with the same label in one region.

"demo.func"() ({
  "demo.br"()[^bb1] : () -> ()
// expected-note@+1 {{previously defined here}}
^bb1:
  "demo.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "demo.return"() : () -> ()
}) : () -> ()
