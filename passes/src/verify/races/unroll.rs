//! Loops in the race model (SYNC-MODEL §3.1): the checker sees a loop's start and its steady
//! state by checking consecutive iterations together (docs/verify-races.md, "Loops").
//!
//! A `for` whose body synchronizes or touches memory is *modeled*: in a scratch copy of the
//! module its body is replaced by copies of the body for two windows of `2P` iterations, the
//! loop's first ones and a steady state at iteration 64 (the induction variable and every
//! carried value the loop computes from constants become constants), so the pairwise checks of
//! [`super::handoff`] see every handoff between iteration `i` and `i+d` for `d ≤ P` from every
//! slot, both RAW and the write-after-read reuse of a slot. `P` is the period of the addresses
//! and `if` conditions of the body (a ring of `N` slots indexed `i mod N` has `P = N`): a
//! conflict at a distance `d > P` repeats one at `d - P`, and the synchronization of the nearer
//! one orders the farther one too (it ends in an acquire that comes before, in program order, the
//! farther access). The period must also hold far beyond the copies ([`FAR`]). A loop with a
//! constant trip count of at most [`MAX_FULL`] is copied whole, with its real iterations.
//!
//! The copies carry, for every mbarrier op, the phase it arrives on or waits for
//! ([`super::phases`]); an arrive and a wait connect only on the same phase.
//!
//! Loops that run in step (the same bounds and step: a producer warp's loop and a consumer
//! warp's loop) are one *group*: their copies stand for the same iterations, and their phases
//! are counted together. Invariants: a copied op maps to its original ([`Unrolled::origin`]) and
//! its iteration; the scratch module is only read.

use super::affine::{compare, fold_binary, uniform, Affine, Forms, Uniform};
use super::phases::{edge_op, merge, Count, Key, Phases};
use super::rounds::{Followed, Rounds};
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::views::{
    CmpI, Constant, For, Gep, If, Kernel, Mapa, MbarrierInit, OpKind,
};
use tilec_ir::{sym, AttrData, Module, Op, OpSpec, OpView, Value, ValueDef};

/// Loops with a constant trip count up to this are copied whole.
pub const MAX_FULL: i64 = 16;
/// The longest address period modeled.
const MAX_PERIOD: i64 = 16;
/// The most ops the copies may add to one kernel (beyond it, loops are left unmodeled).
const MAX_COPIED: usize = 50_000;

/// The mbarrier phase an op in a modeled loop arrives on or waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Outside modeled loops: every arrive and wait of the object connect (the pre-loop
    /// model: one phase).
    Any,
    /// The phase, counted from the loop's start.
    Known(i64),
    /// Unknown: this op connects to nothing.
    Alone(Op),
}

/// Which iteration a copied op stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The group of loops running in step (in the order the loops were planned).
    pub group: u32,
    /// The iteration (0 is the loop's first).
    pub k: i64,
    /// The window of copies it belongs to: 0 the loop's first iterations, 1 the steady state.
    pub window: u8,
    /// The loop's bounds are the same in every thread of the grid: every thread that runs the
    /// loop runs this iteration when any thread does.
    pub uniform: bool,
}

/// A kernel with its modeled loops replaced by copies of their iterations.
pub struct Unrolled {
    /// The scratch module.
    pub m: Module,
    /// Copied op → the op it copies.
    pub origin: FxHashMap<Op, Op>,
    /// Copied op → its iteration.
    pub iteration: FxHashMap<Op, Iteration>,
    /// mbarrier ops of the copies → their phase.
    pub phase: FxHashMap<Op, Phase>,
    /// The kernel's flags followed by value and their copies ([`super::rounds`]).
    pub rounds: Option<Box<(Followed, Rounds)>>,
    /// The broadcast loads of the original kernel ([`super::slots`]).
    pub broadcast: FxHashSet<Op>,
}

impl Unrolled {
    /// The original of a (possibly copied) op.
    pub fn original(&self, op: Op) -> Op {
        self.origin.get(&op).copied().unwrap_or(op)
    }
}

