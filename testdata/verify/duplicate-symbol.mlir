// No two ops of a block define the same symbol (MLIR's symbol table). A kernel's name becomes
// its PTX entry's name, so two kernels of one name used to compile to PTX that ptxas rejects
// ("Duplicate definition of function"); the fuzzer found it by splicing a file into itself.
// RUN: tile-opt %s --verify-diagnostics

cuda_tile.module @m {
  // expected-note@+1 {{previously defined here}}
  entry @twice(%p: tile<ptr<i32>>) {
    return
  }
  // expected-error@+1 {{redefinition of symbol '@twice'}}
  entry @twice(%p: tile<ptr<i32>>) {
    return
  }
  // Other names are fine.
  entry @once(%p: tile<ptr<i32>>) {
    return
  }
}

// Symbols of different blocks do not clash here. Compiled, both modules' kernels land in one PTX
// file, where the lowering's single block rejects the second: testdata/driver/duplicate-kernel.mlir.
cuda_tile.module @other {
  entry @twice(%p: tile<ptr<i32>>) {
    return
  }
}

// expected-note@+1 {{previously defined here}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 32 : i32} : () -> ()
// expected-error@+1 {{redefinition of symbol '@k'}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 32 : i32} : () -> ()
