//! The form table against its sources: the minimums of ptx-sync-isa.md §10, the
//! accepted/rejected forms of ptxas-probe.md, the messages, and the SYNC-MODEL §1 families of
//! the nv_tileas catalog. (That every form the printer emits has a row: `ptx::form`'s tests.)

use super::*;
use crate::mem::{row_of, OpFamily, ScopeRule};
use MemScope::Sys;

#[test]
fn keys_are_unique_and_known() {
    for (i, a) in FORMS.iter().enumerate() {
        assert!(
            FORMS[i + 1..].iter().all(|b| b.key != a.key),
            "duplicate {}",
            a.key
        );
    }
    let sm = |s| Target::parse(s).unwrap();
    let met = |k, t| form(k).unwrap().target.met_by(&sm(t));
    assert!(met("mbarrier.init", "sm_80") && !met("mbarrier.init", "sm_75"));
    assert!(!met("mbarrier.try_wait", "sm_89"));
    assert!(met("tcgen05", "sm_100f") && !met("tcgen05", "sm_100"));
    assert!(met("wgmma", "sm_90a") && !met("wgmma", "sm_90"));
}

// ---- minimum versions and targets --------------------------------------------------------

/// ptx-sync-isa.md §10, row by row: (key, min PTX, min target, the §10 feature it is).
/// Targets below sm_70 are `Any` (tilec's oldest target is sm_70). One row a line: data.
#[rustfmt::skip]
const SECTION_10: &[(&str, (u8, u8), TargetReq, &str)] = &[
    ("fence.sem", (6, 0), Any, "fence.{sc,acq_rel}.{cta,gpu,sys}"),
    ("fence.sc", (6, 0), Any, "fence.{sc,acq_rel}.{cta,gpu,sys}"),
    ("fence.acq_rel", (6, 0), Any, "fence.{sc,acq_rel}.{cta,gpu,sys}"),
    ("ld.sem", (6, 0), Any, "ld/st .weak/.relaxed/.acquire/.release"),
    ("st.sem", (6, 0), Any, "ld/st .weak/.relaxed/.acquire/.release"),
    ("atom.sem", (6, 0), Any, "atom/red .sem"),
    ("red.sem", (6, 0), Any, "atom/red .sem"),
    ("barrier.sync", (6, 0), Any, "barrier.* mnemonic (sm_30)"),
    ("mbarrier.init", (7, 0), Sm80, "mbarrier init/inval/arrive/…"),
    ("mbarrier.inval", (7, 0), Sm80, "mbarrier init/inval/arrive/…"),
    ("mbarrier.arrive", (7, 0), Sm80, "mbarrier init/inval/arrive/…"),
    ("mbarrier.arrive_drop", (7, 0), Sm80, "mbarrier …/arrive_drop/…"),
    ("mbarrier.test_wait.parity", (7, 1), Sm80, "test_wait.parity"),
    ("scope.cluster", (7, 8), Sm90, ".cluster scope anywhere"),
    ("space.shared::cluster", (7, 8), Sm90, ".shared::cluster"),
    ("barrier.cluster.arrive", (7, 8), Sm90, "barrier.cluster"),
    ("barrier.cluster.wait", (7, 8), Sm90, "barrier.cluster"),
    ("mbarrier.try_wait", (7, 8), Sm90, "mbarrier.try_wait"),
    ("fence.proxy.async", (8, 0), Sm90, "fence.proxy.async*"),
    ("fence.mbarrier_init", (8, 0), Sm90, "fence.mbarrier_init.release.cluster"),
    ("mbarrier.sem", (8, 0), Sm90, "mbarrier .sem.scope"),
    ("mbarrier.expect_tx", (8, 0), Sm90, "mbarrier expect_tx"),
    ("mbarrier.complete_tx", (8, 0), Sm90, "mbarrier complete_tx"),
    ("mbarrier.remote", (8, 0), Sm90, "mbarrier remote arrive"),
    ("barrier.cluster.sem", (8, 0), Sm90, "barrier.cluster sem qualifiers"),
    ("cp.async.bulk", (8, 0), Sm90, "cp.async.bulk + commit/wait_group"),
    ("wgmma", (8, 0), Sm90a, "wgmma.fence/commit_group/wait_group"),
    ("wgmma.mma_async", (8, 0), Sm90a, "wgmma.mma_async (sm_90a)"),
    ("st.async", (8, 1), Sm90, "st.async (shared::cluster)"),
    ("red.async", (8, 1), Sm90, "red.async (shared::cluster)"),
    ("fence.acquire", (8, 6), Sm90, "fence.acquire/.release.<scope>"),
    ("fence.release", (8, 6), Sm90, "fence.acquire/.release.<scope>"),
    ("fence.sync_restrict", (8, 6), Sm90, ".sync_restrict fences"),
    ("mbarrier.relaxed", (8, 6), Sm90, "mbarrier .relaxed"),
    ("tcgen05", (8, 6), Tcgen05, "tcgen05.* (sm_100a)"),
];

