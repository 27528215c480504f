//! `print-ptx` for the synchronization and asynchronous-copy ops of `tilec_dialects::ptx::sync`
//! (kept apart from the memory and arithmetic printing of the parent module). Each op is one
//! PTX instruction; the spellings are those ptxas 13.0 accepted in
//! shared/reference/ptxas-probe.md.
//!
//! - `.sem.scope` of an mbarrier op and the `.release`/`.acquire` of a cluster barrier are
//!   written only when they differ from the instruction's default (arrive: release/cta; waits:
//!   acquire/cta; cluster arrive: release; cluster wait: acquire): the defaults print as the
//!   PTX 7.x forms sm_80 takes, and what is written needs the forms the target checks name
//!   (`mbarrier.sem`, `mbarrier.relaxed`, `barrier.cluster.sem`). A pair is written whole: a
//!   cluster-scope arrive prints `.release.cluster`.
//! - `expect_tx` / `complete_tx` have no stated default: their `.relaxed.scope` is always
//!   written (PTX 8.0, their base form's version).
//! - The forms an op needs for `.version` come from the same derivation as the target checks
//!   (`verify::target::form_keys`), called by the parent for every op.

use super::KernelPrinter;
use tilec_dialects::ptx::sync::MbarrierUpdate;
use tilec_dialects::ptx::*;
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView, RmwKind, Space, TypeData, Value};

/// `.sem.scope` when the pair differs from `(dsem, dscope)`, else nothing.
fn pair_unless_default(
    sem: Option<MemSemantic>,
    scope: Option<MemScope>,
    dsem: MemSemantic,
    dscope: MemScope,
) -> String {
    let (s, c) = (sem.unwrap_or(dsem), scope.unwrap_or(dscope));
    if (s, c) == (dsem, dscope) {
        String::new()
    } else {
        format!(".{s}.{c}")
    }
}

/// `.shared` (own CTA) or `.shared::cluster` (a peer's barrier).
fn mbar_space(space: Option<Space>) -> &'static str {
    match space {
        Some(Space::SharedCluster) => ".shared::cluster",
        _ => ".shared",
    }
}

/// `b32`/`b64` for a value's register width (st.async).
fn bits_ty(m: &Module, v: Value) -> &'static str {
    match m.type_data(m.value_type(v)) {
        TypeData::Int(64) | TypeData::Index => "b64",
        TypeData::Float(k) if k.bits() == 64 => "b64",
        _ => "b32",
    }
}

