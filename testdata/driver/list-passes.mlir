// `tile-opt --list-passes` lists the pass table without an input file (it used to demand one).
// RUN: tile-opt --list-passes | FileCheck %s
// CHECK: verify-mem-legality
// CHECK: lower-cuda-tile-to-aa
// CHECK: verify-races
// CHECK: weakest-fence
// CHECK: verify-nvidia
