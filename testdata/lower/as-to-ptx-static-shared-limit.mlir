// lower-as-to-ptx: a kernel's shared allocations must fit the target's static shared memory, as
// ptxas 13 enforces it ("Entry function … uses too much shared data (…, 0x… max)"): 48 KiB on
// sm_90, 227 KiB on sm_90a. Beyond, a located error instead of PTX that ptxas rejects.
// RUN: tile-opt %s --target sm_90 --passes lower-as-to-ptx --verify-diagnostics

// expected-error@+1 {{the kernel declares 65536 bytes of shared memory; sm_90 allows at most 49152 bytes of static shared memory per kernel}}
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  // expected-note@+1 {{its largest shared allocation}}
  %a = "nv_tileas.alloc_shared"() {size = 49152 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 16384 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "too_much", num_threads = 128 : i32} : () -> ()

// Alignment padding counts: 49150 bytes, then 2 bytes at the next 4096-byte boundary (49152):
// 49154 in all.
// expected-error@+1 {{the kernel declares 49154 bytes of shared memory; sm_90 allows at most 49152 bytes of static shared memory per kernel}}
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  // expected-note@+1 {{its largest shared allocation}}
  %a = "nv_tileas.alloc_shared"() {size = 49150 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 2 : i64, align = 4096 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "padded", num_threads = 128 : i32} : () -> ()

// Exactly 48 KiB: accepted.
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %a = "nv_tileas.alloc_shared"() {size = 49152 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.return"() : () -> ()
}) {sym_name = "fits", num_threads = 128 : i32} : () -> ()
