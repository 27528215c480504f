// lower-aa-to-as: the address of a spin's load is computed once, before the `while`. cuTile's
// `while ct.load(state, index=(1,), …) != my: pass` (testdata/cutile/ticket_lock) loads through a
// partition view, whose element offset `1 · stride · 4` the lowering computes where the load is:
// in the while's condition region, which is the whole loop body. Integer arithmetic, constants
// and `gep`s there whose operands come from outside move before the while (the region runs at
// least once, so nothing runs that would not have); the loaded flag, the compare and what uses
// them stay. The spin is then a load, a compare and a branch (ptxas left register moves of the
// address in the loop otherwise).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @ticket(%state: tile<ptr<i32>>, %n: tile<i32>, %stride: tile<i32>, %my: tile<i32>) {
    %tv = make_tensor_view %state, shape = [%n], strides = [%stride] : tile<i32> -> tensor_view<?xi32, strides=[?]>
    %pv = make_partition_view %tv : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>
    %one = constant <i32: 1> : tile<i32>
    %t0 = make_token : token
    %t1 = loop iter_values(%tk = %t0) : token -> token {
      %seen, %tk2 = load_view_tko acquire device %pv[%one] token = %tk : partition_view<tile=(1), tensor_view<?xi32, strides=[?]>>, tile<i32> -> tile<1xi32>, token
      %s = reshape %seen : tile<1xi32> -> tile<i32>
      %wait = cmpi not_equal %s, %my, signed : tile<i32> -> tile<i1>
      if %wait {
      } else {
        break %tk2 : token
      }
      continue %tk2 : token
    }
    return
  }
}

// CHECK: [[P:%[0-9]+]] = "nv_tileas.gep"(%arg0, {{%[0-9]+}}) {elem_bytes = 4 : i64}
// CHECK-NEXT: "nv_tileas.while"() ({
// CHECK-NEXT: [[F:%[0-9]+]] = "nv_tileas.ld"([[P]]) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: [[GO:%[0-9]+]] = "nv_tileas.cmpi"([[F]], %arg3) {predicate = "ne"}
// CHECK-NEXT: "nv_tileas.yield"([[GO]]) : (i1) -> ()
