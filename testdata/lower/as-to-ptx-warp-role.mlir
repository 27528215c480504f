// lower-as-to-ptx + print-ptx, warp specialization: `warp_role {warps = [lo, hi)}` runs its
// region on warps lo..hi-1 only: w = tid.x >> 5 (`shr.u32 … 5`), minus lo when lo > 0 (`sub`),
// then one unsigned compare `w - lo >= hi - lo` (`setp.ge.u32`) branches around the region to a
// label right after it. warp_id is the same tid.x >> 5 (not %warpid, which is not stable);
// lane_id reads %laneid (i64: zero-extended). The producer/consumer pair is the P2 handoff of
// ARCHITECTURE.md: warp 0 stores and arrives (release, cta), warps 2..3 wait (acquire, cta) and
// load. tid.x is read once, before everything else.
// RUN: tilec %s --target sm_90a | FileCheck %s

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
  "nv_tileas.warp_role"() ({
    %lane = "nv_tileas.lane_id"() : () -> i32
    %p = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p, %lane) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.warp_role"() ({
    %ph = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_wait"(%bar, %ph) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
    %w = "nv_tileas.warp_id"() : () -> i32
    %o = "nv_tileas.gep"(%out, %w) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%o, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 2, 4>} : () -> ()
  %l64 = "nv_tileas.lane_id"() : () -> i64
  %w64 = "nv_tileas.warp_id"() : () -> i64
  "nv_tileas.return"() : () -> ()
}) {sym_name = "roles", num_threads = 128 : i32} : () -> ()

// CHECK: .version 8.0
// CHECK-LABEL: .visible .entry roles(
// CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK-NEXT: ld.param.u64
// CHECK: bar.sync 0;
// Warps [0, 1): no subtraction.
// CHECK-NEXT: mov.u32 [[FIVE:%r[0-9]+]], 5;
// CHECK-NEXT: shr.u32 [[W:%r[0-9]+]], [[TID]], [[FIVE]];
// CHECK-NEXT: mov.u32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: setp.ge.u32 [[OUT:%p[0-9]+]], [[W]], [[ONE]];
// CHECK-NEXT: @[[OUT]] bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: mov.u32 [[LANE:%r[0-9]+]], %laneid;
// CHECK: st.shared.u32 [{{%r[0-9]+}}], [[LANE]];
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [{{%r[0-9]+}}];
// CHECK-NEXT: [[SKIP]]:
// Warps [2, 4): w - 2 >= 2 (unsigned) skips.
// CHECK-NEXT: mov.u32 [[FIVE2:%r[0-9]+]], 5;
// CHECK-NEXT: shr.u32 [[W2:%r[0-9]+]], [[TID]], [[FIVE2]];
// CHECK-NEXT: mov.u32 [[LO:%r[0-9]+]], 2;
// CHECK-NEXT: sub.s32 [[REL:%r[0-9]+]], [[W2]], [[LO]];
// CHECK-NEXT: mov.u32 [[N:%r[0-9]+]], 2;
// CHECK-NEXT: setp.ge.u32 [[OUT2:%p[0-9]+]], [[REL]], [[N]];
// CHECK-NEXT: @[[OUT2]] bra [[SKIP2:\$L__tilec_[0-9]+]];
// CHECK-NEXT: mov.u32 [[PH:%r[0-9]+]], 0;
// CHECK-NEXT: [[WAIT:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 [[OK:%p[0-9]+]], [{{%r[0-9]+}}], [[PH]];
// CHECK-NEXT: @![[OK]] bra [[WAIT]];
// CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %laneid;
// CHECK: ld.shared.u32 [[X:%r[0-9]+]], [{{%r[0-9]+}}];
// warp_id: tid.x >> 5.
// CHECK-NEXT: mov.u32 [[FIVE3:%r[0-9]+]], 5;
// CHECK-NEXT: shr.u32 [[WID:%r[0-9]+]], [[TID]], [[FIVE3]];
// CHECK-NEXT: mad.wide.u32 [[O:%rd[0-9]+]], [[WID]], 4, {{%rd[0-9]+}};
// CHECK-NEXT: st.global.u32 [[[O]]], [[X]];
// CHECK-NEXT: [[SKIP2]]:
// As i64: zero-extended.
// CHECK-NEXT: mov.u32 [[L:%r[0-9]+]], %laneid;
// CHECK-NEXT: mov.u64 [[Z:%rd[0-9]+]], 0;
// CHECK-NEXT: mad.wide.u32 {{%rd[0-9]+}}, [[L]], 1, [[Z]];
// CHECK-NEXT: mov.u32 [[FIVE4:%r[0-9]+]], 5;
// CHECK-NEXT: shr.u32 [[WID64:%r[0-9]+]], [[TID]], [[FIVE4]];
// CHECK-NEXT: mov.u64 [[Z2:%rd[0-9]+]], 0;
// CHECK-NEXT: mad.wide.u32 {{%rd[0-9]+}}, [[WID64]], 1, [[Z2]];
// CHECK-NEXT: ret;
