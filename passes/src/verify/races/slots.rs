//! Broadcast loads: the lowering's 0-d result of an elected access (`lower-aa-to-as`,
//! `Lower::elected`) reaches every thread through a shared-memory slot of its own,
//!
//! ```text
//! elect { %x = ld/atom …; st %slot, %x }   // thread 0
//! barrier                                  // the whole CTA
//! %y = ld %slot                            // every thread
//! ```
//!
//! and inside a loop a barrier before the `elect` separates the previous iteration's loads from
//! the next store. Such a `%y` is the same in every thread of the CTA, so an `if` on it (the
//! lowering's `if` on a loaded 0-d tile value) is CTA-uniform, and a barrier in it is the CTA's.
//!
//! Why it is sound. Let the slot `S` be an `alloc_shared` whose only write is the `st` W, directly
//! in an `elect` E (thread 0 runs it whenever E runs), with E, a `barrier` B (no `count`) and the
//! load L consecutive in one block, and B reached by the whole CTA together. Each time a thread
//! runs L it has just passed B, and every thread passes the same instance of B, after thread 0
//! ran E and so W: that W happens before every thread's L (bar.sync is acq_rel at cta scope).
//! Earlier runs of W are program-ordered before it in thread 0, so coherence-before it. A later
//! run of W comes after a barrier R that runs in every iteration of the innermost loop around E
//! before E (in E's block or a block around it up to that loop's body); every thread passes R
//! after its L, so the later W happens after every L and no L reads it. Every thread's L
//! therefore reads that one W. R is in a block around E, so the ops around it are among B's:
//! when B is the whole CTA's, so is R. Outside loops E runs once and R is not needed.
//!
//! The loads are found as a greatest fixpoint: every candidate is first taken as uniform, and one
//! whose B is not the whole CTA's given the others is dropped, until none is. This is the
//! induction [`super::affine::uniform`] makes over a loop's iterations: a condition around a B is
//! computed before it in time (an SSA value before its use, or an earlier iteration's load
//! through the values a loop carries: the spin `while (ld slot < 1)` around its own elected load),
//! so if every B reached so far was passed by the whole CTA together, the loads after them were
//! uniform, and so are the conditions that decide whether the next B is reached.

use super::affine::whole_cta_in_loops;
use super::model::plain_barrier;
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::views::{AllocShared, Elect, For, Ld, OpKind, While};
use tilec_ir::{Module, Op, OpView, Value};

/// A load of a slot with its `barrier`.
struct Candidate {
    load: Op,
    barrier: Op,
}

/// The CTA-uniform broadcast loads of kernel `k` (module docs). On a kernel with modeled loops,
/// ask the original kernel: a copy of a load is one of its executions ([`super::unroll`] keeps the
/// answer in `Unrolled::broadcast`).
pub(super) fn broadcast_loads(m: &Module, k: Op) -> FxHashSet<Op> {
    let mut ops = Vec::new();
    super::unroll::nested(m, k, &mut ops);
    let writers = slot_writers(m, &ops);
    let mut cands: Vec<Candidate> = ops
        .iter()
        .filter_map(|&l| candidate(m, k, l, &writers))
        .collect();
    loop {
        let known: FxHashSet<Value> = cands.iter().flat_map(|c| m.results(c.load)).collect();
        let before = cands.len();
        cands.retain(|c| whole_cta_in_loops(m, c.barrier, &known));
        if cands.len() == before {
            return cands.iter().map(|c| c.load).collect();
        }
    }
}

/// For each `alloc_shared` of `ops`: its one writer, a `st` to its start, when every other use is
/// a `ld` of its start (None: used otherwise, or written more than once).
fn slot_writers(m: &Module, ops: &[Op]) -> FxHashMap<Value, Option<Op>> {
    let mut out: FxHashMap<Value, Option<Op>> = FxHashMap::default();
    let slots: FxHashSet<Value> = ops
        .iter()
        .filter(|&&o| AllocShared::is(m, o))
        .flat_map(|&o| m.results(o))
        .collect();
    let mut spoiled: FxHashSet<Value> = FxHashSet::default();
    for &o in ops {
        for (i, &v) in m.operands(o).iter().enumerate() {
            if !slots.contains(&v) {
                continue;
            }
            match (OpKind::of(m, o), i) {
                (Some(OpKind::Ld), 0) => {}
                (Some(OpKind::St), 0) if !out.contains_key(&v) => {
                    out.insert(v, Some(o));
                }
                _ => {
                    spoiled.insert(v);
                }
            }
        }
    }
    for v in spoiled {
        out.insert(v, None);
    }
    out
}

/// `l` as a broadcast load, when its shape is the module docs' (all but B's reach).
fn candidate(
    m: &Module,
    k: Op,
    l: Op,
    writers: &FxHashMap<Value, Option<Op>>,
) -> Option<Candidate> {
    if !Ld::is(m, l) {
        return None;
    }
    let slot = *m.operands(l).first()?;
    let w = (*writers.get(&slot)?)?;
    let e = m.parent_op(w)?;
    let b = m.prev_op(l)?;
    let shape = Elect::is(m, e) && plain_barrier(m, b) && m.prev_op(b) == Some(e);
    (shape && reused_safely(m, k, e)).then_some(Candidate {
        load: l,
        barrier: b,
    })
}

/// Does a plain `barrier` run before `e` in every iteration of the innermost loop around it (in
/// `e`'s block or a block around it, up to that loop's body)? Yes too when no loop encloses `e`.
fn reused_safely(m: &Module, k: Op, e: Op) -> bool {
    let mut cur = e;
    loop {
        let mut prev = m.prev_op(cur);
        while let Some(p) = prev {
            if plain_barrier(m, p) {
                return true;
            }
            prev = m.prev_op(p);
        }
        match m.parent_op(cur) {
            Some(p) if p != k && (For::is(m, p) || While::is(m, p)) => return false,
            Some(p) if p != k => cur = p,
            _ => return true,
        }
    }
}
