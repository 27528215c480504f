// ptx dialect: a kernel defines each label once and branches only to its own labels (ptxas
// rejects both mistakes, and tilec used to print them).
// RUN: tile-opt %s --verify-diagnostics

"ptx.kernel"() ({
  // expected-error@+1 {{'bra' branches to label 'nowhere', which the kernel does not define}}
  "ptx.bra"() {label = "nowhere"} : () -> ()
  // expected-note@+1 {{first defined here}}
  "ptx.label"() {name = "L1"} : () -> ()
  // expected-error@+1 {{'label' 'L1' is defined twice in the kernel}}
  "ptx.label"() {name = "L1"} : () -> ()
  "ptx.bra"() {label = "L1"} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "k", param_types = []} : () -> ()

// The same label name in two kernels is fine: labels are local to their entry.
"ptx.kernel"() ({
  "ptx.label"() {name = "L1"} : () -> ()
  "ptx.bra"() {label = "L1"} : () -> ()
  "ptx.ret"() : () -> ()
}) {sym_name = "k2", param_types = []} : () -> ()
