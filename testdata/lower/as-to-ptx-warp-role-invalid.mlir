// warp_role's `warps` must be `array<i32: lo, hi>` with 0 <= lo < hi <= the kernel's warps; a
// malformed one is rejected, at the op, before lower-as-to-ptx would have to branch on it.
// RUN: tile-opt %s --passes lower-as-to-ptx --verify-diagnostics

"nv_tileas.kernel"() ({
  // expected-error@+1 {{'warp_role' attribute 'warps' must be array<i32: lo, hi>, but it has 1 elements}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1>} : () -> ()
  // expected-error@+1 {{'warp_role' attribute 'warps' must be array<i32: lo, hi>, but it has 3 elements}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1, 2>} : () -> ()
  // expected-error@+1 {{'warp_role' attribute 'warps' must be a range [lo, hi) with 0 <= lo < hi, but it is [2, 1)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 2, 1>} : () -> ()
  // expected-error@+1 {{'warp_role' attribute 'warps' must be a range [lo, hi) with 0 <= lo < hi, but it is [1, 1)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 1, 1>} : () -> ()
  // expected-error@+1 {{'warp_role' attribute 'warps' must be a range [lo, hi) with 0 <= lo < hi, but it is [-1, 1)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: -1, 1>} : () -> ()
  // expected-error@+1 {{'warp_role' warps [2, 5) exceed the kernel's 4 warps (128 threads)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 2, 5>} : () -> ()
  // expected-error@+1 {{attribute 'warps' of 'warp_role' must be an array<i32: …>, but it is an array<i64>}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i64: 0, 1>} : () -> ()
  // expected-error@+1 {{attribute 'warps' of 'warp_role' must be an array<i32: …>, but it is an array}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = [0 : i32, 1 : i32]} : () -> ()
  // expected-error@+1 {{'warp_role' requires attribute 'warps'}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "bad_roles", num_threads = 128 : i32} : () -> ()
