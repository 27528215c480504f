// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Comments everywhere whitespace may go: before and between ops, at line ends, inside regions,
// between operands, between regions, inside and around attribute dictionaries and signatures,
// after block labels, and at the end of the file without a trailing newline. None are printed.
// CHECK: "demo.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:     [[S:%[0-9]+]] = "demo.add"(%arg0, %arg1) {nsw, note = "// not a comment"} : (i32, i32) -> i32
// CHECK-NEXT:     "demo.if"([[S]]) ({
// CHECK-NEXT:       "demo.then"() : () -> ()
// CHECK-NEXT:     }, {
// CHECK-NEXT:       "demo.else"() : () -> ()
// CHECK-NEXT:     }) {k = 1 : i32} : (i32) -> ()
// CHECK-NEXT:     "demo.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:
// CHECK-NEXT:     "demo.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NOT: //

// A comment before the first op.
"demo.func"() ( // after the region paren
  { // after the region brace
^bb0(%a: i32, // between block arguments
     %b: i32): // after a block label
  // between ops, inside a region
  %sum = "demo.add"( // after an open paren
      %a, // between operands
      %b) // before the attributes
      { // inside the dictionary
        nsw, // between entries
        note = "// not a comment" // before the closing brace
      } // after the attributes
      : // after the colon
      (i32, // inside the signature
       i32) -> i32 // at the end of an op
  "demo.if"(%sum) ({
    "demo.then"() : () -> () // in a first region
  }, // between regions
  {
    // only a comment before the op
    "demo.else"() : () -> ()
  }) {k = 1 : i32} : (i32) -> ()
  "demo.br"() // before the successors
    [^exit] : () -> ()
// a comment in column 0 between blocks
^exit: // after a label without arguments
  "demo.return"() : () -> ()
  // last line of the region
}) : () -> ()
// Trailing comment with no newline at the end of the file.