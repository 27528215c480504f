// RUN: tile-opt %s --verify-diagnostics
// NVIDIA's verifier rules for assume predicates (dialects/src/cuda_tile/assume.rs) and for the
// ops tilec shares with nv_tileaa (dialects/src/cuda_tile/rules.rs), with NVIDIA's messages; and
// what tilec keeps as its own extensions (a 0-d select condition, i64 block ids, `add` of floats).
// `addf` of integers is a parse error: testdata/parse/cuda-tile-atomic-addf-ints.mlir.

cuda_tile.module @m {
  entry @assume(%f: tile<f32>, %i8: tile<16xi8>, %v: tile<16xi32>, %p: tile<ptr<f16>>, %ff: tile<16xf32>) {
    // expected-error@+1 {{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %0 = assume div_by<16>, %f : tile<f32>
    // expected-error@+1 {{'cuda_tile.div_by' divisor is too large}}
    %1 = assume div_by<9223372036854775808>, %i8 : tile<16xi8>
    // expected-error@+1 {{'cuda_tile.div_by' divisor must be a power of 2}}
    %2 = assume div_by<7>, %v : tile<16xi32>
    // expected-error@+1 {{'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %3 = assume div_by<1, every 8 along 0>, %p : tile<ptr<f16>>
    // expected-error@+1 {{'cuda_tile.div_by' every_dim (1) must be >= 0 and < tile rank (1)}}
    %4 = assume div_by<1, every 2 along 1>, %v : tile<16xi32>
    // expected-error@+1 {{expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (16)}}
    %5 = assume div_by<1, every 24 along 0>, %v : tile<16xi32>
    // expected-error@+1 {{expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (0)}}
    %6 = assume same_elements<[8]>, %p : tile<ptr<f16>>
    // expected-error@+1 {{'cuda_tile.same_elements' is valid only for tile of integer/pointer values}}
    %7 = assume same_elements<[8]>, %ff : tile<16xf32>
    // expected-error@+1 {{'cuda_tile.bounded' expects upper bound to be within [-128, 127]}}
    %8 = assume bounded<0, 128>, %i8 : tile<16xi8>
    // expected-error@+1 {{'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound}}
    %9 = assume bounded<8, 6>, %i8 : tile<16xi8>
    // expected-error@+1 {{'cuda_tile.bounded' is valid only for tile of integer values}}
    %10 = assume bounded<0, ?>, %ff : tile<16xf32>
    %ok = assume div_by<16, every 4 along 0>, %v : tile<16xi32>
    return
  }
  entry @ops(%ptr: tile<8xptr<f32>>, %idx: tile<i32>, %fo: tile<8xf32>, %io: tile<8xi32>, %c: tile<i1>, %c4: tile<2xi1>, %a: tile<4xi32>) {
    // expected-error@+1 {{op requires the same shape for all operands and results}}
    %0 = offset %ptr, %idx : tile<8xptr<f32>>, tile<i32> -> tile<8xptr<f32>>
    // expected-error@+1 {{op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<8xf32>'}}
    %1 = offset %ptr, %fo : tile<8xptr<f32>>, tile<8xf32> -> tile<8xptr<f32>>
    // expected-error@+1 {{op failed to verify that all of {result, ptr} have same type}}
    %2 = offset %ptr, %io : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f64>>
    // expected-error@+1 {{op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %3 = select %c4, %a, %a : tile<2xi1>, tile<4xi32>
    // A 0-d condition (tilec's extension) picks a whole tile.
    %4 = select %c, %a, %a : tile<i1>, tile<4xi32>
    // expected-error@+1 {{op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<1xi32>'}}
    %5 = get_tile_block_id : tile<1xi32>
    %6 = get_tile_block_id : tile<i64>
    // expected-error@+1 {{incorrect number of operands: expected 2, found 1}}
    %7 = print_tko "%d and %d", %idx : tile<i32> -> token
    // expected-error@+1 {{found unterminated format expression}}
    %8 = print_tko "100%", %idx : tile<i32> -> token
    %9 = print_tko "%d%%", %idx : tile<i32> -> token
    // expected-error@+1 {{op failed to verify that Result type has i1 element type and same shape as operands}}
    %10 = "cuda_tile.cmpi"(%io, %io) {predicate = "slt"} : (!cuda_tile.tile<8xi32>, !cuda_tile.tile<8xi32>) -> !cuda_tile.tile<4xi1>
    // expected-error@+1 {{expects result type to be 1-d tile}}
    %12 = iota : tile<i64>
    // expected-error@+1 {{the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %13 = iota : tile<512xi8>
    %14 = iota : tile<128xi8>
    // expected-error@+1 {{operand #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %15 = int_to_ptr %idx : tile<i32> -> tile<ptr<f32>>
    // expected-error@+1 {{result #0 must be tile of i64 values, but got '!cuda_tile.tile<i32>'}}
    %16 = ptr_to_int %ptr : tile<8xptr<f32>> -> tile<i32>
    // expected-error@+1 {{requires attribute 'predicate' (a string)}}
    %11 = "cuda_tile.cmpi"(%io, %io) : (!cuda_tile.tile<8xi32>, !cuda_tile.tile<8xi32>) -> !cuda_tile.tile<8xi1>
    return
  }
  entry @floats(%fp: tile<2xptr<f32>>, %fv: tile<2xf32>) {
    // tilec's text writes `add` for a float atomic add as well.
    %a, %t = atomic_rmw_tko relaxed device %fp, add, %fv : tile<2xptr<f32>>, tile<2xf32> -> tile<2xf32>, token
    return
  }
  testing$func @views(%tv: !cuda_tile.tensor_view<2x2xf32, strides=[1,1]>) {
    // expected-error@+1 {{result type 0 is a tensor_view, which is not supported}}
    %0 = loop : tensor_view<2x2xf32, strides=[1,1]> {
      break %tv : tensor_view<2x2xf32, strides=[1,1]>
    }
    return
  }
  // expected-error@+1 {{failed to verify 'pointeeType'}}
  testing$func @pointee(%p: !cuda_tile.tile<ptr<tile<2x2xf32>>>) {
    return
  }
  // expected-error@+1 {{op has 0 operands, but enclosing function (@noreturn) returns 1}}
  testing$func @noreturn(%x: !cuda_tile.tile<2xi16>) -> !cuda_tile.tile<2xi16> {}
}

cuda_tile.module @tokens {
  entry @k() {
    // expected-error@+1 {{op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i32>'}}
    %t = "cuda_tile.make_token"() : () -> !cuda_tile.tile<i32>
    return
  }
}
