//! What an nv_tileas sync op costs: the PTX instruction forms `lower-as-to-ptx` turns it into
//! (with the same widening: no split or `sync_restrict` fence without PTX 8.6 and sm_90; `sc`
//! accesses become `fence.sc` + an acquire/release/acq_rel access; a release `expect_tx` /
//! `complete_tx` becomes a fence + the relaxed op), classified by [`crate::cost`].
//!
//! The kernel cost counts every SASS instruction of those forms by class, and weighs each op by the warps that run it and by 8 per enclosing loop (an
//! estimate of trip counts): hoisting a fence out of a loop or electing a spin is cheaper even
//! though the static count of each class is the same. Kernels are compared class by class, most
//! expensive class first ([`Cost`] orders that way).

use crate::cost::{class_of_sass, classify, Class};
use tilec_dialects::target::{PtxIsa, Target};
use tilec_ir::{sym, MemScope, MemSemantic, Module, Op, Space};

/// Whether the target has split and `sync_restrict` fences (PTX 8.6 and sm_90).
pub fn split_fences(t: &Target) -> bool {
    t.has_clusters() && t.ptx_isa.is_none_or(|v| v >= PtxIsa(8, 6))
}

fn scope_word(s: MemScope) -> &'static str {
    match s {
        MemScope::Cta => "cta",
        MemScope::Cluster => "cluster",
        MemScope::Gpu => "gpu",
        MemScope::Sys => "sys",
    }
}

fn sem_word(s: MemSemantic) -> &'static str {
    match s {
        MemSemantic::Weak => "weak",
        MemSemantic::Relaxed => "relaxed",
        MemSemantic::Acquire => "acquire",
        MemSemantic::Release => "release",
        MemSemantic::AcqRel => "acq_rel",
        MemSemantic::Sc => "sc",
    }
}

fn space_word(s: Option<Space>) -> &'static str {
    match s {
        Some(Space::SharedCta) => "shared::cta",
        Some(Space::SharedCluster) => "shared::cluster",
        Some(Space::Global) | None => "global",
        Some(_) => "shared::cta",
    }
}

/// The PTX fence a `fence` op with these attributes prints as on a target.
pub fn fence_form(
    sem: MemSemantic,
    scope: MemScope,
    restrict: Option<Space>,
    split: bool,
) -> String {
    let (sem, restrict) = match (split, sem) {
        (false, MemSemantic::Acquire | MemSemantic::Release) => (MemSemantic::AcqRel, None),
        (false, s) => (s, None),
        (true, s) => (s, restrict),
    };
    match restrict {
        Some(sp) => format!(
            "fence.{}.sync_restrict::{}.{}",
            sem_word(sem),
            space_word(Some(sp)),
            scope_word(scope)
        ),
        None => format!("fence.{}.{}", sem_word(sem), scope_word(scope)),
    }
}

/// The PTX forms of `op` that carry a sync cost (empty for ops that print none).
pub fn forms(m: &Module, op: Op, split: bool) -> Vec<String> {
    let name = m.op_name(op).as_str();
    let Some(s) = name.strip_prefix("nv_tileas.") else {
        return Vec::new();
    };
    let sem = m.attr_as::<MemSemantic>(op, sym!("mem_semantic"));
    let scope = m.attr_as::<MemScope>(op, sym!("mem_scope"));
    let space = m.attr_as::<Space>(op, sym!("space"));
    match s {
        "fence" => vec![fence_form(
            sem.unwrap_or(MemSemantic::AcqRel),
            scope.unwrap_or(MemScope::Sys),
            m.attr_as(op, sym!("restrict")),
            split,
        )],
        "fence_proxy_async" => vec![match m.attr_as::<Space>(op, sym!("space")) {
            None => "fence.proxy.async".into(),
            Some(sp) => format!("fence.proxy.async.{}", space_word(Some(sp))),
        }],
        "cluster_arrive" => vec![match sem {
            Some(MemSemantic::Relaxed) => "barrier.cluster.arrive.relaxed".into(),
            _ => "barrier.cluster.arrive".into(),
        }],
        "cluster_wait" => vec!["barrier.cluster.wait".into()],
        "barrier" => vec!["bar.sync".into()],
        "barrier_arrive" => vec!["bar.arrive".into()],
        "mbarrier_arrive" | "mbarrier_arrive_drop" => {
            let sem = sem.unwrap_or(MemSemantic::Release);
            let scope = scope.unwrap_or(MemScope::Cta);
            let tx = m.get_attr(op, sym!("tx_bytes")).is_some();
            let instr = match (s == "mbarrier_arrive", tx) {
                (true, false) => "mbarrier.arrive",
                (true, true) => "mbarrier.arrive.expect_tx",
                (false, false) => "mbarrier.arrive_drop",
                (false, true) => "mbarrier.arrive_drop.expect_tx",
            };
            vec![format!(
                "{instr}.{}.{}.shared::cluster.b64",
                sem_word(sem),
                scope_word(scope)
            )]
        }
        "mbarrier_expect_tx" | "mbarrier_complete_tx" => {
            let scope = scope.unwrap_or(MemScope::Cta);
            let instr = if s == "mbarrier_expect_tx" {
                "mbarrier.expect_tx"
            } else {
                "mbarrier.complete_tx"
            };
            let mut v = Vec::new();
            if sem != Some(MemSemantic::Relaxed) {
                let f = if split {
                    MemSemantic::Release
                } else {
                    MemSemantic::AcqRel
                };
                v.push(fence_form(f, scope, None, split));
            }
            v.push(format!(
                "{instr}.relaxed.{}.shared::cta.b64",
                scope_word(scope)
            ));
            v
        }
        "mbarrier_wait" | "mbarrier_try_wait" | "mbarrier_test_wait" => {
            let sem = sem.unwrap_or(MemSemantic::Acquire);
            let scope = scope.unwrap_or(MemScope::Cta);
            vec![format!(
                "mbarrier.try_wait.parity.{}.{}.shared::cta.b64",
                sem_word(sem),
                scope_word(scope)
            )]
        }
        "ld" | "st" | "atom" | "red" => {
            let Some(sem) = sem.filter(|s| *s != MemSemantic::Weak) else {
                return Vec::new();
            };
            let scope = scope.unwrap_or(MemScope::Gpu);
            let mut v = Vec::new();
            let sem = if sem == MemSemantic::Sc {
                v.push(format!("fence.sc.{}", scope_word(scope)));
                match s {
                    "ld" => MemSemantic::Acquire,
                    "st" | "red" => MemSemantic::Release,
                    _ => MemSemantic::AcqRel,
                }
            } else {
                sem
            };
            v.push(format!(
                "{s}.{}.{}.{}.b32",
                sem_word(sem),
                scope_word(scope),
                space_word(space)
            ));
            v
        }
        "bulk_wait" => {
            if m.attr_as::<bool>(op, sym!("read"))
                .unwrap_or(m.get_attr(op, sym!("read")).is_some())
            {
                vec!["cp.async.bulk.wait_group.read".into()]
            } else {
                vec!["cp.async.bulk.wait_group".into()]
            }
        }
        "tcgen05_wait_st" => vec!["tcgen05.wait::st.sync.aligned".into()],
        // Free, listed so that a store the pass made asynchronous has a remark.
        "st_async" => vec!["st.async.shared::cluster.mbarrier::complete_tx::bytes.b32".into()],
        _ => Vec::new(),
    }
}

