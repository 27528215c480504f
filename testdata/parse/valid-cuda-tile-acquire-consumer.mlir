// RUN: tile-opt %s --print-generic | tile-opt - --print-generic | FileCheck %s
// cuda_tile, generic form: the consumer side of the handoff. A loop spins on an acquire load of
// the 0-d flag (loop → if → break: regions four deep, tokens as loop-carried block arguments),
// then reads the data and writes it out with weak stores. Also uses iota/offset,
// broadcast, get_tile_block_id, join_tokens and a compare-and-swap (compare before new value).
// CHECK: [[T:%[0-9]+]] = "cuda_tile.loop"([[T0:%[0-9]+]]) ({
// CHECK-NEXT:     ^bb0(%arg3: !cuda_tile.token):
// CHECK-NEXT:       [[SEEN:%[0-9]+]], [[TK:%[0-9]+]] = "cuda_tile.load_ptr_tko"(%arg1, %arg3) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK:            "cuda_tile.if"({{%[0-9]+}}) ({
// CHECK-NEXT:         "cuda_tile.break"([[TK]]) : (!cuda_tile.token) -> ()
// CHECK-NEXT:       }, {
// CHECK-NEXT:         "cuda_tile.yield"() : () -> ()
// CHECK-NEXT:       }) : (!cuda_tile.tile<i1>) -> ()
// CHECK-NEXT:       "cuda_tile.continue"([[TK]]) : (!cuda_tile.token) -> ()
// CHECK-NEXT:     }) : (!cuda_tile.token) -> !cuda_tile.token
// CHECK: "cuda_tile.atomic_cas_tko"(%arg1, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>,
       %out: !cuda_tile.ptr<f32>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %zero = "cuda_tile.constant"() {value = 0 : i32} : () -> !cuda_tile.tile<i32>
    // Spin until the producer's release is observed.
    %t1 = "cuda_tile.loop"(%t0) ({
    ^bb0(%tk: !cuda_tile.token):
      %seen, %tk2 = "cuda_tile.load_ptr_tko"(%flag, %tk) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
          : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
      %ready = "cuda_tile.cmpi"(%seen, %one) {predicate = "sge"} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i1>
      "cuda_tile.if"(%ready) ({
        "cuda_tile.break"(%tk2) : (!cuda_tile.token) -> ()
      }, {
        "cuda_tile.yield"() : () -> ()
      }) : (!cuda_tile.tile<i1>) -> ()
      "cuda_tile.continue"(%tk2) : (!cuda_tile.token) -> ()
    }) : (!cuda_tile.token) -> !cuda_tile.token
    %v, %t2 = "cuda_tile.load_ptr_tko"(%data, %t1) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.token) -> (!cuda_tile.tile<128xf32>, !cuda_tile.token)
    %bid = "cuda_tile.get_tile_block_id"() {dim = 0 : i32} : () -> !cuda_tile.tile<i32>
    %idx = "cuda_tile.iota"() : () -> !cuda_tile.tile<128xi32>
    %base = "cuda_tile.broadcast"(%out) : (!cuda_tile.ptr<f32>) -> !cuda_tile.tile<128x!cuda_tile.ptr<f32>>
    %ptrs = "cuda_tile.offset"(%base, %idx) : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128x!cuda_tile.ptr<f32>>
    %t3 = "cuda_tile.store_ptr_tko"(%ptrs, %v, %t2) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    // Reset the flag: compare operand first, then the new value, then the token.
    %prev, %t4 = "cuda_tile.atomic_cas_tko"(%flag, %one, %zero, %t1) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    %t5 = "cuda_tile.join_tokens"(%t3, %t4) : (!cuda_tile.token, !cuda_tile.token) -> !cuda_tile.token
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "consumer", num_threads = 128 : i32} : () -> ()
}) {sym_name = "handoff_consumer"} : () -> ()
