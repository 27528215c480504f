// fold-barriers (run after weakest-fence): a CTA barrier that repeats the barrier right before it
// (same id, same thread count, the whole CTA convergently, only pure ops between) is removed.
// Each kernel stores its thread's slot of a shared buffer, synchronizes, reads the mirrored slot.
// - fold_after_drop: bar.sync; fence.acq_rel.cta; bar.sync. weakest-fence drops the fence (R5),
//   which leaves `bar.sync 0; bar.sync 0;`: one is left;
// - fold_adjacent: three bar.sync 0 with a constant and a gep between: one is left;
// - fold_in_uniform_if: the handoff with two bar.sync 0 in the arm of `if (bid == 0)` (the whole
//   CTA takes it or not): one;
// - keep_memory_between: a shared store between the two barriers: both stay;
// - keep_other_id: bar.sync 0 then bar.sync 1: both stay;
// - keep_elect_between: an elected global store between the two barriers: both stay;
// - keep_warp_role: two `bar.sync 1, 64` inside a warp_role (not the whole CTA): both stay.
// --no-weakest-fence skips fold-barriers too: the conservative baseline keeps every barrier.
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s
// RUN: tilec %s --explain-fences -o %t 2>&1 | FileCheck %s --check-prefix=EXPLAIN

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fold_after_drop", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %next = "nv_tileas.gep"(%slot, %c1) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fold_adjacent", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %first = "nv_tileas.cmpi"(%bid, %c0) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%first) ({
    %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
    %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fold_in_uniform_if", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.st"(%slot, %bid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "keep_memory_between", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.barrier"() {id = 1 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "keep_other_id", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %aux = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%aux, %bid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "keep_elect_between", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 256 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.warp_role"() ({
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    %c63 = "nv_tileas.constant"() {value = 63 : i32} : () -> i32
    %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.barrier"() {id = 1 : i32, count = 64 : i32} : () -> ()
    "nv_tileas.barrier"() {id = 1 : i32, count = 64 : i32} : () -> ()
    %rev = "nv_tileas.subi"(%c63, %tid) : (i32, i32) -> i32
    %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 2>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "keep_warp_role", num_threads = 128 : i32} : () -> ()
// BASE-LABEL: .visible .entry fold_after_drop(
// BASE: bar.sync 0;
// BASE-NEXT: fence.acq_rel.cta;
// BASE-NEXT: bar.sync 0;
// BASE-LABEL: .visible .entry fold_adjacent(
// BASE: bar.sync 0;
// BASE: bar.sync 0;
// BASE: bar.sync 0;
// BASE-LABEL: .visible .entry fold_in_uniform_if(
// BASE: bar.sync 0;
// BASE-NEXT: bar.sync 0;

// CHECK-LABEL: .visible .entry fold_after_drop(
// CHECK: st.shared.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: ld.shared.u32
// CHECK-LABEL: .visible .entry fold_adjacent(
// CHECK: st.shared.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: ld.shared.u32
// CHECK-LABEL: .visible .entry fold_in_uniform_if(
// CHECK: st.shared.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: ld.shared.u32
// CHECK-LABEL: .visible .entry keep_memory_between(
// CHECK: bar.sync 0;
// CHECK-NEXT: st.shared.u32
// CHECK-NEXT: bar.sync 0;
// CHECK-LABEL: .visible .entry keep_other_id(
// CHECK: bar.sync 0;
// CHECK-NEXT: bar.sync 1;
// CHECK-LABEL: .visible .entry keep_elect_between(
// CHECK: bar.sync 0;
// CHECK: st.shared.u32
// CHECK: bar.sync 0;
// CHECK-LABEL: .visible .entry keep_warp_role(
// CHECK: bar.sync 1, 64;
// CHECK-NEXT: bar.sync 1, 64;

// EXPLAIN: fold-barriers.mlir:28:3: remark: removed 'bar.sync' (free): fold-barriers: it repeats the barrier before it (same id, the whole CTA, nothing but arithmetic between), which already orders everything it would
// EXPLAIN: fold-barriers.mlir:26:3: note: the barrier it repeats
// EXPLAIN: fold-barriers.mlir:47:3: remark: removed 'bar.sync' (free): fold-barriers:
// EXPLAIN: fold-barriers.mlir:45:3: note: the barrier it repeats
// EXPLAIN: fold-barriers.mlir:49:3: remark: removed 'bar.sync' (free): fold-barriers:
// EXPLAIN: fold-barriers.mlir:45:3: note: the barrier it repeats
// EXPLAIN: fold-barriers.mlir:70:5: remark: removed 'bar.sync' (free): fold-barriers:
// EXPLAIN: fold-barriers.mlir:69:5: note: the barrier it repeats
// EXPLAIN-NOT: fold-barriers:
