//! The synchronization mechanisms of a kernel as release and acquire sides of execution edges
//! (SYNC-MODEL §3), and the fences that strengthen them.

use super::affine::Affine;
use super::model::{Buf, Model};
use super::unroll::Phase;
use tilec_dialects::nv_tileas::views::{
    Barrier, BarrierArrive, Fence as FenceOp, FenceProxyAsync, OpKind,
};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView, Space};

/// What connects a release side to an acquire side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// `barrier` / `barrier_arrive` with this id.
    Barrier(i64),
    /// An mbarrier object, and the phase (in a modeled loop) the op arrives on or waits for.
    Mbar(Buf, Affine, Phase),
    /// The cluster barrier.
    Cluster,
    /// A flag location written strong and read in a spin loop; true when its offset varies by
    /// CTA (then the same form names the same address only inside one CTA).
    Flag(Buf, Affine, bool),
}

impl Edge {
    /// The flag edge of a strong access at `off` into `buf`.
    pub fn flag(m: &tilec_ir::Module, buf: Buf, off: &Affine) -> Edge {
        Edge::Flag(buf, off.clone(), super::affine::varies_by_cta(m, off))
    }
}

/// Which CTAs an edge reaches from the releasing thread's CTA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// Only its own CTA.
    Same,
    /// The peer CTA a `mapa` named.
    Peer,
    /// Any CTA of its cluster (a cluster barrier; a peer's peer), also its own.
    Cluster,
    /// Any CTA of the grid (a global flag): also its own.
    Any,
}

/// The state spaces a release side covers (None: all).
pub type Spaces = Option<&'static [Space]>;

/// Shared memory only (completion of st.async / bulk copies).
pub const SHARED: &[Space] = &[Space::SharedCta, Space::SharedCluster];

/// A release side: an op, its edge, what it reaches, its order.
#[derive(Clone, Debug)]
pub struct Release {
    /// The op.
    pub op: Op,
    /// The edge it starts.
    pub edge: Edge,
    /// Targets a peer CTA's object (mapa).
    pub remote: bool,
    /// Its semantic (Relaxed/Weak: needs a fence).
    pub sem: MemSemantic,
    /// Its scope.
    pub scope: MemScope,
    /// The spaces it releases.
    pub spaces: Spaces,
    /// A `barrier_arrive` (bar.arrive): it pairs with the `barrier`s of its id in other roles
    /// (a `barrier`, bar.sync, pairs only with itself).
    pub named: bool,
}

impl Release {
    /// The release side of `op` on `edge` in the form `(sem, scope)`: of every space, not a
    /// `barrier_arrive` (the collection sets the other fields where they differ).
    fn on(op: Op, edge: Edge, remote: bool, (sem, scope): (MemSemantic, MemScope)) -> Release {
        Release {
            op,
            edge,
            remote,
            sem,
            scope,
            spaces: None,
            named: false,
        }
    }
}

/// An acquire side.
#[derive(Clone, Debug)]
pub struct Acquire {
    /// The op.
    pub op: Op,
    /// The edge it ends.
    pub edge: Edge,
    /// Its semantic (Relaxed: needs a fence).
    pub sem: MemSemantic,
    /// Its scope.
    pub scope: MemScope,
}

impl Acquire {
    /// The acquire side of `op` on `edge` in the form `(sem, scope)`.
    fn on(op: Op, edge: Edge, (sem, scope): (MemSemantic, MemScope)) -> Acquire {
        Acquire {
            op,
            edge,
            sem,
            scope,
        }
    }
}

/// A memory fence.
#[derive(Clone, Copy, Debug)]
pub struct Fence {
    /// The op.
    pub op: Op,
    /// Semantic.
    pub sem: MemSemantic,
    /// Scope.
    pub scope: MemScope,
    /// `restrict` space.
    pub restrict: Option<Space>,
}

impl Fence {
    /// The spaces the fence orders: all, or its `restrict` space (the shared::cluster window
    /// contains the CTA's own shared memory; PTX allows only release with shared::cta and
    /// acquire with shared::cluster).
    pub fn spaces(&self) -> Spaces {
        match self.restrict {
            Some(Space::SharedCta) => Some(&[Space::SharedCta]),
            Some(Space::SharedCluster) => Some(SHARED),
            Some(_) => Some(&[]),
            None => None,
        }
    }
}