/// Ops whose position inside a loop makes the loop worth modeling: memory accesses, sync ops,
/// and every mbarrier and tcgen05 op.
fn busy(kind: OpKind) -> bool {
    use OpKind as K;
    kind.is_mbarrier()
        || kind.is_tcgen05()
        || kind.is_access()
        || matches!(
            kind,
            K::Fence
                | K::FenceProxyAsync
                | K::Barrier
                | K::BarrierArrive
                | K::ClusterArrive
                | K::ClusterWait
                | K::BulkCopyG2S
                | K::BulkCopyS2G
                | K::TmaLoad
                | K::WgmmaMma
        )
}

/// Every op nested in `op` (not `op` itself), in pre-order.
pub(super) fn nested(m: &Module, op: Op, out: &mut Vec<Op>) {
    for &r in m.regions(op) {
        for &b in m.region_blocks(r) {
            for o in m.block_ops(b) {
                out.push(o);
                nested(m, o, out);
            }
        }
    }
}

/// One loop to model: the `for` op, its constant lower bound and step.
#[derive(Clone, Copy)]
pub(super) struct Looped {
    pub(super) op: Op,
    pub(super) lb: i64,
    pub(super) step: i64,
    pub(super) trip: Option<i64>,
}

/// The outermost `for` ops under `k` whose bodies are busy, with constant lb and step > 0.
fn candidates(m: &Module, k: Op, forms: &mut Forms) -> Vec<Looped> {
    let mut out = Vec::new();
    let mut stack: Vec<Op> = Vec::new();
    // Only ops with regions can be or hold a loop (most ops of a kernel have none: they are
    // not stacked, and no list of what they hold is made).
    let push = |stack: &mut Vec<Op>, op: Op| {
        for &r in m.regions(op) {
            for &b in m.region_blocks(r) {
                let at = stack.len();
                stack.extend(m.block_ops(b).filter(|&o| !m.regions(o).is_empty()));
                stack[at..].reverse();
            }
        }
    };
    push(&mut stack, k);
    while let Some(op) = stack.pop() {
        let busy_for = For::is(m, op) && {
            let mut inner = Vec::new();
            nested(m, op, &mut inner);
            inner.iter().any(|&o| OpKind::of(m, o).is_some_and(busy))
        };
        if busy_for {
            let c = |i: usize, f: &mut Forms| {
                let a = f.of(m, *m.operands(op).get(i)?);
                a.terms.is_empty().then_some(a.konst)
            };
            if let (Some(lb), Some(step)) = (c(0, forms), c(2, forms)) {
                if step > 0 {
                    let trip = c(1, forms).map(|ub| ((ub - lb).max(0) + step - 1) / step);
                    if trip != Some(0) {
                        out.push(Looped { op, lb, step, trip });
                    }
                }
            }
            continue;
        }
        push(&mut stack, op);
    }
    out
}

/// Values of a loop's block arguments in one iteration (None: not computable).
pub(super) type Env = Vec<Option<i64>>;

/// Evaluates the integer arithmetic of a loop body for given iterations.
pub(super) struct Eval<'a> {
    pub(super) m: &'a Module,
    pub(super) forms: &'a mut Forms,
}

