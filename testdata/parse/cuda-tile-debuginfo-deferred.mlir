// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt - | FileCheck %s
// A `loc(#name)` may name an attribute defined further down, as MLIR allows for locations and
// as `tileirdisasm -g` prints them: every alias after the kernel. tilec resolves the names at
// the end of the file; the printer writes the definitions first.
// CHECK: #di_file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK: #loc2 = #cuda_tile.di_loc<#loc in #di_subprogram>
// CHECK: #loc4 = loc(unknown)
// CHECK: %0 = make_token : token loc(#loc2)
// CHECK: return loc(#loc4)
// CHECK: } loc(#loc3)

entry @k() {
  %0 = make_token : token loc(#loc2)
  return loc(#loc4)
} loc(#loc3)
#di_file = #cuda_tile.di_file<"k.py" in "/src">
#loc = loc("/src/k.py":7:8)
#loc1 = loc("/src/k.py":6:0)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 6, name = "k", linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 6>
#loc2 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc3 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc4 = loc(unknown)
