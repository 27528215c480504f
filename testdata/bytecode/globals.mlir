// Globals in Tile IR bytecode (compiler/bytecode/src/write/from_module.rs, lift.rs): the writer
// puts each `global` in the global section (NVIDIA's order: before the functions; its name, its
// value's tile type, the value's data in the constant table, its alignment, and from 13.3 its
// visibility and constness), `get_global` names one by string; the reader makes them `global`
// ops again, at the top with the kernels, and get_global's symbol finds them there. NVIDIA's
// tileirdisasm 13.4 prints tilec's file with the same four globals. A private or constant global
// at 13.1 is an error, as NVIDIA's writer has it.
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.1 -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD
cuda_tile.module @kernels {
  global constant @g1 <f32 : [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  global @g2 alignment = 256 <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  global @g3 <i32: 42> : !cuda_tile.tile<1xi32>
  global private @g4 <i32: 42> : !cuda_tile.tile<1xi32>
  entry @k() {
    %p = get_global @g3 : tile<ptr<i32>>
    return
  }
}

// CHECK: global constant @g1 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK-NEXT: global @g2 alignment = 256 <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
// CHECK-NEXT: global @g3 <i32: 42> : tile<1xi32>
// CHECK-NEXT: global private @g4 <i32: 42> : tile<1xi32>
// CHECK: get_global @g3 : tile<ptr<i32>>

// OLD: error: constant global 'g1' needs Tile IR bytecode 13.3 or later
// OLD: error: private global 'g4' needs Tile IR bytecode 13.3 or later
