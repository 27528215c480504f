// RUN: tile-opt %s --verify-diagnostics
// An `if` without results whose arm yields values (NVIDIA: "op does not return a value, but
// else branch yields …"), and NVIDIA's `negi` on floats (dialects/src/common.rs,
// `check_if_arms`, `check_negi`).

cuda_tile.module @m {
  entry @k() {
    %cond = constant <i1: true> : tile<i1>
    %value = constant <i64: [1, 2, 7, 8]> : tile<4xi64>
    // expected-error@+1 {{'if' else arm yields (!cuda_tile.tile<4xi64>), but the 'if' has results ()}}
    if %cond {
      yield
    } else {
      yield %value : tile<4xi64>
    }
    return
  }
  entry @negi_f16() {
    %f16 = constant <f16: [1.0, 2.0]> : tile<2xf16>
    // expected-error@+1 {{'negi' negates an integer tile into one of its type, but got '!cuda_tile.tile<2xf16>'}}
    %x = negi %f16 : tile<2xf16>
    return
  }
}
