// RUN: tile-opt %s --verify-diagnostics
// A location named before its definition must name a location, not another attribute.

entry @k() {
  // expected-error@+1 {{'#di_file' is not a location}}
  %0 = make_token : token loc(#di_file)
  return
}
#di_file = #cuda_tile.di_file<"k.py" in "/src">
