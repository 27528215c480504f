// RUN: tile-opt %s | tile-opt - | FileCheck %s
// nv_tileas, generic form: the P2 intra-CTA mbarrier handoff of ARCHITECTURE.md ("Contract by
// example"), verbatim. Warp 0 stores to shared memory and arrives (release, cta) on the mbarrier;
// warp 1 waits (acquire, cta) and loads.
// CHECK: "nv_tileas.kernel"() ({
// CHECK-NEXT:   ^bb0(%arg0: !nv_tileas.ptr<global>):
// CHECK-NEXT:     [[BAR:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
// CHECK-NEXT:     [[BUF:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
// CHECK:          "nv_tileas.mbarrier_init"([[BAR]], {{%[0-9]+}}) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
// CHECK:        "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
// CHECK:          "nv_tileas.mbarrier_arrive"([[BAR]]) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
// CHECK:        }) {warps = array<i32: 0, 1>} : () -> ()
// CHECK:          "nv_tileas.mbarrier_wait"([[BAR]], {{%[0-9]+}}) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
// CHECK:          {{%[0-9]+}} = "nv_tileas.gep"([[BUF]], {{%[0-9]+}}) {elem_bytes = 4 : i64}
// CHECK:        }) {warps = array<i32: 1, 2>} : () -> ()
// CHECK-NEXT:   "nv_tileas.return"() : () -> ()
// CHECK-NEXT: }) {sym_name = "p2", num_threads = 64 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.warp_role"() ({            // warp 0 produces
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %p = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({            // warp 1 consumes
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2", num_threads = 64 : i32} : () -> ()