/// Every mechanism of a kernel.
#[derive(Default)]
pub struct Mechanisms {
    /// Release sides, in program order.
    pub releases: Vec<Release>,
    /// Acquire sides, in program order.
    pub acquires: Vec<Acquire>,
    /// Fences, in program order.
    pub fences: Vec<Fence>,
    /// `fence_proxy_async` ops and their space (None: all).
    pub proxy_fences: Vec<(Op, Option<Space>)>,
    /// The acquire sides of each edge (indices into `acquires`).
    pub by_edge: rustc_hash::FxHashMap<Edge, Vec<usize>>,
    /// The program position of each release (sorted: releases are in program order).
    pub release_pos: Vec<u32>,
    /// The program position of each fence (sorted likewise).
    pub fence_pos: Vec<u32>,
    /// The releases whose edge has an acquire side (indices into `releases`, in program
    /// order), and their positions: only they start an edge a path can take ([`Mechanisms::
    /// walkable`]). The edges and acquire sides never change after collection (a change of
    /// forms changes semantics and scopes only), so neither does this list.
    pub useful: Vec<usize>,
    /// The program position of each release of `useful`.
    pub useful_pos: Vec<u32>,
    /// No edge leads from a release to an acquire side earlier in program order (a `bar.sync`
    /// is its own acquire side, a cluster wait follows its arrive; every other edge has all its
    /// releases before all its acquire sides). Then a path whose release lies after the
    /// consumer never comes back before it, and a search for it stops there.
    pub monotone: bool,
}

fn releasing(s: MemSemantic) -> bool {
    matches!(
        s,
        MemSemantic::Release | MemSemantic::AcqRel | MemSemantic::Sc
    )
}
fn acquiring(s: MemSemantic) -> bool {
    matches!(
        s,
        MemSemantic::Acquire | MemSemantic::AcqRel | MemSemantic::Sc
    )
}

/// True when the semantic orders earlier accesses (release, acq_rel, sc).
pub fn is_release(s: MemSemantic) -> bool {
    releasing(s)
}
/// True when the semantic orders later accesses (acquire, acq_rel, sc).
pub fn is_acquire(s: MemSemantic) -> bool {
    acquiring(s)
}

/// The (semantic, scope) of `op` as a release side, read from its attributes with the model's
/// defaults; None when it is not one. The one derivation used when the mechanisms are collected
/// and when `weakest-fence` changes an op's form ([`super::graph`]).
pub fn release_form(m: &Module, op: Op) -> Option<(MemSemantic, MemScope)> {
    use MemSemantic as S;
    // The pair as written, of the kinds that declare it.
    let pair = || AnyPair(op).pair(m);
    Some(match OpKind::of(m, op)? {
        // bar.sync and bar.arrive order the CTA (acq_rel at cta scope).
        OpKind::Barrier | OpKind::BarrierArrive => (S::AcqRel, MemScope::Cta),
        // The model's default for every mbarrier arrive-like op is release (the lowering
        // fences a complete_tx that does not say otherwise).
        OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop | OpKind::MbarrierCompleteTx => {
            let (sem, scope) = pair();
            (sem.unwrap_or(S::Release), scope.unwrap_or(MemScope::Cta))
        }
        // The mbarrier completion of an async write releases it at cluster scope.
        OpKind::StAsync
        | OpKind::RedAsync
        | OpKind::BulkCopyG2S
        | OpKind::TmaLoad
        | OpKind::Tcgen05Commit => (S::Release, MemScope::Cluster),
        OpKind::ClusterArrive => (pair().0.unwrap_or(S::Release), MemScope::Cluster),
        OpKind::St | OpKind::Atom | OpKind::Red => {
            let (sem, scope) = pair();
            let sem = sem.filter(|s| *s != S::Weak)?;
            let sem = if sem == S::Acquire { S::Relaxed } else { sem };
            (sem, scope.unwrap_or(MemScope::Gpu))
        }
        _ => return None,
    })
}

