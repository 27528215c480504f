// RUN: tile-opt %s --verify-diagnostics
// A branch to a block that the region never defines.

"demo.func"() ({
  // expected-error@+1 {{reference to an undefined block '^missing'}}
  "demo.br"()[^missing] : () -> ()
^exit:
  "demo.return"() : () -> ()
}) : () -> ()
