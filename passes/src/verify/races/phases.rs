//! The mbarrier phases of the loop model (SYNC-MODEL §3.1; the model itself is [`super::unroll`]).
//!
//! A wait on parity `p` completes with the latest completed phase of that parity, so which
//! arrivals it synchronizes with depends on how many phases completed before it. [`Count`] runs a
//! group's slot and parity arithmetic over its iterations: each iteration whose arrivals on an
//! object add up to the object's init count completes one phase of it (the arrivals before the
//! loops, a prologue, complete the first ones), and every arrive, completion and wait gets the
//! phase it arrives on or waits for. Where that cannot be shown — arrivals the count cannot see,
//! counts that do not add up, a slot or parity the arithmetic cannot evaluate — the op's phase is
//! [`Phase::Alone`] and it connects to nothing.

use super::affine::{uniform, Affine, Forms, Uniform};
use super::unroll::{konst, nested, Eval, Looped, Phase, Planned, MAX_FULL};
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::views::{
    AllocShared, CmpI, For, Gep, Mapa, MbarrierInit, OpKind, WarpRole,
};
use tilec_ir::{Module, Op, OpView, Value};

/// Is `cond` the guard of a loop's tail, `i + c < ub` (c ≥ 0) with `ub` the loop's own bound?
/// An op under it runs in every iteration whose `i + c`-th iteration exists: the arrivals of a
/// prefetch (the copy for round `i + c`) are there whenever the wait they complete is.
pub(super) fn tail_guard(ev: &mut Eval, cond: Value, l: &Looped) -> bool {
    let m = ev.m;
    let Some(c) = m.defining_op(cond).and_then(|c| CmpI::cast(m, c)) else {
        return false;
    };
    let (a, b) = (m.operands(c.0)[0], m.operands(c.0)[1]);
    let (lhs, rhs) = match c.predicate(m) {
        Some("slt" | "ult" | "lt" | "lo") => (a, b),
        Some("sgt" | "ugt" | "gt" | "hi") => (b, a),
        _ => return false,
    };
    if rhs != m.operands(l.op)[1] {
        return false;
    }
    let envs = ev.envs(l, 2);
    let d: Option<Vec<i64>> = envs
        .iter()
        .map(|e| Some(konst(ev.value(lhs, l.op, e, 0)?)? - e[0]?))
        .collect();
    matches!(d.as_deref(), Some([x, y]) if x == y && *x >= 0)
}

/// Threads of the CTA that run `op` once per iteration of `l`: 1 under `elect`, a warp range
/// under `warp_role`, all threads otherwise; None under a branch or loop that may run it a
/// different number of times (a tail guard of `l` is not one: see [`tail_guard`]).
pub(super) fn threads(ev: &mut Eval, op: Op, l: &Looped, all: i64) -> Option<i64> {
    let m = ev.m;
    let mut n = all;
    let mut cur = op;
    let mut in_loop = true;
    while let Some(p) = m.parent_op(cur) {
        if p == l.op {
            in_loop = false;
        }
        match OpKind::of(m, p) {
            Some(OpKind::Elect) => n = n.min(1),
            Some(OpKind::WarpRole) => {
                if let Some(w) = WarpRole(p).warp_range(m) {
                    n = n.min(32 * (w.end.max(w.start) - w.start));
                }
            }
            Some(OpKind::If) if !in_loop && uniform(m, m.operands(p)[0], Uniform::Cta) => {}
            Some(OpKind::If) if in_loop && tail_guard(ev, m.operands(p)[0], l) => {}
            Some(OpKind::Kernel) => return Some(n),
            _ if p == l.op => {}
            _ => return None,
        }
        cur = p;
    }
    Some(n)
}

/// An mbarrier object: the allocation (or outside value) a pointer comes from, and the offset.
pub(super) type Key = (Value, Affine);

/// Phase of an mbarrier op (original) in an iteration of its loop (0 outside loops).
pub(super) type Phases = FxHashMap<(Op, i64), Phase>;

/// The operand index of the mbarrier object of an op that arrives on, completes bytes on or
/// waits on one (None for other ops).
pub(super) fn edge_op(kind: OpKind) -> Option<usize> {
    match kind {
        OpKind::StAsync | OpKind::RedAsync | OpKind::BulkCopyG2S | OpKind::TmaLoad => Some(2),
        OpKind::MbarrierArrive
        | OpKind::MbarrierArriveDrop
        | OpKind::MbarrierCompleteTx
        | OpKind::MbarrierExpectTx
        | OpKind::MbarrierWait
        | OpKind::MbarrierTryWait
        | OpKind::MbarrierTestWait
        | OpKind::Tcgen05Commit => Some(0),
        _ => None,
    }
}