/// The rows §10 does not list, and where their minimums come from.
const ELSEWHERE: &[(&str, &str)] = &[
    ("bar.sync", "§4.1: bar.sync with an immediate id, PTX 1.0"),
    ("bar.arrive", "§4.1: bar.arrive, PTX 2.0 / sm_20"),
    (
        "space.shared::cta",
        "§2.3: the ::cta sub-qualifier, PTX 7.8",
    ),
    ("mapa", "PTX ISA mapa: 7.8 / sm_90 (ptxas-probe: accepted)"),
    (
        "wgmma.mixed_int",
        "ptxas 13.5: \"Feature 'WGMMA with mixed integer types' requires PTX ISA .version 8.4 or later\"",
    ),
    (
        "mbarrier.sink",
        "§3.2 feature gates: the sink `_` as arrive destination, PTX 7.1",
    ),
    (
        "mbarrier.count",
        "§3.2 feature gates: `count` without `.noComplete`, PTX 7.8 + sm_90",
    ),
    ("sreg.cluster", "cluster special registers: 7.8 / sm_90"),
    (
        "mma.sync",
        "PTX ISA mma (warp-level matrix multiply-accumulate): .m16n8k16 with .f16 or .bf16 inputs, PTX 7.0, sm_80",
    ),
    ("cluster_dims", ".reqnctapercluster: 7.8 / sm_90"),
    (
        "cp.async",
        "PTX ISA cp.async (non-bulk): 7.0, sm_80",
    ),
    (
        "max.NaN",
        "PTX ISA min/max: the .NaN modifier, PTX 7.0, sm_80 (max{.ftz}{.NaN}{.xorsign.abs}.f32)",
    ),
    (
        "b128",
        "PTX ISA ld/st/mov .b128 and .reg .b128: 8.3, sm_70 (ptxas 13: \"Feature 'Type .b128' requires PTX ISA .version 8.3 or later\")",
    ),
    (
        "param_space.large",
        "ptxas 13: \"Feature 'Kernel parameter size larger than 4352 bytes' requires PTX ISA .version 8.1 or later\"",
    ),
    (
        "basic",
        "the printer's plain instructions: the sm_70 floor, 6.0",
    ),
    (
        "atom.add.f16",
        "PTX ISA atom/red `.add.noftz.f16`: 6.3, sm_70 (ptxas 13: \"Instruction 'atom.add.f16.global' requires PTX ISA .version 6.3 or later\")",
    ),
    (
        "atom.add.bf16",
        "PTX ISA atom/red `.add.noftz.bf16`: 7.8, sm_90 (ptxas 13: \"Instruction 'red.add.bf16.global' requires .target sm_90 or higher\")",
    ),
];

