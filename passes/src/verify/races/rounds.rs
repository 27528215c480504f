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
//! `α·n' + β·b' + γ = t(n, b)`: one `(n', b')`, found for each concrete pair of CTAs.

use super::affine::Forms;
use super::affine::Var;
use super::model::short;
use super::model::unwind;
use super::sync::{acquire_form, fence_form, is_acquire, is_release, release_form};
use super::unroll::{induction_only, nested, Eval, Looped, Unrolled, FAR};
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::views::Kernel;
use tilec_dialects::opdef::KernelView;
use tilec_ir::{sym, MemScope, Module, Op, OpView, Value, ValueDef};

/// A recognized round counter (on the original kernel; see the module docs).
#[derive(Clone, Debug)]
pub struct Counter {
    /// The loop.
    pub lp: Op,
    /// The one write.
    pub writer: Op,
    /// The spin loads.
    pub spins: Vec<Op>,
    /// CTAs in the grid (`grid_dims` x).
    pub grid: u32,
    /// `v(n, b) = alpha·n + beta·b + gamma`.
    pub alpha: i64,
    /// See `alpha`.
    pub beta: i64,
    /// See `alpha`.
    pub gamma: i64,
    /// The ops whose forms the conclusion relies on: the write, the spins, their acquire
    /// fences. A change of any of them is judged by recognizing the counter again.
    pub pinned: Vec<Op>,
}

/// A counter's ops in the copies of the unrolled kernel.
#[derive(Clone, Debug, Default)]
pub struct Rounds {
    /// CTAs in the grid.
    pub grid: u32,
    alpha: i64,
    beta: i64,
    /// (iteration, window) → the write's copy.
    writes: FxHashMap<(i64, u8), Op>,
    /// A spin's copy → its iteration and window.
    spins: FxHashMap<Op, (i64, u8)>,
    /// Copies of the write.
    writers: FxHashSet<Op>,
}

