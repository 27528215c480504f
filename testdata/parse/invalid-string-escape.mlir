// RUN: tile-opt %s --verify-diagnostics
// `\q` is not a string escape (valid: \" \\ \n \t and two hex digits).

// expected-error@+1 {{invalid escape sequence in string}}
"demo.op"() {s = "bad \q escape"} : () -> ()