#[test]
fn minimums_match_section_10() {
    for &(key, (major, minor), target, feature) in SECTION_10 {
        let f = form(key).unwrap_or_else(|| panic!("§10 '{feature}': no row '{key}'"));
        assert_eq!(f.ptx, PtxIsa(major, minor), "{key} ({feature})");
        assert_eq!(f.target, target, "{key} ({feature})");
    }
    for f in FORMS {
        let listed = SECTION_10.iter().filter(|r| r.0 == f.key).count()
            + ELSEWHERE.iter().filter(|r| r.0 == f.key).count();
        assert_eq!(
            listed, 1,
            "classify '{}' once: SECTION_10 or ELSEWHERE",
            f.key
        );
    }
}

// ---- legal modifiers ---------------------------------------------------------------------

fn w(sem: Option<MemSemantic>, scope: Option<MemScope>, space: Option<Space>) -> Written {
    Written {
        sem,
        scope,
        space,
        ..Written::default()
    }
}

/// ptxas-probe.md: the forms ptxas 13.0 accepted (true) or rejected (false), as the table's
/// key and modifiers.
#[test]
fn the_table_agrees_with_the_ptxas_probe() {
    let (gl, sh, shc) = (Some(Global), Some(SharedCta), Some(SharedCluster));
    // One probe row a line: data.
    #[rustfmt::skip]
    let rows: &[(&str, &str, Written, bool)] = &[
        ("ld.relaxed.gpu.global", "ld.sem", w(Some(Relaxed), Some(Gpu), gl), true),
        ("ld.acquire.gpu.global", "ld.sem", w(Some(Acquire), Some(Gpu), gl), true),
        ("ld.acquire.cluster.shared::cluster", "ld.sem", w(Some(Acquire), Some(Cluster), shc), true),
        ("ld.acquire.cta.shared", "ld.sem", w(Some(Acquire), Some(Cta), sh), true),
        ("ld.weak.global", "ld.sem", w(Some(Weak), None, gl), true),
        ("ld.release.gpu.global(bad)", "ld.sem", w(Some(Release), Some(Gpu), gl), false),
        ("ld.acquire.global(noscope)", "ld.sem", w(Some(Acquire), None, gl), false),
        ("ld.weak.gpu.global(bad)", "ld.sem", w(Some(Weak), Some(Gpu), gl), false),
        ("st.release.gpu.global", "st.sem", w(Some(Release), Some(Gpu), gl), true),
        ("st.release.sys.global", "st.sem", w(Some(Release), Some(Sys), gl), true),
        ("st.relaxed.cta.shared", "st.sem", w(Some(Relaxed), Some(Cta), sh), true),
        ("st.release.cluster.shared::cluster", "st.sem", w(Some(Release), Some(Cluster), shc), true),
        ("st.acquire.gpu.global(bad)", "st.sem", w(Some(Acquire), Some(Gpu), gl), false),
        ("atom.relaxed.gpu.global.add", "atom.sem", w(Some(Relaxed), Some(Gpu), gl), true),
        ("atom.acq_rel.gpu.global.add", "atom.sem", w(Some(AcqRel), Some(Gpu), gl), true),
        ("atom.acquire.cluster.global.cas", "atom.sem", w(Some(Acquire), Some(Cluster), gl), true),
        ("atom.release.cta.shared.exch", "atom.sem", w(Some(Release), Some(Cta), sh), true),
        ("atom.sc.gpu.global.add(bad?)", "atom.sem", w(Some(Sc), Some(Gpu), gl), false),
        ("atom.acq_rel.global.add(noscope)", "atom.sem", w(Some(AcqRel), None, gl), true),
        ("atom.gpu.global.add(nosem)", "atom.sem", w(None, Some(Gpu), gl), true),
        ("red.release.gpu.global.add", "red.sem", w(Some(Release), Some(Gpu), gl), true),
        ("red.acq_rel.gpu.global.add(bad?)", "red.sem", w(Some(AcqRel), Some(Gpu), gl), false),
        ("fence.sc.cluster", "fence.sem", w(Some(Sc), Some(Cluster), None), true),
        ("fence.acquire.cta", "fence.acquire", w(Some(Acquire), Some(Cta), None), true),
        ("fence.release.gpu", "fence.release", w(Some(Release), Some(Gpu), None), true),
        ("fence.cta(nosem)", "fence.sem", w(None, Some(Cta), None), true),
        ("fence.proxy.async", "fence.proxy.async", w(None, None, None), true),
        ("fence.proxy.async.shared::cta", "fence.proxy.async", w(None, None, sh), true),
        ("fence.proxy.async.global", "fence.proxy.async", w(None, None, gl), true),
        ("fence.mbarrier_init.release.cluster", "fence.mbarrier_init", w(Some(Release), Some(Cluster), None), true),
        ("mbarrier.init.shared::cta.b64", "mbarrier.init", w(None, None, sh), true),
        ("mbarrier.arrive.shared::cta.b64", "mbarrier.arrive", w(None, None, sh), true),
        ("mbarrier.arrive.relaxed.cta.shared::cta.b64", "mbarrier.arrive", w(Some(Relaxed), Some(Cta), sh), true),
        ("mbarrier.arrive.release.cluster.shared::cluster.b64", "mbarrier.arrive", w(Some(Release), Some(Cluster), shc), true),
        ("mbarrier.arrive.acquire.cta(bad)", "mbarrier.arrive", w(Some(Acquire), Some(Cta), None), false),
        ("mbarrier.expect_tx.relaxed.cta.shared::cta.b64", "mbarrier.expect_tx", w(Some(Relaxed), Some(Cta), sh), true),
        ("mbarrier.complete_tx.relaxed.cta.shared::cta.b64", "mbarrier.complete_tx", w(Some(Relaxed), Some(Cta), sh), true),
        ("mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64", "mbarrier.try_wait", w(Some(Acquire), Some(Cluster), sh), true),
        ("mbarrier.try_wait.parity.relaxed.cta.shared::cta.b64", "mbarrier.try_wait", w(Some(Relaxed), Some(Cta), sh), true),
        ("mbarrier.try_wait.parity.release(bad)", "mbarrier.try_wait", w(Some(Release), None, None), false),
        ("mbarrier.test_wait.parity.shared::cta.b64", "mbarrier.test_wait.parity", w(None, None, sh), true),
        ("barrier.cluster.arrive", "barrier.cluster.arrive", w(None, None, None), true),
        ("barrier.cluster.arrive.relaxed", "barrier.cluster.arrive", w(Some(Relaxed), None, None), true),
        ("barrier.cluster.wait.acquire", "barrier.cluster.wait", w(Some(Acquire), None, None), true),
        ("barrier.cluster.wait.relaxed(bad?)", "barrier.cluster.wait", w(Some(Relaxed), None, None), false),
        ("st.async.mbarrier::complete_tx::bytes", "st.async", w(None, None, shc), true),
        ("st.async.release.cluster", "st.async", w(Some(Release), Some(Cluster), None), false),
        ("red.async.relaxed.cluster.add", "red.async", w(Some(Relaxed), Some(Cluster), shc), true),
        ("cp.async.bulk.global.shared::cta.bulk_group", "cp.async.bulk", w(None, None, gl), true),
        ("mapa.shared::cluster", "mapa", w(None, None, shc), true),
    ];
    for (probe, key, written, accepted) in rows {
        let got = form(key)
            .unwrap_or_else(|| panic!("no row {key}"))
            .check(written);
        assert_eq!(got.is_ok(), *accepted, "{probe} ({key}): {got:?}");
    }
    let fence = |sem, space| Written {
        sem: Some(sem),
        scope: Some(Cluster),
        restrict: Some(space),
        ..Written::default()
    };
    let restrict = form("fence.sync_restrict").unwrap();
    assert!(restrict.check(&fence(Acquire, SharedCluster)).is_ok());
    assert!(restrict.check(&fence(Release, SharedCta)).is_ok());
    // REJECTED: Modifier '.sync_restrict::shared::cluster' cannot be combined with '.release'
    assert_eq!(
        restrict.check(&fence(Release, SharedCluster)),
        Err(Illegal::RestrictSem(SharedCluster, Acquire))
    );
    assert_eq!(
        restrict.check(&fence(Acquire, SharedCta)),
        Err(Illegal::RestrictSem(SharedCta, Release))
    );
    let exch = Written {
        rmw: Some(RmwKind::Exch),
        ..w(Some(Relaxed), Some(Gpu), gl)
    };
    assert!(form("atom.sem").unwrap().check(&exch).is_ok());
    assert_eq!(
        form("red.sem").unwrap().check(&exch),
        Err(Illegal::Rmw(RmwKind::Exch))
    );
}

