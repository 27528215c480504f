// RUN: tilec %s --emit nvvm-mlir | FileCheck %s
// A parameter narrower than 32 bits keeps its type in the `llvm.func`; where it is read it is
// zero-extended into its 32-bit register's slot, as `ld.param.u16` fills a 32-bit register
// (an f16's bits first). tools/tests/nvvm_mlir.rs takes this file through LLVM and ptxas too.

"nv_tileas.kernel"() ({
^bb0(%x: i16, %h: f16, %out: !nv_tileas.ptr<global>):
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%out, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i16) -> ()
    "nv_tileas.st"(%out, %h) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, f16) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "narrow", num_threads = 32 : i32} : () -> ()

// CHECK: llvm.func @narrow(%arg0: i16, %arg1: f16, %arg2: i64)
// CHECK: [[Z:%t[0-9]+]] = llvm.zext %arg0 : i16 to i32
// CHECK-NEXT: llvm.store [[Z]], %s{{[0-9]+}} : i32, !llvm.ptr
// CHECK: [[B:%t[0-9]+]] = llvm.bitcast %arg1 : f16 to i16
// CHECK-NEXT: [[Z2:%t[0-9]+]] = llvm.zext [[B]] : i16 to i32
// CHECK-NEXT: llvm.store [[Z2]], %s{{[0-9]+}} : i32, !llvm.ptr
// CHECK: st.global.u16 [$0], $1;
