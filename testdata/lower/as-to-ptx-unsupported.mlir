// lower-as-to-ptx: what it cannot lower is a located error.
// RUN: tile-opt %s --passes lower-as-to-ptx --verify-diagnostics

// PTX has no .pred parameters (ptxas rejects `.param .pred`): an i1 parameter is a located error.
"nv_tileas.kernel"() ({
// expected-error@+1 {{a kernel parameter of type i1 cannot be lowered: PTX has no .pred parameters (pass an i32 and compare it)}}
^bb0(%flag: i1):
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pred_param", num_threads = 32 : i32} : () -> ()
