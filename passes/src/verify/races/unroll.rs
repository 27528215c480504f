//! Loops in the race model (SYNC-MODEL §3.1): the checker sees a loop's steady state by
//! checking consecutive iterations together.
//!
//! A `for` whose body synchronizes or touches memory is *modeled*: in a scratch copy of the
//! module its body is replaced by copies of the body for iterations `j0, j0+1, …, j0+P` (the
//! induction variable and every carried value the loop computes from constants become
//! constants), so the pairwise checks of [`super::handoff`] see every handoff between iteration
//! `i` and `i+d` for `d ≤ P`, both RAW and the write-after-read reuse of a slot. `P` is the
//! period of the addresses the body uses (a ring of `N` slots indexed `i mod N` has `P = N`):
//! a conflict at a distance `d > P` repeats one at `d - P`, and the synchronization of the
//! nearer one orders the farther one too (it ends in an acquire that comes before, in program
//! order, the farther access). A loop with a constant trip count of at most [`MAX_FULL`] is
//! copied whole, with its real iterations.
//!
//! mbarrier phases. A wait on parity `p` completes with the latest phase of that parity, so
//! which arrivals it synchronizes with depends on how many phases completed before it. The
//! copies carry, for every mbarrier op, the phase it arrives on or waits for, found by running
//! the loop's slot and parity arithmetic over the iterations `0 … j0+P`: each iteration whose
//! arrivals on an object add up to its init count completes one phase of it. An arrive and a
//! wait connect only on the same phase. Where that cannot be shown — an arrival outside the
//! loops, a count that is not the init count, a slot or parity the arithmetic cannot evaluate —
//! the op's phase is [`Phase::Alone`] and it connects to nothing: the checker stays
//! conservative (it may reject a correct loop, never accept a racy one).
//!
//! Loops that run in step (the same bounds and step: a producer warp's loop and a consumer
//! warp's loop) are one *group*: their copies stand for the same iterations, and their phases
//! are counted together.

use super::affine::{compare, fold_binary, uniform, Affine, Forms, Uniform};
use super::model::short;
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_ir::{sym, AttrData, Module, Op, OpSpec, Value, ValueDef};

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
    /// The group of loops running in step (index into [`Unrolled::groups`]).
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
    /// The modeled `for` ops (of the original module).
    pub modeled: FxHashSet<Op>,
    /// Per group: the windows of iterations copied, `(first, count)`.
    pub groups: Vec<Vec<(i64, i64)>>,
}

impl Unrolled {
    /// The original of a (possibly copied) op.
    pub fn original(&self, op: Op) -> Op {
        self.origin.get(&op).copied().unwrap_or(op)
    }
}

/// Ops whose position inside a loop makes the loop worth modeling.
fn busy(s: &str) -> bool {
    matches!(
        s,
        "ld" | "st"
            | "atom"
            | "red"
            | "st_async"
            | "red_async"
            | "fence"
            | "fence_proxy_async"
            | "barrier"
            | "barrier_arrive"
            | "cluster_arrive"
            | "cluster_wait"
            | "bulk_copy_g2s"
            | "bulk_copy_s2g"
            | "wgmma_mma"
    ) || s.starts_with("mbarrier_")
        || s.starts_with("tcgen05_")
}

