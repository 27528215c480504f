// A cluster of 2 CTAs exchanging data through distributed shared memory, completed on mbarriers
// (SYNC-MODEL.md §6 P9/P10), written directly in nv_tileas (no cuda_tile op reaches another CTA's
// shared memory). Each CTA of a cluster sends its 128 input values into its peer's shared buffer
// with st.async and receives the peer's 128 values into its own; out of CTA b is in of CTA b ^ 1:
// out[b*128 + t] = in[(b ^ 1)*128 + t].
//
// The synchronization, in order:
// 1. one thread initializes the CTA's mbarrier (count 1) and makes the init visible to the
//    cluster's async operations (fence.mbarrier_init.release.cluster);
// 2. a cluster barrier (arrive release, wait acquire): no CTA writes into its peer before the
//    peer's mbarrier exists;
// 3. one thread arms the own barrier with arrive.expect_tx of 512 bytes (the phase then needs the
//    512 bytes the peer's st.async ops will complete, and no other arrival);
// 4. every thread stores its value into the peer's buffer with st.async, whose complete_tx of 4
//    bytes lands on the peer's barrier (mapa gives both peer addresses);
// 5. every thread waits for phase 0 of its own barrier with acquire at cluster scope (st.async's
//    complete_tx releases at cluster scope), then reads its element of the own buffer.
// No CTA exits while its shared memory is still a target: each waits until all 512 bytes meant
// for it have landed, and no other remote access touches it.
// Launch: cluster 2x1x1 (.reqnctapercluster), grid a multiple of 2, 128 threads per CTA.
"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %peer = "nv_tileas.xori"(%rank, %one) : (i32, i32) -> i32
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_init"(%bar, %one) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.fence_mbarrier_init"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.mbarrier_arrive"(%bar) {tx_bytes = 512 : i64, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %rslot = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %rbar = "nv_tileas.mapa"(%bar, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  "nv_tileas.st_async"(%rslot, %v, %rbar) : (!nv_tileas.ptr<shared_cluster>, i32, !nv_tileas.ptr<shared_cluster>) -> ()
  "nv_tileas.mbarrier_wait"(%bar, %zero) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %x = "nv_tileas.ld"(%slot) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "dsmem_exchange", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
