// Self-test of tile-lit: %t, file redirections, `&&` and RUN continuations.
// RUN: echo "first line" > %t
// RUN: echo second >> %t
// RUN: cat %t | FileCheck %s
// RUN: FileCheck %s --input-file %t
// RUN: FileCheck %s < %t
// RUN: cat < %t | FileCheck %s
// RUN: cat %t - < %t \
// RUN:   | FileCheck %s --check-prefix=TWICE
// RUN: echo and > %t.2 && cat %t.2 | FileCheck %s --check-prefix=AND

// CHECK: first line
// CHECK-NEXT: second

// TWICE-COUNT-2: first line
// AND: and
