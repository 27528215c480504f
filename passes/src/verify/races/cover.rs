//! CTA barriers on every path between two accesses. A `bar.sync` of the whole CTA (a `barrier`
//! with no `count`, which every thread reaches together: [`super::affine::whole_cta_in_loops`])
//! orders every generic access its threads made before it with every one they make after it
//! (acq_rel at cta scope, all state spaces). [`super::handoff`] settles a pair of generic accesses
//! of one CTA without a path search when such a barrier runs between them in every execution that
//! runs both:
//!
//! - [`Cover::between`]: in the lowest block that holds both accesses, an op between the two that
//!   passes such a barrier every time it runs: the barrier itself, or an `if` each of whose live
//!   arms holds one (the lowering puts the barrier a token asks for inside each arm that holds an
//!   ordered op, so a producer before the `if` and a consumer after it pass one of them). The block
//!   runs the two in one of its executions (one iteration of any loop around it; of a modeled loop,
//!   the copies of consecutive iterations), in block order, and the barrier between. Or such an op
//!   after the first access in a block around it below that block (it runs after the access, in
//!   the same execution of the op that holds it), or before the second in a block around it.
//! - [`Cover::around`]: the two accesses in the two arms of one `if` on a CTA-uniform condition
//!   inside a loop: they never run in one iteration of the innermost loop around the `if` (the
//!   whole CTA takes one arm), so the pair joins two iterations, and an op that passes such a
//!   barrier in every iteration that runs the `if` (in a block around it, up to that loop's body,
//!   before the `if` or after it) runs between them: after the first access in its iteration, or
//!   before the second in its own. So does one after the first access in its arm, or before the
//!   second in its arm.
//!
//! A barrier is whole-CTA only where every `if`, `for` and `while` around it decides alike in
//! every thread, so all threads pass the same instance of it, between the two accesses.

use super::affine::{uniform_given, whole_cta_in_loops, Uniform};
use super::model::Model;
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileas::views::{Barrier, If, OpKind};
use tilec_ir::{Block, Op, OpView};

/// The barrier-passing ops of a kernel's blocks (see the module docs).
pub(super) struct Cover {
    /// Per block, its ops that pass a whole-CTA barrier every time they run, in program order:
    /// (position, the op, a barrier it passes).
    by_block: FxHashMap<Block, Vec<(u32, Op, Op)>>,
}

impl Cover {
    pub(super) fn new(md: &Model) -> Cover {
        let mut memo = FxHashMap::default();
        let mut by_block: FxHashMap<Block, Vec<(u32, Op, Op)>> = FxHashMap::default();
        // Only a barrier or an `if` passes one: those ops, by kind, then each block's list in
        // program order.
        let ops = md
            .ops_of(OpKind::Barrier)
            .iter()
            .chain(md.ops_of(OpKind::If));
        for &op in ops {
            if let (Some(by), Some(b)) = (passes(md, op, &mut memo), md.m.op_block(op)) {
                by_block.entry(b).or_default().push((md.at(op).pos, op, by));
            }
        }
        for list in by_block.values_mut() {
            list.sort_unstable_by_key(|e| e.0);
        }
        Cover { by_block }
    }

    /// A whole-CTA barrier that runs between `x` and `y` (`x` first in program order) whenever
    /// both run in one execution of their lowest common block (module docs).
    pub(super) fn between(&self, md: &Model, x: Op, y: Op) -> Option<Op> {
        let (cx, cy) = (chain(md, x), chain(md, y));
        let (b, ax, ay) = cy
            .iter()
            .find_map(|&(b, ay)| cx.iter().find(|c| c.0 == b).map(|&(_, ax)| (b, ax, ay)))?;
        let (lo, hi) = (md.at(ax).pos, md.at(ay).pos);
        if lo >= hi {
            return None;
        }
        let list = self.by_block.get(&b)?;
        let i = list.partition_point(|e| e.0 <= lo);
        list.get(i)
            .filter(|e| e.0 < hi)
            .map(|e| e.2)
            .or_else(|| self.along(md, &cx, b, true))
            .or_else(|| self.along(md, &cy, b, false))
    }

