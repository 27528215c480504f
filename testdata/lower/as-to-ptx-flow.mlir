// lower-as-to-ptx + print-ptx for structured loops, select, unsigned division, special
// registers and gep: `for` tests `iv < ub` (signed) at the head and branches back with bra.uni;
// carried values are registers, written as one parallel copy (through temporaries when the body
// yields them swapped); `while` runs its condition region, copies the values it yields into the
// result registers, exits when the i1 is false, else runs the body region and loops; a special
// register read as i64 is zero-extended (mad.wide.u32 r, 1, 0); gep adds index * element size
// to the base, with the index's sign (i32 indices not known to be non-negative are offset by 2^31
// around an unsigned mad.wide, since the ptx dialect has no cvt). The kernel is a set of lowering
// cases, not a race-free program (its stores share one address), hence --no-verify-races.
// RUN: tilec %s --no-verify-races | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %n: i32):
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %a, %b = "nv_tileas.for"(%zero, %n, %one, %zero, %one) ({
  ^bb0(%i: i32, %x: i32, %y: i32):
    "nv_tileas.yield"(%y, %x) : (i32, i32) -> ()
  }) : (i32, i32, i32, i32, i32) -> (i32, i32)
  %r = "nv_tileas.while"(%a) ({
  ^bb0(%k: i32):
    %more = "nv_tileas.cmpi"(%k, %n) {predicate = "ult"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %k) : (i1, i32) -> ()
  }, {
  ^bb0(%k2: i32):
    %k3 = "nv_tileas.addi"(%k2, %b) : (i32, i32) -> i32
    "nv_tileas.yield"(%k3) : (i32) -> ()
  }) : (i32) -> i32
  %c = "nv_tileas.cmpi"(%r, %n) {predicate = "eq"} : (i32, i32) -> i1
  %s = "nv_tileas.select"(%c, %r, %zero) : (i1, i32, i32) -> i32
  %bid = "nv_tileas.block_id"() {dim = 1 : i32} : () -> i32
  %q = "nv_tileas.divsi"(%s, %b) : (i32, i32) -> i32
  %t64 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i64
  %g = "nv_tileas.gep"(%p, %t64) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%g, %t64) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  %h = "nv_tileas.gep"(%p, %q) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%h, %bid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "flow", num_threads = 64 : i32} : () -> ()

// CHECK-LABEL: .visible .entry flow(
// CHECK: .reqntid 64, 1, 1
// CHECK: ld.param.u32 [[N:%r[0-9]+]], [flow_param_1];
// CHECK-NEXT: mov.u32 [[ZERO:%r[0-9]+]], 0;
// CHECK-NEXT: mov.u32 [[ONE:%r[0-9]+]], 1;
// CHECK-NEXT: mov.b32 [[IV:%r[0-9]+]], [[ZERO]];
// CHECK-NEXT: mov.b32 [[X:%r[0-9]+]], [[ZERO]];
// CHECK-NEXT: mov.b32 [[Y:%r[0-9]+]], [[ONE]];
// CHECK-NEXT: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.lt.s32 [[P:%p[0-9]+]], [[IV]], [[N]];
// CHECK-NEXT: @![[P]] bra [[EXIT:\$L__tilec_[0-9]+]];
// The swap goes through temporaries.
// CHECK-NEXT: mov.b32 [[T1:%r[0-9]+]], [[Y]];
// CHECK-NEXT: mov.b32 [[T2:%r[0-9]+]], [[X]];
// CHECK-NEXT: mov.b32 [[X]], [[T1]];
// CHECK-NEXT: mov.b32 [[Y]], [[T2]];
// CHECK-NEXT: add.s32 [[NEXT:%r[0-9]+]], [[IV]], [[ONE]];
// CHECK-NEXT: mov.b32 [[IV]], [[NEXT]];
// CHECK-NEXT: bra.uni [[HEAD]];
// CHECK-NEXT: [[EXIT]]:
// The while: condition, result copy, exit test, body, back edge.
// CHECK-NEXT: mov.b32 [[K:%r[0-9]+]], [[X]];
// CHECK-NEXT: [[WHEAD:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.lt.u32 [[MORE:%p[0-9]+]], [[K]], [[N]];
// CHECK-NEXT: mov.b32 [[R:%r[0-9]+]], [[K]];
// CHECK-NEXT: @![[MORE]] bra [[WEXIT:\$L__tilec_[0-9]+]];
// CHECK-NEXT: add.s32 [[K3:%r[0-9]+]], [[R]], [[Y]];
// CHECK-NEXT: mov.b32 [[K]], [[K3]];
// CHECK-NEXT: bra.uni [[WHEAD]];
// CHECK-NEXT: [[WEXIT]]:
// select: one selp (the true value, the false value, the condition), no branch.
// CHECK-NEXT: setp.eq.u32 [[C:%p[0-9]+]], [[R]], [[N]];
// CHECK-NEXT: selp.b32 [[S:%r[0-9]+]], [[R]], [[ZERO]], [[C]];
// CHECK-NEXT: mov.u32 [[BID:%r[0-9]+]], %ctaid.y;
// CHECK-NEXT: div.s32 [[Q:%r[0-9]+]], [[S]], [[Y]];
// CHECK-NEXT: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK-NEXT: mov.u64 [[Z64:%rd[0-9]+]], 0;
// CHECK-NEXT: mad.wide.u32 [[T64:%rd[0-9]+]], [[TID]], 1, [[Z64]];
// An i64 index: mul.lo.s64 + add.s64.
// CHECK-NEXT: mov.u64 [[EIGHT:%rd[0-9]+]], 8;
// CHECK-NEXT: mul.lo.s64 [[OFF:%rd[0-9]+]], [[T64]], [[EIGHT]];
// CHECK-NEXT: add.s64 [[G:%rd[0-9]+]], [[BASE:%rd[0-9]+]], [[OFF]];
// CHECK-NEXT: st.global.u64 [[[G]]], [[T64]];
// An i32 index that may be negative (a quotient of a select): zext(q ^ 2^31) * 4 - 2^31 * 4.
// CHECK-NEXT: mov.u32 [[FLIP:%r[0-9]+]], -2147483648;
// CHECK-NEXT: xor.b32 [[X:%r[0-9]+]], [[Q]], [[FLIP]];
// CHECK-NEXT: mad.wide.u32 [[W:%rd[0-9]+]], [[X]], 4, [[BASE]];
// CHECK-NEXT: mov.u64 [[BACK:%rd[0-9]+]], -8589934592;
// CHECK-NEXT: add.s64 [[H:%rd[0-9]+]], [[W]], [[BACK]];
// CHECK-NEXT: st.global.u32 [[[H]]], [[BID]];
// CHECK-NEXT: ret;
