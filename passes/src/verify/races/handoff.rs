//! Checks 1–4 of SYNC-MODEL §3: every handoff (two conflicting accesses of one buffer by
//! different threads, or by different proxies of one thread) needs a path producer →(program
//! order) release side → execution edge → acquire side →(program order) consumer whose order
//! covers the handoff's scope, space and proxies.
//!
//! The path is searched over the release/acquire sides of [`super::sync`], composing up to three
//! edges (A → barrier → elected release → spin → barrier → B is two). Among the paths found the
//! one with the least severe defect is reported: no path at all (check 1), a path without memory
//! order (check 1), a scope (2), a space (3), a proxy fence (4).

use super::affine::Uniform;
use super::completion::{completion, deferred, waited};
use super::model::{plain_barrier, Access, Buf, Model, Proxy, Role};
use super::openworld::Between;
use super::sync::{
    connects, covers, is_acquire, is_release, needed_scope, Mechanisms, Reach, Spaces,
};
use super::{Check, Finding};
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::views::{
    BlockId, Constant, Kernel, OpKind, Tcgen05Commit, Tcgen05Mma, Tcgen05St, XOrI,
};
use tilec_ir::{MemScope, Op, OpView, Space};

/// Which CTAs the consumer may run in, relative to the producer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Relation {
    /// The same CTA.
    Same,
    /// The peer a `mapa` named.
    Peer,
    /// Another CTA of the same cluster (global memory indexed within the cluster).
    Cluster,
    /// Maybe the same, maybe any other.
    Any,
}

impl Relation {
    fn reached_by(self, r: Reach) -> bool {
        matches!(
            (self, r),
            (Relation::Same, Reach::Same | Reach::Cluster | Reach::Any)
                | (Relation::Peer, Reach::Peer | Reach::Cluster | Reach::Any)
                | (Relation::Cluster, Reach::Cluster | Reach::Any)
                | (Relation::Any, Reach::Any)
        )
    }
    /// The threads of a handoff of this relation.
    pub(super) fn between(self) -> Between {
        match self {
            Relation::Same => Between::Cta,
            Relation::Peer | Relation::Cluster => Between::Cluster,
            Relation::Any => Between::Grid,
        }
    }
    pub(super) fn words(self) -> &'static str {
        match self {
            Relation::Same => "another thread of the CTA",
            Relation::Peer => "a thread of the peer CTA",
            Relation::Cluster => "a thread of another CTA of the cluster",
            Relation::Any => "a thread of another CTA",
        }
    }
}

/// A defect of one path, by severity (lower is reported in preference: it is the smaller fix).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Defect {
    Proxy(String),
    Space(String),
    Scope(String),
    NoOrder(String),
}

pub(super) fn space_of(a: &Access) -> Option<Space> {
    match (a.ptr.remote, a.ptr.space) {
        (true, _) => Some(Space::SharedCluster),
        (_, s) => s,
    }
}

pub(super) fn bounds(md: &Model, role: Role, v: super::affine::Var) -> Option<(i64, i64)> {
    use super::affine::Var::*;
    match v {
        Tid(0) => Some((role.lo as i64, role.hi as i64 - 1)),
        Lane => Some((0, 31)),
        Warp => Some(((role.lo / 32) as i64, ((role.hi.max(1) - 1) / 32) as i64)),
        Rank => Some((0, md.cluster as i64 - 1)),
        Opaque(x) => md
            .iv_range(x)
            .or_else(|| super::ranges::value_range(md, role, x)),
        _ => None,
    }
}

/// May `a` and `b` touch a common byte from different threads of one CTA?
fn overlap_in_cta(md: &Model, a: &Access, b: &Access) -> bool {
    use super::affine::Var;
    let (oa, ob) = (&a.ptr.off, &b.ptr.off);
    let (Some(sa), Some(sb)) = (a.size, b.size) else {
        return true;
    };
    let (ra, rb) = (md.at(a.op).role, md.at(b.op).role);
    // The same single thread (under a branch or not: `elect` at the top level and in an `if`
    // are both thread 0): program order, not a handoff.
    if ra.single() && rb.single() && ra.lo == rb.lo {
        return false;
    }
    // The same injective function of the thread id: each thread touches its own bytes.
    let k = oa.coeff(Var::Tid(0));
    let uniform = oa
        .terms
        .iter()
        .all(|(v, _)| matches!(v, Var::Tid(0) | Var::Bid(_) | Var::Rank));
    if oa == ob && uniform && k.unsigned_abs() >= u64::from(sa.max(sb)) {
        return false;
    }
    !disjoint(md, a, b)
}

/// Do the byte ranges of `a` and `b` provably not meet, whichever threads run them (a constant
/// distance of at least the access size, or disjoint value ranges)? The thread-independent
/// half of [`overlap_in_cta`], also used between a CTA and its peer.
fn disjoint(md: &Model, a: &Access, b: &Access) -> bool {
    use super::affine::Var;
    let (oa, ob) = (&a.ptr.off, &b.ptr.off);
    let (Some(sa), Some(sb)) = (a.size, b.size) else {
        return false;
    };
    let (ra, rb) = (md.at(a.op).role, md.at(b.op).role);
    // Constant distance.
    let d = ob.add_scaled(oa, -1);
    if d.terms.is_empty() {
        let (d, sa, sb) = (d.konst, i64::from(sa), i64::from(sb));
        if d >= sa || d.checked_neg().is_none_or(|n| n >= sb) {
            return true;
        }
    }
    // Disjoint ranges (block-uniform terms must agree to cancel).
    let strip = |o: &super::affine::Affine| {
        let mut o = o.clone();
        o.terms.retain(|(v, _)| !matches!(v, Var::Bid(_)));
        o
    };
    let same_bid = (0..3).all(|d| oa.coeff(Var::Bid(d)) == ob.coeff(Var::Bid(d)));
    if same_bid {
        let x = strip(oa).range(|v| bounds(md, ra, v));
        let y = strip(ob).range(|v| bounds(md, rb, v));
        if let (Some((alo, ahi)), Some((blo, bhi))) = (x, y) {
            if ahi.saturating_add(i64::from(sa)) <= blo || bhi.saturating_add(i64::from(sb)) <= alo
            {
                return true;
            }
        }
    }
    false
}

/// May `a` (global) and `b` touch a common byte from different CTAs?
fn overlap_across_ctas(md: &Model, a: &Access, b: &Access) -> bool {
    blocks_overlap(cta_block(md, a), cta_block(md, b))
}

/// An access's CTA block: its `block_id.x` coefficient `k` and the byte range `[lo, end)` the
/// rest of its offset (with its size) spans; None when it has no such coefficient or range.
fn cta_block(md: &Model, a: &Access) -> Option<(i64, i64, i64)> {
    use super::affine::Var;
    let o = &a.ptr.off;
    let k = o.coeff(Var::Bid(0));
    let size = a.size?;
    if k == 0 {
        return None;
    }
    let role = md.at(a.op).role;
    let (lo, hi) = o.without(Var::Bid(0)).range(|v| bounds(md, role, v))?;
    Some((k, lo, hi.saturating_add(i64::from(size))))
}

/// May two accesses with CTA blocks `x` and `y` ([`cta_block`]) touch a common byte from two
/// CTAs? Not when both step by the same `k` per CTA and stay within `[0, |k|)`.
fn blocks_overlap(x: Option<(i64, i64, i64)>, y: Option<(i64, i64, i64)>) -> bool {
    match (x, y) {
        (Some((ka, alo, aend)), Some((kb, blo, bend))) if ka == kb => {
            !(alo.min(blo) >= 0 && aend.max(bend) <= ka.abs())
        }
        _ => true,
    }
}

