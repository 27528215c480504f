// int_to_ptr at each level: NVIDIA's (a tile of i64 to a tile of pointers of its shape), nv_tileaa's
// (the same, global pointers) and nv_tileas's (an i64 to a global pointer). Lowered as a register
// alias: testdata/examples/ptr_casts.mlir.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileaa.kernel"() ({
^bb0(%a: !nv_tileaa.tile<128xi64>, %b: !nv_tileaa.tile<128xi32>):
  %p = "nv_tileaa.int_to_ptr"(%a) : (!nv_tileaa.tile<128xi64>) -> !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>
  // expected-error@+1 {{'int_to_ptr' operand #0 must be tile of i64 values, but got '!nv_tileaa.tile<128xi32>'}}
  %q = "nv_tileaa.int_to_ptr"(%b) : (!nv_tileaa.tile<128xi32>) -> !nv_tileaa.tile<128x!nv_tileaa.ptr<global, f32>>
  // expected-error@+1 {{result must be a tile of global pointers of the operand's shape, but it is '!nv_tileaa.tile<64x!nv_tileaa.ptr<global, f32>>'}}
  %r = "nv_tileaa.int_to_ptr"(%a) : (!nv_tileaa.tile<128xi64>) -> !nv_tileaa.tile<64x!nv_tileaa.ptr<global, f32>>
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "aa", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%a: i64, %b: i32):
  %p = "nv_tileas.int_to_ptr"(%a) : (i64) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{operand #0 must be i64, but it is 'i32'}}
  %q = "nv_tileas.int_to_ptr"(%b) : (i32) -> !nv_tileas.ptr<global>
  // expected-error@+1 {{the result must be a !nv_tileas.ptr<global>}}
  %r = "nv_tileas.int_to_ptr"(%a) : (i64) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "as", num_threads = 128 : i32} : () -> ()
