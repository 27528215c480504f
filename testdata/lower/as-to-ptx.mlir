// lower-as-to-ptx: elect becomes a predicated branch around the body on thread 0; sc is split
// into fence.sc + acq_rel (SYNC-MODEL §1); parameters are loaded and converted to global.
// RUN: tile-opt %s --passes lower-as-to-ptx | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>):
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.elect"() ({
    %o = "nv_tileas.atom"(%flag, %one) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : (!nv_tileas.ptr<global>, i32) -> i32
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()

// CHECK: "ptx.kernel"() ({
// CHECK-NEXT: [[P:%[0-9]+]] = "ptx.ld_param"() {index = 0 : i32} : () -> i64
// CHECK-NEXT: [[G:%[0-9]+]] = "ptx.cvta_global"([[P]]) : (i64) -> i64
// CHECK-NEXT: [[TID:%[0-9]+]] = "ptx.mov_sreg"() {reg = "tid.x"} : () -> i32
// CHECK: "ptx.bar_sync"() {id = 0 : i32}
// CHECK: [[NE:%[0-9]+]] = "ptx.setp"([[TID]], {{%[0-9]+}}) {cmp = "ne"}
// CHECK-NEXT: "ptx.bra"([[NE]]) {label = "[[L:\$L__tilec_[0-9]+]]"}
// CHECK-NEXT: "ptx.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>}
// CHECK-NEXT: "ptx.atom"([[G]], {{%[0-9]+}}) {kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<sys>}
// CHECK-NEXT: "ptx.label"() {name = "[[L]]"}
// On sm_90a a release fence stays split (PTX 8.6 form).
// CHECK-NEXT: "ptx.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>}
// CHECK-NEXT: "ptx.ret"()
// CHECK: }) {sym_name = "k", param_types = [i64], num_threads = 128 : i32}
