// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Symbol references `@name`, including names with `$`/`.`/`_` and quoted names that are not
// bare identifiers (they stay quoted).
// CHECK: "demo.call"() {callee = @kernel, other = @_k$1.v2, quoted = @"with space", list = [@a, @b]} : () -> ()

"demo.holder"() ({
  "demo.call"() {callee = @kernel, other = @_k$1.v2, quoted = @"with space", list = [@a, @b]} : () -> ()
}) : () -> ()
