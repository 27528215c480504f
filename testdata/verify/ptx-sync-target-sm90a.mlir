// Target awareness of the ptx dialect's sync ops on sm_90a: wgmma verifies; every tcgen05 op
// needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an 'f' target of that family).
// RUN: tile-opt %s --target sm_90a --verify-diagnostics

"ptx.kernel"() ({
^bb0(%a: i32, %d: i64, %i: i32, %k: i32):
  "ptx.wgmma_fence"() : () -> ()
  "ptx.wgmma_commit"() : () -> ()
  "ptx.wgmma_wait"() {pending = 7 : i32} : () -> ()
  %zero = "ptx.mov_imm"() {value = 0 : i32} : () -> i32
  %e = "ptx.setp"(%k, %zero) {cmp = "ne"} : (i32, i32) -> i1
  // expected-error@+1 {{'tcgen05_alloc' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_90a}}
  "ptx.tcgen05_alloc"(%a) {columns = 32 : i32} : (i32) -> ()
  // expected-error@+1 {{'tcgen05_st' needs a tcgen05 target}}
  "ptx.tcgen05_st"(%a, %i) : (i32, i32) -> ()
  // expected-error@+1 {{'tcgen05_wait_st' needs a tcgen05 target}}
  "ptx.tcgen05_wait_st"() : () -> ()
  // expected-error@+1 {{'tcgen05_mma' needs a tcgen05 target}}
  "ptx.tcgen05_mma"(%a, %d, %d, %i, %e) : (i32, i64, i64, i32, i1) -> ()
  // expected-error@+1 {{'tcgen05_commit' needs a tcgen05 target}}
  "ptx.tcgen05_commit"(%a) : (i32) -> ()
  // expected-error@+1 {{'tcgen05_fence_before' needs a tcgen05 target}}
  "ptx.tcgen05_fence_before"() : () -> ()
  // expected-error@+1 {{'tcgen05_fence_after' needs a tcgen05 target}}
  "ptx.tcgen05_fence_after"() : () -> ()
  // expected-error@+1 {{'tcgen05_ld' needs a tcgen05 target}}
  %x = "ptx.tcgen05_ld"(%a) : (i32) -> i32
  // expected-error@+1 {{'tcgen05_wait_ld' needs a tcgen05 target}}
  "ptx.tcgen05_wait_ld"() : () -> ()
  // expected-error@+1 {{'tcgen05_dealloc' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_90a}}
  "ptx.tcgen05_dealloc"(%a) {columns = 32 : i32} : (i32) -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "on_sm90a", param_types = [i32, i64, i32, i32]} : () -> ()
