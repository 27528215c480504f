// RUN: tile-opt %s --verify-diagnostics
// Properties must close with `}>`.

"builtin.module"() ({
  // expected-error@+1 {{expected '>' after the properties; found '({'}}
  "builtin.module"() <{sym_name = "a"} ({
  }) : () -> ()
}) : () -> ()
