// lower-as-to-ptx: a 64-bit shift takes its amount as a u32 register in PTX (`shl.b64 d, a, b`
// with b .u32; ptxas rejects a .b64 amount), so an i64 amount is narrowed with cvt.u32.u64 first.
// 32-bit shifts are unchanged. (Each thread stores to its own 16-byte slot: the kernel is
// race-free, as verify-races checks.)
// RUN: tilec %s --target sm_90a | FileCheck %s
// RUN: tile-opt %s --passes lower-as-to-ptx | FileCheck %s --check-prefix=IR

"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i64
  %three = "nv_tileas.constant"() {value = 3 : i64} : () -> i64
  %a = "nv_tileas.shli"(%tid, %three) : (i64, i64) -> i64
  %b = "nv_tileas.shrui"(%a, %three) : (i64, i64) -> i64
  %c = "nv_tileas.shrsi"(%b, %three) : (i64, i64) -> i64
  %t32 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %two = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
  %d = "nv_tileas.shli"(%t32, %two) : (i32, i32) -> i32
  %slot = "nv_tileas.gep"(%out, %t32) {elem_bytes = 16 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %slot2 = "nv_tileas.gep"(%slot, %two) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%slot, %c) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  "nv_tileas.st"(%slot2, %d) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "shifts", num_threads = 128 : i32} : () -> ()

// CHECK: mov.u64 [[THREE:%rd[0-9]+]], 3;
// CHECK-NEXT: cvt.u32.u64 [[AMT:%r[0-9]+]], [[THREE]];
// CHECK-NEXT: shl.b64 [[A:%rd[0-9]+]], {{%rd[0-9]+}}, [[AMT]];
// CHECK-NEXT: cvt.u32.u64 [[AMT2:%r[0-9]+]], [[THREE]];
// CHECK-NEXT: shr.u64 [[B:%rd[0-9]+]], [[A]], [[AMT2]];
// CHECK-NEXT: cvt.u32.u64 [[AMT3:%r[0-9]+]], [[THREE]];
// CHECK-NEXT: shr.s64 {{%rd[0-9]+}}, [[B]], [[AMT3]];
// CHECK-NOT: cvt
// CHECK: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};

// IR: "ptx.cvt"({{%[0-9]+}}) : (i64) -> i32
// IR-NEXT: "ptx.binary"({{%[0-9]+}}, {{%[0-9]+}}) {opcode = "shl"} : (i64, i32) -> i64
