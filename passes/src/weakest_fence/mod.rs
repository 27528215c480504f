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

pub(crate) use explain::describe;

use crate::verify::races::{self, openworld};
use crate::Cx;
use candidates::{short, Caps};
use edit::Edits;
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::ptx::form::PtxForm;
use tilec_dialects::target::Target;
use tilec_ir::pass::Pass;
use tilec_ir::{sym, Diagnostics, MemSemantic, Module, Op};

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
    pub was: Vec<PtxForm>,
    /// Every op the rewrite changed, moved or removed (the site and others: an arrive a fence
    /// folded into, stores made `st.async`), with its PTX forms before.
    pub before: Vec<(Op, Vec<PtxForm>)>,
    /// Ops the rewrite created (fences, an elect region, a barrier).
    pub created: Vec<Op>,
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

/// What the per-site guards need from the whole kernel, computed in one walk (and again after
/// every committed rewrite), so that a site costs no kernel walk of its own.
struct Index {
    /// Pre-order position of every op.
    pos: FxHashMap<Op, usize>,
    /// Positions of the first and last strong access.
    strong: Option<(usize, usize)>,
    /// For each `for` / `while`: how many ops inside it (at any depth) are memory or sync ops.
    busy: FxHashMap<Op, usize>,
    /// The `for` loops verify-races checks in their steady state (iteration i with i+d).
    modeled: FxHashSet<Op>,
}

impl Index {
    fn of(m: &Module, k: Op) -> Index {
        let mut ix = Index {
            pos: FxHashMap::default(),
            strong: None,
            busy: FxHashMap::default(),
            modeled: races::unroll::modeled_loops(m, k),
        };
        let mut loops: Vec<Op> = Vec::new();
        let mut n = 0usize;
        walk(m, k, &mut |o| {
            ix.pos.insert(o, n);
            let strong = matches!(short(m, o), "ld" | "st" | "atom" | "red" | "red_async")
                && m.attr_as::<MemSemantic>(o, sym!("mem_semantic"))
                    .is_some_and(|s| s != MemSemantic::Weak);
            if strong {
                ix.strong = Some(ix.strong.map_or((n, n), |(f, _)| (f, n)));
            }
            if matches!(short(m, o), "for" | "while") {
                loops.push(o);
            }
            n += 1;
        });
        for l in loops {
            let mut c = 0;
            walk(m, l, &mut |o| {
                // Control flow (a nested spin `while`, an `if`) is not itself a memory op.
                let control = !m.regions(o).is_empty();
                c += usize::from(!(candidates::pure(m, o) || control || short(m, o) == "yield"));
            });
            ix.busy.insert(l, c);
        }
        ix
    }

    /// May an sc fence (or the fence.sc of an sc access) at `op` order two strong accesses
    /// (store-buffering, IRIW)? Yes when it sits in a loop, or a strong access comes before it
    /// and one after it (an sc access counts as after itself).
    fn sb_shaped(&self, m: &Module, k: Op, op: Op) -> bool {
        let mut p = m.parent_op(op);
        while let Some(x) = p.filter(|x| *x != k) {
            if matches!(short(m, x), "for" | "while") {
                return true;
            }
            p = m.parent_op(x);
        }
        let (Some(&at), Some((first, last))) = (self.pos.get(&op), self.strong) else {
            return false;
        };
        first < at && (short(m, op) != "fence" || last > at)
    }

    /// The rewrites to try at site `op`, or None where the site is left alone: gone (an
    /// earlier rewrite removed it), in a loop with other memory ops, or in a frozen kernel
    /// (every site but a proxy fence).
    fn candidates(
        &self,
        m: &Module,
        k: Op,
        op: Op,
        caps: Caps,
        frozen: bool,
    ) -> Option<Vec<candidates::Candidate>> {
        let gone = m.op_block(op).is_none() || m.is_erased(op);
        if gone || !self.alone_in_loops(m, k, op) || (frozen && short(m, op) != "fence_proxy_async")
        {
            return None;
        }
        Some(candidates::at(m, op, caps, self.sb_shaped(m, k, op)))
    }

