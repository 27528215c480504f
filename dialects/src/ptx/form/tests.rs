//! The form table against itself and the ISA table: every instruction and feature names a row,
//! `parse` inverts `Display` on every form, and the texts and minimums of the forms the
//! weakest-fence pass trades between.

use super::*;
use crate::target::PtxIsa;
use MemScope::{Cluster, Cta, Gpu};
use MemSemantic::{AcqRel, Acquire, Relaxed, Release, Weak};

#[test]
fn the_table_is_in_instr_order_and_names_ops_and_rows() {
    for (i, d) in INSTRS.iter().enumerate() {
        assert_eq!(d.instr as usize, i, "{d:?} out of order");
        // Exactly one ptx op prints each instruction (its declaration's `instr:`).
        let printers: Vec<_> = crate::ptx::OpKind::ALL
            .iter()
            .filter(|k| k.instr() == Some(d.instr))
            .collect();
        assert_eq!(printers.len(), 1, "{:?} printed by {printers:?}", d.instr);
        assert!(
            isa::form(d.isa).is_some(),
            "{:?}: no row {}",
            d.instr,
            d.isa
        );
        let name = tilec_ir::Sym::new(printers[0].name());
        assert_eq!(Instr::of_op(name), Some(d.instr));
    }
    for f in FEATURES {
        assert!(isa::form(f.key).is_some(), "feature {} has no row", f.key);
    }
    // Every nv_tileas sync or memory op names what it is lowered to.
    for k in crate::nv_tileas::OpKind::ALL {
        let name = tilec_ir::Sym::new(k.name());
        assert_eq!(lowers_to(name), k.instr(), "{}", k.name());
    }
}

#[test]
fn parse_inverts_display() {
    let all = PtxForm::all();
    assert!(all.len() > 3000, "{}", all.len());
    let mut seen = rustc_hash::FxHashMap::default();
    for f in &all {
        let text = f.to_string();
        assert_eq!(PtxForm::parse(&text), Some(*f), "'{text}'");
        if let Some(g) = seen.insert(text.clone(), *f) {
            assert_eq!(g, *f, "two forms print as '{text}'");
        }
    }
    for bad in [
        "add.s32",
        "ld.param.u64",
        "mov.u32",
        "ld.global",
        "fences.sc.gpu",
        "fence.cta",
    ] {
        assert_eq!(PtxForm::parse(bad), None, "'{bad}'");
    }
}

fn form(instr: Instr, sem: Option<MemSemantic>, scope: Option<MemScope>) -> PtxForm {
    PtxForm {
        sem,
        scope,
        ..PtxForm::bare(instr)
    }
}

