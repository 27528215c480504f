// RUN: tile-opt %s --verify-diagnostics
// cuda_tile.module needs its @name.

// expected-error@+1 {{expected a symbol name (@name); found '{'}}
cuda_tile.module {
}
