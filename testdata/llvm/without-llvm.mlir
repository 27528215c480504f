// UNSUPPORTED: llvm
// RUN: not tilec %s --emit llvm 2>&1 | FileCheck %s
// RUN: not tilec %s --backend llvm 2>&1 | FileCheck %s
// A tilec built without the `llvm` feature (the default build) says how to get the LLVM path,
// as a usage error, before compiling anything.

cuda_tile.module @m {
  cuda_tile.entry @k() attributes {num_threads = 32 : i32} {
    return
  }
}

// CHECK: tilec: error: --emit llvm and --backend llvm: this tilec was built without LLVM: build it with `--features llvm` (LLVM 22 needed; README, "Building with MLIR and LLVM")
