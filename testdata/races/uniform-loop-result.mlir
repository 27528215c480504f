// verify-races credits a CTA barrier inside an `if` whose condition is the result of a loop
// over uniform values (found by the program generator, docs/fuzzing.md): a 0-d tile value
// computed in a `loop` with `break` lowers to an nv_tileas `while` whose carried values start
// uniform and stay uniform, so every thread leaves it in the same iteration with the same
// result, and the token-ordered store after it is ordered by the barrier the lowering put in the
// `if`. Kernel `uniform_trips` is that lowering (no finding); `per_thread_trips` is the same loop
// started from a per-thread value: its result may differ between threads, the barrier is then
// in divergent code, and both stores race with the ones before it.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i64
  %1 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i64
  %2 = "nv_tileas.constant"() {value = 2 : i64} : () -> i64
  %3 = "nv_tileas.muli"(%1, %2) : (i64, i64) -> i64
  %4 = "nv_tileas.constant"() {value = 1 : i64} : () -> i64
  %5 = "nv_tileas.addi"(%3, %4) : (i64, i64) -> i64
  %6 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %7 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %8 = "nv_tileas.cmpi"(%6, %7) {predicate = "ult"} : (i32, i32) -> i1
  %9 = "nv_tileas.constant"() {value = 65536 : i64} : () -> i64
  %10 = "nv_tileas.muli"(%0, %9) : (i64, i64) -> i64
  %11 = "nv_tileas.addi"(%3, %10) : (i64, i64) -> i64
  %12 = "nv_tileas.addi"(%5, %10) : (i64, i64) -> i64
  %13 = "nv_tileas.gep"(%arg0, %11) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %14 = "nv_tileas.gep"(%arg0, %12) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %15 = "nv_tileas.constant"() {value = 7 : i64} : () -> i64
  "nv_tileas.st"(%13, %15) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  "nv_tileas.st"(%14, %15) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  %16 = "nv_tileas.addi"(%1, %10) : (i64, i64) -> i64
  %17 = "nv_tileas.gep"(%arg0, %16) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %18 = "nv_tileas.constant"() {value = 9 : i64} : () -> i64
  %19 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %20 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %21, %22 = "nv_tileas.while"(%19) ({
  ^bb0(%arg1: i32):
    %23 = "nv_tileas.addi"(%arg1, %20) : (i32, i32) -> i32
    %24 = "nv_tileas.cmpi"(%23, %20) {predicate = "sge"} : (i32, i32) -> i1
    %25, %26, %27 = "nv_tileas.if"(%24) ({
      %28 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %29 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
      "nv_tileas.yield"(%29, %28, %23) : (i32, i32, i32) -> ()
    }, {
      %30 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %31 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %32 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      "nv_tileas.yield"(%32, %30, %31) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %33 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    %34 = "nv_tileas.cmpi"(%25, %33) {predicate = "eq"} : (i32, i32) -> i1
    %35, %36, %37 = "nv_tileas.if"(%34) ({
      %38 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %39 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
      "nv_tileas.yield"(%39, %23, %38) : (i32, i32, i32) -> ()
    }, {
      "nv_tileas.yield"(%25, %26, %27) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %40 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %41 = "nv_tileas.cmpi"(%35, %40) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%41, %36, %37) : (i1, i32, i32) -> ()
  }, {
  ^bb0(%arg2: i32, %arg3: i32):
    "nv_tileas.yield"(%arg2) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  %42 = "nv_tileas.cmpi"(%22, %20) {predicate = "slt"} : (i32, i32) -> i1
  "nv_tileas.if"(%42) ({
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.if"(%8) ({
      "nv_tileas.st"(%17, %18) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "uniform_trips", num_threads = 512 : i32} : () -> ()

"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>):
  %0 = "nv_tileas.block_id"() {dim = 0 : i32} : () -> i64
  %1 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i64
  %2 = "nv_tileas.constant"() {value = 2 : i64} : () -> i64
  %3 = "nv_tileas.muli"(%1, %2) : (i64, i64) -> i64
  %4 = "nv_tileas.constant"() {value = 1 : i64} : () -> i64
  %5 = "nv_tileas.addi"(%3, %4) : (i64, i64) -> i64
  %6 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %7 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %8 = "nv_tileas.cmpi"(%6, %7) {predicate = "ult"} : (i32, i32) -> i1
  %9 = "nv_tileas.constant"() {value = 65536 : i64} : () -> i64
  %10 = "nv_tileas.muli"(%0, %9) : (i64, i64) -> i64
  %11 = "nv_tileas.addi"(%3, %10) : (i64, i64) -> i64
  %12 = "nv_tileas.addi"(%5, %10) : (i64, i64) -> i64
  %13 = "nv_tileas.gep"(%arg0, %11) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %14 = "nv_tileas.gep"(%arg0, %12) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %15 = "nv_tileas.constant"() {value = 7 : i64} : () -> i64
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them}}
  "nv_tileas.st"(%13, %15) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  // expected-error@+1 {{check 1 (unsynchronized handoff): the write by 'st' is overwritten by 'st' of another thread of the CTA with no execution edge between them}}
  "nv_tileas.st"(%14, %15) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
  %16 = "nv_tileas.addi"(%1, %10) : (i64, i64) -> i64
  %17 = "nv_tileas.gep"(%arg0, %16) {elem_bytes = 8 : i64} : (!nv_tileas.ptr<global>, i64) -> !nv_tileas.ptr<global>
  %18 = "nv_tileas.constant"() {value = 9 : i64} : () -> i64
  %19 = "nv_tileas.addi"(%6, %6) : (i32, i32) -> i32
  %20 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %21, %22 = "nv_tileas.while"(%19) ({
  ^bb0(%arg1: i32):
    %23 = "nv_tileas.addi"(%arg1, %20) : (i32, i32) -> i32
    %24 = "nv_tileas.cmpi"(%23, %20) {predicate = "sge"} : (i32, i32) -> i1
    %25, %26, %27 = "nv_tileas.if"(%24) ({
      %28 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %29 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
      "nv_tileas.yield"(%29, %28, %23) : (i32, i32, i32) -> ()
    }, {
      %30 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %31 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %32 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      "nv_tileas.yield"(%32, %30, %31) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %33 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    %34 = "nv_tileas.cmpi"(%25, %33) {predicate = "eq"} : (i32, i32) -> i1
    %35, %36, %37 = "nv_tileas.if"(%34) ({
      %38 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %39 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
      "nv_tileas.yield"(%39, %23, %38) : (i32, i32, i32) -> ()
    }, {
      "nv_tileas.yield"(%25, %26, %27) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %40 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %41 = "nv_tileas.cmpi"(%35, %40) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%41, %36, %37) : (i1, i32, i32) -> ()
  }, {
  ^bb0(%arg2: i32, %arg3: i32):
    "nv_tileas.yield"(%arg2) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  %42 = "nv_tileas.cmpi"(%22, %20) {predicate = "slt"} : (i32, i32) -> i1
  "nv_tileas.if"(%42) ({
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
    "nv_tileas.if"(%8) ({
      "nv_tileas.st"(%17, %18) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
      "nv_tileas.yield"() : () -> ()
    }, {
      "nv_tileas.yield"() : () -> ()
    }) : (i1) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "per_thread_trips", num_threads = 512 : i32} : () -> ()