impl Eval<'_> {
    /// Is `op` nested (at any depth) in `l`?
    pub(super) fn inside(&self, mut op: Op, l: Op) -> bool {
        while let Some(p) = self.m.parent_op(op) {
            if p == l {
                return true;
            }
            op = p;
        }
        false
    }

    /// The form of `v` in the iteration `env` of loop `l`: constants where the loop computes
    /// them from constants, the ordinary affine form for values defined outside the loop, None
    /// for a value that changes from one iteration to the next in a way it cannot follow.
    pub(super) fn value(&mut self, v: Value, l: Op, env: &Env, depth: u32) -> Option<Affine> {
        let m = self.m;
        if depth > 64 {
            return None;
        }
        let op = match m.value_def(v) {
            ValueDef::Arg(b, i) => {
                let owner = m.block_parent(b).and_then(|r| m.region_parent(r));
                return match owner {
                    Some(o) if o == l => {
                        env.get(i as usize).copied().flatten().map(Affine::constant)
                    }
                    Some(o) if self.inside(o, l) => None,
                    _ => Some(self.forms.of(m, v)),
                };
            }
            ValueDef::Result(op, _) => op,
        };
        if !self.inside(op, l) {
            return Some(self.forms.of(m, v));
        }
        let kind = OpKind::of(m, op);
        let ops = m.operands(op);
        let arg = |i: usize, e: &mut Self| e.value(*ops.get(i)?, l, env, depth + 1);
        match kind {
            Some(OpKind::Constant) => Constant(op).int_value(m).map(Affine::constant),
            Some(
                OpKind::ThreadId
                | OpKind::BlockId
                | OpKind::ClusterCtaRank
                | OpKind::LaneId
                | OpKind::WarpId,
            ) => Some(self.forms.of(m, v)),
            Some(k @ (OpKind::AddI | OpKind::SubI)) => {
                let (a, b) = (arg(0, self)?, arg(1, self)?);
                Some(a.add_scaled(&b, if k == OpKind::AddI { 1 } else { -1 }))
            }
            Some(OpKind::MulI) => {
                let (a, b) = (arg(0, self)?, arg(1, self)?);
                match (a.terms.is_empty(), b.terms.is_empty()) {
                    (true, _) => Some(b.scale(a.konst)),
                    (_, true) => Some(a.scale(b.konst)),
                    _ => None,
                }
            }
            Some(OpKind::CmpI) => {
                let (a, b) = (konst(arg(0, self)?)?, konst(arg(1, self)?)?);
                let p = CmpI(op).predicate(m)?;
                compare(p, a, b).map(|x| Affine::constant(x as i64))
            }
            Some(OpKind::Select) => {
                let c = konst(arg(0, self)?)?;
                arg(if c != 0 { 1 } else { 2 }, self)
            }
            _ => {
                let (a, b) = (konst(arg(0, self)?)?, konst(arg(1, self)?)?);
                fold_binary(kind?, a, b).map(Affine::constant)
            }
        }
    }

    /// The object a pointer names in iteration `env`: the `alloc_shared` (or a value from
    /// outside the loop) it is reached from, and the byte offset.
    pub(super) fn pointer(&mut self, v: Value, l: Op, env: &Env) -> Option<Key> {
        let m = self.m;
        let mut off = Affine::constant(0);
        let mut cur = v;
        for _ in 0..64 {
            let Some(op) = m.defining_op(cur) else {
                return Some((cur, off));
            };
            if let Some(g) = Gep::cast(m, op) {
                let elem = g.elem_bytes(m).unwrap_or(1);
                let i = self.value(*m.operands(op).get(1)?, l, env, 0)?;
                off = off.add_scaled(&i, elem);
                cur = m.operands(op)[0];
            } else if Mapa::is(m, op) {
                cur = m.operands(op)[0];
            } else {
                return Some((cur, off));
            }
        }
        None
    }

    /// The block-argument values of every iteration `0..n` of `l` (induction variable first,
    /// then the carried values).
    pub(super) fn envs(&mut self, l: &Looped, n: i64) -> Vec<Env> {
        let m = self.m;
        let inits: Env = m.operands(l.op)[3..]
            .iter()
            .map(|&v| konst(self.forms.of(m, v)))
            .collect();
        let body = m.regions(l.op).first().and_then(|&r| m.entry_block(r));
        let yields: Vec<Value> = body
            .and_then(|b| m.last_op(b))
            .map(|y| m.operands(y).to_vec())
            .unwrap_or_default();
        let mut out = Vec::with_capacity(n as usize);
        let mut carried = inits;
        for i in 0..n {
            let mut env = vec![Some(l.lb + i * l.step)];
            env.extend(carried.iter().copied());
            carried = (0..carried.len())
                .map(|t| {
                    let y = *yields.get(t)?;
                    konst(self.value(y, l.op, &env, 0)?)
                })
                .collect();
            out.push(env);
        }
        out
    }
}

