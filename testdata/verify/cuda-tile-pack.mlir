// NVIDIA's pack/unpack rules (verifyPackUnpackTypes, with its messages; dialects/src/cuda_tile/
// rules.rs check_pack, shared by nv_tileaa): rank-1 tiles of one size in bytes whose element
// widths differ. Each bad case is its own kernel.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @ok {
  entry @ok() {
    %x = constant <f16: 1.0> : tile<64xf16>
    %p = pack %x : tile<64xf16> -> tile<128xi8>
    %u = unpack %p : tile<128xi8> -> tile<32xi32>
    return
  }
}

cuda_tile.module @rank {
  entry @rank() {
    %x = constant <f16: 1.0> : tile<32xf16>
    // expected-error@+1 {{op failed to verify that all of {source, result} have same rank}}
    %p = pack %x : tile<32xf16> -> tile<32x2xi8>
    return
  }
}

cuda_tile.module @rank2 {
  entry @rank2() {
    %x = constant <f16: 1.0> : tile<32x32xf16>
    // expected-error@+1 {{op expects source and result to be rank-1 tiles}}
    %p = pack %x : tile<32x32xf16> -> tile<32x64xi8>
    return
  }
}

cuda_tile.module @size {
  entry @size() {
    %x = constant <i8: 1> : tile<64xi8>
    // expected-error@+1 {{op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 128 bytes}}
    %u = unpack %x : tile<64xi8> -> tile<64xf16>
    return
  }
}

cuda_tile.module @width {
  entry @width() {
    %x = constant <i8: 1> : tile<32xi8>
    // expected-error@+1 {{op expects source and result to have different element type widths}}
    %p = pack %x : tile<32xi8> -> tile<32xi8>
    return
  }
}

cuda_tile.module @narrow {
  entry @narrow() {
    %x = constant <f8E4M3FN: 1.0> : tile<32xf8E4M3FN>
    // expected-error@+1 {{op expects source and result to have different element type widths}}
    %p = pack %x : tile<32xf8E4M3FN> -> tile<32xi8>
    return
  }
}
