// A kernel's name becomes the PTX entry's name, so it must be a PTX identifier (PTX ISA,
// "Identifiers": a letter followed by letters, digits, '_' or '$'; or '_', '$' or '%' followed by
// at least one of them). Anything else used to be printed verbatim, and ptxas rejected the PTX.
// RUN: tile-opt %s --verify-diagnostics

// expected-error@+1 {{'kernel' name 'my kernel' is not a PTX identifier (a letter, then letters, digits, '_' or '$'); the PTX entry takes this name}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "my kernel"} : () -> ()

// expected-error@+1 {{'kernel' name 'add-one' is not a PTX identifier (a letter, then letters, digits, '_' or '$'); the PTX entry takes this name}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "add-one"} : () -> ()

// expected-error@+1 {{'kernel' name '1st' is not a PTX identifier (a letter, then letters, digits, '_' or '$'); the PTX entry takes this name}}
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "1st"} : () -> ()

// Accepted: letters, digits, '_' and '$'; a leading '_' or '$'.
"nv_tileas.kernel"() ({
  "nv_tileas.return"() : () -> ()
}) {sym_name = "_k$2"} : () -> ()
