//! Rising flags: a flag that one thread of the grid raises round by round, and that other
//! loops spin on, followed by value (docs/verify-races.md, "Rising flags"; SYNC-MODEL §3.1 /
//! §6 P7 in a loop: a producer CTA publishes round `i` with `flag = i + 1`, a consumer CTA
//! acknowledges it with `ack = i + 1`).
//!
//! **The shape.** In a kernel with `grid_dims = [G, 1, 1]`, a flag `F` (a kernel parameter at a
//! constant offset) is written by exactly one op `W`: a strong `st` at gpu or sys scope in a
//! modeled `for` loop `L` with no loop around `L`, between `L` and `W` only `elect`s and `if`s,
//! under at least one `elect`, and under `if`s whose conditions fold to constants once
//! `block_id.x` is known and hold in exactly one CTA `c`: one thread of the grid writes `F`,
//! once per iteration at most. In iteration `n` it writes `v(n) = α·n + γ` (`α > 0`, `γ ≥ 1`;
//! a `block_id.x` term folds with `c`). Every other strong access of `F` is a spin
//! `while (F < t) {}` (or `<=`, `!=`; gpu or sys scope) in a modeled loop `L'` (maybe `L`), with
//! only `elect`s between `L'` and the spin's `while`, a threshold `t(m, b) = a·m + β·b + δ` in
//! its iteration `m` and CTA `b`, and `if`s around `L'` that either fold per CTA or do not
//! depend on the CTA: the CTAs that run it are known. The flag holds less than `γ` at launch,
//! and only this kernel writes it while it runs (the launch contract, as for round counters).
//!
//! **What follows.** The writes of `F` are one thread's, in program order, with increasing
//! values, so they are coherence-ordered that way (PTX ISA, Memory Consistency Model, axiom
//! "Coherence"), and every value of `F` at or above `t` is written by `W(n)` for
//! `n ≥ n0 = ⌈(t − γ) / α⌉` (the launch value is below `γ`; a spin with `t < γ` may exit on it
//! and synchronizes with nothing). A spin that exits read some such `W(n')`, and `W(n0)`
//! precedes `W(n')` in program order. The checker judges the edge `W(n0) → spin` like any flag
//! edge: a release side at `W(n0)` (`W` a release, or a release fence before it in its thread)
//! and an acquire side at the spin. That release side precedes `W(n')` in program order too,
//! so with `W(n')` it forms a release pattern (PTX ISA, Memory Consistency Model: "a release
//! operation, or a release fence followed by a strong write in program order"), which
//! synchronizes with the spin's acquire pattern; whatever precedes the release side in
//! causality order precedes the spin's acquire (base causality order is transitive). The edge
//! therefore holds in every execution; no edge to a later write is assumed. A
//! `!=` spin exits only on `v(n0) = t` exactly (else never). Values are taken not to wrap
//! (fewer than `2^31 / α` rounds).

use super::model::strong_access;
use super::rounds::{ctas_running, elected, linear, param, plain_path, spin_shape, top_loop};
use super::unroll::{Eval, Looped, Unrolled};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tilec_ir::{MemScope, Op};

/// A recognized rising flag (on the original kernel; see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rising {
    /// The one write.
    pub writer: Op,
    /// The CTA that runs it.
    pub cta: u32,
    /// `v(n) = alpha·n + gamma`.
    pub alpha: i64,
    /// See `alpha`.
    pub gamma: i64,
    /// The spins.
    pub spins: Vec<RisingSpin>,
}

/// A spin on a rising flag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RisingSpin {
    /// The load.
    pub op: Op,
    /// `t(m, b) = a·m + beta·b + delta` as `(a, beta, delta)`.
    pub threshold: (i64, i64, i64),
    /// `!=`: it exits only on that value.
    pub exact: bool,
    /// The CTAs that run it.
    pub ctas: Vec<bool>,
}

