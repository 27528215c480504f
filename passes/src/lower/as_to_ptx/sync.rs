//! `lower-as-to-ptx` for nv_tileas's synchronization, asynchronous-copy and warp-role ops (kept
//! apart from the memory lowering of the parent module). Most are one instruction: the one the
//! nv_tileas op's declaration names (`instr:`, the mapping the forms of `--explain-fences` and
//! the target checks read), and [`KEEP`] names the attributes it keeps. The rest:
//!
//! - `mbarrier_wait` (blocking) is a `try_wait.parity` loop: `L: p = try_wait; @!p bra L`
//!   (try_wait may return false after a time limit, so it is always retried);
//! - an mbarrier op without `space` takes it from its pointer's type;
//! - `mbarrier_expect_tx`/`_complete_tx` with `release` (written, or the family's default when
//!   no semantic is written): PTX has only `.relaxed` forms, so the release is a fence of the
//!   same scope before the relaxed op (a split `fence.release` where PTX 8.6 and sm_90 allow,
//!   else `fence.acq_rel`; never weaker than the pair);
//! - an arrive with `tx_bytes` is `arrive.expect_tx`, which has no count operand: an arrive with
//!   both is a diagnostic naming the op;
//! - `cluster_arrive`/`cluster_wait` drop `mem_scope` (the instruction's scope is the cluster)
//!   and are `.aligned` exactly when the whole CTA reaches them convergently
//!   ([`affine::whole_cta`]: no `elect`, `warp_role`, `while` or per-thread `if`/`for` around
//!   them). `.aligned` promises ptxas that every thread of the warp executes the same
//!   instruction (CUTLASS's forms); it is part of the base forms (PTX 7.8, sm_90), so it never
//!   raises `.version`;
//! - `warp_role {warps = [lo, hi)}` runs its region on warps lo..hi-1:
//!   `w = tid.x >> 5; @(w - lo >=u hi - lo) bra skip; region; skip:`;
//! - `tcgen05_mma` takes exactly (d, a-desc, b-desc, idesc, enable-input-d); anything else is a
//!   diagnostic naming the op, like every shape the lowering does not handle;
//! - the ptx op an op becomes is checked at once by the ptx dialect's rules (operand widths,
//!   `red.async` types, …, where nv_tileas is looser): a failure is a diagnostic naming the
//!   nv_tileas op, never IR that fails a later verify (or, without `--verify-each`, bad PTX).

use super::{LResult, Lower};
use crate::verify::races::affine;
use tilec_dialects::nv_tileas::{self as tas, OpKind};
use tilec_dialects::opdef;
use tilec_dialects::opdef::{verify_op, AnyPair, PairOp};
use tilec_dialects::ptx;
use tilec_dialects::ptx::form::{self, Instr};
use tilec_dialects::types::ptr_info;
use tilec_ir::{
    sym, AttrData, Diagnostics, Loc, MemScope, MemSemantic, Module, Op, OpView, Severity, Sym,
    Type, Value,
};

/// What an mbarrier arrive, arrive_drop, expect_tx or complete_tx keeps (the four declare
/// the same keys).
const MBAR: &[&str] = &[
    ptx::MbarrierArrive::SPACE,
    ptx::MbarrierArrive::MEM_SEMANTIC,
    ptx::MbarrierArrive::MEM_SCOPE,
    ptx::MbarrierArrive::TX_BYTES,
];
/// What a try_wait or test_wait keeps.
const WAIT: &[&str] = &[
    ptx::MbarrierTryWait::MEM_SEMANTIC,
    ptx::MbarrierTryWait::MEM_SCOPE,
];

