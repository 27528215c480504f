// The ptx dialect's tcgen05 ops on a tcgen05 target: their operand widths (TMEM addresses and
// the instruction descriptor b32, the matrix descriptors b64, enable-input-d a predicate) and
// immediates (columns a power of two in 32..512; the mma kind one of f16, tf32, f8f6f4, i8);
// wgmma, sm_90a's, is an error here.
// RUN: tile-opt %s --target sm_100a --verify-diagnostics

"ptx.kernel"() ({
^bb0(%a: i32, %d: i64, %i: i32, %k: i32, %f: f32):
  %zero = "ptx.mov_imm"() {value = 0 : i32} : () -> i32
  %e = "ptx.setp"(%k, %zero) {cmp = "ne"} : (i32, i32) -> i1
  // Accepted.
  "ptx.tcgen05_alloc"(%a) {columns = 512 : i32} : (i32) -> ()
  "ptx.tcgen05_st"(%a, %f) : (i32, f32) -> ()
  "ptx.tcgen05_mma"(%a, %d, %d, %i, %e) {kind = "f8f6f4"} : (i32, i64, i64, i32, i1) -> ()
  %x = "ptx.tcgen05_ld"(%a) : (i32) -> f32
  "ptx.tcgen05_dealloc"(%a) {columns = 32 : i32} : (i32) -> ()

  // Rejected.
  // expected-error@+1 {{'tcgen05_alloc' attribute 'columns' must be a power of two in 32..512, but it is 48}}
  "ptx.tcgen05_alloc"(%a) {columns = 48 : i32} : (i32) -> ()
  // expected-error@+1 {{'tcgen05_alloc' attribute 'columns' must be a power of two in 32..512, but it is 1024}}
  "ptx.tcgen05_alloc"(%a) {columns = 1024 : i32} : (i32) -> ()
  // expected-error@+1 {{'tcgen05_dealloc' attribute 'columns' must be a power of two in 32..512, but it is 16}}
  "ptx.tcgen05_dealloc"(%a) {columns = 16 : i32} : (i32) -> ()
  // expected-error@+1 {{'tcgen05_alloc' destination (operand #0) must be a 32-bit register, but it is 'i64'}}
  "ptx.tcgen05_alloc"(%d) {columns = 32 : i32} : (i64) -> ()
  // expected-error@+1 {{'tcgen05_mma' attribute 'kind' must be one of f16, tf32, f8f6f4, i8, but it is 'bf16'}}
  "ptx.tcgen05_mma"(%a, %d, %d, %i, %e) {kind = "bf16"} : (i32, i64, i64, i32, i1) -> ()
  // expected-error@+1 {{'tcgen05_mma' B descriptor (operand #2) must be a 64-bit register, but it is 'i32'}}
  "ptx.tcgen05_mma"(%a, %d, %i, %i, %e) : (i32, i64, i32, i32, i1) -> ()
  // expected-error@+1 {{'tcgen05_mma' enable-input-d (operand #4) must be an i1 predicate, but it is 'i32'}}
  "ptx.tcgen05_mma"(%a, %d, %d, %i, %k) : (i32, i64, i64, i32, i32) -> ()
  // expected-error@+1 {{'tcgen05_mma' takes 5 operands, but 4 were given}}
  "ptx.tcgen05_mma"(%a, %d, %d, %i) : (i32, i64, i64, i32) -> ()
  // expected-error@+1 {{'tcgen05_ld' result must be a 32-bit register, but it is 'i64'}}
  %y = "ptx.tcgen05_ld"(%a) : (i32) -> i64
  // expected-error@+1 {{'tcgen05_commit' mbarrier (operand #0) must be a 32-bit register, but it is 'i64'}}
  "ptx.tcgen05_commit"(%d) : (i64) -> ()
  // expected-error@+1 {{'wgmma_fence' needs sm_90a; the target is sm_100a}}
  "ptx.wgmma_fence"() : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "tc", param_types = [i32, i64, i32, i32, f32]} : () -> ()
