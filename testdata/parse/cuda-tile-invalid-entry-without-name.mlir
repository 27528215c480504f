// RUN: tile-opt %s --verify-diagnostics
// An entry needs its @name.

cuda_tile.module @m {
  // expected-error@+1 {{expected a symbol name (@name); found '(%a:'}}
  entry (%a: tile<i32>) {
    return
  }
}