/// The (semantic, scope) of `op` as an acquire side (whether it is one also depends on where it
/// sits: a try_wait or a flag load only in a spin loop).
pub fn acquire_form(m: &Module, op: Op) -> Option<(MemSemantic, MemScope)> {
    use MemSemantic as S;
    // The pair as written, of the kinds that declare it.
    let pair = || AnyPair(op).pair(m);
    Some(match OpKind::of(m, op)? {
        OpKind::Barrier => (S::AcqRel, MemScope::Cta),
        OpKind::ClusterWait => (pair().0.unwrap_or(S::Acquire), MemScope::Cluster),
        OpKind::MbarrierWait | OpKind::MbarrierTryWait | OpKind::MbarrierTestWait => {
            let (sem, scope) = pair();
            (sem.unwrap_or(S::Acquire), scope.unwrap_or(MemScope::Cta))
        }
        OpKind::Ld | OpKind::Atom => {
            let (sem, scope) = pair();
            let sem = sem.filter(|s| *s != S::Weak)?;
            let sem = if sem == S::Release { S::Relaxed } else { sem };
            (sem, scope.unwrap_or(MemScope::Gpu))
        }
        _ => return None,
    })
}

/// The (semantic, scope, restrict space) of a `fence` with a semantic.
pub fn fence_form(m: &Module, op: Op) -> Option<(MemSemantic, MemScope, Option<Space>)> {
    let f = FenceOp::cast(m, op)?;
    Some((
        f.sem(m)?,
        f.scope(m).unwrap_or(MemScope::Sys),
        f.restrict(m),
    ))
}

/// The ops [`Mechanisms::new`] makes release sides, acquire sides or fences of (every other op
/// is passed over without reading its operands or attributes).
fn mechanism(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::Barrier
            | OpKind::BarrierArrive
            | OpKind::MbarrierArrive
            | OpKind::MbarrierArriveDrop
            | OpKind::MbarrierCompleteTx
            | OpKind::StAsync
            | OpKind::RedAsync
            | OpKind::BulkCopyG2S
            | OpKind::TmaLoad
            | OpKind::Tcgen05Commit
            | OpKind::ClusterArrive
            | OpKind::ClusterWait
            | OpKind::MbarrierWait
            | OpKind::MbarrierTryWait
            | OpKind::MbarrierTestWait
            | OpKind::St
            | OpKind::Atom
            | OpKind::Red
            | OpKind::Ld
            | OpKind::Fence
            | OpKind::FenceProxyAsync
    )
}

impl Mechanisms {
    /// Collects the mechanisms of `md`.
    pub fn new(md: &mut Model) -> Mechanisms {
        let mut me = Mechanisms::default();
        let m = md.m;
        for i in 0..md.ops.len() {
            let op = md.ops[i];
            match OpKind::of(m, op) {
                Some(kind) if mechanism(kind) => me.collect(md, op, kind),
                _ => {}
            }
        }
        me.index(md);
        me
    }