pub(super) fn konst(a: Affine) -> Option<i64> {
    a.terms.is_empty().then_some(a.konst)
}

/// The pointer operands of a busy op.
fn pointers(m: &Module, op: Op) -> Vec<Value> {
    m.operands(op)
        .iter()
        .copied()
        .filter(|&v| tilec_dialects::nv_tileas::verify::ptr_space(m, m.value_type(v)).is_some())
        .collect()
}

/// The period of the addresses the group's bodies use: the least `p ≤ MAX_PERIOD` with every
/// address either the same in iterations `i` and `i + p`, or moving by a constant stride
/// (then no two iterations repeat an address they would need a longer distance to meet);
/// None when some address is neither.
fn period(ev: &mut Eval, ops: &[(Looped, Vec<Op>)]) -> Option<i64> {
    let w = 2 * MAX_PERIOD;
    let n = w + 2 * MAX_PERIOD + 1;
    let mut tracks: Vec<Vec<Affine>> = Vec::new();
    for (l, body) in ops {
        let envs = ev.envs(l, n);
        for &op in body {
            // The addresses, and the conditions of the `if`s (the copies fold a constant one).
            let mut values: Vec<(Value, bool)> =
                pointers(ev.m, op).into_iter().map(|p| (p, true)).collect();
            if If::is(ev.m, op) {
                values.extend(ev.m.operands(op).first().map(|&c| (c, false)));
            }
            for (v, is_ptr) in values {
                let at = |ev: &mut Eval, e: &Env| {
                    if is_ptr {
                        ev.pointer(v, l.op, e).map(|x| x.1)
                    } else {
                        ev.value(v, l.op, e, 0)
                    }
                };
                let t: Option<Vec<Affine>> = envs.iter().map(|e| at(ev, e)).collect();
                // An address the arithmetic cannot follow is a different opaque value in every
                // copy: conservatively "may overlap" at every distance checked (and a condition
                // it cannot follow is not folded).
                let Some(t) = t else { continue };
                // What holds on the iterations looked at must hold far beyond them, where the
                // value depends on the induction variable alone: a threshold (`i < 100`) later
                // than the copies would make them unrepresentative.
                if !far_alike(ev, l, &t, w, &at, is_ptr) {
                    return None;
                }
                tracks.push(t);
            }
        }
    }
    let linear = |t: &Vec<Affine>| {
        let d = t[1].add_scaled(&t[0], -1);
        t.windows(2).all(|x| x[1].add_scaled(&x[0], -1) == d)
    };
    let periodic =
        |t: &Vec<Affine>, p: i64| (w..w + MAX_PERIOD).all(|i| t[i as usize] == t[(i + p) as usize]);
    let nonlinear: Vec<&Vec<Affine>> = tracks.iter().filter(|t| !linear(t)).collect();
    (1..=MAX_PERIOD).find(|&p| nonlinear.iter().all(|t| periodic(t, p)))
}

/// An iteration far beyond the copies, a multiple of every period up to [`MAX_PERIOD`]
/// (lcm(1..16) = 720720).
pub(super) const FAR: i64 = 4 * 720_720;

/// The block-argument values of iteration `n` of `l` with only the induction variable known
/// (the carried values are not followed that far).
pub(super) fn induction_only(m: &Module, l: &Looped, n: i64) -> Env {
    let carried = m.operands(l.op).len().saturating_sub(3);
    let mut env = vec![Some(l.lb + n * l.step)];
    env.extend(std::iter::repeat_n(None, carried));
    env
}

