// RUN: tilec %s --no-verify-races --emit nvvm-mlir | FileCheck %s
// A predicate crosses an inline-asm statement as a u32 (NVPTX inline asm has no predicate
// operands): `mbarrier.try_wait` sets a `.pred` of the statement's own, copied out by `selp.u32`,
// and the result is `!= 0` again in MLIR (docs/mlir-bridge.md). The relaxed cta pair stays
// written in the asm. (A catalogue of two forms, not a race-free program: --no-verify-races.)

"nv_tileas.kernel"() ({
^bb0(%ph: i32, %out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>) -> ()
  %ok = "nv_tileas.mbarrier_try_wait"(%bar, %ph) {mem_semantic = #mem.sem<relaxed>} : (!nv_tileas.ptr<shared_cta>, i32) -> i1
  "nv_tileas.return"() : () -> ()
}) {sym_name = "waits", num_threads = 128 : i32} : () -> ()

// CHECK: llvm.mlir.global internal @waits__{{[A-Za-z0-9_]+}}() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<8 x i8>
// CHECK: llvm.mlir.addressof @waits__{{[A-Za-z0-9_]+}} : !llvm.ptr<3>
// CHECK-NEXT: llvm.ptrtoint {{%t[0-9]+}} : !llvm.ptr<3> to i32
// CHECK: [[W:%t[0-9]+]] = llvm.inline_asm has_side_effects "{\0A\09.reg .pred %tp0;\0A\09mbarrier.try_wait.parity.relaxed.cta.shared.b64 %tp0, [$1], $2;\0A\09selp.u32 $0, 1, 0, %tp0;\0A\09}", "=r,r,r,~{memory}"
// CHECK-NEXT: [[Z:%t[0-9]+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: [[B:%t[0-9]+]] = llvm.icmp "ne" [[W]], [[Z]] : i32
// CHECK-NEXT: llvm.store [[B]], {{%s[0-9]+}} : i1, !llvm.ptr
