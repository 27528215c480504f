// An input with nothing to compile — a module without an entry, as here; an empty file; only
// comments — is a located error at the file's start, not "no ptx.kernel to print" at an
// unknown location.
// RUN: not tilec %s 2>&1 | FileCheck %s
// CHECK: no-kernel.mlir:7:1: error: the input has no kernel (a cuda_tile entry, or an nv_tileaa/nv_tileas/ptx kernel op): nothing to compile

cuda_tile.module @m {
}
