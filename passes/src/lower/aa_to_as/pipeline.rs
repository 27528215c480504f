//! A multi-stage pipeline of the fused factor copies of a wgmma `mmaf` in a `for` loop: the
//! copies of the next iterations' factors are in flight while this iteration's wgmmas run.
//!
//! Each factor buffer holds `S` slots, one per stage; iteration `t = (iv - lb) / step` reads slot
//! `t % S`. Before the loop (in the chunk arm of the unswitch, [`Lower::unswitch`]) the copies of
//! iterations 0 to S-2 are issued into their slots, one `cp_async_commit` group each. At the
//! `mmaf` of iteration `t` (every iteration reaches it: a body that may `break` or `continue`
//! early is not pipelined, [`exits_early`]; a skipped prefetch would leave a slot stale and the
//! group count one short):
//!
//! ```text
//! cp_async_wait {pending = S-2}   // this thread's copies of iteration t are complete
//! fence_proxy_async               // … and ordered before the wgmmas' async-proxy reads
//! barrier                         // every thread's copies; every warpgroup's wgmmas of t-1
//! wgmma_fence, the wgmmas on slot t % S, wgmma_commit
//! copies of iteration t+S-1 into slot (t+S-1) % S (= (t-1) % S), cp_async_commit
//! wgmma_wait 0
//! ```
//!
//! (the copies are issued while the tensor cores run this iteration's wgmmas). With tensor maps
//! ([`super::tma`]) one thread issues TMA boxes instead, completing on a barrier per stage.
//!
//! and after the loop a `cp_async_wait_all` completes the copies of the iterations past the end
//! (each copy also tests `iv < ub` for its iteration: one past the end reads nothing and writes
//! zeros, whatever its coordinates). The copy of
//! iteration `t+S-1` goes to the slot the wgmmas of `t-1` read, which each warpgroup waited for
//! before the barrier. verify-races checks all of it (a copy completes at the wait that leaves its
//! group done: testdata/races/cp-async-pipeline.mlir).
//!
//! `S` is what 64 KiB of slots hold, at most 4 and at most the trip count when it is a
//! constant, at least 2. It applies when the loop is in no other loop, the loop's lower bound and step are constants (step > 0), the `mmaf`'s two
//! factors are fused loads of the loop body, every thread copies the same number of 16-byte
//! chunks (each one a `cp_async`), and each load's start coordinates are integer arithmetic over
//! the induction variable and values defined before the loop ([`shiftable`]): the copies of
//! another iteration recompute them at that iteration's value.

use super::copy::defined_within;
use super::fused::Load;
use super::{LResult, Lower};
use tilec_dialects::nv_tileaa::{self as aa, OpKind};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::tile_shape;
use tilec_ir::{sym, AttrData, Loc, Module, Op, OpView, Value};

/// The most shared memory the slots of one `mmaf` may take: two CTAs of the kernel still fit an
/// SM (228 KiB on sm_90).
const SLOT_BUDGET: u64 = 64 * 1024;
/// The most stages.
const MAX_STAGES: u64 = 4;
/// Shared memory of one SM of sm_90 (the wgmma target) and what each resident CTA reserves of
/// it (CUDA C++ Programming Guide, "Compute Capabilities": 228 KB per SM, 1 KB per block).
const SM_SHARED: u64 = 228 * 1024;
const CTA_RESERVED: u64 = 1024;
/// 32-bit registers of one SM.
const SM_REGISTERS: u64 = 65536;
/// Registers a thread of a pipelined wgmma kernel needs beside its accumulators (addresses,
/// masks, loop state): matmul_f16 (128 accumulators) compiles at 168, spilling one register
/// around its epilogue, none in the loop.
const REG_HEADROOM: u64 = 40;
/// The fewest registers per thread the occupancy asked for may leave: the kernel's other state
/// (the unswitched element path's values and addresses, which ptxas allocates beside the
/// pipeline) spills below it; testdata/lower/fused-copy.mlir (32 accumulators) spilled 140 bytes
/// at 80 registers (6 CTAs) and none at its own 80 with 4.
const MIN_REGS: u64 = 128;
/// How deep [`shiftable`] follows a start coordinate's arithmetic.
const MAX_DEPTH: u32 = 16;

/// A pipelined `mmaf` of a loop.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pipe {
    /// The loop.
    pub lp: Op,
    /// Its induction variable (nv_tileaa).
    pub iv: Value,
    /// Its constant lower bound and step.
    pub lb: i64,
    pub step: i64,
    /// Stages: slots per factor buffer.
    pub stages: u64,
    /// Bytes of one slot of A and of B.
    pub slot: (u64, u64),
}

