// A shared-memory transpose through tokens: tile block `bid` transposes the 32x32 f32 tile at
// elements [bid*1024, bid*1024 + 1024), so out[bid*1024 + r*32 + c] = in[bid*1024 + c*32 + r].
// The tiles are 1-D, 1024 elements: element i is (r, c) = (i / 32, i % 32).
//
// Written in nv_tileaa (MLIR generic form), because cuda_tile has no shared-memory allocation:
// `nv_tileaa.alloc_shared` gives the contiguous tile `smem + i` of a 4 KiB shared buffer, so the
// transposed view (element i at smem + c*32 + r) is `offset(smem_tile, (c*32 + r) - i)`.
//
//   1. load in[bid*1024 + i] (contiguous view, weak);
//   2. store it to smem[c*32 + r] (weak). The store takes no token from the load: each thread
//      stores the values it loaded itself (a data dependence), so no barrier goes between them;
//   3. load smem[i] (contiguous, weak), ordered after the store by its token. With 128 threads the
//      cyclic layout gives thread t elements t, t+128, …, t+896; element i of the load was written by
//      the thread that owns element (i % 32)*32 + i / 32 of the store (another thread except on
//      the diagonal), and the store's pointer tile is not affine in i, so the lowering puts a CTA
//      barrier (bar.sync 0) between the shared store and the shared load (SYNC-MODEL.md §2);
//   4. store it to out[bid*1024 + i] (weak), again only data-dependent on the shared load.
//
// Launch: grid = (N / 1024, 1, 1), block = (128, 1, 1); in and out are global f32 buffers of N
// elements (N a multiple of 1024) that do not overlap.
"nv_tileaa.kernel"() ({
^bb0(%in: !nv_tileaa.tile<!nv_tileaa.ptr<global, f32>>, %out: !nv_tileaa.tile<!nv_tileaa.ptr<global, f32>>):
  %smem = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  // The global index bid*1024 + i of element i.
  %bid = "nv_tileaa.get_tile_block_id"() : () -> !nv_tileaa.tile<i32>
  %size = "nv_tileaa.constant"() {value = 1024 : i32} : () -> !nv_tileaa.tile<i32>
  %start = "nv_tileaa.muli"(%bid, %size) : (!nv_tileaa.tile<i32>, !nv_tileaa.tile<i32>) -> !nv_tileaa.tile<i32>
  %start1 = "nv_tileaa.reshape"(%start) : (!nv_tileaa.tile<i32>) -> !nv_tileaa.tile<1xi32>
  %starts = "nv_tileaa.broadcast"(%start1) : (!nv_tileaa.tile<1xi32>) -> !nv_tileaa.tile<1024xi32>
  %i = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<1024xi32>
  %idx = "nv_tileaa.addi"(%i, %starts) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  // The transposed index c*32 + r, as an offset from the contiguous shared tile: (c*32 + r) - i.
  %c32 = "nv_tileaa.constant"() {value = 32 : i32} : () -> !nv_tileaa.tile<1024xi32>
  %r = "nv_tileaa.divsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c = "nv_tileaa.remsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c_rows = "nv_tileaa.muli"(%c, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %tr = "nv_tileaa.addi"(%c_rows, %r) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %shift = "nv_tileaa.subi"(%tr, %i) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  // Pointer tiles: in and out at bid*1024 + i (NVIDIA's contiguous-view idiom), smem transposed.
  %in1 = "nv_tileaa.reshape"(%in) : (!nv_tileaa.tile<!nv_tileaa.ptr<global, f32>>) -> !nv_tileaa.tile<1x!nv_tileaa.ptr<global, f32>>
  %inb = "nv_tileaa.broadcast"(%in1) : (!nv_tileaa.tile<1x!nv_tileaa.ptr<global, f32>>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>
  %pin = "nv_tileaa.offset"(%inb, %idx) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>
  %out1 = "nv_tileaa.reshape"(%out) : (!nv_tileaa.tile<!nv_tileaa.ptr<global, f32>>) -> !nv_tileaa.tile<1x!nv_tileaa.ptr<global, f32>>
  %outb = "nv_tileaa.broadcast"(%out1) : (!nv_tileaa.tile<1x!nv_tileaa.ptr<global, f32>>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>
  %pout = "nv_tileaa.offset"(%outb, %idx) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>
  %psT = "nv_tileaa.offset"(%smem, %shift) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  // global -> shared (transposed) -> global; only the shared store -> shared load is token-ordered.
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %v, %t1 = "nv_tileaa.load_ptr_tko"(%pin, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%psT, %v, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%smem, %t2) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%pout, %w, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "transpose_smem", num_threads = 128 : i32} : () -> ()
