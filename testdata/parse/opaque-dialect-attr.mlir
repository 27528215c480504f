// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt - | FileCheck %s
// An attribute of a dialect other than #mem is kept as its name and the text between its
// brackets (nested brackets included) and printed back unchanged.

// CHECK: "demo.op"() {a = #foo.bar<x>, b = #cuda_tile.bounded<0, ?>, c = #cuda_tile.hints<sm_90 = {a = <1>}>, d = #foo.unit} : () -> ()
"demo.op"() {a = #foo.bar<x>, b = #cuda_tile.bounded<0, ?>, c = #cuda_tile.hints<sm_90 = {a = <1>}>, d = #foo.unit} : () -> ()
