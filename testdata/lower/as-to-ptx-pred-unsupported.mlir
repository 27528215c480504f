// lower-as-to-ptx: division, remainder and shifts of i1 values (predicate registers) are defined
// only for a divisor `true` or an amount 0 (MLIR arith); tilec rejects them with a located error
// instead of printing `div.u32` on a predicate register, which ptxas rejects.
// RUN: tile-opt %s --passes lower-as-to-ptx --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%x: i32, %out: !nv_tileas.ptr<global>):
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %a = "nv_tileas.cmpi"(%x, %c0) {predicate = "slt"} : (i32, i32) -> i1
  // expected-error@+1 {{lower-as-to-ptx cannot lower 'nv_tileas.divui' yet: on i1 operands (a predicate register): only and/or/xor, addi/subi/muli (modulo 2) and comparisons are lowered}}
  %d = "nv_tileas.divui"(%a, %a) : (i1, i1) -> i1
  "nv_tileas.return"() : () -> ()
}) {sym_name = "pred_div", num_threads = 32 : i32} : () -> ()