/// Where a pipelined loop is at its `mmaf`: the lowered induction variable and the iteration
/// number `(iv - lb) / step`.
#[derive(Clone, Copy, Debug)]
pub(super) struct At {
    iv: Value,
    t: Value,
}

/// The integer value of the nv_tileaa constant `v`.
fn const_int(m: &Module, v: Value) -> Option<i64> {
    let d = m.defining_op(v)?;
    (OpKind::of(m, d)? == OpKind::Constant)
        .then(|| aa::Constant(d).int_value(m))
        .flatten()
}

/// The nv_tileas op of an nv_tileaa integer op a start coordinate may use.
fn arith(k: OpKind) -> Option<tas::OpKind> {
    Some(match k {
        OpKind::AddI => tas::OpKind::AddI,
        OpKind::SubI => tas::OpKind::SubI,
        OpKind::MulI => tas::OpKind::MulI,
        _ => return None,
    })
}

/// Does the loop body `body` hold a `break` or `continue` (of this loop) before its end: an
/// iteration that may skip the rest of the body?
fn exits_early(m: &Module, body: tilec_ir::Block) -> bool {
    let last = m.block_ops(body).last();
    let mut found = false;
    m.walk_block(body, &mut |o| match OpKind::of(m, o) {
        Some(OpKind::For | OpKind::Loop) => tilec_ir::WalkControl::Skip,
        Some(OpKind::Break | OpKind::Continue) if Some(o) != last => {
            found = true;
            tilec_ir::WalkControl::Stop
        }
        _ => tilec_ir::WalkControl::Continue,
    });
    found
}

/// Can `v` be recomputed at another value of `iv` (the induction variable of `lp`): it is `iv`,
/// defined before the loop, an integer constant, or `addi`/`subi`/`muli` of such values.
fn shiftable(m: &Module, v: Value, iv: Value, lp: Op, depth: u32) -> bool {
    if v == iv || !defined_within(m, v, lp) {
        return true;
    }
    let Some(d) = m.defining_op(v) else {
        return false;
    };
    match OpKind::of(m, d) {
        Some(OpKind::Constant) => const_int(m, v).is_some(),
        Some(k) if arith(k).is_some() && depth < MAX_DEPTH => m
            .operands(d)
            .iter()
            .all(|&x| shiftable(m, x, iv, lp, depth + 1)),
        _ => false,
    }
}

