// RUN: tile-opt %s | tile-opt - | FileCheck %s
// nv_tileas, generic form: a cluster handoff. CTA 0 writes into its peer's shared memory through
// `mapa` (shared_cluster, relaxed, cluster scope), then the cluster barrier (arrive release /
// wait acquire) publishes it. The kernel carries cluster_dims.
// CHECK: "nv_tileas.kernel"() ({
// CHECK:        [[PEER:%[0-9]+]] = "nv_tileas.mapa"([[BUF:%[0-9]+]], [[ONE:%[0-9]+]]) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
// CHECK:          "nv_tileas.st"([[PEER]], {{%[0-9]+}}) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>}
// CHECK:        "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
// CHECK-NEXT:   "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
// CHECK: }) {sym_name = "cluster_handoff", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %peer = "nv_tileas.mapa"(%buf, %one) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %is0 = "nv_tileas.cmpi"(%rank, %zero) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%is0) ({
    "nv_tileas.elect"() ({
      %v = "nv_tileas.constant"() {value = 42 : i32} : () -> i32
      "nv_tileas.st"(%peer, %v) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>} : (!nv_tileas.ptr<shared_cluster>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.cluster_arrive"() {mem_semantic = #mem.sem<release>} : () -> ()
  "nv_tileas.cluster_wait"() {mem_semantic = #mem.sem<acquire>} : () -> ()
  %x = "nv_tileas.ld"(%buf) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  "nv_tileas.st"(%out, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "cluster_handoff", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()
