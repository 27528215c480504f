//! Round counters: a global flag whose value counts the rounds of a loop, followed by value
//! (docs/verify-races.md, "Round counters"; SYNC-MODEL §3.1 / §6 P7 in a loop).
//!
//! A spin on a flag synchronizes with the one write it reads, not with every release of the
//! flag. In a loop the flag is released once per round, so the checker must know *which*
//! round's write a spin can exit on. This module recognizes the shape where it can tell: the
//! megakernel ping-pong, where the CTAs take turns and each turn spins for the previous turn's
//! value, then publishes its own.
//!
//! **The shape.** In a kernel with `grid_dims = [G, 1, 1]`, a flag `F` (a kernel parameter at a
//! constant offset) is written by exactly one op `W` (a release `st` at gpu or sys scope) in a
//! modeled `for` loop, and read strongly only by spins `while (F < t) {}` in the same loop. With
//! `n` the iteration and `b` the CTA's `block_id.x`, `W` writes `v(n, b) = α·n + β·b + γ`, and
//! each spin before it in the same iteration waits for `t(n, b) = v(n, b) − 1`, with `α > 0`,
//! `0 ≤ β·(G−1) < α` (every write has its own value) and `γ ≥ 1`. Each spin is an acquire (an
//! acquire load, or a relaxed one with an acquire fence after its loop in the same threads),
//! and is ordered before `W` in its CTA (the same single thread, or a CTA `barrier` between).
//! The flag holds at most `γ − 1` (the first round's threshold) at launch, and only this kernel
//! writes it while it runs: the launch contract, like `grid_dims`.
//!
//! **What follows.** A spin with threshold `t` exits on the write of value `t`, or on the launch
//! value when `t` is the first round's threshold: the write of `t + 1` is its own CTA's, after
//! it; and a write of a larger value `v` comes after a spin that waited for `v − 1 > t`, so the
//! first such write (in causality order) not after the spin would have to follow a write of a
//! value `> t` that is not after the spin either. A read never reads a write that follows it
//! in causality order (PTX ISA, Memory Consistency Model, axiom "Causality": communication
//! order cannot contradict causality order), and release → acquire is base causality (axiom
//! text: "synchronizes with"), so there is none. The write a spin reads is the one with
//! `α·n' + β·b' + γ = t(n, b)`: one `(n', b')`, found for each concrete pair of CTAs. The spins
//! sit under `elect`s only inside the loop (no `if`: a spin that might not run would let its
//! CTA's write go ahead unwaited), the loop under no other loop, and the CTAs that run the
//! loop are known (`if`s around it fold per CTA or do not depend on it): an edge reaches a
//! CTA only where the spin runs.
//!
//! The other flags followed by value are [`super::rising`] flags (one writer thread, rising
//! values). A flag released in a modeled loop whose values are not followed synchronizes with
//! nothing ([`Followed::owns`], `handoff::Search::step`).

use super::affine::Forms;
use super::affine::Var;
use super::model::{plain_barrier, strong_access, unwind};
use super::rising::{Rising, RisingCopies};
use super::sync::{acquire_form, fence_form, is_acquire, is_release, release_form};
use super::unroll::{induction_only, nested, Eval, Looped, Unrolled, FAR};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::views::{CmpI, Elect, For, If, Kernel, Ld, OpKind, St, While};
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView, Value, ValueDef};

/// The flags of a kernel whose values the checker follows (on the original kernel).
#[derive(Clone, Debug, Default)]
pub struct Followed {
    /// The round counter.
    pub counter: Option<Counter>,
    /// The rising flags.
    pub rising: Vec<Rising>,
}

impl Followed {
    /// No flag is followed.
    pub fn is_empty(&self) -> bool {
        self.counter.is_none() && self.rising.is_empty()
    }

    /// Is `op` the write or a spin of a followed flag?
    pub fn owns(&self, op: Op) -> bool {
        self.counter
            .as_ref()
            .is_some_and(|c| c.writer == op || c.spins.contains(&op))
            || self
                .rising
                .iter()
                .any(|r| r.writer == op || r.spins.iter().any(|s| s.op == op))
    }

