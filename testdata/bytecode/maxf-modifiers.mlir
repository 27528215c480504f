// NVIDIA's maxf/minf modifiers in bytecode: the flags word (13.1) holds them as NVIDIA's writer
// numbers an op's unit attributes, in declaration order: bit 0 propagate_nan, bit 1
// flush_to_zero (addf's flush_to_zero, its only unit attribute, is bit 0). The writer sets the
// bits and the reader takes them back: the round trip through the bytecode (13.4 and 13.1) prints
// what the text does. NVIDIA's tileirdisasm (13.4.92) prints tilec's file with the same modifiers
// (`minf %2, %result flush_to_zero propagate_nan`, `addf %3, %result  flush_to_zero`).
// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: tile-opt %s --emit-bytecode --bytecode-version 13.1 -o %t.old
// RUN: tile-opt %t.old | FileCheck %s
// RUN: tile-opt %t.tilebc --dump-bytecode | FileCheck %s --check-prefix=DUMP
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %d: tile<ptr<f64>>) {
    %x, %t = load_ptr_tko weak %a : tile<ptr<f32>> -> tile<f32>, token
    %m0 = maxf %x, %x : tile<f32>
    %m1 = maxf %m0, %x propagate_nan : tile<f32>
    %m2 = maxf %m1, %x flush_to_zero : tile<f32>
    %m3 = minf %m2, %x propagate_nan flush_to_zero : tile<f32>
    %s = addf %m3, %x flush_to_zero : tile<f32>
    %t2 = store_ptr_tko weak %a, %s : tile<ptr<f32>>, tile<f32> -> token
    %y, %t3 = load_ptr_tko weak %d : tile<ptr<f64>> -> tile<f64>, token
    %n = minf %y, %y propagate_nan : tile<f64>
    %t4 = store_ptr_tko weak %d, %n : tile<ptr<f64>>, tile<f64> -> token
    return
  }
}

// CHECK: maxf %{{[0-9]+}}, %{{[0-9]+}} : tile<f32>
// CHECK-NEXT: maxf %{{[0-9]+}}, %{{[0-9]+}} propagate_nan : tile<f32>
// CHECK-NEXT: maxf %{{[0-9]+}}, %{{[0-9]+}} flush_to_zero : tile<f32>
// CHECK-NEXT: minf %{{[0-9]+}}, %{{[0-9]+}} flush_to_zero propagate_nan : tile<f32>
// CHECK-NEXT: addf %{{[0-9]+}}, %{{[0-9]+}} flush_to_zero : tile<f32>
// CHECK: minf %{{[0-9]+}}, %{{[0-9]+}} propagate_nan : tile<f64>

// DUMP: MaxF %{{[0-9]+}}, %{{[0-9]+}} : tile<f32>
// DUMP-NEXT: MaxF %{{[0-9]+}}, %{{[0-9]+}} flags 0x1 : tile<f32>
// DUMP-NEXT: MaxF %{{[0-9]+}}, %{{[0-9]+}} flags 0x2 : tile<f32>
// DUMP-NEXT: MinF %{{[0-9]+}}, %{{[0-9]+}} flags 0x3 : tile<f32>
// DUMP-NEXT: AddF %{{[0-9]+}}, %{{[0-9]+}} flags 0x1 {nearest_even} : tile<f32>
// DUMP: MinF %{{[0-9]+}}, %{{[0-9]+}} flags 0x1 : tile<f64>
