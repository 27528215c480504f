// NEGATIVE (R12 keeps an sc fence where a strong access is not a followed flag's): the kernel of
// r12-rising-flags.mlir whose consumer also counts its rounds with an elected `red.release.gpu`
// on `stats` before its ack. That access is not a rising flag's write or spin, so a
// store-buffering shape over `stats` and a flag may matter (the pass cannot tell), and both
// fence.sc.gpu stay. R9 still elects the producer's spin (its loop holds only followed flags);
// the consumer's loop, which holds the `red`, is left alone (--explain-fences: "kept: in a loop
// whose handoffs between iterations the checker does not follow").
// RUN: tilec %s | FileCheck %s

// CHECK-LABEL: .visible .entry flag_rounds_stats(
// CHECK: ld.relaxed.gpu.global.u32
// CHECK: fence.sc.gpu;
// CHECK: st.release.gpu.global.u32
// CHECK: ld.acquire.gpu.global.u32
// CHECK: fence.sc.gpu;
// CHECK: red.release.gpu.global.add.u32
// CHECK: st.release.gpu.global.u32
"nv_tileas.kernel"() ({
^bb0(%data: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>, %ack: !nv_tileas.ptr<global>, %ok: !nv_tileas.ptr<global>, %stats: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%data, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %is0 = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    // CTA 0, the producer.
    "nv_tileas.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      "nv_tileas.while"() ({
        %a = "nv_tileas.ld"(%ack) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %behind = "nv_tileas.cmpi"(%a, %i) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%behind) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %vbase = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %v = "nv_tileas.addi"(%vbase, %tid) : (i32, i32) -> i32
      "nv_tileas.st"(%slot, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.elect"() ({
        "nv_tileas.st"(%flag, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    // CTA 1, the consumer.
    %count = "nv_tileas.for"(%c0, %n, %c1, %c0) ({
    ^bb0(%i: i32, %acc: i32):
      %i1 = "nv_tileas.addi"(%i, %c1) : (i32, i32) -> i32
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%flag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %early = "nv_tileas.cmpi"(%f, %i1) {predicate = "slt"} : (i32, i32) -> i1
        "nv_tileas.yield"(%early) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      %x = "nv_tileas.ld"(%slot) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %wbase = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %want = "nv_tileas.addi"(%wbase, %tid) : (i32, i32) -> i32
      %good = "nv_tileas.cmpi"(%x, %want) {predicate = "eq"} : (i32, i32) -> i1
      %inc = "nv_tileas.select"(%good, %c1, %c0) : (i1, i32, i32) -> i32
      %acc2 = "nv_tileas.addi"(%acc, %inc) : (i32, i32) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.elect"() ({
        "nv_tileas.red"(%stats, %c1) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.st"(%ack, %i1) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"(%acc2) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    %out = "nv_tileas.gep"(%ok, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%out, %count) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "flag_rounds_stats", num_threads = 128 : i32, grid_dims = array<i32: 2, 1, 1>} : () -> ()
