// RUN: tilec %s --emit nv_tileas -o - | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// print_tko (passes/src/lower/aa_to_as/print.rs): 0-d operands print once, in the elected
// thread; a tile prints one line per element, by the thread that owns it, guarded where the
// tile does not fill the threads (40 elements over 128 threads: one element, thread t < 40),
// the 0-d operands in each line. i1 prints as the i32 0 or 1 (a select), f16 converted to f32,
// i8 sign-extended to i32 (`cvt.s32.s8` of its 32-bit register);
// the PTX is the vprintf system call with the operands in a local buffer (f32 as f64).

cuda_tile.module @m {
  entry @k(%b: tile<i1>, %h: tile<f16>, %s: tile<i64>, %y: tile<i8>) {
    %c = constant <i32: 7> : tile<i32>
    %t0 = print_tko "flags %d %f %ld\n", %b, %h, %s : tile<i1>, tile<f16>, tile<i64> -> token
    %i = iota : tile<40xi32>
    %t1 = print_tko "%d: %d\n", %i, %c : tile<40xi32>, tile<i32> -> token
    %t2 = print_tko "no operands\n" -> token
    %t3 = print_tko "byte %d\n", %y : tile<i8> -> token
    return
  }
}

// CHECK: %[[TID:[0-9]+]] = "nv_tileas.thread_id"
// CHECK: %[[LIVE:[0-9]+]] = "nv_tileas.cmpi"(%[[TID]], %{{[0-9]+}}) {predicate = "ult"}
// CHECK: "nv_tileas.elect"() ({
// CHECK: %[[B:[0-9]+]] = "nv_tileas.select"(%{{[a-z0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (i1, i32, i32) -> i32
// CHECK-NEXT: %[[H:[0-9]+]] = "nv_tileas.ftof"(%{{[a-z0-9]+}}) : (f16) -> f32
// CHECK-NEXT: "nv_tileas.printf"(%[[B]], %[[H]], %{{[a-z0-9]+}}) {format = "flags %d %f %ld\n"} : (i32, f32, i64) -> ()
// CHECK: "nv_tileas.if"(%[[LIVE]]) ({
// CHECK-NEXT: "nv_tileas.printf"(%[[TID]], %{{[0-9]+}}) {format = "%d: %d\n"} : (i32, i32) -> ()
// CHECK: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.printf"() {format = "no operands\n"} : () -> ()
// CHECK: "nv_tileas.elect"() ({
// CHECK-NEXT: %[[Y:[0-9]+]] = "nv_tileas.extsi"(%{{[a-z0-9]+}}) : (i8) -> i32
// CHECK-NEXT: "nv_tileas.printf"(%[[Y]]) {format = "byte %d\n"} : (i32) -> ()

// PTX: .extern .func (.param .b32 func_retval0) vprintf
// PTX: .global .align 1 .b8 __tilec_fmt_0[17] = {102, 108, 97, 103, 115, 32, 37, 100, 32, 37, 102, 32, 37, 108, 100, 10, 0};
// PTX: .local .align 8 .b8 __tilec_buf[24];
// PTX: st.local.b32 [__tilec_buf+0],
// PTX: cvt.f64.f32 %tilec_d,
// PTX-NEXT: st.local.f64 [__tilec_buf+8], %tilec_d;
// PTX-NEXT: st.local.b64 [__tilec_buf+16],
// PTX: call.uni (__tilec_r), vprintf, (__tilec_p0, __tilec_p1);
// PTX: mov.u64 %tilec_b, 0;
// PTX: cvt.s32.s8 %r{{[0-9]+}}, %r{{[0-9]+}};
