//! `weakest-fence` (SYNC-MODEL §4): every fence and sync qualifier of an nv_tileas kernel
//! becomes the cheapest mechanism that still synchronizes every handoff it did.
//!
//! The pass is a search checked by an oracle. At each site (a fence, a proxy fence, a cluster
//! barrier arrive, an mbarrier arrive or wait, a strong access) it lists rewrites
//! ([`candidates`]: R1–R10), applies each to the module, and keeps the cheapest one for which:
//! - the cost ([`forms`]: the PTX the lowering will print, classified by [`crate::cost`]) drops;
//! - every form is legal on `--target` / `--ptx-isa` (the verifier's own form table);
//! - `verify-races` finds nothing in the kernel (every checked handoff still has a path whose
//!   scope, spaces and proxies cover it);
//! - every *open-world* handoff that was synchronized still is, at the scope of the strong
//!   global access that publishes or observes it
//!   ([`crate::verify::races::openworld`]): the scope of a global flag's handoff never narrows.
//!
//! When the checker finds an open-world handoff that no path it knows synchronizes, nothing of
//! gpu scope or wider is weakened: what orders it may be something the checker does not model.
//!
//! Sites inside a loop that also holds other memory or sync ops are left alone: the checker
//! does not see loop-carried handoffs, so it cannot vouch for them ([`alone_in_loops`]).
//!
//! Sweeps repeat until nothing changes (a removal can make another fence removable). Invariant:
//! the output verifies whenever the input did, and costs no more by the model. A kernel that
//! does not verify is left as it is (there is no oracle for it). `sc` fences that may be part of
//! a store-buffering shape (a strong access before and after, or inside a loop) are never
//! touched; R10 turns the `fence.sc` the lowering inserts for an `sc` access into nothing only
//! outside that shape.

mod candidates;
mod edit;
mod explain;
pub mod forms;

use crate::verify::races::{self, openworld};
use crate::Cx;
use candidates::{short, Caps};
use edit::Edits;
use tilec_dialects::target::Target;
use tilec_ir::pass::Pass;
use tilec_ir::{sym, Diagnostics, MemScope, MemSemantic, Module, Op};

/// A rewrite rule of SYNC-MODEL §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// Removed: every handoff it covered is covered by another mechanism, and it is closed-world.
    Drop,
    /// Split acq_rel into release or acquire.
    R1,
    /// Narrow the scope.
    R2,
    /// Fold a fence into the neighbouring arrive/wait.
    R3,
    /// Cluster, shared-memory-only data: st_async / sync_restrict fences / relaxed mbarrier ops.
    R4,
    /// A cta fence next to a barrier.
    R5,
    /// Relaxed cluster barrier arrive.
    R6,
    /// Restrict the proxy fence to a state space.
    R7,
    /// Dedupe or hoist out of a loop.
    R8,
    /// Polling: relaxed spin + one acquire fence, elected spin + barrier.
    R9,
    /// sc access → acquire/release/acq_rel (no fence.sc) outside store-buffering shapes.
    R10,
}

impl Rule {
    /// `R4` or `drop`.
    pub fn label(self) -> &'static str {
        [
            "drop", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10",
        ][self as usize]
    }
    /// What the rule did, in words.
    pub fn words(self) -> &'static str {
        match self {
            Rule::Drop => "removed: every handoff it covered is covered by another mechanism",
            Rule::R1 => "acq_rel split: only one side of its handoffs needs it",
            Rule::R2 => "scope narrowed to the smallest one containing both ends of its handoffs",
            Rule::R3 => "folded into the neighbouring mbarrier arrive/wait",
            Rule::R4 => "cluster handoff of shared memory only: st_async, sync_restrict fences, relaxed mbarrier ops",
            Rule::R5 => "cta fence next to a barrier, which already orders the CTA",
            Rule::R6 => "cluster barrier arrive made relaxed: its release covered no handoff that needs it",
            Rule::R7 => "proxy fence restricted to the state space the async proxy reads",
            Rule::R8 => "duplicate removed or hoisted out of its loop",
            Rule::R9 => "spin on relaxed loads, one acquire fence after the loop (one elected thread spins)",
            Rule::R10 => "sc access made acquire/release: no store-buffering shape needs the fence.sc",
        }
    }
}

