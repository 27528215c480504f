//! What an nv_tileas sync op costs: the PTX instruction forms `lower-as-to-ptx` turns it into
//! (`tilec_dialects::ptx::form::lowered`, the lowering's own mapping: no split or
//! `sync_restrict` fence without PTX 8.6 and sm_90, `sc` accesses become `fence.sc` + an
//! acquire/release/acq_rel access, a release `expect_tx` / `complete_tx` becomes a fence + the
//! relaxed op), classified by [`crate::cost::row`]. The forms are the printer's: a remark names
//! exactly what the PTX says.
//!
//! The kernel cost counts every SASS instruction of the [`weighed`] forms by class, and weighs
//! each op by the warps that run it and by 8 per enclosing loop (an estimate of trip counts):
//! hoisting a fence out of a loop or electing a spin is cheaper even though the static count of
//! each class is the same. Kernels are compared class by class, most expensive class first
//! ([`Cost`] orders that way).

use crate::cost::{class_of_sass, row, Class};
use crate::verify::races::affine;
use tilec_dialects::nv_tileas::{OpKind as K, WarpRole};
use tilec_dialects::ptx::form::{self, Instr, PtxForm};
use tilec_dialects::target::PtxIsa;
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView};

pub use form::split_fences;

/// The instructions the pass weighs and names: fences, CTA and cluster barriers, mbarrier
/// arrives and waits, strong accesses, the bulk-group wait, `tcgen05.wait::st` (a proxy fence)
/// and `st.async` (so that a store the pass made asynchronous has a remark).
const WEIGHED: &[Instr] = &[
    Instr::Fence,
    Instr::FenceProxyAsync,
    Instr::BarSync,
    Instr::BarArrive,
    Instr::BarrierClusterArrive,
    Instr::BarrierClusterWait,
    Instr::MbarrierArrive,
    Instr::MbarrierArriveDrop,
    Instr::MbarrierExpectTx,
    Instr::MbarrierCompleteTx,
    Instr::MbarrierTryWait,
    Instr::MbarrierTestWait,
    Instr::Ld,
    Instr::St,
    Instr::Atom,
    Instr::Red,
    Instr::CpAsyncBulkWait,
    Instr::Tcgen05WaitSt,
    Instr::StAsync,
];

/// Does the pass weigh `f` (a weak access is not a sync instruction)?
pub fn weighed(f: &PtxForm) -> bool {
    WEIGHED.contains(&f.instr) && !(f.instr.is_access() && f.sem.is_none())
}

/// Every PTX form `op` prints as on a target with (`split`) or without split fences.
pub fn forms(m: &Module, op: Op, split: bool) -> Vec<PtxForm> {
    form::lowered(m, op, split, || affine::whole_cta(m, op))
}

/// The forms of `op` the pass weighs (empty for ops that print no sync instruction).
pub fn sync_forms(m: &Module, op: Op, split: bool) -> Vec<PtxForm> {
    let mut v = forms(m, op, split);
    v.retain(weighed);
    v
}

/// The most expensive class among `forms` (None: none is a sync instruction).
pub fn class_of(forms: &[PtxForm]) -> Option<Class> {
    forms.iter().filter_map(|f| row(f).map(|r| r.class)).max()
}

/// A kernel's weighted count per class: the cost model's [`crate::cost::Counts`].
pub type Cost = crate::cost::Counts;

/// A rewrite's score: the SASS cost first; between equal costs, fewer sync instructions, then
/// weaker semantics, then narrower scopes (`acquire.cta` over a relaxed wait plus a free fence;
/// `fence.release.cta` over `fence.acq_rel.cta`, which ptxas compiles alike but which orders
/// less). Each counts once per warp and loop level, as the cost does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score {
    /// The SASS cost by class.
    pub cost: Cost,
    /// The kernel needs PTX 8.6 (set by the pass, from [`needs_ptx86`] over the whole kernel):
    /// a free rewrite must not raise the `.version` the kernel prints.
    pub ptx86: bool,
    /// Weighted count of sync instructions.
    pub instrs: u64,
    /// Weighted sum of semantic ranks (relaxed 1 … sc 5).
    pub sem: u64,
    /// Weighted sum of scope ranks (cta 1 … sys 4).
    pub scope: u64,
}

