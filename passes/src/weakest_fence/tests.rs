//! The choice function on small synthetic handoff sets: what is removed, split, narrowed or
//! restricted, and — as important — what must stay.

use super::{candidates, edit::Edits, forms, optimize, sites, Rule};
use crate::cost::Class;
use tilec_dialects::target::Target;
use tilec_ir::text::{module_to_string, parse_module};
use tilec_ir::{FileId, Module, Op};

const HEAD: &str = r#"%buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c1 = "nv_tileas.constant"() {value = 1 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %g = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
"#;

fn kernel(body: &str, attrs: &str) -> Module {
    let text = format!(
        "\"nv_tileas.kernel\"() ({{\n^bb0(%out: !nv_tileas.ptr<global>, %flag: !nv_tileas.ptr<global>):\n  {HEAD}{body}\n  \"nv_tileas.return\"() : () -> ()\n}}) {{sym_name = \"k\", num_threads = 128 : i32{attrs}}} : () -> ()\n"
    );
    parse_module(&text, FileId::default()).unwrap_or_else(|e| panic!("{}\n{text}", e.message))
}

fn the_kernel(m: &Module) -> Op {
    m.top_ops()[0]
}

fn run(m: &mut Module, target: &str) -> Vec<Vec<Rule>> {
    let t = Target::parse(target).expect("target");
    let k = the_kernel(m);
    optimize(m, k, &t).into_iter().map(|d| d.rules).collect()
}

fn ptx_forms(m: &Module, target: &str) -> Vec<String> {
    let t = Target::parse(target).expect("target");
    let split = forms::split_fences(&t);
    let k = the_kernel(m);
    let mut v = Vec::new();
    super::walk(m, k, &mut |o| {
        v.extend(forms::forms(m, o, split).iter().map(|f| f.to_string()))
    });
    v
}

const ST_SLOT: &str = r#"  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()"#;
const LD_OTHER: &str = r#"  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  "nv_tileas.st"(%g, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()"#;
const BARRIER: &str = r#"  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()"#;

fn fence(sem: &str, scope: &str) -> String {
    format!(
        r#"  "nv_tileas.fence"() {{mem_semantic = #mem.sem<{sem}>, mem_scope = #mem.scope<{scope}>}} : () -> ()"#
    )
}

#[test]
fn a_gpu_fence_beside_the_barrier_of_a_cta_handoff_goes() {
    let body = [ST_SLOT, &fence("acq_rel", "gpu"), BARRIER, LD_OTHER].join("\n");
    let mut m = kernel(&body, "");
    assert_eq!(run(&mut m, "sm_90a"), vec![vec![Rule::Drop]]);
    assert!(ptx_forms(&m, "sm_90a")
        .iter()
        .all(|f| !f.starts_with("fence")));
}

#[test]
fn a_cta_fence_beside_a_barrier_is_r5() {
    let body = [ST_SLOT, BARRIER, &fence("acq_rel", "cta"), LD_OTHER].join("\n");
    let mut m = kernel(&body, "");
    assert_eq!(run(&mut m, "sm_80"), vec![vec![Rule::R5]]);
}

#[test]
fn without_the_barrier_the_fence_alone_orders_nothing_between_threads_and_stays_legal() {
    // The fence is the only sync: the program does not verify, so the pass leaves it alone.
    let body = [ST_SLOT, &fence("acq_rel", "gpu"), LD_OTHER].join("\n");
    let mut m = kernel(&body, "");
    let before = module_to_string(&m);
    assert!(run(&mut m, "sm_90a").is_empty());
    assert_eq!(module_to_string(&m), before);
}