#[test]
fn messages_name_the_form_and_its_legal_set() {
    let msg = |key: &str, op: &str, written: Written| {
        let f = form(key).unwrap();
        f.message(op, &written, f.check(&written).unwrap_err())
    };
    let gpu = Some(Gpu);
    assert_eq!(
        msg("ld.sem", "ld", w(Some(Release), gpu, Some(Global))),
        "'ld' does not accept semantic 'release'; the form ld.sem accepts: weak, relaxed, acquire"
    );
    assert_eq!(
        msg("st.sem", "st", w(Some(Weak), gpu, None)),
        "'st' with semantic 'weak' must not carry a scope (got 'gpu'); the form st.sem takes a scope only with: relaxed, release"
    );
    assert_eq!(
        msg("ld.sem", "ld", w(Some(Acquire), None, None)),
        "'ld' with semantic 'acquire' requires a scope; the form ld.sem accepts: cta, cluster, gpu, sys"
    );
    assert_eq!(
        msg("ld.sem", "ld", w(Some(Weak), None, Some(Space::Tmem))),
        "'ld' does not accept space 'tmem'; the form ld.sem accepts: global, shared_cta, shared_cluster, generic"
    );
    assert_eq!(
        msg("barrier.cluster.wait", "cluster_wait", w(None, gpu, None)),
        "'cluster_wait' does not accept scope 'gpu'; the scope of the form barrier.cluster.wait is always 'cluster'"
    );
    assert_eq!(
        msg("fence.proxy.async", "fence_proxy_async", w(Some(Release), None, None)),
        "'fence_proxy_async' does not accept semantic 'release'; the form fence.proxy.async takes no semantic"
    );
    let restricted = |sem, scope, space| Written {
        sem: Some(sem),
        scope,
        restrict: Some(space),
        ..Written::default()
    };
    assert_eq!(
        msg("fence.sync_restrict", "fence", restricted(Acquire, gpu, SharedCluster)),
        "'fence' with restrict 'shared_cluster' does not accept scope 'gpu'; the form fence.sync_restrict accepts: cluster"
    );
    assert_eq!(
        msg("fence.sync_restrict", "fence", restricted(Acquire, Some(Cluster), SharedCta)),
        "'fence' with restrict 'shared_cta' does not accept semantic 'acquire'; the form fence.sync_restrict allows sync_restrict::shared::cta with release only"
    );
    assert_eq!(
        msg("fence.sync_restrict", "fence", restricted(Release, Some(Cluster), Global)),
        "'fence' does not accept restrict space 'global'; the form fence.sync_restrict accepts: shared_cta, shared_cluster"
    );
    let exch = Written {
        rmw: Some(RmwKind::Exch),
        ..w(Some(Relaxed), gpu, Some(Global))
    };
    assert_eq!(
        msg("red.sem", "red", exch),
        "'red' does not accept operation 'exch'; the form red.sem accepts: add, and, or, xor, max, min, umax, umin, inc, dec"
    );
}

