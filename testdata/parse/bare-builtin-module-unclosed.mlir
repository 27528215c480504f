// RUN: not tile-opt %s 2>&1 | FileCheck %s
// A bare `module {` without its closing brace is an error at the `module`.

// CHECK: bare-builtin-module-unclosed.mlir:5:1: error: this 'module {' is never closed
module {
  cuda_tile.module @m {
  }
