// RUN: tile-opt %s --verify-diagnostics
// cat: operands of one element type and rank, equal but along `dim`; the result adds the sizes.

cuda_tile.module @m {
  entry @k(%a: tile<4x8xf32>, %b: tile<4x8xi32>) {
    // expected-error@+1 {{'cat' concatenates '!cuda_tile.tile<4x8xf32>' and '!cuda_tile.tile<4x8xf32>' along dimension 0 into '!cuda_tile.tile<4x16xf32>': the shapes or element types do not fit}}
    %c = "cuda_tile.cat"(%a, %a) {dim = 0 : i64} : (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<4x16xf32>
    // expected-error@+1 {{'cat' concatenates '!cuda_tile.tile<4x8xf32>' and '!cuda_tile.tile<4x8xi32>' along dimension 1 into '!cuda_tile.tile<4x16xf32>': the shapes or element types do not fit}}
    %d = cat %a, %b dim = 1 : tile<4x8xf32>, tile<4x8xi32> -> tile<4x16xf32>
    // expected-error@+1 {{'cat' 'dim' 2 must name a dimension of its operands, tiles of one rank (at least 1)}}
    %e = cat %a, %a dim = 2 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    return
  }
}