/// The attributes that carry over to the ptx op, per instruction (the instruction an nv_tileas
/// op becomes is its declaration's `instr:`): the keys the ptx op declares, read under the
/// same keys from the nv_tileas op.
const KEEP: &[(Instr, &[&str])] = &[
    (Instr::FenceProxyAsync, &[ptx::FenceProxyAsync::SPACE]),
    (Instr::FenceMbarrierInit, &[]),
    (
        Instr::BarArrive,
        &[ptx::BarArrive::ID, ptx::BarArrive::COUNT],
    ),
    (
        Instr::BarrierClusterArrive,
        &[ptx::BarrierClusterArrive::MEM_SEMANTIC],
    ),
    (
        Instr::BarrierClusterWait,
        &[ptx::BarrierClusterWait::MEM_SEMANTIC],
    ),
    (Instr::MbarrierInit, &[]),
    (Instr::MbarrierInval, &[]),
    (Instr::MbarrierArrive, MBAR),
    (Instr::MbarrierArriveDrop, MBAR),
    (Instr::MbarrierExpectTx, MBAR),
    (Instr::MbarrierCompleteTx, MBAR),
    (Instr::MbarrierTryWait, WAIT),
    (Instr::MbarrierTestWait, WAIT),
    (Instr::Mapa, &[]),
    (Instr::StAsync, &[]),
    (Instr::RedAsync, &[ptx::RedAsync::KIND]),
    (Instr::CpAsyncBulkG2s, &[ptx::CpAsyncBulkG2s::BYTES]),
    (Instr::CpAsyncBulkS2g, &[ptx::CpAsyncBulkS2g::BYTES]),
    (Instr::CpAsyncBulkTensor, &[ptx::CpAsyncBulkTensor::BYTES]),
    (Instr::CpAsyncBulkCommit, &[]),
    (
        Instr::CpAsyncBulkWait,
        &[ptx::CpAsyncBulkWait::PENDING, ptx::CpAsyncBulkWait::READ],
    ),
    (Instr::WgmmaFence, &[]),
    (Instr::WgmmaCommit, &[]),
    (Instr::WgmmaWait, &[ptx::WgmmaWait::PENDING]),
    (Instr::Tcgen05Alloc, &[ptx::Tcgen05Alloc::COLUMNS]),
    (Instr::Tcgen05Dealloc, &[ptx::Tcgen05Dealloc::COLUMNS]),
    (Instr::Tcgen05Ld, &[]),
    (Instr::Tcgen05St, &[]),
    (Instr::Tcgen05WaitLd, &[]),
    (Instr::Tcgen05WaitSt, &[]),
    (Instr::Tcgen05Mma, &[ptx::Tcgen05Mma::KIND]),
    (Instr::Tcgen05Commit, &[]),
    (Instr::Tcgen05FenceBefore, &[]),
    (Instr::Tcgen05FenceAfter, &[]),
];

/// The one-instruction lowering of nv_tileas op `op`: the instruction and the kept
/// attributes (the nv_tileas op is looked up by its own name, never a name built from text).
fn one_to_one(m: &Module, op: Op) -> Option<(Instr, &'static [&'static str])> {
    let instr = form::lowers_to(m.op_name(op))?;
    KEEP.iter().find(|e| e.0 == instr).copied()
}

/// The `tx_bytes` of an mbarrier arrive or arrive_drop (None for other ops).
fn arrive_tx_bytes(m: &Module, op: Op, kind: OpKind) -> Option<i64> {
    match kind {
        OpKind::MbarrierArrive => tas::MbarrierArrive(op).tx_bytes(m),
        OpKind::MbarrierArriveDrop => tas::MbarrierArriveDrop(op).tx_bytes(m),
        _ => None,
    }
}

/// Whether [`Lower::op_sync`] lowers the nv_tileas op `op` (of kind `kind`).
pub(super) fn handles(m: &Module, op: Op, kind: OpKind) -> bool {
    matches!(kind, OpKind::MbarrierWait | OpKind::WarpRole) || one_to_one(m, op).is_some()
}