    /// The ops whose forms the conclusions rely on: a change of one of them is judged by
    /// recognizing the flags again.
    pub fn pinned(&self) -> Vec<Op> {
        let mut out: Vec<Op> = self.counter.iter().flat_map(|c| c.pinned.clone()).collect();
        for r in &self.rising {
            out.push(r.writer);
            out.extend(r.spins.iter().map(|s| s.op));
        }
        out
    }

    /// The same flags with the same writes and spins.
    pub fn same(&self, other: &Followed) -> bool {
        let key = |c: &Option<Counter>| c.as_ref().map(|c| (c.writer, c.spins.clone()));
        key(&self.counter) == key(&other.counter) && self.rising == other.rising
    }
}

/// A recognized round counter (on the original kernel; see the module docs).
#[derive(Clone, Debug)]
pub struct Counter {
    /// The one write.
    pub writer: Op,
    /// The spin loads.
    pub spins: Vec<Op>,
    /// `v(n, b) = alpha·n + beta·b + gamma`.
    pub alpha: i64,
    /// See `alpha`.
    pub beta: i64,
    /// See `alpha`.
    pub gamma: i64,
    /// The ops whose forms the conclusion relies on: the write, the spins, their acquire
    /// fences. A change of any of them is judged by recognizing the counter again.
    pub pinned: Vec<Op>,
    /// The CTAs that run the loop (and so its spins).
    pub ctas: Vec<bool>,
}

/// The followed flags' ops in the copies of the unrolled kernel.
#[derive(Clone, Debug, Default)]
pub struct Rounds {
    /// CTAs in the grid.
    pub grid: u32,
    counter: Option<CounterCopies>,
    rising: Vec<RisingCopies>,
}

/// A round counter's ops in the copies.
#[derive(Clone, Debug, Default)]
struct CounterCopies {
    alpha: i64,
    beta: i64,
    ctas: Vec<bool>,
    /// (iteration, window) → the write's copy.
    writes: FxHashMap<(i64, u8), Op>,
    /// A spin's copy → its iteration and window.
    spins: FxHashMap<Op, (i64, u8)>,
    /// Copies of the write.
    writers: FxHashSet<Op>,
}

impl Rounds {
    /// The copies of the flags `f` in `u`, or None when no flag is followed.
    pub fn new(f: &Followed, u: &Unrolled, grid: u32) -> Option<Rounds> {
        if f.is_empty() {
            return None;
        }
        let counter = f.counter.as_ref().map(|c| {
            let mut r = CounterCopies {
                alpha: c.alpha,
                beta: c.beta,
                ctas: c.ctas.clone(),
                ..CounterCopies::default()
            };
            for (&copy, &orig) in &u.origin {
                let Some(it) = u.iteration.get(&copy) else {
                    continue;
                };
                if orig == c.writer {
                    r.writes.insert((it.k, it.window), copy);
                    r.writers.insert(copy);
                } else if c.spins.contains(&orig) {
                    r.spins.insert(copy, (it.k, it.window));
                }
            }
            r
        });
        let rising = f.rising.iter().map(|r| RisingCopies::new(r, u)).collect();
        Some(Rounds {
            grid,
            counter,
            rising,
        })
    }

    /// Is `op` a copy of a followed flag's spin or write (its edges are followed by value)?
    pub fn owns(&self, op: Op) -> bool {
        self.counter
            .as_ref()
            .is_some_and(|c| c.spins.contains_key(&op) || c.writers.contains(&op))
            || self.rising.iter().any(|r| r.owns(op))
    }

