// RUN: tilec %s --emit nvvm-mlir | FileCheck %s
// A tensor-map parameter (a CUtensorMap by value, print/lower.rs): a pointer to a 128-byte,
// 64-byte-aligned byval grid constant, read as its generic address, which LLVM prints as
// tilec's PTX does (`.param .align 64 .b8 k_param_0[128]`, `mov.b64` + `cvta.param.u64`).

"nv_tileas.kernel"() ({
^bb0(%map: !nv_tileas.tensormap, %out: !nv_tileas.ptr<global>):
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()

// CHECK: llvm.func @k(%arg0: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant}, %arg1: i64)
// CHECK: llvm.ptrtoint %arg0 : !llvm.ptr to i64
