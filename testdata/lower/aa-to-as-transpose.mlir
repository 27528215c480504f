// lower-aa-to-as, a shared-memory transpose through tokens (the pattern of
// testdata/examples/transpose_smem.mlir, on 32x32 f32 tiles flattened to 1024 elements, 128
// threads, so thread t owns elements t, t+128, …, t+896). The shared tile `smem + i` is stored to at the
// transposed position c*32 + r (r = i / 32, c = i % 32: the pointer tile offset(smem, (c*32 + r) - i)
// is not affine in i, so nothing proves a thread touches only its own elements) and loaded back
// contiguously, ordered after the store by its token. Element i of the load was written by the
// owner of element (i % 32)*32 + i / 32 of the store, another thread except on the diagonal: a
// CTA barrier goes between the shared store and the shared load (SYNC-MODEL.md §2).
//
// @transpose: the global load -> shared store and shared load -> global store steps are data
// dependences only (their memory ops take the fresh token), so the barrier is the only one.
// @all_tokens: the same with every step token-ordered: the lowering also puts a barrier before the
// shared store and before the global store (each token handoff between different pointer tiles
// gets one; it does not use the fact that global and shared memory cannot alias).
// @straight: the same without the transposition (the store goes through `smem` itself): the shared
// load reads what the same thread stored through the same injective pointer tile, so no barrier.
// RUN: tile-opt %s --passes lower-aa-to-as | FileCheck %s
// RUN: tilec %s --target sm_90a | FileCheck %s --check-prefix=PTX

"nv_tileaa.kernel"() ({
^bb0(%in: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, %out: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>):
  %smem = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %i = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<1024xi32>
  %c32 = "nv_tileaa.constant"() {value = 32 : i32} : () -> !nv_tileaa.tile<1024xi32>
  %r = "nv_tileaa.divsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c = "nv_tileaa.remsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c_rows = "nv_tileaa.muli"(%c, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %tr = "nv_tileaa.addi"(%c_rows, %r) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %shift = "nv_tileaa.subi"(%tr, %i) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %psT = "nv_tileaa.offset"(%smem, %shift) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %v, %t1 = "nv_tileaa.load_ptr_tko"(%in, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%psT, %v, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%smem, %t2) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%out, %w, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "transpose", num_threads = 128 : i32} : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%in: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, %out: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>):
  %smem = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %i = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<1024xi32>
  %c32 = "nv_tileaa.constant"() {value = 32 : i32} : () -> !nv_tileaa.tile<1024xi32>
  %r = "nv_tileaa.divsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c = "nv_tileaa.remsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c_rows = "nv_tileaa.muli"(%c, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %tr = "nv_tileaa.addi"(%c_rows, %r) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %shift = "nv_tileaa.subi"(%tr, %i) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %psT = "nv_tileaa.offset"(%smem, %shift) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %v, %t1 = "nv_tileaa.load_ptr_tko"(%in, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%psT, %v, %t1) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%smem, %t2) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%out, %w, %t3) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "all_tokens", num_threads = 128 : i32} : () -> ()