/// Do `a` and `b` touch a common byte only from CTAs of one cluster? Clusters of `C` CTAs
/// along x (cluster_dims = [C, 1, 1], C a power of two) hold the block ids `C·q + r`, r < C.
/// With `block_id.x` written as `C·q + r`, and `block_id.x ^ c` (c < C: it flips rank bits
/// only) as `C·q + r'`, both offsets must be `k·q + rest` with the same `k` and each `rest`
/// (with its access size) within `[0, |k|)`: then a common byte means a common `q`.
fn same_cluster(md: &Model, a: &Access, b: &Access) -> bool {
    use super::affine::Var;
    let c = match Kernel(md.kernel).cluster_dims(md.m) {
        Some([x, y, z]) if y <= 1 && z <= 1 => x.max(1) as i64,
        _ => return false,
    };
    if c < 2 || c & (c - 1) != 0 {
        return false;
    }
    let bid_xor = |v: tilec_ir::Value| {
        let Some(d) = md.m.defining_op(v) else {
            return false;
        };
        let ops = md.m.operands(d);
        XOrI::is(md.m, d)
            && ops.len() == 2
            && ops.iter().any(|x| {
                md.m.defining_op(*x)
                    .and_then(|o| BlockId::cast(md.m, o))
                    .is_some_and(|b| b.dim(md.m) == 0)
            })
            && ops.iter().any(|x| {
                md.m.defining_op(*x)
                    .and_then(|o| Constant::cast(md.m, o)?.int_value(md.m))
                    .is_some_and(|k| (0..c).contains(&k))
            })
    };
    // (coefficient of q, range of the rest) of an offset.
    let split = |acc: &Access| -> Option<(i64, (i64, i64))> {
        let role = md.at(acc.op).role;
        let (mut kq, mut lo, mut hi) = (0i64, 0i64, 0i64);
        let mut rest = acc.ptr.off.clone();
        for &(v, k) in &acc.ptr.off.terms {
            let rank_like = match v {
                Var::Bid(0) => true,
                Var::Opaque(x) if bid_xor(x) => true,
                Var::Bid(_) => return None,
                _ => false,
            };
            if rank_like {
                kq = kq.checked_add(k.checked_mul(c)?)?;
                let (r0, r1) = (0, k.checked_mul(c - 1)?);
                lo += r0.min(r1);
                hi += r0.max(r1);
                rest = rest.without(v);
            }
        }
        let (rlo, rhi) = rest.range(|v| bounds(md, role, v))?;
        Some((kq, (rlo + lo, rhi + hi + i64::from(acc.size?))))
    };
    match (split(a), split(b)) {
        (Some((ka, (alo, ahi))), Some((kb, (blo, bhi)))) => {
            ka == kb && ka != 0 && alo.min(blo) >= 0 && ahi.max(bhi) <= ka.abs()
        }
        _ => false,
    }
}

/// Whether a strong access's scope covers a relation.
pub(super) fn scope_covers(scope: Option<MemScope>, rel: Relation, global: bool) -> bool {
    let s = scope.unwrap_or(MemScope::Gpu);
    match rel {
        Relation::Same => true,
        Relation::Peer | Relation::Cluster => s >= MemScope::Cluster,
        Relation::Any if global => s >= MemScope::Gpu,
        Relation::Any => s >= MemScope::Cluster,
    }
}

pub(super) struct Search<'a, 'm> {
    pub(super) md: &'a Model<'m>,
    pub(super) me: &'a Mechanisms,
    pub(super) a: &'a Access,
    pub(super) b: &'a Access,
    pub(super) rel: Relation,
    best: Option<Vec<Defect>>,
    /// The path of [`Search::best`] (for the skeleton of a finding, [`super::skeleton`]).
    pub(super) best_path: Vec<Op>,
    pub(super) found_ok: bool,
    /// Open-world publish mode ([`super::openworld`]): the path ends at this release (a strong
    /// global write another kernel or the host may read), which must release global memory at
    /// least at this scope; the consumer `b` is not used.
    pub(super) target: Option<(Op, MemScope)>,
    /// The mechanism ops (release sides, edges, acquire sides) of the path that synchronized.
    pub(super) path: Vec<Op>,
    /// Only whether a path synchronizes matters, not the least severe defect of the paths that
    /// do not: a path is abandoned at its first defect (no defect can be undone further on), so
    /// an unsynchronized handoff costs far fewer steps.
    pub(super) existence: bool,
    /// The walk states an existence search has already explored without success (with no
    /// defect on the way, a state's outcome does not depend on how it was reached).
    pub(super) failed: rustc_hash::FxHashSet<WalkState>,
    /// States of depth ≥ 1 that earlier, unsuccessful searches toward the same target (the same
    /// flag write, scope, CTA pair and producer state space) explored: from depth 1 on, what a
    /// target search finds depends on nothing else ([`super::openworld`] shares them between the
    /// producers of one publish flag, which made it quadratic in the producers).
    pub(super) known_failed: Option<&'a rustc_hash::FxHashSet<WalkState>>,
    /// States of depth ≥ 1 from which earlier searches toward the same target found a path, with
    /// the rest of that path: the path a search finds from a state is the first one of the
    /// state's walk, which never-successful states left out on the way do not change.
    pub(super) known_ok: Option<&'a rustc_hash::FxHashMap<WalkState, Vec<Op>>>,
    /// After a success: the states of depth ≥ 1 on the path found, each with the length the
    /// path had when the walk entered it (what follows is the rest of the path from there).
    pub(super) succeeded: Vec<(WalkState, usize)>,
    /// The walk states a ranking search (not [`Search::existence`]) has explored, with the worst
    /// defect of the path it came by: a later visit with no better worst defect cannot end
    /// better (a path's rank is its worst defect), so it is not explored again — without this
    /// the ranking of an unsynchronized handoff among many cluster barriers was exponential.
    explored: rustc_hash::FxHashMap<WalkState, Option<Defect>>,
    /// In a kernel with a round counter ([`super::rounds`]): the concrete CTAs of the producer
    /// and the consumer (`block_id.x`), so that the counter's edges can be followed by value.
    pub(super) pair: Option<(u32, u32)>,
    /// The op whose running the handoff starts from, when it is not the producer `a`: the
    /// subscribing read of an open-world subscribe handoff ([`super::openworld`]).
    pub(super) origin: Option<Op>,
}

/// A release a walk leaves by, with what every edge from it shares.
struct Leave<'r> {
    r: &'r super::sync::Release,
    /// The depth of the walk step, and what its data reached before the edge.
    depth: u32,
    reach: Reach,
    /// The defects of the path up to the release, and its mechanism ops.
    defects: Vec<Defect>,
    via: Vec<Op>,
    /// The release side ([`Search::release_side`]).
    released: Option<(MemScope, Spaces, Op)>,
    /// A remote arrive whose completion the peer's exit observes itself.
    observed: bool,
}

/// What the data reaches after an edge reaching `step` from where it had reached `reach`.
fn compose(reach: Reach, step: Reach) -> Reach {
    match (reach, step) {
        (Reach::Same, s) => s,
        (x, Reach::Same) => x,
        (_, Reach::Any) | (Reach::Any, _) => Reach::Any,
        (Reach::Peer | Reach::Cluster, Reach::Peer | Reach::Cluster) => Reach::Cluster,
    }
}

/// Where a walk stands: from, threads, reach, depth, the pending acquire side and its scope,
/// the concrete CTA.
pub(super) type WalkState = (Op, Role, Reach, u32, Option<(Op, MemScope)>, Option<u32>);

/// Where a step of [`Search::walk`] stands: the op it continues from and its thread role, what
/// the data has reached so far and the concrete CTA the walk is in (see [`Search::pair`]; None
/// once an edge to an unknown CTA was taken), the depth (edges taken), and `pending`: the
/// acquire side the path arrived through with the scope its edge needs, whose order is judged
/// against the next release (a fence after a relaxed wait must come before it).
#[derive(Clone, Copy)]
pub(super) struct Step<'q> {
    pub(super) from: Op,
    pub(super) t: Role,
    pub(super) reach: Reach,
    pub(super) cta: Option<u32>,
    pub(super) depth: u32,
    pub(super) pending: Option<(&'q super::sync::Acquire, MemScope)>,
}

impl<'a, 'm> Search<'a, 'm> {
    /// A search for the handoff `a` → `b`.
    pub(super) fn new(
        md: &'a Model<'m>,
        me: &'a Mechanisms,
        a: &'a Access,
        b: &'a Access,
        rel: Relation,
    ) -> Search<'a, 'm> {
        Search {
            md,
            me,
            a,
            b,
            rel,
            best: None,
            best_path: Vec::new(),
            found_ok: false,
            target: None,
            path: Vec::new(),
            existence: false,
            failed: Default::default(),
            known_failed: None,
            known_ok: None,
            succeeded: Vec::new(),
            explored: Default::default(),
            pair: None,
            origin: None,
        }
    }

    /// The release strength at release `r` for threads `t` coming from `from`: its own, or a
    /// release fence between.
    fn release_side(
        &self,
        from: Op,
        t: Role,
        r: &super::sync::Release,
    ) -> Option<(MemScope, Spaces, Op)> {
        if is_release(r.sem) {
            return Some((r.scope, r.spaces, r.op));
        }
        let md = self.md;
        self.me
            .fences_between(md.at(from).pos, md.at(r.op).pos)
            .iter()
            .filter(|f| is_release(f.sem))
            .filter(|f| md.after(from, f.op))
            .filter(|f| t.within(md.at(f.op).role))
            .map(|f| (f.scope, f.spaces(), f.op))
            .max_by_key(|x| (x.1.is_none(), x.0))
    }

