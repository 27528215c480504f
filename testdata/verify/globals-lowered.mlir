// NVIDIA's globals below cuda_tile (dialects/src/globals.rs): nv_tileaa, nv_tileas and ptx keep
// `global`'s attributes (a rank-1 value_type, one value or one per element: the bytes the PTX
// printer writes) and `get_global` names a global of its own dialect at the top level.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileaa.global"() {sym_name = "a", value = [1 : i32, 2 : i32], value_type = !nv_tileaa.tile<2xi32>} : () -> ()
// expected-error@+1 {{a global of 3 elements has 2 values}}
"nv_tileaa.global"() {sym_name = "b", value = [1 : i32, 2 : i32], value_type = !nv_tileaa.tile<3xi32>} : () -> ()
// expected-error@+1 {{a global's type must have rank 1}}
"nv_tileas.global"() {sym_name = "c", value = 0 : i32, value_type = !nv_tileas.tile<2x2xi32>} : () -> ()
"nv_tileas.global"() {sym_name = "d", value = 1.5 : f16, value_type = !nv_tileas.tile<4xf16>} : () -> ()
"nv_tileaa.kernel"() ({
  %p = "nv_tileaa.get_global"() {name = @a} : () -> !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>
  // expected-error@+1 {{'d' does not reference a global of this dialect}}
  %q = "nv_tileaa.get_global"() {name = @d} : () -> !nv_tileaa.tile<!nv_tileaa.ptr<global, f16>>
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()
"nv_tileas.kernel"() ({
  %p = "nv_tileas.get_global"() {name = @d} : () -> !nv_tileas.ptr<global>
  // expected-error@+1 {{'name' must be a symbol (@global)}}
  %q = "nv_tileas.get_global"() {name = "d"} : () -> !nv_tileas.ptr<global>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k2", num_threads = 128 : i32} : () -> ()
