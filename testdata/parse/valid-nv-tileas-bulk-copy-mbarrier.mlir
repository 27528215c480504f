// RUN: tile-opt %s | tile-opt - | FileCheck %s
// nv_tileas, generic form: a bulk (TMA-style) global→shared copy that completes on an mbarrier
// with expected transaction bytes, waited for with a `while` loop of single try_waits (two
// regions; the phase is a loop-carried block argument of both). The one arrival the barrier
// was initialized for comes from the elected thread; the CTA barrier after the elected block
// publishes the initialization before the other threads wait (verify-races checks 7 and 8).
// CHECK: "nv_tileas.fence_mbarrier_init"() : () -> ()
// CHECK: "nv_tileas.mbarrier_expect_tx"([[BAR:%[0-9]+]]) {tx_bytes = 4096 : i64, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
// CHECK: "nv_tileas.bulk_copy_g2s"({{%[0-9]+}}, %arg0, [[BAR]]) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
// CHECK: {{%[0-9]+}} = "nv_tileas.while"({{%[0-9]+}}) ({
// CHECK-NEXT:     ^bb0([[PH:%arg[0-9]+]]: i32):
// CHECK-NEXT:       [[OK:%[0-9]+]] = "nv_tileas.mbarrier_try_wait"([[BAR]], [[PH]]) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
// CHECK:          }, {
// CHECK-NEXT:     ^bb0({{%arg[0-9]+}}: i32):
// CHECK: "nv_tileas.mbarrier_inval"([[BAR]]) : (!nv_tileas.ptr<shared_cta>) -> ()

"nv_tileas.kernel"() ({
^bb0(%src: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %dst = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %phase0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  "nv_tileas.elect"() ({
    %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %one) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.mbarrier_expect_tx"(%bar) {tx_bytes = 4096 : i64, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%dst, %src, %bar) {bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %final = "nv_tileas.while"(%phase0) ({
  ^bb0(%ph: i32):
    %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
    %true = "nv_tileas.constant"() {value = 1 : i1} : () -> i1
    %again = "nv_tileas.xori"(%ok, %true) : (i1, i1) -> i1
    "nv_tileas.yield"(%again, %ph) : (i1, i32) -> ()
  }, {
  ^bb0(%ph2: i32):
    "nv_tileas.yield"(%ph2) : (i32) -> ()
  }) : (i32) -> i32
  %x = "nv_tileas.ld"(%dst) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> f32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_inval"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "bulk_g2s", num_threads = 128 : i32} : () -> ()