/// The pass.
pub struct WeakestFence;

impl Pass<Cx> for WeakestFence {
    fn name(&self) -> &'static str {
        "weakest-fence"
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        let kernels: Vec<Op> = m
            .top_ops()
            .into_iter()
            .filter(|k| m.op_name(*k).as_str() == "nv_tileas.kernel")
            .collect();
        for k in kernels {
            let decisions = optimize(m, k, &cx.target);
            if cx.explain_fences {
                explain::kernel(m, k, &cx.target, &decisions, &mut d);
            }
        }
        d
    }
}

/// What the pass did at one site.
pub struct Decision {
    /// The site.
    pub site: Op,
    /// The rules applied.
    pub rules: Vec<Rule>,
    /// The site's PTX forms before.
    pub was: Vec<String>,
    /// Ops the rewrite created (fences, an elect region, a barrier).
    pub created: Vec<Op>,
    /// Ops the rewrite removed (the site itself, or fences folded away).
    pub removed: Vec<Op>,
}

/// The sites of a kernel, in program order.
fn sites(m: &Module, k: Op) -> Vec<Op> {
    let mut v = Vec::new();
    walk(m, k, &mut |o| {
        let s = short(m, o);
        let strong = m
            .attr_as::<MemSemantic>(o, sym!("mem_semantic"))
            .is_some_and(|s| s != MemSemantic::Weak);
        let site = match s {
            "fence" | "fence_proxy_async" | "cluster_arrive" => true,
            "ld" | "st" | "atom" | "red" => strong,
            _ => s.starts_with("mbarrier_") && s != "mbarrier_init" && s != "mbarrier_inval",
        };
        if site {
            v.push(o);
        }
    });
    v
}

/// Every op nested in `op`, in pre-order.
fn walk(m: &Module, op: Op, f: &mut dyn FnMut(Op)) {
    for &r in m.regions(op) {
        for &b in m.region_blocks(r) {
            m.walk_block(b, &mut |o| {
                f(o);
                tilec_ir::WalkControl::Continue
            });
        }
    }
}

/// May an sc fence (or the fence.sc of an sc access) at `op` order two strong accesses
/// (store-buffering, IRIW)? Yes when it sits in a loop, or a strong access comes before it and
/// one after it (an sc access counts as after itself).
fn sb_shaped(m: &Module, k: Op, op: Op) -> bool {
    let mut in_loop = false;
    let mut p = m.parent_op(op);
    while let Some(x) = p.filter(|x| *x != k) {
        in_loop |= matches!(short(m, x), "for" | "while");
        p = m.parent_op(x);
    }
    let (mut before, mut after, mut seen) = (false, short(m, op) != "fence", false);
    walk(m, k, &mut |o| {
        if o == op {
            seen = true;
            return;
        }
        let strong = matches!(short(m, o), "ld" | "st" | "atom" | "red" | "red_async")
            && m.attr_as::<MemSemantic>(o, sym!("mem_semantic"))
                .is_some_and(|s| s != MemSemantic::Weak);
        if strong {
            if seen {
                after = true;
            } else {
                before = true;
            }
        }
    });
    in_loop || (before && after)
}

/// Is every loop around `op` free of other memory and sync ops? `verify-races` orients a
/// handoff by program order and does not check loop-carried ones (a write late in iteration i,
/// a read early in iteration i+1), so the oracle cannot vouch for weakening a site that orders
/// accesses of its own loop. Spin loops (a wait or a flag load, a compare, a yield) qualify.
fn alone_in_loops(m: &Module, k: Op, op: Op) -> bool {
    let mut p = m.parent_op(op);
    while let Some(l) = p.filter(|x| *x != k) {
        if matches!(short(m, l), "for" | "while") {
            let mut alone = true;
            walk(m, l, &mut |o| {
                alone &= o == op || candidates::pure(m, o) || short(m, o) == "yield";
            });
            if !alone {
                return false;
            }
        }
        p = m.parent_op(l);
    }
    true
}

