// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s -o - | FileCheck %s --check-prefix=PTX
// scan through shared memory (passes/src/lower/aa_to_as/scan.rs): the owned elements stored, a
// barrier; each unit (a chunk of a line) folds its chunk from the identity (unrolled: chunks of
// up to 16), storing every inclusive value and its total, a barrier; each unit folds the totals
// before its chunk (the identity for the others) and writes its values into a third buffer, a
// barrier; the owned results loaded.

cuda_tile.module @m {
  // 1024 elements, 128 threads: one line of 128 chunks of 8.
  // CHECK-LABEL: nv_tileas.kernel
  // CHECK: nv_tileas.st
  // CHECK: nv_tileas.barrier
  // CHECK-NOT: nv_tileas.for
  // CHECK: nv_tileas.ld
  // CHECK: nv_tileas.addi
  // CHECK: nv_tileas.st
  // CHECK: nv_tileas.barrier
  // 128 chunks: the prefix over the totals is a loop (up to 16 it is unrolled).
  // CHECK: nv_tileas.for
  // CHECK: nv_tileas.barrier
  // CHECK: nv_tileas.ld
  // PTX-LABEL: .entry cumsum(
  // PTX-COUNT-3: bar.sync 0;
  // PTX-NOT: bar.sync
  // PTX: ret;
  entry @cumsum(%p: tile<1024xptr<i32>>) {
    %a, %t0 = load_ptr_tko weak %p : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %s = scan %a dim=0 reverse=false identities=[0 : i32] : tile<1024xi32> -> tile<1024xi32>
    (%x: tile<i32>, %acc: tile<i32>) {
      %y = addi %x, %acc : tile<i32>
      yield %y : tile<i32>
    }
    %t1 = store_ptr_tko weak %p, %s : tile<1024xptr<i32>>, tile<1024xi32> -> token
    return
  }
  // 256 lines of 4 on 128 threads: one chunk per line, two rounds, no totals pass (two barriers).
  // PTX-LABEL: .entry rows(
  // PTX-COUNT-2: bar.sync 0;
  // PTX-NOT: bar.sync
  // PTX: ret;
  entry @rows(%p: tile<256x4xptr<f32>>) {
    %a, %t0 = load_ptr_tko weak %p : tile<256x4xptr<f32>> -> tile<256x4xf32>, token
    %s = scan %a dim=1 reverse=true identities=[0xFF800000 : f32] : tile<256x4xf32> -> tile<256x4xf32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %y = maxf %x, %acc : tile<f32>
      yield %y : tile<f32>
    }
    %t1 = store_ptr_tko weak %p, %s : tile<256x4xptr<f32>>, tile<256x4xf32> -> token
    return
  }
}
