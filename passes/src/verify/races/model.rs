//! The race checker's view of one nv_tileas kernel: every op with its program position, its
//! control context and its role (which threads run it), the buffer and offset of every memory
//! access, and the synchronization ops.
//!
//! Program order is a pre-order walk. Two relations answer "does every thread that ran X also
//! run Y, after it?":
//! - `after(x, y)`: y runs after x on every path — y's control context encloses x's (role
//!   regions `elect`/`warp_role` and a `while`'s condition region are not control: they always
//!   run, for their threads) and y comes later;
//! - `dominates(y, x)`: y runs before x on every path — y's context encloses x's, y earlier.
//!
//! Roles are thread intervals `[lo, hi)` of the CTA (`elect` is thread 0, `warp_role` warps
//! `[lo, hi)` are threads `[32·lo, 32·hi)`), plus `partial` under `if` arms and loop bodies
//! (a data-dependent subset, or an unknown number of times).
//!
//! An arm of an `if` whose condition is a constant selecting the other arm, and the body of a
//! `for` whose constant bounds give it no iteration, are dead ([`Info::dead`]): they never run,
//! so their ops have no accesses.

use super::affine::{Affine, Forms, Var};
use super::unroll::{Iteration, Phase, Unrolled};
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileas::verify::ptr_space;
use tilec_dialects::nv_tileas::views::{
    AllocShared, Barrier, BulkCopyG2S, BulkCopyS2G, CmpI, Constant, For, Gep, If, Kernel, Mapa,
    OpKind, TmaLoad, WarpRole, WgmmaMma,
};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_ir::{MemScope, MemSemantic, Module, Op, OpView, Space, TypeData, Value, ValueDef};

/// Threads of the CTA that run an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Role {
    /// First thread.
    pub lo: u32,
    /// One past the last thread.
    pub hi: u32,
    /// Under an `if` arm or in a loop body: maybe fewer threads, or not every time.
    pub partial: bool,
}

impl Role {
    /// Every thread of `self` is in `other`.
    pub fn within(self, other: Role) -> bool {
        self.lo >= other.lo && self.hi <= other.hi
    }
    /// The number of threads, when every one of them runs it exactly once.
    pub fn count(self) -> Option<u32> {
        (!self.partial).then_some(self.hi.saturating_sub(self.lo))
    }
    /// A single thread.
    pub fn single(self) -> bool {
        self.hi == self.lo + 1
    }
}

/// Where the data a pointer reaches lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Buf {
    /// An `alloc_shared` (this CTA's copy; `remote` accesses reach a peer's copy).
    Alloc(Op),
    /// A kernel parameter (global memory, or TMEM for a TMEM pointer).
    Param(u32),
    /// Not traced.
    Unknown,
}

/// A traced pointer.
#[derive(Clone, Debug)]
pub struct Ptr {
    /// The buffer.
    pub buf: Buf,
    /// Byte offset from the buffer's start.
    pub off: Affine,
    /// Reached through `mapa`: a peer CTA's copy of the buffer.
    pub remote: bool,
    /// The state space of the pointer type.
    pub space: Option<Space>,
}

/// Which proxy performs an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proxy {
    /// ld/st/atom/red, st_async/red_async, tcgen05_alloc's address store.
    Generic,
    /// Bulk copies, wgmma and tcgen05_mma shared-memory operands.
    Async,
    /// tcgen05_ld/_st/_mma on TMEM.
    Tensor,
}

/// One memory access of an op.
#[derive(Clone, Debug)]
pub struct Access {
    /// The op.
    pub op: Op,
    /// What it touches.
    pub ptr: Ptr,
    /// Bytes touched from the offset (None: the whole buffer).
    pub size: Option<u32>,
    /// Writes.
    pub write: bool,
    /// The pair of a strong (non-weak) access.
    pub strong: Option<(MemSemantic, Option<MemScope>)>,
    /// The proxy.
    pub proxy: Proxy,
    /// The CTA's exit, which frees its shared memory: a write that conflicts only with the
    /// peers' accesses to that memory, and that any one thread's acquire orders (the CTA exits
    /// after its last thread).
    pub exit: bool,
}

/// Per-op facts.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    /// Pre-order position.
    pub pos: u32,
    /// Last position inside it (== pos for ops without regions).
    pub end: u32,
    /// Control context (index into `Model::ctx`).
    pub ctx: u32,
    /// Who runs it.
    pub role: Role,
    /// Inside a `while` (its condition or body): a spin loop.
    pub in_while: bool,
    /// Under an `if` arm or a `while` body: run a data-dependent number of times per iteration
    /// of the loops around it (a `for` body is not a guard: its copies run once each).
    pub guarded: bool,
    /// Under an `if` arm whose condition is not the thread split `thread_id.x < B` (a bounds
    /// mask, a value loaded), or a `while` body: a thread of its role may pass the ops around it
    /// without running it. An acquire side that may be skipped orders nothing after its branch.
    pub may_skip: bool,
    /// In the arm of an `if` whose condition is a constant that takes the other arm (in a
    /// modeled loop's copy, a condition the iteration folds), or in the body of a `for` whose
    /// constant bounds give it no iteration: it never runs, and its accesses are none.
    pub dead: bool,
}

/// What [`Model::walk_block`] passes down to the ops of a block (see [`Info`]).
#[derive(Clone, Copy, Default)]
struct Flags {
    in_while: bool,
    guarded: bool,
    may_skip: bool,
    dead: bool,
}

/// A control context: the region of a control op (`if`, `for`, `while` body).
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// The enclosing context (0 is the kernel body; its own parent).
    pub parent: u32,
    /// Nesting depth.
    pub depth: u32,
}

