// REQUIRES: llvm
// RUN: tilec %s --emit llvm --llvm-opt 0 | FileCheck %s --check-prefix=IR
// RUN: tilec %s --backend llvm | FileCheck %s --check-prefix=PTX
// The acquire load of a flag is LLVM's own `load atomic … syncscope("device") acquire`: LLVM
// 22 prints it as `ld.acquire.gpu` (print/native.rs), so LLVM's optimizers see an acquire, not
// an opaque asm statement. The data loads after it stay inline asm.

cuda_tile.module @m {
  cuda_tile.entry @consumer(%flag: tile<ptr<i32>>, %data: tile<128xptr<f32>>, %out: tile<128xptr<f32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %f, %t1 = load_ptr_tko acquire device %flag token = %t0 : tile<ptr<i32>> -> tile<i32>, token
    %x, %t2 = load_ptr_tko weak %data token = %t1 : tile<128xptr<f32>> -> tile<128xf32>, token
    %t3 = store_ptr_tko weak %out, %x token = %t2 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}

// IR: load atomic i32, ptr addrspace(1) %{{[0-9]+}} syncscope("device") acquire, align 4
// IR-NOT: ld.acquire
// PTX: ld.acquire.gpu.global.b32
