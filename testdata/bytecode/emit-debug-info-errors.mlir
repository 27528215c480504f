// Locations Tile IR bytecode cannot hold are located errors, as NVIDIA's writer reports them
// (it takes a di_loc, a call site, and writes a "file":line:col or unknown one as unknown): a
// named or a fused location at an op of a kernel whose own location is a di_loc.
// RUN: not tile-opt %s --emit-bytecode 2>&1 | FileCheck %s
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#l = loc("/src/k.py":2:4)
#dl = #cuda_tile.di_loc<#l in #sp>
cuda_tile.module @m {
  entry @k() {
    // CHECK: emit-debug-info-errors.mlir:13:5: error: a named location has no Tile IR bytecode form
    %t0 = make_token : token loc("tok"(#dl))
    // CHECK: emit-debug-info-errors.mlir:15:5: error: a fused location has no Tile IR bytecode form
    %t1 = make_token : token loc(fused[#dl, #l])
    // Written as unknown: a location without a scope.
    %t2 = make_token : token loc(#l)
    return loc(#dl)
  } loc(#dl)
}