/// A site of gpu scope or wider (what an open-world global handoff may rely on).
fn wide(m: &Module, op: Op) -> bool {
    let dflt = match short(m, op) {
        "fence" => MemScope::Sys,
        "ld" | "st" | "atom" | "red" => MemScope::Gpu,
        _ => MemScope::Cta,
    };
    m.attr_as::<MemScope>(op, sym!("mem_scope")).unwrap_or(dflt) >= MemScope::Gpu
}

fn target_ok(m: &Module, ops: &[Op], target: &Target) -> bool {
    let mut d = Diagnostics::new();
    for &o in ops
        .iter()
        .filter(|o| m.op_block(**o).is_some() && !m.is_erased(**o))
    {
        crate::verify::target::check_op(m, o, target, &mut d);
    }
    !d.has_errors()
}

/// Rewrites the kernel `k`; returns what it did.
pub fn optimize(m: &mut Module, k: Op, target: &Target) -> Vec<Decision> {
    let caps = Caps {
        split: forms::split_fences(target),
        clusters: target.has_clusters(),
    };
    let base = races::check_kernel(m, k, true, false);
    let mut d = Diagnostics::new();
    crate::verify::target::check(m, target, &Default::default(), &mut d);
    if !base.findings.is_empty() || d.has_errors() {
        return Vec::new();
    }
    let open0 = openworld::keys(&base.open);
    // An open-world handoff no path the checker knows synchronizes may still be synchronized by
    // something it does not model (a release fence in a loop body): then nothing of gpu scope or
    // wider may be weakened, since that may be what orders it.
    let frozen = base.open_uncovered > 0;
    let threads = m
        .attr_as::<i64>(k, sym!("num_threads"))
        .unwrap_or(128)
        .clamp(1, 1 << 20) as u32;
    let mut decisions = Vec::new();
    let mut ed = Edits::default();
    for _sweep in 0..4 {
        let mut changed = false;
        for op in sites(m, k) {
            if m.op_block(op).is_none() || m.is_erased(op) {
                continue;
            }
            if !alone_in_loops(m, k, op) || (frozen && wide(m, op)) {
                continue;
            }
            let sb = sb_shaped(m, k, op);
            let cands = candidates::at(m, op, caps, sb);
            if cands.is_empty() {
                continue;
            }
            // Costs and legality are judged on the ops a candidate touches (the rest of the
            // kernel is the same either way), so trying a candidate costs no kernel walk.
            let mut scored = Vec::new();
            for (i, c) in cands.iter().enumerate() {
                let mark = ed.mark();
                (c.apply)(m, &mut ed);
                let touched = ed.touched_since(mark);
                let c1 = forms::ops_cost(m, k, &touched, threads, caps.split);
                let legal = target_ok(m, &touched, target);
                ed.undo_to(m, mark);
                let c0 = forms::ops_cost(m, k, &touched, threads, caps.split);
                if legal && c1 < c0 {
                    scored.push((c1, i));
                }
            }
            scored.sort();
            let was = forms::forms(m, op, caps.split);
            for (_, i) in scored {
                let mark = ed.mark();
                (cands[i].apply)(m, &mut ed);
                let r = races::check_kernel(m, k, true, false);
                let ok = r.findings.is_empty() && open0.is_subset(&openworld::keys(&r.open));
                if ok {
                    let created = ed.created_since(mark);
                    // What the candidate detached and did not put back.
                    let removed = ed
                        .touched_since(mark)
                        .into_iter()
                        .filter(|o| m.op_block(*o).is_none())
                        .collect();
                    ed.commit();
                    decisions.push(Decision {
                        site: op,
                        rules: cands[i].rules.clone(),
                        was,
                        created,
                        removed,
                    });
                    changed = true;
                    break;
                }
                ed.undo_to(m, mark);
            }
        }
        if !changed {
            break;
        }
    }
    decisions
}

#[cfg(test)]
mod tests;