/// What an mbarrier op does to its object's phases.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Counts towards the arrival count.
    Arrive,
    /// Completes transaction bytes.
    Tx,
    /// Waits for a phase.
    Wait,
}

fn role(kind: OpKind) -> Option<Role> {
    match kind {
        OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop | OpKind::Tcgen05Commit => {
            Some(Role::Arrive)
        }
        OpKind::MbarrierCompleteTx
        | OpKind::StAsync
        | OpKind::RedAsync
        | OpKind::BulkCopyG2S
        | OpKind::TmaLoad => Some(Role::Tx),
        OpKind::MbarrierWait | OpKind::MbarrierTryWait | OpKind::MbarrierTestWait => {
            Some(Role::Wait)
        }
        _ => None,
    }
}

/// One mbarrier event: an op in an iteration (or before the loop, iteration -1) on an object.
struct Event {
    op: Op,
    /// The iteration of the group (-1: before the loops).
    at: i64,
    /// The iteration key of the op's own loop for [`Phases`] (its full-copied loop's iteration,
    /// or 0).
    tag: i64,
    key: Key,
    role: Role,
    threads: Option<i64>,
    parity: Option<i64>,
    /// Before the loops: the program position of the whole-copied loop it is in (0 for
    /// straight code); the events of one round of it (or all straight ones) are one completion.
    owner: usize,
}

impl Event {
    /// The completion an arrival or transaction belongs to, in program order.
    fn slot(&self) -> (i64, usize, i64) {
        if self.at < 0 {
            (self.at, self.owner, self.tag)
        } else {
            (self.at, 0, 0)
        }
    }
}

/// The phase counting of one group: every mbarrier event of its loops over the iterations
/// `0..n`, and the arrivals before the loops that complete phases of the same objects.
pub(super) struct Count<'e, 'a> {
    ev: &'e mut Eval<'a>,
    k: Op,
    all: i64,
    events: Vec<Event>,
    /// Allocations whose phases cannot be counted.
    bad: FxHashSet<Value>,
}

impl<'e, 'a> Count<'e, 'a> {
    /// A count for kernel `k` of `all` threads per CTA.
    pub(super) fn new(ev: &'e mut Eval<'a>, k: Op, all: i64) -> Count<'e, 'a> {
        Count {
            ev,
            k,
            all,
            events: Vec::new(),
            bad: FxHashSet::default(),
        }
    }

    /// The events of the loops of `g` in iterations `0..n`.
    pub(super) fn in_loops(&mut self, g: &Planned, n: i64) {
        let m = self.ev.m;
        for (l, body) in &g.bodies {
            let envs = self.ev.envs(l, n);
            for &op in body {
                let kind = OpKind::of(m, op);
                let (Some(idx), Some(r)) = (kind.and_then(edge_op), kind.and_then(role)) else {
                    if matches!(kind, Some(OpKind::MbarrierInit | OpKind::MbarrierInval)) {
                        // Re-initialized in the loop: phases restart.
                        self.bad
                            .extend(m.operands(op).first().and_then(|&p| alloc_of(m, p)));
                    }
                    continue;
                };
                let p = m.operands(op)[idx];
                let th = threads(self.ev, op, l, self.all);
                for (i, env) in envs.iter().enumerate() {
                    let Some(key) = self.ev.pointer(p, l.op, env) else {
                        // An object the arithmetic cannot name: its buffer is unknown.
                        self.bad.extend(alloc_of(m, p));
                        continue;
                    };
                    let parity = (r == Role::Wait)
                        .then(|| m.operands(op).get(1).copied())
                        .flatten()
                        .and_then(|v| konst(self.ev.value(v, l.op, env, 0)?));
                    let i = i as i64;
                    self.events.push(Event {
                        op,
                        at: i,
                        tag: i,
                        key,
                        role: r,
                        threads: th,
                        parity,
                        owner: 0,
                    });
                }
            }
        }
    }