/// The model of one kernel.
pub struct Model<'m> {
    /// The module.
    pub m: &'m Module,
    /// The kernel op.
    pub kernel: Op,
    /// Threads per CTA.
    pub threads: u32,
    /// CTAs per cluster (1 without clusters).
    pub cluster: u32,
    /// Every op, in program order.
    pub ops: Vec<Op>,
    /// Per-op facts, in program order (`info[pos]` is the op `ops[pos]`'s).
    info: Vec<Info>,
    /// Each op's position plus one, by arena index (0: not in the kernel). Two array loads per
    /// [`Model::at`], the checker's most frequent question (a hash map was a tenth of its time).
    pos_of: Vec<u32>,
    /// The ops of each nv_tileas kind (index: the [`OpKind`]), in program order
    /// ([`Model::ops_of`]).
    by_kind: Vec<Vec<Op>>,
    /// Control contexts.
    pub ctx: Vec<Ctx>,
    /// Every memory access, in program order.
    pub accesses: Vec<Access>,
    /// Affine forms.
    pub forms: Forms,
    /// The mbarrier phase of each op in a modeled loop's copies ([`super::unroll`]).
    pub phase: FxHashMap<Op, Phase>,
    /// The iteration each op of a modeled loop's copies stands for.
    pub iteration: FxHashMap<Op, Iteration>,
    /// The last copy of each group of modeled loops.
    last: FxHashMap<u32, i64>,
    /// The followed flags' copies, when the kernel has any ([`super::rounds`]).
    pub rounds: Option<super::rounds::Rounds>,
    /// With a round counter: the byte offset of each global `ld`/`st`/`atom`/`red` in each
    /// concrete CTA (index `block_id.x`), where the CTA's id folds like a constant.
    pub cta_off: FxHashMap<Op, Vec<Affine>>,
    /// With followed flags: the CTAs that run each access (absent: unknown, maybe all).
    pub cta_runs: FxHashMap<Op, Vec<bool>>,
    /// Loads of broadcast slots, the same in every thread of the CTA ([`super::slots`]).
    pub known: rustc_hash::FxHashSet<Value>,
}

/// A [`Model`] without its module, to be given one again ([`Model::into_parts`]): what a pass
/// keeps of a model for a later pass on the same content (or a clone of it, which has the same
/// handles).
pub struct Parts {
    kernel: Op,
    threads: u32,
    cluster: u32,
    ops: Vec<Op>,
    info: Vec<Info>,
    pos_of: Vec<u32>,
    by_kind: Vec<Vec<Op>>,
    ctx: Vec<Ctx>,
    accesses: Vec<Access>,
    forms: Forms,
    phase: FxHashMap<Op, Phase>,
    iteration: FxHashMap<Op, Iteration>,
    last: FxHashMap<u32, i64>,
    rounds: Option<super::rounds::Rounds>,
    cta_off: FxHashMap<Op, Vec<Affine>>,
    cta_runs: FxHashMap<Op, Vec<bool>>,
    known: rustc_hash::FxHashSet<Value>,
}

/// Is `op` a strong (non-weak) `ld`, `st`, `atom` or `red`: a flag access?
pub fn strong_access(m: &Module, op: Op) -> bool {
    matches!(
        OpKind::of(m, op),
        Some(OpKind::Ld | OpKind::St | OpKind::Atom | OpKind::Red)
    ) && AnyPair(op).sem(m).is_some_and(|s| s != MemSemantic::Weak)
}

/// Is `op` a `barrier` of the whole CTA: one without a `count` (every thread's bar.sync)?
pub fn plain_barrier(m: &Module, op: Op) -> bool {
    Barrier::cast(m, op).is_some_and(|b| b.count(m).is_none())
}

/// The index, among its parent op's regions, of the region holding `op`.
fn region_index(m: &Module, op: Op) -> usize {
    let r = m.op_block(op).and_then(|b| m.block_parent(b));
    let p = r.and_then(|r| m.region_parent(r));
    match (r, p) {
        (Some(r), Some(p)) => m.regions(p).iter().position(|&x| x == r).unwrap_or(0),
        _ => 0,
    }
}

