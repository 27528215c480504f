//! Who touches which elements: the facts the barrier placement of `lower-aa-to-as` needs,
//! computed on the nv_tileaa kernel before any code is emitted (value numbers and the affine
//! form of pointer tiles are in [`super::numbering`]).
//!
//! - **Access**: a 0-d (or one-element) access is `Elected` (thread 0); an n-d access through an
//!   injective pointer tile is `Owners(its value number)` (each thread touches only its own
//!   elements); any other n-d access (a broadcast pointer, gathered pointers) is `Anyone`.
//! - **Token flow**: the accesses a token orders that are not yet synchronized by a CTA barrier.
//!   A memory op's token carries its own access (a barrier, when needed, went before it), or
//!   `Nobody` after an acquire (the barrier after it synchronized everything); a fence's token is
//!   `Nobody`. `if` joins its arms; `for`/`loop` iterate to a fixpoint, and a token crossing the
//!   back edge loses `Owners(k)` when `k` is built inside the loop (its addresses change from one
//!   iteration to the next) — it becomes `Anyone`.

use super::numbering::{elems, Numbering};
use crate::dense::{DenseMap, Ranges};
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileaa::{For, OpKind};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_dialects::types::is_token;
use tilec_ir::{Block, MemScope, MemSemantic, Module, Op, OpView, Value, WalkControl};

/// Who touched memory through a token's history and is not yet synchronized with the rest of
/// the tile block.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Who {
    /// Nothing unsynchronized.
    Nobody,
    /// The elected thread (thread 0) only.
    Elected,
    /// Every thread, each on its own elements of the pointer tile with this value number.
    Owners(u32),
    /// Any thread, any element.
    Anyone,
}

/// The least `Who` covering both.
pub(super) fn join(a: Who, b: Who) -> Who {
    match (a, b) {
        (Who::Nobody, x) | (x, Who::Nobody) => x,
        (x, y) if x == y => x,
        _ => Who::Anyone,
    }
}

/// Whether an access by `who` ordered after the unsynchronized accesses `before` needs a CTA
/// barrier in between: yes unless nothing is pending or the same threads touch the same elements
/// (the elected thread after itself; each owner after itself on one injective pointer tile).
pub(super) fn needs_barrier(before: Who, who: Who) -> bool {
    match before {
        Who::Nobody => false,
        Who::Anyone => true,
        b => b != who,
    }
}

/// Whether thread 0 alone can run the kernel: every tile has at most one element (so thread 0
/// owns every element, and every access is already the elected thread's), and no op needs a
/// warp's lanes together (a reduction, a scan or an `mma` lowers to shuffles or tensor-core
/// fragments even on small tiles). Then the other threads have nothing to do, and the broadcast
/// of a loaded value to them and the CTA barriers that order their accesses have no use.
pub(super) fn one_thread_kernel(m: &Module, body: Block) -> bool {
    let small = |v: &Value| {
        tilec_dialects::types::tile_shape(m, m.value_type(*v))
            .is_none_or(|(dims, _)| dims.iter().product::<u64>() <= 1)
    };
    if !m.block_args(body).iter().all(small) {
        return false;
    }
    m.walk_block(body, &mut |op| {
        let cooperative = matches!(
            OpKind::of(m, op),
            Some(OpKind::Reduce | OpKind::Scan | OpKind::MmaF | OpKind::MmaI)
        );
        let args_small = m.regions(op).iter().all(|&r| {
            m.region_blocks(r)
                .iter()
                .all(|&b| m.block_args(b).iter().all(small))
        });
        if !cooperative && args_small && m.results(op).all(|v| small(&v)) {
            WalkControl::Continue
        } else {
            WalkControl::Stop
        }
    })
}

/// The memory ops of nv_tileaa and the number of value operands after the pointer.
pub(super) fn mem_values(k: OpKind) -> Option<usize> {
    Some(match k {
        OpKind::LoadPtr => 0,
        OpKind::StorePtr | OpKind::AtomicRmw => 1,
        OpKind::AtomicCas => 2,
        _ => return None,
    })
}

