// lower-aa-to-as, a broadcast whose result elements' sources are other threads' ((128, 1) ->
// (128, 2): thread t owns source row t, but result elements t and t+128, rows t/2 and 64+t/2):
// the source's shared-memory image (each thread stores its owned elements, a CTA barrier), and
// each result element loads its source element, the broadcast dimension at 0 (exchange.rs).
// A broadcast every thread can make from its own elements stays in registers (aa-to-as-*.mlir).
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s
// RUN: tilec %s | FileCheck %s --check-prefix=PTX

cuda_tile.module @m {
  entry @widen(%p: tile<128x1xptr<f32>>, %q: tile<128x2xptr<f32>>) {
    %col, %t = load_ptr_tko weak %p : tile<128x1xptr<f32>> -> tile<128x1xf32>, token
    %two = broadcast %col : tile<128x1xf32> -> tile<128x2xf32>
    %t2 = store_ptr_tko weak %q, %two token = %t : tile<128x2xptr<f32>>, tile<128x2xf32> -> token
    return
  }
  // A predicate tile goes through the image as words of 1 or 0, read back as "nonzero".
  entry @widen_mask(%p: tile<128x1xptr<f32>>, %q: tile<128x2xptr<f32>>) {
    %col, %t = load_ptr_tko weak %p : tile<128x1xptr<f32>> -> tile<128x1xf32>, token
    %z = constant <f32: 0.0> : tile<128x1xf32>
    %pos = cmpf greater_than ordered %col, %z : tile<128x1xf32> -> tile<128x1xi1>
    %two = broadcast %pos : tile<128x1xi1> -> tile<128x2xi1>
    %one = constant <f32: 1.0> : tile<128x2xf32>
    %zero = constant <f32: 0.0> : tile<128x2xf32>
    %v = select %two, %one, %zero : tile<128x2xi1>, tile<128x2xf32>
    %t2 = store_ptr_tko weak %q, %v token = %t : tile<128x2xptr<f32>>, tile<128x2xf32> -> token
    return
  }
}

// CHECK: "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64}
// CHECK: [[X:%[0-9]+]] = "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<global>
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[X]]) {space = #mem.space<shared_cta>
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// Result element j (j = t, then t + 128) reads source row j / 2.
// CHECK: "nv_tileas.constant"() {value = 2 : i32}
// CHECK: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK: "nv_tileas.ld"({{%[0-9]+}}) {space = #mem.space<shared_cta>
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>
// CHECK: "nv_tileas.st"({{%[0-9]+}}, {{%[0-9]+}}) {space = #mem.space<global>
// CHECK: }) {sym_name = "widen"

// PTX-LABEL: .entry widen(
// PTX: st.shared.f32
// PTX: bar.sync 0;
// PTX: ld.shared.f32
// PTX: ld.shared.f32
// PTX-LABEL: .entry widen_mask(
// PTX: selp.b32
// PTX: st.shared.u32
// PTX: bar.sync 0;
// PTX: ld.shared.u32
// PTX: setp.ne.u32
