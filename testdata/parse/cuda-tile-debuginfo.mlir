// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | tile-opt - | FileCheck %s
// NVIDIA's debug information (AttrDefs.td): named attributes at the top (`#name = …`, printed
// back in the order they were defined, each used by its name), the `#cuda_tile.di_*`
// attributes (multi-line struct parameters too) and `loc(…)` after ops, after a function's
// body and after the module. Both RUN lines print the same text from the custom and the
// generic form.
// CHECK: #file = #cuda_tile.di_file<"k.py" in "/src/">
// CHECK-NEXT: #cu = #cuda_tile.di_compile_unit<file = #file>
// CHECK-NEXT: #sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 2>
// CHECK-NEXT: #blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3>
// CHECK-NEXT: #l = loc("/src/k.py":7:8)
// CHECK-NEXT: #dl = #cuda_tile.di_loc<#l in #sp>
// CHECK-NEXT: #db = #cuda_tile.di_loc<loc("/src/k.py":9:1) in #blk>
// CHECK-EMPTY:
// CHECK-NEXT: "builtin.module"() ({
// CHECK: %{{[0-9]+}} = constant <i32: 1> : tile<i32> loc(#dl)
// CHECK-NEXT: %{{[0-9]+}} = constant <i32: 2> : tile<i32> loc(#db)
// CHECK-NEXT: %{{[0-9]+}} = constant <i32: 3> : tile<i32> loc(fused[#l, #db])
// CHECK-NEXT: %{{[0-9]+}} = constant <i32: 4> : tile<i32> loc("name"(#dl))
// CHECK-NEXT: %{{[0-9]+}} = constant <i32: 5> : tile<i32> loc(callsite("/src/a.py":1:2 at #dl))
// CHECK-NEXT: %{{[0-9]+}} = constant <i32: 6> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":4:4) in #sp>)
// CHECK-NEXT: return loc(unknown)
// CHECK-NEXT: } loc(#dl)
// CHECK-NEXT: } loc(unknown)

#file = #cuda_tile.di_file<"k.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<
  file = #file
>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k",
                               compileUnit = #cu, scopeLine = 2>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3>
#l = loc("/src/k.py":7:8)
#dl = #cuda_tile.di_loc<loc(#l) in #sp>
#db = #cuda_tile.di_loc<loc("/src/k.py":9:1) in #blk>

cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<i32> loc(#dl)
    %b = constant <i32: 2> : tile<i32> loc(#db)
    %c = constant <i32: 3> : tile<i32> loc(fused[#l, #db])
    %d = constant <i32: 4> : tile<i32> loc("name"(#dl))
    %e = constant <i32: 5> : tile<i32> loc(callsite("/src/a.py":1:2 at #dl))
    %f = constant <i32: 6> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":4:4) in #sp>)
    return loc(unknown)
  } loc(#dl)
} loc(unknown)
