// NVIDIA's 13.3 ops `mmaf_scaled` (opcode 0x72: five operands) and `alloca` (0x71: a flags
// word whose bit 0 is `global`, then `num_elem` and `alignment` as varints), and `mmaf`'s
// `fast_acc` (bit 0 of its 13.3 flags word) in Tile IR bytecode: the writer emits NVIDIA's
// encodings (the dump shows them), the module read back prints as written, and a version before
// 13.3 is a located error per op. NVIDIA's tileirdisasm reads the same file as the custom syntax
// writes it (written/mmaf-scaled-alloca.tilebc and .disasm.txt, compared by
// compiler/bytecode/tests/lift.rs).
// RUN: tile-opt %s --emit-bytecode -o %t.tilebc
// RUN: tile-opt --dump-bytecode %t.tilebc | FileCheck %s --check-prefix=DUMP
// RUN: tile-opt %t.tilebc | FileCheck %s
// RUN: not tile-opt %s --emit-bytecode --bytecode-version 13.2 -o %t.old 2>&1 | FileCheck %s --check-prefix=OLD
// DUMP: %7 = MmaFScaled %0, %0, %1, %2, %3 : tile<128x128xf32>
// DUMP-NEXT: %8 = MmaF %4, %5, %6 flags 0x1 : tile<4x16xf32>
// DUMP-NEXT: %9 = MmaF %4, %5, %6 : tile<4x16xf32>
// DUMP-NEXT: %10 = Alloca {64, 16} : tile<ptr<f32>>
// DUMP-NEXT: %11 = Alloca flags 0x1 {32, 128} : tile<ptr<f32>>
// CHECK: %7 = mmaf_scaled %0, %0, %1, %2, %3 : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
// CHECK-NEXT: %8 = mmaf %4, %5, %6 fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
// CHECK-NEXT: %9 = mmaf %4, %5, %6 : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
// CHECK-NEXT: %10 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
// CHECK-NEXT: %11 = alloca num_elem = 32, alignment = 128 global : tile<ptr<f32>>
// OLD: mmaf-scaled-alloca.mlir:36:5: error: 'mmaf_scaled' needs bytecode 13.3, not 13.2
// OLD: mmaf-scaled-alloca.mlir:37:5: error: 'mmaf' with these optional fields needs a newer bytecode than 13.2
// OLD: mmaf-scaled-alloca.mlir:39:5: error: 'alloca' needs bytecode 13.3, not 13.2
// OLD: mmaf-scaled-alloca.mlir:40:5: error: 'alloca' needs bytecode 13.3, not 13.2

cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E5M2: 1.0> : tile<128x128xf8E5M2>
    %c = constant <f32: 0.0> : tile<128x128xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x128xf8E8M0FNU>
    %x = constant <f8E4M3FN: 1.0> : tile<4x8xf8E4M3FN>
    %y = constant <f8E4M3FN: 1.0> : tile<8x16xf8E4M3FN>
    %z = constant <f32: 0.0> : tile<4x16xf32>
    %0 = mmaf_scaled %a, %a, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %1 = mmaf %x, %y, %z fast_acc : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %2 = mmaf %x, %y, %z : tile<4x8xf8E4M3FN>, tile<8x16xf8E4M3FN>, tile<4x16xf32>
    %3 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %4 = alloca num_elem = 32, alignment = 128 global : tile<ptr<f32>>
    return
  }
}
