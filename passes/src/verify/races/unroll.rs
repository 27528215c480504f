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

use super::affine::{fold_binary, uniform, Affine, Forms, Uniform};
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
    /// The copy: iteration `base + k` of the group.
    pub k: i64,
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
    /// Per group: the first iteration copied, and whether every iteration was copied.
    pub groups: Vec<(i64, bool)>,
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

fn compare(p: &str, a: i64, b: i64) -> Option<bool> {
    let (ua, ub) = (a as u64, b as u64);
    Some(match p {
        "eq" => a == b,
        "ne" => a != b,
        "slt" | "lt" => a < b,
        "sle" | "le" => a <= b,
        "sgt" | "gt" => a > b,
        "sge" | "ge" => a >= b,
        "ult" | "lo" => ua < ub,
        "ule" | "ls" => ua <= ub,
        "ugt" | "hi" => ua > ub,
        "uge" | "hs" => ua >= ub,
        _ => return None,
    })
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
            for p in pointers(ev.m, op) {
                let t: Option<Vec<Affine>> = envs
                    .iter()
                    .map(|e| ev.pointer(p, l.op, e).map(|x| x.1))
                    .collect();
                // An address the arithmetic cannot follow is a different opaque value in every
                // copy: conservatively "may overlap" at every distance checked.
                if let Some(t) = t {
                    tracks.push(t);
                }
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

/// What the phase count needs of one object's arrivals.
#[derive(Default)]
struct Arrivals {
    /// (iteration, threads) of every arrival.
    at: Vec<(i64, Option<i64>)>,
    /// Iterations with a transaction completion (bulk copy, st_async, complete_tx).
    tx: Vec<i64>,
}

/// Threads of the CTA that run `op` once per iteration of `l`: 1 under `elect`, a warp range
/// under `warp_role`, all threads otherwise; None under a branch or loop that may run it a
/// different number of times.
fn threads(m: &Module, op: Op, l: Op, all: i64) -> Option<i64> {
    let mut n = all;
    let mut cur = op;
    let mut in_loop = true;
    while let Some(p) = m.parent_op(cur) {
        if p == l {
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
            "kernel" => return Some(n),
            _ if p == l => {}
            _ => return None,
        }
        cur = p;
    }
    Some(n)
}

/// The phases of the group's mbarrier ops, per iteration: op → iteration → phase.
/// An mbarrier object: the allocation (or outside value) a pointer comes from, and the offset.
type Key = (Value, Affine);

/// Phase of an mbarrier op (original) in an iteration.
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

fn phases(ev: &mut Eval, k: Op, group: &[(Looped, Vec<Op>)], n: i64) -> Phases {
    let m = ev.m;
    let all = m
        .attr_as::<i64>(k, sym!("num_threads"))
        .unwrap_or(128)
        .max(1);
    let loops: FxHashSet<Op> = group.iter().map(|g| g.0.op).collect();
    // Objects: (alloc value, offset); per alloc, whether its phases can be counted.
    let mut arr: FxHashMap<Key, Arrivals> = FxHashMap::default();
    let mut bad: FxHashSet<Value> = FxHashSet::default();
    let mut waits: Vec<(Op, i64, Key, Option<i64>)> = Vec::new();
    let mut events: Vec<(Op, i64, Key)> = Vec::new();
    for (l, body) in group {
        let envs = ev.envs(l, n);
        for &op in body {
            let s = short(m, op);
            let idx = match (s, edge_op(s)) {
                ("mbarrier_init" | "mbarrier_inval", _) => 0,
                ("mbarrier_expect_tx", _) => continue,
                (_, Some(i)) => i,
                _ => continue,
            };
            let Some(&p) = m.operands(op).get(idx) else {
                continue;
            };
            let th = threads(m, op, l.op, all);
            for (i, env) in envs.iter().enumerate() {
                let i = i as i64;
                let Some(key) = ev.pointer(p, l.op, env) else {
                    // An object the arithmetic cannot name: the whole buffer is unknown.
                    if let Some(a) = ev.pointer(p, l.op, &vec![None; env.len()]) {
                        bad.insert(a.0);
                    }
                    continue;
                };
                match s {
                    "mbarrier_init" | "mbarrier_inval" => {
                        bad.insert(key.0);
                    }
                    "mbarrier_wait" | "mbarrier_try_wait" | "mbarrier_test_wait" => {
                        let parity = m
                            .operands(op)
                            .get(1)
                            .and_then(|&v| ev.value(v, l.op, env, 0))
                            .and_then(konst);
                        waits.push((op, i, key, parity));
                    }
                    "mbarrier_arrive" | "mbarrier_arrive_drop" | "tcgen05_commit" => {
                        let e = arr.entry(key.clone()).or_default();
                        e.at.push((i, th));
                        events.push((op, i, key));
                    }
                    _ => {
                        arr.entry(key.clone()).or_default().tx.push(i);
                        events.push((op, i, key));
                    }
                }
            }
        }
    }
    // Arrivals outside the group's loops, and the init counts.
    let mut counts: FxHashMap<Value, FxHashSet<Option<i64>>> = FxHashMap::default();
    let mut outside = Vec::new();
    nested(m, k, &mut outside);
    for op in outside {
        let s = short(m, op);
        let in_group = loops.iter().any(|&l| ev.inside(op, l));
        let idx = match (s, edge_op(s)) {
            ("mbarrier_init", _) => 0,
            ("mbarrier_expect_tx" | "mbarrier_inval", _) => continue,
            (_, Some(i)) => i,
            _ => continue,
        };
        let Some(&p) = m.operands(op).get(idx) else {
            continue;
        };
        let Some(base) = alloc_of(m, p) else { continue };
        if s == "mbarrier_init" {
            let c = m
                .operands(op)
                .get(1)
                .and_then(|&v| konst(ev.forms.of(m, v)));
            counts.entry(base).or_default().insert(c);
        } else if !in_group && !s.contains("wait") {
            // An arrival or completion the count does not see shifts every later phase.
            bad.insert(base);
        }
    }
    // Count completions per object, iteration by iteration.
    let mut completed: FxHashMap<Key, Vec<i64>> = FxHashMap::default();
    for (key, a) in &arr {
        let count = counts
            .get(&alloc_of_value(m, key.0))
            .filter(|c| c.len() == 1)
            .and_then(|c| *c.iter().next().unwrap());
        let mut per: FxHashMap<i64, Option<i64>> = FxHashMap::default();
        for &(i, t) in &a.at {
            let e = per.entry(i).or_insert(Some(0));
            *e = e.and_then(|x| Some(x + t?));
        }
        let ok = a.tx.iter().all(|i| per.contains_key(i))
            && per.values().all(|&t| t.is_some() && t == count);
        if !ok || count.is_none() {
            bad.insert(key.0);
            continue;
        }
        let mut its: Vec<i64> = per.keys().copied().collect();
        its.sort_unstable();
        completed.insert(key.clone(), its);
    }
    let mut out = FxHashMap::default();
    let phase_of = |key: &Key, i: i64| -> Option<i64> {
        let its = completed.get(key)?;
        Some(its.partition_point(|&x| x < i) as i64)
    };
    for (op, i, key) in events {
        let ph = match (bad.contains(&key.0), phase_of(&key, i)) {
            (false, Some(p)) => Phase::Known(p),
            _ => Phase::Alone(op),
        };
        out.insert((op, i), ph);
    }
    for (op, i, key, parity) in waits {
        let ph = (|| {
            if bad.contains(&key.0) {
                return None;
            }
            let its = completed.get(&key)?;
            let parity = parity? & 1;
            // The latest completion at or before this iteration with the waited parity.
            let upto = its.partition_point(|&x| x <= i);
            (0..upto)
                .rev()
                .find(|&c| c as i64 & 1 == parity)
                .map(|c| c as i64)
        })();
        out.insert((op, i), ph.map_or(Phase::Alone(op), Phase::Known));
    }
    out
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

fn alloc_of_value(m: &Module, v: Value) -> Value {
    alloc_of(m, v).unwrap_or(v)
}

/// Same bounds and step: the loops run in step.
fn in_step(m: &Module, forms: &mut Forms, a: &Looped, b: &Looped) -> bool {
    a.lb == b.lb && a.step == b.step && {
        let (ua, ub) = (m.operands(a.op)[1], m.operands(b.op)[1]);
        ua == ub || forms.of(m, ua) == forms.of(m, ub)
    }
}

/// One group of loops to model: their bodies, the first iteration copied, how many copies.
struct Planned {
    bodies: Vec<(Looped, Vec<Op>)>,
    base: i64,
    copies: i64,
    whole: bool,
}

/// The groups of loops of kernel `k` the checker models (within the copy budget).
fn plan(m: &Module, k: Op, forms: &mut Forms) -> Vec<Planned> {
    let mut groups: Vec<Vec<Looped>> = Vec::new();
    for l in candidates(m, k, forms) {
        match groups.iter_mut().find(|g| in_step(m, forms, &g[0], &l)) {
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
        let (base, copies, whole) = match g[0].trip {
            Some(t) if t <= MAX_FULL => (0, t, true),
            _ => match period(&mut ev, &bodies) {
                Some(p) => (2 * MAX_PERIOD, p + 1, false),
                None => continue,
            },
        };
        let size: usize = bodies.iter().map(|b| b.1.len()).sum();
        let cost = size.saturating_mul(copies as usize);
        if cost > budget {
            continue;
        }
        budget -= cost;
        out.push(Planned {
            bodies,
            base,
            copies,
            whole,
        });
    }
    out
}

/// The `for` ops of kernel `k` that [`unroll`] models (the checker sees their loop-carried
/// handoffs).
pub fn modeled_loops(m: &Module, k: Op) -> FxHashSet<Op> {
    let mut forms = Forms::default();
    plan(m, k, &mut forms)
        .iter()
        .flat_map(|g| g.bodies.iter().map(|b| b.0.op))
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
    let mut u = Unrolled {
        m: m.clone(),
        origin: FxHashMap::default(),
        iteration: FxHashMap::default(),
        phase: FxHashMap::default(),
        modeled: FxHashSet::default(),
        groups: Vec::new(),
    };
    for g in planned {
        let mut ev = Eval {
            m,
            forms: &mut forms,
        };
        let n = g.base + g.copies;
        let ph = phases(&mut ev, k, &g.bodies, n);
        let gi = u.groups.len() as u32;
        u.groups.push((g.base, g.whole));
        for (l, _) in &g.bodies {
            let envs = ev.envs(l, n);
            copy_loop(&mut u, l, &envs[g.base as usize..], g.base, gi, &ph);
            u.modeled.insert(l.op);
        }
    }
    Some(u)
}

/// Replaces the body of `l` in `u.m` by one copy per iteration of `envs` (iterations
/// `base, base+1, …`), recording each copied op's original, iteration and phase.
fn copy_loop(u: &mut Unrolled, l: &Looped, envs: &[Env], base: i64, group: u32, ph: &Phases) {
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
    let mut carried: Vec<Value> = args[1..].to_vec();
    for (k, env) in envs.iter().enumerate() {
        let mut map: FxHashMap<Value, Value> = FxHashMap::default();
        for (i, &a) in args.iter().enumerate() {
            let v = match env.get(i).copied().flatten() {
                Some(c) => constant(m, body, a, c),
                None if i == 0 => a,
                None => carried[i - 1],
            };
            map.insert(a, v);
        }
        let it = Iteration { group, k: k as i64 };
        for &o in ops {
            let c = m.clone_op(o, &mut map);
            m.append_op(body, c);
            let mut pairs = vec![(o, c)];
            lockstep(m, o, c, &mut pairs);
            for (o, c) in pairs {
                origin.insert(c, o);
                iteration.insert(c, it);
                if let Some(p) = ph.get(&(o, base + k as i64)) {
                    phase.insert(c, *p);
                } else if edge_op(short(m, o)).is_some() {
                    phase.insert(c, Phase::Alone(c));
                }
            }
        }
        carried = yields.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
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
