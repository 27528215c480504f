// Many threads atomically add 1.0 to a few f16 and bf16 counters (NVIDIA's `atomic_rmw_tko ...
// addf` on 16-bit floats: PTX `atom.relaxed.gpu.global.add.noftz.f16` / `.bf16`, PTX ISA 6.3 /
// sm_70 and 7.8 / sm_90). Thread `t` of every tile block adds to f16 counter t mod 4 and to bf16
// counter t mod 16, so each f16 counter gets 32 adds per tile block and each bf16 counter 8.
// Every partial sum is an integer the format holds exactly (f16 up to 2048, bf16 up to 256), so
// the sums are exact whatever order the adds land in.
//
// Launch: grid = (G, 1, 1), block = (128, 1, 1), G ≤ 32; `half` holds 4 f16 zeros, `bfloat` 16
// bf16 zeros. Afterwards half[i] = 32·G and bfloat[i] = 8·G.
cuda_tile.module @atomic_add_f16 {
  entry @atomic_add_f16(%half: tile<ptr<f16>>, %bfloat: tile<ptr<bf16>>) {
    %lane = iota : tile<128xi32>
    %four = constant <i32: 4> : tile<128xi32>
    %sixteen = constant <i32: 16> : tile<128xi32>
    %hi = remi %lane, %four signed : tile<128xi32>
    %bi = remi %lane, %sixteen signed : tile<128xi32>
    %h1 = reshape %half : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hb = broadcast %h1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %hp = offset %hb, %hi : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %b1 = reshape %bfloat : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %bb = broadcast %b1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %bp = offset %bb, %bi : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %one = constant <f16: 1.0> : tile<128xf16>
    %oneb = constant <bf16: 1.0> : tile<128xbf16>
    %oh, %t1 = atomic_rmw_tko relaxed device %hp, addf, %one : tile<128xptr<f16>>, tile<128xf16> -> tile<128xf16>, token
    %ob, %t2 = atomic_rmw_tko relaxed device %bp, addf, %oneb : tile<128xptr<bf16>>, tile<128xbf16> -> tile<128xbf16>, token
    return
  }
}
