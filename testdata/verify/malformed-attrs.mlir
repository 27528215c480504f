// Bad input never panics: attributes of the wrong kind, missing attributes and attribute values
// out of range are located errors. Barrier ids are 0..15 and thread counts multiples of 32
// (bar.sync), pending group counts 0..7, shared allocations have a positive size and a
// power-of-two alignment, warp ranges are [lo, hi) inside the kernel, dims are 0..2.
// RUN: tile-opt %s --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%gp: !nv_tileas.ptr<global>):
  // Accepted.
  "nv_tileas.barrier"() {id = 15 : i32, count = 96 : i32} : () -> ()
  "nv_tileas.barrier_arrive"() {id = 1 : i32, count = 32 : i32} : () -> ()
  "nv_tileas.bulk_wait"() {pending = 7 : i32, read} : () -> ()
  %m = "nv_tileas.alloc_shared"() {size = 256 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 2, 4>} : () -> ()
  %z = "nv_tileas.thread_id"() {dim = 2 : i32} : () -> i32

  // Rejected: wrong kinds and missing attributes.
  // expected-error@+1 {{attribute 'id' of 'barrier' must be an integer, but it is a string}}
  "nv_tileas.barrier"() {id = "zero"} : () -> ()
  // expected-error@+1 {{attribute 'warps' of 'warp_role' must be an array<i32: …>, but it is an integer}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = 1 : i32} : () -> ()
  // expected-error@+1 {{attribute 'space' of 'fence_proxy_async' must be a #mem.space attribute, but it is a #mem.scope attribute}}
  "nv_tileas.fence_proxy_async"() {space = #mem.scope<cta>} : () -> ()
  // expected-error@+1 {{'barrier_arrive' requires attribute 'count' (an integer)}}
  "nv_tileas.barrier_arrive"() {id = 1 : i32} : () -> ()
  // Rejected: values.
  // expected-error@+1 {{'barrier' attribute 'id' must be in 0..15, but it is 16}}
  "nv_tileas.barrier"() {id = 16 : i32} : () -> ()
  // expected-error@+1 {{'barrier' attribute 'count' must be a positive multiple of 32, but it is 48}}
  "nv_tileas.barrier"() {id = 0 : i32, count = 48 : i32} : () -> ()
  // expected-error@+1 {{'barrier_arrive' attribute 'count' must be a positive multiple of 32, but it is 0}}
  "nv_tileas.barrier_arrive"() {id = 2 : i32, count = 0 : i32} : () -> ()
  // expected-error@+1 {{'bulk_wait' attribute 'pending' must be in 0..7, but it is -1}}
  "nv_tileas.bulk_wait"() {pending = -1 : i32} : () -> ()
  // expected-error@+1 {{'alloc_shared' attribute 'size' must be positive, but it is 0}}
  %m2 = "nv_tileas.alloc_shared"() {size = 0 : i64} : () -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{'alloc_shared' attribute 'align' must be a power of two up to 2147483648, but it is 24}}
  %m3 = "nv_tileas.alloc_shared"() {size = 64 : i64, align = 24 : i64} : () -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{'warp_role' attribute 'warps' must be a range [lo, hi) with 0 <= lo < hi, but it is [3, 1)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 3, 1>} : () -> ()
  // expected-error@+1 {{'warp_role' attribute 'warps' must be array<i32: lo, hi>, but it has 3 elements}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1, 2>} : () -> ()
  // expected-error@+1 {{'warp_role' warps [2, 5) exceed the kernel's 4 warps (128 threads)}}
  "nv_tileas.warp_role"() ({
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 2, 5>} : () -> ()
  // expected-error@+1 {{'thread_id' attribute 'dim' must be 0, 1 or 2, but it is 3}}
  %w = "nv_tileas.thread_id"() {dim = 3 : i32} : () -> i32
  // expected-error@+1 {{'gep' attribute 'elem_bytes' must be between 1 and 2147483647, but it is 0}}
  %g = "nv_tileas.gep"(%m, %z) {elem_bytes = 0 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  // expected-error@+1 {{'bulk_copy_s2g' attribute 'bytes' must be a positive multiple of 16, but it is 100}}
  "nv_tileas.bulk_copy_s2g"(%gp, %m) {bytes = 100 : i64} : (!nv_tileas.ptr<global>, !nv_tileas.ptr<shared_cta>) -> ()
  // expected-error@+1 {{'cmpi' does not accept predicate 'less'; expected one of: eq, ne, slt}}
  %c = "nv_tileas.cmpi"(%z, %z) {predicate = "less"} : (i32, i32) -> i1
  // expected-error@+1 {{'fence_proxy_async' does not accept space 'tmem'; expected one of: global, shared_cta, shared_cluster (or none: all spaces)}}
  "nv_tileas.fence_proxy_async"() {space = #mem.space<tmem>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "attrs", num_threads = 128 : i32} : () -> ()

// expected-error@+1 {{'kernel' attribute 'num_threads' must be in 1..1024, but it is 2048}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "too_many_threads", num_threads = 2048 : i32} : () -> ()

// expected-error@+1 {{'kernel' attribute 'min_ctas_per_sm' must be in 1..=32, but it is 0}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "no_ctas", num_threads = 128 : i32, min_ctas_per_sm = 0 : i32} : () -> ()

// expected-error@+1 {{'kernel' attribute 'cluster_dims' must be array<i32: x, y, z> with positive extents, but it is [2, 0, 1]}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "bad_cluster", cluster_dims = array<i32: 2, 0, 1>} : () -> ()

"ptx.kernel"() ({
  // expected-error@+1 {{'bar_sync' attribute 'id' must be in 0..15, but it is 16}}
  "ptx.bar_sync"() {id = 16 : i32} : () -> ()
  // expected-error@+1 {{'mov_sreg' does not know special register '%tid.w'}}
  %r = "ptx.mov_sreg"() {reg = "tid.w"} : () -> i32
  // expected-error@+1 {{'ld_param' attribute 'index' is 1, but the kernel has 1 parameters}}
  %p = "ptx.ld_param"() {index = 1 : i32} : () -> i64
  // expected-error@+1 {{'setp' does not accept comparison 'less'}}
  %c = "ptx.setp"(%r, %r) {cmp = "less"} : (i32, i32) -> i1
  // expected-error@+1 {{'shared_decl' attribute 'align' must be a power of two, but it is 3}}
  "ptx.shared_decl"() {symbol = "buf", size = 16 : i64, align = 3 : i64} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_attrs", param_types = [i64]} : () -> ()

// expected-error@+1 {{'kernel' attribute 'param_types' must be an array of types, but it is a string}}
"ptx.kernel"() ({
  "ptx.ret"() : () -> ()
}) {sym_name = "ptx_bad_params", param_types = "i64"} : () -> ()

// ptx.binary takes the bare opcode; the printer appends the type (ptxas rejects `add.f32.f32`).
"ptx.kernel"() ({
  %a = "ptx.mov_imm"() {value = 1.0 : f32} : () -> f32
  %b = "ptx.mov_imm"() {value = 1 : i32} : () -> i32
  %ok = "ptx.binary"(%a, %a) {opcode = "add"} : (f32, f32) -> f32
  // expected-error@+1 {{'binary' does not accept opcode 'add.f32' (the type is appended when printing)}}
  %x = "ptx.binary"(%a, %a) {opcode = "add.f32"} : (f32, f32) -> f32
  // expected-error@+1 {{opcode 'xor' has no float form in PTX}}
  %y = "ptx.binary"(%a, %a) {opcode = "xor"} : (f32, f32) -> f32
  // expected-error@+1 {{operands and result must have one type}}
  %z = "ptx.binary"(%b, %b) {opcode = "add"} : (i32, i32) -> f32
  %r = "ptx.binary"(%a, %a) {opcode = "add", rounding = "rm", ftz} : (f32, f32) -> f32
  // expected-error@+1 {{a rounding or ftz applies to a float add, sub, mul or div (ftz and nan also to a float min or max), not 'add'}}
  %ri = "ptx.binary"(%b, %b) {opcode = "add", rounding = "rz"} : (i32, i32) -> i32
  // expected-error@+1 {{'add' takes no rounding 'approx' (rn, rz, rm, rp; div also approx, full)}}
  %ra = "ptx.binary"(%a, %a) {opcode = "add", rounding = "approx"} : (f32, f32) -> f32
  %mx = "ptx.binary"(%a, %a) {opcode = "max", ftz, nan} : (f32, f32) -> f32
  // expected-error@+1 {{a rounding or ftz applies to a float add, sub, mul or div (ftz and nan also to a float min or max), not 'add'}}
  %na = "ptx.binary"(%a, %a) {opcode = "add", nan} : (f32, f32) -> f32
  // expected-error@+1 {{a rounding or ftz applies to a float add, sub, mul or div (ftz and nan also to a float min or max), not 'min'}}
  %mr = "ptx.binary"(%a, %a) {opcode = "min", rounding = "rn"} : (f32, f32) -> f32
  %d = "ptx.mov_imm"() {value = 1.0 : f64} : () -> f64
  // expected-error@+1 {{nan (.NaN) applies to f32 only here (max.f64 has none)}}
  %nd = "ptx.binary"(%d, %d) {opcode = "max", nan} : (f64, f64) -> f64
  "ptx.ret"() : () -> ()
}) {sym_name = "binary_opcodes", param_types = []} : () -> ()
