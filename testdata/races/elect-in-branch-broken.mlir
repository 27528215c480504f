// elect-in-branch.mlir with the branch's `elect` in warp 1 (`warp_role` of warps [1, 2)): thread
// 32, another thread than the top-level `elect`'s thread 0, and nothing orders the two.
// RUN: tile-opt %s --passes verify-races --verify-diagnostics

"nv_tileas.kernel"() ({
^bb0(%g: !nv_tileas.ptr<global>, %c: i1):
  %v = "nv_tileas.constant"() {value = 0 : i64} : () -> i64
  "nv_tileas.elect"() ({
    // expected-error@+1 {{check 1}}
    "nv_tileas.st"(%g, %v) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i64) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.if"(%c) ({
    "nv_tileas.warp_role"() ({
      "nv_tileas.elect"() ({
        %o = "nv_tileas.atom"(%g, %v) {kind = #mem.rmw<and>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i64) -> i64
        "nv_tileas.yield"() : () -> ()
      }) : () -> ()
      "nv_tileas.yield"() : () -> ()
    }) {warps = array<i32: 1, 2>} : () -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "elect_of_another_warp", num_threads = 128 : i32} : () -> ()
