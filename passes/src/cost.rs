//! The fence cost model, as data: which synchronization SASS every PTX sync form becomes on an
//! H100 (ptxas 13.0, docs/reference/ptxas-probe.md) and the cost class that SASS puts it in
//! (SYNC-MODEL §4; the measured cycles behind the order are in fence-cost-h100.md).
//!
//! This module owns [`Class`], the table [`ROWS`] keyed on the typed instruction form
//! (`tilec_dialects::ptx::form::PtxForm`: the instruction and the modifiers it prints), [`row`]
//! (a form → its row), [`classify`] (a PTX opcode, parsed back to its form → its row), and
//! [`Counts`] / [`count_ptx`] (how many instructions of each class a PTX text has). `weakest-fence` and `tile-fence-report` compare kernels by these counts, most expensive
//! class first (`Counts`' order); docs/cost-model.md prints the table.
//!
//! The table is data so that a new probe result is one edited row, not a new branch of code.
//! Rows the probe did not measure say so (`probed: false`); their class is the closest probed
//! row's, named in the comment above them. A form ptxas rejects counts as [`Class::Sys`], so that
//! no rewrite ever picks it to save cost.

use std::cmp::Ordering;
use std::fmt;
use tilec_dialects::mem::ptx_space;
use tilec_dialects::ptx::form::{Instr, PtxForm};
use tilec_ir::{MemScope, MemSemantic, Space};

/// Cost classes, cheapest first (SYNC-MODEL §4: nothing < CCTL.IVALL < MEMBAR.ALL.CTA /
/// FENCE.VIEW.ASYNC.* < MEMBAR.ALL.GPU < MEMBAR.SC.GPU < *.SYS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// No synchronization SASS beyond the instruction itself.
    Free,
    /// An L1 (or tensormap-cache) invalidate on the acquire side: `CCTL.IVALL`, `UTMACCTL.IV`.
    Invalidate,
    /// A CTA-wide memory barrier: `MEMBAR.ALL.CTA`, `MEMBAR.SC.CTA`.
    Cta,
    /// A proxy fence, `FENCE.VIEW.ASYNC.S/.G/.T` (with at most a CTA barrier). Above [`Cta`]
    /// because it measured so (~79 against ~64 cycles, fence-cost-h100.md); §4 puts them level.
    ///
    /// [`Cta`]: Class::Cta
    Proxy,
    /// A GPU-wide memory barrier, `MEMBAR.ALL.GPU` (+ `ERRBAR CGAERRBAR`): ~990 cycles.
    Gpu,
    /// A sequentially consistent GPU-wide barrier, `MEMBAR.SC.GPU`.
    ScGpu,
    /// A system-wide barrier, `MEMBAR.*.SYS`: ~2590 cycles with every SM busy.
    Sys,
}

impl Class {
    /// Every class, cheapest first (also the index order of [`Counts`]).
    pub const ALL: [Class; 7] = [
        Class::Free,
        Class::Invalidate,
        Class::Cta,
        Class::Proxy,
        Class::Gpu,
        Class::ScGpu,
        Class::Sys,
    ];

    /// The SASS that names the class (for reports).
    pub fn label(self) -> &'static str {
        match self {
            Class::Free => "free",
            Class::Invalidate => "CCTL.IVALL",
            Class::Cta => "MEMBAR.CTA",
            Class::Proxy => "FENCE.VIEW.ASYNC",
            Class::Gpu => "MEMBAR.ALL.GPU",
            Class::ScGpu => "MEMBAR.SC.GPU",
            Class::Sys => "MEMBAR.SYS",
        }
    }

    /// A GPU- or system-wide memory barrier: what the weakest-fence pass exists to remove.
    pub fn expensive(self) -> bool {
        matches!(self, Class::Gpu | Class::ScGpu | Class::Sys)
    }
}

/// A modifier a form must print for a row to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// `.sem`.
    Sem(MemSemantic),
    /// `.scope`.
    Scope(MemScope),
    /// The state space.
    Space(Space),
    /// `.sync_restrict::space`.
    Restrict(Space),
    /// `.read`.
    Read,
}

impl Need {
    /// Does `f` print this modifier?
    pub fn holds(self, f: &PtxForm) -> bool {
        match self {
            Need::Sem(s) => f.sem == Some(s),
            Need::Scope(s) => f.scope == Some(s),
            Need::Space(s) => f.space == Some(s),
            Need::Restrict(s) => f.restrict == Some(s),
            Need::Read => f.read,
        }
    }
}

