// lower-cuda-tile-to-aa: NVIDIA's cuda_tile ops that tilec declares (from NVIDIA's ODS) and
// verifies but does not lower yet are each a located `lower.unsupported` error naming the op
// (docs/cuda-tile-ops.md). The custom syntax does not read them: they are written in the
// generic form (NVIDIA's `#cuda_tile.…` attribute values are kept as written; a string stands
// in for one just as well, the declarations checking presence only).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa --verify-diagnostics

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%x: !cuda_tile.tile<128xf32>, %i: !cuda_tile.tile<128xi32>, %p: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>):
    // expected-error@+1 {{lower-cuda-tile-to-aa cannot lower 'cuda_tile.alloca' yet: NVIDIA's op is declared and verified, but not supported yet by the lowering (docs/cuda-tile-ops.md)}}
    %n = "cuda_tile.alloca"() {num_elem = 64 : i64, alignment = 16 : i64} : () -> !cuda_tile.tile<!cuda_tile.ptr<f32>>
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) {sym_name = "m"} : () -> ()