    /// The copies of the write of the flag the spin copy `q` spins on.
    pub fn writes_for(&self, q: Op) -> Vec<Op> {
        if let Some(r) = self.rising.iter().find(|r| r.owns(q)) {
            return r.writers().collect();
        }
        match &self.counter {
            Some(c) if c.spins.contains_key(&q) => c.writers.iter().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// The CTAs in which the spin copy `q` reads what the write copy `w` of CTA `from` wrote
    /// (for a round counter the one whose threshold is that write's value; for a rising flag
    /// those for which it is the first write the spin may exit on).
    pub fn readers(&self, w: Op, from: u32, q: Op) -> SmallVec<[u32; 2]> {
        if let Some(r) = self.rising.iter().find(|r| r.owns(q)) {
            return r.readers(w, from, q);
        }
        let mut out = SmallVec::new();
        let Some(c) = &self.counter else {
            return out;
        };
        let Some(&(n, win)) = c.spins.get(&q) else {
            return out;
        };
        out.extend((0..self.grid).find(|&b| {
            // t(n, b) = v(n, b) - 1 = v(n', from)  <=>  alpha·(n - n') = 1 - beta·(b - from).
            let d = 1 - c.beta * (b as i64 - from as i64);
            c.ctas[b as usize]
                && d % c.alpha == 0
                && c.writes.get(&(n - d / c.alpha, win)) == Some(&w)
        }));
        out
    }
}

/// The flags of kernel `k` followed by value (a round counter, rising flags), among the
/// modeled loops `loops`, with the grid's size; None without `grid_dims = [G, 1, 1]`.
pub(super) fn detect(
    m: &Module,
    k: Op,
    loops: &[Looped],
    forms: &mut super::affine::Forms,
) -> Option<(Followed, u32)> {
    let grid = match Kernel::cast(m, k)?.grid_dims(m)? {
        [g, 1, 1] if g >= 1 => g as u32,
        _ => return None,
    };
    // A flag is followed only in a loop (no list of the kernel's ops without one).
    if loops.is_empty() {
        return Some((Followed::default(), grid));
    }
    let mut all = Vec::new();
    nested(m, k, &mut all);
    let mut ev = Eval { m, forms };
    let mut f = Followed::default();
    for l in loops {
        for &w in all.iter().filter(|&&o| St::is(m, o) && strong_access(m, o)) {
            if !ev.inside(w, l.op) || f.owns(w) {
                continue;
            }
            if f.counter.is_none() {
                f.counter = counter(&mut ev, &all, l, w, grid);
                if f.owns(w) {
                    continue;
                }
            }
            let rising = super::rising::detect(&mut ev, &all, loops, l, w, grid);
            f.rising.extend(rising);
        }
    }
    Some((f, grid))
}

/// The counter written by `w` in loop `l`, if the shape holds.
fn counter(ev: &mut Eval, all: &[Op], l: &Looped, w: Op, grid: u32) -> Option<Counter> {
    let m = ev.m;
    let flag = param(m, ev.forms, *m.operands(w).first()?)?;
    let (rs, rscope) = release_form(m, w)?;
    if !is_release(rs) || rscope < MemScope::Gpu || !plain_path(m, w, l.op) || !top_loop(m, l.op) {
        return None;
    }
    let ctas = ctas_running(m, l.op, grid)?;
    let v = linear(ev, l, *m.operands(w).get(1)?, 0)?;
    let (alpha, beta, gamma) = v;
    if alpha <= 0 || beta < 0 || beta * (grid as i64 - 1) >= alpha || gamma < 1 {
        return None;
    }
    let mut spins = Vec::new();
    let mut pinned = vec![w];
    for &o in all.iter().filter(|&&o| o != w && strong_access(m, o)) {
        if param(m, ev.forms, *m.operands(o).first()?) != Some(flag) {
            continue;
        }
        // Every other strong access of the flag is a spin of this loop, before the write.
        let (t, fences) = counter_spin(ev, l, o, w)?;
        if t != (alpha, beta, gamma - 1) {
            return None;
        }
        spins.push(o);
        pinned.push(o);
        pinned.extend(fences);
    }
    (!spins.is_empty()).then_some(Counter {
        writer: w,
        spins,
        alpha,
        beta,
        gamma,
        pinned,
        ctas,
    })
}

/// The global location a strong access `op` touches, when it is a kernel parameter at a
/// constant offset: (parameter, bytes).
pub fn location(m: &Module, op: Op) -> Option<(u32, i64)> {
    param(m, &mut Forms::default(), *m.operands(op).first()?)
}

/// The kernel parameter a pointer reaches through `gep`s at a constant offset: (param, bytes).
pub(super) fn param(m: &Module, forms: &mut Forms, v: Value) -> Option<(u32, i64)> {
    let (root, off, remote) = unwind(m, forms, v);
    let ValueDef::Arg(b, i) = m.value_def(root) else {
        return None;
    };
    let owner = m.block_parent(b).and_then(|r| m.region_parent(r))?;
    (Kernel::is(m, owner) && !remote && off.terms.is_empty()).then_some((i, off.konst))
}

/// The ops strictly between `op` and the loop `l` around it, innermost first; None when `l`
/// does not enclose `op`.
fn between(m: &Module, op: Op, l: Op) -> Option<Vec<Op>> {
    let mut out = Vec::new();
    let mut cur = op;
    while let Some(p) = m.parent_op(cur) {
        if p == l {
            return Some(out);
        }
        out.push(p);
        cur = p;
    }
    None
}

/// Are the ops between `op` and the loop `l` only `elect`s and `if`s?
pub(super) fn plain_path(m: &Module, op: Op, l: Op) -> bool {
    between(m, op, l).is_some_and(|v| v.iter().all(|&p| Elect::is(m, p) || If::is(m, p)))
}

/// `v` in loop `l` as `(alpha, beta, gamma)`: `alpha·n + beta·block_id.x + gamma` at every
/// iteration `n` looked at (0..4 and one far beyond), plus `shift`.
pub(super) fn linear(ev: &mut Eval, l: &Looped, v: Value, shift: i64) -> Option<(i64, i64, i64)> {
    let mut at = |n: i64| {
        let a = ev.value(v, l.op, &induction_only(ev.m, l, n), 0)?;
        let beta = a.coeff(Var::Bid(0));
        a.without(Var::Bid(0))
            .terms
            .is_empty()
            .then_some((a.konst + shift, beta))
    };
    let (c0, beta) = at(0)?;
    let (c1, _) = at(1)?;
    let alpha = c1 - c0;
    for n in [2, 3, FAR] {
        let (c, b) = at(n)?;
        if b != beta || c != c0 + alpha * n {
            return None;
        }
    }
    Some((alpha, beta, c0))
}

/// A spin load: `while (f PRED t) {}` with `f` the load's result.
pub(super) struct Spin {
    /// The `while`.
    pub wh: Op,
    /// The least value the spin exits on, as `(alpha, beta, gamma)` over the loop's iteration
    /// and `block_id.x`.
    pub threshold: (i64, i64, i64),
    /// `!=`: it exits only on that value.
    pub exact: bool,
    /// The load's semantic and scope.
    pub sem: MemSemantic,
    /// See `sem`.
    pub scope: MemScope,
}

/// The strong load `q` as a spin of loop `l`: the condition of a `while` whose only ops
/// between it and `l` are `elect`s (it runs in every iteration, in its threads).
pub(super) fn spin_shape(ev: &mut Eval, l: &Looped, q: Op) -> Option<Spin> {
    let m = ev.m;
    // A spin reads: another strong write of the flag (a store, an atom whose value is unused)
    // is no spin, and the flag is then followed by nobody.
    if !Ld::is(m, q) {
        return None;
    }
    let f = m.results(q).next()?;
    let block = m.op_block(q)?;
    let wh = m.block_parent(block).and_then(|r| m.region_parent(r))?;
    if !While::is(m, wh) || m.regions(wh).first() != m.block_parent(block).as_ref() {
        return None;
    }
    let cond = m.operands(m.last_op(block)?).first().copied()?;
    let c = CmpI::cast(m, m.defining_op(cond)?)?;
    let p = c.predicate(m)?;
    let ops = m.operands(c.0);
    // Normalize to `f PRED t`: the loop goes on while it holds.
    let (pred, t) = match (ops.first(), ops.get(1)) {
        (Some(&a), Some(&b)) if a == f => (p, b),
        (Some(&a), Some(&b)) if b == f => (swapped(p)?, a),
        _ => return None,
    };
    // The least value the spin exits on: `f < t` and `f != t` exit at t; `f <= t` at t + 1.
    let shift = match pred {
        "slt" | "ult" | "ne" => 0,
        "sle" | "ule" => 1,
        _ => return None,
    };
    if !elect_path(m, wh, l.op) {
        return None;
    }
    let threshold = linear(ev, l, t, shift)?;
    let (sem, scope) = acquire_form(m, q)?;
    Some(Spin {
        wh,
        threshold,
        exact: pred == "ne",
        sem,
        scope,
    })
}

/// A strong load `q` of the flag that spins in loop `l` before the write `w`: the least value
/// its loop exits on as `(alpha, beta, gamma)`, and the acquire fences it relies on (none for an
/// acquire load). None when `q` is not such a spin.
fn counter_spin(ev: &mut Eval, l: &Looped, q: Op, w: Op) -> Option<((i64, i64, i64), Vec<Op>)> {
    let m = ev.m;
    let s = spin_shape(ev, l, q)?;
    if s.scope < MemScope::Gpu {
        return None;
    }
    let fences = if is_acquire(s.sem) {
        Vec::new()
    } else {
        let f = acquire_fences(m, l.op, s.wh, w);
        if f.is_empty() {
            return None;
        }
        f
    };
    ordered_before(m, l.op, s.wh, w).then_some((s.threshold, fences))
}

/// Are the ops between `op` and the loop `l` only `elect`s?
fn elect_path(m: &Module, op: Op, l: Op) -> bool {
    between(m, op, l).is_some_and(|v| v.iter().all(|&p| Elect::is(m, p)))
}

/// Does one thread of the CTA run `op`, inside the loop `l`: is there an `elect` between them,
/// or around `l` (a one-thread kernel's whole body is one `elect`, docs/abi.md)?
pub(super) fn elected(m: &Module, op: Op, l: Op) -> bool {
    between(m, op, l).is_some_and(|v| v.iter().any(|&p| Elect::is(m, p)) || under_elect(m, l))
}

/// Is `op` nested in an `elect`?
fn under_elect(m: &Module, op: Op) -> bool {
    m.ancestors(op).any(|p| Elect::is(m, p))
}

/// Is no `for` or `while` around the loop `l` (its iterations are all the times its body
/// runs)?
pub(super) fn top_loop(m: &Module, l: Op) -> bool {
    !m.ancestors(l).any(|p| For::is(m, p) || While::is(m, p))
}

/// The CTAs of a grid of `grid` that run `op` (in the threads its role says): each `if` around
/// it either folds to a constant once `block_id.x` is known, or does not depend on the CTA.
/// None when an `if` depends on the CTA in a way that does not fold.
pub(super) fn ctas_running(m: &Module, op: Op, grid: u32) -> Option<Vec<bool>> {
    CtaRuns::new(grid).runs(m, op)
}

/// Which CTAs take an `if`'s first arm.
#[derive(Clone)]
enum Taken {
    /// The condition does not depend on the CTA.
    Blind,
    /// Per CTA.
    PerCta(Vec<bool>),
    /// Depends on the CTA and does not fold.
    Unknown,
}

/// [`ctas_running`] for many ops of one module, each `if` evaluated once.
pub struct CtaRuns {
    per_cta: Vec<Forms>,
    ifs: FxHashMap<Op, Taken>,
}

impl CtaRuns {
    /// For a grid of `grid` CTAs.
    pub fn new(grid: u32) -> CtaRuns {
        CtaRuns {
            per_cta: (0..grid).map(|b| Forms::in_cta(b as i64)).collect(),
            ifs: FxHashMap::default(),
        }
    }

    /// See [`ctas_running`].
    pub fn runs(&mut self, m: &Module, op: Op) -> Option<Vec<bool>> {
        let mut runs = vec![true; self.per_cta.len()];
        let mut cur = op;
        while let Some(p) = m.parent_op(cur) {
            if If::is(m, p) {
                let region = m.op_block(cur).and_then(|b| m.block_parent(b))?;
                let then = m.regions(p).first() == Some(&region);
                match self.taken(m, p) {
                    Taken::Blind => {}
                    Taken::Unknown => return None,
                    Taken::PerCta(t) => {
                        for (r, t) in runs.iter_mut().zip(t) {
                            *r &= t == then;
                        }
                    }
                }
            }
            cur = p;
        }
        Some(runs)
    }

    fn taken(&mut self, m: &Module, p: Op) -> Taken {
        if let Some(t) = self.ifs.get(&p) {
            return t.clone();
        }
        let t = match m.operands(p).first() {
            None => Taken::Unknown,
            Some(&c) if !mentions_cta(m, c, 0) => Taken::Blind,
            Some(&c) => self
                .per_cta
                .iter_mut()
                .map(|f| {
                    let v = f.of(m, c);
                    v.terms.is_empty().then_some(v.konst != 0)
                })
                .collect::<Option<Vec<bool>>>()
                .map_or(Taken::Unknown, Taken::PerCta),
        };
        self.ifs.insert(p, t.clone());
        t
    }
}

/// May `v` differ between CTAs (or between runs): a block or cluster id, or anything that is
/// not integer arithmetic over thread ids, constants and kernel parameters?
fn mentions_cta(m: &Module, v: Value, depth: u32) -> bool {
    if depth > 32 {
        return true;
    }
    let Some(op) = m.defining_op(v) else {
        let ValueDef::Arg(b, _) = m.value_def(v) else {
            return true;
        };
        let owner = m.block_parent(b).and_then(|r| m.region_parent(r));
        return owner.is_none_or(|k| !Kernel::is(m, k));
    };
    use OpKind as K;
    match OpKind::of(m, op) {
        Some(K::Constant | K::ThreadId | K::LaneId | K::WarpId | K::NumThreads | K::NumBlocks) => {
            false
        }
        Some(k) if k.is_int_arith() || matches!(k, K::CmpI | K::Select) => m
            .operands(op)
            .iter()
            .any(|&x| mentions_cta(m, x, depth + 1)),
        _ => true,
    }
}

/// `p` with its operands swapped (`t > f` is `f < t`).
fn swapped(p: &str) -> Option<&'static str> {
    Some(match p {
        "sgt" => "slt",
        "ugt" => "ult",
        "sge" => "sle",
        "uge" => "ule",
        "ne" => "ne",
        _ => return None,
    })
}

/// The op of the body of loop `l` that contains `op` and its index in the body.
fn top(m: &Module, l: Op, op: Op) -> Option<(Op, usize)> {
    let cur = between(m, op, l)?.last().copied().unwrap_or(op);
    let b = m.op_block(cur)?;
    m.block_ops(b).position(|o| o == cur).map(|i| (cur, i))
}

/// Acquire fences (gpu scope or wider, every space) after the spin loop `wh`, in the same
/// threads, before the write `w`: later ops of `wh`'s own block, or later top-level ops of the
/// loop body (run by every thread that runs the loop).
fn acquire_fences(m: &Module, l: Op, wh: Op, w: Op) -> Vec<Op> {
    let is_fence = |o: Op| {
        fence_form(m, o).is_some_and(|(s, scope, restrict)| {
            is_acquire(s) && scope >= MemScope::Gpu && restrict.is_none()
        })
    };
    let mut out = Vec::new();
    if let Some(b) = m.op_block(wh) {
        out.extend(
            m.block_ops(b)
                .skip_while(|&o| o != wh)
                .filter(|&o| is_fence(o)),
        );
    }
    if let (Some((tq, i)), Some((_, j))) = (top(m, l, wh), top(m, l, w)) {
        // (When the spin loop is itself at the top level, its own block was looked at.)
        if let Some(b) = m.op_block(tq).filter(|_| tq != wh) {
            let later: Vec<Op> = m
                .block_ops(b)
                .enumerate()
                .filter(|(x, o)| *x > i && *x < j && is_fence(*o))
                .map(|(_, o)| o)
                .collect();
            out.extend(later);
        }
    }
    out
}

/// Is every thread's read of the spin loop `wh` ordered before the write `w` in its CTA: both
/// run by the one elected thread in program order, or a CTA `barrier` (every thread) between
/// them at the top level of the loop body?
fn ordered_before(m: &Module, l: Op, wh: Op, w: Op) -> bool {
    let (Some((_, i)), Some((tw, j))) = (top(m, l, wh), top(m, l, w)) else {
        return false;
    };
    if i >= j {
        return false;
    }
    if elected(m, wh, l) && elected(m, w, l) {
        return true;
    }
    let Some(b) = m.op_block(tw) else {
        return false;
    };
    m.block_ops(b)
        .enumerate()
        .any(|(x, o)| x > i && x < j && plain_barrier(m, o))
}
