// RUN: tile-opt %s --verify-diagnostics
// A named attribute is defined before it is used.

// expected-error@+1 {{undefined attribute '#nowhere'}}
#l = loc(#nowhere)
