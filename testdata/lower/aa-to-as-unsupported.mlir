// lower-aa-to-as: what the lowering cannot handle yet is a located error naming the op (or the
// parameter, or the kernel), never a panic. One kernel per error; each kernel is lowered
// independently.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as --verify-diagnostics

cuda_tile.module @m {
  entry @too_many_elements() {
    // expected-error@+1 {{cannot compile 'cuda_tile.iota' yet: a tile of 32768 elements needs 256 elements per thread on 128 threads; at most 128 are supported}}
    %i = iota : tile<32768xi32>
    return
  }
  entry @short_ints() {
    // expected-error@+1 {{cannot compile 'cuda_tile.constant' yet: element type 'i16' is not supported (i1, i8, i32, i64, f16, bf16, f32, f64 and pointers are)}}
    %h = constant <i16: 1> : tile<128xi16>
    return
  }
  entry @float_iota() {
    // expected-error@+1 {{cannot compile 'cuda_tile.iota' yet: iota must yield i32 or i64}}
    %i = iota : tile<128xf32>
    return
  }
  entry @bool_memory(%p: tile<128xptr<i1>>) {
    // expected-error@+1 {{cannot compile 'cuda_tile.load_ptr_tko' yet: memory ops access i32, i64, f16, bf16, f32 or f64 elements only (and i8 in loads and stores)}}
    %v, %t = load_ptr_tko weak %p : tile<128xptr<i1>> -> tile<128xi1>, token
    return
  }
  // expected-error@+1 {{an n-d value tile cannot be a kernel parameter; pass a pointer tile and load it}}
  entry @value_tile_param(%x: tile<128xf32>) {
    return
  }
  // expected-error@+1 {{num_threads must be a multiple of 32 between 32 and 1024, got 100}}
  entry @odd_thread_count() {
    return
  } {num_threads = 100 : i32}
}
