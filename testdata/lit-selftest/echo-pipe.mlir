// Self-test of tile-lit: a builtin `echo` piped into the builtin FileCheck.
// UNSUPPORTED: nonexistent-feature
// RUN: echo hello world | FileCheck %s
// RUN: echo hello    world | filecheck %s --match-full-lines --check-prefix=FULL

// CHECK: hello
// CHECK-SAME: world
// FULL: hello world
