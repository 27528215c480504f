// tilec shows at most --error-limit errors (default 20, like clang's -ferror-limit), then how many
// more there are; --error-limit 0 shows all. Here 25 geps with elem_bytes = 0.
// RUN: not tilec %s 2>&1 | FileCheck %s
// RUN: not tilec %s --error-limit 0 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: not tilec %s --error-limit 3 2>&1 | FileCheck %s --check-prefix=THREE
// CHECK-COUNT-20: error: 'gep' attribute 'elem_bytes' must be between 1 and 2147483647, but it is 0
// CHECK-NOT: error:
// CHECK: 5 more errors not shown (the limit is 20; --error-limit 0 shows all)
// ALL-COUNT-25: error: 'gep' attribute 'elem_bytes'
// ALL-NOT: not shown
// THREE-COUNT-3: error: 'gep'
// THREE-NOT: error:
// THREE: 22 more errors not shown (the limit is 3; --error-limit 0 shows all)

"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>, %i: i32):
  %g0 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g1 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g2 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g3 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g4 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g5 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g6 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g7 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g8 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g9 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g10 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g11 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g12 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g13 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g14 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g15 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g16 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g17 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g18 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g19 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g20 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g21 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g22 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g23 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %g24 = "nv_tileas.gep"(%p, %i) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 32 : i32} : () -> ()
