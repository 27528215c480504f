//! The cost table against its sources: the probe's SASS (ptxas-probe.md), its own invariants,
//! and (in [`printed`]) every form the PTX printer can emit.

use super::*;

mod printed;

/// Every form ptxas 13.0 accepted in ptxas-probe.md that tilec prints, as tilec prints it,
/// with its SASS column (the probe's `membar`, tensormap/alias proxy fences, `ld.volatile`,
/// `griddepcontrol`, … are forms tilec never prints).
#[rustfmt::skip]
const PROBE: &[(&str, &str)] = &[
    ("fence.sc.cta", "MEMBAR.SC.CTA"),
    ("fence.sc.gpu", "MEMBAR.SC.GPU ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.sc.sys", "MEMBAR.SC.SYS ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.sc.cluster", "MEMBAR.SC.GPU ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.acq_rel.cta", "MEMBAR.ALL.CTA"),
    ("fence.acq_rel.cluster", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.acq_rel.gpu", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.acq_rel.sys", "MEMBAR.ALL.SYS ERRBAR CGAERRBAR CCTL.IVALL"),
    ("fence.acquire.cta", ""),
    ("fence.acquire.cluster", "CCTL.IVALL"),
    ("fence.acquire.gpu", "CCTL.IVALL"),
    ("fence.release.cta", "MEMBAR.ALL.CTA"),
    ("fence.release.cluster", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR"),
    ("fence.release.gpu", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR"),
    ("fence.proxy.async", "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S"),
    ("fence.proxy.async.shared::cta", "MEMBAR.ALL.CTA FENCE.VIEW.ASYNC.S"),
    ("fence.proxy.async.shared::cluster", "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S"),
    ("fence.proxy.async.global", "FENCE.VIEW.ASYNC.G"),
    ("fence.mbarrier_init.release.cluster", ""),
    ("fence.acquire.sync_restrict::shared::cluster.cluster", ""),
    ("fence.release.sync_restrict::shared::cta.cluster", "MEMBAR.ALL.CTA FENCE.VIEW.ASYNC.S"),
    ("ld.relaxed.gpu.global.u32", "LDG.E.STRONG.GPU"),
    ("ld.acquire.gpu.global.u32", "LDG.E.STRONG.GPU CCTL.IVALL"),
    ("ld.acquire.cluster.shared::cluster.u32", "LD.E.STRONG.GPU CCTL.IVALL"),
    ("ld.acquire.cta.shared.u32", ""),
    ("st.release.gpu.global.u32", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR STG.E.STRONG.GPU"),
    ("st.release.sys.global.u32", "MEMBAR.ALL.SYS ERRBAR CGAERRBAR STG.E.STRONG.SYS"),
    ("st.relaxed.cta.shared.u32", ""),
    ("st.release.cluster.shared::cluster.u32", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ST.E.STRONG.GPU"),
    ("atom.relaxed.gpu.global.add.u32", "ATOMG.E.ADD.STRONG.GPU"),
    ("atom.acq_rel.gpu.global.add.u32", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL"),
    ("atom.acquire.cluster.global.cas.b32", "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL"),
    ("atom.release.cta.shared.exch.b32", "MEMBAR.ALL.CTA ATOMS.EXCH"),
    ("atom.acq_rel.sys.global.add.u32", "MEMBAR.ALL.SYS ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.SYS CCTL.IVALL"),
    ("atom.acq_rel.global.add.u32", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL"),
    ("atom.global.add.u32", "ATOMG.E.ADD.STRONG.GPU"),
    ("red.release.gpu.global.add.u32", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR REDG.E.ADD.STRONG.GPU"),
    ("mbarrier.init.shared.b64", "SYNCS.EXCH.64"),
    ("mbarrier.inval.shared.b64", "SYNCS.CCTL.IV"),
    ("mbarrier.arrive.shared.b64", "SYNCS.ARRIVE.TRANS64.A1T0"),
    ("mbarrier.arrive.relaxed.cta.shared.b64", "SYNCS.ARRIVE.TRANS64.A1T0"),
    ("mbarrier.arrive.release.cluster.shared::cluster.b64", "MEMBAR.ALL.CTA MEMBAR.ALL.GPU ERRBAR CGAERRBAR SYNCS.ARRIVE.TRANS64.RED.A1T0"),
    ("mbarrier.arrive.relaxed.cluster.shared::cluster.b64", "SYNCS.ARRIVE.TRANS64.RED.A1T0"),
    ("mbarrier.arrive.expect_tx.shared.b64", "SYNCS.ARRIVE.TRANS64"),
    ("mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64", "MEMBAR.ALL.CTA MEMBAR.ALL.GPU ERRBAR CGAERRBAR SYNCS.ARRIVE.TRANS64.RED"),
    ("mbarrier.expect_tx.relaxed.cta.shared.b64", "SYNCS.ARRIVE.TRANS64.RED.A0TR"),
    ("mbarrier.complete_tx.relaxed.cta.shared.b64", "SYNCS.ARRIVE.TRANS64.RED.A0TX"),
    ("mbarrier.arrive_drop.shared.b64", "SYNCS.ARRIVE.TRANS64.OPTOUT.A1T0"),
    ("mbarrier.try_wait.parity.shared.b64", "SYNCS.PHASECHK.TRANS64.TRYWAIT"),
    ("mbarrier.try_wait.parity.acquire.cluster.shared.b64", "SYNCS.PHASECHK.TRANS64.TRYWAIT CCTL.IVALL"),
    ("mbarrier.try_wait.parity.relaxed.cluster.shared.b64", "SYNCS.PHASECHK.TRANS64.TRYWAIT"),
    ("mbarrier.try_wait.parity.relaxed.cta.shared.b64", "SYNCS.PHASECHK.TRANS64.TRYWAIT"),
    ("mbarrier.test_wait.parity.shared.b64", "SYNCS.PHASECHK.TRANS64"),
    ("barrier.cluster.arrive", "MEMBAR.ALL.GPU ERRBAR CGAERRBAR UCGABAR_ARV"),
    ("barrier.cluster.arrive.relaxed", "UCGABAR_ARV"),
    ("barrier.cluster.arrive.relaxed.aligned", "UCGABAR_ARV"),
    ("barrier.cluster.wait", "UCGABAR_WAIT CCTL.IVALL BAR.SYNC.DEFER_BLOCKING"),
    ("bar.sync", "BAR.SYNC.DEFER_BLOCKING"),
    ("bar.arrive", "BAR.ARV"),
    ("st.async.shared::cluster.mbarrier::complete_tx::bytes.b32", "STAS"),
    ("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32", "REDAS.ADD"),
    ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes", "UBLKCP.S.G"),
    ("cp.async.bulk.global.shared::cta.bulk_group", "UBLKCP.G.S"),
    ("cp.async.bulk.commit_group", "UTMACMDFLUSH"),
    ("cp.async.bulk.wait_group.read", "DEPBAR.LE"),
    ("cp.async.bulk.wait_group", "DEPBAR.LE CCTL.IVALL"),
    ("wgmma.fence.sync.aligned", "WARPGROUP.ARRIVE"),
    ("wgmma.commit_group.sync.aligned", "WARPGROUP.ARRIVE WARPGROUP.DEPBAR.LE"),
    ("wgmma.wait_group.sync.aligned", "WARPGROUP.DEPBAR.LE"),
    ("tcgen05.fence::before_thread_sync", ""),
    ("tcgen05.fence::after_thread_sync", ""),
    ("tcgen05.wait::ld.sync.aligned", ""),
    ("tcgen05.wait::st.sync.aligned", "FENCE.VIEW.ASYNC.T"),
    ("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64", "UTCBAR"),
    ("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32", "DEPBAR.LE UTCATOMSWS.FIND_AND_SET.ALIGN DEPBAR.LE UTCATOMSWS.FIND_AND_SET.ALIGN ATOMS.OR ATOMS.OR"),
    ("tcgen05.dealloc.cta_group::1.sync.aligned.b32", "REDUX UTCATOMSWS.AND ATOMS.AND ATOMS.AND"),
    ("tcgen05.ld.sync.aligned.32x32b.x1.b32", "LDTM"),
    ("tcgen05.st.sync.aligned.32x32b.x1.b32", "STTM"),
];

/// The probe's rejected forms tilec can print (they count as `Sys`).
const PROBE_REJECTED: &[&str] = &[
    "fence.release.sync_restrict::shared::cluster.cluster",
    "fence.acquire.sync_restrict::shared::cta.cluster",
    "ld.release.gpu.global.u32",
    "ld.acquire.global.u32",
    "st.acquire.gpu.global.u32",
    "atom.sc.gpu.global.add.u32",
    "red.acq_rel.gpu.global.add.u32",
    "mbarrier.arrive.acquire.cta.shared.b64",
    "mbarrier.try_wait.parity.release.cta.shared.b64",
];

#[test]
fn probe_forms_get_the_probe_class() {
    for &(form, sass) in PROBE {
        let row = classify(form).unwrap_or_else(|| panic!("'{form}' has no row"));
        assert!(row.probed, "'{form}' matched {row:?}, not marked probed");
        assert_eq!(
            row.class,
            class_of_sass(sass),
            "'{form}' (probe SASS: {sass})"
        );
    }
    for form in PROBE_REJECTED {
        let row = classify(form).unwrap_or_else(|| panic!("'{form}' has no row"));
        assert_eq!(row.class, Sys, "'{form}' is rejected by ptxas: {row:?}");
    }
    // Spot checks of the classes SYNC-MODEL §4 names.
    let class = |f: &str| classify(f).map(|r| r.class);
    assert_eq!(
        class("mbarrier.arrive.release.cluster.shared::cluster.b64"),
        Some(Gpu)
    );
    assert_eq!(class("mbarrier.arrive.shared::cluster.b64"), Some(Free));
    assert_eq!(
        class("mbarrier.try_wait.parity.acquire.cluster.shared.b64"),
        Some(Invalidate)
    );
    assert_eq!(class("tcgen05.wait::st.sync.aligned"), Some(Proxy));
    assert_eq!(class("fence.sc.gpu"), Some(ScGpu));
}

#[test]
fn every_row_has_the_class_of_its_sass_and_is_reachable() {
    for (k, r) in ROWS.iter().enumerate() {
        let want = if r.sass == REJECTED {
            Sys
        } else {
            class_of_sass(r.sass)
        };
        assert_eq!(r.class, want, "{r:?}");
        // An earlier row of the same instruction needing a subset of this row's modifiers
        // would always win: this row would be dead.
        if let Some(e) = ROWS[..k]
            .iter()
            .find(|e| e.instr == r.instr && e.needs.iter().all(|n| r.needs.contains(n)))
        {
            panic!("{r:?} is shadowed by {e:?}");
        }
    }
    assert_eq!(Class::ALL.map(|c| c as usize), [0, 1, 2, 3, 4, 5, 6]);
    assert!(Class::ALL.windows(2).all(|w| w[0] < w[1]));
    let expensive: Vec<_> = Class::ALL.into_iter().filter(|c| c.expensive()).collect();
    assert_eq!(expensive, [Gpu, ScGpu, Sys]);
}

#[test]
fn non_sync_instructions_have_no_row() {
    for op in [
        "add.s32",
        "mov.u32",
        "ld.global.u32",
        "ld.weak.global.u32",
        "ld.shared::cluster.u32",
        "st.shared.u32",
        "ld.param.u64",
        "mapa.shared::cluster.u32",
        "setp.eq.u32",
        "bra.uni",
        "ret",
        "cvta.to.global.u64",
        "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
        "fences.sc.gpu",
        "membar.gl",
    ] {
        assert_eq!(classify(op), None, "'{op}'");
    }
}

/// A stronger semantic or a wider scope never costs less (among the semantics PTX gives each
/// instruction; the others are rejected forms, counted `Sys`).
#[test]
fn classes_are_monotone_in_semantic_and_scope() {
    use tilec_ir::{MemScope, MemSemantic::*};
    let stronger = [
        (Relaxed, Acquire),
        (Relaxed, Release),
        (Acquire, AcqRel),
        (Release, AcqRel),
        (AcqRel, Sc),
    ];
    let class = |i: Instr, sem, scope| {
        let f = PtxForm {
            sem: Some(sem),
            scope: Some(scope),
            ..PtxForm::bare(i)
        }
        .normalized();
        row(&f).unwrap_or_else(|| panic!("'{f}' has no row")).class
    };
    let all = MemScope::ALL;
    let mbar = &all[..2]; // an mbarrier's scopes: cta, cluster
    let instrs: [(Instr, &[MemSemantic], &[MemScope]); 7] = [
        (Instr::Fence, &[Acquire, Release, AcqRel, Sc], all),
        (Instr::Ld, &[Relaxed, Acquire], all),
        (Instr::St, &[Relaxed, Release], all),
        (Instr::Atom, &[Relaxed, Acquire, Release, AcqRel], all),
        (Instr::Red, &[Relaxed, Release], all),
        (Instr::MbarrierArrive, &[Relaxed, Release], mbar),
        (Instr::MbarrierTryWait, &[Relaxed, Acquire], mbar),
    ];
    for (i, sems, scopes) in instrs {
        for &scope in scopes {
            for (weak, strong) in stronger {
                if sems.contains(&weak) && sems.contains(&strong) {
                    let (a, b) = (class(i, weak, scope), class(i, strong, scope));
                    assert!(
                        a <= b,
                        "{i:?}.{weak}.{scope} ({a:?}) > {i:?}.{strong}.{scope} ({b:?})"
                    );
                }
            }
        }
        for &sem in sems {
            let c: Vec<_> = scopes.iter().map(|s| class(i, sem, *s)).collect();
            assert!(c.windows(2).all(|w| w[0] <= w[1]), "{i:?}.{sem}: {c:?}");
        }
    }
}

/// Every form the printer can write with a semantic its instruction has has a row exactly when
/// it synchronizes: anything but a weak `ld`/`st` or `mapa` (an atom or red without a semantic
/// is relaxed). Semantics PTX lacks (`fence.weak`) are never printed: the verifier rejects them.
#[test]
fn every_form_has_a_row_exactly_when_it_synchronizes() {
    let mut n = 0;
    for f in PtxForm::all() {
        if f.sem
            .is_some_and(|s| !f.instr.isa().legal.sems.contains(&s))
        {
            continue;
        }
        let weak = matches!(f.instr, Instr::Ld | Instr::St) && f.sem.is_none();
        let sync = f.instr != Instr::Mapa && !weak;
        assert_eq!(row(&f).is_some(), sync, "'{f}': {:?}", row(&f));
        n += 1;
    }
    assert!(n > 3000, "{n}");
}

#[test]
fn count_ptx_counts_each_class() {
    let ptx = "//\n// Generated by tilec\n//\n\n.version 8.6\n.target sm_90a\n.address_size 64\n\n\
        .visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n\t.reg .b32 %r<3>;\n\n\
        \tld.param.u64 %rd1, [k_param_0];\n\tst.global.u32 [%rd1], %r1;\n\tfence.acq_rel.gpu;\n\
        \tfence.release.sync_restrict::shared::cta.cluster;\nL0:\n\t@%p1 bra L0;\n\
        \t@!%p1 mbarrier.try_wait.parity.acquire.cluster.shared.b64 %p1, [%r1], %r2;\n\
        \tatom.relaxed.gpu.global.add.u32 %r1, [%rd1], %r2;\n\tbar.sync 0;\n\tfence.sc.sys;\n\
        \tst.release.gpu.global.u32 [%rd1], %r1;\n\tret;\n}\n";
    let n = count_ptx(ptx);
    assert_eq!(n.0, [2, 1, 0, 1, 2, 0, 1], "{n:?}");
    assert_eq!((n.get(Gpu), n.get(Free), n.expensive()), (2, 2, 3));
    let mut less = n;
    less.0[Sys as usize] = 0;
    less.0[Free as usize] = 9;
    assert_eq!(less.cmp(&n), Ordering::Less);
    assert_eq!(n.cmp(&n), Ordering::Equal);
    let mut twice = n;
    twice += n;
    assert_eq!(twice.get(Gpu), 4);
    assert_eq!(line_opcode("\t@%p1 bra L0;"), Some("bra"));
    assert_eq!(line_opcode("\tfence.sc.gpu;"), Some("fence.sc.gpu"));
    assert_eq!(line_opcode("$L__BB0_1:"), None);
}

/// One row as docs/cost-model.md prints it.
fn doc_row(r: &Row) -> String {
    let needs: Vec<String> = r.needs.iter().map(|n| format!("`{n}`")).collect();
    let needs = if needs.is_empty() {
        "—".into()
    } else {
        needs.join(" ")
    };
    let sass = if r.sass.is_empty() { "—" } else { r.sass };
    let probed = if r.probed { "probed" } else { "inferred" };
    format!(
        "| `{}` | {needs} | {} | {probed} | {sass} |",
        r.instr.name(),
        r.class.label()
    )
}

/// docs/cost-model.md prints the table: its rows block is exactly [`ROWS`], in order.
#[test]
fn the_doc_table_is_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cost-model.md");
    let doc = std::fs::read_to_string(path).expect("docs/cost-model.md");
    let block = doc
        .split_once("<!-- rows:begin -->")
        .and_then(|(_, rest)| rest.split_once("<!-- rows:end -->"))
        .map(|(b, _)| b)
        .expect("the rows markers in docs/cost-model.md");
    let got: Vec<&str> = block.lines().filter(|l| l.starts_with("| `")).collect();
    let want: Vec<String> = ROWS.iter().map(doc_row).collect();
    assert!(
        got == want,
        "docs/cost-model.md's table is not ROWS; regenerate it from:\n{}",
        want.join("\n")
    );
}
