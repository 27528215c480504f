// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Dense integer arrays `array<i32: ...>` and `array<i64: ...>`, including empty ones, negative
// values and the extremes of each element type.
// CHECK: "demo.dense"() {cluster_dims = array<i32: 2, 1, 1>, warps = array<i32: 0, 1>, empty32 = array<i32>, empty64 = array<i64>, neg = array<i64: -1, -9223372036854775808, 9223372036854775807>, ext = array<i32: -2147483648, 2147483647>} : () -> ()

"demo.holder"() ({
  "demo.dense"() {cluster_dims = array<i32: 2, 1, 1>, warps = array<i32: 0, 1>, empty32 = array<i32>,
                  empty64 = array<i64>, neg = array<i64: -1, -9223372036854775808, 9223372036854775807>,
                  ext = array<i32: -2147483648, 2147483647>} : () -> ()
}) : () -> ()