const FLAG_RELAXED: &str = r#"  "nv_tileas.elect"() ({
    "nv_tileas.st"(%flag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()"#;
const ST_OUT: &str = r#"  "nv_tileas.st"(%g, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()"#;

#[test]
fn an_open_world_flag_keeps_a_gpu_release() {
    // Data, barrier, then an elected gpu release fence + relaxed flag store: another kernel or
    // the host may read the flag, so the release keeps gpu scope and all spaces.
    let flag = format!(
        "  \"nv_tileas.elect\"() ({{\n  {}\n    \"nv_tileas.st\"(%flag, %c1) {{space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}} : (!nv_tileas.ptr<global>, i32) -> ()\n    \"nv_tileas.yield\"() : () -> ()\n  }}) : () -> ()",
        fence("acq_rel", "gpu")
    );
    let body = [ST_OUT, BARRIER, &flag].join("\n");
    let mut m = kernel(&body, "");
    assert_eq!(run(&mut m, "sm_90a"), vec![vec![Rule::R1]]);
    assert!(ptx_forms(&m, "sm_90a").contains(&"fence.release.gpu".to_string()));
    // Below PTX 8.6 (or on sm_80) there is no split fence: nothing cheaper is legal.
    for t in [
        Target {
            ptx_isa: Some(tilec_dialects::target::PtxIsa(8, 5)),
            ..Target::parse("sm_90a").unwrap()
        },
        Target::parse("sm_80").unwrap(),
    ] {
        let mut m = kernel(&body, "");
        let k = the_kernel(&m);
        assert!(optimize(&mut m, k, &t).is_empty());
        assert!(ptx_forms(&m, "sm_80").contains(&"fence.acq_rel.gpu".to_string()));
    }
}

#[test]
fn a_flag_without_a_release_is_not_given_one_and_nothing_is_removed() {
    // Relaxed flag, no fence: nothing to weaken (and the pass never strengthens).
    let body = [ST_OUT, BARRIER, FLAG_RELAXED].join("\n");
    let mut m = kernel(&body, "");
    assert!(run(&mut m, "sm_90a").is_empty());
}

#[test]
fn store_buffering_keeps_its_sc_fence() {
    let body = [
        r#"  "nv_tileas.st"(%flag, %c1) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()"#,
        &fence("sc", "gpu"),
        r#"  %y = "nv_tileas.ld"(%g) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32"#,
    ]
    .join("\n");
    let mut m = kernel(&body, "");
    assert!(run(&mut m, "sm_90a").is_empty());
    assert!(ptx_forms(&m, "sm_90a").contains(&"fence.sc.gpu".to_string()));
}

#[test]
fn r10_drops_the_fence_sc_of_the_first_sc_access_only_across_two_locations() {
    // Two sc atomics on two locations: the second one's fence.sc may be what a store-buffering
    // shape with another thread relies on (a strong access before it, one after it).
    let atom = |n: &str, at: &str| {
        format!(
            r#"  %{n} = "nv_tileas.atom"(%{at}, %c1) {{kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>}} : (!nv_tileas.ptr<global>, i32) -> i32"#
        )
    };
    let body = |second: &str| {
        format!(
            "  \"nv_tileas.elect\"() ({{\n{}\n{}\n    \"nv_tileas.yield\"() : () -> ()\n  }}) : () -> ()",
            atom("a", "flag"),
            atom("b", second)
        )
    };
    let mut m = kernel(&body("g"), "");
    assert_eq!(run(&mut m, "sm_90a"), vec![vec![Rule::R10]]);
    let f = ptx_forms(&m, "sm_90a");
    assert_eq!(
        f.iter().filter(|x| x.starts_with("fence.sc")).count(),
        1,
        "{f:?}"
    );
    // R12's reasoning: on one location the sc order adds nothing (SC per location), so both go.
    let mut m = kernel(&body("flag"), "");
    assert_eq!(
        run(&mut m, "sm_90a"),
        vec![vec![Rule::R10], vec![Rule::R10]]
    );
    let f = ptx_forms(&m, "sm_90a");
    assert!(!f.iter().any(|x| x.starts_with("fence.sc")), "{f:?}");
}

const PULL: &str = r#"  %rank = "nv_tileas.cluster_ctarank"() : () -> i32
  %peer = "nv_tileas.xori"(%rank, %c1) : (i32, i32) -> i32"#;
const REMOTE_LD: &str = r#"  %rs = "nv_tileas.mapa"(%slot, %peer) : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cluster>
  %x = "nv_tileas.ld"(%rs) {space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cluster>) -> i32
  "nv_tileas.st"(%g, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.cluster_arrive"() : () -> ()
  "nv_tileas.cluster_wait"() : () -> ()"#;
const CLUSTER2: &str = ", cluster_dims = array<i32: 2, 1, 1>";

#[test]
fn a_cluster_pull_of_shared_memory_gets_the_restricted_release() {
    let body = [
        PULL,
        ST_SLOT,
        r#"  "nv_tileas.cluster_arrive"() : () -> ()"#,
        r#"  "nv_tileas.cluster_wait"() : () -> ()"#,
        REMOTE_LD,
    ]
    .join("\n");
    let mut m = kernel(&body, CLUSTER2);
    assert_eq!(run(&mut m, "sm_90a"), vec![vec![Rule::R6, Rule::R4]]);
    let f = ptx_forms(&m, "sm_90a");
    assert!(f.contains(&"fence.release.sync_restrict::shared::cta.cluster".to_string()));
    // Only the exit barrier keeps its release (it orders the peer's read before this CTA exits).
    let release_arrives = f
        .iter()
        .filter(|x| x.starts_with("barrier.cluster.arrive") && !x.contains("relaxed"));
    assert_eq!(release_arrives.count(), 1, "{f:?}");
    // Below PTX 8.6 the restricted fence does not exist: the release arrive stays.
    let mut m = kernel(&body, CLUSTER2);
    let t = Target {
        ptx_isa: Some(tilec_dialects::target::PtxIsa(8, 5)),
        ..Target::parse("sm_90a").unwrap()
    };
    let k = the_kernel(&m);
    assert!(optimize(&mut m, k, &t).is_empty());
}

#[test]
fn a_cluster_pull_of_global_memory_keeps_the_release_arrive() {
    let st_global = r#"  "nv_tileas.st"(%g, %tid) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()"#;
    let rd_global = r#"  %grev = "nv_tileas.gep"(%out, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  %gy = "nv_tileas.ld"(%grev) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>) -> i32"#;
    let body = [
        PULL,
        st_global,
        r#"  "nv_tileas.cluster_arrive"() : () -> ()"#,
        r#"  "nv_tileas.cluster_wait"() : () -> ()"#,
        rd_global,
    ]
    .join("\n");
    let mut m = kernel(&body, CLUSTER2);
    assert!(run(&mut m, "sm_90a").is_empty());
    assert!(ptx_forms(&m, "sm_90a").contains(&"barrier.cluster.arrive.aligned".to_string()));
}

#[test]
fn every_candidate_undoes_exactly() {
    let body = [
        PULL,
        ST_SLOT,
        &fence("acq_rel", "cluster"),
        r#"  "nv_tileas.cluster_arrive"() : () -> ()"#,
        r#"  "nv_tileas.cluster_wait"() : () -> ()"#,
        &fence("acq_rel", "cluster"),
        REMOTE_LD,
    ]
    .join("\n");
    let mut m = kernel(&body, CLUSTER2);
    let before = module_to_string(&m);
    let k = the_kernel(&m);
    let caps = candidates::Caps {
        split: true,
        clusters: true,
    };
    let mut n = 0;
    for op in sites(&m, k) {
        for c in candidates::at(&m, op, caps, false, None) {
            let mut ed = Edits::default();
            let mark = ed.mark();
            (c.apply)(&mut m, &mut ed);
            ed.undo_to(&mut m, mark);
            assert_eq!(module_to_string(&m), before, "candidate {:?}", c.rules);
            n += 1;
        }
    }
    assert!(n > 10, "{n} candidates");
}

#[test]
fn cost_compares_the_most_expensive_class_first() {
    let mut a = forms::Cost::default();
    let mut b = forms::Cost::default();
    a.add_weighted(Class::Gpu, 1);
    b.add_weighted(Class::Cta, 100);
    b.add_weighted(Class::Invalidate, 100);
    assert!(b < a);
    b.add_weighted(Class::Sys, 1);
    assert!(a < b);
    let mut c = forms::Cost::default();
    c.add_weighted(Class::Free, 1000);
    assert_eq!(c, c);
    assert!(c <= forms::Cost::default() && forms::Cost::default() <= c);
}

#[test]
fn widening_follows_the_lowering() {
    let body = r#"  "nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()"#;
    let m = kernel(body, "");
    let fences = |t| -> Vec<String> {
        ptx_forms(&m, t)
            .into_iter()
            .filter(|f| f.starts_with("fence"))
            .collect()
    };
    assert_eq!(
        fences("sm_90a"),
        [
            "fence.release.sync_restrict::shared::cta.cluster",
            "fence.acquire.gpu"
        ]
    );
    assert_eq!(
        fences("sm_80"),
        ["fence.acq_rel.cluster", "fence.acq_rel.gpu"]
    );
    assert!(!forms::split_fences(&Target::parse("sm_80").unwrap()));
    assert!(forms::split_fences(&Target::parse("sm_90a").unwrap()));
}

#[test]
fn ties_go_to_no_new_ptx_version_then_fewer_then_weaker() {
    let s = |ptx86, instrs, sem, scope| forms::Score {
        cost: forms::Cost::default(),
        ptx86,
        instrs,
        sem,
        scope,
    };
    // A cheaper class always wins, whatever the rest.
    let mut cheap = s(true, 9, 9, 9);
    let mut dear = s(false, 1, 1, 1);
    dear.cost.add(Class::Cta);
    cheap.cost.add(Class::Invalidate);
    assert!(cheap < dear);
    // Equal cost: not needing PTX 8.6 first, then fewer instructions, then weaker semantics.
    assert!(s(false, 2, 9, 9) < s(true, 1, 1, 1));
    assert!(s(false, 1, 9, 9) < s(false, 2, 1, 1));
    assert!(s(false, 1, 3, 9) < s(false, 1, 4, 1));
    assert!(s(false, 1, 3, 1) < s(false, 1, 3, 2));
}

/// Warp 0 stores its slots, then `release` (the sync ops before its arrive) and `arrive`
/// (the arrive's attributes); warp 1 waits on the mbarrier with `wait` (its attributes) and
/// loads them.
fn mbarrier_handoff(release: &str, arrive: &str, wait: &str) -> Module {
    kernel(
        &format!(
            r#"%bar = "nv_tileas.alloc_shared"() {{size = 8 : i64, align = 8 : i64}} : () -> !nv_tileas.ptr<shared_cta>
  %c0 = "nv_tileas.constant"() {{value = 0 : i32}} : () -> i32
  %n = "nv_tileas.constant"() {{value = 32 : i32}} : () -> i32
  "nv_tileas.elect"() ({{
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }}) : () -> ()
  "nv_tileas.barrier"() {{id = 0 : i32}} : () -> ()
  "nv_tileas.warp_role"() ({{
    "nv_tileas.st"(%slot, %tid) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>, i32) -> (){release}
    "nv_tileas.mbarrier_arrive"(%bar) {{{arrive}, space = #mem.space<shared_cta>}} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }}) {{warps = array<i32: 0, 1>}} : () -> ()
  "nv_tileas.warp_role"() ({{
    "nv_tileas.mbarrier_wait"(%bar, %c0) {{{wait}}} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %lane = "nv_tileas.lane_id"() : () -> i32
    %q = "nv_tileas.gep"(%buf, %lane) {{elem_bytes = 4 : i64}} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x = "nv_tileas.ld"(%q) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.yield"() : () -> ()
  }}) {{warps = array<i32: 1, 2>}} : () -> ()"#
        ),
        "",
    )
}

/// A CTA-local mbarrier handoff at cluster scope: the wait goes to acquire.cta (one free
/// instruction), not to a relaxed wait plus a restricted acquire fence (two, and PTX 8.6).
#[test]
fn a_cta_local_wait_narrows_rather_than_splits() {
    let mut m = mbarrier_handoff(
        "",
        "mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>",
        "mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>",
    );
    let rules = run(&mut m, "sm_90a");
    assert_eq!(rules, vec![vec![Rule::R2]]);
    let f = ptx_forms(&m, "sm_90a");
    assert!(
        f.iter().any(|x| x == "mbarrier.try_wait.parity.shared.b64"),
        "{f:?}"
    );
    assert!(!f.iter().any(|x| x.contains("sync_restrict")), "{f:?}");
}

/// The fence op of kernel `k` (the first).
fn first_fence(m: &Module, k: Op) -> Op {
    sites(m, k)
        .into_iter()
        .find(|&o| candidates::is(m, o, tilec_dialects::nv_tileas::OpKind::Fence))
        .expect("a fence")
}

#[test]
fn a_fence_that_serves_no_handoff_goes_without_a_search() {
    // The barrier's own acq_rel at cta scope orders the handoff: no path needs the fence.
    let body = [ST_SLOT, &fence("acq_rel", "gpu"), BARRIER, LD_OTHER].join("\n");
    let mut m = kernel(&body, "");
    let k = the_kernel(&m);
    let s = super::Scratch::new(&m, k);
    let mut g = s.graph(k);
    assert_eq!(g.findings, 0);
    let f = first_fence(&m, k);
    assert_eq!(g.served(f), 0);
    let mut ed = Edits::default();
    ed.remove(&mut m, f);
    assert!(g.try_forms(&m, &[f]));
    assert_eq!(g.searches, 0, "nothing to search again");
}

/// A producer warp stores and arrives (relaxed) after a release fence; a consumer warp waits
/// (acquire) and loads: the fence is the handoff's only release.
fn fenced_relaxed_arrive() -> Module {
    mbarrier_handoff(
        "\n    \"nv_tileas.fence\"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : () -> ()",
        "mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cta>",
        "mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cta>",
    )
}

#[test]
fn dropping_the_only_release_of_a_handoff_is_refused_and_the_graph_restored() {
    let mut m = fenced_relaxed_arrive();
    let k = the_kernel(&m);
    let s = super::Scratch::new(&m, k);
    let mut g = s.graph(k);
    assert_eq!(g.findings, 0);
    let f = first_fence(&m, k);
    assert_eq!(
        g.served(f),
        1,
        "the fence is the release side of the handoff"
    );
    // Removed: the handoff has no release left.
    let mut ed = Edits::default();
    ed.remove(&mut m, f);
    assert!(!g.try_forms(&m, &[f]));
    ed.undo_to(&mut m, 0);
    // Made relaxed: the same. The graph was restored: the fence as it is still passes.
    ed.set_sem(&mut m, f, tilec_ir::MemSemantic::Relaxed);
    assert!(!g.probe(&m, &[f]));
    ed.undo_to(&mut m, 0);
    assert!(g.probe(&m, &[f]));
    assert_eq!(g.served(f), 1);
    // And the pass keeps it, where the checker agrees.
    let rules = run(&mut m, "sm_90a");
    assert!(!rules.iter().any(|r| r.contains(&Rule::Drop)), "{rules:?}");
    assert!(tilec_passes_verifies(&m, k));
}

fn tilec_passes_verifies(m: &Module, k: Op) -> bool {
    crate::verify::races::verifies(m, k).is_some()
}
