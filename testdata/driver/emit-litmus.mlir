// `tilec --emit litmus` and `--emit-litmus DIR`: one PTX litmus test per sync handoff of every
// nv_tileas kernel (docs/verify-races.md, "Litmus skeletons"). A handoff verify-races accepts
// (`ok`: a barrier between the store and the read of another thread's element) has an
// unreachable weak outcome (FAIL); the one it rejects (`racy`: no barrier) a reachable one (PASS).
// RUN: tilec %s --emit litmus | FileCheck %s
// RUN: tilec %s --emit-litmus %t && tilec litmus %t | FileCheck %s --check-prefix=DECIDE
// CHECK: PTX ok_st_ld_via_barrier
// CHECK-NEXT: // kernel ok: verify-races: accepted (a path synchronizes it): the weak outcome must be unreachable
// CHECK-NEXT: // producer: st at {{.*}}emit-litmus.mlir:26:3
// CHECK-NEXT: // consumer: ld at {{.*}}emit-litmus.mlir:30:3
// CHECK-NEXT: // via: barrier at {{.*}}emit-litmus.mlir:27:3
// CHECK: P0@cta 0,cluster 0,gpu 0 | P1@cta 0,cluster 0,gpu 0 ;
// CHECK-NEXT: st.weak x, 1 {{ *}}| bar.cta.sync 0 {{ *}};
// CHECK-NEXT: bar.cta.sync 0 {{ *}}| ld.weak r0, x {{ *}};
// CHECK-NEXT: exists (P1:r0 == 0)
// CHECK: PTX racy_st_ld
// CHECK-NEXT: // kernel racy: verify-races: check 1 (unsynchronized handoff) (the weak outcome should be reachable)
// DECIDE-DAG: ok_st_ld_via_barrier.litmus ok_st_ld_via_barrier FAIL
// DECIDE-DAG: racy_st_ld.litmus racy_st_ld PASS
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "ok", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "racy", num_threads = 128 : i32} : () -> ()