/// The split fence rows partition `fence.sem`: each semantic has exactly one row.
#[test]
fn split_fences_partition_the_fence_instruction() {
    let all = form("fence.sem").unwrap().legal.sems;
    let split = [
        "fence.sc",
        "fence.acq_rel",
        "fence.acquire",
        "fence.release",
    ];
    for sem in all {
        let rows: Vec<_> = split
            .iter()
            .filter(|k| form(k).unwrap().legal.sems == [*sem])
            .collect();
        assert_eq!(rows.len(), 1, "{sem}: {rows:?}");
    }
    assert_eq!(all.len(), split.len());
}

/// SYNC-MODEL §1 never accepts what the op's PTX form cannot print: for each nv_tileas sync
/// op, its family's semantics and scopes lie within the legal sets of the instruction it is
/// lowered to (sc is the
/// exception on accesses: it is printed as `fence.sc` + a strong access).
#[test]
fn the_model_fits_the_forms_of_the_catalog() {
    use OpFamily as F;
    let cases: &[(&str, F, &str)] = &[
        ("nv_tileas.ld", F::Load, "ld.sem"),
        ("nv_tileas.st", F::Store, "st.sem"),
        ("nv_tileas.atom", F::Rmw, "atom.sem"),
        ("nv_tileas.red", F::Red, "red.sem"),
        ("nv_tileas.fence", F::Fence, "fence.sem"),
        ("nv_tileas.fence", F::RestrictFence, "fence.sync_restrict"),
        ("nv_tileas.mbarrier_arrive", F::MbarrierArrive, ""),
        ("nv_tileas.mbarrier_arrive_drop", F::MbarrierArrive, ""),
        ("nv_tileas.mbarrier_expect_tx", F::MbarrierArrive, ""),
        ("nv_tileas.mbarrier_complete_tx", F::MbarrierArrive, ""),
        ("nv_tileas.mbarrier_try_wait", F::MbarrierWait, ""),
        ("nv_tileas.mbarrier_test_wait", F::MbarrierWait, ""),
        ("nv_tileas.mbarrier_wait", F::MbarrierWait, ""),
        ("nv_tileas.cluster_arrive", F::ClusterArrive, ""),
        ("nv_tileas.cluster_wait", F::ClusterWait, ""),
    ];
    // Known gaps, kept visible: the model lets expect_tx/complete_tx be release (its
    // MbarrierArrive row), but PTX writes only `.relaxed` on them (ptx-sync-isa §3.2).
    let gaps: &[(&str, MemSemantic)] = &[
        ("nv_tileas.mbarrier_expect_tx", Release),
        ("nv_tileas.mbarrier_complete_tx", Release),
    ];
    let mut seen_gaps = 0;
    for &(op, family, key) in cases {
        let key = if key.is_empty() {
            crate::ptx::form::lowers_to(tilec_ir::Sym::new(op))
                .map(|instr| instr.def().isa)
                .unwrap_or_else(|| panic!("{op} is lowered to no instruction"))
        } else {
            key
        };
        let legal = &form(key).unwrap().legal;
        let r = row_of(family);
        // (a row's default semantic is one of its semantics)
        assert!(r.default_sem.is_none_or(|s| r.sems.contains(&s)));
        for sem in r.sems {
            let fits = legal.sems.contains(sem) || (*sem == Sc && form("fence.sc").is_some());
            if gaps.contains(&(op, *sem)) {
                assert!(
                    !fits,
                    "{op}: the gap for '{sem}' is closed; drop it from `gaps`"
                );
                seen_gaps += 1;
            } else {
                assert!(fits, "{op} ({family:?}) accepts '{sem}', which {key} lacks");
            }
        }
        let scopes: Vec<MemScope> = match r.scope {
            ScopeRule::Structural => MemScope::ALL.to_vec(),
            ScopeRule::Required(s) | ScopeRule::Defaulted { allowed: s, .. } => s.to_vec(),
            ScopeRule::Implicit(s) => vec![s],
        };
        for s in &scopes {
            assert!(
                legal.scopes.contains(s),
                "{op} accepts scope '{s}', which {key} lacks"
            );
        }
    }
    assert_eq!(seen_gaps, gaps.len());
    assert_eq!(
        form("fence.sync_restrict").unwrap().legal.restrict,
        RESTRICT
    );
}