impl fmt::Display for Need {
    /// The modifier as PTX spells it (`acquire`, `shared::cta`, `sync_restrict::shared::cta`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Need::Sem(s) => write!(f, "{s}"),
            Need::Scope(s) => write!(f, "{s}"),
            Need::Space(s) => f.write_str(ptx_space(*s)),
            Need::Restrict(s) => write!(f, "sync_restrict::{}", ptx_space(*s)),
            Need::Read => f.write_str("read"),
        }
    }
}

/// One instruction (or the forms of it with some modifiers) and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The instruction.
    pub instr: Instr,
    /// Modifiers the form must all print for this row to apply.
    pub needs: &'static [Need],
    /// The sync-relevant SASS of the probe (for an unprobed row: of the row it is inferred
    /// from), or `REJECTED …` for a form ptxas refuses.
    pub sass: &'static str,
    /// The most expensive class among `sass` ([`class_of_sass`]); [`Class::Sys`] if rejected.
    pub class: Class,
    /// The form (or one of its family) is a row of ptxas-probe.md.
    pub probed: bool,
}

// `p`: a row of the probe; `i`: a row inferred from the closest probed one.
#[rustfmt::skip]
const fn p(instr: Instr, needs: &'static [Need], sass: &'static str, class: Class) -> Row {
    Row { instr, needs, sass, class, probed: true }
}
#[rustfmt::skip]
const fn i(instr: Instr, needs: &'static [Need], sass: &'static str, class: Class) -> Row {
    Row { instr, needs, sass, class, probed: false }
}

/// The SASS column of a form ptxas 13.0 refuses.
pub const REJECTED: &str = "REJECTED by ptxas 13.0";

// SASS shared by several rows.
const ALL_GPU: &str = "MEMBAR.ALL.GPU ERRBAR CGAERRBAR";
const ALL_GPU_IV: &str = "MEMBAR.ALL.GPU ERRBAR CGAERRBAR CCTL.IVALL";
const ALL_SYS: &str = "MEMBAR.ALL.SYS ERRBAR CGAERRBAR";
const ALL_SYS_IV: &str = "MEMBAR.ALL.SYS ERRBAR CGAERRBAR CCTL.IVALL";
const SC_GPU: &str = "MEMBAR.SC.GPU ERRBAR CGAERRBAR CCTL.IVALL";
const SC_SYS: &str = "MEMBAR.SC.SYS ERRBAR CGAERRBAR CCTL.IVALL";
const RESTRICT_CTA: &str = "MEMBAR.ALL.CTA FENCE.VIEW.ASYNC.S";
const MBAR_REMOTE_RELEASE: &str =
    "MEMBAR.ALL.CTA MEMBAR.ALL.GPU ERRBAR CGAERRBAR SYNCS.ARRIVE.TRANS64.RED.A1T0";

use Class::{Cta, Free, Gpu, Invalidate, Proxy, ScGpu, Sys};
use Instr as I;

// The modifiers rows need.
const RELAXED: Need = Need::Sem(MemSemantic::Relaxed);
const ACQUIRE: Need = Need::Sem(MemSemantic::Acquire);
const RELEASE: Need = Need::Sem(MemSemantic::Release);
const ACQ_REL: Need = Need::Sem(MemSemantic::AcqRel);
const SC: Need = Need::Sem(MemSemantic::Sc);
const CTA: Need = Need::Scope(MemScope::Cta);
const CLUSTER: Need = Need::Scope(MemScope::Cluster);
const GPU: Need = Need::Scope(MemScope::Gpu);
const SYS: Need = Need::Scope(MemScope::Sys);
const R_CTA: Need = Need::Restrict(Space::SharedCta);
const R_CLUSTER: Need = Need::Restrict(Space::SharedCluster);
const SHARED_CTA: Need = Need::Space(Space::SharedCta);
const SHARED_CLUSTER: Need = Need::Space(Space::SharedCluster);
const GLOBAL: Need = Need::Space(Space::Global);
const READ: Need = Need::Read;