    /// Arrivals and completions outside the group's loops: before them on every path (straight
    /// code, or a loop copied whole), they complete phases before iteration 0; anywhere else the
    /// count cannot follow them and their allocation is left unknown.
    pub(super) fn outside(
        &mut self,
        g: &Planned,
        order: &FxHashMap<Op, usize>,
        planned: &[Planned],
    ) {
        let m = self.ev.m;
        let first = g.bodies.iter().map(|b| order[&b.0.op]).min().unwrap_or(0);
        // Only the objects the loops use: the others keep the one-phase model (their arrivals
        // connect with their waits outside the loops).
        let used: FxHashSet<Value> = self
            .events
            .iter()
            .map(|e| alloc_value(m, e.key.0))
            .collect();
        let mut all = Vec::new();
        nested(m, self.k, &mut all);
        for op in all {
            let kind = OpKind::of(m, op);
            let (Some(idx), Some(r)) = (kind.and_then(edge_op), kind.and_then(role)) else {
                continue;
            };
            if r == Role::Wait || g.bodies.iter().any(|b| self.ev.inside(op, b.0.op)) {
                continue;
            }
            let p = m.operands(op)[idx];
            if !alloc_of(m, p).is_some_and(|a| used.contains(&a)) {
                continue;
            }
            let before = order[&op] < first && self.straight(op);
            let whole = planned
                .iter()
                .flat_map(|x| &x.bodies)
                .find(|b| self.ev.inside(op, b.0.op));
            let ok = match (before, whole) {
                (false, _) => false,
                (true, None) => self.prologue(op, r, p, None, 0),
                (true, Some((l, _))) => {
                    l.trip.is_some_and(|t| t <= MAX_FULL) && {
                        let l = *l;
                        self.prologue(op, r, p, Some(&l), order[&l.op] + 1)
                    }
                }
            };
            if !ok {
                self.bad.extend(alloc_of(m, p));
            }
        }
    }

    /// Runs on every path to what follows it: nested only in `elect`, `warp_role` and `for`
    /// loops with a constant trip count of at least one.
    fn straight(&mut self, op: Op) -> bool {
        let mut cur = op;
        while let Some(p) = self.ev.m.parent_op(cur) {
            let m = self.ev.m;
            match OpKind::of(m, p) {
                Some(OpKind::Elect | OpKind::WarpRole) => {}
                Some(OpKind::Kernel) => return true,
                Some(OpKind::For) => {
                    let c = |i: usize, f: &mut Forms| konst(f.of(m, m.operands(p)[i]));
                    let f = &mut *self.ev.forms;
                    match (c(0, f), c(1, f), c(2, f)) {
                        (Some(a), Some(b), Some(st)) if a < b && st > 0 => {}
                        _ => return false,
                    }
                }
                _ => return false,
            }
            cur = p;
        }
        true
    }

    /// Records the events of a prologue op (in a whole-copied loop `l`, one per iteration).
    fn prologue(&mut self, op: Op, r: Role, p: Value, l: Option<&Looped>, owner: usize) -> bool {
        let th = match l {
            Some(l) => threads(self.ev, op, l, self.all),
            None => threads(self.ev, op, &Looped::none(self.k), self.all),
        };
        let (scope, envs) = match l {
            Some(l) => (l.op, self.ev.envs(l, l.trip.unwrap_or(0))),
            None => (self.k, vec![Vec::new()]),
        };
        for (j, env) in envs.iter().enumerate() {
            let Some(key) = self.ev.pointer(p, scope, env) else {
                return false;
            };
            self.events.push(Event {
                op,
                at: -1,
                tag: j as i64,
                key,
                role: r,
                threads: th,
                parity: None,
                owner,
            });
        }
        true
    }