#[test]
fn texts_are_what_the_printer_writes() {
    let arrive = |sem, scope, space| {
        PtxForm {
            space,
            ..form(Instr::MbarrierArrive, sem, scope)
        }
        .normalized()
        .to_string()
    };
    // The default pair is not written; any other pair is, whole.
    assert_eq!(arrive(None, None, None), "mbarrier.arrive.shared.b64");
    assert_eq!(
        arrive(Some(Release), Some(Cta), Some(Space::SharedCluster)),
        "mbarrier.arrive.shared::cluster.b64"
    );
    assert_eq!(
        arrive(Some(Relaxed), None, None),
        "mbarrier.arrive.relaxed.cta.shared.b64"
    );
    assert_eq!(
        arrive(None, Some(Cluster), Some(Space::SharedCluster)),
        "mbarrier.arrive.release.cluster.shared::cluster.b64"
    );
    let atom = PtxForm {
        space: Some(Space::Global),
        op: Some(RmwOp::Rmw(RmwKind::Add)),
        ty: Some(Ty {
            kind: TyKind::U,
            bits: 32,
        }),
        ..form(Instr::Atom, Some(Release), Some(Gpu))
    };
    assert_eq!(
        atom.normalized().to_string(),
        "atom.release.gpu.global.add.u32"
    );
    let proxy = PtxForm {
        space: Some(Space::SharedCta),
        ..PtxForm::bare(Instr::FenceProxyAsync)
    };
    assert_eq!(
        proxy.normalized().to_string(),
        "fence.proxy.async.shared::cta"
    );
    assert_eq!(
        form(Instr::MbarrierTestWait, Some(Acquire), Some(Cta))
            .normalized()
            .to_string(),
        "mbarrier.test_wait.parity.shared.b64"
    );
    assert_eq!(
        form(Instr::MbarrierTryWait, None, Some(Cluster))
            .normalized()
            .to_string(),
        "mbarrier.try_wait.parity.acquire.cluster.shared.b64"
    );
    let restricted = PtxForm {
        restrict: Some(Space::SharedCta),
        ..form(Instr::Fence, Some(Release), Some(Cluster))
    };
    assert_eq!(
        restricted.normalized().to_string(),
        "fence.release.sync_restrict::shared::cta.cluster"
    );
    assert_eq!(
        form(Instr::Fence, None, None).normalized().to_string(),
        "fence.acq_rel.sys"
    );
    assert_eq!(
        form(Instr::St, Some(Weak), Some(Gpu)).normalized(),
        form(Instr::St, None, None).normalized()
    );
    assert_eq!(
        form(Instr::BarrierClusterArrive, Some(Release), Some(Cluster))
            .normalized()
            .to_string(),
        "barrier.cluster.arrive"
    );
}

#[test]
fn minimums_follow_the_isa_table() {
    let min = |f: PtxForm| f.normalized().min_ptx();
    assert_eq!(min(form(Instr::MbarrierArrive, None, None)), PtxIsa(7, 1));
    assert_eq!(
        min(form(Instr::MbarrierArrive, Some(Relaxed), None)),
        PtxIsa(8, 6)
    );
    assert_eq!(
        min(form(Instr::MbarrierTryWait, None, Some(Cluster))),
        PtxIsa(8, 0)
    );
    assert_eq!(
        min(form(Instr::Fence, Some(AcqRel), Some(Gpu))),
        PtxIsa(6, 0)
    );
    assert_eq!(
        min(form(Instr::Fence, Some(Acquire), Some(Gpu))),
        PtxIsa(8, 6)
    );
    assert_eq!(
        min(form(Instr::Fence, Some(AcqRel), Some(Cluster))),
        PtxIsa(7, 8)
    );
    assert_eq!(min(PtxForm::bare(Instr::Tcgen05WaitSt)), PtxIsa(8, 6));
    assert_eq!(
        min(form(Instr::BarrierClusterArrive, Some(Relaxed), None)),
        PtxIsa(8, 0)
    );
    let count = PtxForm {
        count: true,
        ..form(Instr::MbarrierArrive, None, None)
    };
    assert_eq!(min(count), PtxIsa(7, 8));
    let reqs: Vec<_> = form(Instr::Fence, Some(Acquire), Some(Cta))
        .normalized()
        .target_reqs()
        .collect();
    assert!(reqs.contains(&TargetReq::Sm90));
}

#[test]
fn effective_pairs_fill_the_isa_defaults() {
    let eff = |f: PtxForm| f.normalized().effective();
    assert_eq!(
        eff(form(Instr::MbarrierArrive, None, None)),
        (Some(Release), Some(Cta))
    );
    assert_eq!(eff(form(Instr::Ld, None, None)), (Some(Weak), None));
    assert_eq!(
        eff(form(Instr::Atom, None, None)),
        (Some(Relaxed), Some(Gpu))
    );
    assert_eq!(
        eff(form(Instr::BarrierClusterArrive, None, None)),
        (Some(Release), Some(Cluster))
    );
    assert_eq!(
        PtxForm::bare(Instr::FenceProxyAsync).proxy(),
        Some(tilec_ir::Proxy::Async)
    );
}