/// Every form tilec prints that synchronizes, most specific row first within an instruction:
/// [`row`] takes the first row of the form's instruction whose `needs` it prints. Only forms
/// tilec prints are here (ptxas-probe.md also measured `membar`, the tensormap and alias proxy
/// fences, `ld.volatile`/`.mmio`, `griddepcontrol`, …); a form the printer always writes with a
/// scope (fence) has no unscoped row; an `ld.acquire` or `st.release` without one is not PTX
/// and counts at the widest scope, so it never looks cheap.
#[rustfmt::skip]
pub static ROWS: &[Row] = &[
    // fence.sem.scope: sync_restrict first (it narrows what the same sem/scope orders).
    p(I::Fence, &[ACQUIRE, R_CLUSTER], "", Free),
    p(I::Fence, &[RELEASE, R_CTA], RESTRICT_CTA, Proxy),
    p(I::Fence, &[RELEASE, R_CLUSTER], REJECTED, Sys),
    p(I::Fence, &[ACQUIRE, R_CTA], REJECTED, Sys),
    p(I::Fence, &[SC, CTA], "MEMBAR.SC.CTA", Cta),
    p(I::Fence, &[SC, CLUSTER], SC_GPU, ScGpu),
    p(I::Fence, &[SC, GPU], SC_GPU, ScGpu),
    p(I::Fence, &[SC, SYS], SC_SYS, Sys),
    p(I::Fence, &[ACQ_REL, CTA], "MEMBAR.ALL.CTA", Cta),
    p(I::Fence, &[ACQ_REL, CLUSTER], ALL_GPU_IV, Gpu),
    p(I::Fence, &[ACQ_REL, GPU], ALL_GPU_IV, Gpu),
    p(I::Fence, &[ACQ_REL, SYS], ALL_SYS_IV, Sys),
    p(I::Fence, &[ACQUIRE, CTA], "", Free),
    p(I::Fence, &[ACQUIRE, CLUSTER], "CCTL.IVALL", Invalidate),
    p(I::Fence, &[ACQUIRE, GPU], "CCTL.IVALL", Invalidate),
    // Not probed: as fence.acquire.gpu (an acquire fence only invalidates L1).
    i(I::Fence, &[ACQUIRE, SYS], "CCTL.IVALL", Invalidate),
    p(I::Fence, &[RELEASE, CTA], "MEMBAR.ALL.CTA", Cta),
    p(I::Fence, &[RELEASE, CLUSTER], ALL_GPU, Gpu),
    p(I::Fence, &[RELEASE, GPU], ALL_GPU, Gpu),
    // Not probed: fence.acq_rel.sys without its acquire-side CCTL.IVALL.
    i(I::Fence, &[RELEASE, SYS], ALL_SYS, Sys),
    p(I::FenceMbarrierInit, &[], "", Free),
    // Proxy fences. With no state space the generic→async fence orders shared::cluster too,
    // hence MEMBAR.ALL.GPU; restricted to shared::cta it is a CTA barrier.
    p(I::FenceProxyAsync, &[SHARED_CTA], RESTRICT_CTA, Proxy),
    p(I::FenceProxyAsync, &[SHARED_CLUSTER], "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S", Gpu),
    p(I::FenceProxyAsync, &[GLOBAL], "FENCE.VIEW.ASYNC.G", Proxy),
    p(I::FenceProxyAsync, &[], "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S", Gpu),
    // ld: weak (no semantic) is not a sync form and has no row.
    p(I::Ld, &[RELAXED], "LDG.E.STRONG.GPU", Free),
    p(I::Ld, &[ACQUIRE, CTA], "", Free),
    p(I::Ld, &[ACQUIRE, CLUSTER], "LD.E.STRONG.GPU CCTL.IVALL", Invalidate),
    p(I::Ld, &[ACQUIRE, GPU], "LDG.E.STRONG.GPU CCTL.IVALL", Invalidate),
    // Not probed: as ld.acquire.gpu.
    i(I::Ld, &[ACQUIRE, SYS], "LDG.E.STRONG.SYS CCTL.IVALL", Invalidate),
    p(I::Ld, &[ACQUIRE], REJECTED, Sys),
    p(I::Ld, &[RELEASE], REJECTED, Sys),
    i(I::Ld, &[ACQ_REL], REJECTED, Sys),
    i(I::Ld, &[SC], REJECTED, Sys),
    // st: weak has no row.
    p(I::St, &[RELAXED], "", Free),
    // Not probed: as atom.release.cta / fence.release.cta.
    i(I::St, &[RELEASE, CTA], "MEMBAR.ALL.CTA", Cta),
    p(I::St, &[RELEASE, CLUSTER], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ST.E.STRONG.GPU", Gpu),
    p(I::St, &[RELEASE, GPU], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR STG.E.STRONG.GPU", Gpu),
    p(I::St, &[RELEASE, SYS], "MEMBAR.ALL.SYS ERRBAR CGAERRBAR STG.E.STRONG.SYS", Sys),
    i(I::St, &[RELEASE], ALL_SYS, Sys),
    p(I::St, &[ACQUIRE], REJECTED, Sys),
    i(I::St, &[ACQ_REL], REJECTED, Sys),
    i(I::St, &[SC], REJECTED, Sys),
    // atom: always at least relaxed; without a scope it is gpu scope (probe: noscope, nosem).
    p(I::Atom, &[RELAXED], "ATOMG.E.ADD.STRONG.GPU", Free),
    // Not probed: as ld.acquire.cta.
    i(I::Atom, &[ACQUIRE, CTA], "", Free),
    p(I::Atom, &[ACQUIRE, CLUSTER], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    // Not probed: as atom.acquire.cluster.
    i(I::Atom, &[ACQUIRE, GPU], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    i(I::Atom, &[ACQUIRE, SYS], "ATOMG.E.CAS.STRONG.SYS CCTL.IVALL", Invalidate),
    i(I::Atom, &[ACQUIRE], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    p(I::Atom, &[RELEASE, CTA], "MEMBAR.ALL.CTA ATOMS.EXCH", Cta),
    // Not probed: as red.release.gpu / st.release.sys.
    i(I::Atom, &[RELEASE, CLUSTER], ALL_GPU, Gpu),
    i(I::Atom, &[RELEASE, GPU], ALL_GPU, Gpu),
    i(I::Atom, &[RELEASE, SYS], ALL_SYS, Sys),
    i(I::Atom, &[RELEASE], ALL_GPU, Gpu),
    // Not probed: as fence.acq_rel.cta / atom.acq_rel.gpu.
    i(I::Atom, &[ACQ_REL, CTA], "MEMBAR.ALL.CTA", Cta),
    i(I::Atom, &[ACQ_REL, CLUSTER], ALL_GPU_IV, Gpu),
    p(I::Atom, &[ACQ_REL, GPU], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL", Gpu),
    p(I::Atom, &[ACQ_REL, SYS], "MEMBAR.ALL.SYS ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.SYS CCTL.IVALL", Sys),
    p(I::Atom, &[ACQ_REL], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL", Gpu),
    p(I::Atom, &[SC], REJECTED, Sys),
    p(I::Atom, &[], "ATOMG.E.ADD.STRONG.GPU", Free),
    // red: like atom without the acquire side (not probed but release.gpu: as atom).
    i(I::Red, &[RELAXED], "REDG.E.ADD.STRONG.GPU", Free),
    i(I::Red, &[RELEASE, CTA], "MEMBAR.ALL.CTA", Cta),
    i(I::Red, &[RELEASE, CLUSTER], ALL_GPU, Gpu),
    p(I::Red, &[RELEASE, GPU], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR REDG.E.ADD.STRONG.GPU", Gpu),
    i(I::Red, &[RELEASE, SYS], ALL_SYS, Sys),
    i(I::Red, &[RELEASE], ALL_GPU, Gpu),
    i(I::Red, &[ACQUIRE], REJECTED, Sys),
    p(I::Red, &[ACQ_REL], REJECTED, Sys),
    i(I::Red, &[SC], REJECTED, Sys),
    i(I::Red, &[], "REDG.E.ADD.STRONG.GPU", Free),
    // mbarrier: the default arrive is release.cta and the default wait acquire.cta (neither
    // written), both free; only cluster scope costs (a release.cluster arrive pays
    // MEMBAR.ALL.GPU).
    p(I::MbarrierInit, &[], "SYNCS.EXCH.64", Free),
    // SYNCS.CCTL.IV invalidates the barrier's own line, not L1: not CCTL.IVALL.
    p(I::MbarrierInval, &[], "SYNCS.CCTL.IV", Free),
    p(I::MbarrierArrive, &[RELEASE, CLUSTER], MBAR_REMOTE_RELEASE, Gpu),
    p(I::MbarrierArrive, &[RELAXED], "SYNCS.ARRIVE.TRANS64.RED.A1T0", Free),
    p(I::MbarrierArrive, &[ACQUIRE], REJECTED, Sys),
    p(I::MbarrierArrive, &[], "SYNCS.ARRIVE.TRANS64.A1T0", Free),
    // Not probed: arrive_drop as arrive.
    i(I::MbarrierArriveDrop, &[RELEASE, CLUSTER], MBAR_REMOTE_RELEASE, Gpu),
    i(I::MbarrierArriveDrop, &[RELAXED], "SYNCS.ARRIVE.TRANS64.RED.A1T0", Free),
    p(I::MbarrierArriveDrop, &[], "SYNCS.ARRIVE.TRANS64.OPTOUT.A1T0", Free),
    p(I::MbarrierExpectTx, &[], "SYNCS.ARRIVE.TRANS64.RED.A0TR", Free),
    p(I::MbarrierCompleteTx, &[], "SYNCS.ARRIVE.TRANS64.RED.A0TX", Free),
    p(I::MbarrierTryWait, &[ACQUIRE, CLUSTER], "SYNCS.PHASECHK.TRANS64.TRYWAIT CCTL.IVALL", Invalidate),
    p(I::MbarrierTryWait, &[RELEASE], REJECTED, Sys),
    p(I::MbarrierTryWait, &[], "SYNCS.PHASECHK.TRANS64.TRYWAIT", Free),
    // Not probed: as try_wait.
    i(I::MbarrierTestWait, &[ACQUIRE, CLUSTER], "SYNCS.PHASECHK.TRANS64 CCTL.IVALL", Invalidate),
    p(I::MbarrierTestWait, &[], "SYNCS.PHASECHK.TRANS64", Free),
    // Cluster barrier: the default arrive is release (MEMBAR.ALL.GPU), the wait acquire.
    p(I::BarrierClusterArrive, &[RELAXED], "UCGABAR_ARV", Free),
    p(I::BarrierClusterArrive, &[], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR UCGABAR_ARV", Gpu),
    p(I::BarrierClusterWait, &[], "UCGABAR_WAIT CCTL.IVALL BAR.SYNC.DEFER_BLOCKING", Invalidate),
    // CTA barriers: no memory barrier SASS.
    p(I::BarSync, &[], "BAR.SYNC.DEFER_BLOCKING", Free),
    p(I::BarArrive, &[], "BAR.ARV", Free),
    // Asynchronous stores and bulk copies: their ordering is the mbarrier's or the wait's.
    p(I::StAsync, &[], "STAS", Free),
    p(I::RedAsync, &[], "REDAS.ADD", Free),
    p(I::CpAsyncBulkWait, &[READ], "DEPBAR.LE", Free),
    p(I::CpAsyncBulkWait, &[], "DEPBAR.LE CCTL.IVALL", Invalidate),
    p(I::CpAsyncBulkCommit, &[], "UTMACMDFLUSH", Free),
    p(I::CpAsyncBulkG2s, &[], "UBLKCP.S.G", Free),
    p(I::CpAsyncBulkTensor, &[], "UTMALDG", Free),
    p(I::CpAsyncBulkS2g, &[], "UBLKCP.G.S", Free),
    p(I::WgmmaFence, &[], "WARPGROUP.ARRIVE", Free),
    p(I::WgmmaCommit, &[], "WARPGROUP.ARRIVE WARPGROUP.DEPBAR.LE", Free),
    p(I::WgmmaWait, &[], "WARPGROUP.DEPBAR.LE", Free),
    // tcgen05 (sm_100a): only wait::st fences a proxy (FENCE.VIEW.ASYNC.T).
    p(I::Tcgen05WaitSt, &[], "FENCE.VIEW.ASYNC.T", Proxy),
    p(I::Tcgen05WaitLd, &[], "", Free),
    p(I::Tcgen05FenceBefore, &[], "", Free),
    p(I::Tcgen05FenceAfter, &[], "", Free),
    p(I::Tcgen05Commit, &[], "UTCBAR", Free),
    p(I::Tcgen05Alloc, &[], "DEPBAR.LE UTCATOMSWS.FIND_AND_SET.ALIGN ATOMS.OR", Free),
    p(I::Tcgen05Dealloc, &[], "REDUX UTCATOMSWS.AND ATOMS.AND", Free),
    p(I::Tcgen05Ld, &[], "LDTM", Free),
    p(I::Tcgen05St, &[], "STTM", Free),
    // Not probed: mma issues no memory barrier.
    i(I::Tcgen05Mma, &[], "", Free),
];

/// The row of a form: the first of its instruction's rows whose `needs` it prints; None when
/// the form is not a synchronization/ordering instruction (a weak `ld`/`st`, `mapa`).
pub fn row(f: &PtxForm) -> Option<&'static Row> {
    ROWS.iter()
        .find(|r| r.instr == f.instr && r.needs.iter().all(|n| n.holds(f)))
}

/// The row for a PTX instruction opcode with its modifiers (`fence.acq_rel.cluster`,
/// `mbarrier.try_wait.parity.acquire.cluster.shared.b64`, `atom.release.gpu.global.add.u32`,
/// `bar.sync`): the opcode parsed back to its form ([`PtxForm::parse`]), then [`row`]; None
/// for an opcode that is no form tilec prints or no sync instruction (`add.s32`, a weak
/// `ld.global.u32`, `mov.u32`).
pub fn classify(opcode: &str) -> Option<&'static Row> {
    row(&PtxForm::parse(opcode)?)
}

/// The most expensive class among the SASS instructions of `sass` (whitespace-separated).
pub fn class_of_sass(sass: &str) -> Class {
    let one = |t: &str| {
        let membar = t.starts_with("MEMBAR");
        if membar && t.ends_with(".SYS") {
            Sys
        } else if t == "MEMBAR.SC.GPU" {
            ScGpu
        } else if membar && t.ends_with(".GPU") {
            Gpu
        } else if t.starts_with("FENCE.VIEW.ASYNC") {
            Proxy
        } else if membar && t.ends_with(".CTA") {
            Cta
        } else if t == "CCTL.IVALL" || t == "UTMACCTL.IV" {
            Invalidate
        } else {
            Free
        }
    };
    sass.split_whitespace().map(one).max().unwrap_or(Free)
}

/// How many sync instructions of each class a kernel (or a PTX text) has, each weighted as the
/// caller counts it (weakest-fence weighs an op by its warps and loop levels; `count_ptx` counts
/// each instruction once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts(pub [u64; 7]);

impl Counts {
    /// Counts one instruction of class `c`.
    pub fn add(&mut self, c: Class) {
        self.add_weighted(c, 1);
    }
    /// Counts `w` instructions of class `c`.
    pub fn add_weighted(&mut self, c: Class, w: u64) {
        self.0[c as usize] += w;
    }
    /// The number of instructions of class `c`.
    pub fn get(&self, c: Class) -> u64 {
        self.0[c as usize]
    }
    /// The number of expensive ones ([`Class::expensive`]).
    pub fn expensive(&self) -> u64 {
        Class::ALL
            .iter()
            .filter(|c| c.expensive())
            .map(|&c| self.get(c))
            .sum()
    }
}

impl PartialOrd for Counts {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Counts {
    /// By cost: the count of the most expensive class first, then the next, … (one
    /// `MEMBAR.SYS` costs more than any number of `MEMBAR.ALL.GPU`, as the pass compares);
    /// `Free` does not count.
    fn cmp(&self, other: &Self) -> Ordering {
        Class::ALL
            .iter()
            .rev()
            .filter(|&&c| c != Class::Free)
            .map(|&c| self.get(c).cmp(&other.get(c)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// The opcode of a PTX instruction line (`\t[@%p ]opcode operands;`); None for labels,
/// directives, braces, blank lines and comments.
pub fn line_opcode(line: &str) -> Option<&str> {
    let mut toks = line.split_whitespace();
    let mut t = toks.next()?;
    if t.starts_with('@') {
        t = toks.next()?;
    }
    let skip = t.starts_with("//") || t.starts_with('.') || t.ends_with(':');
    let t = t.trim_end_matches(';');
    if skip || !t.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(t)
}

/// Counts every sync instruction of a PTX text (one per instruction line; lines are
/// `\t[@%p ]opcode operands;`, labels/directives/comments skipped).
pub fn count_ptx(text: &str) -> Counts {
    let mut n = Counts::default();
    for row in text.lines().filter_map(line_opcode).filter_map(classify) {
        n.add(row.class);
    }
    n
}

#[cfg(test)]
mod tests;
