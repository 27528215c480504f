// RUN: tile-opt %s | tile-opt - | FileCheck %s
// RUN: tile-opt %s --print-generic | FileCheck %s --check-prefix=GENERIC
// cuda_tile custom syntax, control flow: the acquire spin loop of the consumer (loop with a
// token as loop-carried value, if/break/continue), a counted `for` with iter_values, an `if` with
// results and an `if` without `else`, and bodies that leave out their operand-less terminator
// (NVIDIA's implicit `yield` / `continue` / `return`), which the printer writes out.
// CHECK:      entry @consumer(%arg0: tile<ptr<i32>>, %arg1: tile<i1>) {
// CHECK:        [[L:%[0-9]+]] = loop iter_values(%arg2 = {{%[0-9]+}}) : token -> token {
// CHECK-NEXT:     {{%[0-9]+}}, [[TK:%[0-9]+]] = load_ptr_tko acquire device %arg0 token=%arg2 : tile<ptr<i32>> -> tile<i32>, token
// CHECK-NEXT:     [[RDY:%[0-9]+]] = cmpi greater_than_or_equal {{%[0-9]+}}, {{%[0-9]+}}, signed : tile<i32> -> tile<i1>
// CHECK-NEXT:     if [[RDY]] {
// CHECK-NEXT:       break [[TK]] : token
// CHECK-NEXT:     }
// CHECK-NEXT:     continue [[TK]] : token
// CHECK-NEXT:   }
// CHECK-NEXT:   {{%[0-9]+}} = for %arg3 in ({{%[0-9]+}} to {{%[0-9]+}}, step {{%[0-9]+}}) : tile<i32> iter_values(%arg4 = {{%[0-9]+}}) -> (tile<i32>) {
// CHECK-NEXT:     [[N:%[0-9]+]] = addi %arg4, %arg3 : tile<i32>
// CHECK-NEXT:     continue [[N]] : tile<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   {{%[0-9]+}}, {{%[0-9]+}} = if %arg1 -> (tile<i32>, token) {
// CHECK-NEXT:     yield {{%[0-9]+}}, [[L]] : tile<i32>, token
// CHECK-NEXT:   } else {
// CHECK-NEXT:     yield {{%[0-9]+}}, {{%[0-9]+}} : tile<i32>, token
// CHECK-NEXT:   }
// CHECK-NEXT:   if %arg1 {
// CHECK-NEXT:     {{%[0-9]+}} = make_token : token
// CHECK-NEXT:     yield
// CHECK-NEXT:   }
// CHECK-NEXT:   for %arg5 in ({{%[0-9]+}} to {{%[0-9]+}}, step {{%[0-9]+}}) : tile<i32> {
// CHECK-NEXT:     continue
// CHECK-NEXT:   }
// CHECK-NEXT:   {{%[0-9]+}} = loop : tile<i32> {
// CHECK-NEXT:     break {{%[0-9]+}} : tile<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
// GENERIC:      "cuda_tile.loop"({{%[0-9]+}}) ({
// GENERIC-NEXT: ^bb0(%arg2: !cuda_tile.token):
// GENERIC:        "cuda_tile.if"({{%[0-9]+}}) ({
// GENERIC-NEXT:     "cuda_tile.break"({{%[0-9]+}}) : (!cuda_tile.token) -> ()
// GENERIC-NEXT:   }, {
// GENERIC-NEXT:     "cuda_tile.yield"() : () -> ()
// GENERIC-NEXT:   }) : (!cuda_tile.tile<i1>) -> ()
// GENERIC:      "cuda_tile.for"({{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}) ({
// GENERIC-NEXT: ^bb0(%arg3: !cuda_tile.tile<i32>, %arg4: !cuda_tile.tile<i32>):
// GENERIC:      "cuda_tile.return"() : () -> ()

cuda_tile.module @flow {
  entry @consumer(%flag: tile<ptr<i32>>, %c: tile<i1>) {
    %t0 = make_token : token
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %ten = constant <i32: 10> : tile<i32>
    %t1 = loop iter_values(%tk = %t0) : token -> token {
      %seen, %tk2 = load_ptr_tko acquire device %flag token=%tk : tile<ptr<i32>> -> tile<i32>, token
      %ready = cmpi greater_than_or_equal %seen, %one, signed : tile<i32> -> tile<i1>
      if %ready {
        break %tk2 : token
      }
      continue %tk2 : token
    }
    %sum = for %i in (%zero to %ten, step %one) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %n = addi %acc, %i : tile<i32>
      continue %n : tile<i32>
    }
    %r, %rt = if %c -> (tile<i32>, token) {
      yield %sum, %t1 : tile<i32>, token
    } else {
      yield %zero, %t0 : tile<i32>, token
    }
    // Bodies without their terminator: an implicit `yield`, `continue` and `return`.
    if %c {
      %t = make_token : token
    }
    for %j in (%zero to %ten, step %one) : tile<i32> {
    }
    %l = loop : tile<i32> {
      break %one : tile<i32>
    }
  }
}