impl KernelPrinter<'_> {
    /// The line of a sync/async op, or None when `short` is not one.
    pub(super) fn sync_inst(&mut self, op: Op, short: &str) -> Option<String> {
        let m = self.m;
        let ops: Vec<Value> = m.operands(op).to_vec();
        let r = |this: &mut Self, i: usize| this.reg(ops[i]);
        let line = match short {
            "bar_arrive" => {
                let b = BarArrive::wrap(op);
                let (id, count) = (b.id(m).unwrap_or(0), b.count(m).unwrap_or(0));
                format!("bar.arrive {id}, {count};")
            }
            "barrier_cluster_arrive" => {
                let b = BarrierClusterArrive::wrap(op);
                let sem = match b.sem(m) {
                    Some(MemSemantic::Relaxed) => ".relaxed",
                    _ => "",
                };
                let al = if b.aligned(m) { ".aligned" } else { "" };
                format!("barrier.cluster.arrive{sem}{al};")
            }
            "barrier_cluster_wait" => {
                let al = if BarrierClusterWait::wrap(op).aligned(m) {
                    ".aligned"
                } else {
                    ""
                };
                format!("barrier.cluster.wait{al};")
            }
            "fence_proxy_async" => {
                let sp = match FenceProxyAsync::wrap(op).space(m) {
                    Some(Space::Global) => ".global",
                    Some(Space::SharedCta) => ".shared::cta",
                    Some(Space::SharedCluster) => ".shared::cluster",
                    _ => "",
                };
                format!("fence.proxy.async{sp};")
            }
            "fence_mbarrier_init" => "fence.mbarrier_init.release.cluster;".into(),
            "mbarrier_init" => {
                let (a, c) = (r(self, 0), r(self, 1));
                format!("mbarrier.init.shared.b64 [{a}], {c};")
            }
            "mbarrier_inval" => format!("mbarrier.inval.shared.b64 [{}];", r(self, 0)),
            "mbarrier_arrive" => self.arrive(MbarrierArrive::wrap(op), "arrive", &ops),
            "mbarrier_arrive_drop" => {
                self.arrive(MbarrierArriveDrop::wrap(op), "arrive_drop", &ops)
            }
            "mbarrier_expect_tx" => self.tx(MbarrierExpectTx::wrap(op), "expect_tx", &ops),
            "mbarrier_complete_tx" => self.tx(MbarrierCompleteTx::wrap(op), "complete_tx", &ops),
            "mbarrier_try_wait" | "mbarrier_test_wait" => {
                let (sem, scope) = if short == "mbarrier_try_wait" {
                    let v = MbarrierTryWait::wrap(op);
                    (v.sem(m), v.scope(m))
                } else {
                    let v = MbarrierTestWait::wrap(op);
                    (v.sem(m), v.scope(m))
                };
                let ss = pair_unless_default(sem, scope, MemSemantic::Acquire, MemScope::Cta);
                let res = m.results(op).next()?;
                let p = self.reg(res);
                let (a, ph) = (r(self, 0), r(self, 1));
                let which = if short == "mbarrier_try_wait" {
                    "try_wait"
                } else {
                    "test_wait"
                };
                format!("mbarrier.{which}.parity{ss}.shared.b64 {p}, [{a}], {ph};")
            }
            "mapa" => {
                let res = m.results(op).next()?;
                let d = self.reg(res);
                let (a, rank) = (r(self, 0), r(self, 1));
                format!("mapa.shared::cluster.u32 {d}, {a}, {rank};")
            }
            "st_async" => {
                let t = bits_ty(m, ops[1]);
                let (a, v, b) = (r(self, 0), r(self, 1), r(self, 2));
                format!(
                    "st.async.shared::cluster.mbarrier::complete_tx::bytes.{t} [{a}], {v}, [{b}];"
                )
            }
            "red_async" => {
                let kind = RedAsync::wrap(op).kind(m).unwrap_or(RmwKind::Add);
                let t = self.data_ty(m.value_type(ops[1]), Some(kind));
                let (a, v, b) = (r(self, 0), r(self, 1), r(self, 2));
                format!(
                    "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{kind}.{t} [{a}], {v}, [{b}];"
                )
            }
            "cp_async_bulk_g2s" => {
                let n = CpAsyncBulkG2s::wrap(op).bytes(m).unwrap_or(0);
                let (d, s, b) = (r(self, 0), r(self, 1), r(self, 2));
                format!(
                    "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{s}], {n}, [{b}];"
                )
            }
            "cp_async_bulk_s2g" => {
                let n = CpAsyncBulkS2g::wrap(op).bytes(m).unwrap_or(0);
                let (d, s) = (r(self, 0), r(self, 1));
                format!("cp.async.bulk.global.shared::cta.bulk_group [{d}], [{s}], {n};")
            }
            "cp_async_bulk_commit" => "cp.async.bulk.commit_group;".into(),
            "cp_async_bulk_wait" => {
                let w = CpAsyncBulkWait::wrap(op);
                let read = if w.read(m) { ".read" } else { "" };
                format!(
                    "cp.async.bulk.wait_group{read} {};",
                    w.pending(m).unwrap_or(0)
                )
            }
            "wgmma_fence" => "wgmma.fence.sync.aligned;".into(),
            "wgmma_commit" => "wgmma.commit_group.sync.aligned;".into(),
            "wgmma_wait" => format!(
                "wgmma.wait_group.sync.aligned {};",
                WgmmaWait::wrap(op).pending(m).unwrap_or(0)
            ),
            "tcgen05_alloc" => {
                let n = Tcgen05Alloc::wrap(op).columns(m).unwrap_or(32);
                format!(
                    "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [{}], {n};",
                    r(self, 0)
                )
            }
            "tcgen05_dealloc" => {
                let n = Tcgen05Dealloc::wrap(op).columns(m).unwrap_or(32);
                format!(
                    "tcgen05.dealloc.cta_group::1.sync.aligned.b32 {}, {n};",
                    r(self, 0)
                )
            }
            "tcgen05_ld" => {
                let res = m.results(op).next()?;
                let d = self.reg(res);
                format!(
                    "tcgen05.ld.sync.aligned.32x32b.x1.b32 {{{d}}}, [{}];",
                    r(self, 0)
                )
            }
            "tcgen05_st" => {
                let (a, v) = (r(self, 0), r(self, 1));
                format!("tcgen05.st.sync.aligned.32x32b.x1.b32 [{a}], {{{v}}};")
            }
            "tcgen05_wait_ld" => "tcgen05.wait::ld.sync.aligned;".into(),
            "tcgen05_wait_st" => "tcgen05.wait::st.sync.aligned;".into(),
            "tcgen05_mma" => {
                let kind = Tcgen05Mma::wrap(op).kind(m).unwrap_or_else(|| "f16".into());
                let v: Vec<String> = (0..ops.len()).map(|i| r(self, i)).collect();
                format!(
                    "tcgen05.mma.cta_group::1.kind::{kind} [{}], {}, {}, {}, {};",
                    v[0], v[1], v[2], v[3], v[4]
                )
            }
            "tcgen05_commit" => format!(
                "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [{}];",
                r(self, 0)
            ),
            "tcgen05_fence_before" => "tcgen05.fence::before_thread_sync;".into(),
            "tcgen05_fence_after" => "tcgen05.fence::after_thread_sync;".into(),
            _ => return None,
        };
        Some(format!("\t{line}"))
    }

    /// `mbarrier.arrive{.expect_tx}{.sem.scope}.space.b64 _, [addr]{, tx}{, count};`
    fn arrive<V: MbarrierUpdate>(&mut self, v: V, which: &str, ops: &[Value]) -> String {
        let m = self.m;
        let ss = pair_unless_default(v.sem(m), v.scope(m), MemSemantic::Release, MemScope::Cta);
        let space = mbar_space(v.space(m));
        let a = self.reg(ops[0]);
        let (etx, tx) = match v.tx_bytes(m) {
            Some(n) => (".expect_tx", format!(", {n}")),
            None => ("", String::new()),
        };
        let count = match ops.get(1) {
            Some(&c) => format!(", {}", self.reg(c)),
            None => String::new(),
        };
        format!("mbarrier.{which}{etx}{ss}{space}.b64 _, [{a}]{tx}{count};")
    }

    /// `mbarrier.expect_tx.relaxed.scope.space.b64 [addr], tx;` (and complete_tx). The only
    /// semantic is relaxed (the ptx op writes it), and PTX states no default for an omitted pair,
    /// so the pair is always written, the scope cta when the op has none.
    fn tx<V: MbarrierUpdate>(&mut self, v: V, which: &str, ops: &[Value]) -> String {
        let m = self.m;
        let ss = format!(".relaxed.{}", v.scope(m).unwrap_or(MemScope::Cta));
        let space = mbar_space(v.space(m));
        let a = self.reg(ops[0]);
        let n = v.tx_bytes(m).unwrap_or(0);
        format!("mbarrier.{which}{ss}{space}.b64 [{a}], {n};")
    }
}
