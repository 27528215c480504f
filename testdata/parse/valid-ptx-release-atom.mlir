// RUN: tile-opt %s | tile-opt - | FileCheck %s
// ptx, generic form: the 0-d release handoff one op per PTX instruction (as lower-as-to-ptx
// produces it). Every thread stores, bar.sync orders the stores, then thread 0 alone (a
// predicated branch around the atom to a label) issues atom.release.gpu.global.add.
// CHECK: "ptx.kernel"() ({
// CHECK-NEXT:   [[P0:%[0-9]+]] = "ptx.ld_param"() {index = 0 : i32} : () -> i64
// CHECK-NEXT:   [[DATA:%[0-9]+]] = "ptx.cvta_global"([[P0]]) : (i64) -> i64
// CHECK:        "ptx.bar_sync"() {id = 0 : i32} : () -> ()
// CHECK:        [[NE:%[0-9]+]] = "ptx.setp"([[TID:%[0-9]+]], {{%[0-9]+}}) {cmp = "ne"} : (i32, i32) -> i1
// CHECK-NEXT:   "ptx.bra"([[NE]]) {label = "$L__skip"} : (i1) -> ()
// CHECK-NEXT:   {{%[0-9]+}} = "ptx.atom"({{%[0-9]+}}, {{%[0-9]+}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> i32
// CHECK-NEXT:   "ptx.label"() {name = "$L__skip"} : () -> ()
// CHECK-NEXT:   "ptx.ret"() : () -> ()
// CHECK-NEXT: }) {sym_name = "producer", param_types = [i64, i64], num_threads = 128 : i32} : () -> ()

"ptx.kernel"() ({
  %p0 = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %data = "ptx.cvta_global"(%p0) : (i64) -> i64
  %p1 = "ptx.ld_param"() {index = 1 : i32} : () -> i64
  %flag = "ptx.cvta_global"(%p1) : (i64) -> i64
  %tid = "ptx.mov_sreg"() {reg = "tid.x"} : () -> i32
  %v = "ptx.mov_imm"() {value = 1.0 : f32} : () -> f32
  %addr = "ptx.mad_wide"(%tid, %data) {imm = 4 : i64} : (i32, i64) -> i64
  "ptx.st"(%addr, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i64, f32) -> ()
  %one = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  "ptx.bar_sync"() {id = 0 : i32} : () -> ()
  %zero = "ptx.mov_imm"() {value = 0 : i32} : () -> i32
  %ne = "ptx.setp"(%tid, %zero) {cmp = "ne"} : (i32, i32) -> i1
  "ptx.bra"(%ne) {label = "$L__skip"} : (i1) -> ()
  %old = "ptx.atom"(%flag, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> i32
  "ptx.label"() {name = "$L__skip"} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "producer", param_types = [i64, i64], num_threads = 128 : i32} : () -> ()
