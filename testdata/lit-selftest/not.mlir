// Self-test of tile-lit: `not` inverts the success of one pipeline stage.
// RUN: echo apple | not FileCheck %s --check-prefix=WRONG
// RUN: not not echo still fine
// RUN: echo apple | FileCheck %s --check-prefix=RIGHT

// WRONG: banana
// RIGHT: apple
