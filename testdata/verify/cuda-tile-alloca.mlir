// NVIDIA's `alloca` (13.3): read in NVIDIA's custom form (`num_elem = N, alignment = A`, then
// the optional `global`) and verified with NVIDIA's ODS constraints (both numbers non-negative,
// a 0-d tile of pointers) and `verifyAlloca` (the alignment a power of two, at least the
// pointee's natural size): the cases of NVIDIA's test/Dialect/CudaTile/invalid.mlir and more.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @kernels {
  entry @ok() {
    %0 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %1 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %2 = alloca num_elem = 0, alignment = 1 : tile<ptr<i1>>
    %3 = alloca num_elem = 8, alignment = 8 : tile<ptr<f64>>
    return
  }
  entry @negative_count() {
    // expected-error@below {{failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = alloca num_elem = -10, alignment = 16 : tile<ptr<f32>>
    return
  }
  entry @negative_alignment() {
    // expected-error@below {{op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = alloca num_elem = 32, alignment = -10 : tile<ptr<f32>>
    return
  }
  entry @not_power_of_two() {
    // expected-error@below {{op 'alignment' must be power of two}}
    %0 = alloca num_elem = 64, alignment = 3 : tile<ptr<f32>>
    return
  }
  entry @zero_alignment() {
    // expected-error@below {{op 'alignment' must be power of two}}
    %0 = alloca num_elem = 64, alignment = 0 : tile<ptr<f32>>
    return
  }
  entry @under_natural_size() {
    // expected-error@below {{'alignment' (2) must be at least the natural size (4 bytes) for element type 'f32'}}
    %0 = alloca num_elem = 64, alignment = 2 : tile<ptr<f32>>
    return
  }
  entry @not_scalar() {
    // expected-error@below {{op result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4x!cuda_tile.ptr<f32>>'}}
    %0 = alloca num_elem = 64, alignment = 16 : tile<4xptr<f32>>
    return
  }
  entry @missing() {
    // expected-error@below {{'alloca' requires attribute 'alignment'}}
    %0 = "cuda_tile.alloca"() {num_elem = 4 : i64} : () -> !cuda_tile.tile<!cuda_tile.ptr<f32>>
    return
  }
}