impl Rounds {
    /// The copies of `c` in `u`.
    pub fn new(c: &Counter, u: &Unrolled) -> Rounds {
        let mut r = Rounds {
            grid: c.grid,
            alpha: c.alpha,
            beta: c.beta,
            ..Rounds::default()
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
    }

    /// Is `op` a copy of the counter's spin or write (its edges are followed by value)?
    pub fn owns(&self, op: Op) -> bool {
        self.spins.contains_key(&op) || self.writers.contains(&op)
    }

    /// The CTA in which the spin copy `q` reads what the write copy `w` of CTA `from` wrote,
    /// if there is one (the spin's threshold is that write's value).
    pub fn reader(&self, w: Op, from: u32, q: Op) -> Option<u32> {
        let &(n, win) = self.spins.get(&q)?;
        (0..self.grid).find(|&b| {
            // t(n, b) = v(n, b) - 1 = v(n', from)  <=>  alpha·(n - n') = 1 - beta·(b - from).
            let d = 1 - self.beta * (b as i64 - from as i64);
            d % self.alpha == 0 && self.writes.get(&(n - d / self.alpha, win)) == Some(&w)
        })
    }
}

/// The round counter of kernel `k`, if it has one, among the modeled loops `loops`.
pub(super) fn detect(
    m: &Module,
    k: Op,
    loops: &[Looped],
    forms: &mut super::affine::Forms,
) -> Option<Counter> {
    let grid = match Kernel::cast(m, k)?.grid_dims(m)? {
        [g, 1, 1] if g >= 1 => g as u32,
        _ => return None,
    };
    let mut all = Vec::new();
    nested(m, k, &mut all);
    let strong = |o: Op| {
        matches!(short(m, o), "ld" | "st" | "atom" | "red")
            && m.attr_as::<tilec_ir::MemSemantic>(o, sym!("mem_semantic"))
                .is_some_and(|s| s != tilec_ir::MemSemantic::Weak)
    };
    let mut ev = Eval { m, forms };
    for l in loops {
        for &w in all.iter().filter(|&&o| short(m, o) == "st" && strong(o)) {
            if !ev.inside(w, l.op) {
                continue;
            }
            if let Some(c) = counter(&mut ev, &all, l, w, grid, &strong) {
                return Some(c);
            }
        }
    }
    None
}

/// The counter written by `w` in loop `l`, if the shape holds.
fn counter(
    ev: &mut Eval,
    all: &[Op],
    l: &Looped,
    w: Op,
    grid: u32,
    strong: &dyn Fn(Op) -> bool,
) -> Option<Counter> {
    let m = ev.m;
    let flag = param(m, ev.forms, *m.operands(w).first()?)?;
    let (rs, rscope) = release_form(m, w)?;
    if !is_release(rs) || rscope < MemScope::Gpu || !plain_path(m, w, l.op) {
        return None;
    }
    let v = linear(ev, l, *m.operands(w).get(1)?, 0)?;
    let (alpha, beta, gamma) = v;
    if alpha <= 0 || beta < 0 || beta * (grid as i64 - 1) >= alpha || gamma < 1 {
        return None;
    }
    let mut spins = Vec::new();
    let mut pinned = vec![w];
    for &o in all.iter().filter(|&&o| o != w && strong(o)) {
        if param(m, ev.forms, *m.operands(o).first()?) != Some(flag) {
            continue;
        }
        // Every other strong access of the flag is a spin of this loop, before the write.
        let (t, fences) = spin(ev, l, o, w)?;
        if t != (alpha, beta, gamma - 1) {
            return None;
        }
        spins.push(o);
        pinned.push(o);
        pinned.extend(fences);
    }
    (!spins.is_empty()).then_some(Counter {
        lp: l.op,
        writer: w,
        spins,
        grid,
        alpha,
        beta,
        gamma,
        pinned,
    })
}

/// The global location a strong access `op` touches, when it is a kernel parameter at a
/// constant offset: (parameter, bytes).
pub fn location(m: &Module, op: Op) -> Option<(u32, i64)> {
    param(m, &mut Forms::default(), *m.operands(op).first()?)
}

/// The kernel parameter a pointer reaches through `gep`s at a constant offset: (param, bytes).
fn param(m: &Module, forms: &mut Forms, v: Value) -> Option<(u32, i64)> {
    let (root, off, remote) = unwind(m, forms, v);
    let ValueDef::Arg(b, i) = m.value_def(root) else {
        return None;
    };
    let owner = m.block_parent(b).and_then(|r| m.region_parent(r))?;
    (short(m, owner) == "kernel" && !remote && off.terms.is_empty()).then_some((i, off.konst))
}

/// Are the ops between `op` and the loop `l` only `elect`s and `if`s?
fn plain_path(m: &Module, op: Op, l: Op) -> bool {
    let mut cur = op;
    while let Some(p) = m.parent_op(cur) {
        if p == l {
            return true;
        }
        let s = short(m, p);
        if !(s == "elect" || s == "if") {
            return false;
        }
        cur = p;
    }
    false
}

/// `v` in loop `l` as `(alpha, beta, gamma)`: `alpha·n + beta·block_id.x + gamma` at every
/// iteration `n` looked at (0..4 and one far beyond), plus `shift`.
fn linear(ev: &mut Eval, l: &Looped, v: Value, shift: i64) -> Option<(i64, i64, i64)> {
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

/// A strong load `q` of the flag that spins in loop `l` before the write `w`: the least value
/// its loop exits on as `(alpha, beta, gamma)`, and the acquire fences it relies on (none for an
/// acquire load). None when `q` is not such a spin.
fn spin(ev: &mut Eval, l: &Looped, q: Op, w: Op) -> Option<((i64, i64, i64), Vec<Op>)> {
    let m = ev.m;
    let f = m.result(q, 0);
    let block = m.op_block(q)?;
    let wh = m.block_parent(block).and_then(|r| m.region_parent(r))?;
    if short(m, wh) != "while" || m.regions(wh).first() != m.block_parent(block).as_ref() {
        return None;
    }
    let cond = m.operands(m.last_op(block)?).first().copied()?;
    let c = m.defining_op(cond).filter(|&c| short(m, c) == "cmpi")?;
    let p: String = m.attr_as(c, sym!("predicate"))?;
    let ops = m.operands(c);
    // Normalize to `f PRED t`: the loop goes on while it holds.
    let (pred, t) = match (ops.first(), ops.get(1)) {
        (Some(&a), Some(&b)) if a == f => (p.as_str(), b),
        (Some(&a), Some(&b)) if b == f => (swapped(&p)?, a),
        _ => return None,
    };
    // The least value the spin exits on: `f < t` and `f != t` exit at t; `f <= t` at t + 1.
    let shift = match pred {
        "slt" | "ult" | "ne" => 0,
        "sle" | "ule" => 1,
        _ => return None,
    };
    if !plain_path(m, wh, l.op) {
        return None;
    }
    let t = linear(ev, l, t, shift)?;
    let (sem, scope) = acquire_form(m, q)?;
    if scope < MemScope::Gpu {
        return None;
    }
    let fences = if is_acquire(sem) {
        Vec::new()
    } else {
        let f = acquire_fences(m, l.op, wh, w);
        if f.is_empty() {
            return None;
        }
        f
    };
    ordered_before(m, l.op, wh, w).then_some((t, fences))
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
    let mut cur = op;
    while let Some(p) = m.parent_op(cur) {
        if p == l {
            let b = m.op_block(cur)?;
            return m.block_ops(b).position(|o| o == cur).map(|i| (cur, i));
        }
        cur = p;
    }
    None
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
    let elected = |o: Op| {
        let mut cur = o;
        while let Some(p) = m.parent_op(cur) {
            if p == l {
                return false;
            }
            if short(m, p) == "elect" {
                return true;
            }
            cur = p;
        }
        false
    };
    if elected(wh) && elected(w) {
        return true;
    }
    let Some(b) = m.op_block(tw) else {
        return false;
    };
    m.block_ops(b).enumerate().any(|(x, o)| {
        x > i && x < j && short(m, o) == "barrier" && m.get_attr(o, sym!("count")).is_none()
    })
}
