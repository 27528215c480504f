// A wgmma_mma without `n` is the model verify-races reads (one value stands for the
// accumulators): it has no instruction, and the lowering says so where it is.
// RUN: not tilec %s 2>&1 | FileCheck %s
// CHECK: as-to-ptx-wgmma-model.mlir:12:3: error: lower-as-to-ptx cannot lower 'nv_tileas.wgmma_mma' yet: a wgmma_mma without 'n' and 'ab_type' is a verify-races model, not an instruction

"nv_tileas.kernel"() ({
  %a = "nv_tileas.alloc_shared"() {size = 2048 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %b = "nv_tileas.alloc_shared"() {size = 256 : i64, align = 128 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %z = "nv_tileas.constant"() {value = 0.0 : f32} : () -> f32
  "nv_tileas.wgmma_fence"() : () -> ()
  // The model form.
  %m = "nv_tileas.wgmma_mma"(%a, %b, %z) : (!nv_tileas.ptr<shared_cta>, !nv_tileas.ptr<shared_cta>, f32) -> f32
  "nv_tileas.wgmma_commit"() : () -> ()
  "nv_tileas.wgmma_wait"() {pending = 0 : i32} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "model"} : () -> ()
