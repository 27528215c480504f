// RUN: tile-opt %s | tile-opt - | FileCheck %s
// ptx, generic form: the consumer of the handoff. Thread 0 spins on an acquire load of the flag
// (a label, a backward predicated branch), a shared-memory flag word and a mutable register
// (ptx.reg / ptx.mov) carry the result to the CTA, and fence.acq_rel.cluster plus bar.sync
// order the data load after it.
// CHECK: "ptx.shared_decl"() {symbol = "seen_flag", size = 4 : i64, align = 4 : i64} : () -> ()
// CHECK: "ptx.label"() {name = "$L__spin"} : () -> ()
// CHECK-NEXT: [[SEEN:%[0-9]+]] = "ptx.ld"({{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
// CHECK-NEXT: [[LT:%[0-9]+]] = "ptx.setp"([[SEEN]], {{%[0-9]+}}) {cmp = "lt"} : (i32, i32) -> i1
// CHECK-NEXT: "ptx.bra"([[LT]]) {label = "$L__spin"} : (i1) -> ()
// CHECK-NEXT: "ptx.mov"([[R:%[0-9]+]], [[SEEN]]) : (i32, i32) -> ()
// CHECK: "ptx.red"({{%[0-9]+}}, [[R]]) {kind = #mem.rmw<max>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (i32, i32) -> ()
// CHECK: "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()

"ptx.kernel"() ({
  "ptx.shared_decl"() {symbol = "seen_flag", size = 4 : i64, align = 4 : i64} : () -> ()
  %p0 = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %data = "ptx.cvta_global"(%p0) : (i64) -> i64
  %p1 = "ptx.ld_param"() {index = 1 : i32} : () -> i64
  %flag = "ptx.cvta_global"(%p1) : (i64) -> i64
  %tid = "ptx.mov_sreg"() {reg = "tid.x"} : () -> i32
  %zero = "ptx.mov_imm"() {value = 0 : i32} : () -> i32
  %one = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  %r = "ptx.reg"() : () -> i32
  "ptx.mov"(%r, %zero) : (i32, i32) -> ()
  %not0 = "ptx.setp"(%tid, %zero) {cmp = "ne"} : (i32, i32) -> i1
  "ptx.bra"(%not0) {label = "$L__joined"} : (i1) -> ()
  "ptx.label"() {name = "$L__spin"} : () -> ()
  %seen = "ptx.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
  %lt = "ptx.setp"(%seen, %one) {cmp = "lt"} : (i32, i32) -> i1
  "ptx.bra"(%lt) {label = "$L__spin"} : (i1) -> ()
  "ptx.mov"(%r, %seen) : (i32, i32) -> ()
  %sh = "ptx.shared_addr"() {symbol = "seen_flag"} : () -> i32
  "ptx.red"(%sh, %r) {kind = #mem.rmw<max>, space = #mem.space<shared_cta>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (i32, i32) -> ()
  "ptx.label"() {name = "$L__joined"} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "ptx.bar_sync"() {id = 0 : i32} : () -> ()
  %addr = "ptx.mad_wide"(%tid, %data) {imm = 4 : i64} : (i32, i64) -> i64
  %x = "ptx.ld"(%addr) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i64) -> f32
  %y = "ptx.binary"(%x, %x) {opcode = "add"} : (f32, f32) -> f32
  "ptx.st"(%addr, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i64, f32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "consumer", param_types = [i64, i64], num_threads = 128 : i32} : () -> ()