    /// Does the oracle see every loop-carried handoff `op` may order? Each loop around it is
    /// either one verify-races models (it checks iterations i and i+d together,
    /// SYNC-MODEL §3.1), or free of other memory and sync ops (a spin loop: a wait or a flag
    /// load, a compare, a yield). Any other loop hides handoffs between its iterations (a write
    /// late in iteration i, a read early in iteration i+1) from the oracle, which then cannot
    /// vouch for weakening a site that orders them.
    fn alone_in_loops(&self, m: &Module, k: Op, op: Op) -> bool {
        let mut p = m.parent_op(op);
        while let Some(l) = p.filter(|x| *x != k) {
            // The site itself is one of the busy ops.
            if self.busy.get(&l).is_some_and(|&c| c > 1) && !self.modeled.contains(&l) {
                return false;
            }
            p = m.parent_op(l);
        }
        true
    }
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

/// What one kernel's optimization works with.
struct Opt<'t> {
    k: Op,
    caps: Caps,
    threads: u32,
    target: &'t Target,
    /// The open-world handoffs covered before (each must stay covered).
    open0: rustc_hash::FxHashSet<(Op, Option<Op>, Option<Op>)>,
    /// Ops of the kernel that need PTX 8.6 (kept up to date as rewrites are applied).
    n86: usize,
    ed: Edits,
}

/// A rewrite applied (between two marks of the edit log) and not yet verified.
struct Applied {
    site: Op,
    rules: Vec<Rule>,
    was: Vec<PtxForm>,
    before: Vec<(Op, Vec<PtxForm>)>,
    from: usize,
    to: usize,
}

impl Opt<'_> {
    /// The candidates at `op` cheaper than what is there, cheapest first, with the change in
    /// the number of ops needing PTX 8.6 (after, before).
    fn scored(
        &mut self,
        m: &mut Module,
        cands: &[candidates::Candidate],
    ) -> Vec<(usize, usize, usize)> {
        let (k, split) = (self.k, self.caps.split);
        let mut scored = Vec::new();
        for (i, c) in cands.iter().enumerate() {
            let mark = self.ed.mark();
            (c.apply)(m, &mut self.ed);
            let touched = self.ed.touched_since(mark);
            let mut c1 = forms::ops_cost(m, k, &touched, self.threads, split);
            let a86 = forms::count_ptx86(m, &touched, split);
            let legal = target_ok(m, &touched, self.target);
            self.ed.undo_to(m, mark);
            let mut c0 = forms::ops_cost(m, k, &touched, self.threads, split);
            let b86 = forms::count_ptx86(m, &touched, split);
            c0.ptx86 = self.n86 > 0;
            c1.ptx86 = self.n86 + a86 > b86;
            if legal && c1 < c0 {
                scored.push((c1, i, a86, b86));
            }
        }
        scored.sort();
        scored.into_iter().map(|(_, i, a, b)| (i, a, b)).collect()
    }

    /// Applies candidate `c` at `site`, recording the forms of what it changes as they were
    /// (apply, read what it touched, undo, read the forms, apply again).
    fn apply(
        &mut self,
        m: &mut Module,
        site: Op,
        c: &candidates::Candidate,
        a86: usize,
        b86: usize,
    ) -> Applied {
        let was = forms::forms(m, site, self.caps.split);
        let from = self.ed.mark();
        (c.apply)(m, &mut self.ed);
        let touched = self.ed.touched_since(from);
        self.ed.undo_to(m, from);
        let before = touched
            .iter()
            .filter(|o| m.op_block(**o).is_some() && !m.is_erased(**o))
            .map(|&o| (o, forms::forms(m, o, self.caps.split)))
            .collect();
        (c.apply)(m, &mut self.ed);
        self.n86 = self.n86 + a86 - b86;
        Applied {
            site,
            rules: c.rules.clone(),
            was,
            before,
            from,
            to: self.ed.mark(),
        }
    }

    /// Does the kernel still verify, with every open-world handoff still covered?
    fn verified(&self, m: &Module) -> bool {
        let r = races::check_kernel(m, self.k, true, false);
        r.findings.is_empty() && self.open0.is_subset(&openworld::keys(&r.open))
    }

    /// Keeps every applied rewrite.
    fn commit(&mut self, applied: Vec<Applied>, decisions: &mut Vec<Decision>) {
        for a in applied {
            decisions.push(Decision {
                created: self.ed.created_between(a.from, a.to),
                site: a.site,
                rules: a.rules,
                was: a.was,
                before: a.before,
            });
        }
        self.ed.commit();
    }
}

