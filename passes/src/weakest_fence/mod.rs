//! `weakest-fence` (SYNC-MODEL §4): every fence and sync qualifier of an nv_tileas kernel
//! becomes the cheapest mechanism that still synchronizes every handoff it did.
//!
//! At each site (a fence, a proxy fence, a cluster barrier arrive, an mbarrier arrive or wait,
//! a strong access) it lists rewrites ([`candidates`]: R1–R11) and keeps the cheapest one for
//! which:
//! - the cost ([`forms`]: the PTX the lowering will print, classified by [`crate::cost`]) drops;
//! - every form is legal on `--target` / `--ptx-isa` (the verifier's own form table);
//! - every handoff `verify-races` checks still has a path whose scope, spaces and proxies cover
//!   it, and every *open-world* handoff that was synchronized still is, at the scope of the
//!   strong global access that publishes or observes it
//!   ([`crate::verify::races::openworld`]): the scope of a global flag's handoff never narrows.
//!
//! The third condition is derived, not searched ([`derive`](mod@derive)): the handoff graph of the kernel
//! ([`crate::verify::races::graph`]), built with one run of the checks, knows which handoffs
//! each op serves; a rewrite of forms only is judged by searching those handoffs again, so a
//! site that serves none costs no search. Rewrites that change the structure (new or moved
//! ops, changed accesses) are verified by the checker in batches ([`search`]).
//!
//! When the checker finds an open-world handoff that no path it knows synchronizes, nothing of
//! gpu scope or wider is weakened: what orders it may be something the checker does not model.
//! Sites inside a loop that verify-races does not model and that holds other memory or sync ops
//! are left alone (`Index::alone_in_loops`).
//!
//! Invariant: the output verifies whenever the input did (verify-races runs after the pass; a
//! finding there is a tilec bug), and costs no more by the model. A kernel that does not
//! verify is left as it is. `sc` fences that may be part of a store-buffering shape (a strong
//! access before and after, or inside a loop) are never touched; R10 turns the `fence.sc` the
//! lowering inserts for an `sc` access into nothing only outside that shape.

mod amortize;
mod candidates;
mod decision;
mod derive;
pub use derive::{audit, Audit};
mod edit;
mod explain;
pub mod forms;
mod index;
mod search;

pub use decision::{CoveredHandoff, FenceDecision, FenceOutcome, KeptReason};

use crate::verify::races;
use crate::Cx;
use candidates::{is, kind, Caps};
use edit::Edits;
use index::Index;
use rustc_hash::FxHashSet;
use tilec_dialects::nv_tileas::{Kernel, OpKind as K};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_dialects::ptx::form::PtxForm;
use tilec_dialects::target::Target;
use tilec_ir::pass::Pass;
use tilec_ir::{Diagnostics, MemSemantic, Module, Op, OpView};

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
    /// A loop's release barrier amortized: restricted release every iteration, a full release
    /// every K-th.
    R11,
    /// An sc fence outside store-buffering shapes weakened to acq_rel, release or acquire.
    R12,
}

impl Rule {
    /// `R4` or `drop`.
    pub fn label(self) -> &'static str {
        [
            "drop", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12",
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
            Rule::R11 => "loop barrier amortized: its own shared memory released every iteration (sync_restrict), everything every K-th, as the reuse of a ring slot allows",
            Rule::R12 => "sc fence weakened: no store-buffering or IRIW shape (they need two strong locations) needs the sc order",
        }
    }
}

/// The pass.
pub struct WeakestFence;

impl Pass<Cx> for WeakestFence {
    fn name(&self) -> &'static str {
        "weakest-fence"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::WeakestFenceExplain
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        let kernels: Vec<Op> = m
            .top_ops()
            .into_iter()
            .filter(|k| Kernel::is(m, *k))
            .collect();
        for k in kernels {
            // The model verify-races built of the kernel, while the module is what it checked
            // (the first kernel rewritten changes it).
            let kept = cx.races.take_model(m.stamp(), k);
            let decisions = optimize_kept(m, k, &cx.target, kept);
            if cx.wants_fence_decisions() {
                let data = explain::kernel(m, k, &cx.target, &decisions);
                cx.record_fence_decisions(data, &mut d);
            }
        }
        cx.races.drop_models();
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
        if is_site(m, o) {
            v.push(o);
        }
    });
    v
}