    /// The acquire strength at `q` for the consumer `to` (an op after it), and the op that
    /// gives it (`q` or an acquire fence after it).
    pub(super) fn acquire_side(
        &self,
        q: &super::sync::Acquire,
        to: Op,
        threads: Role,
    ) -> Option<(MemScope, Spaces, Op)> {
        if is_acquire(q.sem) {
            return Some((q.scope, None, q.op));
        }
        let md = self.md;
        self.me
            .fences_between(md.at(q.op).pos, md.at(to).pos)
            .iter()
            .filter(|f| is_acquire(f.sem))
            .filter(|f| md.dominates(f.op, to))
            .filter(|f| threads.within(md.at(f.op).role))
            .map(|f| (f.scope, f.spaces(), f.op))
            .max_by_key(|x| (x.1.is_none(), x.0))
    }

    fn record(&mut self, defects: Vec<Defect>, via: &[Op]) {
        if defects.is_empty() {
            self.found_ok = true;
            self.path = via.to_vec();
            return;
        }
        let worse = |d: &Vec<Defect>| d.iter().max().cloned();
        let better = match &self.best {
            None => true,
            Some(b) => worse(&defects) < worse(b),
        };
        if better {
            self.best = Some(defects);
            self.best_path = via.to_vec();
        }
    }