/// Every op nested in `op` (not `op` itself), in pre-order.
fn nested(m: &Module, op: Op, out: &mut Vec<Op>) {
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
struct Looped {
    op: Op,
    lb: i64,
    step: i64,
    trip: Option<i64>,
}

/// The outermost `for` ops under `k` whose bodies are busy, with constant lb and step > 0.
fn candidates(m: &Module, k: Op, forms: &mut Forms) -> Vec<Looped> {
    let mut out = Vec::new();
    let mut stack: Vec<Op> = Vec::new();
    for &r in m.regions(k) {
        for &b in m.region_blocks(r) {
            stack.extend(m.block_ops(b).collect::<Vec<_>>().into_iter().rev());
        }
    }
    while let Some(op) = stack.pop() {
        let mut inner = Vec::new();
        nested(m, op, &mut inner);
        if short(m, op) == "for" && inner.iter().any(|&o| busy(short(m, o))) {
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
        for &r in m.regions(op) {
            for &b in m.region_blocks(r) {
                stack.extend(m.block_ops(b).collect::<Vec<_>>().into_iter().rev());
            }
        }
    }
    out
}

/// Values of a loop's block arguments in one iteration (None: not computable).
type Env = Vec<Option<i64>>;

/// Evaluates the integer arithmetic of a loop body for given iterations.
struct Eval<'a> {
    m: &'a Module,
    forms: &'a mut Forms,
}

impl Eval<'_> {
    /// Is `op` nested (at any depth) in `l`?
    fn inside(&self, mut op: Op, l: Op) -> bool {
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
    fn value(&mut self, v: Value, l: Op, env: &Env, depth: u32) -> Option<Affine> {
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
        let s = short(m, op);
        let ops = m.operands(op);
        let arg = |i: usize, e: &mut Self| e.value(*ops.get(i)?, l, env, depth + 1);
        match s {
            "constant" => match m.get_attr(op, sym!("value")) {
                Some(AttrData::Int { value, .. }) => Some(Affine::constant(*value)),
                _ => None,
            },
            "thread_id" | "block_id" | "cluster_ctarank" | "lane_id" | "warp_id" => {
                Some(self.forms.of(m, v))
            }
            "addi" | "subi" => {
                let (a, b) = (arg(0, self)?, arg(1, self)?);
                Some(a.add_scaled(&b, if s == "addi" { 1 } else { -1 }))
            }
            "muli" => {
                let (a, b) = (arg(0, self)?, arg(1, self)?);
                match (a.terms.is_empty(), b.terms.is_empty()) {
                    (true, _) => Some(b.scale(a.konst)),
                    (_, true) => Some(a.scale(b.konst)),
                    _ => None,
                }
            }
            "cmpi" => {
                let (a, b) = (konst(arg(0, self)?)?, konst(arg(1, self)?)?);
                let p: String = m.attr_as(op, sym!("predicate"))?;
                compare(&p, a, b).map(|x| Affine::constant(x as i64))
            }
            "select" => {
                let c = konst(arg(0, self)?)?;
                arg(if c != 0 { 1 } else { 2 }, self)
            }
            _ => {
                let (a, b) = (konst(arg(0, self)?)?, konst(arg(1, self)?)?);
                fold_binary(s, a, b).map(Affine::constant)
            }
        }
    }

    /// The object a pointer names in iteration `env`: the `alloc_shared` (or a value from
    /// outside the loop) it is reached from, and the byte offset.
    fn pointer(&mut self, v: Value, l: Op, env: &Env) -> Option<Key> {
        let m = self.m;
        let mut off = Affine::constant(0);
        let mut cur = v;
        for _ in 0..64 {
            let Some(op) = m.defining_op(cur) else {
                return Some((cur, off));
            };
            match short(m, op) {
                "gep" => {
                    let elem = m.attr_as::<i64>(op, sym!("elem_bytes")).unwrap_or(1);
                    let i = self.value(*m.operands(op).get(1)?, l, env, 0)?;
                    off = off.add_scaled(&i, elem);
                    cur = m.operands(op)[0];
                }
                "mapa" => cur = m.operands(op)[0],
                _ => return Some((cur, off)),
            }
        }
        None
    }

    /// The block-argument values of every iteration `0..n` of `l` (induction variable first,
    /// then the carried values).
    fn envs(&mut self, l: &Looped, n: i64) -> Vec<Env> {
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

fn konst(a: Affine) -> Option<i64> {
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
            if short(ev.m, op) == "if" {
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
const FAR: i64 = 4 * 720_720;

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
    let carried = ev.m.operands(l.op).len().saturating_sub(3);
    let d = t[1].add_scaled(&t[0], -1);
    let linear = t.windows(2).all(|x| x[1].add_scaled(&x[0], -1) == d);
    (0..MAX_PERIOD).all(|j| {
        let i = FAR + w + j;
        let mut env = vec![Some(l.lb + i * l.step)];
        env.extend(std::iter::repeat_n(None, carried));
        match at(ev, &env) {
            // A condition must be followed that far (a counter carried by the loop could cross
            // a threshold later); an address that needs carried values is taken as periodic.
            None => is_ptr,
            Some(v) if linear => v == t[0].add_scaled(&d, i),
            Some(v) => v == t[(w + j) as usize],
        }
    })
}

/// Is `cond` the guard of a loop's tail, `i + c < ub` (c ≥ 0) with `ub` the loop's own bound?
/// An op under it runs in every iteration whose `i + c`-th iteration exists: the arrivals of a
/// prefetch (the copy for round `i + c`) are there whenever the wait they complete is.
fn tail_guard(ev: &mut Eval, cond: Value, l: &Looped) -> bool {
    let m = ev.m;
    let Some(c) = m.defining_op(cond).filter(|&c| short(m, c) == "cmpi") else {
        return false;
    };
    let p: Option<String> = m.attr_as(c, sym!("predicate"));
    let (a, b) = (m.operands(c)[0], m.operands(c)[1]);
    let (lhs, rhs) = match p.as_deref() {
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
fn threads(ev: &mut Eval, op: Op, l: &Looped, all: i64) -> Option<i64> {
    let m = ev.m;
    let mut n = all;
    let mut cur = op;
    let mut in_loop = true;
    while let Some(p) = m.parent_op(cur) {
        if p == l.op {
            in_loop = false;
        }
        match short(m, p) {
            "elect" => n = n.min(1),
            "warp_role" => {
                let w: Vec<i32> = m.attr_as(p, sym!("warps")).unwrap_or_default();
                if let [a, b] = w[..] {
                    n = n.min(32 * i64::from(b.max(a) - a));
                }
            }
            "if" if !in_loop && uniform(m, m.operands(p)[0], Uniform::Cta) => {}
            "if" if in_loop && tail_guard(ev, m.operands(p)[0], l) => {}
            "kernel" => return Some(n),
            _ if p == l.op => {}
            _ => return None,
        }
        cur = p;
    }
    Some(n)
}

/// An mbarrier object: the allocation (or outside value) a pointer comes from, and the offset.
type Key = (Value, Affine);

/// Phase of an mbarrier op (original) in an iteration of its loop (0 outside loops).
type Phases = FxHashMap<(Op, i64), Phase>;

/// The operand index of the mbarrier object of an op that arrives on, completes bytes on or
/// waits on one (None for other ops).
fn edge_op(s: &str) -> Option<usize> {
    match s {
        "st_async" | "red_async" | "bulk_copy_g2s" => Some(2),
        "mbarrier_arrive"
        | "mbarrier_arrive_drop"
        | "mbarrier_complete_tx"
        | "mbarrier_expect_tx"
        | "mbarrier_wait"
        | "mbarrier_try_wait"
        | "mbarrier_test_wait"
        | "tcgen05_commit" => Some(0),
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

fn role(s: &str) -> Option<Role> {
    match s {
        "mbarrier_arrive" | "mbarrier_arrive_drop" | "tcgen05_commit" => Some(Role::Arrive),
        "mbarrier_complete_tx" | "st_async" | "red_async" | "bulk_copy_g2s" => Some(Role::Tx),
        "mbarrier_wait" | "mbarrier_try_wait" | "mbarrier_test_wait" => Some(Role::Wait),
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
struct Count<'e, 'a> {
    ev: &'e mut Eval<'a>,
    k: Op,
    all: i64,
    events: Vec<Event>,
    /// Allocations whose phases cannot be counted.
    bad: FxHashSet<Value>,
}

impl Count<'_, '_> {
    /// The events of the loops of `g` in iterations `0..n`.
    fn in_loops(&mut self, g: &Planned, n: i64) {
        let m = self.ev.m;
        for (l, body) in &g.bodies {
            let envs = self.ev.envs(l, n);
            for &op in body {
                let s = short(m, op);
                let (Some(idx), Some(r)) = (edge_op(s), role(s)) else {
                    if matches!(s, "mbarrier_init" | "mbarrier_inval") {
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
    fn outside(&mut self, g: &Planned, order: &FxHashMap<Op, usize>, planned: &[Planned]) {
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
            let s = short(m, op);
            let (Some(idx), Some(r)) = (edge_op(s), role(s)) else {
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
            match short(m, p) {
                "elect" | "warp_role" => {}
                "kernel" => return true,
                "for" => {
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
        for op in all.into_iter().filter(|&o| short(m, o) == "mbarrier_init") {
            let (Some(&p), c) = (m.operands(op).first(), m.operands(op).get(1)) else {
                continue;
            };
            let c = c.and_then(|&v| konst(self.ev.forms.of(m, v)));
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
    fn phases(mut self) -> (Phases, Vec<(Op, Phase)>) {
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
        let mut cur = op;
        while let Some(p) = m.parent_op(cur) {
            if short(m, p) == "for" {
                return true;
            }
            cur = p;
        }
        false
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
fn alloc_of(m: &Module, mut v: Value) -> Option<Value> {
    for _ in 0..64 {
        let op = m.defining_op(v)?;
        match short(m, op) {
            "alloc_shared" => return Some(v),
            "gep" | "mapa" => v = m.operands(op)[0],
            _ => return None,
        }
    }
    None
}

fn alloc_value(m: &Module, v: Value) -> Value {
    alloc_of(m, v).unwrap_or(v)
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
struct Planned {
    bodies: Vec<(Looped, Vec<Op>)>,
    windows: Vec<(i64, i64)>,
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
    let mut groups: Vec<Vec<Looped>> = Vec::new();
    for l in candidates(m, k, forms) {
        // A loop that initializes mbarriers (a constant init loop over the ring's slots) is not
        // part of the rings that use them, even with the same bounds.
        let init = |l: &Looped| {
            let mut v = Vec::new();
            nested(m, l.op, &mut v);
            v.iter().any(|&o| short(m, o) == "mbarrier_init")
        };
        match groups
            .iter_mut()
            .find(|g| init(&g[0]) == init(&l) && in_step(m, forms, &g[0], &l))
        {
            Some(g) => g.push(l),
            None => groups.push(vec![l]),
        }
    }
    let mut budget = MAX_COPIED;
    let mut out = Vec::new();
    for g in groups {
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
        let windows = match g[0].trip {
            Some(t) if t <= MAX_FULL => vec![(0, t)],
            _ => match period(&mut ev, &bodies) {
                Some(p) => vec![(0, 2 * p), (STEADY, 2 * p)],
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
        out.push(Planned { bodies, windows });
    }
    out
}

/// The `for` ops of kernel `k` that [`unroll`] models and whose loop-carried handoffs the
/// checker follows well enough to vouch for weakening a sync op inside them: not those that
/// hold a strong (flag) access. A flag's value is not followed (docs/verify-races.md), so a
/// flag released in one round connects with a spin of any round, also one that in fact waits
/// for another round's value (a ping-pong's spin waits for the previous round's answer): a path
/// through such an edge is no proof.
pub fn modeled_loops(m: &Module, k: Op) -> FxHashSet<Op> {
    let mut forms = Forms::default();
    let strong = |o: Op| {
        matches!(short(m, o), "ld" | "st" | "atom" | "red")
            && m.attr_as::<tilec_ir::MemSemantic>(o, sym!("mem_semantic"))
                .is_some_and(|s| s != tilec_ir::MemSemantic::Weak)
    };
    plan(m, k, &mut forms)
        .iter()
        .flat_map(|g| g.bodies.iter())
        .filter(|b| !b.1.iter().any(|&o| strong(o)))
        .map(|b| b.0.op)
        .collect()
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
    let threads = m
        .attr_as::<i64>(k, sym!("num_threads"))
        .unwrap_or(128)
        .max(1);
    let mut ph = Phases::default();
    let mut direct = Vec::new();
    for g in &planned {
        let mut ev = Eval {
            m,
            forms: &mut forms,
        };
        let mut count = Count {
            ev: &mut ev,
            k,
            all: threads,
            events: Vec::new(),
            bad: FxHashSet::default(),
        };
        count.in_loops(g, g.span());
        count.outside(g, &order, &planned);
        let (p, d) = count.phases();
        for (key, v) in p {
            merge(ph.entry(key).or_insert(v), v, key.0);
        }
        direct.extend(d);
    }
    let mut u = Unrolled {
        m: m.clone(),
        origin: FxHashMap::default(),
        iteration: FxHashMap::default(),
        phase: FxHashMap::default(),
        modeled: FxHashSet::default(),
        groups: Vec::new(),
    };
    for (gi, g) in planned.iter().enumerate() {
        let mut ev = Eval {
            m,
            forms: &mut forms,
        };
        for (l, _) in &g.bodies {
            let envs = ev.envs(l, g.span());
            copy_loop(&mut u, l, &envs, &g.windows, gi as u32, &ph);
            u.modeled.insert(l.op);
        }
        u.groups.push(g.windows.clone());
    }
    for (op, p) in direct {
        merge(u.phase.entry(op).or_insert(p), p, op);
    }
    Some(u)
}

/// Two groups' view of one op's phase: a group that counted the op's object with every arrival
/// it gets (the loop an op's prologue feeds) knows it where the op's own group, which sees
/// later arrivals it cannot count, does not; two different counts make it unknown.
fn merge(old: &mut Phase, new: Phase, op: Op) {
    *old = match (*old, new) {
        (Phase::Alone(_), Phase::Known(k)) => Phase::Known(k),
        (Phase::Known(a), Phase::Known(b)) if a != b => Phase::Alone(op),
        (o, _) => o,
    };
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
                    } else if edge_op(short(m, o)).is_some() {
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
    let attrs = m.dict(&[(sym!("value"), value)]);
    let op = m.create_op(OpSpec {
        name: sym!("nv_tileas.constant"),
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
