//! Affine forms of nv_tileas integers over the thread's identity, for the race checker's
//! "may these two accesses touch the same bytes from different threads?" question.
//!
//! A form is `c + Σ k·v` over [`Var`]s: the special registers, and any other value as an opaque
//! variable (the same value is the same variable in both accesses; nothing is known of its range).
//! Products of two variables, shifts by non-constants and the like are opaque as a whole.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::{
    BlockId, CmpI, Constant, For, If, Kernel, OpKind, ThreadId, While,
};
use tilec_ir::{Module, Op, OpView, Value};

/// A variable of an affine form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    /// `thread_id` of a dimension.
    Tid(u8),
    /// `block_id` of a dimension.
    Bid(u8),
    /// `cluster_ctarank`.
    Rank,
    /// `lane_id`.
    Lane,
    /// `warp_id`.
    Warp,
    /// Any other value (a loop variable, a loaded value, …).
    Opaque(Value),
}

/// `konst + Σ terms`, terms sorted by variable, no zero coefficients.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Affine {
    /// The constant part.
    pub konst: i64,
    /// The variable terms.
    pub terms: SmallVec<[(Var, i64); 3]>,
}

impl Affine {
    /// A constant.
    pub fn constant(c: i64) -> Affine {
        Affine {
            konst: c,
            terms: SmallVec::new(),
        }
    }
    fn var(v: Var) -> Affine {
        let mut terms = SmallVec::new();
        terms.push((v, 1));
        Affine { konst: 0, terms }
    }
    /// `self + k·other`.
    pub fn add_scaled(&self, other: &Affine, k: i64) -> Affine {
        let mut out = self.clone();
        out.konst = out.konst.wrapping_add(other.konst.wrapping_mul(k));
        for &(v, c) in &other.terms {
            match out.terms.iter_mut().find(|t| t.0 == v) {
                Some(t) => t.1 = t.1.wrapping_add(c.wrapping_mul(k)),
                None => out.terms.push((v, c.wrapping_mul(k))),
            }
        }
        out.terms.retain(|t| t.1 != 0);
        out.terms.sort_by_key(|t| t.0);
        out
    }
    /// `k·self`.
    pub fn scale(&self, k: i64) -> Affine {
        Affine::constant(0).add_scaled(self, k)
    }
    /// The coefficient of `v`.
    pub fn coeff(&self, v: Var) -> i64 {
        self.terms.iter().find(|t| t.0 == v).map_or(0, |t| t.1)
    }
    /// The form without the terms of `v`.
    pub fn without(&self, v: Var) -> Affine {
        let mut a = self.clone();
        a.terms.retain(|t| t.0 != v);
        a
    }
    /// The value range when every variable has a known range (`bounds`), else None.
    pub fn range(&self, bounds: impl Fn(Var) -> Option<(i64, i64)>) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (self.konst, self.konst);
        for &(v, k) in &self.terms {
            let (a, b) = bounds(v)?;
            let (x, y) = (a.saturating_mul(k), b.saturating_mul(k));
            lo = lo.saturating_add(x.min(y));
            hi = hi.saturating_add(x.max(y));
        }
        Some((lo, hi))
    }
}

/// Computes affine forms of values, memoized.
#[derive(Default)]
pub struct Forms {
    memo: FxHashMap<Value, Affine>,
    /// `block_id.x` when it is taken as this constant (one concrete CTA).
    bid: Option<i64>,
}

impl Forms {
    /// Forms in the CTA whose `block_id.x` is `b` (it folds like any constant).
    pub fn in_cta(b: i64) -> Forms {
        Forms {
            memo: FxHashMap::default(),
            bid: Some(b),
        }
    }

    /// The affine form of `v`.
    pub fn of(&mut self, m: &Module, v: Value) -> Affine {
        if let Some(a) = self.memo.get(&v) {
            return a.clone();
        }
        let a = self.compute(m, v, 0);
        self.memo.insert(v, a.clone());
        a
    }

    /// The form of `v`, a constant one wrapped to `v`'s width ([`wrap`]).
    fn compute(&mut self, m: &Module, v: Value, depth: u32) -> Affine {
        let mut a = self.compute_wide(m, v, depth);
        if a.terms.is_empty() {
            a.konst = wrap(m, v, a.konst);
        }
        a
    }

