// Self-test of tile-lit's FileCheck on a small IR dump in Inputs/.
// RUN: FileCheck %s --input-file %S/Inputs/ops.txt
// RUN: cat %S/Inputs/ops.txt | FileCheck %s --check-prefix=DAG
// RUN: cat %S/Inputs/ops.txt | FileCheck %s --check-prefix=TWO --implicit-check-not=divsi

// CHECK-LABEL: func @add
// CHECK-NEXT: [[SUM:%[0-9]+]] = arith.addi %arg0, %arg1
// CHECK-NOT: subi
// CHECK: [[PROD:%[0-9]+]] = arith.muli [[SUM]], [[SUM]]
// CHECK-SAME: : i32
// CHECK-NEXT: return [[PROD]]
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-LABEL: func @sub
// CHECK: arith.subi {{%[a-z]+}},    %a
// CHECK-NEXT: return

// DAG-DAG: arith.muli
// DAG-DAG: arith.addi
// DAG: return
// DAG-DAG: return %2
// DAG-DAG: arith.subi

// TWO-COUNT-2: return
