// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// Element-wise constants (passes/src/lower/aa_to_as/tiles.rs, `elementwise_constant`): equal
// values are a splat; integer values a·i + b of the flattened element index i are computed from
// each owned element's index (here 3·i + 5 over 256 elements: 2 per thread on 128 threads);
// other tables are not lowered yet (aa-to-as-dense-constant-unsupported.mlir).

cuda_tile.module @m {
  entry @affine(%p: tile<256xptr<i32>>) {
    %c = constant <i32: [[5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 53, 56, 59, 62, 65, 68, 71, 74, 77, 80, 83, 86, 89, 92, 95, 98, 101, 104, 107, 110, 113, 116, 119, 122, 125, 128, 131, 134, 137, 140, 143, 146, 149, 152, 155, 158, 161, 164, 167, 170, 173, 176, 179, 182, 185, 188, 191, 194, 197, 200, 203, 206, 209, 212, 215, 218, 221, 224, 227, 230, 233, 236, 239, 242, 245, 248, 251, 254, 257, 260, 263, 266, 269, 272, 275, 278, 281, 284, 287, 290, 293, 296, 299, 302, 305, 308, 311, 314, 317, 320, 323, 326, 329, 332, 335, 338, 341, 344, 347, 350, 353, 356, 359, 362, 365, 368, 371, 374, 377, 380, 383, 386], [389, 392, 395, 398, 401, 404, 407, 410, 413, 416, 419, 422, 425, 428, 431, 434, 437, 440, 443, 446, 449, 452, 455, 458, 461, 464, 467, 470, 473, 476, 479, 482, 485, 488, 491, 494, 497, 500, 503, 506, 509, 512, 515, 518, 521, 524, 527, 530, 533, 536, 539, 542, 545, 548, 551, 554, 557, 560, 563, 566, 569, 572, 575, 578, 581, 584, 587, 590, 593, 596, 599, 602, 605, 608, 611, 614, 617, 620, 623, 626, 629, 632, 635, 638, 641, 644, 647, 650, 653, 656, 659, 662, 665, 668, 671, 674, 677, 680, 683, 686, 689, 692, 695, 698, 701, 704, 707, 710, 713, 716, 719, 722, 725, 728, 731, 734, 737, 740, 743, 746, 749, 752, 755, 758, 761, 764, 767, 770]]> : tile<2x128xi32>
    %f = reshape %c : tile<2x128xi32> -> tile<256xi32>
    %t = store_ptr_tko weak %p, %f : tile<256xptr<i32>>, tile<256xi32> -> token
    return
  }
}

// CHECK-LABEL: "nv_tileas.kernel"() ({
// CHECK: [[TID:%[0-9]+]] = "nv_tileas.thread_id"
// CHECK: [[I1:%[0-9]+]] = "nv_tileas.addi"([[TID]], {{%[0-9]+}})
// CHECK: [[A:%[0-9]+]] = "nv_tileas.constant"() {value = 3 : i32}
// CHECK-NEXT: [[B:%[0-9]+]] = "nv_tileas.constant"() {value = 5 : i32}
// CHECK-NEXT: [[AI:%[0-9]+]] = "nv_tileas.muli"([[TID]], [[A]])
// CHECK-NEXT: "nv_tileas.addi"([[AI]], [[B]])
// CHECK: "nv_tileas.muli"([[I1]], {{%[0-9]+}})
