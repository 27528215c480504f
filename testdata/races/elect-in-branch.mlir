// An `elect` at the kernel's top level and one in an `if` arm are the same thread (thread 0):
// their accesses are in program order, no handoff (found by the program generator: a 0-d store
// and a one-element atomic in an `if` on a comparison of constants, docs/fuzzing.md).
// elect-in-branch-broken.mlir: the `elect` of another warp is another thread.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i1):
  %v = "nv_tileas.constant"() {value = 0 : i64} : () -> i64
  "nv_tileas.elect"() ({
    "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.if"(%c) ({
    "nv_tileas.elect"() ({
      %o = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<and>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i64) -> i64
      "nv_tileas.yield"() : () -> ()
    }) : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "elect_in_branch", num_threads = 128 : i32} : () -> ()