/// The rising flag written by `w` in loop `l`, if the shape holds; `loops` are the modeled
/// loops (the spins' loops among them), `all` every op of the kernel.
pub(super) fn detect(
    ev: &mut Eval,
    all: &[Op],
    loops: &[Looped],
    l: &Looped,
    w: Op,
    grid: u32,
) -> Option<Rising> {
    let m = ev.m;
    let flag = param(m, ev.forms, *m.operands(w).first()?)?;
    let (_, rscope) = super::sync::release_form(m, w)?;
    if rscope < MemScope::Gpu || !plain_path(m, w, l.op) {
        return None;
    }
    if !top_loop(m, l.op) || !elected(m, w, l.op) {
        return None;
    }
    let runs = ctas_running(m, w, grid)?;
    let mut who = (0..grid).filter(|&b| runs[b as usize]);
    let (cta, None) = (who.next()?, who.next()) else {
        return None;
    };
    let (alpha, beta, gamma) = linear(ev, l, *m.operands(w).get(1)?, 0)?;
    let gamma = gamma + beta * cta as i64;
    if alpha <= 0 || gamma < 1 {
        return None;
    }
    let mut spins = Vec::new();
    for &o in all.iter().filter(|&&o| o != w && strong_access(m, o)) {
        if param(m, ev.forms, *m.operands(o).first()?) != Some(flag) {
            continue;
        }
        // Every other strong access of the flag is a spin in a modeled loop.
        let ls = loops.iter().find(|x| ev.inside(o, x.op))?;
        let s = spin_shape(ev, ls, o)?;
        if s.scope < MemScope::Gpu {
            return None;
        }
        spins.push(RisingSpin {
            op: o,
            threshold: s.threshold,
            exact: s.exact,
            ctas: ctas_running(m, o, grid)?,
        });
    }
    (!spins.is_empty()).then_some(Rising {
        writer: w,
        cta,
        alpha,
        gamma,
        spins,
    })
}

/// A rising flag's ops in the copies of the unrolled kernel.
#[derive(Clone, Debug, Default)]
pub struct RisingCopies {
    cta: u32,
    alpha: i64,
    gamma: i64,
    /// Iteration → the write's copy.
    writes: FxHashMap<i64, Op>,
    /// Copies of the write.
    writers: FxHashSet<Op>,
    /// A spin's copy → its iteration and the spin.
    spins: FxHashMap<Op, (i64, RisingSpin)>,
}

impl RisingCopies {
    /// The copies of `r` in `u`.
    pub fn new(r: &Rising, u: &Unrolled) -> RisingCopies {
        let mut c = RisingCopies {
            cta: r.cta,
            alpha: r.alpha,
            gamma: r.gamma,
            ..RisingCopies::default()
        };
        for (&copy, &orig) in &u.origin {
            let Some(it) = u.iteration.get(&copy) else {
                continue;
            };
            if orig == r.writer {
                c.writes.insert(it.k, copy);
                c.writers.insert(copy);
            } else if let Some(sp) = r.spins.iter().find(|s| s.op == orig) {
                c.spins.insert(copy, (it.k, sp.clone()));
            }
        }
        c
    }

    /// Is `op` a copy of the flag's write or of one of its spins?
    pub fn owns(&self, op: Op) -> bool {
        self.writers.contains(&op) || self.spins.contains_key(&op)
    }

    /// The copies of the write.
    pub fn writers(&self) -> impl Iterator<Item = Op> + '_ {
        self.writers.iter().copied()
    }

    /// The CTAs whose run of the spin copy `q` synchronizes with the write copy `w` run by CTA
    /// `from`: those in which `w` is the first write whose value lets `q` exit.
    pub fn readers(&self, w: Op, from: u32, q: Op) -> SmallVec<[u32; 2]> {
        let mut out = SmallVec::new();
        let Some((n, sp)) = self.spins.get(&q) else {
            return out;
        };
        let (a, beta, delta) = sp.threshold;
        if from != self.cta || !self.writers.contains(&w) {
            return out;
        }
        for (b, _) in sp.ctas.iter().enumerate().filter(|x| *x.1) {
            let t = a * n + beta * b as i64 + delta;
            let n0 = first_write(t, self.alpha, self.gamma, sp.exact);
            if n0.is_some_and(|n0| self.writes.get(&n0) == Some(&w)) {
                out.push(b as u32);
            }
        }
        out
    }
}

/// The iteration of the first write `v(n) = alpha·n + gamma` a spin with threshold `t` may
/// exit on (`exact`: only on `v = t`), or None: below `gamma` the launch value may satisfy the
/// spin, and an exact spin whose value is never written never exits.
fn first_write(t: i64, alpha: i64, gamma: i64, exact: bool) -> Option<i64> {
    let d = t - gamma;
    if d < 0 || exact && d % alpha != 0 {
        return None;
    }
    Some((d + alpha - 1).div_euclid(alpha))
}

#[cfg(test)]
mod tests {
    use super::first_write;

    #[test]
    fn a_spin_synchronizes_with_the_first_write_its_threshold_admits() {
        // flag = i + 1 in round i: a spin for flag >= 3 exits on round 2's write or a later one.
        assert_eq!(first_write(3, 1, 1, false), Some(2));
        // flag = 2i + 1: flag >= 4 first holds for round 2's 5; flag != 4 never exits.
        assert_eq!(first_write(4, 2, 1, false), Some(2));
        assert_eq!(first_write(4, 2, 1, true), None);
        assert_eq!(first_write(5, 2, 1, true), Some(2));
        // Thresholds below the first value may be met by the launch value: no edge.
        assert_eq!(first_write(0, 1, 1, false), None);
        assert_eq!(first_write(1, 1, 1, false), Some(0));
    }
}