    /// One step of the walk from `at` with the `defects` and the mechanism ops (`via`) of the
    /// path that led there.
    pub(super) fn walk(&mut self, at: Step<'_>, defects: Vec<Defect>, via: &[Op]) {
        let Step {
            from,
            t,
            reach,
            cta,
            depth,
            pending,
        } = at;
        // Every edge is taken only below the last depth (`take_edge`), so no step is deeper.
        debug_assert!(depth < self.max_depth(), "walk below its depth bound");
        if self.found_ok {
            return;
        }
        let state = (from, t, reach, depth, pending.map(|(q, s)| (q.op, s)), cta);
        if !self.enter(state, &defects, via) {
            return;
        }
        let md = self.md;
        let a = self.a;
        // Releases in program order from the first one after `from` (the producer's own async
        // completion is at its position): the nearest edges are tried first. Only those that
        // start an edge with an acquire side, and the target ([`Mechanisms::walkable`]): any
        // other one is passed over below without effect. At the last depth of a target search
        // only the target: an edge taken there leads nowhere (no deeper walk, and only the
        // target ends a path), so the others are passed over without effect too.
        let me = self.me;
        // Every path ends at an acquire side before the consumer (`before` below); when no edge
        // goes back in program order, a release after the consumer starts no such path.
        let bound = (me.monotone && self.target.is_none()).then(|| md.at(self.b.op).pos);
        let target = self.target.map(|(p, _)| md.at(p).pos);
        let edges = target.is_none() || depth + 1 < self.max_depth();
        for r in me
            .walkable(md.at(from).pos, target, edges)
            .map(|i| &me.releases[i])
        {
            if bound.is_some_and(|end| md.at(r.op).pos > end) {
                break;
            }
            let self_completion = r.op == a.op && depth == 0;
            if !(self_completion || self.leaves_by(from, t, depth, r)) {
                continue;
            }
            let t = if depth == 0 { t } else { md.at(r.op).role };
            let mut defects = defects.clone();
            let mut via = via.to_vec();
            if !self.async_mma_defect(r, depth, &mut defects)
                || !self.pending_defects(pending, r, &mut defects, &mut via)
            {
                continue;
            }
            if let Some((p, need)) = self.target {
                // The target in a CTA that runs it (when the walk knows its CTA).
                let runs = cta.is_none_or(|c| md.runs_in(p, c));
                if r.op == p && runs {
                    self.reach_target(from, t, r, need, defects, via);
                    if self.found_ok {
                        return;
                    }
                    continue;
                }
            }
            let barrier = matches!(r.edge, super::sync::Edge::Barrier(_));
            let candidates = self.acquires_of(r);
            if candidates.is_empty() {
                continue;
            }
            // The release side depends on the release, not on the acquire side it meets.
            // A remote arrive before the peer's exit: the peer's wait for its phase observes
            // the arrive itself (the phase completes only with it), and the exit follows the
            // wait; neither side needs a memory order.
            let observed = self_completion
                && self.b.exit
                && matches!(
                    OpKind::of(md.m, a.op),
                    Some(OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop)
                );
            let released = if observed {
                Some((MemScope::Sys, None, r.op))
            } else {
                self.release_side(from, t, r)
            };
            let leave = Leave {
                r,
                depth,
                reach,
                defects,
                via,
                released,
                observed,
            };
            for &qi in candidates {
                let q = &me.acquires[qi];
                // A bar.sync pairs with itself; only a bar.arrive (a named producer barrier)
                // pairs with another op of its id.
                if barrier && q.op != r.op && !r.named {
                    continue;
                }
                for (step, cta2) in self.step(r, q, cta) {
                    if self.take_edge(&leave, q, step, cta2) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether the walk goes on from `state` (a walk state it has not settled yet): an
    /// existence search skips the states it (or an earlier search toward the same target)
    /// explored without success and takes the rest of a known path; a ranking search skips a
    /// state it reached before with no worse defect.
    fn enter(&mut self, state: WalkState, defects: &[Defect], via: &[Op]) -> bool {
        let depth = state.3;
        if self.existence {
            if depth >= 1 && self.known_failed.is_some_and(|k| k.contains(&state)) {
                return false;
            }
            if let Some(rest) = self
                .known_ok
                .and_then(|k| k.get(&state))
                .filter(|_| depth >= 1)
            {
                self.found_ok = true;
                self.path = [via, rest].concat();
                return false;
            }
            if !self.failed.insert(state) {
                return false;
            }
        } else {
            let worst = defects.iter().max().cloned();
            match self.explored.get(&state) {
                Some(seen) if *seen <= worst => return false,
                _ => {
                    self.explored.insert(state, worst);
                }
            }
        }
        true
    }

    /// Whether the threads `t` at `from` (at `depth`) leave by the release `r` (one that is not
    /// the producer's own completion): `r` follows `from` for them, and they take part in it.
    fn leaves_by(&self, from: Op, t: Role, depth: u32, r: &super::sync::Release) -> bool {
        let (md, b) = (self.md, self.b);
        // From the producer, every thread that wrote must reach the release (a barrier: take
        // part in it); from an acquire side, the releasing threads must have passed it (the
        // release is cumulative: it carries what they acquired).
        let rr = md.at(r.op).role;
        let collective = matches!(r.edge, super::sync::Edge::Barrier(_));
        let threads_ok = if depth == 0 || collective {
            t.within(rr)
        } else {
            rr.within(t)
        };
        // A bar.sync that the whole CTA reaches together (an `if` or `for` on CTA-uniform
        // values around it) in the consumer's branch, after the producer in program order:
        // whenever the consumer runs, every thread passed it after the producer (the lowering
        // puts the barrier a token asks for inside the `if` that holds the consumer). The
        // producer may sit in a branch of its own (a bounds mask) that closes before it.
        // (The cheap tests first: this is asked of every release the walk passes.)
        let collective_first = || {
            depth == 0
                && collective
                && !r.named
                && md.dominates(r.op, b.op)
                && md.sequential(from, r.op)
                && self.whole_barrier(r)
        };
        // An acquire side the threads may skip (under a data-dependent branch: a masked spin
        // atomic) orders what follows only inside its branch: where it did not run, the release
        // after its branch runs all the same and carries nothing acquired. (The consumer's end
        // of a path asks the same of the last acquire side: `acquired_before_consumer`.)
        let acquired = depth == 0 || !md.at(from).may_skip || md.dominates(from, r.op);
        (md.after(from, r.op) || collective_first()) && threads_ok && acquired
    }

    /// Adds the defect of leaving a `tcgen05_mma` producer by `r` (at `depth`) to `defects`;
    /// false when an existence search abandons the path for it.
    fn async_mma_defect(
        &self,
        r: &super::sync::Release,
        depth: u32,
        defects: &mut Vec<Defect>,
    ) -> bool {
        let (md, a) = (self.md, self.a);
        // A tcgen05_mma runs asynchronously: its operand reads and accumulator writes are
        // complete only when the mbarrier arrive of a `tcgen05_commit` after it fires (PTX
        // ISA, tcgen05.commit: the mbarrier tracks the completion of all prior async tcgen05
        // operations of the thread); no other release carries them.
        if depth == 0
            && self.origin.is_none()
            && Tcgen05Mma::is(md.m, a.op)
            && !Tcgen05Commit::is(md.m, r.op)
        {
            if self.existence {
                return false;
            }
            defects.push(Defect::NoOrder(format!(
                "the 'tcgen05_mma' is complete only at the arrive of a 'tcgen05_commit' after it, and '{}' does not wait for it",
                super::name(md.m, r.op)
            )));
        }
        // A cp_async's write and read are in flight until a wait of the issuing thread completes
        // them ([`super::completion`]): a release before that wait does not carry them.
        if depth == 0
            && self.origin.is_none()
            && deferred(md, a.op)
            && !waited(md, a.op, Some(r.op))
        {
            if self.existence {
                return false;
            }
            defects.push(Defect::NoOrder(format!(
                "the 'cp_async' is complete only at a wait of its thread that leaves its group done ('cp_async_wait' or 'cp_async_wait_all'), and there is none before '{}'",
                super::name(md.m, r.op)
            )));
        }
        true
    }

    /// Adds the defects of the acquire side `pending` the path arrived through, judged against
    /// the next release `r`, to `defects`, and the op that gives it to `via`; false when an
    /// existence search abandons the path for them.
    fn pending_defects(
        &self,
        pending: Option<(&super::sync::Acquire, MemScope)>,
        r: &super::sync::Release,
        defects: &mut Vec<Defect>,
        via: &mut Vec<Op>,
    ) -> bool {
        let md = self.md;
        let Some((pq, need)) = pending else {
            return true;
        };
        match self.acquire_side(pq, r.op, md.at(pq.op).role) {
            None => {
                defects.push(Defect::NoOrder(self.say(&|| {
                    format!(
                        "the acquire side '{}' is relaxed and no acquire fence follows it",
                        super::name(md.m, pq.op)
                    )
                })));
                // The relaxed side stands for itself in the path (one op per side).
                via.push(pq.op);
            }
            Some((scope, _, at)) => {
                if scope < need {
                    defects.push(Defect::Scope(self.say(&|| {
                        format!(
                            "the acquire side after '{}' has scope '{scope}' (needs '{need}')",
                            super::name(md.m, pq.op)
                        )
                    })));
                }
                via.push(at);
            }
        }
        !self.existence || defects.is_empty()
    }

    /// Records the path that ends at the open-world target release `r` (which must release
    /// global memory at least at scope `need`), left by the threads `t` at `from`.
    fn reach_target(
        &mut self,
        from: Op,
        t: Role,
        r: &super::sync::Release,
        need: MemScope,
        mut ds: Vec<Defect>,
        mut via: Vec<Op>,
    ) {
        match self.release_side(from, t, r) {
            None => ds.push(Defect::NoOrder(String::new())),
            Some((scope, spaces, at)) => {
                if scope < need {
                    ds.push(Defect::Scope(String::new()));
                }
                if !covers(spaces, Some(Space::Global)) {
                    ds.push(Defect::Space(String::new()));
                }
                via.push(at);
            }
        }
        self.record(ds, &via);
    }

    /// The acquire sides the release `r` may meet (indices into the acquires).
    fn acquires_of(&self, r: &super::sync::Release) -> &'a [usize] {
        let (md, me) = (self.md, self.me);
        let barrier = matches!(r.edge, super::sync::Edge::Barrier(_));
        let all = me.by_edge.get(&r.edge).map_or(&[][..], |v| &v[..]);
        // A bar.sync pairs only with itself: its one acquire side, found by position (the
        // acquire sides of an edge are in program order), not by a scan of every barrier of
        // its id (which made a kernel of N barriers cost N per handoff).
        if barrier && !r.named {
            let pos = md.at(r.op).pos;
            let i = all.partition_point(|&qi| md.at(me.acquires[qi].op).pos < pos);
            match all.get(i) {
                Some(&qi) if me.acquires[qi].op == r.op => &all[i..=i],
                _ => &[][..],
            }
        } else {
            all
        }
    }

    /// Takes the edge from the release of `l` to the acquire side `q` (reaching `step`, into
    /// the concrete CTA `cta2`): records the path when it ends at the consumer, and walks on
    /// from `q` otherwise. True when the walk stops (a path synchronized).
    fn take_edge(
        &mut self,
        l: &Leave<'_>,
        q: &super::sync::Acquire,
        step: Reach,
        cta2: Option<u32>,
    ) -> bool {
        let (md, b, r) = (self.md, self.b, l.r);
        let barrier = matches!(r.edge, super::sync::Edge::Barrier(_));
        if q.op == r.op && !barrier {
            return false;
        }
        // Every thread arrives on the cluster barrier, then waits: the wait that ends an
        // edge comes after its arrive.
        if matches!(r.edge, super::sync::Edge::Cluster) && !md.after(r.op, q.op) {
            return false;
        }
        let reach2 = compose(l.reach, step);
        let mut ds = l.defects.clone();
        let mut via = l.via.clone();
        let need = needed_scope(r, step);
        self.release_defects(l.released, r, step, &mut ds, &mut via);
        if self.existence && !ds.is_empty() {
            return false;
        }
        via.extend([r.op, q.op]);
        let before = self.acquired_before_consumer(r, q);
        let last = self.target.is_none()
            && before
            && (b.exit || md.at(b.op).role.within(md.at(q.op).role))
            && self.reached(reach2, cta2);
        if last && l.observed {
            let mut via = via.clone();
            via.push(q.op);
            self.record(ds.clone(), &via);
        } else if last {
            self.arrive(r, q, step, need, ds.clone(), via.clone());
            if self.found_ok {
                return true;
            }
        }
        if l.depth < self.max_depth() - 1 {
            let role = md.at(q.op).role;
            let next = Step {
                from: q.op,
                t: role,
                reach: reach2,
                cta: cta2,
                depth: l.depth + 1,
                pending: Some((q, need)),
            };
            self.walk(next, ds, &via);
            if self.found_ok {
                let child = (q.op, role, reach2, l.depth + 1, Some((q.op, need)), cta2);
                self.succeeded.push((child, via.len()));
                return true;
            }
        }
        false
    }

    /// Whether the acquire side `q` of an edge from `r` orders everything before the consumer.
    fn acquired_before_consumer(&self, r: &super::sync::Release, q: &super::sync::Acquire) -> bool {
        let (md, b) = (self.md, self.b);
        // The acquire comes before the consumer on every path, or on every path from
        // it when it runs whenever the producer does (an iteration of a loop that may
        // not run at all, before code after the loop).
        let start = self.origin.unwrap_or(self.a.op);
        // Or a bar.sync the whole CTA reaches together, after the producer whenever
        // it runs (in the producer's branch), before the consumer in program order
        // (the consumer may sit in a branch of its own that opens after it: a bounds
        // mask).
        md.dominates(q.op, b.op)
            || md.runs_with(start, q.op) && md.after(q.op, b.op)
            || q.op == r.op
                && md.after(start, q.op)
                && md.sequential(q.op, b.op)
                && self.whole_barrier(r)
    }

    /// A defect's message: none in an existence search, which only asks whether there is a
    /// defect (writing them was a third of a failing search's time).
    fn say(&self, f: &dyn Fn() -> String) -> String {
        if self.existence {
            String::new()
        } else {
            f()
        }
    }

    /// Adds the defects of the release side `released` of `r` for an edge that reaches `step`
    /// to `ds`, and the op that gives it to `via`.
    fn release_defects(
        &self,
        released: Option<(MemScope, super::sync::Spaces, Op)>,
        r: &super::sync::Release,
        step: Reach,
        ds: &mut Vec<Defect>,
        via: &mut Vec<Op>,
    ) {
        let (md, a) = (self.md, self.a);
        let need = needed_scope(r, step);
        let Some((scope, spaces, at)) = released else {
            ds.push(Defect::NoOrder(self.say(&|| {
                format!(
                    "the release side '{}' is relaxed and no release fence precedes it",
                    super::name(md.m, r.op)
                )
            })));
            via.push(r.op);
            return;
        };
        via.push(at);
        if scope < need {
            ds.push(Defect::Scope(self.say(&|| {
                format!(
                    "the release side '{}' has scope '{scope}', but the edge reaches {} (needs '{need}')",
                    super::name(md.m, at),
                    reach_words(step)
                )
            })));
        }
        if !covers(spaces, space_of(a)) {
            ds.push(Defect::Space(self.say(&|| {
                format!(
                    "the release side '{}' does not cover space '{}' where the data was {}",
                    super::name(md.m, at),
                    space_of(a).map_or("?", |s| s.as_str()),
                    if a.write { "written" } else { "read" }
                )
            })));
        }
    }

    /// Records the path `via` (defects `ds`) that reached the consumer through the edge
    /// `r` → `q` (reaching `step`, needing scope `need`), with the acquire side at `q`.
    fn arrive(
        &mut self,
        r: &super::sync::Release,
        q: &super::sync::Acquire,
        step: Reach,
        need: MemScope,
        mut ds: Vec<Defect>,
        mut via: Vec<Op>,
    ) {
        let (md, b) = (self.md, self.b);
        // The exit follows the last thread's: one thread's acquire orders it.
        let threads = if b.exit {
            md.at(q.op).role
        } else {
            md.at(b.op).role
        };
        match self.acquire_side(q, b.op, threads) {
            None => {
                ds.push(Defect::NoOrder(format!(
                    "the acquire side '{}' is relaxed and no acquire fence follows it",
                    super::name(md.m, q.op)
                )));
                via.push(q.op);
            }
            Some((scope, spaces, at)) => {
                via.push(at);
                if scope < need {
                    ds.push(Defect::Scope(format!(
                        "the acquire side '{}' has scope '{scope}', but the edge comes from {} (needs '{need}')",
                        super::name(md.m, q.op),
                        reach_words(step)
                    )));
                }
                if !covers(spaces, space_of(b)) {
                    ds.push(Defect::Space(format!(
                        "the acquire side after '{}' does not cover space '{}' where the data is read",
                        super::name(md.m, q.op),
                        space_of(b).map_or("?", |s| s.as_str())
                    )));
                }
            }
        }
        if let Some(p) = self.proxy_defect(Some(r.op), Some(q.op)) {
            ds.push(p);
        }
        self.record(ds, &via);
    }

    /// Is `r` a `bar.sync` (a barrier pairing with itself) that every thread of the CTA reaches
    /// together ([`super::affine::whole_cta_in_loops`])?
    fn whole_barrier(&self, r: &super::sync::Release) -> bool {
        matches!(r.edge, super::sync::Edge::Barrier(_))
            && !r.named
            && super::affine::whole_cta_in_loops(self.md.m, r.op, &self.md.known)
    }

    /// Walks from the producer `a` (in the first CTA of [`Search::pair`] when there is one).
    pub(super) fn search(&mut self) {
        let a = self.a;
        let start = Step {
            from: a.op,
            t: self.md.at(a.op).role,
            reach: Reach::Same,
            cta: self.pair.map(|x| x.0),
            depth: 0,
            pending: None,
        };
        self.walk(start, Vec::new(), &[]);
    }

    /// Whether the release `r` reaches the acquire side `q`, what that takes the data to, and
    /// the concrete CTA it is then in (one entry per CTA it may be in). A followed flag's edge
    /// ([`super::rounds`]) is followed by value and only from a concrete CTA (to the CTAs whose
    /// spin reads that write); a flag released in a modeled loop and not followed synchronizes
    /// with nothing; any other edge keeps the CTA when it stays in it.
    fn step(
        &self,
        r: &super::sync::Release,
        q: &super::sync::Acquire,
        cta: Option<u32>,
    ) -> SmallVec<[(Reach, Option<u32>); 2]> {
        let md = self.md;
        let mut out = SmallVec::new();
        match &md.rounds {
            Some(rd) if rd.owns(r.op) || rd.owns(q.op) => {
                let Some(from) = cta else {
                    return out;
                };
                for b in rd.readers(r.op, from, q.op) {
                    let reach = if b == from { Reach::Same } else { Reach::Any };
                    out.push((reach, Some(b)));
                }
            }
            _ if unfollowed_loop_flag(md, r) => {}
            _ => {
                if let Some(step) = connects(r, q) {
                    out.push((step, cta.filter(|_| step == Reach::Same)));
                }
            }
        }
        out
    }

    /// The deepest walk: three edges; four with a round counter, whose handoffs between CTAs
    /// several turns apart pass through one turn of each CTA between (release, spin, barrier).
    fn max_depth(&self) -> u32 {
        if self.pair.is_some() {
            4
        } else {
            3
        }
    }

    /// Does a path that took the data to `reach` (concretely to `cta`) end in the consumer's
    /// CTA?
    fn reached(&self, reach: Reach, cta: Option<u32>) -> bool {
        match (self.pair, cta) {
            (Some((_, y)), Some(c)) => c == y,
            _ => self.rel.reached_by(reach),
        }
    }

    /// The proxy fence that orders this handoff's generic write before its async-proxy read:
    /// after the write, before `before` (the first release, when there is one), run by the
    /// writer, of the write's space (or every space).
    pub(super) fn proxy_fence(&self, before: Option<Op>) -> Option<Op> {
        let (md, a, b) = (self.md, self.a, self.b);
        if !(a.proxy == Proxy::Generic && b.proxy == Proxy::Async && (a.write || b.write)) {
            return None;
        }
        let limit = before.unwrap_or(b.op);
        let space = space_of(a);
        // A cp_async's write is the thread's own only from the wait that completes it: the
        // fence must come after that wait.
        let landed = |f: Op| !deferred(md, a.op) || waited(md, a.op, Some(f));
        self.me
            .proxy_fences
            .iter()
            .find(|(f, s)| {
                super::completion::between(md, a.op, *f, limit)
                    && md.at(a.op).role.within(md.at(*f).role)
                    && (s.is_none() || *s == space)
                    && landed(*f)
            })
            .map(|(f, _)| *f)
    }

    /// Check 4 for this handoff: a generic write read by the async proxy needs a proxy fence on
    /// the writer's side (before `before`, the first release, when there is one); a tcgen05_st
    /// read by tcgen05_mma needs tcgen05_wait_st.
    fn proxy_defect(&self, before: Option<Op>, acquired: Option<Op>) -> Option<Defect> {
        let (md, a, b) = (self.md, self.a, self.b);
        let limit = before.map_or(md.at(b.op).pos, |r| md.at(r).pos);
        // A generic read overwritten by the async proxy (a ring slot refilled by a bulk copy) is
        // a cross-proxy handoff too: the PTX memory model orders accesses of two proxies only
        // through a proxy fence in their causality order. It may sit on the reader's side, or on
        // the writer's after the acquire that ends the path.
        let war = !a.write && b.write && a.proxy == Proxy::Generic && b.proxy == Proxy::Async;
        let writer_side = || {
            acquired.is_some_and(|q| {
                self.me.proxy_fences.iter().any(|(f, s)| {
                    md.at(*f).pos > md.at(q).pos
                        && md.dominates(*f, b.op)
                        && md.at(b.op).role.within(md.at(*f).role)
                        && (s.is_none() || *s == space_of(b))
                })
            })
        };
        // An async-proxy read (a bulk copy's source, a wgmma operand) is done only when the
        // issuing thread's wait for it returns: a later write of those bytes must be ordered
        // after that wait, not after the issue.
        if !a.write && a.proxy == Proxy::Async && b.write {
            if let Some(c) = completion(md, a.op) {
                if !waited(md, a.op, Some(before.unwrap_or(b.op))) {
                    return Some(Defect::Proxy(format!(
                        "add '{}' after this '{}' (before the release that hands the bytes back): the async read is complete only when the wait returns",
                        c.wait.short_name(),
                        super::name(md.m, a.op)
                    )));
                }
            }
        }
        if a.proxy == Proxy::Generic && b.proxy == Proxy::Async && (a.write || war) {
            let space = space_of(a);
            if self.proxy_fence(before).is_none() && !(war && writer_side()) {
                return Some(Defect::Proxy(format!(
                    "add 'fence_proxy_async' with space = {} after this {} (fence.proxy.async.{})",
                    space.map_or("shared_cta", |s| s.as_str()),
                    if a.write {
                        "write"
                    } else {
                        "read, or before the async write that overwrites it"
                    },
                    match space {
                        Some(Space::Global) => "global",
                        Some(Space::SharedCluster) => "shared::cluster",
                        _ => "shared::cta",
                    }
                )));
            }
        }
        if a.write
            && a.proxy == Proxy::Tensor
            && Tcgen05St::is(md.m, a.op)
            && Tcgen05Mma::is(md.m, b.op)
        {
            let ok = md
                .ops_of(OpKind::Tcgen05WaitSt)
                .iter()
                .any(|&w| md.after(a.op, w) && md.at(w).pos < limit.max(md.at(a.op).pos + 1));
            if !ok {
                return Some(Defect::Proxy(
                    "add 'tcgen05_wait_st' after this tcgen05_st (the tensor core reads TMEM only after the store completes)".into(),
                ));
            }
        }
        None
    }
}

fn reach_words(r: Reach) -> &'static str {
    match r {
        Reach::Same => "the same CTA",
        Reach::Peer => "the peer CTA",
        Reach::Cluster => "the CTAs of its cluster",
        Reach::Any => "other CTAs",
    }
}

/// What [`scan`] finds, in reporting order.
pub(super) enum Event<'a> {
    /// A strong write to a global location other CTAs write too, with a scope narrower than
    /// theirs (the seed check of check 2).
    NarrowGlobal(&'a Access),
    /// Two conflicting accesses: `p` first in program order; `rel` where the consumer runs
    /// (None: the same thread, through two proxies).
    Pair {
        p: &'a Access,
        c: &'a Access,
        rel: Option<Relation>,
        /// The indices of `p` and `c` in the model's accesses.
        at: [usize; 2],
    },
    /// Two conflicting generic accesses of one CTA with a CTA-wide `barrier` (`by`) between them
    /// on every path: one of the kernel's top level ([`CtaEpochs`]), or one [`super::cover`]
    /// finds. Synchronized without a search.
    Barriered {
        p: &'a Access,
        c: &'a Access,
        by: Op,
    },
}

/// Every potential handoff of the kernel, grouped by buffer, in a fixed order. `visit` returns
/// true when it reported the producer (its later pairs are then skipped: one finding per op).
/// Without `barriered`, the pairs a top-level CTA barrier settles ([`Event::Barriered`]) may be
/// left out (they are not enumerated: [`super::pairs`]).
pub(super) fn scan<'a>(md: &'a Model, barriered: bool, mut visit: impl FnMut(Event<'a>) -> bool) {
    let sc = Scanner::new(md);
    let acc = &md.accesses;
    let mut reported: rustc_hash::FxHashSet<Op> = Default::default();
    for (buf, idx) in sc.groups() {
        let global = sc.global(buf, &idx);
        // Seed check: a strong access of global memory other CTAs reach, with a scope narrower
        // than them (cta-scope atomics on a shared counter).
        if global && sc.shares_global {
            for &i in &idx {
                let a = &acc[i];
                if let Some((_, scope)) = a.strong {
                    if a.write
                        && !scope_covers(scope, Relation::Any, true)
                        && overlap_across_ctas(md, a, a)
                        && visit(Event::NarrowGlobal(a))
                    {
                        reported.insert(a.op);
                    }
                }
            }
        }
        let shared_across = global && sc.shares_global;
        let ep = |i: usize| sc.epoch(i);
        let ep: Option<&dyn Fn(usize) -> usize> = (!barriered).then_some(&ep);
        for (x, y) in super::pairs::candidates(md, &idx, shared_across, ep) {
            let Some(e) = sc.pair(idx[x as usize], idx[y as usize], global) else {
                continue;
            };
            // One finding per producer: its later pairs are skipped once it is reported.
            let p = match &e {
                Event::Pair { p, .. } => Some(p.op),
                _ => None,
            };
            if p.is_some_and(|p| reported.contains(&p)) {
                continue;
            }
            if let (true, Some(p)) = (visit(e), p) {
                reported.insert(p);
            }
        }
    }
}

/// What [`scan`] computes once per kernel, and the test of one pair.
pub(super) struct Scanner<'a> {
    md: &'a Model<'a>,
    /// Global memory is shared between CTAs (see [`Scanner::new`]).
    shares_global: bool,
    epochs: CtaEpochs<'a>,
    /// Each access's CTA block, once (the cross-CTA test of every pair reads it).
    blocks: Vec<Option<(i64, i64, i64)>>,
    /// The whole-CTA barriers on every path between two accesses.
    cover: super::cover::Cover,
}

impl<'a> Scanner<'a> {
    pub(super) fn new(md: &'a Model<'a>) -> Scanner<'a> {
        let acc = &md.accesses;
        // Open world: global locations shared between CTAs are checked only in a kernel that is
        // evidently run by many cooperating CTAs. Without that evidence the kernel is checked as
        // its launch must then be: CTAs that do not share global locations (one CTA, or disjoint
        // tiles chosen by the caller). A kernel that reads its block or cluster coordinates is
        // written for many CTAs.
        let multi_cta = md.cluster > 1
            || [
                OpKind::BlockId,
                OpKind::NumBlocks,
                OpKind::ClusterId,
                OpKind::ClusterCtaRank,
            ]
            .iter()
            .any(|&k| !md.ops_of(k).is_empty());
        // So is one that spins on a global location (only another CTA, kernel or the host can
        // change it while it waits).
        let shares_global = multi_cta
            || acc.iter().any(|a| {
                matches!(a.ptr.buf, Buf::Param(_))
                    && a.strong.is_some()
                    && !a.write
                    && md.at(a.op).in_while
                    && overlap_across_ctas(md, a, a)
            });
        Scanner {
            md,
            shares_global,
            epochs: CtaEpochs::new(md),
            blocks: acc.iter().map(|a| cta_block(md, a)).collect(),
            cover: super::cover::Cover::new(md),
        }
    }

