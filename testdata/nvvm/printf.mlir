// RUN: tilec %s --emit nvvm-mlir | FileCheck %s
// `print_tko` as CUDA's `vprintf(format, buffer)` (print/lower.rs), as tilec's PTX calls it: the
// format a constant global of address space 1 (`__tilec_fmt_N`), its generic address; the
// arguments in a stack buffer of the entry block, each at an offset aligned to its size, an
// f32 promoted to f64.

cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 42> : tile<i32>
    %x = constant <f32: 1.5> : tile<f32>
    %t0 = print_tko "c=%d x=%f\n", %c, %x : tile<i32>, tile<f32> -> token
    return
  }
}

// CHECK: llvm.mlir.global internal constant @__tilec_fmt_0(dense<[99, 61, 37, 100, 32, 120, 61, 37, 102, 10, 0]> : tensor<11xi8>) {addr_space = 1 : i32, alignment = 1 : i64} : !llvm.array<11 x i8>
// CHECK: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32 attributes {sym_visibility = "private"}
// CHECK: [[BUF:%t[0-9]+]] = llvm.alloca %one x !llvm.array<16 x i8> {alignment = 8 : i64} : (i32) -> !llvm.ptr
// CHECK: llvm.mlir.addressof @__tilec_fmt_0 : !llvm.ptr<1>
// CHECK: llvm.addrspacecast
// CHECK: llvm.getelementptr [[BUF]][0] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.store %t{{[0-9]+}}, %t{{[0-9]+}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: llvm.fpext %t{{[0-9]+}} : f32 to f64
// CHECK: llvm.getelementptr [[BUF]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.store %t{{[0-9]+}}, %t{{[0-9]+}} {alignment = 8 : i64} : f64, !llvm.ptr
// CHECK: llvm.call @vprintf(%t{{[0-9]+}}, [[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
