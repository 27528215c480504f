// loop-iv-range.mlir where the induction variable may leave the CTA's window: rows up to 599
// (600·128 words > 65536, into the next CTA's window), a bound from a parameter, and an increment
// that wraps in i32 (2147483000 + 1000 is negative, below the bound: the loop goes on with values
// outside [lb, ub)).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// 600 rows.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %window = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %lb = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 600 : i32} : () -> i32
  %step = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %window) : (i32, i32) -> i32
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%j: i32):
    "nv_tileas.for"(%lb, %ub, %step) ({
    ^bb0(%i: i32):
      %row = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %s = "nv_tileas.addi"(%base, %row) : (i32, i32) -> i32
      %e = "nv_tileas.addi"(%s, %tid) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%g, %e) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "rows_past_window", num_threads = 128 : i32} : () -> ()

// A parameter's rows.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %window = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %lb = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %ub = "nv_tileas.addi"(%n, %c0) : (i32, i32) -> i32
  %step = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %window) : (i32, i32) -> i32
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%j: i32):
    "nv_tileas.for"(%lb, %ub, %step) ({
    ^bb0(%i: i32):
      %row = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %s = "nv_tileas.addi"(%base, %row) : (i32, i32) -> i32
      %e = "nv_tileas.addi"(%s, %tid) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%g, %e) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "rows_to_parameter", num_threads = 128 : i32} : () -> ()

// The increment wraps.
"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %n: i32):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %bid = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i32
  %c0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c128 = "nv_tileas.constant"() {value = 128 : i32} : () -> i32
  %window = "nv_tileas.constant"() {value = 65536 : i32} : () -> i32
  %lb = "nv_tileas.constant"() {value = 2147483000 : i32} : () -> i32
  %ub = "nv_tileas.constant"() {value = 2147483647 : i32} : () -> i32
  %step = "nv_tileas.constant"() {value = 1000 : i32} : () -> i32
  %base = "nv_tileas.muli"(%bid, %window) : (i32, i32) -> i32
  "nv_tileas.for"(%c0, %n, %c1) ({
  ^bb0(%j: i32):
    "nv_tileas.for"(%lb, %ub, %step) ({
    ^bb0(%i: i32):
      %row = "nv_tileas.muli"(%i, %c128) : (i32, i32) -> i32
      %s = "nv_tileas.addi"(%base, %row) : (i32, i32) -> i32
      %e = "nv_tileas.addi"(%s, %tid) : (i32, i32) -> i32
      %p = "nv_tileas.gep"(%g, %e) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
      // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is read by 'ld' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      "nv_tileas.st"(%p, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1 (unsynchronized handoff): the read by 'ld' is overwritten by 'st' of a thread of another CTA with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)}}
      %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "increment_wraps", num_threads = 128 : i32} : () -> ()
