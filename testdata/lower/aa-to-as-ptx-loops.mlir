// End to end (tilec → PTX): a `for` carrying a distributed accumulator and the acquire spin
// `loop`. Uniform loops branch back with `bra.uni`; carried values live in registers written by
// `mov`; the spin loop polls with an elected `ld.acquire.gpu`, broadcasts through shared memory
// between two `bar.sync`s (the first keeps the slot's next write after the previous iteration's
// reads), and exits on the broadcast value.
// RUN: tilec %s | FileCheck %s

cuda_tile.module @m {
  entry @accumulate(%p: tile<256xptr<f32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc0 = constant <f32: 0.0> : tile<256xf32>
    %v, %t1 = load_ptr_tko weak %p : tile<256xptr<f32>> -> tile<256xf32>, token
    %acc = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%a = %acc0) -> (tile<256xf32>) {
      %a2 = addf %a, %v : tile<256xf32>
      continue %a2 : tile<256xf32>
    }
    %t2 = store_ptr_tko weak %p, %acc token=%t1 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }
  entry @spin(%flag: tile<ptr<i32>>, %data: tile<128xptr<i32>>, %out: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %t1 = loop iter_values(%tk = %t0) : token -> token {
      %seen, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %seen, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %tk2 : token
      }
      continue %tk2 : token
    }
    %v, %t2 = load_ptr_tko weak %data token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
    %t3 = store_ptr_tko weak %out, %v token=%t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

// CHECK-LABEL: .visible .entry accumulate(
// CHECK: .reqntid 128, 1, 1
// CHECK: ld.global.f32 [[V0:%f[0-9]+]]
// CHECK: ld.global.f32 [[V1:%f[0-9]+]]
// CHECK-NEXT: mov.b32 [[IV:%r[0-9]+]], [[LB:%r[0-9]+]];
// CHECK-NEXT: mov.f32 [[A0:%f[0-9]+]], [[Z:%f[0-9]+]];
// CHECK-NEXT: mov.f32 [[A1:%f[0-9]+]], [[Z]];
// CHECK-NEXT: [[HEAD:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: setp.lt.s32 [[P:%p[0-9]+]], [[IV]], {{%r[0-9]+}};
// CHECK-NEXT: @![[P]] bra [[EXIT:\$L__tilec_[0-9]+]];
// CHECK-NEXT: add.f32 [[S0:%f[0-9]+]], [[A0]], [[V0]];
// CHECK-NEXT: add.f32 [[S1:%f[0-9]+]], [[A1]], [[V1]];
// CHECK-NEXT: mov.f32 [[A0]], [[S0]];
// CHECK-NEXT: mov.f32 [[A1]], [[S1]];
// CHECK-NEXT: add.s32 [[NEXT:%r[0-9]+]], [[IV]], {{%r[0-9]+}};
// CHECK-NEXT: mov.b32 [[IV]], [[NEXT]];
// CHECK-NEXT: bra.uni [[HEAD]];
// CHECK-NEXT: [[EXIT]]:
// CHECK: st.global.f32 [{{%rd[0-9]+}}], [[A0]];
// CHECK: st.global.f32 [{{%rd[0-9]+}}], [[A1]];
// CHECK-NEXT: ret;

// CHECK-LABEL: .visible .entry spin(
// CHECK: .shared .align 4 .b8 [[SLOT:__tilec_smem_[0-9]+]][4];
// CHECK: mov.u32 [[SA:%r[0-9]+]], [[SLOT]];
// CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK: [[TOP:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: mov.u32 [[Z0:%r[0-9]+]], 0;
// CHECK-NEXT: setp.ne.u32 [[NOT0:%p[0-9]+]], [[TID]], [[Z0]];
// CHECK-NEXT: @[[NOT0]] bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: ld.acquire.gpu.global.u32 [[F:%r[0-9]+]], [{{%rd[0-9]+}}];
// CHECK-NEXT: st.shared.u32 [[[SA]]], [[F]];
// CHECK-NEXT: [[SKIP]]:
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: ld.shared.u32 [[SEEN:%r[0-9]+]], [[[SA]]];
// CHECK-NEXT: setp.ge.s32 {{%p[0-9]+}}, [[SEEN]], {{%r[0-9]+}};
// CHECK: bra.uni [[TOP]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK: st.global.u32
// CHECK-NEXT: ret;
