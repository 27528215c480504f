// The 0-d release handoff kernel of ARCHITECTURE.md with each (semantic, scope) pair of the
// walking skeleton: the pair reaches the printed atom unchanged; sc becomes fence.sc + acq_rel.
// RUN: tilec %s --target sm_90a --no-weakest-fence | FileCheck %s

"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "release_gpu", num_threads = 128 : i32} : () -> ()
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "acq_rel_cluster", num_threads = 128 : i32} : () -> ()
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "relaxed_cta", num_threads = 128 : i32} : () -> ()
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "sc_sys", num_threads = 128 : i32} : () -> ()
}) : () -> ()

// CHECK: .version 8.0
// CHECK-NEXT: .target sm_90a
// CHECK-NEXT: .address_size 64

// The stores of all threads, then a CTA barrier, then the elected thread's atomic.
// CHECK-LABEL: .visible .entry release_gpu(
// CHECK: st.global.f32
// CHECK: bar.sync 0;
// CHECK: @%p{{[0-9]+}} bra [[SKIP:\$L__tilec_[0-9]+]];
// CHECK-NEXT: atom.release.gpu.global.add.u32
// CHECK-NEXT: [[SKIP]]:
// CHECK: ret;

// CHECK-LABEL: .visible .entry acq_rel_cluster(
// CHECK: bar.sync 0;
// CHECK: atom.acq_rel.cluster.global.add.u32
// CHECK: bar.sync 0;
// CHECK: ret;

// CHECK-LABEL: .visible .entry relaxed_cta(
// CHECK: bar.sync 0;
// CHECK: atom.relaxed.cta.global.add.u32
// CHECK-NOT: bar.sync
// CHECK: ret;

// CHECK-LABEL: .visible .entry sc_sys(
// CHECK: bar.sync 0;
// CHECK: fence.sc.sys;
// CHECK-NEXT: atom.acq_rel.sys.global.add.u32
// CHECK: bar.sync 0;
// CHECK: ret;
