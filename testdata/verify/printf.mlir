// `printf` (nv_tileas and ptx): the operands are what vprintf's buffer holds (i32, i64, f32 —
// written as f64 — and f64).
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%b: i1, %x: i32, %y: f64):
  // Accepted.
  "nv_tileas.printf"(%x, %y) {format = "%d %f\n"} : (i32, f64) -> ()
  // expected-error@+1 {{'printf' operand #0 is 'i1': printf takes i32, i64, f32 or f64}}
  "nv_tileas.printf"(%b) {format = "%d\n"} : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "as_level"} : () -> ()

"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  // Accepted.
  "ptx.printf"(%p) {format = "%ld\n"} : (i64) -> ()
  // expected-error@+1 {{'printf' requires attribute 'format' (a string)}}
  "ptx.printf"(%p) : (i64) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_level", param_types = [i64]} : () -> ()
