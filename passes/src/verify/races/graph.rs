//! The handoff graph of one kernel: what `weakest-fence` derives its rewrites from.
//!
//! Built once per kernel with one run of the checks: the model (of the unrolled kernel when it
//! has modeled loops), its mechanisms, and every handoff the checker proves synchronized — the
//! checked pairs (checks 1–4), the same-thread cross-proxy pairs and the open-world publish and
//! subscribe handoffs — each with the path that synchronizes it. The open-world handoffs come in
//! groups that one search decides ([`super::groups`]): a group is one handoff of the graph, the
//! one searched. Every op of the kernel knows the handoffs whose path goes through it: those are
//! the handoffs it *serves*.
//!
//! [`Graph::try_forms`] judges a change of forms — fences dropped, split, narrowed or
//! restricted; arrives, waits and cluster barrier arrives relaxed or narrowed — without running
//! the checker again: the changed ops' release, acquire and fence entries (and those of their
//! copies in unrolled iterations) take their new forms ([`super::sync::release_form`] and its
//! siblings, the derivation the checker itself uses), and only the handoffs they serve are
//! searched again. An op that serves no handoff is changed without any search.
//!
//! Invariant: the recorded path of every handoff is one the checker accepts under the current
//! forms. It holds because a path's verdict reads the forms of the ops on it only (release
//! sides, edges, acquire sides, the proxy fence), with one exception: the proxy fence that a
//! write-after-read across proxies may have on the writer's side is not on the path, so a change
//! of any proxy fence searches every cross-proxy handoff again. Checks 5–8 read which sync ops
//! exist, never their forms, so no change of forms alone can make them fail.

use super::groups::{open_groups, OpenCover};
use super::handoff::{covering_path, same_thread, scan, Event, Relation};
use super::model::Model;
use super::openworld::{open_path, Open};
use super::sync::{acquire_form, fence_form, release_form, Mechanisms};
use super::unroll::Unrolled;
use super::{mbar, tensor};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::views::{FenceProxyAsync, OpKind};
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView, Space};

/// A handoff of the graph, by indices into the model's accesses.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Two threads (checks 1–4).
    Pair { p: u32, c: u32, rel: Relation },
    /// One thread, two proxies (check 4).
    Proxies { p: u32, c: u32 },
    /// One end outside the kernel: a group of them that one search decides
    /// ([`super::groups::Groups`]), by the one searched.
    Open(Open),
}

/// The mechanism entries of one op of the model (indices into [`Mechanisms`]): an op is one
/// release side, one acquire side or both (a `bar.sync`), almost always, and a kernel has as
/// many of them as barriers: the lists live inline.
#[derive(Default)]
struct Slots {
    releases: SmallVec<[usize; 1]>,
    acquires: SmallVec<[usize; 1]>,
    fence: Option<usize>,
}

/// An entry as it was before a change, to restore it.
enum Saved {
    Release(usize, MemSemantic, MemScope),
    Acquire(usize, MemSemantic, MemScope),
    Fence(usize, MemSemantic, MemScope, Option<Space>),
    Proxy(usize, (Op, Option<Space>)),
    ProxyRemoved(usize, (Op, Option<Space>)),
}

/// The handoff graph of a kernel (see the module docs).
pub struct Graph<'a> {
    md: Model<'a>,
    me: Mechanisms,
    u: Option<&'a Unrolled>,
    hs: Vec<Kind>,
    /// Original op → the handoffs whose path goes through it (or through one of its copies).
    uses: FxHashMap<Op, FxHashSet<u32>>,
    /// The handoffs between two proxies.
    cross: Vec<u32>,
    /// Original op → its copies in unrolled iterations (ops of the model that are not
    /// themselves original; an original op in the model stands for itself, [`Graph::copies_of`]).
    copies: FxHashMap<Op, Vec<Op>>,
    /// The mechanisms of each op of the model, by position (`slot_at[pos]`: index into
    /// `slots` plus one; 0 for an op that is no mechanism).
    slot_at: Vec<u32>,
    slots: Vec<Slots>,
    /// Ops of the model that are memory accesses, by position (their forms are not changed
    /// through the graph).
    access_at: Vec<bool>,
    /// Findings of the checks on the kernel as it was built.
    pub findings: usize,
    /// Open-world handoffs no path synchronizes.
    pub open_uncovered: usize,
    /// The synchronized open-world handoffs, original ops.
    pub open_cover: OpenCover,
    /// How many handoff searches [`Graph::try_forms`] has run (for the benchmarks).
    pub searches: usize,
}

