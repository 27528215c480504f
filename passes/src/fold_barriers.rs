//! `fold-barriers`: an nv_tileas CTA barrier (`bar.sync id`) that repeats the barrier right
//! before it is removed. The default pipeline runs it after `weakest-fence`, whose removed fences
//! can leave `bar.sync 0; bar.sync 0;` behind (`--no-weakest-fence` skips both, so the
//! conservative baseline is untouched).
//!
//! The second barrier B2 of a pair B1 … B2 is removed when:
//! - both are `barrier` ops of the same block with the same id and the same thread count, and
//!   the count is absent or the kernel's `num_threads` (every thread of the CTA takes part);
//! - the whole CTA reaches them convergently ([`affine::whole_cta`]: no `elect`, `warp_role`,
//!   `while`, or `if`/`for` on a per-thread value around them);
//! - every op between them is pure: constants, special registers, integer and float arithmetic,
//!   comparisons, `select`, and address computation (`gep`, `mapa`, `alloc_shared`) — no memory
//!   access, no fence, no barrier, no mbarrier or async op, no op with regions.
//!
//! Why it is sound. A barrier orders every access its participants made before it with every
//! access they make after it. Every thread runs B1 then B2 with no access in between, so the
//! accesses before B2 are the accesses before B1, and B1 already orders them with everything after
//! B1, which includes everything after B2: B2 adds no order. It adds no other effect either: all
//! threads of the CTA execute both barriers, so removing B2 takes one barrier instance out of
//! every thread's sequence of barrier-`id` ops at the same place, and every later barrier of that
//! id still matches the same threads as before. A partial count is excluded because such a barrier
//! completes with whichever `count` threads arrive first, and B2 may group threads differently
//! from B1 (then it orders accesses across B1's groups); a divergent barrier is excluded because
//! the threads that run it are not known to be the same set at both.
//!
//! With `--explain-fences` every removed barrier gets a remark, with a note at the barrier it
//! repeats.

use crate::verify::races::affine;
use crate::weakest_fence::{FenceDecision, FenceOutcome};
use crate::Cx;
use tilec_dialects::nv_tileas::{
    AddF, AddI, AllocShared, AndI, Barrier, BlockId, ClusterCtaRank, ClusterId, CmpF, CmpI,
    Constant, DivF, DivSI, DivUI, Gep, Kernel, LaneId, Mapa, MaxF, MinF, MulF, MulI, NumBlocks,
    NumThreads, OrI, RemSI, RemUI, Select, ShLI, ShRSI, ShRUI, SubF, SubI, ThreadId, WarpId, XOrI,
};
use tilec_ir::pass::Pass;
use tilec_ir::{Block, Diagnostics, Module, Op, OpView};

/// The pass.
pub struct FoldBarriers;

impl Pass<Cx> for FoldBarriers {
    fn name(&self) -> &'static str {
        "fold-barriers"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::FoldBarriersExplain
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        let kernels: Vec<Kernel> = m
            .top_ops()
            .into_iter()
            .filter_map(|k| Kernel::cast(m, k))
            .collect();
        for k in kernels {
            for (kept, gone) in repeats(m, k) {
                if cx.wants_fence_decisions() {
                    cx.record_fence_decisions(vec![folded(m, k, kept, gone)], &mut d);
                }
                m.erase_op(gone);
            }
        }
        d
    }
}

/// The decision (and `--explain-fences` remark) for barrier `gone` of kernel `k`, removed as a
/// repeat of `kept`.
fn folded(m: &Module, k: Kernel, kept: Op, gone: Op) -> FenceDecision {
    FenceDecision {
        kernel: k.sym_name(m).to_string(),
        loc: m.op_loc(gone),
        op: "barrier",
        // A barrier is one instruction on every target: its form needs no target.
        before: crate::weakest_fence::forms::forms(m, gone, false),
        after: Vec::new(),
        outcome: FenceOutcome::Folded {
            repeats: m.op_loc(kept),
        },
        covers: Vec::new(),
    }
}

/// Every barrier of kernel `k` that repeats an earlier one, as (earlier, repeat) pairs.
fn repeats(m: &Module, k: Kernel) -> Vec<(Op, Op)> {
    let threads = k.num_threads(m);
    let mut out = Vec::new();
    let mut blocks = blocks_of(m, k.op());
    for o in m.nested_ops(k.op()) {
        blocks.extend(blocks_of(m, o));
    }
    for b in blocks {
        scan(m, b, threads, &mut out);
    }
    out
}

fn blocks_of(m: &Module, op: Op) -> Vec<Block> {
    m.regions(op)
        .iter()
        .flat_map(|&r| m.region_blocks(r).iter().copied())
        .collect()
}

/// The repeats among the ops of block `b` (not nested ones): a barrier is compared with the last
/// foldable barrier before it, as long as only pure ops lie between.
fn scan(m: &Module, b: Block, threads: i64, out: &mut Vec<(Op, Op)>) {
    let mut last: Option<Barrier> = None;
    for op in m.block_ops(b) {
        match Barrier::cast(m, op) {
            Some(bar) => {
                if let Some(prev) = last.filter(|p| same(m, *p, bar)) {
                    out.push((prev.op(), op));
                    continue;
                }
                last = foldable(m, bar, threads).then_some(bar);
            }
            None if pure(m, op) => {}
            None => last = None,
        }
    }
}

fn same(m: &Module, a: Barrier, b: Barrier) -> bool {
    a.id(m) == b.id(m) && a.count(m) == b.count(m)
}

/// Does every thread of the CTA take part in `bar`, convergently?
fn foldable(m: &Module, bar: Barrier, threads: i64) -> bool {
    bar.count(m).is_none_or(|c| c == threads) && affine::whole_cta(m, bar.op())
}

/// The ops that neither access memory nor synchronize: constants, special registers,
/// arithmetic, comparisons and address computation.
const PURE: &[fn(&Module, Op) -> bool] = &[
    Constant::is,
    ThreadId::is,
    BlockId::is,
    NumBlocks::is,
    ClusterCtaRank::is,
    ClusterId::is,
    NumThreads::is,
    LaneId::is,
    WarpId::is,
    Gep::is,
    Mapa::is,
    AllocShared::is,
    AddI::is,
    SubI::is,
    MulI::is,
    DivSI::is,
    DivUI::is,
    RemSI::is,
    RemUI::is,
    AndI::is,
    OrI::is,
    XOrI::is,
    ShLI::is,
    ShRUI::is,
    ShRSI::is,
    AddF::is,
    SubF::is,
    MulF::is,
    DivF::is,
    MaxF::is,
    MinF::is,
    CmpI::is,
    CmpF::is,
    Select::is,
];

fn pure(m: &Module, op: Op) -> bool {
    PURE.iter().any(|is| is(m, op))
}