/// `op` prints as something that needs PTX 8.6 (a relaxed mbarrier op, a split or
/// `sync_restrict` fence, a tcgen05 op): the forms' own minimum.
pub fn needs_ptx86(m: &Module, op: Op, split: bool) -> bool {
    form::lowered(m, op, split, || false)
        .iter()
        .any(|f| f.min_ptx() >= PtxIsa(8, 6))
}

/// How many of `ops` (attached ones) need PTX 8.6.
pub fn count_ptx86(m: &Module, ops: &[Op], split: bool) -> usize {
    ops.iter()
        .filter(|&&o| m.op_block(o).is_some() && !m.is_erased(o) && needs_ptx86(m, o, split))
        .count()
}

/// The ranks of a form's pair, its defaults filled in (a default arrive is release.cta).
fn ranks(f: &PtxForm) -> (u64, u64) {
    let (sem, scope) = f.effective();
    let sem = match sem {
        Some(MemSemantic::Relaxed) => 1,
        Some(MemSemantic::Acquire | MemSemantic::Release) => 3,
        Some(MemSemantic::AcqRel) => 4,
        Some(MemSemantic::Sc) => 5,
        Some(MemSemantic::Weak) | None => 0,
    };
    let scope = match scope {
        Some(MemScope::Cta) => 1,
        Some(MemScope::Cluster) => 2,
        Some(MemScope::Gpu) => 3,
        Some(MemScope::Sys) => 4,
        None => 0,
    };
    (sem, scope)
}

/// The weighted cost of `ops` (detached ones cost nothing): each counts once per warp that runs
/// it (one inside `elect`, the role's warps inside `warp_role`) and 8 times per enclosing loop.
/// Comparing the ops a rewrite touches, before and after it, compares the whole kernels.
pub fn ops_cost(m: &Module, kernel: Op, ops: &[Op], threads: u32, split: bool) -> Score {
    let mut c = Cost::default();
    let mut score = Score::default();
    for &o in ops {
        if m.op_block(o).is_none() || m.is_erased(o) {
            continue;
        }
        let (mut warps, mut loops, mut every) = (threads.div_ceil(32).max(1) as u64, 1u64, 1u64);
        let (mut p, mut child) = (m.parent_op(o), o);
        while let Some(x) = p.filter(|x| *x != kernel) {
            match K::of(m, x) {
                Some(K::Elect) => warps = 1,
                Some(K::WarpRole) => {
                    if let Some(r) = WarpRole::wrap(x).warp_range(m) {
                        warps = warps.min((r.end - r.start).max(1) as u64);
                    }
                }
                Some(K::For | K::While) => loops *= 8,
                // The then region of an if taken every K-th iteration (R11): 1/K of the loop's
                // weight (at least 1).
                Some(K::If) => {
                    let region = m.op_block(child).and_then(|b| m.block_parent(b));
                    if region == m.regions(x).first().copied() {
                        if let Some(k) = super::amortize::every(m, x) {
                            every = every.saturating_mul(k as u64);
                        }
                    }
                }
                _ => {}
            }
            (p, child) = (m.parent_op(x), x);
        }
        let w = warps * (loops / every).max(1);
        for f in form::lowered(m, o, split, || false)
            .iter()
            .filter(|f| weighed(f))
        {
            for t in row(f).map_or("", |r| r.sass).split_whitespace() {
                c.add_weighted(class_of_sass(t), w);
            }
            let (sem, scope) = ranks(f);
            score.instrs += w;
            score.sem += sem * w;
            score.scope += scope * w;
        }
    }
    score.cost = c;
    score
}
