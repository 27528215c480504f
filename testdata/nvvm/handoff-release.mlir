// RUN: tilec %s --emit nvvm-mlir | FileCheck %s
// `--emit nvvm-mlir` (docs/mlir-bridge.md): the kernel as an `llvm.func` with `nvvm.kernel` and
// `nvvm.reqntid`; values in stack slots (mem2reg makes them registers again); the barrier as
// `nvvm.barrier`; the memory ops as `llvm.inline_asm` of the instruction tilec's PTX printer
// prints, so the release
// at gpu scope is `atom.release.gpu`, which LLVM's own `atomicrmw` would print without its
// ordering and scope. Integer compares and branches are native.
// (tools/tests/nvvm_mlir.rs takes every corpus case through mlir-translate, llc and ptxas.)

cuda_tile.module @handoff {
  cuda_tile.entry @producer(%data: tile<128xptr<f32>>, %flag: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %v = constant <f32: 1.0> : tile<128xf32>
    %t1 = store_ptr_tko weak %data, %v token = %t0 : tile<128xptr<f32>>, tile<128xf32> -> token
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko release device %flag, add, %one token = %t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// CHECK: module {
// CHECK-NEXT: llvm.func @producer(%arg0: i64, %arg1: i64) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
// CHECK-NEXT: %one = llvm.mlir.constant(1 : i32) : i32
// CHECK: %s0 = llvm.alloca %one x i64 : (i32) -> !llvm.ptr
// CHECK: llvm.store %arg0, %s0 : i64, !llvm.ptr
// CHECK: llvm.inline_asm has_side_effects "st.global.f32 [$0], $1;", "l,f,~{memory}"
// The CTA barrier is upstream's own op, whose intrinsic LLVM knows to be convergent.
// CHECK: nvvm.barrier id = %t{{[0-9]+}}
// CHECK: llvm.icmp "ne"
// CHECK-NEXT: llvm.store
// CHECK-NEXT: [[P:%t[0-9]+]] = llvm.load
// CHECK-NEXT: llvm.cond_br [[P]], ^L__tilec_1, ^b1
// CHECK-NEXT: ^b1:
// CHECK: llvm.inline_asm has_side_effects "atom.release.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}"
// CHECK: llvm.br ^L__tilec_1
// CHECK-NEXT: ^L__tilec_1:
// CHECK: llvm.return