    fn compute_wide(&mut self, m: &Module, v: Value, depth: u32) -> Affine {
        let opaque = Affine::var(Var::Opaque(v));
        if depth > 64 {
            return opaque;
        }
        let Some(op) = m.defining_op(v) else {
            return opaque;
        };
        let kind = OpKind::of(m, op);
        let dim = |d: i64| d.clamp(0, 2) as u8;
        let ops = m.operands(op);
        let sub = |i: usize, this: &mut Self| match ops.get(i) {
            Some(&x) => match this.memo.get(&x) {
                Some(a) => a.clone(),
                None => {
                    let a = this.compute(m, x, depth + 1);
                    this.memo.insert(x, a.clone());
                    a
                }
            },
            None => opaque.clone(),
        };
        match kind {
            Some(OpKind::ThreadId) => Affine::var(Var::Tid(dim(ThreadId(op).dim(m)))),
            // An `if` on a constant yields what its taken arm yields (the lowering's control
            // flags of `break`/`continue` out of an arm that always runs).
            Some(OpKind::If) => {
                let c = sub(0, self);
                let arm = usize::from(c.konst == 0);
                let taken = m
                    .regions(op)
                    .get(arm)
                    .and_then(|&r| match m.region_blocks(r) {
                        [b] => m.block_ops(*b).last(),
                        _ => None,
                    });
                let j = result_index(m, op, v);
                match (c.terms.is_empty(), taken) {
                    (true, Some(t)) => match m.operands(t).get(j) {
                        Some(&x) => self.compute(m, x, depth + 1),
                        None => opaque,
                    },
                    _ => opaque,
                }
            }
            Some(OpKind::BlockId) => match (self.bid, dim(BlockId(op).dim(m))) {
                (Some(b), 0) => Affine::constant(b),
                (_, d) => Affine::var(Var::Bid(d)),
            },
            Some(OpKind::ClusterCtaRank) => Affine::var(Var::Rank),
            Some(OpKind::LaneId) => Affine::var(Var::Lane),
            Some(OpKind::WarpId) => Affine::var(Var::Warp),
            Some(OpKind::Constant) => Constant(op).int_value(m).map_or(opaque, Affine::constant),
            Some(OpKind::AddI) => {
                let (a, b) = (sub(0, self), sub(1, self));
                a.add_scaled(&b, 1)
            }
            Some(OpKind::SubI) => {
                let (a, b) = (sub(0, self), sub(1, self));
                a.add_scaled(&b, -1)
            }
            Some(OpKind::MulI) => {
                let (a, b) = (sub(0, self), sub(1, self));
                match (a.terms.is_empty(), b.terms.is_empty()) {
                    (true, _) => b.scale(a.konst),
                    (_, true) => a.scale(b.konst),
                    _ => opaque,
                }
            }
            Some(OpKind::ShLI) => {
                let (a, b) = (sub(0, self), sub(1, self));
                if b.terms.is_empty() && (0..32).contains(&b.konst) {
                    a.scale(1 << b.konst)
                } else {
                    opaque
                }
            }
            // Sign extension keeps the integer: the forms are integers (their 32-bit ops are
            // taken not to wrap, as for `addi`/`muli` above), so `extsi` is the identity.
            // Zero extension and truncation keep only what they provably keep: a constant.
            Some(OpKind::ExtSI) => sub(0, self),
            Some(k @ (OpKind::ExtUI | OpKind::TruncI)) => {
                let a = sub(0, self);
                let bits = match m.type_data(m.value_type(v)) {
                    tilec_ir::TypeData::Int(w) => u32::from(*w),
                    _ => 0,
                };
                match (a.terms.is_empty(), k) {
                    (true, OpKind::ExtUI) if a.konst >= 0 => a,
                    (true, OpKind::TruncI) if bits == 32 => {
                        Affine::constant(i64::from(a.konst as i32))
                    }
                    _ => opaque,
                }
            }
            // Two constants compare as the predicate says; two equal forms (`x < x`, whatever
            // `x` is) as equal values do.
            Some(OpKind::CmpI) => {
                let (a, b) = (sub(0, self), sub(1, self));
                let p = CmpI(op).predicate(m);
                let known = match (a.terms.is_empty() && b.terms.is_empty(), a == b) {
                    (true, _) => Some((a.konst, b.konst)),
                    (false, true) => Some((0, 0)),
                    _ => None,
                };
                match (known, p) {
                    (Some((x, y)), Some(p)) => {
                        compare(p, x, y).map_or(opaque, |x| Affine::constant(i64::from(x)))
                    }
                    _ => opaque,
                }
            }
            _ => match (ops.len(), kind.filter(|&k| fold_binary(k, 1, 1).is_some())) {
                // The other integer ops are affine only over constants: fold them.
                (2, Some(k)) => {
                    let (a, b) = (sub(0, self), sub(1, self));
                    match (a.terms.is_empty(), b.terms.is_empty()) {
                        (true, true) => {
                            fold_binary(k, a.konst, b.konst).map_or(opaque, Affine::constant)
                        }
                        _ => opaque,
                    }
                }
                _ => opaque,
            },
        }
    }
}

