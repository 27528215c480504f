// REQUIRES: llvm
// RUN: tilec %s --emit llvm --llvm-opt 0 | FileCheck %s --check-prefix=IR
// RUN: tilec %s --backend llvm --llvm-opt 0 | FileCheck %s --check-prefix=PTX
// print/native.rs's table, both ways: the fences and strong accesses LLVM 22 prints with their
// (semantic, scope) pair intact are LLVM's own instructions; those it would change stay inline
// asm of tilec's instruction. Negative cases: `fence acquire`/`fence release` would print as
// `fence.acq_rel` (stronger), so the split fences are asm; a restricted fence, a `.cs` store,
// a strong atom (LLVM drops its order and scope) and a shared-space load are asm too.

"ptx.kernel"() ({
  %g = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %s = "ptx.ld_param"() {index = 1 : i32} : () -> i32
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  %x = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>} : (i64) -> i32
  %y = "ptx.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>} : (i64) -> i64
  "ptx.st"(%g, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (i64, i32) -> ()
  "ptx.st"(%g, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>, streaming} : (i64, i64) -> ()
  %z = "ptx.atom"(%g, %x) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> i32
  %w = "ptx.ld"(%s) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>} : (i32) -> i32
  "ptx.st"(%g, %w) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (i64, i32) -> ()
  "ptx.st"(%g, %z) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (i64, i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "table", param_types = [i64, i32]} : () -> ()

// IR: fence syncscope("device") acq_rel
// IR-NEXT: fence seq_cst
// IR-NEXT: fence syncscope("cluster") acq_rel
// IR-NEXT: asm sideeffect "fence.acquire.gpu;"
// IR-NEXT: asm sideeffect "fence.release.cta;"
// IR-NEXT: asm sideeffect "fence.release.sync_restrict::shared::cta.cluster;"
// IR: load atomic i32, ptr addrspace(1) %{{[0-9]+}} syncscope("cluster") acquire, align 4
// IR: load atomic i64, ptr addrspace(1) %{{[0-9]+}} syncscope("block") monotonic, align 8
// IR: store atomic i32 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}} release, align 4
// IR: asm sideeffect "st.global.cs.u64 [$0], $1;"
// IR: asm sideeffect "atom.release.gpu.global.add.u32 $0, [$1], $2;"
// IR: asm sideeffect "ld.acquire.cta.shared.u32 $0, [$1];"
// IR: store atomic i32 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}} syncscope("device") monotonic, align 4
// IR: asm sideeffect "st.global.u32 [$0], $1;"

// PTX: fence.acq_rel.gpu;
// PTX: fence.sc.sys;
// PTX: fence.acq_rel.cluster;
// PTX: fence.acquire.gpu;
// PTX: fence.release.cta;
// PTX: fence.release.sync_restrict::shared::cta.cluster;
// PTX: ld.acquire.cluster.global.b32
// PTX: ld.relaxed.cta.global.b64
// PTX: st.release.sys.global.b32
// PTX: atom.release.gpu.global.add.u32
// PTX: ld.acquire.cta.shared.u32
// PTX: st.relaxed.gpu.global.b32
