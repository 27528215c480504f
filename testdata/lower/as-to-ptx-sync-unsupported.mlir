// lower-as-to-ptx, sync ops it does not lower: each is a located error naming the op (one per
// kernel: the lowering of a kernel stops at its first error).
// - tcgen05_mma takes exactly (d, a-desc, b-desc, idesc, enable-input-d);
// - an arrive with tx_bytes is `mbarrier.arrive.expect_tx`, which has no count operand;
// - the ptx op an op becomes must pass the ptx dialect's checks, which are stricter than
//   nv_tileas's in places: tcgen05_mma's descriptors are 64-bit, red.async is 32-bit (64-bit
//   only for add) and never float.
// RUN: tile-opt %s --target sm_100a --passes lower-as-to-ptx --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%tm: !nv_tileas.ptr<tmem>, %slot: !nv_tileas.ptr<shared_cta>):
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.tcgen05_mma' yet: tcgen05_mma takes (d, a-desc, b-desc, idesc, enable-input-d), but it has 2 operands}}
  "nv_tileas.tcgen05_mma"(%tm, %slot) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mma_two"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%tm: !nv_tileas.ptr<tmem>, %a: i64, %b: i64, %i: i32):
  %z = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %e = "nv_tileas.cmpi"(%i, %z) {predicate = "ne"} : (i32, i32) -> i1
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.tcgen05_mma' yet: tcgen05_mma takes (d, a-desc, b-desc, idesc, enable-input-d), but it has 6 operands}}
  "nv_tileas.tcgen05_mma"(%tm, %a, %b, %i, %e, %e) : (!nv_tileas.ptr<tmem>, i64, i64, i32, i1, i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mma_six"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%tm: !nv_tileas.ptr<tmem>, %a: i32, %b: i64, %i: i32):
  %z = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %e = "nv_tileas.cmpi"(%i, %z) {predicate = "ne"} : (i32, i32) -> i1
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.tcgen05_mma' yet: its ptx.tcgen05_mma would be invalid: 'tcgen05_mma' A descriptor (operand #1) must be a 64-bit register, but it is 'i32'}}
  "nv_tileas.tcgen05_mma"(%tm, %a, %b, %i, %e) : (!nv_tileas.ptr<tmem>, i32, i64, i32, i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mma_desc"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%tm: !nv_tileas.ptr<tmem>, %a: i64, %b: i64, %i: i32, %e: i32):
  // expected-error@+1 {{'tcgen05_mma' enable-input-d (operand #4) must be an i1 predicate, but it is 'i32'}}
  "nv_tileas.tcgen05_mma"(%tm, %a, %b, %i, %e) : (!nv_tileas.ptr<tmem>, i64, i64, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "mma_pred"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%bar: !nv_tileas.ptr<shared_cta>, %n: i32):
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.mbarrier_arrive' yet: an arrive with tx_bytes is mbarrier.arrive.expect_tx, which takes no count operand}}
  "nv_tileas.mbarrier_arrive"(%bar, %n) {tx_bytes = 64 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arrive_tx_count"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%bar: !nv_tileas.ptr<shared_cta>, %n: i32):
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.mbarrier_arrive_drop' yet: an arrive with tx_bytes is mbarrier.arrive.expect_tx, which takes no count operand}}
  "nv_tileas.mbarrier_arrive_drop"(%bar, %n) {tx_bytes = 64 : i64, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "drop_tx_count"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<shared_cluster>, %v: f32):
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.red_async' yet: its ptx.red_async would be invalid: 'red_async' value must be an i32 register (or i64 with 'add'), but it is 'f32' with 'add'}}
  "nv_tileas.red_async"(%p, %v, %p) {kind = #mem.rmw<add>} : (!nv_tileas.ptr<shared_cluster>, f32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "red_float"} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<shared_cluster>, %w: i64):
  // A 64-bit add is fine; a 64-bit or is not.
  "nv_tileas.red_async"(%p, %w, %p) {kind = #mem.rmw<add>} : (!nv_tileas.ptr<shared_cluster>, i64, !nv_tileas.ptr<shared_cluster>) -> ()
  // expected-error@+1 {{'red_async' value must be an i32 register (or i64 with 'add'), but it is 'i64' with 'or'}}
  "nv_tileas.red_async"(%p, %w, %p) {kind = #mem.rmw<or>} : (!nv_tileas.ptr<shared_cluster>, i64, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "red_wide_or"} : () -> ()
