//! The fence cost model, as data: which synchronization SASS every PTX sync form becomes on an
//! H100 (ptxas 13.0, shared/reference/ptxas-probe.md) and the cost class that SASS puts it in
//! (SYNC-MODEL §4; the measured cycles behind the order are in fence-cost-h100.md).
//!
//! This module owns [`Class`], the table [`ROWS`], [`classify`] (a PTX opcode with its modifiers
//! → its row), and [`Counts`] / [`count_ptx`] (how many instructions of each class a PTX text
//! has). `weakest-fence` and `tile-fence-report` compare kernels by these counts, most expensive
//! class first ([`Counts::cmp_cost`]); docs/cost-model.md prints the table.
//!
//! The table is data so that a new probe result is one edited row, not a new branch of code.
//! Rows the probe did not measure say so (`probed: false`); their class is the closest probed
//! row's, named in the comment above them. A form ptxas rejects counts as [`Class::Sys`], so that
//! no rewrite ever picks it to save cost.

use std::cmp::Ordering;

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

/// One PTX form (or family of forms) and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The instruction name: the opcode up to its modifiers (`fence`, `fence.proxy.async`,
    /// `mbarrier.try_wait`, `barrier.cluster.arrive`, …).
    pub instr: &'static str,
    /// Modifiers the opcode must all carry (in any order) for this row to apply.
    pub needs: &'static [&'static str],
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
const fn p(instr: &'static str, needs: &'static [&'static str], sass: &'static str, class: Class) -> Row {
    Row { instr, needs, sass, class, probed: true }
}
#[rustfmt::skip]
const fn i(instr: &'static str, needs: &'static [&'static str], sass: &'static str, class: Class) -> Row {
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

/// Every sync form, most specific row first within an instruction: [`classify`] takes the
/// first row of the opcode's instruction whose `needs` the opcode carries. An unscoped
/// `fence.sem`, `ld.acquire` or `st.release` is not PTX (the scope is required; the printer
/// always writes one) and counts at the widest scope, so it never looks cheap.
#[rustfmt::skip]
pub static ROWS: &[Row] = &[
    // fence.sem.scope: sync_restrict first (it narrows what the same sem/scope orders).
    p("fence", &["acquire", "sync_restrict::shared::cluster"], "", Free),
    p("fence", &["release", "sync_restrict::shared::cta"], RESTRICT_CTA, Proxy),
    p("fence", &["release", "sync_restrict::shared::cluster"], REJECTED, Sys),
    p("fence", &["acquire", "sync_restrict::shared::cta"], REJECTED, Sys),
    p("fence", &["sc", "cta"], "MEMBAR.SC.CTA", Cta),
    p("fence", &["sc", "cluster"], SC_GPU, ScGpu),
    p("fence", &["sc", "gpu"], SC_GPU, ScGpu),
    p("fence", &["sc", "sys"], SC_SYS, Sys),
    i("fence", &["sc"], SC_SYS, Sys),
    p("fence", &["acq_rel", "cta"], "MEMBAR.ALL.CTA", Cta),
    p("fence", &["acq_rel", "cluster"], ALL_GPU_IV, Gpu),
    p("fence", &["acq_rel", "gpu"], ALL_GPU_IV, Gpu),
    p("fence", &["acq_rel", "sys"], ALL_SYS_IV, Sys),
    i("fence", &["acq_rel"], ALL_SYS_IV, Sys),
    p("fence", &["acquire", "cta"], "", Free),
    p("fence", &["acquire", "cluster"], "CCTL.IVALL", Invalidate),
    p("fence", &["acquire", "gpu"], "CCTL.IVALL", Invalidate),
    // Not probed: as fence.acquire.gpu (an acquire fence only invalidates L1).
    i("fence", &["acquire", "sys"], "CCTL.IVALL", Invalidate),
    i("fence", &["acquire"], "CCTL.IVALL", Invalidate),
    p("fence", &["release", "cta"], "MEMBAR.ALL.CTA", Cta),
    p("fence", &["release", "cluster"], ALL_GPU, Gpu),
    p("fence", &["release", "gpu"], ALL_GPU, Gpu),
    // Not probed: fence.acq_rel.sys without its acquire-side CCTL.IVALL.
    i("fence", &["release", "sys"], ALL_SYS, Sys),
    i("fence", &["release"], ALL_SYS, Sys),
    // fence.scope without a semantic is acq_rel: fence.cta probed, the others as fence.acq_rel.
    p("fence", &["cta"], "MEMBAR.ALL.CTA", Cta),
    i("fence", &["cluster"], ALL_GPU_IV, Gpu),
    i("fence", &["gpu"], ALL_GPU_IV, Gpu),
    i("fence", &["sys"], ALL_SYS_IV, Sys),
    p("membar", &["cta"], "MEMBAR.SC.CTA", Cta),
    p("membar", &["gl"], SC_GPU, ScGpu),
    p("membar", &["sys"], SC_SYS, Sys),
    p("fence.mbarrier_init", &[], "", Free),
    // Proxy fences. With no state space the generic→async fence orders shared::cluster too,
    // hence MEMBAR.ALL.GPU; restricted to shared::cta it is a CTA barrier.
    p("fence.proxy.async", &["shared::cta"], RESTRICT_CTA, Proxy),
    p("fence.proxy.async", &["shared::cluster"], "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S", Gpu),
    p("fence.proxy.async", &["global"], "FENCE.VIEW.ASYNC.G", Proxy),
    p("fence.proxy.async", &[], "MEMBAR.ALL.GPU FENCE.VIEW.ASYNC.S", Gpu),
    p("fence.proxy.async::generic", &["acquire", "sync_restrict::shared::cluster"], "", Free),
    // Not probed: as fence.release.sync_restrict::shared::cta.cluster.
    i("fence.proxy.async::generic", &["release", "sync_restrict::shared::cta"], RESTRICT_CTA, Proxy),
    p("fence.proxy.tensormap::generic", &["release", "gpu"], ALL_GPU, Gpu),
    // Not probed: the release side follows fence.release.<scope>.
    i("fence.proxy.tensormap::generic", &["release", "cta"], "MEMBAR.ALL.CTA", Cta),
    i("fence.proxy.tensormap::generic", &["release", "cluster"], ALL_GPU, Gpu),
    i("fence.proxy.tensormap::generic", &["release", "sys"], ALL_SYS, Sys),
    p("fence.proxy.tensormap::generic", &["acquire", "gpu"], "DEPBAR UTMACCTL.IV", Invalidate),
    i("fence.proxy.tensormap::generic", &["acquire"], "DEPBAR UTMACCTL.IV", Invalidate),
    p("fence.proxy.alias", &[], "MEMBAR.SC.GPU MEMBAR.SC.SYS CCTL.IVALL", Sys),
    // ld: weak (no semantic) is not a sync form and has no row.
    p("ld", &["mmio"], "LDG.E.MMIO.SYS", Free),
    p("ld", &["volatile"], "LDG.E.STRONG.SYS", Free),
    p("ld", &["relaxed"], "LDG.E.STRONG.GPU", Free),
    p("ld", &["acquire", "cta"], "", Free),
    p("ld", &["acquire", "cluster"], "LD.E.STRONG.GPU CCTL.IVALL", Invalidate),
    p("ld", &["acquire", "gpu"], "LDG.E.STRONG.GPU CCTL.IVALL", Invalidate),
    // Not probed: as ld.acquire.gpu.
    i("ld", &["acquire", "sys"], "LDG.E.STRONG.SYS CCTL.IVALL", Invalidate),
    p("ld", &["acquire"], REJECTED, Sys),
    p("ld", &["release"], REJECTED, Sys),
    i("ld", &["acq_rel"], REJECTED, Sys),
    i("ld", &["sc"], REJECTED, Sys),
    // st: weak has no row.
    i("st", &["volatile"], "STG.E.STRONG.SYS", Free),
    p("st", &["relaxed"], "", Free),
    // Not probed: as atom.release.cta / fence.release.cta.
    i("st", &["release", "cta"], "MEMBAR.ALL.CTA", Cta),
    p("st", &["release", "cluster"], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ST.E.STRONG.GPU", Gpu),
    p("st", &["release", "gpu"], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR STG.E.STRONG.GPU", Gpu),
    p("st", &["release", "sys"], "MEMBAR.ALL.SYS ERRBAR CGAERRBAR STG.E.STRONG.SYS", Sys),
    i("st", &["release"], ALL_SYS, Sys),
    p("st", &["acquire"], REJECTED, Sys),
    i("st", &["acq_rel"], REJECTED, Sys),
    i("st", &["sc"], REJECTED, Sys),
    // atom: always at least relaxed; without a scope it is gpu scope (probe: noscope, nosem).
    p("atom", &["relaxed"], "ATOMG.E.ADD.STRONG.GPU", Free),
    // Not probed: as ld.acquire.cta.
    i("atom", &["acquire", "cta"], "", Free),
    p("atom", &["acquire", "cluster"], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    // Not probed: as atom.acquire.cluster.
    i("atom", &["acquire", "gpu"], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    i("atom", &["acquire", "sys"], "ATOMG.E.CAS.STRONG.SYS CCTL.IVALL", Invalidate),
    i("atom", &["acquire"], "ATOMG.E.CAS.STRONG.GPU CCTL.IVALL", Invalidate),
    p("atom", &["release", "cta"], "MEMBAR.ALL.CTA ATOMS.EXCH", Cta),
    // Not probed: as red.release.gpu / st.release.sys.
    i("atom", &["release", "cluster"], ALL_GPU, Gpu),
    i("atom", &["release", "gpu"], ALL_GPU, Gpu),
    i("atom", &["release", "sys"], ALL_SYS, Sys),
    i("atom", &["release"], ALL_GPU, Gpu),
    // Not probed: as fence.acq_rel.cta / atom.acq_rel.gpu.
    i("atom", &["acq_rel", "cta"], "MEMBAR.ALL.CTA", Cta),
    i("atom", &["acq_rel", "cluster"], ALL_GPU_IV, Gpu),
    p("atom", &["acq_rel", "gpu"], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL", Gpu),
    p("atom", &["acq_rel", "sys"], "MEMBAR.ALL.SYS ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.SYS CCTL.IVALL", Sys),
    p("atom", &["acq_rel"], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR ATOMG.E.ADD.STRONG.GPU CCTL.IVALL", Gpu),
    p("atom", &["sc"], REJECTED, Sys),
    p("atom", &[], "ATOMG.E.ADD.STRONG.GPU", Free),
    // red: like atom without the acquire side (not probed but release.gpu: as atom).
    i("red", &["relaxed"], "REDG.E.ADD.STRONG.GPU", Free),
    i("red", &["release", "cta"], "MEMBAR.ALL.CTA", Cta),
    i("red", &["release", "cluster"], ALL_GPU, Gpu),
    p("red", &["release", "gpu"], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR REDG.E.ADD.STRONG.GPU", Gpu),
    i("red", &["release", "sys"], ALL_SYS, Sys),
    i("red", &["release"], ALL_GPU, Gpu),
    i("red", &["acquire"], REJECTED, Sys),
    p("red", &["acq_rel"], REJECTED, Sys),
    i("red", &["sc"], REJECTED, Sys),
    i("red", &[], "REDG.E.ADD.STRONG.GPU", Free),
    // mbarrier: the default arrive is release.cta and the default wait acquire.cta, both free;
    // only cluster scope costs (a release.cluster arrive pays MEMBAR.ALL.GPU).
    p("mbarrier.init", &[], "SYNCS.EXCH.64", Free),
    // SYNCS.CCTL.IV invalidates the barrier's own line, not L1: not CCTL.IVALL.
    p("mbarrier.inval", &[], "SYNCS.CCTL.IV", Free),
    p("mbarrier.arrive", &["release", "cluster"], MBAR_REMOTE_RELEASE, Gpu),
    p("mbarrier.arrive", &["relaxed"], "SYNCS.ARRIVE.TRANS64.RED.A1T0", Free),
    p("mbarrier.arrive", &["acquire"], REJECTED, Sys),
    p("mbarrier.arrive", &[], "SYNCS.ARRIVE.TRANS64.A1T0", Free),
    // Not probed: arrive_drop as arrive.
    i("mbarrier.arrive_drop", &["release", "cluster"], MBAR_REMOTE_RELEASE, Gpu),
    i("mbarrier.arrive_drop", &["relaxed"], "SYNCS.ARRIVE.TRANS64.RED.A1T0", Free),
    p("mbarrier.arrive_drop", &[], "SYNCS.ARRIVE.TRANS64.OPTOUT.A1T0", Free),
    p("mbarrier.expect_tx", &[], "SYNCS.ARRIVE.TRANS64.RED.A0TR", Free),
    p("mbarrier.complete_tx", &[], "SYNCS.ARRIVE.TRANS64.RED.A0TX", Free),
    p("mbarrier.try_wait", &["acquire", "cluster"], "SYNCS.PHASECHK.TRANS64.TRYWAIT CCTL.IVALL", Invalidate),
    p("mbarrier.try_wait", &["release"], REJECTED, Sys),
    p("mbarrier.try_wait", &[], "SYNCS.PHASECHK.TRANS64.TRYWAIT", Free),
    // Not probed: as try_wait.
    i("mbarrier.test_wait", &["acquire", "cluster"], "SYNCS.PHASECHK.TRANS64 CCTL.IVALL", Invalidate),
    p("mbarrier.test_wait", &[], "SYNCS.PHASECHK.TRANS64", Free),
    p("mbarrier.pending_count", &[], "", Free),
    // Cluster barrier: the default arrive is release (MEMBAR.ALL.GPU), the wait acquire.
    p("barrier.cluster.arrive", &["relaxed"], "UCGABAR_ARV", Free),
    p("barrier.cluster.arrive", &[], "MEMBAR.ALL.GPU ERRBAR CGAERRBAR UCGABAR_ARV", Gpu),
    p("barrier.cluster.wait", &["relaxed"], REJECTED, Sys),
    p("barrier.cluster.wait", &[], "UCGABAR_WAIT CCTL.IVALL BAR.SYNC.DEFER_BLOCKING", Invalidate),
    // CTA barriers: no memory barrier SASS (bar.red / barrier.arrive not probed: as bar.arrive).
    p("bar.sync", &[], "BAR.SYNC.DEFER_BLOCKING", Free),
    p("barrier.sync", &[], "BAR.SYNC.DEFER_BLOCKING", Free),
    p("bar.arrive", &[], "BAR.ARV", Free),
    i("barrier.arrive", &[], "BAR.ARV", Free),
    i("bar.red", &[], "BAR.RED", Free),
    i("barrier.red", &[], "BAR.RED", Free),
    // Asynchronous stores and bulk copies: their ordering is the mbarrier's or the wait's.
    p("st.async", &[], "STAS", Free),
    p("red.async", &[], "REDAS.ADD", Free),
    p("cp.async.bulk.wait_group", &["read"], "DEPBAR.LE", Free),
    p("cp.async.bulk.wait_group", &[], "DEPBAR.LE CCTL.IVALL", Invalidate),
    p("cp.async.bulk.commit_group", &[], "UTMACMDFLUSH", Free),
    p("cp.async.bulk.tensor", &[], "UTMALDG.2D UTMASTG.2D", Free),
    p("cp.async.bulk", &[], "UBLKCP.S.G UBLKCP.G.S", Free),
    p("wgmma.fence", &[], "WARPGROUP.ARRIVE", Free),
    p("wgmma.commit_group", &[], "WARPGROUP.ARRIVE WARPGROUP.DEPBAR.LE", Free),
    p("wgmma.wait_group", &[], "WARPGROUP.DEPBAR.LE", Free),
    i("wgmma.mma_async", &[], "", Free),
    // tcgen05 (sm_100a): only wait::st fences a proxy (FENCE.VIEW.ASYNC.T).
    p("tcgen05.wait::st", &[], "FENCE.VIEW.ASYNC.T", Proxy),
    p("tcgen05.wait::ld", &[], "", Free),
    p("tcgen05.fence::before_thread_sync", &[], "", Free),
    p("tcgen05.fence::after_thread_sync", &[], "", Free),
    p("tcgen05.commit", &[], "UTCBAR", Free),
    p("tcgen05.alloc", &[], "DEPBAR.LE UTCATOMSWS.FIND_AND_SET.ALIGN ATOMS.OR", Free),
    p("tcgen05.dealloc", &[], "REDUX UTCATOMSWS.AND ATOMS.AND", Free),
    p("tcgen05.relinquish_alloc_permit", &[], "", Free),
    p("tcgen05.ld", &[], "LDTM", Free),
    p("tcgen05.st", &[], "STTM", Free),
    // Not probed: mma and the rest of the family issue no memory barrier.
    i("tcgen05", &[], "", Free),
    p("griddepcontrol.wait", &[], "", Free),
    p("griddepcontrol.launch_dependents", &[], "", Free),
];

/// `instr` names the start of `opcode` up to a `.` (so `fence` is not a prefix of
/// `fence.proxy.async::generic`'s `fence.proxy.async`, and `ld` is not one of `ldmatrix`).
fn names(instr: &str, opcode: &str) -> bool {
    opcode
        .strip_prefix(instr)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// The row for a PTX instruction opcode with its modifiers, e.g. `fence.acq_rel.cluster`,
/// `mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64`, `atom.release.gpu.global.add.u32`,
/// `bar.sync`; None when the instruction is not a synchronization/ordering instruction (`add`,
/// a weak `ld.global.u32`, `mov`, …).
///
/// The instruction is the longest `instr` of the table that the opcode starts with; the row is
/// the first of that instruction whose `needs` are all among the remaining modifiers.
pub fn classify(opcode: &str) -> Option<&'static Row> {
    let instr = ROWS
        .iter()
        .map(|r| r.instr)
        .filter(|i| names(i, opcode))
        .max_by_key(|i| i.len())?;
    let rest = &opcode[instr.len()..];
    ROWS.iter()
        .find(|r| r.instr == instr && r.needs.iter().all(|n| rest.split('.').any(|m| m == *n)))
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

/// How many sync instructions of each class a kernel (or a PTX text) has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts(pub [u32; 7]);

impl Counts {
    /// Counts one instruction of class `c`.
    pub fn add(&mut self, c: Class) {
        self.0[c as usize] += 1;
    }
    /// The number of instructions of class `c`.
    pub fn get(&self, c: Class) -> u32 {
        self.0[c as usize]
    }
    /// The number of expensive ones ([`Class::expensive`]).
    pub fn expensive(&self) -> u32 {
        Class::ALL
            .iter()
            .filter(|c| c.expensive())
            .map(|&c| self.get(c))
            .sum()
    }
    /// Orders by cost: the count of the most expensive class first, then the next, … (one
    /// `MEMBAR.SYS` costs more than any number of `MEMBAR.ALL.GPU`, as the pass compares).
    pub fn cmp_cost(&self, other: &Counts) -> Ordering {
        Class::ALL
            .iter()
            .rev()
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
