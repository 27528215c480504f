// RUN: tile-opt %s --verify-diagnostics
// The parenthesis around an op's region list is never closed: the signature follows the `}`.

"demo.func"() ({
  "demo.if"() ({
    "demo.then"() : () -> ()
  // expected-error@+1 {{expected ',' or ')' after a region; found ':'}}
  } : () -> ()
}) : () -> ()
