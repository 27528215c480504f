// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Every proxy spelling: #mem.proxy<generic|async|tensormap>. The nv_tileas catalog has no op that
// requires a proxy yet, so they ride as extra attributes on a proxy fence and a bulk copy
// (async), a generic store (generic), and a placeholder op for the tensormap fence.
// CHECK: "nv_tileas.st"(%arg1, {{%[0-9]+}}) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>, proxy = #mem.proxy<generic>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
// CHECK-NEXT: "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>, from = #mem.proxy<generic>, to = #mem.proxy<async>} : () -> ()
// CHECK: "nv_tileas.bulk_copy_s2g"(%arg0, %arg1) {bytes = 4096 : i64, proxy = #mem.proxy<async>} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
// CHECK: "demo.fence_proxy_tensormap"() {from = #mem.proxy<generic>, to = #mem.proxy<tensormap>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%dst: !nv_tileas.ptr<global>, %src: !nv_tileas.ptr<shared_cta>):
  %v = "nv_tileas.constant"() {value = 5 : i32} : () -> i32
  "nv_tileas.st"(%src, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>, proxy = #mem.proxy<generic>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence_proxy_async"() {space = #mem.space<shared_cta>, from = #mem.proxy<generic>, to = #mem.proxy<async>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    "nv_tileas.bulk_copy_s2g"(%dst, %src) {bytes = 4096 : i64, proxy = #mem.proxy<async>} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.bulk_commit"() : () -> ()
    "nv_tileas.bulk_wait"() {pending = 0 : i32, read} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "demo.fence_proxy_tensormap"() {from = #mem.proxy<generic>, to = #mem.proxy<tensormap>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "all_proxies", num_threads = 128 : i32} : () -> ()