    /// The accesses grouped by buffer (program order inside a group), in a fixed order.
    pub(super) fn groups(&self) -> Vec<(Buf, Vec<usize>)> {
        let md = self.md;
        let mut groups: rustc_hash::FxHashMap<Buf, Vec<usize>> = Default::default();
        for (i, a) in md.accesses.iter().enumerate() {
            groups.entry(a.ptr.buf).or_default().push(i);
        }
        let mut v: Vec<(Buf, Vec<usize>)> = groups.into_iter().collect();
        v.sort_by_key(|(b, _)| match b {
            Buf::Alloc(op) => md.at(*op).pos as i64,
            Buf::Param(i) => -1 - *i as i64,
            Buf::Unknown => i64::MIN,
        });
        v
    }

    /// Is global memory shared between CTAs?
    pub(super) fn shares_global(&self) -> bool {
        self.shares_global
    }

    /// The CTA epoch of access `i` ([`CtaEpochs`]).
    pub(super) fn epoch(&self, i: usize) -> usize {
        self.epochs.of(self.md.accesses[i].op)
    }

    /// Is `buf` (with the accesses `idx`) global memory? TMEM belongs to one CTA even when its
    /// address is a parameter.
    pub(super) fn global(&self, buf: Buf, idx: &[usize]) -> bool {
        matches!(buf, Buf::Param(_))
            && idx
                .iter()
                .all(|&i| self.md.accesses[i].ptr.space != Some(Space::Tmem))
    }