/// Does the kernel have a site (the walk stops at the first)?
fn has_site(m: &Module, k: Op) -> bool {
    let mut stop = |o| match is_site(m, o) {
        true => tilec_ir::WalkControl::Stop,
        false => tilec_ir::WalkControl::Continue,
    };
    let mut blocks = m.regions(k).iter().flat_map(|&r| m.region_blocks(r));
    blocks.any(|&b| !m.walk_block(b, &mut stop))
}

/// Is `o` a site: a fence, a proxy fence, a cluster barrier arrive, an mbarrier op other than
/// its init and inval, or a strong access?
fn is_site(m: &Module, o: Op) -> bool {
    match kind(m, o) {
        Some(K::Fence | K::FenceProxyAsync | K::ClusterArrive) => true,
        Some(K::Ld | K::St | K::Atom | K::Red) => {
            AnyPair(o).sem(m).is_some_and(|s| s != MemSemantic::Weak)
        }
        Some(
            K::MbarrierArrive
            | K::MbarrierArriveDrop
            | K::MbarrierExpectTx
            | K::MbarrierCompleteTx
            | K::MbarrierTryWait
            | K::MbarrierTestWait
            | K::MbarrierWait,
        ) => true,
        _ => false,
    }
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
    open0: races::OpenCover,
    /// Ops of the kernel that need PTX 8.6 (kept up to date as rewrites are applied).
    n86: usize,
    /// The loops verify-races models in the kernel as written.
    modeled0: FxHashSet<Op>,
    ed: Edits,
}

