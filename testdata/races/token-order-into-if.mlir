// A token orders a store before the `if` with a load inside it: the lowering puts the barrier the
// token asks for inside the `if` (on a CTA-uniform condition), and verify-races credits it
// (issue 14: this was a check 1 false positive).
// RUN: tilec %s | FileCheck %s
// CHECK-LABEL: .visible .entry k(
// CHECK: st.global.u32
// CHECK: bra
// CHECK: bar.sync 0;
// CHECK-NEXT: ld.global.u32
cuda_tile.module @m {
  entry @k(%a: tile<ptr<i32>>, %c: tile<i32>) {
    %a1 = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ab = broadcast %a1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %lane = iota : tile<128xi32>
    %rev0 = constant <i32: 127> : tile<128xi32>
    %rev = subi %rev0, %lane : tile<128xi32>
    %p = offset %ab, %lane : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %q = offset %ab, %rev : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %zero = constant <i32: 0> : tile<i32>
    %go = cmpi greater_than %c, %zero, signed : tile<i32> -> tile<i1>
    %t0 = make_token : token
    %t1 = store_ptr_tko weak %p, %lane token=%t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    if %go {
      %v, %t2 = load_ptr_tko weak %q token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
      %t3 = store_ptr_tko weak %p, %v token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    }
    return
  }
}