    /// Each object's completions, in order: the iterations (-1 before the loops, with the
    /// index of the prologue event) whose arrivals reach the init count. None for an object
    /// whose arrivals in some iteration do not.
    fn completions(&mut self) -> FxHashMap<Key, Vec<(i64, usize, i64)>> {
        let m = self.ev.m;
        let mut counts: FxHashMap<Value, FxHashSet<Option<i64>>> = FxHashMap::default();
        let mut all = Vec::new();
        nested(m, self.k, &mut all);
        for init in all.into_iter().filter_map(|o| MbarrierInit::cast(m, o)) {
            let Some(&p) = m.operands(init.0).first() else {
                continue;
            };
            let c = super::mbar::init_count(m, self.ev.forms, init);
            counts.extend(alloc_of(m, p).map(|a| (a, FxHashSet::default())));
            if let Some(a) = alloc_of(m, p) {
                counts.entry(a).or_default().insert(c);
            }
        }
        // Group the arrivals by (object, iteration; a prologue event is its own group).
        type Slot = (i64, usize, i64);
        let mut per: FxHashMap<Key, Vec<(Slot, Option<i64>, bool)>> = FxHashMap::default();
        for e in &self.events {
            if e.role == Role::Wait {
                continue;
            }
            let slot = e.slot();
            let list = per.entry(e.key.clone()).or_default();
            let arr = if e.role == Role::Arrive {
                e.threads
            } else {
                Some(0)
            };
            match list.iter_mut().find(|g| g.0 == slot) {
                Some(g) => {
                    g.1 = g.1.and_then(|t| Some(t + arr?));
                    g.2 |= e.role == Role::Arrive;
                }
                None => list.push((slot, arr, e.role == Role::Arrive)),
            }
        }
        let mut out = FxHashMap::default();
        for (key, mut list) in per {
            let count = counts
                .get(&alloc_value(m, key.0))
                .filter(|c| c.len() == 1)
                .and_then(|c| *c.iter().next().expect("one count"));
            // A prologue's arrive and its copy are one completion (the same whole-loop round).
            let ok = count.is_some() && list.iter().all(|g| g.2 && g.1 == count);
            if !ok {
                self.bad.insert(key.0);
                continue;
            }
            list.sort_by_key(|g| g.0);
            out.insert(key, list.into_iter().map(|g| g.0).collect());
        }
        out
    }

    /// The phase of every event.
    pub(super) fn phases(mut self) -> (Phases, Vec<(Op, Phase)>) {
        let done = self.completions();
        let mut out = Phases::default();
        let mut direct = Vec::new();
        for e in &self.events {
            let ph = (|| {
                if self.bad.contains(&e.key.0) {
                    return None;
                }
                let its = done.get(&e.key)?;
                if e.role != Role::Wait {
                    return its.iter().position(|s| *s == e.slot()).map(|c| c as i64);
                }
                // The latest completion at or before this iteration with the waited parity.
                let parity = e.parity? & 1;
                let upto = its.partition_point(|s| s.0 <= e.at);
                (0..upto)
                    .rev()
                    .find(|&c| c as i64 & 1 == parity)
                    .map(|c| c as i64)
            })();
            let ph = ph.map_or(Phase::Alone(e.op), Phase::Known);
            if e.at < 0
                && self
                    .ev
                    .m
                    .parent_op(e.op)
                    .is_some_and(|_| !self.in_copied(e.op))
            {
                direct.push((e.op, ph));
            } else {
                out.insert((e.op, e.tag), ph);
            }
        }
        (out, direct)
    }

    /// Is `op` inside a `for` (then its copies carry the phase, keyed by its iteration)?
    fn in_copied(&self, op: Op) -> bool {
        let m = self.ev.m;
        m.ancestors(op).any(|p| For::is(m, p))
    }
}

impl Looped {
    /// No loop: an op outside loops evaluated as straight code.
    fn none(k: Op) -> Looped {
        Looped {
            op: k,
            lb: 0,
            step: 1,
            trip: None,
        }
    }
}

/// The `alloc_shared` op's result a pointer is derived from (through gep and mapa).
pub(super) fn alloc_of(m: &Module, mut v: Value) -> Option<Value> {
    for _ in 0..64 {
        let op = m.defining_op(v)?;
        if AllocShared::is(m, op) {
            return Some(v);
        }
        if !(Gep::is(m, op) || Mapa::is(m, op)) {
            return None;
        }
        v = m.operands(op)[0];
    }
    None
}

fn alloc_value(m: &Module, v: Value) -> Value {
    alloc_of(m, v).unwrap_or(v)
}

/// Two groups' view of one op's phase: a group that counted the op's object with every arrival
/// it gets (the loop an op's prologue feeds) knows it where the op's own group, which sees
/// later arrivals it cannot count, does not; two different counts make it unknown.
pub(super) fn merge(old: &mut Phase, new: Phase, op: Op) {
    *old = match (*old, new) {
        (Phase::Alone(_), Phase::Known(k)) => Phase::Known(k),
        (Phase::Known(a), Phase::Known(b)) if a != b => Phase::Alone(op),
        (o, _) => o,
    };
}