/// `c` as the integer of `v`'s type holds it: sign-extended from its width (an i32 `addi` of
/// 2147483647 and 1 is -2147483648, not the 64-bit sum). The forms compute in 64-bit two's
/// complement, which agrees with any narrower width modulo its 2^w for `addi subi muli shli andi
/// ori xori`; wrapping every constant result keeps the operands of the other folds (comparisons,
/// divisions, right shifts) what the narrow ops see, so an `if` on a folded condition takes the
/// arm the kernel takes. (Unsigned comparisons of sign-extended values order as at width w.)
pub fn wrap(m: &Module, v: Value, c: i64) -> i64 {
    match m.type_data(m.value_type(v)) {
        tilec_ir::TypeData::Int(w) if (1..64).contains(&u32::from(*w)) => {
            let sh = 64 - u32::from(*w);
            (c << sh) >> sh
        }
        _ => c,
    }
}

/// The value of `cmpi` with predicate `p` on two constants (None for an unknown predicate).
pub fn compare(p: &str, a: i64, b: i64) -> Option<bool> {
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

/// The value of the nv_tileas integer op of kind `kind` on two constants, as the 64-bit two's
/// complement the affine forms use; None for an op that is not a foldable binary integer op, or
/// a division by zero. The race checker's loop model evaluates ring slots (`i % N`) and mbarrier
/// parities (`(i / N) & 1`) with it.
pub fn fold_binary(kind: OpKind, a: i64, b: i64) -> Option<i64> {
    // Unsigned division and remainder only where the operands are non-negative (the loop
    // counters and slot numbers they are used for are).
    let divisible = |signed: bool| b != 0 && (a >= 0 && b > 0 || signed);
    Some(match kind {
        OpKind::AddI => a.wrapping_add(b),
        OpKind::SubI => a.wrapping_sub(b),
        OpKind::MulI => a.wrapping_mul(b),
        OpKind::AndI => a & b,
        OpKind::OrI => a | b,
        OpKind::XOrI => a ^ b,
        OpKind::ShLI if (0..64).contains(&b) => a.wrapping_shl(b as u32),
        OpKind::ShRSI if (0..64).contains(&b) => a >> b,
        OpKind::ShRUI if (0..64).contains(&b) => ((a as u64) >> b) as i64,
        OpKind::DivUI | OpKind::DivSI if divisible(kind == OpKind::DivSI) => a.wrapping_div(b),
        OpKind::RemUI | OpKind::RemSI if divisible(kind == OpKind::RemSI) => a.wrapping_rem(b),
        _ => return None,
    })
}

/// Which threads a value is the same for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Uniform {
    /// Every thread of the grid: kernel parameters, constants, grid and CTA sizes.
    Grid,
    /// Every thread of one CTA: also the CTA's block id, cluster rank and id, shared
    /// allocations.
    Cta,
}

/// Is `v` the same for every thread of the grid or of one CTA (`within`)? Integer arithmetic,
/// comparisons and pointers over such values are; anything loaded, or per thread, is not. So are
/// the results of an `if` on a uniform condition whose arms yield uniform values, and the values
/// a `for` or `while` carries when they start uniform, every iteration yields uniform values, and
/// the loop's control (bounds, exit condition) is uniform: by induction over the iterations, every
/// thread holds the same value in each (the lowering computes a 0-d tile value redundantly in every
/// thread, and a loop over one exits in every thread together).
pub fn uniform(m: &Module, v: Value, within: Uniform) -> bool {
    uniform_given(m, v, within, &FxHashSet::default())
}

/// [`uniform`], with the values of `known` taken as CTA-uniform: facts the caller proved (the race
/// checker's loads of broadcast slots, `races::slots`).
pub fn uniform_given(m: &Module, v: Value, within: Uniform, known: &FxHashSet<Value>) -> bool {
    let mut u = Uniformity {
        m,
        within,
        assumed: Vec::new(),
        budget: 4096,
        known,
        proven: FxHashSet::default(),
        log: Vec::new(),
    };
    u.value(v, 0)
}