    /// The event of the accesses `i` and `j` of one buffer (`global`: of global memory), if
    /// they conflict.
    pub(super) fn pair(&self, i: usize, j: usize, global: bool) -> Option<Event<'a>> {
        let md = self.md;
        let acc = &md.accesses;
        let (a, b) = (&acc[i], &acc[j]);
        if a.op == b.op || !(a.write || b.write) || (a.ptr.remote && b.ptr.remote) {
            return None;
        }
        if md.implied(a.op, b.op) {
            return None;
        }
        // The exit frees the CTA's memory under the peers' accesses only.
        if (a.exit || b.exit) && !(a.ptr.remote || b.ptr.remote) {
            return None;
        }
        // Two writes lowered from one tile op (they share its location): which element
        // lands where is that op's own semantics (a pointer tile with duplicates), not a
        // missing synchronization.
        let (la, lb) = (md.m.op_loc(a.op), md.m.op_loc(b.op));
        if a.write && b.write && la == lb && la != Default::default() {
            return None;
        }
        let rel = if a.ptr.remote != b.ptr.remote {
            // The two run in different CTAs: a term that varies by CTA names different
            // bytes in each, so only CTA-independent offsets are compared.
            let varies = |x: &Access| super::affine::varies_by_cta(md.m, &x.ptr.off);
            (varies(a) || varies(b) || !disjoint(md, a, b)).then_some(Relation::Peer)
        } else if global && self.shares_global && blocks_overlap(self.blocks[i], self.blocks[j]) {
            Some(if same_cluster(md, a, b) {
                Relation::Cluster
            } else {
                Relation::Any
            })
        } else if overlap_in_cta(md, a, b) {
            Some(Relation::Same)
        } else {
            None
        };
        // Accesses in two arms of one `if` that the threads of the pair decide alike never
        // both run.
        let within = rel.map(|r| match r {
            Relation::Same => Uniform::Cta,
            _ => Uniform::Grid,
        });
        if md.exclusive(a.op, b.op, within) {
            return None;
        }
        // A bar.sync of the whole CTA between the two orders every generic access of the CTA
        // before it before every one after it (acq_rel at cta scope, all state spaces):
        // nothing to search. At the kernel's top level (the epochs), or on every path between
        // them ([`super::cover`]).
        if rel == Some(Relation::Same) && a.proxy == Proxy::Generic && b.proxy == Proxy::Generic {
            let (p, c) = if md.at(a.op).pos < md.at(b.op).pos {
                (a, b)
            } else {
                (b, a)
            };
            let by = if self.epochs.of(a.op) != self.epochs.of(b.op) {
                Some(self.epochs.after(p.op))
            } else {
                self.cover
                    .between(md, p.op, c.op)
                    .or_else(|| self.cover.around(md, p.op, c.op))
            };
            // A cp_async producer lands only at its wait: the barrier orders it when the wait
            // comes first.
            let landed = by.is_some_and(|by| !deferred(md, p.op) || waited(md, p.op, Some(by)));
            if let (Some(by), true) = (by, landed) {
                return Some(Event::Barriered { p, c, by });
            }
        }
        // One thread, two proxies; or a cp_async and a later access of its own thread, which
        // must wait for it.
        let same_thread = rel.is_none()
            && (a.proxy != b.proxy || deferred(md, a.op) || deferred(md, b.op))
            && !disjoint(md, a, b);
        if rel.is_none() && !same_thread {
            return None;
        }
        // Two strong accesses whose scopes include each other do not race.
        if let (Some((_, sa)), Some((_, sb)), Some(rel)) = (a.strong, b.strong, rel) {
            if scope_covers(sa, rel, global) && scope_covers(sb, rel, global) {
                return None;
            }
        }
        // The handoff goes from the earlier access to the later one in program order,
        // or from the earlier iteration of a loop to the later one (a read before a
        // write must be ordered before it too); between CTAs either direction may be
        // the synchronized one.
        let (p, c, at) = if md.earlier(a.op, b.op) {
            (a, b, [i, j])
        } else {
            (b, a, [j, i])
        };
        // The consumer never runs after a producer in an arm that leaves the loop (a `break`:
        // the lowering's exit flag skips the rest of the body and ends the loop).
        if let Some(w) = within {
            let uniform = |v| super::affine::uniform_given(md.m, v, w, &md.known);
            if super::exits::ends_before(md.m, md.kernel, p.op, c.op, uniform) {
                return None;
            }
        }
        Some(Event::Pair { p, c, rel, at })
    }
}

