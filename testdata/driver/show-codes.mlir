// --show-codes prints each diagnostic's stable code after its message (docs/diagnostics.md);
// notes keep their text. Without it the text is clang's.
// RUN: not tilec %s --show-codes 2>&1 | FileCheck %s
// RUN: not tilec %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// CHECK: error: 'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc [legality.semantic]
// PLAIN: error: 'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc{{$}}
// PLAIN-NOT: [legality.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %t = store_ptr_tko acquire device %p, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
