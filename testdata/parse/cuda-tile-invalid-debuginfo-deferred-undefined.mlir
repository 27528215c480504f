// RUN: tile-opt %s --verify-diagnostics
// A location named before its definition must be defined by the end of the file.

entry @k() {
  // expected-error@+1 {{undefined attribute '#loc9'}}
  %0 = make_token : token loc(#loc9)
  return
}
#loc = loc("/src/k.py":7:8)
