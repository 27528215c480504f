// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Layout freedom: tabs, no spaces, extra blank lines, ops split over many lines, several ops on
// one line, and an op spread over one token per line all print one op per line, 2-space indented.
// CHECK: "demo.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     [[X:%[0-9]+]] = "demo.a"(%arg0) {k = [1 : i64, 2 : i64]} : (i32) -> i32
// CHECK-NEXT:     "demo.b"([[X]]) : (i32) -> ()
// CHECK-NEXT:     "demo.c"() : () -> ()
// CHECK-NEXT:     "demo.d"() ({
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }) : () -> ()

"demo.func"()({^bb0(%p:i32):%x="demo.a"(%p){k=[1,2]}:(i32)->i32 "demo.b"(%x):(i32)->()
		"demo.c"	(	)	:	(	)	->	(	)


   "demo.d"
   (
   )
   (
   {
   }
   )
   :
   (
   )
   ->
   (
   )
})  :  ()  ->  ()