/// A candidate cheaper than what its site has: its index, the number of ops needing PTX 8.6
/// among those it touches after and before, and whether it changes forms only.
struct Scored {
    c: usize,
    a86: usize,
    b86: usize,
    form: bool,
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

impl<'t> Opt<'t> {
    /// The optimization of kernel `k`, or None when the kernel breaks a target rule (then
    /// no form can be judged legal).
    fn new(m: &Module, k: Op, target: &'t Target) -> Option<Opt<'t>> {
        let caps = Caps {
            split: forms::split_fences(target),
            clusters: target.has_clusters(),
        };
        let mut d = Diagnostics::new();
        crate::verify::target::check(m, target, &Default::default(), &mut d);
        if d.has_errors() {
            return None;
        }
        let threads = Kernel::wrap(k).num_threads(m).clamp(1, 1 << 20) as u32;
        let mut all = Vec::new();
        walk(m, k, &mut |o| all.push(o));
        // Only a `for` can be modeled: without one, no planning of the loops (a kernel walk).
        let modeled0 = match all.iter().any(|&o| is(m, o, K::For)) {
            true => races::unroll::modeled_loops(m, k),
            false => FxHashSet::default(),
        };
        Some(Opt {
            k,
            caps,
            threads,
            target,
            open0: Default::default(),
            n86: forms::count_ptx86(m, &all, caps.split),
            modeled0,
            ed: Edits::default(),
        })
    }

    /// Takes the base verdict from the graph of the kernel as written: None when it does not
    /// verify (there is nothing to keep verified), else whether the kernel is frozen.
    ///
    /// An open-world handoff no path the checker knows synchronizes may still be synchronized
    /// by something it does not model (a barrier in divergent code, a loop, a relay through
    /// other threads or CTAs): then no release or acquire may be weakened, whatever its scope,
    /// since any of them may be a link of that path (a cluster barrier relaying data to the
    /// thread that publishes it at gpu scope). Only proxy fences stay open.
    fn base(&mut self, g: &mut races::graph::Graph) -> Option<bool> {
        if g.findings > 0 {
            return None;
        }
        self.open0 = std::mem::take(&mut g.open_cover);
        Some(g.open_uncovered > 0)
    }

    /// The candidates at `op` cheaper than what is there, cheapest first.
    fn scored(&mut self, m: &mut Module, cands: &[candidates::Candidate]) -> Vec<Scored> {
        let (k, split) = (self.k, self.caps.split);
        let mut scored = Vec::new();
        // The score and PTX 8.6 count of the touched ops as they are, by the list of them: the
        // module is the same after every undo, and a site's candidates mostly touch the same
        // ops.
        let mut before: Vec<(Vec<Op>, forms::Score, usize)> = Vec::new();
        for (i, c) in cands.iter().enumerate() {
            let mark = self.ed.mark();
            (c.apply)(m, &mut self.ed);
            let touched = self.ed.touched_since(mark);
            let mut c1 = forms::ops_cost(m, k, &touched, self.threads, split);
            let a86 = forms::count_ptx86(m, &touched, split);
            let known = before.iter().find(|b| b.0 == touched).map(|b| (b.1, b.2));
            c1.ptx86 = known
                .map(|(_, b86)| self.n86 + a86 > b86)
                .unwrap_or(c1.ptx86);
            // A candidate known to be no cheaper needs no target check.
            let dearer = known.is_some_and(|(c0, _)| c1 >= c0);
            let legal = !dearer && target_ok(m, &touched, self.target);
            let form = forms_only(m, &self.ed, mark);
            self.ed.undo_to(m, mark);
            let (c0, b86) = match known {
                Some(x) => x,
                None => {
                    let mut c0 = forms::ops_cost(m, k, &touched, self.threads, split);
                    c0.ptx86 = self.n86 > 0;
                    let b86 = forms::count_ptx86(m, &touched, split);
                    before.push((touched, c0, b86));
                    (c0, b86)
                }
            };
            c1.ptx86 = self.n86 + a86 > b86;
            if legal && c1 < c0 {
                scored.push((c1, i, a86, b86, form));
            }
        }
        scored.sort();
        scored
            .into_iter()
            .map(|(_, c, a86, b86, form)| Scored { c, a86, b86, form })
            .collect()
    }

    /// Applies candidate `c` at `site`, recording the forms of what it changes as they were
    /// (apply, read what it touched, undo, read the forms, apply again).
    fn apply(
        &mut self,
        m: &mut Module,
        site: Op,
        c: &candidates::Candidate,
        sc: &Scored,
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
        self.n86 = self.n86 + sc.a86 - sc.b86;
        Applied {
            site,
            rules: c.rules.clone(),
            was,
            before,
            from,
            to: self.ed.mark(),
        }
    }

    /// Does the kernel still verify, with every open-world handoff still covered and every
    /// loop the checker modeled still modeled while it holds memory or sync ops? (A rewrite that
    /// made a loop's period too long to model — R11's `i % K` — would hide its handoffs between
    /// iterations from the checker; one that moved the last sync op out of it needs no model.)
    fn verified(&self, m: &Module) -> bool {
        let still = || {
            let (busy, modeled) = (
                races::unroll::busy_loops(m, self.k),
                races::unroll::modeled_loops(m, self.k),
            );
            self.modeled0
                .iter()
                .all(|l| !busy.contains(l) || modeled.contains(l))
        };
        races::verifies(m, self.k).is_some_and(|open| self.open0.within(&open)) && still()
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

/// The ops whose rewrites the handoff graph judges when only their attributes change or they
/// are removed: fences, proxy fences, mbarrier arrives and waits, cluster barrier arrives and
/// waits. A rewrite touching anything else (a memory access, a new op, a move) is structural.
const FORM_OPS: &[K] = &[
    K::Fence,
    K::FenceProxyAsync,
    K::MbarrierArrive,
    K::MbarrierArriveDrop,
    K::MbarrierCompleteTx,
    K::MbarrierWait,
    K::MbarrierTryWait,
    K::MbarrierTestWait,
    K::ClusterArrive,
    K::ClusterWait,
];

/// The rules whose rewrites may be structural (create, move or rename ops, change an access):
/// R4's `st.async`, R8's hoist, R9's elected spin, R10's access semantics. A candidate with no
/// other rule changes forms only (the corpus audit checks it), so a site without one of these
/// has nothing for [`search`].
const STRUCTURAL_RULES: &[Rule] = &[Rule::R4, Rule::R8, Rule::R9, Rule::R10, Rule::R11];

/// May candidate `c` be structural?
fn maybe_structural(c: &candidates::Candidate) -> bool {
    c.rules.iter().any(|r| STRUCTURAL_RULES.contains(r))
}

/// Did the edits since `mark` change only the forms of sync ops (attributes, removals)?
fn forms_only(m: &Module, ed: &Edits, mark: usize) -> bool {
    ed.forms_only(m, mark)
        && ed
            .touched_since(mark)
            .iter()
            .all(|&o| kind(m, o).is_some_and(|k| FORM_OPS.contains(&k)))
}

/// What the handoff graph is built on: the unrolled kernel, or a copy of the module (the graph
/// must not borrow the module the pass rewrites; a copy keeps every op handle).
enum Scratch {
    Unrolled(races::unroll::Unrolled),
    Copy(Module),
}

impl Scratch {
    fn new(m: &Module, k: Op) -> Scratch {
        Scratch::of(m, races::unroll::unroll(m, k))
    }
    /// The scratch of kernel `k` of `m`, with `loops` its unrolled copy.
    fn of(m: &Module, loops: Option<races::unroll::Unrolled>) -> Scratch {
        match loops {
            Some(u) => Scratch::Unrolled(u),
            None => Scratch::Copy(m.clone()),
        }
    }
    fn graph(&self, k: Op) -> races::graph::Graph<'_> {
        match self {
            Scratch::Unrolled(u) => races::graph::Graph::new(&u.m, k, Some(u)),
            Scratch::Copy(c) => races::graph::Graph::new(c, k, None),
        }
    }
    /// The graph from the model and mechanisms verify-races built on this content (`kept`,
    /// whose loops are this scratch's).
    fn graph_of(&self, kept: races::cache::Kept) -> races::graph::Graph<'_> {
        use races::{graph::Graph, model::Model};
        let (md, me) = (kept.model, kept.me);
        match self {
            Scratch::Unrolled(u) => Graph::of_verified(Model::from_parts(&u.m, md), me, Some(u)),
            Scratch::Copy(c) => Graph::of_verified(Model::from_parts(c, md), me, None),
        }
    }
}

/// Rewrites the kernel `k`; returns what it did.
///
/// Derivation first ([`derive`](mod@derive)): the handoff graph of the kernel, built with one run of the
/// checks, gives every site the handoffs it serves; each site takes the cheapest rewrite of its
/// forms under which those handoffs keep a path. Structural rewrites (new ops, moved ops,
/// changed accesses: R4's `st.async`, R8's hoist, R9's elected spin, R10) are then verified by
/// the checker ([`search`]); when one is kept, the graph is built again for the new kernel.
/// Invariant: the output verifies whenever the input did (verify-races runs after the pass, and
/// a finding there is a tilec bug), and costs no more by the model. A kernel that does not
/// verify is left as it is.
pub fn optimize(m: &mut Module, k: Op, target: &Target) -> Vec<Decision> {
    optimize_kept(m, k, target, None)
}

/// [`optimize`], with the model `verify-races` kept of the kernel as `m` is now, if any
/// ([`races::cache`]): the first handoff graph is built from it.
fn optimize_kept(
    m: &mut Module,
    k: Op,
    target: &Target,
    kept: Option<races::cache::Kept>,
) -> Vec<Decision> {
    // Every rewrite is made at a site (a fence, a strong access, an mbarrier or cluster
    // barrier op): a kernel without one has nothing to weaken, and needs no handoff graph.
    if !has_site(m, k) {
        return Vec::new();
    }
    let Some(mut o) = Opt::new(m, k, target) else {
        return Vec::new();
    };
    let mut decisions = Vec::new();
    let (base, mut g0);
    match kept {
        Some(mut x) => {
            base = Scratch::of(m, x.loops.take());
            g0 = base.graph_of(x);
        }
        None => {
            base = Scratch::new(m, k);
            g0 = base.graph(k);
        }
    }
    let Some(frozen) = o.base(&mut g0) else {
        return Vec::new();
    };
    let mut graph = Some(g0);
    for _round in 0..4 {
        let s1;
        let mut g1 = match graph.take() {
            Some(g) => g,
            None => {
                s1 = Scratch::new(m, k);
                s1.graph(k)
            }
        };
        // Structural rewrites cheaper at their site than any form-only one the graph accepts
        // first, as a visit in program order would take them, before the derivation hands the
        // site's handoffs to other sites.
        let s2;
        let mut g2 = if search::run(m, &mut o, frozen, Some(&mut g1), &mut decisions) {
            s2 = Scratch::new(m, k);
            s2.graph(k)
        } else {
            g1
        };
        derive::run(m, &mut o, &mut g2, frozen, &mut decisions);
        // Then the structural rewrites still cheaper than what the derivation left.
        if !search::run(m, &mut o, frozen, None, &mut decisions) {
            break;
        }
    }
    decisions
}

#[cfg(test)]
mod tests;