/// Does the track `t` (values over iterations `0..`) continue at iteration `FAR + w + j` as at
/// `w + j` (periodic or constant) or by its stride (linear)? Only the induction variable is set
/// there (carried values are not followed that far): an address that needs them passes, a
/// condition does not.
fn far_alike(
    ev: &mut Eval,
    l: &Looped,
    t: &[Affine],
    w: i64,
    at: &dyn Fn(&mut Eval, &Env) -> Option<Affine>,
    is_ptr: bool,
) -> bool {
    let d = t[1].add_scaled(&t[0], -1);
    let linear = t.windows(2).all(|x| x[1].add_scaled(&x[0], -1) == d);
    (0..MAX_PERIOD).all(|j| {
        let i = FAR + w + j;
        let env = induction_only(ev.m, l, i);
        match at(ev, &env) {
            // A condition must be followed that far (a counter carried by the loop could cross
            // a threshold later); an address that needs carried values is taken as periodic.
            None => is_ptr,
            Some(v) if linear => v == t[0].add_scaled(&d, i),
            Some(v) => v == t[(w + j) as usize],
        }
    })
}

/// Same bounds and step: the loops run in step.
fn in_step(m: &Module, forms: &mut Forms, a: &Looped, b: &Looped) -> bool {
    a.lb == b.lb && a.step == b.step && {
        let (ua, ub) = (m.operands(a.op)[1], m.operands(b.op)[1]);
        ua == ub || forms.of(m, ua) == forms.of(m, ub)
    }
}

/// One group of loops to model: their bodies and the windows of iterations copied,
/// `(first, count)`.
pub(super) struct Planned {
    pub(super) bodies: Vec<(Looped, Vec<Op>)>,
    pub(super) windows: Vec<(i64, i64)>,
    /// The period of the addresses and conditions (None: the loop is copied whole).
    pub(super) period: Option<i64>,
}

impl Planned {
    /// How many iterations the phase count runs.
    fn span(&self) -> i64 {
        self.windows.iter().map(|w| w.0 + w.1).max().unwrap_or(0)
    }
}

/// The first iteration of the steady-state window.
const STEADY: i64 = 4 * MAX_PERIOD;

/// The groups of loops of kernel `k` the checker models (within the copy budget).
fn plan(m: &Module, k: Op, forms: &mut Forms) -> Vec<Planned> {
    // A loop that initializes mbarriers (a constant init loop over the ring's slots) is not part
    // of the rings that use them, even with the same bounds.
    let inits = |l: &Looped| {
        let mut v = Vec::new();
        nested(m, l.op, &mut v);
        v.iter().any(|&o| MbarrierInit::is(m, o))
    };
    let mut groups: Vec<(bool, Vec<Looped>)> = Vec::new();
    for l in candidates(m, k, forms) {
        let init = inits(&l);
        match groups
            .iter_mut()
            .find(|g| g.0 == init && in_step(m, forms, &g.1[0], &l))
        {
            Some(g) => g.1.push(l),
            None => groups.push((init, vec![l])),
        }
    }
    let mut budget = MAX_COPIED;
    let mut out = Vec::new();
    for (_, g) in groups {
        let bodies: Vec<(Looped, Vec<Op>)> = g
            .iter()
            .map(|l| {
                let mut v = Vec::new();
                nested(m, l.op, &mut v);
                (*l, v)
            })
            .collect();
        let mut ev = Eval { m, forms };
        // Each window holds 2P iterations, so that every slot meets its pair at each distance
        // 0..P; the first one stands for the loop's start (what comes before it), the second for
        // its steady state.
        let (windows, p) = match g[0].trip {
            Some(t) if t <= MAX_FULL => (vec![(0, t)], None),
            _ => match period(&mut ev, &bodies) {
                Some(p) => (vec![(0, 2 * p), (STEADY, 2 * p)], Some(p)),
                None => continue,
            },
        };
        let size: usize = bodies.iter().map(|b| b.1.len()).sum();
        let copies: i64 = windows.iter().map(|w| w.1).sum();
        let cost = size.saturating_mul(copies as usize);
        if cost > budget {
            continue;
        }
        budget -= cost;
        out.push(Planned {
            bodies,
            windows,
            period: p,
        });
    }
    out
}