/// Largest number of rewrites verified by one run of the checker.
const MAX_BATCH: usize = 4096;

/// Rewrites the kernel `k`; returns what it did.
///
/// Sites are visited in program order; each takes its cheapest candidate. Rewrites are applied
/// in batches and the checker verifies a batch once (the kernel it accepts is the kernel that is
/// emitted, so a batch is as safe as one rewrite). A batch it rejects is undone and retried
/// halved; a single rejected rewrite's site is redone with all its candidates, cheapest first.
/// The batch doubles after an accepted one, so a kernel of many independent rewrites costs a
/// few checks, not one per rewrite.
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
    // An open-world handoff no path the checker knows synchronizes may still be synchronized by
    // something it does not model (a barrier in divergent code, a loop, a relay through other
    // threads or CTAs): then no release or acquire may be weakened, whatever its scope, since
    // any of them may be a link of that path (a cluster barrier relaying data to the thread
    // that publishes it at gpu scope). Only proxy fences stay open.
    let frozen = base.open_uncovered > 0;
    let threads = m
        .attr_as::<i64>(k, sym!("num_threads"))
        .unwrap_or(128)
        .clamp(1, 1 << 20) as u32;
    let mut all = Vec::new();
    walk(m, k, &mut |o| all.push(o));
    let mut o = Opt {
        k,
        caps,
        threads,
        target,
        open0: openworld::keys(&base.open),
        n86: forms::count_ptx86(m, &all, caps.split),
        ed: Edits::default(),
    };
    let mut decisions = Vec::new();
    let mut batch = 1usize;
    for _sweep in 0..4 {
        let mut changed = false;
        let mut ix = Index::of(m, k);
        let list = sites(m, k);
        let mut i = 0;
        while i < list.len() {
            let (start, n86) = (o.ed.mark(), o.n86);
            let mut applied = Vec::new();
            let mut j = i;
            while j < list.len() && applied.len() < batch {
                let op = list[j];
                j += 1;
                let Some(cands) = ix.candidates(m, k, op, caps, frozen) else {
                    continue;
                };
                if let Some(&(c, a86, b86)) = o.scored(m, &cands).first() {
                    let a = o.apply(m, op, &cands[c], a86, b86);
                    applied.push(a);
                }
            }
            if applied.is_empty() {
                i = j;
                continue;
            }
            if o.verified(m) {
                o.commit(applied, &mut decisions);
                changed = true;
                batch = (batch * 2).min(MAX_BATCH);
                ix = Index::of(m, k);
                i = j;
                continue;
            }
            // Undo the batch. Several rewrites: retry the first half of them (a bisection: one
            // bad rewrite among n costs about 2·log2(n) checks). One: redo its site with every
            // candidate, cheapest first.
            o.ed.undo_to(m, start);
            o.n86 = n86;
            if applied.len() > 1 {
                batch = applied.len() / 2;
                continue;
            }
            batch = 1;
            for &op in &list[i..j] {
                let Some(cands) = ix.candidates(m, k, op, caps, frozen) else {
                    continue;
                };
                for (c, a86, b86) in o.scored(m, &cands) {
                    let (mark, n86) = (o.ed.mark(), o.n86);
                    let a = o.apply(m, op, &cands[c], a86, b86);
                    if o.verified(m) {
                        o.commit(vec![a], &mut decisions);
                        changed = true;
                        ix = Index::of(m, k);
                        break;
                    }
                    o.ed.undo_to(m, mark);
                    o.n86 = n86;
                }
            }
            i = j;
        }
        if !changed {
            break;
        }
    }
    decisions
}

#[cfg(test)]
mod tests;
