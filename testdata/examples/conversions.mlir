// NVIDIA's conversions and integer ops on a GPU (passes/src/lower/as_to_ptx/convert.rs): over
// x[i] = i - 512, every result is checked after each launch (conversions.run.toml):
// ftoi(floor(itof(x)·0.25)), ceil(itof(x)·0.25) as f64, maxi/absi (signed), maxi/mini
// (unsigned: every negative x is above 0), mulhii (the high word of x·2^24 as u32), shri
// (unsigned), remi (signed), itof unsigned to f64, ftof f32 → f16 → bf16 → f32, and a bitcast
// round trip that flips the sign bit.
//
// Launch: grid = (1, 1, 1), block = (128, 1, 1); every buffer has 1024 elements.
cuda_tile.module @conversions {
  entry @conversions(%px: tile<1024xptr<i32>>, %pfloor: tile<1024xptr<i32>>, %pceil: tile<1024xptr<f64>>, %pmax: tile<1024xptr<i32>>, %pabs: tile<1024xptr<i32>>, %pu: tile<1024xptr<i32>>, %phi: tile<1024xptr<i32>>, %pshr: tile<1024xptr<i32>>, %prem: tile<1024xptr<i32>>, %pu2f: tile<1024xptr<f64>>, %ph: tile<1024xptr<f16>>, %pb: tile<1024xptr<bf16>>, %pneg: tile<1024xptr<f32>>, %pbf: tile<1024xptr<f32>>) {
    %x, %t0 = load_ptr_tko weak %px : tile<1024xptr<i32>> -> tile<1024xi32>, token
    %quarter = constant <f32: 0.25> : tile<1024xf32>
    %zero = constant <i32: 0> : tile<1024xi32>
    %f0 = itof %x signed : tile<1024xi32> -> tile<1024xf32>
    %f = mulf %f0, %quarter : tile<1024xf32>
    %fl = floor %f : tile<1024xf32>
    %fli = ftoi %fl signed : tile<1024xf32> -> tile<1024xi32>
    %t1 = store_ptr_tko weak %pfloor, %fli : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %ce = ceil %f : tile<1024xf32>
    %ced = ftof %ce : tile<1024xf32> -> tile<1024xf64>
    %t2 = store_ptr_tko weak %pceil, %ced : tile<1024xptr<f64>>, tile<1024xf64> -> token
    %mx = maxi %x, %zero signed : tile<1024xi32>
    %t3 = store_ptr_tko weak %pmax, %mx : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %ab = absi %x : tile<1024xi32>
    %t4 = store_ptr_tko weak %pabs, %ab : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %umx = maxi %x, %zero unsigned : tile<1024xi32>
    %umn = mini %x, %zero unsigned : tile<1024xi32>
    %u2 = addi %umx, %umx : tile<1024xi32>
    %u = addi %u2, %umn : tile<1024xi32>
    %t5 = store_ptr_tko weak %pu, %u : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %c24 = constant <i32: 16777216> : tile<1024xi32>
    %hi = mulhii %x, %c24 : tile<1024xi32>
    %t6 = store_ptr_tko weak %phi, %hi : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %three = constant <i32: 3> : tile<1024xi32>
    %sh = shri %x, %three unsigned : tile<1024xi32>
    %t7 = store_ptr_tko weak %pshr, %sh : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %seven = constant <i32: 7> : tile<1024xi32>
    %rm = remi %x, %seven signed : tile<1024xi32>
    %t8 = store_ptr_tko weak %prem, %rm : tile<1024xptr<i32>>, tile<1024xi32> -> token
    %ud = itof %x unsigned : tile<1024xi32> -> tile<1024xf64>
    %t9 = store_ptr_tko weak %pu2f, %ud : tile<1024xptr<f64>>, tile<1024xf64> -> token
    %h = ftof %f : tile<1024xf32> -> tile<1024xf16>
    %t10 = store_ptr_tko weak %ph, %h : tile<1024xptr<f16>>, tile<1024xf16> -> token
    %b = ftof %h : tile<1024xf16> -> tile<1024xbf16>
    %t11 = store_ptr_tko weak %pb, %b : tile<1024xptr<bf16>>, tile<1024xbf16> -> token
    %bits = bitcast %f : tile<1024xf32> -> tile<1024xi32>
    %sign = constant <i32: -2147483648> : tile<1024xi32>
    %flipped = xori %bits, %sign : tile<1024xi32>
    %neg = bitcast %flipped : tile<1024xi32> -> tile<1024xf32>
    %t12 = store_ptr_tko weak %pneg, %neg : tile<1024xptr<f32>>, tile<1024xf32> -> token
    %bf = ftof %b : tile<1024xbf16> -> tile<1024xf32>
    %t13 = store_ptr_tko weak %pbf, %bf : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}