/// The `for` ops of kernel `k` that [`unroll`] models and whose loop-carried handoffs the
/// checker follows well enough to vouch for weakening a sync op inside them: not those that
/// hold a strong (flag) access other than a followed flag's ([`super::rounds`]): the checker
/// takes such a flag to synchronize with nothing, and the kernel's author knows better.
pub fn modeled_loops(m: &Module, k: Op) -> FxHashSet<Op> {
    modeled_periods(m, k).into_keys().collect()
}

/// The loops of [`modeled_loops`] with the period of their steady state (a ring of `N` slots
/// indexed `i mod N`: `N`; None for a loop copied whole).
pub fn modeled_periods(m: &Module, k: Op) -> FxHashMap<Op, Option<i64>> {
    modeled_and_followed(m, k).0
}

/// [`modeled_periods`] and [`followed_flags`] from one planning of the loops.
pub fn modeled_and_followed(m: &Module, k: Op) -> (FxHashMap<Op, Option<i64>>, Followed) {
    let mut forms = Forms::default();
    let planned = plan(m, k, &mut forms);
    let followed = followed_of(m, k, &planned, &mut forms)
        .map(|f| f.0)
        .unwrap_or_default();
    let counted = |o: Op| followed.owns(o);
    let mut out = FxHashMap::default();
    for g in planned {
        let modeled = g.bodies.iter().filter(|b| {
            !b.1.iter()
                .any(|&o| super::model::strong_access(m, o) && !counted(o))
        });
        out.extend(modeled.map(|b| (b.0.op, g.period)));
    }
    (out, followed)
}

/// The flags of kernel `k` followed by value ([`super::rounds`]), in the loops the checker
/// models.
pub fn followed_flags(m: &Module, k: Op) -> Followed {
    let mut forms = Forms::default();
    let planned = plan(m, k, &mut forms);
    followed_of(m, k, &planned, &mut forms)
        .map(|f| f.0)
        .unwrap_or_default()
}

fn followed_of(
    m: &Module,
    k: Op,
    planned: &[Planned],
    forms: &mut Forms,
) -> Option<(Followed, u32)> {
    let loops: Vec<Looped> = planned
        .iter()
        .flat_map(|g| g.bodies.iter().map(|b| b.0))
        .collect();
    super::rounds::detect(m, k, &loops, forms)
}

/// The `for` loops of kernel `k` that the checker would model if it could: a body that touches
/// memory or synchronizes, constant lower bound and positive step.
pub fn busy_loops(m: &Module, k: Op) -> FxHashSet<Op> {
    let mut forms = Forms::default();
    candidates(m, k, &mut forms).iter().map(|l| l.op).collect()
}

/// The kernel `k` of `m` with its modeled loops copied out, or None when it has no loop to
/// model.
pub fn unroll(m: &Module, k: Op) -> Option<Unrolled> {
    let mut forms = Forms::default();
    let planned = plan(m, k, &mut forms);
    if planned.is_empty() {
        return None;
    }
    let mut order = FxHashMap::default();
    let mut all = Vec::new();
    nested(m, k, &mut all);
    for (i, &o) in all.iter().enumerate() {
        order.insert(o, i);
    }
    let threads = Kernel(k).num_threads(m).max(1);
    let mut ph = Phases::default();
    let mut direct = Vec::new();
    for g in &planned {
        let mut ev = Eval {
            m,
            forms: &mut forms,
        };
        let mut count = Count::new(&mut ev, k, threads);
        count.in_loops(g, g.span());
        count.outside(g, &order, &planned);
        let (p, d) = count.phases();
        for (key, v) in p {
            merge(ph.entry(key).or_insert(v), v, key.0);
        }
        direct.extend(d);
    }
    let followed = followed_of(m, k, &planned, &mut forms);
    let mut u = Unrolled {
        m: m.clone(),
        origin: FxHashMap::default(),
        iteration: FxHashMap::default(),
        phase: FxHashMap::default(),
        rounds: None,
        broadcast: super::slots::broadcast_loads(m, k),
    };
    for (gi, g) in planned.iter().enumerate() {
        let mut ev = Eval {
            m,
            forms: &mut forms,
        };
        for (l, _) in &g.bodies {
            let envs = ev.envs(l, g.span());
            copy_loop(&mut u, l, &envs, &g.windows, gi as u32, &ph);
        }
    }
    for (op, p) in direct {
        merge(u.phase.entry(op).or_insert(p), p, op);
    }
    u.rounds = followed.and_then(|(f, grid)| {
        let r = Rounds::new(&f, &u, grid)?;
        Some(Box::new((f, r)))
    });
    Some(u)
}