    /// Adds the release sides, acquire sides and fences the mechanism op `op` (of `kind`) makes.
    fn collect(&mut self, md: &mut Model, op: Op, kind: OpKind) {
        let m = md.m;
        let ops = m.operands(op).to_vec();
        let obj = |md: &mut Model, i: usize| {
            ops.get(i).map(|&v| {
                let p = md.trace(v);
                (Edge::Mbar(p.buf, p.off, md.phase(op)), p.remote)
            })
        };
        let released = release_form(m, op);
        let acquired = acquire_form(m, op);
        match kind {
            OpKind::Barrier | OpKind::BarrierArrive => {
                let id = match kind {
                    OpKind::Barrier => Barrier(op).id(m),
                    _ => BarrierArrive(op).id(m),
                };
                let Some(form) = released else {
                    return;
                };
                self.releases.push(Release {
                    named: kind == OpKind::BarrierArrive,
                    ..Release::on(op, Edge::Barrier(id), false, form)
                });
                if let Some(form) = acquired {
                    self.acquires.push(Acquire::on(op, Edge::Barrier(id), form));
                }
            }
            OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop | OpKind::MbarrierCompleteTx => {
                let Some(form) = released else {
                    return;
                };
                if let Some((edge, remote)) = obj(md, 0) {
                    self.releases.push(Release::on(op, edge, remote, form));
                }
            }
            OpKind::StAsync
            | OpKind::RedAsync
            | OpKind::BulkCopyG2S
            | OpKind::TmaLoad
            | OpKind::Tcgen05Commit => {
                let i = match kind {
                    OpKind::Tcgen05Commit => 0,
                    _ => 2,
                };
                let Some(form) = released else {
                    return;
                };
                if let Some((edge, remote)) = obj(md, i) {
                    let spaces = if kind == OpKind::Tcgen05Commit {
                        None
                    } else {
                        Some(SHARED)
                    };
                    let on = Release::on(op, edge, remote, form);
                    self.releases.push(Release { spaces, ..on });
                }
            }
            OpKind::ClusterArrive => {
                let Some(form) = released else {
                    return;
                };
                self.releases
                    .push(Release::on(op, Edge::Cluster, false, form))
            }
            OpKind::ClusterWait => {
                let Some(form) = acquired else {
                    return;
                };
                self.acquires.push(Acquire::on(op, Edge::Cluster, form))
            }
            OpKind::MbarrierWait | OpKind::MbarrierTryWait | OpKind::MbarrierTestWait => {
                let spins = kind == OpKind::MbarrierWait || md.at(op).in_while;
                let Some(form) = acquired else {
                    return;
                };
                if let (true, Some((edge, _))) = (spins, obj(md, 0)) {
                    self.acquires.push(Acquire::on(op, edge, form));
                }
            }
            OpKind::St | OpKind::Atom | OpKind::Red | OpKind::Ld => {
                if released.is_none() && acquired.is_none() {
                    return;
                }
                let p = md.trace(ops[0]);
                let edge = Edge::flag(md.m, p.buf, &p.off);
                if let Some(form) = released {
                    self.releases
                        .push(Release::on(op, edge.clone(), p.remote, form));
                }
                if let (Some(form), true) = (acquired, md.at(op).in_while) {
                    self.acquires.push(Acquire::on(op, edge, form));
                }
            }
            OpKind::Fence => {
                if let Some((sem, scope, restrict)) = fence_form(m, op) {
                    self.fences.push(Fence {
                        op,
                        sem,
                        scope,
                        restrict,
                    });
                }
            }
            OpKind::FenceProxyAsync => self.proxy_fences.push((op, FenceProxyAsync(op).space(m))),
            _ => {}
        }
    }

    /// Builds the lookup tables a path search uses over the collected sides and fences (the
    /// acquire sides by edge, the positions, the useful releases, monotonicity).
    fn index(&mut self, md: &Model) {
        for (i, q) in self.acquires.iter().enumerate() {
            // An edge is cloned once, when it is new (a kernel's barriers share one).
            match self.by_edge.get_mut(&q.edge) {
                Some(v) => v.push(i),
                None => {
                    self.by_edge.insert(q.edge.clone(), vec![i]);
                }
            }
        }
        self.release_pos = self.releases.iter().map(|r| md.at(r.op).pos).collect();
        self.useful = (0..self.releases.len())
            .filter(|&i| {
                self.by_edge
                    .get(&self.releases[i].edge)
                    .is_some_and(|v| !v.is_empty())
            })
            .collect();
        self.useful_pos = self.useful.iter().map(|&i| self.release_pos[i]).collect();
        self.fence_pos = self.fences.iter().map(|f| md.at(f.op).pos).collect();
        self.monotone = monotone(md, self);
    }

