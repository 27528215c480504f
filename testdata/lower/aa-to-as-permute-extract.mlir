// RUN: tilec %s -o - | FileCheck %s
// permute and extract move elements between threads through shared memory
// (passes/src/lower/aa_to_as/exchange.rs): each thread stores its owned source elements at
// their flat index, a CTA barrier, each thread loads its result elements from their source
// index. Inside a loop a barrier also goes before the stores (the previous iteration's loads).

cuda_tile.module @m {
  // CHECK-LABEL: .entry transpose(
  entry @transpose(%p: tile<8x16xptr<f32>>, %q: tile<16x8xptr<f32>>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<f32>> -> tile<8x16xf32>, token
    // CHECK: st.shared.f32
    // CHECK-NEXT: bar.sync 0;
    // CHECK: ld.shared.f32
    // CHECK-NOT: bar.sync
    // CHECK: ret;
    %y = permute %x [1, 0] : tile<8x16xf32> -> tile<16x8xf32>
    %t2 = store_ptr_tko weak %q, %y : tile<16x8xptr<f32>>, tile<16x8xf32> -> token
    return
  }
  // The identity permutation moves nothing.
  // CHECK-LABEL: .entry identity(
  // CHECK-NOT: shared
  // CHECK: ret;
  entry @identity(%p: tile<8x16xptr<f32>>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<f32>> -> tile<8x16xf32>, token
    %y = permute %x [0, 1] : tile<8x16xf32> -> tile<8x16xf32>
    %t2 = store_ptr_tko weak %p, %y : tile<8x16xptr<f32>>, tile<8x16xf32> -> token
    return
  }
  // A slice index is a uniform value: the slice's first element is k·r·stride.
  // CHECK-LABEL: .entry slice(
  // CHECK: st.shared.f64
  // CHECK: bar.sync 0;
  // CHECK: ld.shared.f64
  entry @slice(%p: tile<8x16xptr<f64>>, %q: tile<4x16xptr<f64>>, %k: tile<i32>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<f64>> -> tile<8x16xf64>, token
    %c0 = constant <i32: 0> : tile<i32>
    %y = extract %x[%k, %c0] : tile<8x16xf64> -> tile<4x16xf64>
    %t2 = store_ptr_tko weak %q, %y : tile<4x16xptr<f64>>, tile<4x16xf64> -> token
    return
  }
  // In a loop: a barrier before the stores too.
  // CHECK-LABEL: .entry looped(
  // CHECK: @!%p{{[0-9]+}} bra
  // CHECK-NEXT: bar.sync 0;
  // CHECK-NOT: ld.shared
  // CHECK: st.shared.f32
  // CHECK-NEXT: bar.sync 0;
  // CHECK: ld.shared.f32
  // CHECK: bra.uni
  entry @looped(%p: tile<8x16xptr<f32>>, %q: tile<16x8xptr<f32>>) {
    %x, %t = load_ptr_tko weak %p : tile<8x16xptr<f32>> -> tile<8x16xf32>, token
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = for %i in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %x) -> (tile<8x16xf32>) {
      %y = permute %acc [1, 0] : tile<8x16xf32> -> tile<16x8xf32>
      %z = reshape %y : tile<16x8xf32> -> tile<8x16xf32>
      continue %z : tile<8x16xf32>
    }
    %t2 = store_ptr_tko weak %p, %r : tile<8x16xptr<f32>>, tile<8x16xf32> -> token
    return
  }
}
