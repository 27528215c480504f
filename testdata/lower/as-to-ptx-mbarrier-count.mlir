// lower-as-to-ptx + print-ptx: an arrive with a count operand (`mbarrier.arrive … _, [bar], %r`)
// is the count form without `.noComplete`, which needs sm_90 and PTX 7.8: on sm_90 the module
// gets `.version 7.8`, with a lower ceiling it is an error naming the form, on sm_80 a target
// error.
// The kernel is a catalogue of forms, not a whole race-free program (what verify-races, run by
// tilec on nv_tileas, checks: docs/verify-races.md), hence --no-verify-races on the runs that
// compile it.
// RUN: tilec %s --target sm_90 --no-verify-races | FileCheck %s
// RUN: not tilec %s --target sm_80 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not tilec %s --target sm_80 --ptx-isa 7.1 2>&1 | FileCheck %s --check-prefix=ISA71

"nv_tileas.kernel"() ({
^bb0(%n: i32):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.mbarrier_arrive"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.mbarrier_arrive_drop"(%bar, %n) {mem_semantic = #mem.sem<release>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "counted", num_threads = 64 : i32} : () -> ()

// CHECK: .version 7.8
// CHECK-NEXT: .target sm_90
// CHECK: ld.param.u32 [[N:%r[0-9]+]], [counted_param_0];
// CHECK-NEXT: mov.u32 [[B:%r[0-9]+]], __tilec_smem_0;
// CHECK-NEXT: mbarrier.arrive.shared.b64 _, [[[B]]], [[N]];
// CHECK-NEXT: mbarrier.arrive_drop.shared.b64 _, [[[B]]], [[N]];
// CHECK-NEXT: ret;

// SM80: :15:3: error: 'mbarrier_arrive' with an arrival count needs sm_90 or later; the target is sm_80
// SM80: :16:3: error: 'mbarrier_arrive_drop' with an arrival count needs sm_90 or later; the target is sm_80

// ISA71: 'mbarrier_arrive' with an arrival count needs PTX ISA 7.8 (form 'mbarrier.count'), but --ptx-isa is 7.1
