// An nv_tileaa `for` carrying the unsigned comparison flag (cuda_tile's `for unsigned` is
// rewritten into a signed loop before nv_tileaa; one written in nv_tileaa is not): a located
// error, never a signed loop in its place.
// RUN: tile-opt %s --passes lower-aa-to-as --verify-diagnostics
"nv_tileaa.kernel"() ({
^bb0(%out: !nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>):
  %lb = "nv_tileaa.constant"() {value = 0 : i32} : () -> !nv_tileaa.tile<i32>
  %ub = "nv_tileaa.constant"() {value = 4 : i32} : () -> !nv_tileaa.tile<i32>
  %one = "nv_tileaa.constant"() {value = 1 : i32} : () -> !nv_tileaa.tile<i32>
  // expected-error@+1 {{an nv_tileaa 'for' with an unsigned comparison}}
  "nv_tileaa.for"(%lb, %ub, %one) ({
  ^bb0(%i: !nv_tileaa.tile<i32>):
    "nv_tileaa.continue"() : () -> ()
  }) {unsigned_cmp} : (!nv_tileaa.tile<i32>, !nv_tileaa.tile<i32>, !nv_tileaa.tile<i32>) -> ()
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()
