// The top level of a module is one unlabeled block: an op there cannot name a successor block.
// It used to be accepted and printed as text that does not parse back (found by the
// generic_parser fuzz target, docs/fuzzing.md).
// RUN: tile-opt %s --verify-diagnostics

// expected-error@+1 {{reference to block '^exit' at the top level, which has no blocks to branch to}}
"demo.br"()[^exit] : () -> ()