    /// A whole-CTA barrier that runs between `x` and `y`, which sit in the two arms of one `if`
    /// on a CTA-uniform condition in a loop (module docs).
    pub(super) fn around(&self, md: &Model, x: Op, y: Op) -> Option<Op> {
        let m = md.m;
        let (cx, cy) = (chain(md, x), chain(md, y));
        let (b, p) = cy
            .iter()
            .find_map(|&(b, ay)| cx.iter().find(|c| c.0 == b).map(|&(_, ax)| (b, ax, ay)))
            .and_then(|(b, ax, ay)| (ax == ay).then_some((b, ax)))?;
        let cond = *m.operands(p).first()?;
        if !If::is(m, p) || !md.in_loop(p) || !uniform_given(m, cond, Uniform::Cta, &md.known) {
            return None;
        }
        // In the first access's arm after it, in the second's before it, or around the `if` in
        // every iteration that runs it.
        let found = self
            .along(md, &cx, b, true)
            .or_else(|| self.along(md, &cy, b, false));
        if found.is_some() {
            return found;
        }
        for (b, cur) in chain(md, p) {
            let found = self
                .in_block(md, b, cur, true)
                .or_else(|| self.in_block(md, b, cur, false));
            if found.is_some() {
                return found;
            }
            let parent = m.block_parent(b).and_then(|r| m.region_parent(r));
            if parent.is_some_and(|l| loop_of(md, l, cur)) {
                return None;
            }
        }
        None
    }

    /// A barrier-passing op of the blocks of `chain` below the block `stop`, after (`later`) or
    /// before the op of the chain in each: it runs, in that execution of the block, after (or
    /// before) the op the chain starts from.
    fn along(&self, md: &Model, chain: &[(Block, Op)], stop: Block, later: bool) -> Option<Op> {
        chain
            .iter()
            .take_while(|c| c.0 != stop)
            .find_map(|&(b, cur)| self.in_block(md, b, cur, later))
    }

    /// A barrier-passing op of block `b` after (`later`) or before its op `cur`, of the same
    /// iteration as `cur` (the body of a modeled loop holds the copies of several iterations,
    /// and its last ones may not run).
    fn in_block(&self, md: &Model, b: Block, cur: Op, later: bool) -> Option<Op> {
        let list = self.by_block.get(&b)?;
        let (pos, it) = (md.at(cur).pos, md.iteration.get(&cur));
        let side = |e: &&(u32, Op, Op)| if later { e.0 > pos } else { e.0 < pos };
        list.iter()
            .filter(side)
            .find(|e| md.iteration.get(&e.1) == it)
            .map(|e| e.2)
    }
}

/// Is `l` a loop that runs `cur` (an op of its body) more than once: a `for` or `while`, but not
/// a modeled `for`, whose body holds copies of single iterations?
fn loop_of(md: &Model, l: Op, cur: Op) -> bool {
    match OpKind::of(md.m, l) {
        Some(OpKind::While) => true,
        Some(OpKind::For) => !md.iteration.contains_key(&cur),
        _ => false,
    }
}

/// The blocks around `op`, innermost first, each with its op that is or holds `op`.
fn chain(md: &Model, op: Op) -> Vec<(Block, Op)> {
    let m = md.m;
    let mut out = Vec::new();
    let mut cur = op;
    while let Some(b) = m.op_block(cur) {
        out.push((b, cur));
        match m.parent_op(cur) {
            Some(p) if p != md.kernel => cur = p,
            _ => break,
        }
    }
    out
}

/// A whole-CTA barrier that `op` passes every time it runs: `op` itself, or one that each live
/// arm of the `if` `op` passes (memoized in `memo`).
fn passes(md: &Model, op: Op, memo: &mut FxHashMap<Op, Option<Op>>) -> Option<Op> {
    let m = md.m;
    // Only an `if` is memoized: the others are answered at once (a memo entry per op of the
    // kernel was most of the checker's time on a kernel of a million ops).
    if let Some(b) = Barrier::cast(m, op) {
        let whole = b.count(m).is_none() && !md.at(op).dead && whole_cta_in_loops(m, op, &md.known);
        return whole.then_some(op);
    }
    if !If::is(m, op) {
        return None;
    }
    if let Some(&known) = memo.get(&op) {
        return known;
    }
    let mut first = None;
    let mut every = true;
    for &r in m.regions(op) {
        let [b] = m.region_blocks(r)[..] else {
            return None;
        };
        let ops: Vec<Op> = m.block_ops(b).collect();
        if ops.last().is_some_and(|&t| md.at(t).dead) {
            continue;
        }
        match ops.iter().find_map(|&o| passes(md, o, memo)) {
            Some(by) => first = first.or(Some(by)),
            None => every = false,
        }
    }
    let found = first.filter(|_| every);
    memo.insert(op, found);
    found
}
