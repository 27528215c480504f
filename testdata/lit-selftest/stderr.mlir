// Self-test of tile-lit: stderr merged with 2>&1 and redirected with 2>.
// RUN: not cat %t.missing 2>&1 | FileCheck %s
// RUN: not cat %t.missing 2> %t.err
// RUN: FileCheck %s --input-file %t.err

// CHECK: cat: {{.*}}missing
