// RUN: tile-opt %s --verify-diagnostics
// A use of a value that is never defined anywhere.

"demo.func"() ({
  // expected-error@+1 {{use of undefined value '%nope'}}
  "demo.use"(%nope) : (i32) -> ()
}) : () -> ()
