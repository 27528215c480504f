// NEGATIVE (weakest-fence must not optimize a kernel that does not verify): every thread writes its
// shared element, issues `fence.acq_rel.gpu` (MEMBAR.ALL.GPU), and reads another thread's element:
// a fence is not an execution edge, so the handoff is unsynchronized (verify-races check 1; the fix is
// a bar.sync, P1). The fence covers no handoff the checker sees, so removing it looks free; but with
// a finding the race checker cannot serve as the pass's oracle, and a removal would only hide the
// author's intent. tilec stops at the verify-races error; the pass run alone leaves the kernel as it
// was.
// RUN: not tilec %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tile-opt %s --passes weakest-fence | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%in: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
  %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%in, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %v = "nv_tileas.ld"(%src) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %v) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fence_instead_of_barrier", num_threads = 128 : i32} : () -> ()

// ERR: error: check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of another thread of the CTA
// ERR-NOT: .entry

// CHECK: "nv_tileas.st"(%{{[0-9]+}}, %{{[0-9]+}}) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
// CHECK: sym_name = "fence_instead_of_barrier"
