// wgmma_mma: the model form (no `n`: one value stands for the accumulators; verify-races reads
// it, the lowering refuses to print it) and the printable form (`n`, n/2 f32 accumulators,
// f16/bf16 factors, the layouts of A and B as 16-byte multiples below 2^18: PTX ISA, "Matrix
// Descriptor Format"; a swizzle of 32, 64 or 128 bytes; A's start offset a multiple of 16 inside
// its swizzle's rows); with two 8-bit integer types (`s8.u8`: m64nNk32) the accumulators are
// i32, B is K-major (no `trans_b`) and may start inside its atoms' rows (`b_koff`). Each bad
// case is its own diagnostic.
// RUN: tile-opt %s --target sm_90a --verify-diagnostics

"nv_tileas.kernel"() ({
  %a = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 256 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %z = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  "nv_tileas.wgmma_fence"() : () -> ()
  // The model form.
  %m = "nv_tileas.wgmma_mma"(%a, %b, %z) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  // expected-error@+1 {{'wgmma_mma' without 'n', one accumulator stands for all of them}}
  %m2:2 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32) -> (f32, f32)
  // m64n8k16: 4 accumulators.
  %d:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "bf16", a_lbo = 128 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' m64n8k16 has 4 accumulators per thread, but 3 are given}}
  %e:3 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 128 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32) -> (f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'n' must be a multiple of 8 in 8..=256, but it is 12}}
  %f:6 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z, %z, %z) {n = 12 : i32, ab_type = "f16", a_lbo = 128 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32, f32, f32) -> (f32, f32, f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'ab_type' must be "f16", "bf16" or two 8-bit integer types ("s8.u8")}}
  %g:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "tf32", a_lbo = 128 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'a_sbo' must be a multiple of 16 below 2^18, but it is 24}}
  %h:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 128 : i32, a_sbo = 24 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'b_lbo' is required with 'n'}}
  %i:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 128 : i32, a_sbo = 256 : i32, b_sbo = 256 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // Swizzled: A 64-byte (start 32 bytes into its rows), B 128-byte.
  %j:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 1024 : i32, b_sbo = 1024 : i32, trans_b, a_swizzle = 64 : i32, a_koff = 32 : i32, b_swizzle = 128 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'b_swizzle' must be 32, 64 or 128 (bytes), but it is 16}}
  %k:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32, b_swizzle = 16 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'a_koff' must be a multiple of 16 inside A's swizzle width ('a_swizzle' = 0), but it is 32}}
  %l:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 128 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32, a_koff = 32 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' attribute 'a_koff' must be a multiple of 16 inside A's swizzle width ('a_swizzle' = 32), but it is 32}}
  %o:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "f16", a_lbo = 16 : i32, a_sbo = 256 : i32, b_lbo = 128 : i32, b_sbo = 256 : i32, a_swizzle = 32 : i32, a_koff = 32 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  %zi = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  // 8-bit integers into i32, B K-major starting 32 bytes into its 64-byte rows.
  %p:4 = "nv_tileas.wgmma_mma"(%a, %b, %zi, %zi, %zi, %zi) {n = 8 : i32, ab_type = "s8.u8", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 16 : i32, b_sbo = 512 : i32, a_swizzle = 64 : i32, b_swizzle = 64 : i32, b_koff = 32 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  // expected-error@+1 {{'wgmma_mma' the accumulators must be i32, but it is 'f32'}}
  %q:4 = "nv_tileas.wgmma_mma"(%a, %b, %z, %z, %z, %z) {n = 8 : i32, ab_type = "u8.u8", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 16 : i32, b_sbo = 512 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32, f32, f32, f32) -> (f32, f32, f32, f32)
  // expected-error@+1 {{'wgmma_mma' 8-bit integer factors are K-major only: no 'trans_b'}}
  %r:4 = "nv_tileas.wgmma_mma"(%a, %b, %zi, %zi, %zi, %zi) {n = 8 : i32, ab_type = "s8.s8", a_lbo = 16 : i32, a_sbo = 512 : i32, b_lbo = 16 : i32, b_sbo = 512 : i32, trans_b} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  // expected-error@+1 {{'wgmma_mma' attribute 'b_koff' must be a multiple of 16 inside B's swizzle width ('b_swizzle' = 32), but it is 32}}
  %s:4 = "nv_tileas.wgmma_mma"(%a, %b, %zi, %zi, %zi, %zi) {n = 8 : i32, ab_type = "s8.u8", a_lbo = 16 : i32, a_sbo = 256 : i32, b_lbo = 16 : i32, b_sbo = 256 : i32, b_swizzle = 32 : i32, b_koff = 32 : i32} : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "wgmma_mma"} : () -> ()
