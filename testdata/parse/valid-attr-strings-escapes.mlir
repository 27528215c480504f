// RUN: tile-opt %s | tile-opt - | FileCheck %s
// String attributes with every escape: \" \\ \n \t and two-digit hex \XX (control characters
// come back as \XX, printable hex escapes as the character itself), plus the empty string.
// CHECK: "demo.strings"() {quote = "say \"hi\"", backslash = "C:\\tmp\\x", newline = "a\nb", tab = "a\tb", hex = "A0\01\1B", empty = ""} : () -> ()
// CHECK: "demo.keys"() {"key with spaces" = 1 : i32, "a-b" = 2 : i32, "q\"uote" = 3 : i32} : () -> ()

"demo.holder"() ({
  "demo.strings"() {quote = "say \"hi\"", backslash = "C:\\tmp\\x", newline = "a\nb", tab = "a\tb",
                    hex = "\41\30\01\1b", empty = ""} : () -> ()
  // Quoted attribute names that are not bare identifiers stay quoted.
  "demo.keys"() {"key with spaces" = 1 : i32, "a-b" = 2 : i32, "q\"uote" = 3 : i32} : () -> ()
}) : () -> ()
