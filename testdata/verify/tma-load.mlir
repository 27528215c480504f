// tma_load (cp.async.bulk.tensor, tile mode): the own CTA's shared memory, a tensor map (a
// `!nv_tileas.tensormap` kernel parameter), the mbarrier in the own CTA's shared memory, then 1
// to 5 i32 coordinates; `bytes` (the box) a positive multiple of 16. A tensor-map parameter
// lowers to a 128-byte `.param` read through `cvta.param` (testdata/examples/tma_tensor_map.mlir).
// Each bad op is its own case.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%map: !nv_tileas.tensormap, %g: !nv_tileas.ptr<global>, %x: i64):
  %s = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  // Accepted: 1 and 5 coordinates.
  "nv_tileas.tma_load"(%s, %map, %b, %c0) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.tma_load"(%s, %map, %b, %c0, %c0, %c0, %c0, %c0) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32, i32, i32, i32, i32) -> ()
  // expected-error@+1 {{operand #1 must be a '!nv_tileas.tensormap', but it is '!nv_tileas.ptr<global>'}}
  "nv_tileas.tma_load"(%s, %g, %b, %c0) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>, i32) -> ()
  // expected-error@+1 {{operand #0 must be a !nv_tileas.ptr<shared_cta>, but it is '!nv_tileas.ptr<global>'}}
  "nv_tileas.tma_load"(%g, %map, %b, %c0) {bytes = 512 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32) -> ()
  // expected-error@+1 {{operand #3 must be an i32 coordinate, but it is 'i64'}}
  "nv_tileas.tma_load"(%s, %map, %b, %x) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i64) -> ()
  // expected-error@+1 {{attribute 'bytes' must be a positive multiple of 16, but it is 100}}
  "nv_tileas.tma_load"(%s, %map, %b, %c0) {bytes = 100 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32) -> ()
  // expected-error@+1 {{'tma_load' takes 4 to 8 operands, but 3 were given}}
  "nv_tileas.tma_load"(%s, %map, %b) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'tma_load' takes 4 to 8 operands, but 9 were given}}
  "nv_tileas.tma_load"(%s, %map, %b, %c0, %c0, %c0, %c0, %c0, %c0) {bytes = 512 : i64} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.tensormap, !nv_tileas.ptr<shared_cta>, i32, i32, i32, i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tma", num_threads = 128 : i32} : () -> ()

// ptx: a tensor-map parameter is read as its 64-bit address (`mov.b64` + `cvta.param.u64`),
// and cp_async_bulk_tensor takes a b32 destination, the b64 map, a b32 barrier and b32
// coordinates.
"ptx.kernel"() ({
  %m = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  // expected-error@+1 {{parameter 0 is a tensor map, read as its 64-bit address: the result must be i64}}
  %bad = "ptx.ld_param"() {index = 0 : i32} : () -> i32
  %s = "ptx.ld_param"() {index = 1 : i32} : () -> i32
  "ptx.cp_async_bulk_tensor"(%s, %m, %s, %s, %s) {bytes = 4096 : i64} : (i32, i64, i32, i32, i32) -> ()
  // expected-error@+1 {{tensor map}}
  "ptx.cp_async_bulk_tensor"(%s, %s, %s, %s, %s) {bytes = 4096 : i64} : (i32, i32, i32, i32, i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "p", param_types = [!ptx.tensormap, i32]} : () -> ()