impl Lower<'_> {
    /// Lowers `op` (one of [`handles`]) and maps its results.
    pub(super) fn op_sync(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<()> {
        use OpKind as K;
        match kind {
            K::MbarrierWait => {
                let head = self.label();
                self.put_label(&head, loc);
                let mut attrs = self.copy(op, WAIT);
                self.default_space(op, &mut attrs);
                attrs.retain(|a| a.0 != sym!(ptx::MbarrierArrive::SPACE));
                let i1 = self.i1;
                let try_wait = self.instr_name(Instr::MbarrierTryWait);
                let p = self.b(loc).value(try_wait, operands, i1, &attrs);
                let Some(tw) = self.m.defining_op(p) else {
                    return Err(self.unsupported(op, "no try_wait was built"));
                };
                self.verified(op, tw)?;
                self.branch(Some(p), true, &head, loc);
                return Ok(());
            }
            K::WarpRole => return self.warp_role(op, loc),
            K::MbarrierArrive | K::MbarrierArriveDrop
                if operands.len() > 1 && arrive_tx_bytes(self.m, op, kind).is_some() =>
            {
                return Err(self.unsupported(op,
                    "an arrive with tx_bytes is mbarrier.arrive.expect_tx, which takes no count operand",
                ))
            }
            K::Tcgen05Mma if operands.len() != 5 => {
                return Err(self.unsupported(op,
                    format!(
                        "tcgen05_mma takes (d, a-desc, b-desc, idesc, enable-input-d), but it has {} operands",
                        operands.len()
                    ),
                ))
            }
            _ => {}
        }
        let Some((instr, keys)) = one_to_one(self.m, op) else {
            return Err(self.unsupported(op, "no lowering rule"));
        };
        let name = self.instr_name(instr);
        let mut attrs = self.copy(op, keys);
        // The arrive family without a `space` takes its barrier pointer's.
        if matches!(
            kind,
            K::MbarrierArrive | K::MbarrierArriveDrop | K::MbarrierExpectTx | K::MbarrierCompleteTx
        ) {
            self.default_space(op, &mut attrs);
        }
        if matches!(kind, K::MbarrierExpectTx | K::MbarrierCompleteTx) {
            self.release_as_fence(op, &mut attrs, loc);
        }
        if matches!(kind, K::ClusterArrive | K::ClusterWait) && affine::whole_cta(self.m, op) {
            // barrier.cluster.arrive and .wait both declare the flag.
            attrs.push((sym!(ptx::BarrierClusterArrive::ALIGNED), AttrData::Unit));
        }
        let new = self.b(loc).op(name, operands, result_types, &attrs);
        self.verified(op, new)?;
        let news: Vec<Value> = self.m.results(new).collect();
        self.map_results(op, news);
        Ok(())
    }

    /// Checks the ptx op `new` built for `op` by the ptx dialect's rules; its first error becomes
    /// a diagnostic naming `op`.
    fn verified(&self, op: Op, new: Op) -> LResult<()> {
        let mut d = Diagnostics::new();
        verify_op(self.m, new, &mut d);
        match d.0.into_iter().find(|e| e.severity == Severity::Error) {
            Some(e) => Err(self.unsupported(
                op,
                format!(
                    "its {} would be invalid: {}",
                    self.m.op_name(new),
                    e.message
                ),
            )),
            None => Ok(()),
        }
    }

    /// Adds `space` from the barrier pointer's type when the op does not write it.
    fn default_space(&self, op: Op, attrs: &mut Vec<(Sym, AttrData)>) {
        let key = sym!(ptx::MbarrierArrive::SPACE);
        if attrs.iter().any(|a| a.0 == key) {
            return;
        }
        let Some(&p) = self.m.operands(op).first() else {
            return;
        };
        if let Some((Some(space), _)) = ptr_info(self.m, self.m.value_type(p)) {
            attrs.push((key, AttrData::Space(space)));
        }
    }

    /// A `release` expect_tx/complete_tx `op`: a fence of the pair's scope, then the relaxed op
    /// (`attrs` are the ptx op's, with the pair copied from `op`). No written semantic is the
    /// family's default, release (SYNC-MODEL §1), not PTX's unwritten one (which the ISA does
    /// not state).
    fn release_as_fence(&mut self, op: Op, attrs: &mut Vec<(Sym, AttrData)>, loc: Loc) {
        let (sem, scope) = AnyPair::cast(self.m, op).map_or((None, None), |p| p.pair(self.m));
        if sem.is_some_and(|s| s != MemSemantic::Release) {
            return;
        }
        let key = opdef::sem_key();
        let relaxed = AttrData::Sem(MemSemantic::Relaxed);
        match attrs.iter_mut().find(|a| a.0 == key) {
            Some(a) => a.1 = relaxed,
            None => attrs.push((key, relaxed)),
        }
        let fsem = form::tx_release_fence(self.split_fences);
        self.b(loc).op(
            ptx::Fence::name_sym(),
            &[],
            &[],
            &[
                opdef::sem_entry(fsem),
                opdef::scope_entry(scope.unwrap_or(MemScope::Cta)),
            ],
        );
    }

    /// `warp_role {warps = [lo, hi)}`: branch around the region unless `lo <= tid.x/32 < hi`.
    fn warp_role(&mut self, op: Op, loc: Loc) -> LResult<()> {
        let Some(warps) = tas::WarpRole(op).warp_range(self.m) else {
            return Err(self.unsupported(op, "attribute 'warps' must be array<i32: lo, hi>"));
        };
        let (lo, hi) = (warps.start, warps.end);
        let tid = self.tid();
        let i32t = self.i32t;
        let i1 = self.i1;
        let five = self.imm(i32t, 5, loc);
        let mut w = self.binary("shr.u", tid, five, i32t, loc);
        if lo != 0 {
            let l = self.imm(i32t, lo, loc);
            w = self.binary("sub", w, l, i32t, loc);
        }
        let n = self.imm(i32t, hi - lo, loc);
        let out = self.b(loc).value(
            ptx::Setp::name_sym(),
            &[w, n],
            i1,
            &[(sym!(ptx::Setp::CMP), AttrData::Str("uge".into()))],
        );
        let skip = self.label();
        self.branch(Some(out), false, &skip, loc);
        let region = self.m.regions(op)[0];
        for blk in self.m.region_blocks(region).to_vec() {
            self.block(blk)?;
        }
        self.put_label(&skip, loc);
        Ok(())
    }
}