/// The search behind [`uniform`]: `assumed` holds the loop-carried values taken as uniform while
/// an iteration is checked (the induction hypothesis); `budget` bounds the work (out of budget:
/// not proven, which is the conservative answer); `known` are CTA-uniform values proven by other
/// means. `proven` holds the values shown uniform so far, `log` the order they were shown in: a
/// value shown while an induction hypothesis was assumed holds only if that hypothesis does, so
/// when its proof fails, everything shown since it was assumed is forgotten (`Uniformity::arg`).
/// Without this memo, nested loops and `if`s re-prove the same loop conditions exponentially
/// often and run out of budget (fuzz find 11: a barrier under an `if` on a loop result).
struct Uniformity<'m> {
    m: &'m Module,
    within: Uniform,
    assumed: Vec<Value>,
    budget: u32,
    known: &'m FxHashSet<Value>,
    proven: FxHashSet<Value>,
    log: Vec<Value>,
}

impl Uniformity<'_> {
    fn value(&mut self, v: Value, depth: u32) -> bool {
        if self.proven.contains(&v) {
            return true;
        }
        let ok = self.prove(v, depth);
        if ok {
            self.proven.insert(v);
            self.log.push(v);
        }
        ok
    }

    fn prove(&mut self, v: Value, depth: u32) -> bool {
        if depth > 32 || self.budget == 0 {
            return false;
        }
        if self.within == Uniform::Cta && self.known.contains(&v) {
            return true;
        }
        self.budget -= 1;
        let m = self.m;
        let Some(op) = m.defining_op(v) else {
            return self.arg(v, depth);
        };
        let Some(kind) = OpKind::of(m, op) else {
            return false;
        };
        use OpKind as K;
        match kind {
            K::Constant | K::NumBlocks | K::NumThreads => true,
            K::BlockId | K::ClusterCtaRank | K::ClusterId | K::AllocShared => {
                self.within == Uniform::Cta
            }
            // `x < x` is false in every thread, whatever `x` holds.
            K::CmpI if m.operands(op).first() == m.operands(op).get(1) => true,
            k if k.is_int_arith() => self.operands(op, depth),
            K::CmpI
            | K::Select
            | K::PtrToInt
            | K::PtrToPtr
            | K::ExtSI
            | K::ExtUI
            | K::TruncI
            | K::Gep
            | K::Mapa
            | K::AddF
            | K::SubF
            | K::MulF
            | K::DivF
            | K::MaxF
            | K::MinF
            | K::CmpF => self.operands(op, depth),
            K::If => {
                let j = result_index(m, op, v);
                self.operand(op, 0, depth) && self.yields(op, &[0, 1], j, depth)
            }
            // Results: what the condition region yields after the condition.
            K::While => {
                let j = result_index(m, op, v);
                self.yields(op, &[0], 0, depth) && self.yields(op, &[0], j + 1, depth)
            }
            K::For => {
                let j = result_index(m, op, v);
                self.operands(op, depth) && self.yields(op, &[0], j, depth)
            }
            _ => false,
        }
    }

    /// A block argument: a kernel parameter, or a value a loop carries.
    fn arg(&mut self, v: Value, depth: u32) -> bool {
        let m = self.m;
        let tilec_ir::ValueDef::Arg(b, i) = m.value_def(v) else {
            return false;
        };
        let Some((r, op)) = m
            .block_parent(b)
            .and_then(|r| Some((r, m.region_parent(r)?)))
        else {
            return false;
        };
        let kind = OpKind::of(m, op);
        match kind {
            Some(OpKind::Kernel) => true,
            _ if self.assumed.contains(&v) => true,
            Some(OpKind::While | OpKind::For) => {
                let first = m.regions(op).first() == Some(&r);
                let mark = self.log.len();
                self.assumed.push(v);
                let ok = match (kind, first) {
                    // The condition region's arguments: the initial values, then what the body
                    // yields; the loop runs while a uniform condition holds.
                    (Some(OpKind::While), true) => {
                        self.operand(op, i as usize, depth)
                            && self.yields(op, &[1], i as usize, depth)
                            && self.yields(op, &[0], 0, depth)
                    }
                    // The body's arguments: what the condition region passes on.
                    (Some(OpKind::While), false) => self.yields(op, &[0], i as usize + 1, depth),
                    // The induction variable (uniform bounds), then the carried values.
                    (_, _) if i == 0 => (0..3).all(|k| self.operand(op, k, depth)),
                    _ => {
                        (0..3).all(|k| self.operand(op, k, depth))
                            && self.operand(op, i as usize + 2, depth)
                            && self.yields(op, &[0], i as usize - 1, depth)
                    }
                };
                self.assumed.pop();
                if !ok {
                    for x in self.log.drain(mark..) {
                        self.proven.remove(&x);
                    }
                }
                ok
            }
            _ => false,
        }
    }

    fn operand(&mut self, op: Op, k: usize, depth: u32) -> bool {
        match self.m.operands(op).get(k) {
            Some(&x) => self.value(x, depth + 1),
            None => false,
        }
    }

    fn operands(&mut self, op: Op, depth: u32) -> bool {
        let n = self.m.operands(op).len();
        (0..n).all(|k| self.operand(op, k, depth))
    }

    /// Is operand `k` of the terminator of each of `op`'s regions `regions` uniform?
    fn yields(&mut self, op: Op, regions: &[usize], k: usize, depth: u32) -> bool {
        let m = self.m;
        regions.iter().all(|&ri| {
            let Some(&r) = m.regions(op).get(ri) else {
                return false;
            };
            m.region_blocks(r).iter().all(|&b| {
                let Some(t) = m.block_ops(b).last() else {
                    return false;
                };
                self.operand(t, k, depth)
            })
        })
    }
}

