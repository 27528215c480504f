//! Accesses that end their iteration: a producer in an arm that leaves the loop (a cuda_tile
//! `break`), and a consumer after it that the lowering's exit flag skips.
//!
//! The lowering turns `if %c { …; break … }` followed by more of the loop body into an `if`
//! whose arm yields a constant flag, an `if (flag == 0)` around the rest of the body, and a
//! `while` whose condition is computed from that flag. So the consumer never runs after the
//! producer: not in the same iteration (its guard is false), not in a later one (there is none).
//! [`ends_before`] decides this by evaluating, under the assumption that every `if` around the
//! producer took the arm that holds it (exactly what the producer's running implies), the
//! guards of the consumer that do not enclose the producer and the conditions of the `while`s
//! around both: integer constants folded at their type's width, `if` results through the arm
//! their condition (or the assumption) selects, `cmpi` and the binary integer ops. Anything else
//! is unknown, and an unknown guard or condition keeps the pair.
//!
//! A `for` around both (one the model does not copy) may run another iteration that re-decides
//! every guard, so it keeps the pair too.
//!
//! `p` and `c` run in two threads (of one CTA, or of two). The assumption is about `p`'s thread;
//! it holds in `c`'s thread too when the condition of each assumed `if` that the evaluation
//! consulted is the same in both (`uniform`), and everything else the evaluation folds is a
//! constant, the same in every thread.

use super::affine::{compare, fold_binary, wrap, Forms};
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileas::views::{CmpI, If, OpKind};
use tilec_ir::{Module, Op, OpView, Value};

/// Does `c` never run after `p` (`p` earlier in program order, the two in one kernel)?
/// `uniform` says whether a condition is the same in the threads of the pair.
pub(super) fn ends_before(
    m: &Module,
    kernel: Op,
    p: Op,
    c: Op,
    uniform: impl Fn(Value) -> bool,
) -> bool {
    let above_p = enclosing(m, kernel, p);
    if !above_p.iter().any(|&(o, _)| If::is(m, o)) {
        return false;
    }
    let mut ev = Eval {
        m,
        taken: above_p
            .iter()
            .copied()
            .filter(|&(o, _)| If::is(m, o))
            .collect(),
        forms: Forms::default(),
        memo: FxHashMap::default(),
        used: Vec::new(),
    };
    let common = |o: Op| above_p.iter().any(|&(x, _)| x == o);
    let mut skipped = false;
    for (o, arm) in enclosing(m, kernel, c) {
        if common(o) {
            // Around both: a loop must not run again after `p`'s iteration.
            match OpKind::of(m, o) {
                Some(OpKind::For) => return false,
                Some(OpKind::While) if ev.while_continues(o) != Some(false) => return false,
                _ => {}
            }
        } else if If::is(m, o) {
            // (A loop around `c` alone is entered afresh: the guards inside it still count.)
            let cond = m.operands(o).first().copied();
            let then = cond.and_then(|v| ev.value(v, 0)).map(|x| x != 0);
            skipped |= then.is_some_and(|t| usize::from(!t) != arm);
        }
    }
    skipped
        && ev
            .used
            .iter()
            .all(|&o| m.operands(o).first().is_some_and(|&v| uniform(v)))
}

/// The ops around `op` up to the kernel, innermost first, each with the index of its region
/// that holds `op`.
fn enclosing(m: &Module, kernel: Op, op: Op) -> Vec<(Op, usize)> {
    let mut out = Vec::new();
    let mut cur = op;
    while let Some(p) = m.parent_op(cur).filter(|&p| p != kernel) {
        let r = m.op_block(cur).and_then(|b| m.block_parent(b));
        let arm = r
            .and_then(|r| m.regions(p).iter().position(|&x| x == r))
            .unwrap_or(0);
        out.push((p, arm));
        cur = p;
    }
    out
}

/// Values under the assumption that each `if` of `taken` took the given arm.
struct Eval<'m> {
    m: &'m Module,
    taken: FxHashMap<Op, usize>,
    forms: Forms,
    memo: FxHashMap<Value, Option<i64>>,
    /// The assumed `if`s consulted.
    used: Vec<Op>,
}

/// How deep [`Eval::value`] follows operands.
const DEPTH: u32 = 32;

impl Eval<'_> {
    /// The constant `v` holds under the assumption, if known.
    fn value(&mut self, v: Value, depth: u32) -> Option<i64> {
        if let Some(&x) = self.memo.get(&v) {
            return x;
        }
        let x = self.compute(v, depth);
        self.memo.insert(v, x);
        x
    }

    fn compute(&mut self, v: Value, depth: u32) -> Option<i64> {
        let m = self.m;
        if depth > DEPTH {
            return None;
        }
        let f = self.forms.of(m, v);
        if f.terms.is_empty() {
            return Some(f.konst);
        }
        let op = m.defining_op(v)?;
        let ops = m.operands(op);
        match OpKind::of(m, op) {
            Some(OpKind::If) => {
                let arm = match self.taken.get(&op) {
                    Some(&a) => {
                        self.used.push(op);
                        a
                    }
                    None => usize::from(self.value(*ops.first()?, depth + 1)? == 0),
                };
                let j = (0..m.num_results(op)).find(|&j| m.result(op, j) == v)?;
                let y = *yields(m, op, arm)?.get(j)?;
                self.value(y, depth + 1)
            }
            Some(OpKind::CmpI) => {
                let a = self.value(*ops.first()?, depth + 1)?;
                let b = self.value(*ops.get(1)?, depth + 1)?;
                compare(CmpI(op).predicate(m)?, a, b).map(i64::from)
            }
            kind => {
                let a = self.value(*ops.first()?, depth + 1)?;
                let b = self.value(*ops.get(1)?, depth + 1)?;
                fold_binary(kind?, a, b).map(|x| wrap(m, v, x))
            }
        }
    }

    /// Whether the `while` `op` runs another iteration after this one, if known.
    fn while_continues(&mut self, op: Op) -> Option<bool> {
        let c = *yields(self.m, op, 0)?.first()?;
        self.value(c, 0).map(|x| x != 0)
    }
}

/// The operands of the terminator of region `arm` of `op` (a single block).
fn yields(m: &Module, op: Op, arm: usize) -> Option<&[Value]> {
    let r = *m.regions(op).get(arm)?;
    let [b] = m.region_blocks(r)[..] else {
        return None;
    };
    let t = m.block_ops(b).last()?;
    Some(m.operands(t))
}
