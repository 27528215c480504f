// lower-as-to-ptx + print-ptx: a cluster barrier is `.aligned` (every thread of the warp
// executes the same instruction) exactly when the whole CTA reaches it convergently: at the top
// of the kernel, in an `if` on a CTA-uniform condition (block id), in a `for` with CTA-uniform
// bounds. Under `elect`, under `if (tid < 64)`, in a `for` of bounds 0..tid, in a CTA-uniform
// `if` nested in a per-thread one, inside `warp_role` or a `while` it is printed without
// `.aligned`. `.aligned` is part of the base form (PTX 7.8, sm_90): on sm_90 the file needs
// `.version 7.8` only. Only the barrier placement is under test, and a cluster barrier that not
// every thread reaches is not a race-free program, hence --no-verify-races.
// RUN: tilec %s --target sm_90 --no-verify-races | FileCheck %s

"nv_tileas.kernel"() ({
^bb0(%n: i32):
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()
  %first = "nv_tileas.cmpi"(%bid, %zero) {predicate = "eq"} : (i32, i32) -> i1
  "nv_tileas.if"(%first) ({
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.for"(%zero, %n, %one) ({
  ^bb0(%i: i32):
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "uniform", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
  "nv_tileas.elect"() ({
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "elected", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %one = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %low = "nv_tileas.cmpi"(%tid, %c64) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%low) ({
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    %first = "nv_tileas.cmpi"(%bid, %zero) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.if"(%first) ({
      "nv_tileas.cluster_arrive"() : () -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.for"(%zero, %tid, %one) ({
  ^bb0(%i: i32):
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "per_thread", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

"nv_tileas.kernel"() ({
  %zero = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  "nv_tileas.warp_role"() ({
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 4>} : () -> ()
  %r = "nv_tileas.while"(%zero) ({
  ^bb0(%k: i32):
    %more = "nv_tileas.cmpi"(%k, %zero) {predicate = "ne"} : (i32, i32) -> i1
    "nv_tileas.yield"(%more, %k) : (i1, i32) -> ()
  }, {
  ^bb0(%k2: i32):
    "nv_tileas.cluster_arrive"() : () -> ()
    "nv_tileas.cluster_wait"() : () -> ()
    "nv_tileas.yield"(%k2) : (i32) -> ()
  }) : (i32) -> i32
  "nv_tileas.return"() : () -> ()
}) {sym_name = "role_and_while", num_threads = 128 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()

// CHECK: .version 7.8
// CHECK-NEXT: .target sm_90
// CHECK-LABEL: .visible .entry uniform(
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: @!{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: setp.lt.s32
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK-LABEL: .visible .entry elected(
// CHECK: @{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-LABEL: .visible .entry per_thread(
// CHECK: @!{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: @!{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK: setp.lt.s32
// CHECK-NEXT: @!{{%p[0-9]+}} bra
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-LABEL: .visible .entry role_and_while(
// CHECK: bra
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: bra
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK-NOT: .aligned