impl Lower<'_> {
    /// The pipeline of the `mmaf` whose factors are `loads` in `lp`'s body (a `for`), when it
    /// applies (module docs).
    pub(super) fn plan_pipe(&self, lp: Op, loads: &[Load]) -> Option<(Op, Pipe)> {
        if self.loop_depth > 0 {
            // verify-races does not prove the pipeline of a loop nested in another race-free (it
            // reports a slot's wgmma reads against that iteration's refill copies:
            // testdata/lower/tma-pipeline.mlir, k_nested): such a loop stages each iteration
            // alone.
            return None;
        }
        let m = &*self.m;
        let ops = m.operands(lp);
        let (lb, step) = (const_int(m, ops[0])?, const_int(m, ops[2])?);
        let body = self.block_of(lp, 0)?;
        let iv = *m.block_args(body).first()?;
        let [a, b] = loads else {
            return None;
        };
        let factors = [m.results(a.op).next()?, m.results(b.op).next()?];
        let swapped = [factors[1], factors[0]];
        let mmaf = m.block_ops(body).find(|&o| {
            let f = m.operands(o).get(..2);
            OpKind::of(m, o) == Some(OpKind::MmaF)
                && (f == Some(&factors[..]) || f == Some(&swapped[..]))
        })?;
        let dims = |v: Value| tile_shape(m, m.value_type(v)).map(|(d, _)| d);
        let (da, db) = (dims(m.operands(mmaf)[0])?, dims(m.operands(mmaf)[1])?);
        let even = |d: &[u64]| (d[0] * d[1] / 8) % self.threads == 0;
        let starts = [a, b]
            .iter()
            .flat_map(|l| l.dims.iter().map(|d| d.start))
            .all(|s| shiftable(m, s, iv, lp, 0));
        if step <= 0 || !even(da) || !even(db) || !starts || exits_early(m, body) {
            return None;
        }
        let slot = (da[0] * da[1] * 2, db[0] * db[1] * 2);
        let mut stages = (SLOT_BUDGET / (slot.0 + slot.1)).min(MAX_STAGES);
        // No more stages than a loop of known trip count runs iterations.
        if let Some(ub) = const_int(m, ops[1]) {
            let trips = ((ub - lb).max(0) as u64).div_ceil(step.max(1) as u64);
            stages = stages.min(trips.max(2));
        }
        let pipe = Pipe {
            lp,
            iv,
            lb,
            step,
            stages,
            slot,
        };
        (stages >= 2).then_some((mmaf, pipe))
    }

    /// `v` (a 0-d i32 nv_tileaa value, [`shiftable`]) computed with the induction variable at
    /// `at_iv`.
    pub(super) fn shifted(&mut self, v: Value, p: &Pipe, at_iv: Value, at: Op) -> LResult<Value> {
        if v == p.iv {
            return Ok(at_iv);
        }
        if !defined_within(self.m, v, p.lp) {
            return self.uniform_scalar(v, at);
        }
        let d = self.m.defining_op(v);
        let kind = d.and_then(|d| OpKind::of(self.m, d));
        if let (Some(OpKind::Constant), Some(c)) = (kind, const_int(self.m, v)) {
            let i32t = self.i32t;
            return Ok(self.const_int(i32t, c, Loc::default()));
        }
        let (Some(d), Some(k)) = (d, kind.and_then(arith)) else {
            return Err(self.unsupported(at, "a pipelined copy's start is not integer arithmetic"));
        };
        let [x, y] = [self.m.operands(d)[0], self.m.operands(d)[1]];
        let x = self.shifted(x, p, at_iv, at)?;
        let y = self.shifted(y, p, at_iv, at)?;
        Ok(self.bin(k, x, y))
    }

    /// The iteration number `(iv - lb) / step` of the lowered induction variable `iv`.
    pub(super) fn iteration(&mut self, iv: Value, p: &Pipe) -> Value {
        let i32t = self.i32t;
        let mut t = iv;
        if p.lb != 0 {
            let lb = self.const_int(i32t, p.lb, Loc::default());
            t = self.bin(tas::OpKind::SubI, t, lb);
        }
        if p.step != 1 {
            let step = self.const_int(i32t, p.step, Loc::default());
            t = self.bin(tas::OpKind::DivSI, t, step);
        }
        t
    }

    /// Slot `slot` (an i32) of each factor buffer of `bufs`.
    pub(super) fn stage_slots(
        &mut self,
        (sa, sb): (Value, Value),
        slot: Value,
        p: &Pipe,
    ) -> (Value, Value) {
        (
            self.gep(sa, slot, p.slot.0, Loc::default()),
            self.gep(sb, slot, p.slot.1, Loc::default()),
        )
    }

    /// The copies of both factors of `mmaf` at the iteration whose induction variable is `at_iv`
    /// into `dst`, closed by a `cp_async_commit`.
    fn copy_stage(&mut self, mmaf: Op, p: &Pipe, at_iv: Value, dst: (Value, Value)) -> LResult<()> {
        let loc = self.m.op_loc(mmaf);
        // An iteration past the loop's end is copied as zeros, reading nothing: its coordinates
        // are ones the program never computes (they may even wrap).
        let ub = self.m.operands(p.lp)[1];
        let ub = self.uniform_scalar(ub, mmaf)?;
        let live = self.cmp("slt", at_iv, ub);
        self.shift = Some((*p, at_iv));
        self.copy_live = Some(live);
        self.pending_stores = Some(Vec::new());
        let copied = self.stage_factors(mmaf, dst);
        self.pending_stores = None;
        self.shift = None;
        self.copy_live = None;
        copied?;
        self.b(loc)
            .op(tas::CpAsyncCommit::name_sym(), &[], &[], &[]);
        // The group's wait is the pipeline's, not the next `cp_async_wait_all`.
        self.copies_in_flight = false;
        self.sync.fresh = false;
        Ok(())
    }

    /// Before the loop: the copies of its first `S - 1` iterations, a group each.
    pub(super) fn pipe_prologue(&mut self, mmaf: Op, p: &Pipe) -> LResult<()> {
        if let Some(tp) = self.tma_pipes.get(&mmaf).cloned() {
            return self.tma_prologue(mmaf, p, &tp);
        }
        let loc = self.m.op_loc(mmaf);
        let bufs = self.wgmma_buffers(mmaf, p.stages);
        let i32t = self.i32t;
        for j in 0..p.stages - 1 {
            let at_iv = self.const_int(i32t, p.lb + j as i64 * p.step, loc);
            let slot = self.const_int(i32t, j as i64, loc);
            let dst = self.stage_slots(bufs, slot, p);
            self.copy_stage(mmaf, p, at_iv, dst)?;
        }
        Ok(())
    }

    /// At the `mmaf` in the loop body: completes this iteration's copies and gives the slots
    /// this iteration's wgmmas read, with the induction variable and iteration number
    /// [`Lower::pipe_prefetch`] continues from.
    pub(super) fn pipe_step(&mut self, mmaf: Op, p: &Pipe) -> LResult<((Value, Value), At)> {
        let loc = self.m.op_loc(mmaf);
        let bufs = self.wgmma_buffers(mmaf, p.stages);
        if let Some(tp) = self.tma_pipes.get(&mmaf).cloned() {
            let iv = self.uniform_scalar(p.iv, mmaf)?;
            let t = self.iteration(iv, p);
            let cur = self.tma_wait(mmaf, &tp, t, p.stages);
            return Ok((self.stage_slots(bufs, cur, p), At { iv, t }));
        }
        let i32t = self.i32t;
        let pending = AttrData::Int {
            value: p.stages as i64 - 2,
            ty: i32t,
        };
        self.b(loc).op(
            tas::CpAsyncWait::name_sym(),
            &[],
            &[],
            &[(sym!(tas::CpAsyncWait::PENDING), pending)],
        );
        self.publish_to_wgmma(loc);
        let iv = self.uniform_scalar(p.iv, mmaf)?;
        let t = self.iteration(iv, p);
        let n = self.const_int(i32t, p.stages as i64, loc);
        let cur = self.bin(tas::OpKind::RemUI, t, n);
        Ok((self.stage_slots(bufs, cur, p), At { iv, t }))
    }

    /// After this iteration's wgmmas are issued (they run while these copies are issued): the
    /// copies of iteration `t + S - 1` into slot `(t + S - 1) % S`, the one the wgmmas of
    /// iteration `t - 1` read, which every warpgroup waited for before the barrier of
    /// [`Lower::pipe_step`].
    pub(super) fn pipe_prefetch(&mut self, mmaf: Op, p: &Pipe, At { iv, t }: At) -> LResult<()> {
        let loc = self.m.op_loc(mmaf);
        let bufs = self.wgmma_buffers(mmaf, p.stages);
        let i32t = self.i32t;
        let ahead = p.stages as i64 - 1;
        let n = self.const_int(i32t, p.stages as i64, loc);
        let far = self.affine(t, 1, ahead as u64);
        let next = self.bin(tas::OpKind::RemUI, far, n);
        let step = self.const_int(i32t, ahead * p.step, loc);
        let at_iv = self.bin(tas::OpKind::AddI, iv, step);
        if let Some(tp) = self.tma_pipes.get(&mmaf).cloned() {
            return self.tma_issue(mmaf, p, &tp, at_iv, next);
        }
        let dst = self.stage_slots(bufs, next, p);
        self.copy_stage(mmaf, p, at_iv, dst)
    }

    /// The CTAs per SM to ask ptxas for (`.minnctapersm`) in a kernel whose wgmma `mmaf`s are
    /// pipelined, given its `shared` bytes: as many as shared memory and the registers allow,
    /// counting each thread's accumulators plus [`REG_HEADROOM`], and never fewer than
    /// [`MIN_REGS`] per thread. ptxas otherwise gives such a
    /// kernel every register it can (255), which leaves room for fewer CTAs than the shared
    /// memory does; a third CTA per SM hides more of the copies' latency (matmul_f16 at 128x128
    /// tiles: 357 → 334 µs on an H200). None without pipelines, or when one CTA is all that fits.
    pub(super) fn min_ctas_per_sm(&self, shared: u64) -> Option<u64> {
        if self.pipelined.is_empty() {
            return None;
        }
        let acc: u64 = self
            .pipelined
            .iter()
            .filter_map(|&op| {
                let acc = *self.m.operands(op).get(2)?;
                let (d, _) = tile_shape(self.m, self.m.value_type(acc))?;
                Some(d.iter().product::<u64>().div_ceil(self.threads))
            })
            .sum();
        let regs = (acc + REG_HEADROOM).next_multiple_of(8).max(MIN_REGS);
        let by_regs = SM_REGISTERS / (self.threads * regs);
        let by_shared = SM_SHARED / (shared + CTA_RESERVED);
        let n = by_regs.min(by_shared);
        (n >= 2).then_some(n)
    }

    /// After the loop: the copies of the iterations past its end complete.
    pub(super) fn pipe_drain(&mut self, mmaf: Op) {
        // Every box issued is waited for in its iteration (none is issued past the end).
        if self.tma_pipes.contains_key(&mmaf) {
            return;
        }
        let loc = self.m.op_loc(mmaf);
        self.b(loc)
            .op(tas::CpAsyncWaitAll::name_sym(), &[], &[], &[]);
        self.sync.fresh = false;
    }
}
