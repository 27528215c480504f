// NVIDIA's module globals: `global` declares a rank-1 array with its initial values, printed as
// a `.global` array of their little-endian bytes (PTX ISA "Variable Declarations"); `get_global`
// is its address (`mov.u64 d, name`), a 0-d pointer tile. Each thread reads entry i mod 4 of an
// i32 table and of an f16 table (1.5, -2, 0.25, 1024: the f16 bits 0x3e00, 0xc000, 0x3400,
// 0x6400) and stores table_i[i mod 4] + table_h[i mod 4] as f32.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1) (globals.run.toml).
cuda_tile.module @globals {
  global @table_i <i32: [10, 20, 30, 40]> : tile<4xi32>
  global @table_h <f16: [1.5, -2.0, 0.25, 1024.0]> : tile<4xf16>
  entry @globals(%out: tile<128xptr<f32>>) {
    %pi = get_global @table_i : tile<ptr<i32>>
    %ph = get_global @table_h : tile<ptr<f16>>
    %iota = iota : tile<128xi32>
    %three = constant <i32: 3> : tile<128xi32>
    %k = andi %iota, %three : tile<128xi32>
    %ri = reshape %pi : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bi = broadcast %ri : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ai = offset %bi, %k : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %rh = reshape %ph : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bh = broadcast %rh : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %ah = offset %bh, %k : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %vi, %t1 = load_ptr_tko weak %ai : tile<128xptr<i32>> -> tile<128xi32>, token
    %vh, %t2 = load_ptr_tko weak %ah : tile<128xptr<f16>> -> tile<128xf16>, token
    %fi = itof %vi signed : tile<128xi32> -> tile<128xf32>
    %fh = ftof %vh : tile<128xf16> -> tile<128xf32>
    %s = addf %fi, %fh : tile<128xf32>
    %t3 = store_ptr_tko weak %out, %s : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