    /// The releases a path search from program position `from` on may take, in program order:
    /// those that start an edge with an acquire side (`useful`; with `edges`), and those at
    /// position `also` (an open-world publish search's target, where a path ends without an
    /// edge). A walk passes over any other release without effect: nothing can follow its
    /// edge. Passing over them one by one made a kernel of many strong accesses of one flag
    /// location, each a release of an edge no spin acquires, cost a scan of all of them per
    /// walk step.
    pub fn walkable(
        &self,
        from: u32,
        also: Option<u32>,
        edges: bool,
    ) -> impl Iterator<Item = usize> + '_ {
        let u = if edges {
            &self.useful[self.useful_pos.partition_point(|&p| p < from)..]
        } else {
            &[][..]
        };
        let t = match also {
            Some(p) if p >= from => {
                self.release_pos.partition_point(|&q| q < p)
                    ..self.release_pos.partition_point(|&q| q <= p)
            }
            _ => 0..0,
        };
        let (mut u, mut t) = (u.iter().copied().peekable(), t.peekable());
        // The two ascending index lists merged (an index in both once).
        std::iter::from_fn(move || match (u.peek().copied(), t.peek().copied()) {
            (Some(a), Some(b)) if b < a => t.next(),
            (Some(a), Some(b)) if a == b => {
                t.next();
                u.next()
            }
            (Some(_), _) => u.next(),
            (None, _) => t.next(),
        })
    }

    /// The fences strictly between program positions `after` and `before`.
    pub fn fences_between(&self, after: u32, before: u32) -> &[Fence] {
        let lo = self.fence_pos.partition_point(|&p| p <= after);
        let hi = self.fence_pos.partition_point(|&p| p < before).max(lo);
        &self.fences[lo..hi]
    }
}

/// Whether `r` reaches the acquire side `q`, and which CTAs that takes the data to.
pub fn connects(r: &Release, q: &Acquire) -> Option<Reach> {
    match (&r.edge, &q.edge) {
        (Edge::Barrier(a), Edge::Barrier(b)) if a == b => Some(Reach::Same),
        // An op whose phase is unknown connects to nothing (its own edge is never searched:
        // a release and an acquire are different ops).
        (Edge::Mbar(_, _, Phase::Alone(_)), _) | (_, Edge::Mbar(_, _, Phase::Alone(_))) => None,
        (Edge::Mbar(b1, o1, p1), Edge::Mbar(b2, o2, p2)) if b1 == b2 && o1 == o2 && p1 == p2 => {
            Some(if r.remote { Reach::Peer } else { Reach::Same })
        }
        (Edge::Cluster, Edge::Cluster) => Some(Reach::Cluster),
        // An untraced flag pointer names no known location: not an edge.
        (Edge::Flag(Buf::Unknown, ..), _) | (_, Edge::Flag(Buf::Unknown, ..)) => None,
        (Edge::Flag(b1, o1, private), Edge::Flag(b2, o2, _)) if b1 == b2 && o1 == o2 => {
            Some(match b1 {
                Buf::Alloc(_) if r.remote => Reach::Peer,
                Buf::Alloc(_) => Reach::Same,
                // The same form names the same address in two CTAs only when it does not vary by CTA.
                _ if *private => Reach::Same,
                _ => Reach::Any,
            })
        }
        _ => None,
    }
}

/// The scope an edge needs to order the two threads it connects.
pub fn needed_scope(r: &Release, reach: Reach) -> MemScope {
    match (reach, &r.edge) {
        (Reach::Same, _) => MemScope::Cta,
        (_, Edge::Flag(Buf::Param(_), ..)) => MemScope::Gpu,
        _ => MemScope::Cluster,
    }
}

/// Whether `spaces` covers `s` (None covers everything; shared_cta and shared_cluster are one
/// memory seen from two windows, but a restricted fence covers only its own window).
pub fn covers(spaces: Spaces, s: Option<Space>) -> bool {
    match (spaces, s) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(list), Some(s)) => list.contains(&s),
    }
}

/// [`Mechanisms::monotone`]: for every edge other than a `bar.sync` (its own acquire side) and
/// the cluster barrier (a wait pairs only with an arrive before it), its last release comes
/// before its first acquire side.
fn monotone(md: &Model, me: &Mechanisms) -> bool {
    let mut last: rustc_hash::FxHashMap<&Edge, u32> = Default::default();
    for r in &me.releases {
        let own = matches!(r.edge, Edge::Barrier(_)) && !r.named;
        if own || matches!(r.edge, Edge::Cluster) {
            continue;
        }
        let p = last.entry(&r.edge).or_default();
        *p = (*p).max(md.at(r.op).pos);
    }
    last.iter().all(|(e, &p)| {
        me.by_edge
            .get(*e)
            .is_none_or(|qs| qs.iter().all(|&qi| md.at(me.acquires[qi].op).pos > p))
    })
}