impl<'m> Model<'m> {
    /// Builds the model of `kernel`; `loops` is the unrolled module when `m` is one.
    pub fn new(m: &'m Module, kernel: Op, loops: Option<&Unrolled>) -> Model<'m> {
        let threads = Kernel(kernel).num_threads(m).clamp(1, 1 << 20) as u32;
        let cluster = Kernel(kernel)
            .cluster_dims(m)
            .map_or(1, |d| d.iter().map(|x| (*x).max(1) as u32).product());
        let mut md = Model {
            m,
            kernel,
            threads,
            cluster,
            ops: Vec::new(),
            info: Vec::new(),
            pos_of: vec![0; m.op_capacity()],
            by_kind: vec![Vec::new(); OpKind::ALL.len()],
            ctx: vec![Ctx {
                parent: 0,
                depth: 0,
            }],
            accesses: Vec::new(),
            forms: Forms::default(),
            phase: loops.map(|u| u.phase.clone()).unwrap_or_default(),
            iteration: loops.map(|u| u.iteration.clone()).unwrap_or_default(),
            last: FxHashMap::default(),
            rounds: loops.and_then(|u| u.rounds.as_ref().map(|r| r.1.clone())),
            cta_off: FxHashMap::default(),
            cta_runs: FxHashMap::default(),
            known: Default::default(),
        };
        for it in md.iteration.values() {
            let e = md.last.entry(it.group).or_insert(it.k);
            *e = (*e).max(it.k);
        }
        let all = Role {
            lo: 0,
            hi: threads,
            partial: false,
        };
        for &r in m.regions(kernel) {
            for &b in m.region_blocks(r) {
                md.walk_block(b, 0, all, Flags::default());
            }
        }
        for &op in &md.ops {
            if let Some(k) = OpKind::of(m, op) {
                md.by_kind[k as usize].push(op);
            }
        }
        let broadcast = match loops {
            Some(u) => md
                .ops
                .iter()
                .copied()
                .filter(|&o| u.broadcast.contains(&u.original(o)))
                .collect(),
            // A broadcast load reads a shared slot: none without an `alloc_shared` (and no
            // walk of the kernel to find that out).
            None if md.ops_of(OpKind::AllocShared).is_empty() => Default::default(),
            None => super::slots::broadcast_loads(m, kernel),
        };
        md.known = broadcast.iter().flat_map(|&o| m.results(o)).collect();
        for i in 0..md.ops.len() {
            let op = md.ops[i];
            if !md.at(op).dead {
                md.collect_accesses(op);
            }
        }
        if let Some(g) = md.rounds.as_ref().map(|r| r.grid) {
            md.cta_offsets(g);
        }
        md
    }

    /// The model without its module.
    pub fn into_parts(self) -> Parts {
        Parts {
            kernel: self.kernel,
            threads: self.threads,
            cluster: self.cluster,
            ops: self.ops,
            info: self.info,
            pos_of: self.pos_of,
            by_kind: self.by_kind,
            ctx: self.ctx,
            accesses: self.accesses,
            forms: self.forms,
            phase: self.phase,
            iteration: self.iteration,
            last: self.last,
            rounds: self.rounds,
            cta_off: self.cta_off,
            cta_runs: self.cta_runs,
            known: self.known,
        }
    }

    /// The model `p` was, on `m`: the module it was built on, or one with the same content.
    pub fn from_parts(m: &'m Module, p: Parts) -> Model<'m> {
        Model {
            m,
            kernel: p.kernel,
            threads: p.threads,
            cluster: p.cluster,
            ops: p.ops,
            info: p.info,
            pos_of: p.pos_of,
            by_kind: p.by_kind,
            ctx: p.ctx,
            accesses: p.accesses,
            forms: p.forms,
            phase: p.phase,
            iteration: p.iteration,
            last: p.last,
            rounds: p.rounds,
            cta_off: p.cta_off,
            cta_runs: p.cta_runs,
            known: p.known,
        }
    }

    /// Fills [`Model::cta_off`] and [`Model::cta_runs`] for a grid of `g` CTAs.
    fn cta_offsets(&mut self, g: u32) {
        let mut per_cta: Vec<Forms> = (0..g).map(|b| Forms::in_cta(b as i64)).collect();
        let mut runs = super::rounds::CtaRuns::new(g);
        for a in &self.accesses {
            if let Some(r) = runs.runs(self.m, a.op) {
                self.cta_runs.insert(a.op, r);
            }
            let global = matches!(a.ptr.buf, Buf::Param(_));
            let flag_like = matches!(
                OpKind::of(self.m, a.op),
                Some(OpKind::Ld | OpKind::St | OpKind::Atom | OpKind::Red)
            );
            if !global || !flag_like {
                continue;
            }
            let Some(&v) = self.m.operands(a.op).first() else {
                continue;
            };
            let offs = per_cta.iter_mut().map(|f| unwind(self.m, f, v).1).collect();
            self.cta_off.insert(a.op, offs);
        }
    }

    fn walk_block(&mut self, b: tilec_ir::Block, ctx: u32, role: Role, flags: Flags) {
        let Flags {
            in_while,
            guarded,
            may_skip,
            dead,
        } = flags;
        // The module outlives the model's borrow of itself: its lists need no copies.
        let m = self.m;
        for op in m.block_ops(b) {
            let pos = self.ops.len() as u32;
            self.ops.push(op);
            self.info.push(Info {
                pos,
                end: pos,
                ctx,
                role,
                in_while,
                guarded,
                may_skip,
                dead,
            });
            let i = tilec_ir::entity::EntityRef::index(op);
            if self.pos_of.len() <= i {
                self.pos_of.resize(i + 1, 0);
            }
            self.pos_of[i] = pos + 1;
            let regions = m.regions(op);
            if !regions.is_empty() {
                let kind = OpKind::of(m, op);
                let (is_if, is_while) = (kind == Some(OpKind::If), kind == Some(OpKind::While));
                for (i, &r) in regions.iter().enumerate() {
                    let (c, rl, w) = match kind {
                        Some(OpKind::Elect) => (
                            ctx,
                            Role {
                                lo: role.lo,
                                hi: (role.lo + 1).min(role.hi),
                                partial: role.partial,
                            },
                            in_while,
                        ),
                        Some(OpKind::WarpRole) => {
                            let (lo, hi) = match WarpRole(op).warps(m).unwrap_or_default() {
                                &[a, b] => (a.max(0) as u32 * 32, b.max(0) as u32 * 32),
                                _ => (role.lo, role.hi),
                            };
                            let r = Role {
                                lo: lo.max(role.lo),
                                hi: hi.min(role.hi).max(lo.max(role.lo)),
                                partial: role.partial,
                            };
                            (ctx, r, in_while)
                        }
                        // The condition region always runs at least once.
                        Some(OpKind::While) if i == 0 => (ctx, role, true),
                        // The arm a constant condition takes (in a loop's copies, `i >= 4`
                        // folds) runs exactly when the `if` does.
                        Some(OpKind::If) if self.taken(op) == Some(i == 0) => (ctx, role, in_while),
                        // So does the body of a `for` whose constant bounds give it an
                        // iteration: what it does happens on every path (partial: maybe more
                        // than once).
                        Some(OpKind::For) if self.runs_once(op) => (
                            ctx,
                            Role {
                                partial: true,
                                ..role
                            },
                            in_while,
                        ),
                        _ => {
                            let depth = self.ctx[ctx as usize].depth + 1;
                            self.ctx.push(Ctx { parent: ctx, depth });
                            let c = self.ctx.len() as u32 - 1;
                            let mut arm = Role {
                                partial: true,
                                ..role
                            };
                            if is_if {
                                arm = self.thread_arm(op, i == 0, arm);
                            }
                            (c, arm, in_while || is_while)
                        }
                    };
                    let taken = is_if.then(|| self.taken(op)).flatten();
                    let is_for = kind == Some(OpKind::For);
                    let branch = is_if && taken != Some(i == 0);
                    let split = branch && self.thread_bound(op).is_some();
                    let f = Flags {
                        in_while: w,
                        guarded: guarded || (branch || is_while && i > 0),
                        may_skip: may_skip || (branch && !split || is_while && i > 0),
                        dead: dead || taken == Some(i != 0) || is_for && self.never_runs(op),
                    };
                    for &b in m.region_blocks(r) {
                        self.walk_block(b, c, rl, f);
                    }
                }
                let end = self.ops.len() as u32 - 1;
                self.info[pos as usize].end = end;
            }
        }
    }

    /// May concrete CTA `cta` run `op` ([`Model::cta_runs`]; unknown: yes)?
    pub fn runs_in(&self, op: Op, cta: u32) -> bool {
        self.cta_runs.get(&op).is_none_or(|r| r[cta as usize])
    }

    /// The mbarrier phase `op` arrives on or waits for.
    pub fn phase(&self, op: Op) -> Phase {
        self.phase.get(&op).copied().unwrap_or(Phase::Any)
    }

    /// Are `x` and `y` copies of different iterations of one group of loops?
    pub fn apart(&self, x: Op, y: Op) -> bool {
        !self.iteration.is_empty()
            && matches!(
                (self.iteration.get(&x), self.iteration.get(&y)),
                (Some(a), Some(b)) if a.group == b.group && a.k != b.k
            )
    }

    /// Is the pair `x`, `y` checked through another pair, or not a pair of one execution?
    /// - Copies in different windows of one loop ([`super::unroll`]): the loop's start and its
    ///   steady state are far apart; the conflicts between them repeat nearer ones.
    /// - A copy and code after the loop: only the loop's last copy is paired with it (a path
    ///   from an earlier copy could use the mechanisms of later iterations, which the loop's last
    ///   iteration does not have; what orders the last iteration's access orders the earlier
    ///   ones of the same op too: program order, and the cumulativity of the release).
    /// - A copy and code before the loop: only the copies of the loop's first iterations.
    pub fn implied(&self, x: Op, y: Op) -> bool {
        if self.iteration.is_empty() {
            return false;
        }
        let (ix, iy) = (self.iteration.get(&x), self.iteration.get(&y));
        if let (Some(a), Some(b)) = (ix, iy) {
            if a.group == b.group {
                return a.window != b.window;
            }
        }
        let outside = |a: Op, i: &Iteration, b: Op| {
            if self.at(b).pos > self.at(a).pos {
                i.k != self.last_copy(i.group)
            } else {
                i.window != 0
            }
        };
        match (ix, iy) {
            (Some(i), _) if outside(x, i, y) => true,
            (_, Some(i)) => outside(y, i, x),
            _ => false,
        }
    }

    /// Is the open-world handoff from `x` to `y` (a write published by a later flag `y`, or a
    /// subscribing read `x` and a later access `y`) one to check? Not when [`Model::implied`]
    /// says so, nor across more than one iteration of a loop: a flag released in iteration
    /// `i + 2` is program-ordered after the one of `i + 1` in the releasing thread, and so
    /// publishes whatever that one does (and the acquire of a read in iteration `i` orders what
    /// the read of `i + 1` orders).
    pub fn near(&self, x: Op, y: Op) -> bool {
        if self.implied(x, y) {
            return false;
        }
        match (self.iteration.get(&x), self.iteration.get(&y)) {
            (Some(a), Some(b)) if a.group == b.group => (b.k - a.k).abs() <= 1,
            _ => true,
        }
    }

    /// Does `q` run whenever `a` does? Both copies of the same iteration of one group of loops
    /// whose bounds are the same in every thread (then the iteration runs everywhere or nowhere),
    /// even where the loop may not run at all, and `q` under no branch.
    pub fn runs_with(&self, a: Op, q: Op) -> bool {
        matches!(
            (self.iteration.get(&a), self.iteration.get(&q)),
            (Some(x), Some(y)) if x.group == y.group && x.k == y.k && x.uniform
        ) && !self.at(q).guarded
    }

    /// The index of the last copy of a group of modeled loops.
    fn last_copy(&self, group: u32) -> i64 {
        self.last.get(&group).copied().unwrap_or(0)
    }

    /// Does `x` come before `y`: in an earlier iteration of the loops they are copies of, or
    /// earlier in program order?
    pub fn earlier(&self, x: Op, y: Op) -> bool {
        if self.iteration.is_empty() {
            return self.at(x).pos <= self.at(y).pos;
        }
        match (self.iteration.get(&x), self.iteration.get(&y)) {
            (Some(a), Some(b)) if self.apart(x, y) => a.k < b.k,
            _ => self.at(x).pos <= self.at(y).pos,
        }
    }

    /// The threads that run `op` once per iteration of a modeled loop it is a copy of (its role
    /// when not under a branch); for other ops, once per kernel ([`Role::count`]).
    pub fn threads_per_run(&self, op: Op) -> Option<u32> {
        let i = self.at(op);
        if self.iteration.contains_key(&op) {
            (!i.guarded).then(|| i.role.hi.saturating_sub(i.role.lo))
        } else {
            i.role.count()
        }
    }

    /// The kernel's ops of kind `kind`, in program order (a lookup, where a scan of every op
    /// per access made the async-completion checks quadratic).
    pub fn ops_of(&self, kind: OpKind) -> &[Op] {
        &self.by_kind[kind as usize]
    }

    /// Can `x` and `y` never both run in one execution of the kernel (by the threads
    /// `within` is about: one thread when None, else every thread of a CTA or of the grid)?
    /// Yes when they sit in different arms of one `if` that no loop encloses, whose condition
    /// is the same for those threads ([`super::affine::uniform`]): each of them takes the same
    /// single arm. (In a modeled loop's copies an `if` of one iteration is enclosed by no loop;
    /// in a loop the model does not unroll, iterations may take different arms.)
    pub fn exclusive(&self, x: Op, y: Op, within: Option<super::affine::Uniform>) -> bool {
        let m = self.m;
        // The arms around `x`: (the op, the index of the region holding the op below it).
        let mut arms: Vec<(Op, usize)> = Vec::new();
        let mut cur = x;
        while let Some(p) = m.parent_op(cur).filter(|&p| p != self.kernel) {
            arms.push((p, region_index(m, cur)));
            cur = p;
        }
        let mut cur = y;
        while let Some(p) = m.parent_op(cur).filter(|&p| p != self.kernel) {
            if let Some(&(_, rx)) = arms.iter().find(|a| a.0 == p) {
                let ry = region_index(m, cur);
                return rx != ry
                    && If::is(m, p)
                    && !self.in_loop(p)
                    && within.is_none_or(|w| {
                        m.operands(p)
                            .first()
                            .is_some_and(|&c| super::affine::uniform_given(m, c, w, &self.known))
                    });
            }
            cur = p;
        }
        false
    }

    /// Does `y` come after `x` in one region's sequence: after `x` (and everything nested in it)
    /// in program order, and in the same region as `x` of their lowest common ancestor (not in
    /// another arm of an `if` around `x`)? Each may sit in branches of its own (`x` in one that
    /// closes before `y`, `y` in one that opens after `x`).
    pub fn sequential(&self, x: Op, y: Op) -> bool {
        let ix = self.at(x);
        if self.at(y).pos <= ix.end {
            return false;
        }
        // The lowest op around `y` that is around `x` too (its positions span `x`'s), without
        // walking `x`'s ancestors unless there is one: this is asked per step of the path
        // searches.
        let m = self.m;
        let mut cur = y;
        while let Some(p) = m.parent_op(cur).filter(|&p| p != self.kernel) {
            let ip = self.at(p);
            if ip.pos < ix.pos && ix.pos <= ip.end {
                let mut below = x;
                while let Some(q) = m.parent_op(below).filter(|&q| q != p) {
                    below = q;
                }
                return region_index(m, below) == region_index(m, cur);
            }
            cur = p;
        }
        true
    }

    /// Is `op` nested in a `for` or `while` of the kernel that runs it more than once? Not a
    /// modeled loop ([`super::unroll`]): its body holds copies of single iterations, and each copy
    /// runs at most once (the `for` op stays around them only to hold them).
    pub(super) fn in_loop(&self, op: Op) -> bool {
        let mut cur = op;
        while let Some(p) = self.m.parent_op(cur).filter(|&p| p != self.kernel) {
            let kind = OpKind::of(self.m, p);
            let copies = kind == Some(OpKind::For) && self.iteration.contains_key(&cur);
            if matches!(kind, Some(OpKind::For | OpKind::While)) && !copies {
                return true;
            }
            cur = p;
        }
        false
    }

    /// Whether `op` is an op of the kernel.
    pub fn contains(&self, op: Op) -> bool {
        self.pos_of
            .get(tilec_ir::entity::EntityRef::index(op))
            .is_some_and(|&p| p > 0)
    }

    /// The facts of `op` (every op of the kernel has them).
    pub fn at(&self, op: Op) -> Info {
        let pos = self
            .pos_of
            .get(tilec_ir::entity::EntityRef::index(op))
            .copied()
            .unwrap_or(0);
        match pos.checked_sub(1) {
            Some(p) => self.info[p as usize],
            None => panic!("op {op} is not in the kernel the model was built for"),
        }
    }

    /// Whether an `if` takes its first arm, when its condition is a constant.
    fn taken(&mut self, op: Op) -> Option<bool> {
        let c = *self.m.operands(op).first()?;
        let f = self.forms.of(self.m, c);
        f.terms.is_empty().then_some(f.konst != 0)
    }

    /// The threads that run an arm of the `if` `op` (`then`: the first), within `role`: an
    /// `if` on `thread_id.x < K` (the masks the lowering puts around the elements of a tile
    /// smaller than the CTA) runs its first arm in the threads below `K` only, its second in
    /// the others. Any other condition leaves the role as it is.
    fn thread_arm(&mut self, op: Op, then: bool, role: Role) -> Role {
        let Some(below) = self.thread_bound(op) else {
            return role;
        };
        let k = below.clamp(0, i64::from(u32::MAX)) as u32;
        let (lo, hi) = if then {
            (role.lo, role.hi.min(k))
        } else {
            (role.lo.max(k), role.hi)
        };
        Role {
            lo,
            hi: hi.max(lo),
            ..role
        }
    }

    /// `B` when the condition of `op` holds exactly in the threads `thread_id.x < B`: a
    /// comparison of `a·thread_id.x + c` (a > 0) with a constant `k` (`ult/slt k`, `ule/sle k`,
    /// or flipped: `k ugt … `, …), as the lowering's bounds mask of an element `a·tid + c` of a
    /// tile is. Then `B = ⌈(k − c)/a⌉` (`k + 1` for `ule/sle`). Taken only where the form
    /// cannot wrap in any thread (it lies in the signed range of the compared width, so the
    /// modular arithmetic of the lowering computes it exactly) and `k` is in that range too; an
    /// unsigned comparison only where the form is not negative either (then `k < 0`, a huge
    /// unsigned bound, holds in every thread).
    fn thread_bound(&mut self, op: Op) -> Option<i64> {
        let m = self.m;
        let cmp = CmpI::cast(m, m.defining_op(*m.operands(op).first()?)?)?;
        let pred = cmp.predicate(m)?;
        let [x, y] = m.operands(cmp.0) else {
            return None;
        };
        let (fx, fy) = (self.forms.of(m, *x), self.forms.of(m, *y));
        let linear = |f: &Affine| match f.terms[..] {
            [(Var::Tid(0), a)] if a > 0 => Some((i128::from(a), i128::from(f.konst))),
            _ => None,
        };
        // Normalized to `a·tid + c OP k`.
        let (op, (a, c), k) = match (linear(&fx), linear(&fy)) {
            (Some(l), None) if fy.terms.is_empty() => (pred, l, i128::from(fy.konst)),
            (None, Some(l)) if fx.terms.is_empty() => {
                let flipped = match pred {
                    "ult" => "ugt",
                    "ule" => "uge",
                    "ugt" => "ult",
                    "uge" => "ule",
                    "slt" => "sgt",
                    "sle" => "sge",
                    "sgt" => "slt",
                    "sge" => "sle",
                    _ => return None,
                };
                (flipped, l, i128::from(fx.konst))
            }
            _ => return None,
        };
        let w = match m.type_data(m.value_type(*x)) {
            tilec_ir::TypeData::Int(w) if (2..=64).contains(w) => u32::from(*w),
            _ => return None,
        };
        let (min, max) = (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
        let top = a * i128::from(self.threads.saturating_sub(1)) + c;
        if c < min || top > max || k < min || k > max {
            return None;
        }
        let limit = match op {
            "slt" => k,
            "sle" => k + 1,
            "ult" | "ule" if c >= 0 && k < 0 => return Some(i64::from(u32::MAX)),
            "ult" if c >= 0 => k,
            "ule" if c >= 0 => k + 1,
            _ => return None,
        };
        // ⌈(limit − c)/a⌉ for a > 0.
        let n = limit - c;
        let b = if n > 0 { (n + a - 1) / a } else { n / a };
        Some(b.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
    }

    /// Operand `i` of `op` when a `constant` defines it, as its width holds it (an i32
    /// `4294967295` is -1: the loop compares with `slt` at its width).
    fn const_operand(&self, op: Op, i: usize) -> Option<i64> {
        let v = *self.m.operands(op).get(i)?;
        let c = Constant::cast(self.m, self.m.defining_op(v)?)?.int_value(self.m)?;
        Some(super::affine::wrap(self.m, v, c))
    }

    /// The values the induction variable `v` of a `for` with constant bounds takes, `[lb, last]`
    /// with `last = lb + step·⌊(ub − 1 − lb)/step⌋`, when the loop runs (`lb < ub`, `step > 0`)
    /// and its increment cannot wrap (`last + step` fits the variable's signed width: the loop
    /// compares `iv < ub` signed after each `iv += step`, so a wrapped sum would go on looping
    /// with values outside the range). None for anything else.
    pub fn iv_range(&self, v: Value) -> Option<(i64, i64)> {
        let m = self.m;
        let ValueDef::Arg(b, 0) = m.value_def(v) else {
            return None;
        };
        let op = m.block_parent(b).and_then(|r| m.region_parent(r))?;
        if !For::is(m, op) || m.regions(op).first() != m.block_parent(b).as_ref() {
            return None;
        }
        let c = |i| self.const_operand(op, i).map(i128::from);
        let (lb, ub, step) = (c(0)?, c(1)?, c(2)?);
        if step <= 0 || lb >= ub {
            return None;
        }
        let last = lb + step * ((ub - 1 - lb) / step);
        let w = match m.type_data(m.value_type(v)) {
            TypeData::Int(w) => u32::from(*w).min(64),
            _ => 64,
        };
        let max = (1i128 << (w - 1)) - 1;
        if last + step > max {
            return None;
        }
        Some((i64::try_from(lb).ok()?, i64::try_from(last).ok()?))
    }

    /// A `for` whose constant bounds run its body at least once.
    fn runs_once(&self, op: Op) -> bool {
        let c = |i| self.const_operand(op, i);
        matches!((c(0), c(1), c(2)), (Some(lb), Some(ub), Some(st)) if lb < ub && st > 0)
    }

    /// A `for` whose constant bounds never run its body: the loop tests `lb < ub` (signed)
    /// before the first iteration.
    fn never_runs(&self, op: Op) -> bool {
        let c = |i| self.const_operand(op, i);
        matches!((c(0), c(1)), (Some(lb), Some(ub)) if lb >= ub)
    }

    /// `a`'s context is `b`'s or encloses it.
    fn encloses(&self, a: u32, mut b: u32) -> bool {
        let da = self.ctx[a as usize].depth;
        while self.ctx[b as usize].depth > da {
            b = self.ctx[b as usize].parent;
        }
        a == b
    }

    /// `y` runs after `x` on every path from `x`.
    pub fn after(&self, x: Op, y: Op) -> bool {
        let (ix, iy) = (self.at(x), self.at(y));
        iy.pos > ix.end && self.encloses(iy.ctx, ix.ctx)
    }

    /// `y` runs before `x` on every path to `x`.
    pub fn dominates(&self, y: Op, x: Op) -> bool {
        let (iy, ix) = (self.at(y), self.at(x));
        iy.pos < ix.pos && ix.pos > iy.end && self.encloses(iy.ctx, ix.ctx)
    }

    /// Follows a pointer back to its buffer.
    pub fn trace(&mut self, v: Value) -> Ptr {
        let m = self.m;
        let space = ptr_space(m, m.value_type(v));
        let (root, off, remote) = unwind(m, &mut self.forms, v);
        let buf = match m.value_def(root) {
            ValueDef::Arg(b, i)
                if m.block_parent(b).and_then(|r| m.region_parent(r)) == Some(self.kernel) =>
            {
                Buf::Param(i)
            }
            ValueDef::Result(op, _) if AllocShared::is(m, op) => Buf::Alloc(op),
            _ => Buf::Unknown,
        };
        Ptr {
            buf,
            off,
            remote,
            space,
        }
    }

    fn bytes_of(&self, v: Value) -> Option<u32> {
        match self.m.type_data(self.m.value_type(v)) {
            TypeData::Int(w) => Some((*w as u32).div_ceil(8).max(1)),
            TypeData::Float(k) => Some(k.bits() / 8),
            TypeData::Index => Some(8),
            _ => None,
        }
    }

    fn collect_accesses(&mut self, op: Op) {
        let m = self.m;
        // Most ops access no memory: they cost no copy of their operands.
        let Some(kind) = OpKind::of(m, op).filter(|&k| accessing(k)) else {
            return;
        };
        let ops = m.operands(op).to_vec();
        // (Only for the kinds that declare the memory pair.)
        let strong = || match AnyPair(op).pair(m) {
            (None | Some(MemSemantic::Weak), _) => None,
            (Some(s), scope) => Some((s, scope)),
        };
        let push = |md: &mut Self, i: usize, size: Option<u32>, write: bool, strong, proxy| {
            let Some(&p) = ops.get(i) else { return };
            let ptr = md.trace(p);
            md.accesses.push(Access {
                op,
                ptr,
                size,
                write,
                strong,
                proxy,
                exit: false,
            });
        };
        let res = m.results(op).next();
        match kind {
            OpKind::Ld => {
                let size = res.and_then(|r| self.bytes_of(r));
                push(self, 0, size, false, strong(), Proxy::Generic);
            }
            OpKind::St | OpKind::Atom | OpKind::Red => {
                let size = ops.get(1).and_then(|v| self.bytes_of(*v));
                push(self, 0, size, true, strong(), Proxy::Generic);
            }
            // A remote arrive updates the peer's mbarrier, in the peer's shared memory: it must
            // land before the peer exits and frees it (the exit access below), like any remote
            // access. (A local arrive is not an access: its object outlives it.)
            OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop => {
                let Some(&p) = ops.first() else { return };
                let ptr = self.trace(p);
                if ptr.remote {
                    push(self, 0, Some(8), true, None, Proxy::Generic);
                }
            }
            OpKind::StAsync | OpKind::RedAsync => {
                let size = ops.get(1).and_then(|v| self.bytes_of(*v));
                let s = (MemSemantic::Relaxed, Some(MemScope::Cluster));
                let strong = (kind == OpKind::RedAsync).then_some(s);
                push(self, 0, size, true, strong, Proxy::Generic);
            }
            OpKind::BulkCopyG2S | OpKind::BulkCopyS2G => {
                let bytes = match kind {
                    OpKind::BulkCopyG2S => BulkCopyG2S(op).bytes(m),
                    _ => BulkCopyS2G(op).bytes(m),
                };
                let n = bytes.map(|b| b.clamp(0, 1 << 30) as u32);
                push(self, 0, n, true, None, Proxy::Async);
                push(self, 1, n, false, None, Proxy::Async);
            }
            // The box lands in shared memory like a bulk copy's bytes; what it reads is the
            // map's tensor, a buffer of its own (the parameter; where in it is not traced).
            OpKind::TmaLoad => {
                let n = TmaLoad(op).bytes(m).map(|b| b.clamp(0, 1 << 30) as u32);
                push(self, 0, n, true, None, Proxy::Async);
                push(self, 1, None, false, None, Proxy::Async);
            }
            OpKind::WgmmaMma => {
                let (a, b) = wgmma_footprints(m, op);
                push(self, 0, a, false, None, Proxy::Async);
                push(self, 1, b, false, None, Proxy::Async);
            }
            // Complete before the thread's next memory access, barrier or fence (the op's
            // verifier requires its cp_async_wait_all first): a store and a load where issued.
            OpKind::CpAsync => {
                push(self, 0, Some(16), true, None, Proxy::Generic);
                push(self, 1, Some(16), false, None, Proxy::Generic);
            }
            OpKind::Tcgen05Mma => {
                push(self, 0, None, true, None, Proxy::Tensor);
                for (i, &v) in ops.iter().enumerate().skip(1) {
                    let space = ptr_space(m, m.value_type(v));
                    match space {
                        Some(Space::Tmem) => push(self, i, None, false, None, Proxy::Tensor),
                        Some(_) => push(self, i, None, false, None, Proxy::Async),
                        None => {}
                    }
                }
            }
            OpKind::Tcgen05Ld => push(self, 0, Some(4), false, None, Proxy::Tensor),
            OpKind::Tcgen05St => push(self, 0, Some(4), true, None, Proxy::Tensor),
            OpKind::Tcgen05Alloc => push(self, 0, Some(4), true, None, Proxy::Generic),
            // Leaving the kernel frees the CTA's shared memory: every access a peer CTA makes
            // to it (through mapa) must be ordered before this CTA's exit, as before a write.
            OpKind::Return if m.parent_op(op) == Some(self.kernel) => {
                let remote: Vec<Ptr> = self
                    .accesses
                    .iter()
                    .filter(|a| a.ptr.remote && matches!(a.ptr.buf, Buf::Alloc(_)))
                    .map(|a| Ptr {
                        buf: a.ptr.buf,
                        off: Affine::constant(0),
                        remote: false,
                        space: Some(Space::SharedCta),
                    })
                    .collect();
                let mut seen = Vec::new();
                for ptr in remote {
                    if !seen.contains(&ptr.buf) {
                        seen.push(ptr.buf);
                        self.accesses.push(Access {
                            op,
                            ptr,
                            size: None,
                            write: true,
                            strong: None,
                            proxy: Proxy::Generic,
                            exit: true,
                        });
                    }
                }
            }
            _ => {}
        }
    }
}

/// The bytes from its A and B pointers that a printable `wgmma_mma` (with `n`) reads, or None
/// (the whole buffer) for the verify-races form (PTX ISA, "Shared Memory Matrix Layout"; 2-byte
/// factors). Without swizzle one m64nNk16 wgmma reads core matrices of 128 contiguous bytes:
/// A 8 along M and 2 along K, B `n/8` along N and 2 along K, the two directions `lbo` and `sbo`
/// bytes apart (which is which depends on the major-ness; the larger span of the two
/// assignments is taken). With a `w`-byte swizzle it reads whole atoms of 8 rows x `w` bytes
/// from the pointer (A's `a_koff` moves only the start inside the rows): A (K-major) 8 atoms
/// `sbo` apart; B MN-major (`trans_b`) `2n/w` atoms `lbo` apart along N and 2 `sbo` apart along
/// K; B K-major `n/8` atoms `sbo` apart.
fn wgmma_footprints(m: &Module, op: Op) -> (Option<u32>, Option<u32>) {
    let w = WgmmaMma(op);
    let Some(n) = w.n(m) else {
        return (None, None);
    };
    let core = |count: i64, lbo: Option<i64>, sbo: Option<i64>| {
        let (l, s) = (lbo?, sbo?);
        Some((count - 1) * l.max(s) + l.min(s) + 128)
    };
    let a = match w.a_swizzle(m) {
        Some(sw) => w.a_sbo(m).map(|s| 7 * s + 8 * sw),
        None => core(8, w.a_lbo(m), w.a_sbo(m)),
    };
    let b = match (w.b_swizzle(m), w.trans_b(m)) {
        (Some(sw), true) => w
            .b_lbo(m)
            .zip(w.b_sbo(m))
            .map(|(l, s)| ((2 * n / sw).max(1) - 1) * l + s + 8 * sw),
        (Some(sw), false) => w.b_sbo(m).map(|s| (n / 8 - 1) * s + 8 * sw),
        (None, _) => core(n / 8, w.b_lbo(m), w.b_sbo(m)),
    };
    let bytes = |v: Option<i64>| v.and_then(|v| u32::try_from(v).ok());
    (bytes(a), bytes(b))
}

/// The ops [`Model::collect_accesses`] may find an access in.
fn accessing(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::Ld
            | OpKind::St
            | OpKind::Atom
            | OpKind::Red
            | OpKind::MbarrierArrive
            | OpKind::MbarrierArriveDrop
            | OpKind::StAsync
            | OpKind::RedAsync
            | OpKind::BulkCopyG2S
            | OpKind::BulkCopyS2G
            | OpKind::TmaLoad
            | OpKind::WgmmaMma
            | OpKind::CpAsync
            | OpKind::Tcgen05Mma
            | OpKind::Tcgen05Ld
            | OpKind::Tcgen05St
            | OpKind::Tcgen05Alloc
            | OpKind::Return
    )
}

/// Where a pointer comes from through `gep`s and `mapa`s: the value they start from, the byte
/// offset they add (affine forms from `forms`), and whether a `mapa` was passed (a peer CTA's
/// copy). Stops after 256 steps (the value reached then names no buffer).
pub fn unwind(m: &Module, forms: &mut Forms, mut v: Value) -> (Value, Affine, bool) {
    let mut off = Affine::constant(0);
    let mut remote = false;
    for _ in 0..256 {
        let Some(op) = m.defining_op(v) else {
            break;
        };
        if let Some(g) = Gep::cast(m, op) {
            let elem = g.elem_bytes(m).unwrap_or(1);
            if let Some(&i) = m.operands(op).get(1) {
                off = off.add_scaled(&forms.of(m, i), elem);
            }
            v = m.operands(op)[0];
        } else if Mapa::is(m, op) {
            remote = true;
            v = m.operands(op)[0];
        } else if OpKind::of(m, op) == Some(OpKind::PtrToPtr) {
            // The same address.
            v = m.operands(op)[0];
        } else {
            break;
        }
    }
    (v, off, remote)
}
