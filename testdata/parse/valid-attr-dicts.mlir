// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Dictionary attributes nested as values (three levels), an empty dictionary value, and
// dictionaries inside arrays; key order is kept as written, not sorted.
// CHECK: "demo.dicts"() {z_first = 1 : i32, outer = {b = 2 : i32, a = {inner = {deepest = "yes"}, flag}}, none = {}, list = [{k = 1 : i64}, {k = 2 : i64}]} : () -> ()

"demo.holder"() ({
  "demo.dicts"() {z_first = 1 : i32, outer = {b = 2 : i32, a = {inner = {deepest = "yes"}, flag}},
                  none = {}, list = [{k = 1}, {k = 2}]} : () -> ()
}) : () -> ()