/// Replaces the body of `l` in `u.m` by one copy per iteration of each window, recording each
/// copied op's original, iteration and phase.
fn copy_loop(
    u: &mut Unrolled,
    l: &Looped,
    envs: &[Env],
    windows: &[(i64, i64)],
    group: u32,
    ph: &Phases,
) {
    let Unrolled {
        m,
        origin,
        iteration,
        phase,
        ..
    } = u;
    let Some(body) = m.regions(l.op).first().and_then(|&r| m.entry_block(r)) else {
        return;
    };
    let args = m.block_args(body).to_vec();
    let ops: Vec<Op> = m.block_ops(body).collect();
    let Some((&yield_op, ops)) = ops.split_last() else {
        return;
    };
    for &o in ops {
        m.detach(o);
    }
    m.detach(yield_op);
    let yields = m.operands(yield_op).to_vec();
    let uniform = m.operands(l.op)[..3]
        .iter()
        .all(|&v| uniform(m, v, Uniform::Grid));
    let mut carried: Vec<Value> = args[1..].to_vec();
    for (w, &(first, count)) in windows.iter().enumerate() {
        // A window starts from the loop's own (opaque) carried values.
        carried = args[1..].to_vec();
        for i in first..first + count {
            let env = &envs[i as usize];
            let mut map: FxHashMap<Value, Value> = FxHashMap::default();
            for (a, &arg) in args.iter().enumerate() {
                let v = match env.get(a).copied().flatten() {
                    Some(c) => constant(m, body, arg, c),
                    None if a == 0 => arg,
                    None => carried[a - 1],
                };
                map.insert(arg, v);
            }
            let it = Iteration {
                group,
                k: i,
                window: w as u8,
                uniform,
            };
            for &o in ops {
                let c = m.clone_op(o, &mut map);
                m.append_op(body, c);
                let mut pairs = vec![(o, c)];
                lockstep(m, o, c, &mut pairs);
                for (o, c) in pairs {
                    origin.insert(c, o);
                    iteration.insert(c, it);
                    if let Some(p) = ph.get(&(o, i)) {
                        phase.insert(c, *p);
                    } else if OpKind::of(m, o).and_then(edge_op).is_some() {
                        phase.insert(c, Phase::Alone(c));
                    }
                }
            }
            carried = yields.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        }
    }
    m.set_operands(yield_op, &carried);
    m.append_op(body, yield_op);
}

/// The pairs (original, copy) of the ops nested in `o` and its copy `c`.
fn lockstep(m: &Module, o: Op, c: Op, out: &mut Vec<(Op, Op)>) {
    for (&ro, &rc) in m.regions(o).iter().zip(m.regions(c)) {
        for (&bo, &bc) in m.region_blocks(ro).iter().zip(m.region_blocks(rc)) {
            for (x, y) in m.block_ops(bo).zip(m.block_ops(bc)) {
                out.push((x, y));
                lockstep(m, x, y, out);
            }
        }
    }
}

/// A constant of `like`'s type with value `c`, appended to `block`.
fn constant(m: &mut Module, block: tilec_ir::Block, like: Value, c: i64) -> Value {
    let ty = m.value_type(like);
    let value = m.attr(AttrData::Int { value: c, ty });
    let attrs = m.dict(&[(sym!(Constant::VALUE), value)]);
    let op = m.create_op(OpSpec {
        name: Constant::name_sym(),
        operands: Vec::new(),
        results: vec![ty],
        attrs,
        regions: 0,
        successors: Vec::new(),
        loc: m.value_loc(like),
    });
    m.append_op(block, op);
    m.result(op, 0)
}
