//! The clean-up of a lowered kernel body, after every op is lowered.
//!
//! - **Unused kind selects.** An escaping `if` yields the kind of its exit; where the guard of
//!   the rest of the body and the `while`'s condition test the `if`'s own condition instead
//!   (control.rs, `Kind::Pick`), nothing uses that kind, and the `if`s that only select it go.
//! - **Spin-invariant arithmetic.** The condition region of an `nv_tileas.while` is the whole
//!   body of a `loop` (control.rs), so the address of a spin's load is computed in every
//!   iteration. Integer arithmetic, constants and `gep`s there whose operands are all defined
//!   outside the `while` move before it: the region runs at least once, so the values are
//!   the same and nothing runs that would not have. ptxas leaves part of such arithmetic in the
//!   loop (register moves per poll), which a spin pays on every iteration.
//!
//! Invariant: both only remove or move ops without side effects; the IR stays verified.

use rustc_hash::FxHashSet;
use tilec_dialects::nv_tileas as tas;
use tilec_ir::{Block, Module, Op, OpView, ValueDef, WalkControl};

/// Runs both clean-ups on the kernel body `body`.
pub(super) fn tidy(m: &mut Module, body: Block) {
    sweep_kind_ifs(m, body);
    hoist_spin_invariants(m, body);
}

/// Erases the `nv_tileas.if`s whose results nobody uses and whose arms only yield constants or
/// values from outside. Repeats until none is left, since erasing one can leave the `if` it
/// used dead.
fn sweep_kind_ifs(m: &mut Module, body: Block) {
    loop {
        let mut used = FxHashSet::default();
        let mut ifs = Vec::new();
        m.walk_block(body, &mut |o| {
            used.extend(m.operands(o).iter().copied());
            if tas::If::is(m, o) {
                ifs.push(o);
            }
            WalkControl::Continue
        });
        let dead: Vec<Op> = ifs
            .into_iter()
            .filter(|&o| m.results(o).all(|r| !used.contains(&r)))
            .filter(|&o| {
                m.nested_ops(o)
                    .iter()
                    .all(|&n| tas::Constant::is(m, n) || tas::Yield::is(m, n))
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        for o in dead {
            m.erase_op(o);
        }
    }
}

/// Whether `op` computes a value from its operands alone (no memory, no thread state; PTX
/// integer division does not trap): what may run once before a loop instead of in every
/// iteration.
fn invariant_kind(m: &Module, op: Op) -> bool {
    use tas::OpKind as K;
    K::of(m, op).is_some_and(|k| {
        k.is_int_arith()
            || matches!(
                k,
                K::Constant
                    | K::Gep
                    | K::ExtSI
                    | K::ExtUI
                    | K::TruncI
                    | K::CmpI
                    | K::Select
                    | K::MaxSI
                    | K::MaxUI
                    | K::MinSI
                    | K::MinUI
            )
    }) && m.regions(op).is_empty()
}

/// Is `v` defined outside the op `w` (not by an op nested in it, nor as an argument of one of
/// its blocks)?
fn outside(m: &Module, v: tilec_ir::Value, w: Op) -> bool {
    let def = match m.value_def(v) {
        ValueDef::Result(op, _) => op,
        ValueDef::Arg(b, _) => match m.block_parent(b).and_then(|r| m.region_parent(r)) {
            Some(owner) => owner,
            None => return true,
        },
    };
    def != w && !m.ancestors(def).any(|p| p == w)
}

/// Moves the invariant ops of every `while`'s condition region (its first block, in order, so
/// that an op whose operands were just moved moves too) before the `while`.
fn hoist_spin_invariants(m: &mut Module, body: Block) {
    let mut whiles = Vec::new();
    m.walk_block(body, &mut |o| {
        if tas::While::is(m, o) {
            whiles.push(o);
        }
        WalkControl::Continue
    });
    // Inner loops first (the pre-order list reversed): what leaves an inner loop's condition
    // lands in the outer one's, and may leave that too.
    for &w in whiles.iter().rev() {
        let Some(cond) = m.regions(w).first().and_then(|r| m.entry_block(*r)) else {
            continue;
        };
        let ops: Vec<Op> = m.block_ops(cond).collect();
        for op in ops {
            if invariant_kind(m, op) && m.operands(op).iter().all(|&v| outside(m, v, w)) {
                m.detach(op);
                m.insert_before(w, op);
            }
        }
    }
}
