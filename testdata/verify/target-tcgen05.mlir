// Target awareness, tcgen05: the tcgen05 family verifies on tcgen05 targets (sm_100a, sm_101a,
// sm_110a and the sm_10x 'f' targets) and is an error elsewhere; wgmma, sm_90a's, is an error on
// all of them. Also the tcgen05 operand and attribute rules: alloc writes the TMEM address to
// shared_cta memory, columns are a power of two in [32, 512], ld/st/mma address TMEM, commit
// arrives on an mbarrier.
// RUN: tile-opt %s --target sm_100a --verify-diagnostics
// RUN: tile-opt %s --target sm_100f --verify-diagnostics
// RUN: tile-opt %s --target sm_110a --verify-diagnostics
// RUN: not tile-opt %s --target sm_90a 2>&1 | FileCheck %s --check-prefix=SM90A
// RUN: not tile-opt %s --target sm_100 2>&1 | FileCheck %s --check-prefix=SM100
// SM90A: 'tcgen05_alloc' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_90a
// SM90A: 'tcgen05_fence_after' needs a tcgen05 target
// SM100: 'tcgen05_alloc' needs a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target); the target is sm_100
// SM100: 'wgmma_fence' needs sm_90a; the target is sm_100

"nv_tileas.kernel"() ({
^bb0(%slot: !nv_tileas.ptr<shared_cta>, %bar: !nv_tileas.ptr<shared_cta>, %tm: !nv_tileas.ptr<tmem>, %g: !nv_tileas.ptr<global>, %v: f32):
  // Accepted on tcgen05 targets.
  "nv_tileas.tcgen05_alloc"(%slot) {columns = 128 : i32} : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.tcgen05_st"(%tm, %v) : (!nv_tileas.ptr<tmem>, f32) -> ()
  "nv_tileas.tcgen05_wait_st"() : () -> ()
  "nv_tileas.tcgen05_mma"(%tm, %slot) : (!nv_tileas.ptr<tmem>, !nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.tcgen05_commit"(%bar) : (!nv_tileas.ptr<shared_cta>) -> ()
  "nv_tileas.tcgen05_fence_before"() : () -> ()
  "nv_tileas.tcgen05_fence_after"() : () -> ()
  %x = "nv_tileas.tcgen05_ld"(%tm) : (!nv_tileas.ptr<tmem>) -> f32
  "nv_tileas.tcgen05_wait_ld"() : () -> ()
  "nv_tileas.tcgen05_dealloc"(%tm) {columns = 128 : i32} : (!nv_tileas.ptr<tmem>) -> ()

  // Rejected: wgmma is sm_90a-only.
  // expected-error@+1 {{'wgmma_fence' needs sm_90a; the target is}}
  "nv_tileas.wgmma_fence"() : () -> ()
  // Rejected: tcgen05 operands and attributes.
  // expected-error@+1 {{'tcgen05_alloc' attribute 'columns' must be a power of two in 32..512, but it is 48}}
  "nv_tileas.tcgen05_alloc"(%slot) {columns = 48 : i32} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'tcgen05_alloc' attribute 'columns' must be a power of two in 32..512, but it is 1024}}
  "nv_tileas.tcgen05_alloc"(%slot) {columns = 1024 : i32} : (!nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'tcgen05_dealloc' attribute 'columns' must be a power of two in 32..512, but it is 16}}
  "nv_tileas.tcgen05_dealloc"(%tm) {columns = 16 : i32} : (!nv_tileas.ptr<tmem>) -> ()
  // expected-error@+1 {{'tcgen05_alloc' operand #0 must be a !nv_tileas.ptr<shared_cta>, but it is '!nv_tileas.ptr<tmem>'}}
  "nv_tileas.tcgen05_alloc"(%tm) {columns = 32 : i32} : (!nv_tileas.ptr<tmem>) -> ()
  // expected-error@+1 {{'tcgen05_ld' operand #0 must be a !nv_tileas.ptr<tmem>, but it is '!nv_tileas.ptr<global>'}}
  %y = "nv_tileas.tcgen05_ld"(%g) : (!nv_tileas.ptr<global>) -> f32
  // expected-error@+1 {{'tcgen05_commit' operand #0 must be a !nv_tileas.ptr<shared_cta> or !nv_tileas.ptr<shared_cluster>, but it is '!nv_tileas.ptr<tmem>'}}
  "nv_tileas.tcgen05_commit"(%tm) : (!nv_tileas.ptr<tmem>) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "tcgen05"} : () -> ()