/// The CTA-wide barriers of a kernel: `barrier`s (bar.sync of every thread, no `count`) directly
/// in the kernel body, which every thread runs once, in program order. An op's epoch is how many
/// of them come before it; two accesses of different epochs have such a barrier between them
/// whenever both run.
struct CtaEpochs<'a> {
    md: &'a Model<'a>,
    /// The barriers and their positions, in program order.
    barriers: Vec<(u32, Op)>,
}

impl<'a> CtaEpochs<'a> {
    fn new(md: &'a Model<'a>) -> CtaEpochs<'a> {
        let m = md.m;
        let barriers = md
            .ops_of(OpKind::Barrier)
            .iter()
            .filter(|&&o| m.parent_op(o) == Some(md.kernel) && plain_barrier(m, o))
            .map(|&o| (md.at(o).pos, o))
            .collect();
        CtaEpochs { md, barriers }
    }

    fn of(&self, op: Op) -> usize {
        let pos = self.md.at(op).pos;
        self.barriers.partition_point(|&(p, _)| p < pos)
    }

    /// The first of the barriers after `op` (there is one when a later op has another epoch).
    fn after(&self, op: Op) -> Op {
        self.barriers[self.of(op)].1
    }
}

/// Runs checks 1–4 on every handoff of the kernel.
pub fn check(md: &Model, me: &Mechanisms, out: &mut Vec<Finding>) {
    let kernel_facts = KernelFacts::default();
    scan(md, false, |e| {
        let finding = match e {
            Event::NarrowGlobal(a) => Some(Finding::new(
                Check::Scope,
                a.op,
                format!(
                    "'{}' with scope '{}' updates a global location that other CTAs update too; its atomicity and order hold only within the CTA",
                    super::name(md.m, a.op),
                    a.strong.and_then(|s| s.1).map_or("gpu".into(), |s| s.to_string())
                ),
            )
            .fix(a.op, "use scope 'gpu' (or 'sys' if the host or another device observes it)")),
            Event::Pair { p, c, rel: None, .. } => same_thread(md, me, p, c),
            Event::Barriered { .. } => None,
            // Whether a path exists is a cheap question (the search stops at a path's first
            // defect and explores no walk state twice); only an unsynchronized handoff pays for
            // the search of the least severe defect to report.
            Event::Pair { p, c, rel: Some(rel), .. } if covering_path(md, me, p, c, rel).is_some() => None,
            Event::Pair { p, c, rel: Some(rel), .. } => {
                let pair = failing_pair(md, me, p, c, rel);
                match handoff_ranked(md, me, p, c, rel, pair, &kernel_facts) {
                    // Either direction may be the synchronized one: none is, so report the one
                    // whose best path came nearest (the missing piece is the smaller fix).
                    Some(fwd) if either_way(md, p, c, rel) => {
                        handoff_ranked(md, me, c, p, rel, pair.map(|(x, y)| (y, x)), &kernel_facts)
                            .map(|rev| if rev.1 < fwd.1 { rev.0 } else { fwd.0 })
                    }
                    f => f.map(|f| f.0),
                }
            }
        };
        let hit = finding.is_some();
        out.extend(finding);
        hit
    });
    super::completion::in_flight_at_exit(md, out);
}

/// Is `r` the release of a flag in a modeled loop whose values the checker does not follow
/// ([`super::rounds`])? The flag is released once per iteration, and a spin on it may exit on
/// the release of another round than the one the model would connect it to: its edges are
/// not taken.
fn unfollowed_loop_flag(md: &Model, r: &super::sync::Release) -> bool {
    matches!(r.edge, super::sync::Edge::Flag(..))
        && md.iteration.contains_key(&r.op)
        && !md.rounds.as_ref().is_some_and(|rd| rd.owns(r.op))
}

/// The mechanism ops that synchronize the handoff `p` → `c` (`rel` as [`scan`] gives it), or
/// None when nothing does (between CTAs, either direction counts).
pub(super) fn covering_path(
    md: &Model,
    me: &Mechanisms,
    p: &Access,
    c: &Access,
    rel: Relation,
) -> Option<Vec<Op>> {
    // With a round counter every pair of concrete CTAs needs its own path.
    let Some(pairs) = cta_pairs(md, rel, p, c) else {
        return pair_path(md, me, p, c, rel, None);
    };
    let mut all = Vec::new();
    for pair in pairs {
        all.extend(pair_path(md, me, p, c, rel, Some(pair))?);
    }
    Some(all)
}

/// The path that synchronizes `p` → `c` (or, where [`either_way`] allows, `c` → `p`) between
/// the concrete CTAs `pair` when there is one ([`Search::pair`]), with its proxy fence.
fn pair_path(
    md: &Model,
    me: &Mechanisms,
    p: &Access,
    c: &Access,
    rel: Relation,
    pair: Option<(u32, u32)>,
) -> Option<Vec<Op>> {
    let run = |p: &Access, c: &Access, pair: Option<(u32, u32)>| {
        let mut s = Search::new(md, me, p, c, rel);
        s.existence = true;
        s.pair = pair;
        s.search();
        if !s.found_ok {
            return None;
        }
        let mut path = std::mem::take(&mut s.path);
        // The proxy fence is part of the mechanism (check 4), before the first release.
        if let Some(f) = s.proxy_fence(path.first().copied()) {
            path.insert(0, f);
        }
        Some(path)
    };
    run(p, c, pair).or_else(|| {
        either_way(md, p, c, rel)
            .then(|| run(c, p, pair.map(|(x, y)| (y, x))))
            .flatten()
    })
}

/// The concrete (producer, consumer) CTAs a handoff `p` → `c` is checked for in a kernel with
/// a round counter: every pair of CTAs (each CTA with itself within one) in which the two may
/// touch a common byte, judged with the CTAs' ids folded into the offsets; None otherwise (and
/// for handoffs between peers of a cluster, which the counter's edges do not serve).
fn cta_pairs(md: &Model, rel: Relation, p: &Access, c: &Access) -> Option<Vec<(u32, u32)>> {
    let g = md.rounds.as_ref()?.grid;
    let pairs: Vec<(u32, u32)> = match rel {
        Relation::Same => (0..g).map(|x| (x, x)).collect(),
        Relation::Any => (0..g).flat_map(|x| (0..g).map(move |y| (x, y))).collect(),
        Relation::Peer | Relation::Cluster => return None,
    };
    let meet = |x: u32, y: u32| {
        if !md.runs_in(p.op, x) || !md.runs_in(c.op, y) {
            return false;
        }
        let (Some(ox), Some(oy)) = (md.cta_off.get(&p.op), md.cta_off.get(&c.op)) else {
            return true;
        };
        let (mut p2, mut c2) = (p.clone(), c.clone());
        p2.ptr.off = ox[x as usize].clone();
        c2.ptr.off = oy[y as usize].clone();
        if x == y {
            overlap_in_cta(md, &p2, &c2)
        } else {
            !disjoint(md, &p2, &c2)
        }
    };
    Some(pairs.into_iter().filter(|&(x, y)| meet(x, y)).collect())
}

/// The first pair of concrete CTAs (see [`cta_pairs`]) for which no path synchronizes the
/// handoff `p` → `c` either way.
fn failing_pair(
    md: &Model,
    me: &Mechanisms,
    p: &Access,
    c: &Access,
    rel: Relation,
) -> Option<(u32, u32)> {
    cta_pairs(md, rel, p, c)?
        .into_iter()
        .find(|&pair| pair_path(md, me, p, c, rel, Some(pair)).is_none())
}