/// Whether `k` is a memory op ([`mem_values`]).
pub(super) fn is_mem(k: Option<OpKind>) -> bool {
    k.and_then(mem_values).is_some()
}

/// The pair of a memory op or fence, as written.
pub(super) fn pair(m: &Module, op: Op) -> (Option<MemSemantic>, Option<MemScope>) {
    AnyPair::cast(m, op).map_or((None, None), |p| p.pair(m))
}

/// The facts the lowering reads.
pub(super) struct Flow {
    who: DenseMap<Value, Who>,
    access: DenseMap<Op, Who>,
    /// The first results of elected memory ops (the values a broadcast may carry): true once
    /// an op uses it.
    elected: FxHashMap<Value, bool>,
}

impl Flow {
    /// The unsynchronized accesses a token value orders (`Anyone` for an unknown token).
    pub(super) fn token(&self, v: Value) -> Who {
        self.who.get(v).copied().unwrap_or(Who::Anyone)
    }
    /// The join over `op`'s token operands.
    pub(super) fn before(&self, m: &Module, op: Op) -> Who {
        m.operands(op)
            .iter()
            .filter(|v| is_token(m, m.value_type(**v)))
            .fold(Who::Nobody, |w, v| join(w, self.token(*v)))
    }
    /// Who performs the accesses of memory op `op`.
    pub(super) fn access(&self, op: Op) -> Who {
        self.access.get(op).copied().unwrap_or(Who::Anyone)
    }
    /// Whether the first result of elected memory op `op` is used.
    pub(super) fn result_used(&self, m: &Module, op: Op) -> bool {
        m.results(op)
            .next()
            .is_some_and(|r| self.elected.get(&r).copied().unwrap_or(false))
    }
}

/// Analyzes the kernel whose body is `body`, whose values and ops have the index ranges
/// `ranges` ([`crate::dense::kernel_ranges`]).
pub(super) fn analyze(m: &Module, body: Block, ranges: Ranges) -> Flow {
    let (values, ops) = ranges;
    let n = Numbering::build(m, body, values);
    let mut flow = Flow {
        who: DenseMap::new(values),
        access: DenseMap::new(ops),
        elected: FxHashMap::default(),
    };
    m.walk_block(body, &mut |op| {
        // Uses follow their definition in a pre-order walk (SSA dominance): an elected result
        // is known to be used once a later op names it.
        if !flow.elected.is_empty() {
            for v in m.operands(op) {
                if let Some(used) = flow.elected.get_mut(v) {
                    *used = true;
                }
            }
        }
        if is_mem(OpKind::of(m, op)) {
            let w = match m.operands(op).first() {
                Some(&p) if elems(m, m.value_type(p)).is_some_and(|k| k > 1) => {
                    n.injective(p).map_or(Who::Anyone, Who::Owners)
                }
                _ => Who::Elected,
            };
            flow.access.insert(op, w);
            if let (Who::Elected, Some(r)) = (w, m.results(op).next()) {
                flow.elected.insert(r, false);
            }
        }
        WalkControl::Continue
    });
    let mut t = Tokens {
        m,
        n: &n,
        flow: &mut flow,
        loops: Vec::new(),
    };
    t.block(body);
    flow
}

/// What the body of the innermost loop sends along its back edge and out of the loop.
struct LoopAcc {
    cont: Vec<Who>,
    brk: Vec<Who>,
}

struct Tokens<'a> {
    m: &'a Module,
    n: &'a Numbering,
    flow: &'a mut Flow,
    loops: Vec<LoopAcc>,
}

