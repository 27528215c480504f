// One elected thread reads a flag with acquire at device scope; the value is broadcast to the
// whole tile block (shared memory + CTA barrier), which writes it into 128 elements. The acquire
// orders every later access of the block after the flag read (SYNC-MODEL §2).
cuda_tile.module @consumer {
  cuda_tile.entry @read_flag(%flag: tile<ptr<i32>>, %out: tile<128xptr<i32>>) attributes {num_threads = 128 : i32} {
    %t0 = make_token : token
    %seen, %t1 = load_ptr_tko acquire device %flag token = %t0 : tile<ptr<i32>> -> tile<i32>, token
    %one = reshape %seen : tile<i32> -> tile<1xi32>
    %all = broadcast %one : tile<1xi32> -> tile<128xi32>
    %t2 = store_ptr_tko weak %out, %all token = %t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