/// The index of the result `v` of `op`.
fn result_index(m: &Module, op: Op, v: Value) -> usize {
    (0..m.num_results(op))
        .find(|&j| m.result(op, j) == v)
        .unwrap_or(usize::MAX)
}

/// Does every thread of the CTA reach `op` together (convergently)? Yes when each enclosing op
/// up to the kernel is an `if` on a CTA-uniform condition or a `for` whose operands (bounds,
/// step, initial values) are CTA-uniform: an arm or an iteration is then taken by the whole CTA
/// or by none of it. `elect`, `warp_role`, `while` and per-thread branches are not.
pub fn whole_cta(m: &Module, op: Op) -> bool {
    together(m, op, false, &FxHashSet::default())
}

/// [`whole_cta`], knowing more of loops: a `for` needs only its bounds and step CTA-uniform (the
/// values it carries do not decide its iterations), and a `while` is admitted when its condition
/// (the first operand its condition region yields) is CTA-uniform in every iteration, which
/// [`uniform`] proves by induction over the iterations: every thread then runs the same
/// iterations of both regions, so each time one thread reaches `op` every thread does (the
/// lowering of a `loop` with `break`/`continue` on 0-d tile values is such a `while`).
/// verify-races' question (is a `bar.sync` passed by the whole CTA between two accesses?), with
/// the values of `known` CTA-uniform ([`uniform_given`]); the lowering and the optimizers keep
/// [`whole_cta`].
pub fn whole_cta_in_loops(m: &Module, op: Op, known: &FxHashSet<Value>) -> bool {
    together(m, op, true, known)
}

/// [`whole_cta`]; with `loops`, [`whole_cta_in_loops`] (`known`: see [`uniform_given`]).
fn together(m: &Module, op: Op, loops: bool, known: &FxHashSet<Value>) -> bool {
    let mut cur = op;
    while let Some(p) = m.parent_op(cur) {
        if Kernel::is(m, p) {
            return true;
        }
        // The operands that decide which arm or iterations run.
        let decide = match (loops, For::is(m, p)) {
            (true, true) => 3,
            _ => m.operands(p).len(),
        };
        let uniform_operands = || {
            m.operands(p)[..decide.min(m.operands(p).len())]
                .iter()
                .all(|&x| uniform_given(m, x, Uniform::Cta, known))
        };
        let ok = if loops && While::is(m, p) {
            while_condition(m, p).is_some_and(|c| uniform_given(m, c, Uniform::Cta, known))
        } else {
            (If::is(m, p) || For::is(m, p)) && uniform_operands()
        };
        if !ok {
            return false;
        }
        cur = p;
    }
    false
}

/// The condition a `while` yields at the end of its condition region (its first region).
fn while_condition(m: &Module, op: Op) -> Option<Value> {
    let r = *m.regions(op).first()?;
    let [b] = m.region_blocks(r)[..] else {
        return None;
    };
    let t = m.block_ops(b).last()?;
    m.operands(t).first().copied()
}

/// Does the form differ between CTAs: a block-id term, or a term over a value that is not the
/// same for the whole grid (`block_id ^ 1` is an opaque variable, equal in two CTAs' forms
/// while its value is not)?
pub fn varies_by_cta(m: &Module, a: &Affine) -> bool {
    a.terms.iter().any(|(v, _)| match v {
        Var::Bid(_) | Var::Rank => true,
        Var::Opaque(x) => !uniform(m, *x, Uniform::Grid),
        _ => false,
    })
}
