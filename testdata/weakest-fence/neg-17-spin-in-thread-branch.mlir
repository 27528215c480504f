// NEGATIVE (weakest-fence must not elect a spin that only part of the CTA runs): each CTA waits for
// a flag that another kernel sets (gpu scope) at flag[bid] — a CTA-uniform address, the same for
// every thread — but the spin sits in an `if` whose condition depends on the thread: `tid < 64`,
// `warp_id == 1`, and `tid < 64` around a CTA-uniform `if (bid != 0)`. R9's elected form wraps the
// spin in an elect (thread 0 polls) and puts bar.sync 0 after it: inside such an arm thread 0 may
// not be there to poll (warp 1's arm), and bar.sync 0 waits for all 128 threads of which only part
// reach it (a deadlock, or undefined behaviour). R9 may elect only when every enclosing `if`/`for`
// up to the kernel is CTA-uniform (the third kernel: the inner `if` is uniform, the outer is not).
// What is allowed: the non-elected R9 form, each thread of the arm polling with `ld.relaxed.gpu` and
// issuing its own `fence.acquire.gpu` after its loop (checked as produced today; keeping
// `ld.acquire.gpu` would also be correct).
// RUN: tilec %s --no-weakest-fence | FileCheck %s --check-prefix=BASE
// RUN: tilec %s | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %lo = "nv_tileas.cmpi"(%tid, %c64) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%lo) ({
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_in_tid_branch", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %w = "nv_tileas.warp_id"() : () -> i32
  %w1 = "nv_tileas.cmpi"(%w, %c1) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%w1) ({
    "nv_tileas.while"() ({
      %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
      %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
      "nv_tileas.yield"(%unset) : (i1) -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
    %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
    %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
    %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
    %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
    "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_in_warp_branch", num_threads = 128 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%flag: !nv_tileas.ptr<global>, %data: !nv_tileas.ptr<global>, %out: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %myflag = "nv_tileas.gep"(%flag, %bid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %lo = "nv_tileas.cmpi"(%tid, %c64) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%lo) ({
    %nz = "nv_tileas.cmpi"(%bid, %c0) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.if"(%nz) ({
      "nv_tileas.while"() ({
        %f = "nv_tileas.ld"(%myflag) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
        %unset = "nv_tileas.cmpi"(%f, %c0) {predicate = "eq"} : (i32, i32) -> i1
        "nv_tileas.yield"(%unset) : (i1) -> ()
      }, {
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      %n = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
      %base = "nv_tileas.muli"(%bid, %n) : (i32, i32) -> i32
      %idx = "nv_tileas.addi"(%base, %tid) : (i32, i32) -> i32
      %q = "nv_tileas.gep"(%data, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      %x = "nv_tileas.ld"(%q) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %dst = "nv_tileas.gep"(%out, %idx) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "spin_in_uniform_if_in_tid_branch", num_threads = 128 : i32} : () -> ()

// BASE-LABEL: .visible .entry spin_in_tid_branch(
// BASE: ld.acquire.gpu.global.u32
// BASE-LABEL: .visible .entry spin_in_warp_branch(
// BASE: ld.acquire.gpu.global.u32
// BASE-LABEL: .visible .entry spin_in_uniform_if_in_tid_branch(
// BASE: ld.acquire.gpu.global.u32

// No elect guard (`@%p bra` over the spin: the ifs branch with `@!%p`), no bar.sync anywhere.
// CHECK-LABEL: .visible .entry spin_in_tid_branch(
// CHECK-NOT: bar.sync
// CHECK: setp.lt.u32 [[LO:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[LO]] bra
// CHECK-NEXT: [[SPIN:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;

// CHECK-LABEL: .visible .entry spin_in_warp_branch(
// CHECK-NOT: bar.sync
// CHECK: setp.eq.u32 [[W1:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[W1]] bra
// CHECK-NEXT: [[SPIN2:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN2]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;

// CHECK-LABEL: .visible .entry spin_in_uniform_if_in_tid_branch(
// CHECK-NOT: bar.sync
// CHECK: setp.lt.u32 [[LO3:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[LO3]] bra
// CHECK-NEXT: setp.ne.u32 [[NZ:%p[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: @![[NZ]] bra
// CHECK-NEXT: [[SPIN3:\$L__tilec_[0-9]+]]:
// CHECK-NEXT: ld.relaxed.gpu.global.u32
// CHECK: bra.uni [[SPIN3]];
// CHECK-NEXT: {{\$L__tilec_[0-9]+}}:
// CHECK-NEXT: fence.acquire.gpu;
// CHECK-NOT: bar.sync
// CHECK: ld.global.u32
// CHECK-NOT: bar.sync
// CHECK: ret;