impl<'a> Graph<'a> {
    /// The graph of kernel `k` of `sm`: the unrolled module of `u` when there is one, else a
    /// copy of the module `weakest-fence` rewrites (the same op handles).
    pub fn new(sm: &'a Module, k: Op, u: Option<&'a Unrolled>) -> Graph<'a> {
        Graph::build(sm, k, u, false)
    }

    /// Whether kernel `k` verifies, as [`Graph::new`] would find, but stopping at the first
    /// finding (its `findings` is then 1, and its handoffs incomplete).
    pub fn verdict(sm: &'a Module, k: Op, u: Option<&'a Unrolled>) -> Graph<'a> {
        Graph::build(sm, k, u, true)
    }

    /// The graph of a kernel from the model and mechanisms `verify-races` built of it, on the
    /// same content (its unrolled module `u`, or a copy of the module), when the kernel passed
    /// every check ([`super::cache`]): as [`Graph::new`] would build it, without building them
    /// again.
    pub fn of_verified(md: Model<'a>, me: Mechanisms, u: Option<&'a Unrolled>) -> Graph<'a> {
        Graph::with(md, me, u, 0, false)
    }

    fn build(sm: &'a Module, k: Op, u: Option<&'a Unrolled>, first: bool) -> Graph<'a> {
        let mut md = Model::new(sm, k, u);
        let me = Mechanisms::new(&mut md);
        let mut out = Vec::new();
        mbar::check(&mut md, &me, &mut out);
        tensor::check(&mut md, &me, &mut out);
        Graph::with(md, me, u, out.len(), first)
    }

    /// The graph of model `md` with mechanisms `me`, on which checks 5–8 found `findings`.
    fn with(
        md: Model<'a>,
        me: Mechanisms,
        u: Option<&'a Unrolled>,
        findings: usize,
        first: bool,
    ) -> Graph<'a> {
        let mut g = Graph {
            md,
            me,
            u,
            hs: Vec::new(),
            uses: FxHashMap::default(),
            cross: Vec::new(),
            copies: FxHashMap::default(),
            slot_at: Vec::new(),
            slots: Vec::new(),
            access_at: Vec::new(),
            findings,
            open_uncovered: 0,
            open_cover: OpenCover::default(),
            searches: 0,
        };
        if first && g.findings > 0 {
            return g;
        }
        g.index_ops();
        g.collect(first);
        g
    }

    /// The ops of the model that stand for the original op `t`: itself when the model holds it,
    /// and its copies in unrolled iterations; None when there is none.
    fn copies_of(&self, t: Op) -> Option<Vec<Op>> {
        let mut v = Vec::new();
        if self.md.contains(t) && self.original(t) == t {
            v.push(t);
        }
        v.extend(self.copies.get(&t).into_iter().flatten().copied());
        (!v.is_empty()).then_some(v)
    }

    /// The mechanisms of the model's op `c` (an index into `slots`).
    fn slot(&self, c: Op) -> Option<usize> {
        let i = self.slot_at[self.md.at(c).pos as usize];
        i.checked_sub(1).map(|i| i as usize)
    }

    /// The mechanisms of the model's op `c`, made when it has none.
    fn slot_mut(&mut self, c: Op) -> &mut Slots {
        let pos = self.md.at(c).pos as usize;
        if self.slot_at[pos] == 0 {
            self.slots.push(Slots::default());
            self.slot_at[pos] = self.slots.len() as u32;
        }
        &mut self.slots[self.slot_at[pos] as usize - 1]
    }

    fn original(&self, op: Op) -> Op {
        self.u.map_or(op, |u| u.original(op))
    }

    fn index_ops(&mut self) {
        if let Some(u) = self.u {
            for &op in &self.md.ops {
                if let Some(&o) = u.origin.get(&op) {
                    self.copies.entry(o).or_default().push(op);
                }
            }
        }
        let n = self.md.ops.len();
        self.access_at = vec![false; n];
        for a in &self.md.accesses {
            self.access_at[self.md.at(a.op).pos as usize] = true;
        }
        self.slot_at = vec![0; n];
        for i in 0..self.me.releases.len() {
            self.slot_mut(self.me.releases[i].op).releases.push(i);
        }
        for i in 0..self.me.acquires.len() {
            self.slot_mut(self.me.acquires[i].op).acquires.push(i);
        }
        for i in 0..self.me.fences.len() {
            self.slot_mut(self.me.fences[i].op).fence = Some(i);
        }
    }

    /// Every handoff with its path; counts what no path synchronizes.
    fn collect(&mut self, first: bool) {
        let (md, me) = (&self.md, &self.me);
        let mut found: Vec<(Kind, Vec<Op>, bool)> = Vec::new();
        let mut findings = 0;
        scan(md, false, |e| {
            if first && findings > 0 {
                return false;
            }
            match e {
                Event::NarrowGlobal(_) => findings += 1,
                // Covered by a top-level CTA barrier, which no rewrite changes.
                Event::Barriered { .. } => {}
                Event::Pair {
                    p,
                    c,
                    rel: None,
                    at: [pi, ci],
                } => {
                    if same_thread(md, me, p, c).is_some() {
                        findings += 1;
                    } else {
                        let k = Kind::Proxies {
                            p: pi as u32,
                            c: ci as u32,
                        };
                        found.push((k, Vec::new(), true));
                    }
                }
                Event::Pair {
                    p,
                    c,
                    rel: Some(rel),
                    at: [pi, ci],
                } => match covering_path(md, me, p, c, rel) {
                    None => findings += 1,
                    Some(via) => {
                        let k = Kind::Pair {
                            p: pi as u32,
                            c: ci as u32,
                            rel,
                        };
                        found.push((k, via, p.proxy != c.proxy));
                    }
                },
            }
            false
        });
        let mut open_uncovered = 0;
        if first && findings > 0 {
            self.findings += findings;
            return;
        }
        // One handoff per group: every handoff of a group has its path, up to its own ends,
        // which are accesses (no change of forms touches them).
        let groups = open_groups(md, me);
        for g in &groups.list {
            let acc = &md.accesses;
            let Some(via) = g.path.clone() else {
                open_uncovered += groups.count(md, g);
                continue;
            };
            let cross = match g.h {
                Open::Publish { g, flag, .. } => acc[g].proxy != acc[flag].proxy,
                Open::Subscribe { s, g } => acc[s].proxy != acc[g].proxy,
            };
            found.push((Kind::Open(g.h), via, cross));
        }
        self.findings += findings;
        self.open_uncovered = open_uncovered;
        self.open_cover = groups.cover(md, |x| self.u.map_or(x, |u| u.original(x)));
        for (k, via, cross) in found {
            let h = self.hs.len() as u32;
            self.hs.push(k);
            if cross {
                self.cross.push(h);
            }
            self.record(h, &via);
        }
    }

    fn record(&mut self, h: u32, via: &[Op]) {
        for &op in via {
            let o = self.original(op);
            self.uses.entry(o).or_default().insert(h);
        }
    }

    /// The path that synchronizes handoff `h` under the current forms, or None. A same-thread
    /// proxy pair's path is empty (its proxy fences are re-checked with every proxy change).
    fn path(&self, h: u32) -> Option<Vec<Op>> {
        let (md, me) = (&self.md, &self.me);
        let acc = &md.accesses;
        match self.hs[h as usize] {
            Kind::Pair { p, c, rel } => {
                covering_path(md, me, &acc[p as usize], &acc[c as usize], rel)
            }
            Kind::Proxies { p, c } => same_thread(md, me, &acc[p as usize], &acc[c as usize])
                .is_none()
                .then(Vec::new),
            Kind::Open(o) => open_path(md, me, o),
        }
    }

    /// How many handoffs the original op `op` serves (its path goes through it; a group of
    /// open-world handoffs counts once).
    pub fn served(&self, op: Op) -> usize {
        self.uses.get(&op).map_or(0, |s| s.len())
    }

    /// Takes the forms the ops `touched` (of the module `m` being rewritten, whose handles the
    /// graph shares) have now — an op that is gone is a fence or proxy fence removed — and keeps
    /// them if every handoff they serve still has a path; otherwise restores the graph and
    /// returns false. Also false for a change the graph cannot judge: an op it has no entry for,
    /// a memory access, a release or acquire side removed, or a form its entries cannot take.
    pub fn try_forms(&mut self, m: &Module, touched: &[Op]) -> bool {
        self.judge(m, touched, true)
    }

    /// Whether [`Graph::try_forms`] would keep the change; the graph stays as it was.
    pub fn probe(&mut self, m: &Module, touched: &[Op]) -> bool {
        self.judge(m, touched, false)
    }

    fn judge(&mut self, m: &Module, touched: &[Op], keep: bool) -> bool {
        // The followed flags' conclusions read the forms of their writes, spins and the
        // counter's acquire fences: after a change of one of them they must still be recognized.
        if let Some((f, _)) = self.u.and_then(|u| u.rounds.as_deref()) {
            let pinned = f.pinned();
            if touched.iter().any(|t| pinned.contains(t)) {
                let again = super::unroll::followed_flags(m, self.md.kernel);
                if !again.same(f) {
                    return false;
                }
            }
        }
        let mut saved = Vec::new();
        let mut affected: FxHashSet<u32> = FxHashSet::default();
        let mut proxies = false;
        for &t in touched {
            let ok = self.change(m, t, &mut saved, &mut proxies);
            if !ok {
                self.restore(saved);
                return false;
            }
            if let Some(s) = self.uses.get(&t) {
                affected.extend(s.iter().copied());
            }
        }
        if proxies {
            affected.extend(self.cross.iter().copied());
        }
        let mut list: Vec<u32> = affected.into_iter().collect();
        list.sort_unstable();
        let mut paths = Vec::with_capacity(list.len());
        for h in list {
            self.searches += 1;
            match self.path(h) {
                Some(p) => paths.push((h, p)),
                None => {
                    self.restore(saved);
                    return false;
                }
            }
        }
        if !keep {
            self.restore(saved);
            return true;
        }
        for (h, p) in paths {
            self.record(h, &p);
        }
        true
    }

    /// Gives the entries of the original op `t` (every copy) the form `t` has in `m`, saving
    /// what they were; false when the change is not one of forms.
    fn change(&mut self, m: &Module, t: Op, saved: &mut Vec<Saved>, proxies: &mut bool) -> bool {
        let gone = m.op_block(t).is_none() || m.is_erased(t);
        let Some(copies) = self.copies_of(t) else {
            return false;
        };
        // A remote mbarrier arrive is an access (of the peer's memory, before its exit) whose
        // extent its form does not change: a new semantic is judged like any release's.
        let form_free = matches!(
            OpKind::of(m, t),
            Some(OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop)
        );
        let access = copies
            .iter()
            .any(|&c| self.access_at[self.md.at(c).pos as usize]);
        if (gone || !form_free) && access || (!gone && m.op_name(t) != self.md.m.op_name(t)) {
            return false;
        }
        let mut known = false;
        for c in copies {
            if FenceProxyAsync::is(self.md.m, c) {
                let Some(i) = self.me.proxy_fences.iter().position(|e| e.0 == c) else {
                    return false;
                };
                known = true;
                *proxies = true;
                if gone {
                    saved.push(Saved::ProxyRemoved(i, self.me.proxy_fences.remove(i)));
                } else {
                    saved.push(Saved::Proxy(i, self.me.proxy_fences[i]));
                    self.me.proxy_fences[i].1 =
                        FenceProxyAsync::cast(m, t).and_then(|f| f.space(m));
                }
                continue;
            }
            let Some(sl) = self.slot(c) else {
                continue;
            };
            let sl = &self.slots[sl];
            known = true;
            if gone && !(sl.releases.is_empty() && sl.acquires.is_empty()) {
                return false;
            }
            for &i in &sl.releases {
                let Some((sem, scope)) = release_form(m, t) else {
                    return false;
                };
                let r = &mut self.me.releases[i];
                saved.push(Saved::Release(i, r.sem, r.scope));
                (r.sem, r.scope) = (sem, scope);
            }
            for &i in &sl.acquires {
                let Some((sem, scope)) = acquire_form(m, t) else {
                    return false;
                };
                let q = &mut self.me.acquires[i];
                saved.push(Saved::Acquire(i, q.sem, q.scope));
                (q.sem, q.scope) = (sem, scope);
            }
            if let Some(i) = sl.fence {
                let f = &mut self.me.fences[i];
                saved.push(Saved::Fence(i, f.sem, f.scope, f.restrict));
                if gone {
                    // Neither releases nor acquires: no path can use it.
                    f.sem = MemSemantic::Weak;
                } else {
                    let Some((sem, scope, restrict)) = fence_form(m, t) else {
                        return false;
                    };
                    (f.sem, f.scope, f.restrict) = (sem, scope, restrict);
                }
            }
        }
        known
    }

    fn restore(&mut self, saved: Vec<Saved>) {
        for s in saved.into_iter().rev() {
            match s {
                Saved::Release(i, sem, scope) => {
                    (self.me.releases[i].sem, self.me.releases[i].scope) = (sem, scope)
                }
                Saved::Acquire(i, sem, scope) => {
                    (self.me.acquires[i].sem, self.me.acquires[i].scope) = (sem, scope)
                }
                Saved::Fence(i, sem, scope, restrict) => {
                    let f = &mut self.me.fences[i];
                    (f.sem, f.scope, f.restrict) = (sem, scope, restrict);
                }
                Saved::Proxy(i, e) => self.me.proxy_fences[i] = e,
                Saved::ProxyRemoved(i, e) => self.me.proxy_fences.insert(i, e),
            }
        }
    }
}
