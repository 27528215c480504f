// lower-as-to-ptx: ptx.binary's `div`/`rem` are signed, so an unsigned division is lowered only
// when both operands are known to be non-negative (then both agree); otherwise a located error.
// RUN: tile-opt %s --passes lower-as-to-ptx --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%a: i32, %b: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %four = "nv_tileas.constant"() {value = 4 : i32} : () -> i32
  // Accepted: thread id / constant.
  %q = "nv_tileas.divui"(%tid, %four) : (i32, i32) -> i32
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.remui' yet: unsigned division needs operands known to be non-negative (ptx.binary's div and rem are signed)}}
  %r = "nv_tileas.remui"(%a, %b) : (i32, i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k"} : () -> ()

// PTX has no .pred parameters (ptxas rejects `.param .pred`): an i1 parameter is a located error.
"nv_tileas.kernel"() ({
// expected-error@+1 {{a kernel parameter of type i1 cannot be lowered: PTX has no .pred parameters (pass an i32 and compare it)}}
^bb0(%flag: i1):
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pred_param", num_threads = 32 : i32} : () -> ()
