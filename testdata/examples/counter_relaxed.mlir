// Every tile block adds 1 to a 0-d counter with a relaxed device-scope atomic (a reduction into a
// counter: atomicity is all it needs, no ordering). Launched on G tile blocks, the counter ends at G.
cuda_tile.module @counters {
  cuda_tile.entry @bump(%counter: tile<ptr<i32>>) attributes {num_threads = 128 : i32} {
    %one = constant <i32: 1> : tile<i32>
    %old, %t = atomic_rmw_tko relaxed device %counter, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