/// The most expensive class among PTX `forms` (None: none is a sync instruction).
pub fn class_of(forms: &[String]) -> Option<Class> {
    forms
        .iter()
        .filter_map(|f| classify(f).map(|r| r.class))
        .max()
}

/// A kernel's weighted count per class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost(pub [u64; 7]);

impl Cost {
    /// Adds `w` ops of class `c`.
    pub fn add(&mut self, c: Class, w: u64) {
        self.0[c as usize] += w;
    }
}

impl PartialOrd for Cost {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cost {
    /// Most expensive class first; `Free` does not count.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        for i in (1..7).rev() {
            match self.0[i].cmp(&other.0[i]) {
                std::cmp::Ordering::Equal => continue,
                o => return o,
            }
        }
        std::cmp::Ordering::Equal
    }
}

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

/// `op` prints as something that needs PTX 8.6: a relaxed mbarrier op, a split or
/// `sync_restrict` fence, or a tcgen05 op.
pub fn needs_ptx86(m: &Module, op: Op, split: bool) -> bool {
    let name = m.op_name(op).as_str();
    name.starts_with("nv_tileas.tcgen05")
        || forms(m, op, split).iter().any(|f| {
            f.contains("sync_restrict")
                || f.starts_with("fence.acquire.")
                || f.starts_with("fence.release.")
                || (f.starts_with("mbarrier.") && f.contains(".relaxed."))
        })
}

/// How many of `ops` (attached ones) need PTX 8.6.
pub fn count_ptx86(m: &Module, ops: &[Op], split: bool) -> usize {
    ops.iter()
        .filter(|&&o| m.op_block(o).is_some() && !m.is_erased(o) && needs_ptx86(m, o, split))
        .count()
}

fn ranks(form: &str) -> (u64, u64) {
    let (mut sem, mut scope) = (0, 0);
    for w in form.split('.') {
        match w {
            "relaxed" => sem = sem.max(1),
            "acquire" | "release" => sem = sem.max(3),
            "acq_rel" => sem = sem.max(4),
            "sc" => sem = sem.max(5),
            "cta" => scope = scope.max(1),
            "cluster" => scope = scope.max(2),
            "gpu" => scope = scope.max(3),
            "sys" => scope = scope.max(4),
            _ => {}
        }
    }
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
        let (mut warps, mut loops) = (threads.div_ceil(32).max(1) as u64, 1u64);
        let mut p = m.parent_op(o);
        while let Some(x) = p.filter(|x| *x != kernel) {
            match m.op_name(x).as_str() {
                "nv_tileas.elect" => warps = 1,
                "nv_tileas.warp_role" => {
                    let v: Vec<i32> = m.attr_as(x, sym!("warps")).unwrap_or_default();
                    if let [a, b] = v[..] {
                        warps = warps.min((b - a).max(1) as u64);
                    }
                }
                "nv_tileas.for" | "nv_tileas.while" => loops *= 8,
                _ => {}
            }
            p = m.parent_op(x);
        }
        let w = warps * loops;
        for f in forms(m, o, split) {
            for t in classify(&f).map_or("", |r| r.sass).split_whitespace() {
                c.add(class_of_sass(t), w);
            }
            let (sem, scope) = ranks(&f);
            score.instrs += w;
            score.sem += sem * w;
            score.scope += scope * w;
        }
    }
    score.cost = c;
    score
}
