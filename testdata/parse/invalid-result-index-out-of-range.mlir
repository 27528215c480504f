// RUN: tile-opt %s --verify-diagnostics
// `%p#2` names a third result of a two-result group.

"demo.func"() ({
  %p:2 = "demo.pair"() : () -> (i32, i32)
  // expected-error@+1 {{'%p#2' does not exist: '%p' names 2 values}}
  "demo.use"(%p#2) : (i32) -> ()
}) : () -> ()
