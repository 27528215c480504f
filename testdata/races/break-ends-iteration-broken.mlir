// break-ends-iteration.mlir where the load may run after the store: the condition of the arm
// with the store differs between threads (threads below 64 leave, the others go on and load
// what they stored), the arm yields the flag of a `continue` (1: the rest of the body is skipped
// but the loop goes on, and the next iteration's load reads the store), and a loop whose
// condition ignores the flag (the next iteration loads what this one stored).
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

// Threads below 64 leave.
"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>, %arg1: i32):
  %0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %2 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c64 = "nv_tileas.constant"() {value = 64 : i32} : () -> i32
  %1 = "nv_tileas.cmpi"(%2, %c64) {predicate = "ult"} : (i32, i32) -> i1
  %3 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %4 = "nv_tileas.subi"(%3, %2) : (i32, i32) -> i32
  %5 = "nv_tileas.gep"(%arg0, %2) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %6 = "nv_tileas.gep"(%arg0, %4) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %7 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %8 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %9 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %10 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %11, %12 = "nv_tileas.while"(%8) ({
  ^bb0(%arg2: i32):
    %13, %14, %15 = "nv_tileas.if"(%1) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1}}
      "nv_tileas.st"(%5, %7) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      %16 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %17 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
      "nv_tileas.yield"(%17, %16, %arg2) : (i32, i32, i32) -> ()
    }, {
      %18 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %19 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %20 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      "nv_tileas.yield"(%20, %18, %19) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %21 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    %22 = "nv_tileas.cmpi"(%13, %21) {predicate = "eq"} : (i32, i32) -> i1
    %23, %24, %25 = "nv_tileas.if"(%22) ({
      %26 = "nv_tileas.ld"(%6) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %27 = "nv_tileas.addi"(%arg2, %9) : (i32, i32) -> i32
      %28 = "nv_tileas.cmpi"(%27, %10) {predicate = "sge"} : (i32, i32) -> i1
      %29, %30, %31 = "nv_tileas.if"(%28) ({
        %32 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %33 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
        "nv_tileas.yield"(%33, %32, %27) : (i32, i32, i32) -> ()
      }, {
        %34 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %35 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %36 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        "nv_tileas.yield"(%36, %34, %35) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      %37 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %38 = "nv_tileas.cmpi"(%29, %37) {predicate = "eq"} : (i32, i32) -> i1
      %39, %40, %41 = "nv_tileas.if"(%38) ({
        %42 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %43 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
        "nv_tileas.yield"(%43, %27, %42) : (i32, i32, i32) -> ()
      }, {
        "nv_tileas.yield"(%29, %30, %31) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      "nv_tileas.yield"(%39, %40, %41) : (i32, i32, i32) -> ()
    }, {
      "nv_tileas.yield"(%13, %14, %15) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %44 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %45 = "nv_tileas.cmpi"(%23, %44) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%45, %24, %25) : (i1, i32, i32) -> ()
  }, {
  ^bb0(%arg3: i32, %arg4: i32):
    "nv_tileas.yield"(%arg3) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  "nv_tileas.return"() : () -> ()
}) {sym_name = "per_thread_break", num_threads = 128 : i32} : () -> ()

// The arm continues.
"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>, %arg1: i32):
  %0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %1 = "nv_tileas.cmpi"(%arg1, %0) {predicate = "ne"} : (i32, i32) -> i1
  %2 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %3 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %4 = "nv_tileas.subi"(%3, %2) : (i32, i32) -> i32
  %5 = "nv_tileas.gep"(%arg0, %2) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %6 = "nv_tileas.gep"(%arg0, %4) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %7 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %8 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %9 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %10 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %11, %12 = "nv_tileas.while"(%8) ({
  ^bb0(%arg2: i32):
    %13, %14, %15 = "nv_tileas.if"(%1) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1}}
      "nv_tileas.st"(%5, %7) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      %16 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %17 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
      "nv_tileas.yield"(%17, %16, %arg2) : (i32, i32, i32) -> ()
    }, {
      %18 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %19 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %20 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      "nv_tileas.yield"(%20, %18, %19) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %21 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    %22 = "nv_tileas.cmpi"(%13, %21) {predicate = "eq"} : (i32, i32) -> i1
    %23, %24, %25 = "nv_tileas.if"(%22) ({
      %26 = "nv_tileas.ld"(%6) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %27 = "nv_tileas.addi"(%arg2, %9) : (i32, i32) -> i32
      %28 = "nv_tileas.cmpi"(%27, %10) {predicate = "sge"} : (i32, i32) -> i1
      %29, %30, %31 = "nv_tileas.if"(%28) ({
        %32 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %33 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
        "nv_tileas.yield"(%33, %32, %27) : (i32, i32, i32) -> ()
      }, {
        %34 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %35 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %36 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        "nv_tileas.yield"(%36, %34, %35) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      %37 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %38 = "nv_tileas.cmpi"(%29, %37) {predicate = "eq"} : (i32, i32) -> i1
      %39, %40, %41 = "nv_tileas.if"(%38) ({
        %42 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %43 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
        "nv_tileas.yield"(%43, %27, %42) : (i32, i32, i32) -> ()
      }, {
        "nv_tileas.yield"(%29, %30, %31) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      "nv_tileas.yield"(%39, %40, %41) : (i32, i32, i32) -> ()
    }, {
      "nv_tileas.yield"(%13, %14, %15) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %44 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %45 = "nv_tileas.cmpi"(%23, %44) {predicate = "eq"} : (i32, i32) -> i1
    "nv_tileas.yield"(%45, %24, %25) : (i1, i32, i32) -> ()
  }, {
  ^bb0(%arg3: i32, %arg4: i32):
    "nv_tileas.yield"(%arg3) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  "nv_tileas.return"() : () -> ()
}) {sym_name = "arm_continues", num_threads = 128 : i32} : () -> ()

// The loop goes on after a break.
"nv_tileas.kernel"() ({
^bb0(%arg0: !nv_tileas.ptr<global>, %arg1: i32):
  %0 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %1 = "nv_tileas.cmpi"(%arg1, %0) {predicate = "ne"} : (i32, i32) -> i1
  %2 = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %3 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %4 = "nv_tileas.subi"(%3, %2) : (i32, i32) -> i32
  %5 = "nv_tileas.gep"(%arg0, %2) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %6 = "nv_tileas.gep"(%arg0, %4) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %7 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %8 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
  %9 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %10 = "nv_tileas.constant"() {value = 3 : i32} : () -> i32
  %11, %12 = "nv_tileas.while"(%8) ({
  ^bb0(%arg2: i32):
    %13, %14, %15 = "nv_tileas.if"(%1) ({
      "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
      // expected-error@+1 {{check 1}}
      "nv_tileas.st"(%5, %7) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
      %16 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %17 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
      "nv_tileas.yield"(%17, %16, %arg2) : (i32, i32, i32) -> ()
    }, {
      %18 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %19 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %20 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      "nv_tileas.yield"(%20, %18, %19) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %21 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
    %22 = "nv_tileas.cmpi"(%13, %21) {predicate = "eq"} : (i32, i32) -> i1
    %23, %24, %25 = "nv_tileas.if"(%22) ({
      %26 = "nv_tileas.ld"(%6) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32
      %27 = "nv_tileas.addi"(%arg2, %9) : (i32, i32) -> i32
      %28 = "nv_tileas.cmpi"(%27, %10) {predicate = "sge"} : (i32, i32) -> i1
      %29, %30, %31 = "nv_tileas.if"(%28) ({
        %32 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %33 = "nv_tileas.constant"() {value = 2 : i32} : () -> i32
        "nv_tileas.yield"(%33, %32, %27) : (i32, i32, i32) -> ()
      }, {
        %34 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %35 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %36 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        "nv_tileas.yield"(%36, %34, %35) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      %37 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
      %38 = "nv_tileas.cmpi"(%29, %37) {predicate = "eq"} : (i32, i32) -> i1
      %39, %40, %41 = "nv_tileas.if"(%38) ({
        %42 = "nv_tileas.constant"() {value = 0 : i32} : () -> i32
        %43 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
        "nv_tileas.yield"(%43, %27, %42) : (i32, i32, i32) -> ()
      }, {
        "nv_tileas.yield"(%29, %30, %31) : (i32, i32, i32) -> ()
      }) : (i1) -> (i32, i32, i32)
      "nv_tileas.yield"(%39, %40, %41) : (i32, i32, i32) -> ()
    }, {
      "nv_tileas.yield"(%13, %14, %15) : (i32, i32, i32) -> ()
    }) : (i1) -> (i32, i32, i32)
    %44 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
    %45 = "nv_tileas.cmpi"(%23, %44) {predicate = "uge"} : (i32, i32) -> i1
    "nv_tileas.yield"(%45, %24, %25) : (i1, i32, i32) -> ()
  }, {
  ^bb0(%arg3: i32, %arg4: i32):
    "nv_tileas.yield"(%arg3) : (i32) -> ()
  }) : (i32) -> (i32, i32)
  "nv_tileas.return"() : () -> ()
}) {sym_name = "loop_goes_on", num_threads = 128 : i32} : () -> ()
