// lower-aa-to-as, `loop` with `break`/`continue` → nv_tileas.while in do-while form: the whole
// loop body is the condition region (arguments: the carried values) and yields
// (continue?, carried…, break values…); the body region passes the carried values back. An `if`
// holding a break/continue yields (kind, …) with kind 0 = fell through, 1 = continue, 2 = break,
// and the rest of the loop body runs under `if (kind == 0)`; where the if's own condition decides
// (one arm falls through, the other exits), the guard and the while's condition are that
// condition. `for` may `continue` early the same way.
// The spin loop: a 0-d acquire load per iteration, by the elected thread, broadcast through a
// shared-memory slot + barrier (the acquire side's barrier too). The slot is rewritten every
// iteration, so a barrier at the top of the iteration keeps the next write after the previous
// iteration's reads. The token leaving the loop is synchronized (acquire), so the n-d load
// after it needs no further barrier.
// RUN: tile-opt %s --passes lower-cuda-tile-to-aa,lower-aa-to-as | FileCheck %s

cuda_tile.module @m {
  entry @spin(%flag: tile<ptr<i32>>, %data: tile<128xptr<i32>>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %t1 = loop iter_values(%tk = %t0) : token -> token {
      %seen, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %seen, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %tk2 : token
      }
      continue %tk2 : token
    }
    %v, %t2 = load_ptr_tko weak %data token=%t1 : tile<128xptr<i32>> -> tile<128xi32>, token
    return
  }
  entry @count(%flag: tile<ptr<i32>>, %limit: tile<i32>) attributes {num_threads = 128 : i32} {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %n, %tries = loop iter_values(%k = %zero) : tile<i32> -> tile<i32>, tile<i32> {
      %k1 = addi %k, %one : tile<i32>
      %done = cmpi greater_than_or_equal %k1, %limit, signed : tile<i32> -> tile<i1>
      if %done {
        break %k1, %k : tile<i32>, tile<i32>
      }
      continue %k1 : tile<i32>
    }
    %t = store_ptr_tko weak %flag, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @either(%flag: tile<ptr<i32>>, %limit: tile<i32>) attributes {num_threads = 128 : i32} {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %n = loop iter_values(%k = %zero) : tile<i32> -> tile<i32> {
      %k1 = addi %k, %one : tile<i32>
      %big = cmpi greater_than_or_equal %k1, %limit, signed : tile<i32> -> tile<i1>
      %odd = andi %k1, %one : tile<i32>
      %is_odd = cmpi not_equal %odd, %zero, signed : tile<i32> -> tile<i1>
      %done = andi %big, %is_odd : tile<i1>
      if %done {
        break %k1 : tile<i32>
      }
      continue %k1 : tile<i32>
    }
    %t = store_ptr_tko weak %flag, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @skip_odd(%p: tile<128xptr<i32>>, %n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc0 = constant <i32: 0> : tile<128xi32>
    %v, %t = load_ptr_tko weak %p : tile<128xptr<i32>> -> tile<128xi32>, token
    %acc = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%a = %acc0) -> (tile<128xi32>) {
      %odd = andi %i, %one : tile<i32>
      %is_odd = cmpi not_equal %odd, %zero, signed : tile<i32> -> tile<i1>
      if %is_odd {
        continue %a : tile<128xi32>
      }
      %a2 = addi %a, %v : tile<128xi32>
      continue %a2 : tile<128xi32>
    }
    %t2 = store_ptr_tko weak %p, %acc token=%t : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

// CHECK: [[SLOT:%[0-9]+]] = "nv_tileas.alloc_shared"() {size = 4 : i64, align = 4 : i64}
// CHECK: [[ONE:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i32}
// CHECK-NEXT: "nv_tileas.while"() ({
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: [[X:%[0-9]+]] = "nv_tileas.ld"(%arg0) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}
// CHECK-NEXT: "nv_tileas.st"([[SLOT]], [[X]])
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: "nv_tileas.barrier"() {id = 0 : i32}
// CHECK-NEXT: [[SEEN:%[0-9]+]] = "nv_tileas.ld"([[SLOT]]) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}
// CHECK-NEXT: [[READY:%[0-9]+]] = "nv_tileas.cmpi"([[SEEN]], [[ONE]]) {predicate = "sge"}
// The escaping if (break, kind 2, or fall through, kind 0) and the guard of the rest of the body
// (`continue`, kind 1) both test `ready` itself, and only break exits: the while goes on while
// `ready` does not hold, the inverse compare (no compare of a kind; the kind selects are swept).
// CHECK-NEXT: [[GO:%[0-9]+]] = "nv_tileas.cmpi"([[SEEN]], [[ONE]]) {predicate = "slt"}
// CHECK-NEXT: "nv_tileas.yield"([[GO]]) : (i1) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: "nv_tileas.yield"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NOT: "nv_tileas.barrier"
// CHECK: "nv_tileas.ld"
// CHECK-NEXT: "nv_tileas.return"
// CHECK-NEXT: }) {sym_name = "spin"

// A loop carrying a 0-d counter and breaking with two values: the while carries (k) and
// yields (go, k, n, tries); its results after the carried value are the loop's.
// CHECK: [[Z0:%[0-9]+]] = "nv_tileas.constant"() {value = 0 : i32}
// CHECK: [[RC:%[0-9]+]], [[N:%[0-9]+]], [[TRIES:%[0-9]+]] = "nv_tileas.while"([[Z0]]) ({
// CHECK-NEXT: ^bb0([[KA:%arg[0-9]+]]: i32):
// CHECK-NEXT: [[K1:%[0-9]+]] = "nv_tileas.addi"([[KA]]
// CHECK-NEXT: [[DONE:%[0-9]+]] = "nv_tileas.cmpi"([[K1]], %arg1) {predicate = "sge"}
// CHECK-NEXT: [[EK:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} = "nv_tileas.if"([[DONE]]) ({
// CHECK: "nv_tileas.yield"({{%[0-9]+}}, {{%[0-9]+}}, [[K1]], [[KA]]) : (i32, i32, i32, i32) -> ()
// CHECK: {{%[0-9]+}}, [[GC:%[0-9]+]], [[GN:%[0-9]+]], [[GT:%[0-9]+]] = "nv_tileas.if"
// CHECK: "nv_tileas.yield"({{%[0-9]+}}, [[K1]], {{%[0-9]+}}, {{%[0-9]+}}) : (i32, i32, i32, i32) -> ()
// CHECK: [[GO2:%[0-9]+]] = "nv_tileas.cmpi"([[K1]], %arg1) {predicate = "slt"}
// CHECK-NEXT: "nv_tileas.yield"([[GO2]], [[GC]], [[GN]], [[GT]]) : (i1, i32, i32, i32) -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0([[NEXT:%arg[0-9]+]]: i32, {{%arg[0-9]+}}: i32, {{%arg[0-9]+}}: i32):
// CHECK-NEXT: "nv_tileas.yield"([[NEXT]]) : (i32) -> ()
// CHECK-NEXT: }) : (i32) -> (i32, i32, i32)
// CHECK-NEXT: "nv_tileas.elect"() ({
// CHECK-NEXT: "nv_tileas.st"(%arg0, [[N]])
// CHECK: }) {sym_name = "count"

// A break condition that is no compare: the while goes on while `done xor true` (the constant
// `true` is invariant: it is computed once, before the while).
// CHECK: [[T:%[0-9]+]] = "nv_tileas.constant"() {value = 1 : i1}
// CHECK-NEXT: "nv_tileas.while"
// CHECK: [[DONE2:%[0-9]+]] = "nv_tileas.andi"({{%[0-9]+}}, {{%[0-9]+}}) : (i1, i1)
// CHECK: [[GO3:%[0-9]+]] = "nv_tileas.xori"([[DONE2]], [[T]])
// CHECK-NEXT: "nv_tileas.yield"([[GO3]], {{%[0-9]+}}, {{%[0-9]+}}) : (i1, i32, i32) -> ()
// CHECK: }) {sym_name = "either"

// `for` with an early `continue`: the accumulator (one owned element per thread) is yielded by
// the escaping if (kind 1) or by the rest of the body.
// CHECK: [[V:%[0-9]+]] = "nv_tileas.ld"
// CHECK-NEXT: [[ACC:%[0-9]+]] = "nv_tileas.for"({{.*}}) ({
// CHECK-NEXT: ^bb0({{%arg[0-9]+}}: i32, [[A:%arg[0-9]+]]: i32):
// CHECK: [[EK2:%[0-9]+]], [[EA:%[0-9]+]] = "nv_tileas.if"
// CHECK: "nv_tileas.yield"({{%[0-9]+}}, [[A]]) : (i32, i32) -> ()
// The rest of the body runs where the if's condition does not hold: in the guard's else arm.
// CHECK: {{%[0-9]+}}, [[NA:%[0-9]+]] = "nv_tileas.if"
// CHECK-NEXT: "nv_tileas.yield"([[EK2]], [[EA]])
// CHECK-NEXT: }, {
// CHECK-NEXT: [[A2:%[0-9]+]] = "nv_tileas.addi"([[A]], [[V]])
// CHECK: "nv_tileas.yield"({{%[0-9]+}}, [[A2]])
// CHECK: "nv_tileas.yield"([[NA]]) : (i32) -> ()
// CHECK: "nv_tileas.st"({{%[0-9]+}}, [[ACC]])
// CHECK: }) {sym_name = "skip_odd"