/// May the handoff between `p` and `c` be synchronized in either direction? Between CTAs, or
/// between roles of one CTA with no thread in common, yes (neither comes first in program
/// order), unless they belong to different iterations of a loop: then the earlier iteration's
/// access is the producer.
fn either_way(md: &Model, p: &Access, c: &Access, rel: Relation) -> bool {
    let (rp, rc) = (md.at(p.op).role, md.at(c.op).role);
    // Two roles with no thread in common (a producer warp and a consumer warp) have no program
    // order between them either, whichever comes first in the text.
    let disjoint = rp.hi <= rc.lo || rc.hi <= rp.lo;
    (rel != Relation::Same || disjoint) && !md.apart(p.op, c.op)
}

/// The proxy fence that orders a same-thread cross-proxy pair (`p` before `c`).
pub(super) fn same_thread_fence(md: &Model, me: &Mechanisms, p: &Access, c: &Access) -> Option<Op> {
    Search::new(md, me, p, c, Relation::Same).proxy_fence(None)
}

/// One thread, two proxies: only the proxy fence is needed; after a `cp_async` of the thread, a
/// wait that completes it.
pub(super) fn same_thread(md: &Model, me: &Mechanisms, p: &Access, c: &Access) -> Option<Finding> {
    let s = Search::new(md, me, p, c, Relation::Same);
    if md.at(p.op).pos >= md.at(c.op).pos {
        return None;
    }
    if deferred(md, p.op) && !waited(md, p.op, Some(c.op)) {
        let fix = completion(md, p.op).map_or("", |x| x.fix);
        return Some(
            Finding::new(
                Check::Unsynchronized,
                p.op,
                format!(
                    "'{}' of the same thread touches the bytes of this 'cp_async' while it may still be in flight: no wait of the thread completes it in between",
                    super::name(md.m, c.op)
                ),
            )
            .consumer(c.op)
            .fix(p.op, fix),
        );
    }
    match s.proxy_defect(None, None)? {
        Defect::Proxy(fix) => Some(
            Finding::new(Check::Proxy, p.op, proxy_head(md, p, c, "in between"))
                .consumer(c.op)
                .fix(p.op, &fix),
        ),
        _ => None,
    }
}

/// The message of a check-4 finding: what crosses proxies, and what is missing where (`side`:
/// where the proxy fence should be); an async read overwritten before its wait is its own case.
fn proxy_head(md: &Model, p: &Access, c: &Access, side: &str) -> String {
    if !p.write && p.proxy == Proxy::Async {
        format!(
            "{} before the async read is complete (no wait for it in the issuing thread, or one that leaves its group pending)",
            cross_proxy(md, p, c)
        )
    } else {
        format!("{} with no proxy fence {side}", cross_proxy(md, p, c))
    }
}

/// "the generic-proxy write by 'st' is read by 'bulk_copy_s2g' through the async proxy", or for
/// a read overwritten through the other proxy "… read by 'ld' is overwritten by …".
fn cross_proxy(md: &Model, p: &Access, c: &Access) -> String {
    format!(
        "the {} {} by '{}' is {} by '{}' through the {}",
        proxy_words(p.proxy),
        if p.write { "write" } else { "read" },
        super::name(md.m, p.op),
        if c.write { "overwritten" } else { "read" },
        super::name(md.m, c.op),
        proxy_words(c.proxy)
    )
}

fn proxy_words(p: Proxy) -> &'static str {
    match p {
        Proxy::Generic => "generic-proxy",
        Proxy::Async => "async proxy",
        Proxy::Tensor => "tensor-core (tcgen05)",
    }
}

/// The finding for the handoff `p` → `c` and how far its best path was from synchronizing it
/// (0: only a proxy fence missing … 4: no execution edge at all), or None when a path does.
/// What the message of an unsynchronized handoff says about the whole kernel, computed at the
/// first finding that needs it (once per kernel, not once per finding): whether it has a cluster
/// barrier, and whether a flag released in a modeled loop whose values are not followed has
/// acquire sides.
#[derive(Default)]
struct KernelFacts(std::cell::OnceCell<(bool, bool)>);

impl KernelFacts {
    fn get(&self, md: &Model, me: &Mechanisms) -> (bool, bool) {
        *self.0.get_or_init(|| {
            let cluster_barrier = me
                .releases
                .iter()
                .any(|r| matches!(r.edge, super::sync::Edge::Cluster));
            let loop_flag = me.releases.iter().any(|r| {
                unfollowed_loop_flag(md, r)
                    && me.by_edge.get(&r.edge).is_some_and(|q| !q.is_empty())
            });
            (cluster_barrier, loop_flag)
        })
    }
}

fn handoff_ranked(
    md: &Model,
    me: &Mechanisms,
    p: &Access,
    c: &Access,
    rel: Relation,
    pair: Option<(u32, u32)>,
    facts: &KernelFacts,
) -> Option<(Finding, u8)> {
    let mut s = Search::new(md, me, p, c, rel);
    s.pair = pair;
    s.search();
    if s.found_ok {
        return None;
    }
    let what = if c.write { "overwritten" } else { "read" };
    let access = match (p.write, p.proxy) {
        (false, _) => "read",
        (true, Proxy::Generic) => "write",
        (true, _) => "async write",
    };
    let head = if c.exit {
        format!(
            "the {access} by '{}' of the peer CTA's shared memory is not ordered before the peer's exit ('{}'), which frees that memory",
            super::name(md.m, p.op),
            super::name(md.m, c.op),
        )
    } else {
        // With a round counter the finding names the concrete CTAs (block_id.x) it is about.
        let whom = match pair {
            Some((x, y)) if x != y => format!("a thread of another CTA (CTA {x} to CTA {y})"),
            Some((x, _)) => format!("another thread of the CTA (CTA {x})"),
            None => rel.words().to_string(),
        };
        format!(
            "the {access} by '{}' is {what} by '{}' of {whom}",
            super::name(md.m, p.op),
            super::name(md.m, c.op),
        )
    };
    let best_path = std::mem::take(&mut s.best_path);
    let worst = s.best.and_then(|d| d.into_iter().max());
    let rank = match &worst {
        None => 4,
        Some(Defect::NoOrder(_)) => 3,
        Some(Defect::Scope(_)) => 2,
        Some(Defect::Space(_)) => 1,
        Some(Defect::Proxy(_)) => 0,
    };
    let f = match worst {
        None => Finding::new(
            Check::Unsynchronized,
            p.op,
            {
                let (cluster_barrier, loop_flag) = facts.get(md, me);
                if loop_flag {
                    format!("{head} with no execution edge between them (a flag released in a loop synchronizes with nothing unless the checker follows its values: a round counter or a rising flag in a kernel that states grid_dims, docs/verify-races.md)")
                } else if rel == Relation::Any && cluster_barrier {
                    format!("{head} with no execution edge between them (a cluster barrier orders only the CTAs of one cluster, and the other CTA may be in another cluster; no barrier, mbarrier or flag orders them)")
                } else {
                    format!("{head} with no execution edge between them (no barrier, mbarrier, cluster barrier or flag orders them)")
                }
            },
        )
        .fix(p.op, match rel {
            Relation::Same => "add a 'barrier' between them (bar.sync orders the CTA: acq_rel at cta scope), or an mbarrier arrive/wait pair between the two roles",
            Relation::Peer => "complete the write on the peer's mbarrier (st_async) or arrive on it remotely with release at cluster scope, and wait on it (acquire, cluster) before the read",
            Relation::Cluster => "add a cluster barrier between them (barrier.cluster.arrive with release, barrier.cluster.wait), or publish with a release at cluster scope and acquire at cluster scope before the read",
            Relation::Any => "publish with a release at gpu scope after a 'barrier' (e.g. an elected atom release gpu on a flag) and spin on the flag with acquire gpu before the read",
        }),
        Some(Defect::NoOrder(why)) => Finding::new(
            Check::Unsynchronized,
            p.op,
            format!("{head} through an execution edge that orders no memory: {why}"),
        )
        .fix(p.op, "make the release side 'release' (or add a release fence of the handoff's scope before it) and the acquire side 'acquire' (or an acquire fence after it)"),
        Some(Defect::Scope(why)) => Finding::new(Check::Scope, p.op, format!("{head}: {why}"))
            .fix(p.op, "widen the scope of that side to the one named (cluster between CTAs of a cluster, gpu between any CTAs)"),
        Some(Defect::Space(why)) => Finding::new(Check::Space, p.op, format!("{head}: {why}"))
            .fix(p.op, "add a 'fence' release of the handoff's scope without 'restrict' before the release side (st_async and bulk-copy completion release shared memory only)"),
        Some(Defect::Proxy(fix)) => Finding::new(
            Check::Proxy,
            p.op,
            proxy_head(
                md,
                p,
                c,
                if p.write {
                    "on the writer's side"
                } else {
                    "on the reader's or the async writer's side"
                },
            ),
        )
        .fix(p.op, &fix),
    };
    let between = if c.exit {
        Between::PeerExit
    } else {
        rel.between()
    };
    Some((f.consumer(c.op).path(best_path, between), rank))
}