impl Tokens<'_> {
    fn whos(&self, vs: &[Value]) -> Vec<Who> {
        vs.iter()
            .map(|v| {
                if is_token(self.m, self.m.value_type(*v)) {
                    self.flow.token(*v)
                } else {
                    Who::Nobody
                }
            })
            .collect()
    }

    /// Walks a block; returns what its `yield` yields (None when it ends otherwise).
    fn block(&mut self, b: Block) -> Option<Vec<Who>> {
        let m = self.m;
        for op in m.block_ops(b) {
            let k = OpKind::of(m, op);
            let ops = m.operands(op);
            match k {
                Some(OpKind::MakeToken | OpKind::FenceTko) => {
                    for r in m.results(op) {
                        self.flow.who.insert(r, Who::Nobody);
                    }
                }
                Some(OpKind::JoinTokens) => {
                    let w = self.whos(ops).into_iter().fold(Who::Nobody, join);
                    for r in m.results(op) {
                        self.flow.who.insert(r, w);
                    }
                }
                _ if is_mem(k) => {
                    let w = if pair(m, op).0.is_none_or(|s| s.has_acquire()) {
                        Who::Nobody
                    } else {
                        self.flow.access(op)
                    };
                    if let Some(t) = m.results(op).last() {
                        self.flow.who.insert(t, w);
                    }
                }
                Some(OpKind::If) => {
                    let arms: Vec<Option<Vec<Who>>> = m
                        .regions(op)
                        .iter()
                        .map(|r| m.entry_block(*r).and_then(|b| self.block(b)))
                        .collect();
                    for (i, r) in m.results(op).enumerate() {
                        let w = arms
                            .iter()
                            .flatten()
                            .filter_map(|y| y.get(i).copied())
                            .fold(Who::Nobody, join);
                        self.flow.who.insert(r, w);
                    }
                }
                Some(OpKind::For) => self.loop_op(op, ops.get(3..).unwrap_or(&[]), 1),
                Some(OpKind::Loop) => self.loop_op(op, ops, 0),
                Some(OpKind::Yield) => return Some(self.whos(ops)),
                Some(OpKind::Continue | OpKind::Break) => {
                    let ws = self.whos(ops);
                    if let Some(acc) = self.loops.last_mut() {
                        let v = if k == Some(OpKind::Continue) {
                            &mut acc.cont
                        } else {
                            &mut acc.brk
                        };
                        for (i, w) in ws.into_iter().enumerate() {
                            if let Some(x) = v.get_mut(i) {
                                *x = join(*x, w);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// `for` (the body's first argument is the induction variable) and `loop`.
    fn loop_op(&mut self, op: Op, inits: &[Value], skip: usize) {
        let m = self.m;
        let init = self.whos(inits);
        let Some(body) = m.regions(op).first().and_then(|r| m.entry_block(*r)) else {
            return;
        };
        let args: Vec<Value> = m.block_args(body).iter().skip(skip).copied().collect();
        let nres = m.num_results(op);
        let mut cur = init.clone();
        let mut acc;
        let mut rounds = 0;
        let mut forced = false;
        loop {
            for (a, w) in args.iter().zip(&cur) {
                self.flow.who.insert(*a, *w);
            }
            self.loops.push(LoopAcc {
                cont: vec![Who::Nobody; args.len()],
                brk: vec![Who::Nobody; nres],
            });
            self.block(body);
            acc = self.loops.pop().unwrap_or(LoopAcc {
                cont: Vec::new(),
                brk: Vec::new(),
            });
            let next: Vec<Who> = init
                .iter()
                .zip(acc.cont.iter().chain(std::iter::repeat(&Who::Anyone)))
                .map(|(i, c)| join(*i, self.sanitize(*c, op)))
                .collect();
            if next == cur || forced {
                break;
            }
            // The lattice is three levels high, so this converges in a few rounds; the cap only
            // guards against a bug (everything pending is the conservative answer).
            rounds += 1;
            if rounds > 8 {
                cur = vec![Who::Anyone; args.len()];
                forced = true;
            } else {
                cur = next;
            }
        }
        let out: Vec<Who> = if For::is(m, op) {
            cur
        } else {
            acc.brk.iter().map(|w| self.sanitize(*w, op)).collect()
        };
        for (r, w) in m.results(op).zip(out) {
            self.flow.who.insert(r, w);
        }
    }

    /// `Owners(k)` stays valid across the back edge of `lp` only when `k` is built outside `lp`.
    fn sanitize(&self, w: Who, lp: Op) -> Who {
        match w {
            Who::Owners(k) if self.n.varies_in(self.m, k, lp) => Who::Anyone,
            x => x,
        }
    }
}
