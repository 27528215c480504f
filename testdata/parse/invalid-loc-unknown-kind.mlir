// RUN: tile-opt %s --verify-diagnostics
// A location is one of MLIR's forms or a named one.

// expected-error@+1 {{expected a location (unknown, "file":line:col, "name"(…), callsite(…), fused[…] or #name); found 'somewhere)'}}
"demo.op"() : () -> () loc(somewhere)
