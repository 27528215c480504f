// RUN: tile-opt %s --verify-diagnostics
// A name names one attribute.

#l = loc("a.py":1:2)
// expected-error@+1 {{attribute '#l' is defined twice}}
#l = loc("a.py":3:4)
