// SYNC-MODEL.md §6 P13: tcgen05_ld then tcgen05_st of the same TMEM (write after read). After the
// MMA (P12's handoff), every thread rescales its accumulator row in place, as the correction step
// of an attention kernel does: tcgen05_ld, multiply, tcgen05_st (the next MMA accumulates onto it),
// and the rescaled value also goes to global memory. SOL: `tcgen05_wait_ld` between the load and
// the store.
// RUN: tile-opt %s --target sm_100a --passes verify-races --verify-diagnostics

// P13 SOL.
"nv_tileas.kernel"() ({
^bb0(%abg: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>, %tm: !nv_tileas.ptr<tmem>, %scale: f32):
  %bar_ab = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %bar_mma = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %ab = "nv_tileas.alloc_shared"() {size = 8192 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %b = "nv_tileas.gep"(%ab, %c1) {elem_bytes = 4096 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar_ab, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_init"(%bar_mma, %c1) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar_ab) {tx_bytes = 8192 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_copy_g2s"(%ab, %abg, %bar_ab) {bytes = 8192 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.mbarrier_wait"(%bar_ab, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.tcgen05_mma"(%tm, %ab, %b) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.tcgen05_commit"(%bar_mma) : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.mbarrier_wait"(%bar_mma, %c0) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.tcgen05_fence_after"() : () -> ()
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %row = "nv_tileas.gep"(%tm, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<tmem>, i32) -> !nv_tileas.ptr<tmem>
  %x = "nv_tileas.tcgen05_ld"(%row) : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.tcgen05_wait_ld"() : () -> ()
  %y = "nv_tileas.mulf"(%x, %scale) : (f32, f32) -> f32
  "nv_tileas.tcgen05_st"(%row, %y) : (!nv_tileas.ptr<tmem>, f32) -> ()
  "nv_tileas.tcgen05_wait_st"() : () -> ()
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p13_sol", num_threads = 128 : i32} : () -> ()