"nv_tileaa.kernel"() ({
^bb0(%in: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, %out: !nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>):
  %smem = "nv_tileaa.alloc_shared"() : () -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %i = "nv_tileaa.iota"() : () -> !nv_tileaa.tile<1024xi32>
  %c32 = "nv_tileaa.constant"() {value = 32 : i32} : () -> !nv_tileaa.tile<1024xi32>
  %r = "nv_tileaa.divsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c = "nv_tileaa.remsi"(%i, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %c_rows = "nv_tileaa.muli"(%c, %c32) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %tr = "nv_tileaa.addi"(%c_rows, %r) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %shift = "nv_tileaa.subi"(%tr, %i) : (!nv_tileaa.tile<1024xi32>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024xi32>
  %psT = "nv_tileaa.offset"(%smem, %shift) : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xi32>) -> !nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>
  %t0 = "nv_tileaa.make_token"() : () -> !nv_tileaa.token
  %v, %t1 = "nv_tileaa.load_ptr_tko"(%in, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t2 = "nv_tileaa.store_ptr_tko"(%smem, %v, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  %w, %t3 = "nv_tileaa.load_ptr_tko"(%smem, %t2) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<shared_cta, f32>>, !nv_tileaa.token) -> (!nv_tileaa.tile<1024xf32>, !nv_tileaa.token)
  %t4 = "nv_tileaa.store_ptr_tko"(%out, %w, %t0) {mem_semantic = #mem.sem<weak>} : (!nv_tileaa.tile<1024x!nv_tileaa.ptr<global, f32>>, !nv_tileaa.tile<1024xf32>, !nv_tileaa.token) -> !nv_tileaa.token
  "nv_tileaa.return"() : () -> ()
}) {sym_name = "straight", num_threads = 128 : i32} : () -> ()

// Element 0 of thread t (index i0 = t): its transposed shared address smem + i0 + ((c*32 + r) - i0).
// CHECK: [[S:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 4096 : i64, align = 4 : i64} : () -> !nv_tileas.ptr<shared_cta>
// CHECK-NEXT: [[I0:%[0-9]+]] = "nv_tileas.thread_id"() {dim = 0 : i32}
// CHECK: [[C32:%[0-9]+]] = "nv_tileas.constant"() {value = 32 : i32}
// CHECK-NEXT: [[R0:%[0-9]+]] = "nv_tileas.divsi"([[I0]], [[C32]])
// CHECK: [[C0:%[0-9]+]] = "nv_tileas.remsi"([[I0]], [[C32]])
// CHECK: [[CR0:%[0-9]+]] = "nv_tileas.muli"([[C0]], [[C32]])
// CHECK: [[T0:%[0-9]+]] = "nv_tileas.addi"([[CR0]], [[R0]])
// CHECK: [[SH0:%[0-9]+]] = "nv_tileas.subi"([[T0]], [[I0]])
// CHECK: [[Q0:%[0-9]+]] = "nv_tileas.gep"([[S]], [[I0]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[P0:%[0-9]+]] = "nv_tileas.gep"([[Q0]], [[SH0]]) {elem_bytes = 4 : i64}
// Global load -> transposed shared store: a data dependence, no barrier.
// CHECK-NOT: barrier
// CHECK: [[V0:%[0-9]+]] = "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NOT: barrier
// CHECK: "nv_tileas.st"([[P0]], [[V0]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK-COUNT-7: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// The token from the transposed store to the contiguous load: one CTA barrier.
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
// CHECK-NEXT: [[L0:%[0-9]+]] = "nv_tileas.gep"([[S]], [[I0]]) {elem_bytes = 4 : i64}
// CHECK-NEXT: [[W0:%[0-9]+]] = "nv_tileas.ld"([[L0]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// Shared load -> global store: a data dependence, no barrier.
// CHECK-NOT: barrier
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[W0]]) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>}
// CHECK-NOT: barrier
// CHECK: {sym_name = "transpose", num_threads = 128 : i32}

// CHECK-NOT: barrier
// CHECK: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<global>
// CHECK-NOT: "nv_tileas.st"
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NOT: "nv_tileas.ld"
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NOT: "nv_tileas.st"
// CHECK: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.gep"
// CHECK-NEXT: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>
// CHECK-NOT: barrier
// CHECK: {sym_name = "all_tokens", num_threads = 128 : i32}

// CHECK-NOT: barrier
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NOT: barrier
// CHECK: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK-NOT: barrier
// CHECK: {sym_name = "straight", num_threads = 128 : i32}

// The PTX keeps the barrier (verify-races and weakest-fence run in tilec's pipeline): eight
// transposed shared stores, bar.sync 0, the contiguous shared loads, and no other bar.sync.
// PTX-LABEL: .visible .entry transpose(
// PTX: .shared .align 4 .b8 __tilec_smem_0[4096];
// PTX-NOT: bar.sync
// PTX-COUNT-8: ld.global.f32
// PTX-NOT: bar.sync
// PTX-COUNT-8: st.shared.f32
// PTX-NEXT: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-COUNT-8: ld.shared.f32
// PTX-NOT: bar.sync
// PTX-COUNT-8: st.global.f32
// PTX-NOT: bar.sync
// PTX-LABEL: .visible .entry all_tokens(
// PTX-COUNT-3: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-LABEL: .visible .entry straight(
// PTX-NOT: bar.sync
// PTX: ret;
