// Target awareness, wgmma: wgmma_fence / wgmma_commit / wgmma_wait verify on sm_90a only (not
// on sm_90, not on sm_100a: the `a` features are not forward compatible); tcgen05 is an error on
// sm_90a. wgmma_wait's pending count is 0..7.
// RUN: tile-opt %s --target sm_90a --verify-diagnostics
// RUN: not tile-opt %s --target sm_90 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tile-opt %s --target sm_100a 2>&1 | FileCheck %s --check-prefix=SM100A
// SM90: 'wgmma_fence' needs sm_90a; the target is sm_90
// SM90: 'wgmma_commit' needs sm_90a; the target is sm_90
// SM90: 'wgmma_wait' needs sm_90a; the target is sm_90
// SM100A: 'wgmma_fence' needs sm_90a; the target is sm_100a
// SM100A-NOT: tcgen05_fence_before

"nv_tileas.kernel"() ({
  // Accepted on sm_90a.
  "nv_tileas.wgmma_fence"() : () -> ()
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 7 : i32} : () -> ()
  // Rejected.
  // expected-error@+1 {{'wgmma_wait' attribute 'pending' must be in 0..7, but it is 8}}
  "nv_tileas.wgmma_wait"() {pending = 8 : i32} : () -> ()
  // expected-error@+1 {{'wgmma_wait' requires attribute 'pending' (an integer)}}
  "nv_tileas.wgmma_wait"() : () -> ()
  // expected-error@+1 {{'tcgen05_fence_before' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_90a}}
  "nv_tileas.tcgen05_fence_before"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "wgmma"} : () -> ()
