//! The PTX instruction form: one typed value per instruction tilec prints, derived once and
//! read by everything that prints, names, checks or costs PTX.
//!
//! A [`PtxForm`] is an instruction ([`Instr`], one per memory/sync op of the ptx dialect) with
//! the modifiers its text carries: semantic, scope, state space, `sync_restrict` space, rmw
//! operation, data type and the flag modifiers (`.expect_tx`, `.aligned`, `.read`, `.kind::`).
//! Its [`Display`](std::fmt::Display) is exactly the opcode `print-ptx` emits
//! (`mbarrier.try_wait.parity.shared.b64`, `atom.release.gpu.global.add.u32`,
//! `fence.proxy.async.shared::cta`); [`PtxForm::parse`] is its inverse.
//!
//! Where a form comes from ([`derive`](mod@derive)): a ptx op ([`PtxForm::of`], what the printer prints), or
//! an nv_tileas op through the lowering's mapping ([`lowered`]: what `lower-as-to-ptx` turns it
//! into on a target, widened fences and `sc` accesses included). Both build the form from the
//! same attributes with the same normalization ([`INSTRS`]: how each instruction writes its
//! pair and space), so a remark names what the printer prints.
//!
//! What a form needs ([`PtxForm::uses`]): its instruction's row of the [`isa`] table and the
//! feature rows its modifiers add ([`FEATURES`]: cluster scope, a relaxed mbarrier op, a split
//! or restricted fence, …), hence its minimum `.version` and target; the printer's `.version`,
//! the target checks and weakest-fence's "needs PTX 8.6" all read them. The cost class of a form
//! is tilec-passes' `cost::row`, keyed on the form.

mod derive;
mod parse;

pub use derive::{
    data_ty, lowered, lowers_to, sc_access_sem, split_fences, tx_release_fence, widen_fence,
};

use super::isa::{self, Form, ScopeUse, TargetReq};
use crate::mem::ptx_space;
use crate::target::PtxIsa;
use std::fmt;
use std::sync::OnceLock;
use tilec_ir::{MemScope, MemSemantic, Proxy, RmwKind, Space, Sym};

/// The instruction of a form: one per memory/sync op of the ptx dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Instr {
    Ld,
    St,
    Atom,
    Red,
    Fence,
    FenceProxyAsync,
    FenceMbarrierInit,
    BarSync,
    BarArrive,
    BarrierClusterArrive,
    BarrierClusterWait,
    MbarrierInit,
    MbarrierInval,
    MbarrierArrive,
    MbarrierArriveDrop,
    MbarrierExpectTx,
    MbarrierCompleteTx,
    MbarrierTryWait,
    MbarrierTestWait,
    Mapa,
    StAsync,
    RedAsync,
    CpAsyncBulkG2s,
    CpAsyncBulkS2g,
    CpAsyncBulkTensor,
    CpAsyncBulkCommit,
    CpAsyncBulkWait,
    WgmmaFence,
    WgmmaCommit,
    WgmmaWait,
    Tcgen05Alloc,
    Tcgen05Dealloc,
    Tcgen05Ld,
    Tcgen05St,
    Tcgen05WaitLd,
    Tcgen05WaitSt,
    Tcgen05Mma,
    Tcgen05Commit,
    Tcgen05FenceBefore,
    Tcgen05FenceAfter,
}

/// How an instruction writes its `.sem.scope` (the form holds what is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairRule {
    /// Neither.
    Absent,
    /// `.sem.scope`, nothing when weak (ld, st, atom, red).
    Strong,
    /// Always both; `acq_rel` and `sys` when the op has none (fence).
    Always,
    /// Both when the pair differs from the ISA defaults (mbarrier arrive and waits), else
    /// neither: the defaults print as the PTX 7.x forms sm_80 takes.
    UnlessDefault,
    /// `.relaxed.scope`, cta when the op has no scope: the only semantic, and PTX states no
    /// default (expect_tx, complete_tx).
    Relaxed,
    /// `.relaxed` or nothing (the default release); the scope is the instruction's
    /// (barrier.cluster.arrive).
    RelaxedOnly,
    /// Always this pair (fence.mbarrier_init, red.async).
    Fixed(MemSemantic, MemScope),
}

/// How an instruction writes its state space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceRule {
    /// None.
    Absent,
    /// `.global`, `.shared`, `.shared::cluster`, or none (generic): ld, st, atom, red.
    Access,
    /// `.shared::cluster` for a peer CTA's barrier, else `.shared` (mbarrier arrive family).
    Barrier,
    /// `.global`, `.shared::cta`, `.shared::cluster`, or none (all spaces): fence.proxy.async.
    Proxy,
    /// Always this space.
    Fixed(Space),
}

/// One piece of an instruction's text, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Literal text.
    Text(&'static str),
    /// `.sem`.
    Sem,
    /// `.scope`.
    Scope,
    /// The state space (`.shared` for the own CTA's shared memory).
    Space,
    /// The state space, `.shared::cta` for the own CTA's (fence.proxy.async).
    SpaceCta,
    /// `.sync_restrict::space`.
    Restrict,
    /// `.expect_tx`.
    ExpectTx,
    /// `.aligned`.
    Aligned,
    /// `.read`.
    Read,
    /// The rmw operation (`.add`, `.cas`, …).
    Op,
    /// The data type (`.u32`, …).
    Ty,
    /// `.kind::K` (tcgen05.mma).
    Kind,
    /// The cache operator `.cs` (ld, st: weak global accesses marked `streaming`).
    Cop,
    /// `.<n>d`: the tensor's dimensions (cp.async.bulk.tensor).
    Dims,
}

/// One instruction: its row of the [`isa`] table, how it writes its modifiers, and its text.
/// Which ptx op prints it (and which nv_tileas op lowers to it) is that op's declaration
/// (`instr:`, [`crate::ptx::OpKind::instr`]).
#[derive(Clone, Copy, Debug)]
pub struct InstrDef {
    /// The instruction.
    pub instr: Instr,
    /// The key of its [`isa::FORMS`] row.
    pub isa: &'static str,
    /// How it writes `.sem.scope`.
    pub pair: PairRule,
    /// How it writes its state space.
    pub space: SpaceRule,
    /// Its text.
    pub layout: &'static [Slot],
}

use Slot::{
    Aligned, Cop, Dims, ExpectTx, Kind, Op as OpS, Read, Restrict, Scope, Sem, Space as Sp,
    SpaceCta, Text, Ty as TyS,
};

const fn d(
    instr: Instr,
    isa: &'static str,
    pair: PairRule,
    space: SpaceRule,
    layout: &'static [Slot],
) -> InstrDef {
    InstrDef {
        instr,
        isa,
        pair,
        space,
        layout,
    }
}

const NONE: PairRule = PairRule::Absent;
const NOSPACE: SpaceRule = SpaceRule::Absent;
const OWN: SpaceRule = SpaceRule::Fixed(Space::SharedCta);
const PEER: SpaceRule = SpaceRule::Fixed(Space::SharedCluster);

/// Every instruction (the order of [`Instr`]). The texts are the ISA syntax boxes' qualifier
/// order, as ptxas 13.0 accepted them (docs/reference/ptxas-probe.md).
#[rustfmt::skip]
pub const INSTRS: &[InstrDef] = &[
    d(Instr::Ld, "ld.sem", PairRule::Strong, SpaceRule::Access, &[Text("ld"), Sem, Scope, Sp, Cop, TyS]),
    d(Instr::St, "st.sem", PairRule::Strong, SpaceRule::Access, &[Text("st"), Sem, Scope, Sp, Cop, TyS]),
    d(Instr::Atom, "atom.sem", PairRule::Strong, SpaceRule::Access, &[Text("atom"), Sem, Scope, Sp, OpS, TyS]),
    d(Instr::Red, "red.sem", PairRule::Strong, SpaceRule::Access, &[Text("red"), Sem, Scope, Sp, OpS, TyS]),
    d(Instr::Fence, "fence.sem", PairRule::Always, NOSPACE, &[Text("fence"), Sem, Restrict, Scope]),
    d(Instr::FenceProxyAsync, "fence.proxy.async", NONE, SpaceRule::Proxy, &[Text("fence.proxy.async"), SpaceCta]),
    d(Instr::FenceMbarrierInit, "fence.mbarrier_init", PairRule::Fixed(MemSemantic::Release, MemScope::Cluster), NOSPACE, &[Text("fence.mbarrier_init"), Sem, Scope]),
    d(Instr::BarSync, "bar.sync", NONE, NOSPACE, &[Text("bar.sync")]),
    d(Instr::BarArrive, "bar.arrive", NONE, NOSPACE, &[Text("bar.arrive")]),
    d(Instr::BarrierClusterArrive, "barrier.cluster.arrive", PairRule::RelaxedOnly, NOSPACE, &[Text("barrier.cluster.arrive"), Sem, Aligned]),
    d(Instr::BarrierClusterWait, "barrier.cluster.wait", NONE, NOSPACE, &[Text("barrier.cluster.wait"), Aligned]),
    d(Instr::MbarrierInit, "mbarrier.init", NONE, OWN, &[Text("mbarrier.init"), Sp, Text(".b64")]),
    d(Instr::MbarrierInval, "mbarrier.inval", NONE, OWN, &[Text("mbarrier.inval"), Sp, Text(".b64")]),
    d(Instr::MbarrierArrive, "mbarrier.arrive", PairRule::UnlessDefault, SpaceRule::Barrier, &[Text("mbarrier.arrive"), ExpectTx, Sem, Scope, Sp, Text(".b64")]),
    d(Instr::MbarrierArriveDrop, "mbarrier.arrive_drop", PairRule::UnlessDefault, SpaceRule::Barrier, &[Text("mbarrier.arrive_drop"), ExpectTx, Sem, Scope, Sp, Text(".b64")]),
    d(Instr::MbarrierExpectTx, "mbarrier.expect_tx", PairRule::Relaxed, SpaceRule::Barrier, &[Text("mbarrier.expect_tx"), Sem, Scope, Sp, Text(".b64")]),
    d(Instr::MbarrierCompleteTx, "mbarrier.complete_tx", PairRule::Relaxed, SpaceRule::Barrier, &[Text("mbarrier.complete_tx"), Sem, Scope, Sp, Text(".b64")]),
    d(Instr::MbarrierTryWait, "mbarrier.try_wait", PairRule::UnlessDefault, OWN, &[Text("mbarrier.try_wait.parity"), Sem, Scope, Sp, Text(".b64")]),
    d(Instr::MbarrierTestWait, "mbarrier.test_wait.parity", PairRule::UnlessDefault, OWN, &[Text("mbarrier.test_wait.parity"), Sem, Scope, Sp, Text(".b64")]),
    d(Instr::Mapa, "mapa", NONE, PEER, &[Text("mapa"), Sp, Text(".u32")]),
    d(Instr::StAsync, "st.async", NONE, PEER, &[Text("st.async"), Sp, Text(".mbarrier::complete_tx::bytes"), TyS]),
    d(Instr::RedAsync, "red.async", PairRule::Fixed(MemSemantic::Relaxed, MemScope::Cluster), PEER, &[Text("red.async"), Sem, Scope, Sp, Text(".mbarrier::complete_tx::bytes"), OpS, TyS]),
    d(Instr::CpAsyncBulkG2s, "cp.async.bulk", NONE, NOSPACE, &[Text("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes")]),
    d(Instr::CpAsyncBulkS2g, "cp.async.bulk", NONE, NOSPACE, &[Text("cp.async.bulk.global.shared::cta.bulk_group")]),
    d(Instr::CpAsyncBulkTensor, "cp.async.bulk", NONE, NOSPACE, &[Text("cp.async.bulk.tensor"), Dims, Text(".shared::cluster.global.tile.mbarrier::complete_tx::bytes")]),
    d(Instr::CpAsyncBulkCommit, "cp.async.bulk", NONE, NOSPACE, &[Text("cp.async.bulk.commit_group")]),
    d(Instr::CpAsyncBulkWait, "cp.async.bulk", NONE, NOSPACE, &[Text("cp.async.bulk.wait_group"), Read]),
    d(Instr::WgmmaFence, "wgmma", NONE, NOSPACE, &[Text("wgmma.fence.sync.aligned")]),
    d(Instr::WgmmaCommit, "wgmma", NONE, NOSPACE, &[Text("wgmma.commit_group.sync.aligned")]),
    d(Instr::WgmmaWait, "wgmma", NONE, NOSPACE, &[Text("wgmma.wait_group.sync.aligned")]),
    d(Instr::Tcgen05Alloc, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32")]),
    d(Instr::Tcgen05Dealloc, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.dealloc.cta_group::1.sync.aligned.b32")]),
    d(Instr::Tcgen05Ld, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.ld.sync.aligned.32x32b.x1.b32")]),
    d(Instr::Tcgen05St, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.st.sync.aligned.32x32b.x1.b32")]),
    d(Instr::Tcgen05WaitLd, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.wait::ld.sync.aligned")]),
    d(Instr::Tcgen05WaitSt, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.wait::st.sync.aligned")]),
    d(Instr::Tcgen05Mma, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.mma.cta_group::1"), Kind]),
    d(Instr::Tcgen05Commit, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64")]),
    d(Instr::Tcgen05FenceBefore, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.fence::before_thread_sync")]),
    d(Instr::Tcgen05FenceAfter, "tcgen05", NONE, NOSPACE, &[Text("tcgen05.fence::after_thread_sync")]),
];

impl Instr {
    /// Its row of [`INSTRS`].
    pub fn def(self) -> &'static InstrDef {
        &INSTRS[self as usize]
    }
    /// The instruction of ptx op `name` (`ptx.mbarrier_arrive`), if it is one.
    pub fn of_op(name: Sym) -> Option<Instr> {
        super::OpKind::of_name(name)?.instr()
    }
    /// The ptx op that prints it (the one whose declaration names it in `instr:`).
    pub fn ptx_op(self) -> super::OpKind {
        tables().printers[self as usize]
    }
    /// Its name: the text up to its first variable modifier (`mbarrier.try_wait.parity`).
    pub fn name(self) -> &'static str {
        match self.def().layout.first() {
            Some(Text(t)) => t,
            _ => "?",
        }
    }
    /// Its row of the ISA table.
    pub fn isa(self) -> &'static Form {
        tables().isa[self as usize]
    }
    /// An mbarrier arrive, expect_tx, complete_tx or wait (the ops whose `.sem.scope` is
    /// PTX 8.0 when written out).
    pub fn is_mbarrier_sync(self) -> bool {
        matches!(
            self,
            Instr::MbarrierArrive
                | Instr::MbarrierArriveDrop
                | Instr::MbarrierExpectTx
                | Instr::MbarrierCompleteTx
                | Instr::MbarrierTryWait
                | Instr::MbarrierTestWait
        )
    }
    /// ld, st, atom or red.
    pub fn is_access(self) -> bool {
        matches!(self, Instr::Ld | Instr::St | Instr::Atom | Instr::Red)
    }
}

/// The lookups the per-op derivations make, built once: ptx and nv_tileas op names →
/// instruction (symbols, not strings), instruction → ISA row.
struct Tables {
    printers: Vec<super::OpKind>,
    isa: Vec<&'static Form>,
    features: Vec<&'static Form>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| Tables {
        printers: INSTRS
            .iter()
            .map(|d| {
                let printer = super::OpKind::ALL
                    .iter()
                    .find(|k| k.instr() == Some(d.instr));
                *printer.expect("every instruction is some ptx op's `instr:` (tested)")
            })
            .collect(),
        isa: INSTRS
            .iter()
            .map(|d| isa::form(d.isa).expect("INSTRS names rows of isa::FORMS (tested)"))
            .collect(),
        features: FEATURES
            .iter()
            .map(|f| isa::form(f.key).expect("FEATURES names rows of isa::FORMS (tested)"))
            .collect(),
    })
}

/// The kind of a data type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TyKind {
    /// `.u`
    U,
    /// `.s`
    S,
    /// `.b`
    B,
    /// `.f`
    F,
    /// `.bf` (bfloat16: only `atom`/`red` `.add.noftz.bf16`).
    Bf,
}

/// A data type suffix (`.u32`, `.b64`, `.f32`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ty {
    /// The kind.
    pub kind: TyKind,
    /// The width.
    pub bits: u16,
}

impl Ty {
    /// `.f16` or `.bf16` (written `.noftz.f16`, `.noftz.bf16`).
    pub fn is_half_float(self) -> bool {
        matches!(self.kind, TyKind::F | TyKind::Bf) && self.bits == 16
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = match self.kind {
            TyKind::U => "u",
            TyKind::S => "s",
            TyKind::B => "b",
            TyKind::F => "f",
            TyKind::Bf => "bf",
        };
        // A 16-bit float type is only ever an atom/red add's (PTX ISA, atom: `.add.noftz.f16`,
        // `.add.noftz.bf16`), and PTX requires `.noftz` there: it belongs to the type.
        if self.is_half_float() {
            f.write_str("noftz.")?;
        }
        write!(f, "{k}{}", self.bits)
    }
}

/// The operation of an atom / red / red.async.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RmwOp {
    /// An rmw kind (`.add`, `.exch`, …).
    Rmw(RmwKind),
    /// Compare-and-swap (an atom with two values).
    Cas,
}

impl fmt::Display for RmwOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The unsigned kinds are PTX's max/min; the `.u` data type says unsigned.
            RmwOp::Rmw(RmwKind::UMax) => f.write_str("max"),
            RmwOp::Rmw(RmwKind::UMin) => f.write_str("min"),
            RmwOp::Rmw(k) => f.write_str(k.as_str()),
            RmwOp::Cas => f.write_str("cas"),
        }
    }
}

/// One PTX instruction form: the instruction and the modifiers its text carries (None / false:
/// not written). Build it with [`PtxForm::of`] or [`lowered`]; the fields are what is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PtxForm {
    /// The instruction.
    pub instr: Instr,
    /// `.sem`.
    pub sem: Option<MemSemantic>,
    /// `.scope`.
    pub scope: Option<MemScope>,
    /// The state space.
    pub space: Option<Space>,
    /// `.sync_restrict::space` (fence).
    pub restrict: Option<Space>,
    /// The rmw operation.
    pub op: Option<RmwOp>,
    /// The data type.
    pub ty: Option<Ty>,
    /// `.expect_tx` (an arrive with tx bytes).
    pub expect_tx: bool,
    /// An arrival count operand (an arrive without `.expect_tx`): not in the opcode, but PTX
    /// 7.8 / sm_90.
    pub count: bool,
    /// `.aligned` (cluster barrier).
    pub aligned: bool,
    /// `.read` (bulk wait_group).
    pub read: bool,
    /// `.kind::K` (tcgen05.mma).
    pub kind: Option<&'static str>,
    /// `.cs` (a weak global ld/st marked `streaming`: evict-first, a hint only).
    pub streaming: bool,
    /// The tensor's dimensions (cp.async.bulk.tensor: its coordinates), else 0.
    pub dims: u8,
}

impl PtxForm {
    /// The bare instruction: no modifiers.
    pub const fn bare(instr: Instr) -> PtxForm {
        PtxForm {
            instr,
            sem: None,
            scope: None,
            space: None,
            restrict: None,
            op: None,
            ty: None,
            expect_tx: false,
            count: false,
            aligned: false,
            read: false,
            kind: None,
            streaming: false,
            dims: 0,
        }
    }

    /// The form as its instruction writes it: `sem`/`scope`/`space` as the op has them become
    /// what the text carries ([`PairRule`], [`SpaceRule`]); fields the instruction has no slot
    /// for are cleared.
    pub fn normalized(mut self) -> PtxForm {
        let def = self.instr.def();
        let legal = &self.instr.isa().legal;
        let default_scope = match legal.scope {
            ScopeUse::Optional(s) => s,
            ScopeUse::Implied(s) => Some(s),
            _ => None,
        };
        (self.sem, self.scope) = match def.pair {
            PairRule::Absent => (None, None),
            PairRule::Strong => match self.sem {
                None | Some(MemSemantic::Weak) => (None, None),
                s => (s, self.scope),
            },
            PairRule::Always => (
                Some(self.sem.unwrap_or(MemSemantic::AcqRel)),
                Some(self.scope.unwrap_or(MemScope::Sys)),
            ),
            PairRule::UnlessDefault => {
                let (ds, dc) = (legal.default_sem(), default_scope);
                let pair = (self.sem.or(ds), self.scope.or(dc));
                if pair == (ds, dc) {
                    (None, None)
                } else {
                    pair
                }
            }
            PairRule::Relaxed => (
                Some(MemSemantic::Relaxed),
                Some(self.scope.unwrap_or(MemScope::Cta)),
            ),
            PairRule::RelaxedOnly => (self.sem.filter(|s| *s == MemSemantic::Relaxed), None),
            PairRule::Fixed(s, c) => (Some(s), Some(c)),
        };
        self.space = match def.space {
            SpaceRule::Absent => None,
            SpaceRule::Access | SpaceRule::Proxy => self
                .space
                .filter(|s| matches!(s, Space::Global | Space::SharedCta | Space::SharedCluster)),
            SpaceRule::Barrier => Some(match self.space {
                Some(Space::SharedCluster) => Space::SharedCluster,
                _ => Space::SharedCta,
            }),
            SpaceRule::Fixed(s) => Some(s),
        };
        let has = |slot: Slot| def.layout.contains(&slot);
        if !has(Restrict) {
            self.restrict = None;
        }
        if !has(OpS) {
            self.op = None;
        }
        if !has(TyS) {
            self.ty = None;
        }
        self.expect_tx &= has(ExpectTx);
        self.count &= has(ExpectTx) && !self.expect_tx;
        self.aligned &= has(Aligned);
        self.read &= has(Read);
        if !has(Kind) {
            self.kind = None;
        }
        // `.cop` exists only on the weak forms; tilec writes `.cs` only on global accesses.
        self.streaming &= has(Cop) && self.sem.is_none() && self.space == Some(Space::Global);
        if !has(Dims) {
            self.dims = 0;
        }
        self
    }

    /// The pair the instruction has, its ISA defaults filled in (a default arrive is release
    /// at cta scope, a weak ld has no scope, an atom without one is gpu-scoped).
    pub fn effective(&self) -> (Option<MemSemantic>, Option<MemScope>) {
        let legal = &self.instr.isa().legal;
        let sem = self.sem.or(legal.default_sem());
        let scope = self.scope.or(match legal.scope {
            ScopeUse::Optional(s) if sem != Some(MemSemantic::Weak) => s,
            ScopeUse::Implied(s) => Some(s),
            _ => None,
        });
        (sem, scope)
    }

    /// The proxy the instruction orders with the generic one (fence.proxy.async: async).
    pub fn proxy(&self) -> Option<Proxy> {
        (self.instr == Instr::FenceProxyAsync).then_some(Proxy::Async)
    }

    /// Every ISA row the form needs, and why: its instruction's row, then [`FEATURES`] in order.
    pub fn uses(&self) -> impl Iterator<Item = (&'static Form, Use)> + '_ {
        let base = std::iter::once((self.instr.isa(), Use::Instr));
        let features = FEATURES
            .iter()
            .zip(&tables().features)
            .filter(|(f, _)| (f.applies)(self))
            .map(|(f, row)| (*row, Use::Feature(f)));
        base.chain(features)
    }

    /// The lowest `.version` that has the form.
    pub fn min_ptx(&self) -> PtxIsa {
        self.uses()
            .map(|(f, _)| f.ptx)
            .max()
            .unwrap_or(PtxIsa(6, 0))
    }

    /// What the target must provide for the form (every row's requirement).
    pub fn target_reqs(&self) -> impl Iterator<Item = TargetReq> + '_ {
        self.uses().map(|(f, _)| f.target)
    }
}

/// Why a form needs an ISA row.
#[derive(Clone, Copy, Debug)]
pub enum Use {
    /// Its instruction.
    Instr,
    /// A feature of its modifiers.
    Feature(&'static Feature),
}

impl Use {
    /// Words for a diagnostic about op `short` (its short name).
    pub fn describe(self, short: &str) -> String {
        match self {
            Use::Instr => format!("'{short}'"),
            Use::Feature(f) => f.what.replace("{op}", short),
        }
    }
}

/// A feature row a form's modifiers add: `key` when `applies`, described as `what` (`{op}` is
/// the op's short name).
#[derive(Debug)]
pub struct Feature {
    /// The [`isa::FORMS`] key.
    pub key: &'static str,
    /// Words for a diagnostic.
    pub what: &'static str,
    /// Whether the form uses it.
    pub applies: fn(&PtxForm) -> bool,
}

const fn feat(key: &'static str, what: &'static str, applies: fn(&PtxForm) -> bool) -> Feature {
    Feature { key, what, applies }
}

fn arrive(f: &PtxForm) -> bool {
    matches!(f.instr, Instr::MbarrierArrive | Instr::MbarrierArriveDrop)
}

/// The features of modifiers, in reporting order (the first a target lacks is reported).
#[rustfmt::skip]
pub const FEATURES: &[Feature] = &[
    // an mbarrier's `.sem.scope` written out is PTX 8.0; other instructions' cluster scope 7.8
    feat("mbarrier.sem", "'{op}' with scope 'cluster'", |f| f.instr.is_mbarrier_sync() && f.scope == Some(MemScope::Cluster)),
    feat("scope.cluster", "'{op}' with scope 'cluster'", |f| !f.instr.is_mbarrier_sync() && f.scope == Some(MemScope::Cluster)),
    feat("mbarrier.remote", "'{op}' on a peer CTA's barrier (shared_cluster)", |f| f.instr.is_mbarrier_sync() && f.space == Some(Space::SharedCluster)),
    // an arrive's state goes to the sink `_` (PTX 7.1): tilec never reads the state
    feat("mbarrier.sink", "'{op}'", arrive),
    feat("mbarrier.count", "'{op}' with an arrival count", |f| arrive(f) && f.count),
    feat("space.shared::cluster", "'{op}' on space 'shared_cluster'", |f| f.space == Some(Space::SharedCluster)),
    feat("mbarrier.relaxed", "'{op}' with semantic 'relaxed'", |f| (arrive(f) || matches!(f.instr, Instr::MbarrierTryWait | Instr::MbarrierTestWait)) && f.sem == Some(MemSemantic::Relaxed)),
    feat("barrier.cluster.sem", "'{op}' with semantic 'relaxed'", |f| f.instr == Instr::BarrierClusterArrive && f.sem == Some(MemSemantic::Relaxed)),
    feat("mbarrier.expect_tx", "'{op}' with tx_bytes (arrive.expect_tx)", |f| f.expect_tx),
    feat("fence.sync_restrict", "'{op}' with restrict (fence.sync_restrict)", |f| f.restrict.is_some()),
    feat("fence.acquire", "'{op}' with semantic 'acquire' (a split fence)", |f| f.instr == Instr::Fence && f.restrict.is_none() && f.sem == Some(MemSemantic::Acquire)),
    feat("fence.release", "'{op}' with semantic 'release' (a split fence)", |f| f.instr == Instr::Fence && f.restrict.is_none() && f.sem == Some(MemSemantic::Release)),
    feat("b128", "'{op}' of a 128-bit value (.b128)", |f| f.ty.is_some_and(|t| t.bits == 128)),
    feat("atom.add.f16", "'{op}' of f16 values (.add.noftz.f16)", |f| f.ty == Some(Ty { kind: TyKind::F, bits: 16 })),
    feat("atom.add.bf16", "'{op}' of bf16 values (.add.noftz.bf16)", |f| f.ty == Some(Ty { kind: TyKind::Bf, bits: 16 })),
];

impl fmt::Display for PtxForm {
    /// The opcode with every modifier, as `print-ptx` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let space = |s: Space, cta: &'static str| match s {
            Space::Global => ".global",
            Space::SharedCta => cta,
            Space::SharedCluster => ".shared::cluster",
            _ => "",
        };
        for slot in self.instr.def().layout {
            match *slot {
                Text(t) => f.write_str(t)?,
                Sem => opt(f, self.sem)?,
                Scope => opt(f, self.scope)?,
                Sp => f.write_str(self.space.map_or("", |s| space(s, ".shared")))?,
                SpaceCta => f.write_str(self.space.map_or("", |s| space(s, ".shared::cta")))?,
                Restrict => {
                    if let Some(r) = self.restrict {
                        write!(f, ".sync_restrict::{}", ptx_space(r))?
                    }
                }
                ExpectTx => flag(f, self.expect_tx, ".expect_tx")?,
                Aligned => flag(f, self.aligned, ".aligned")?,
                Read => flag(f, self.read, ".read")?,
                Cop => flag(f, self.streaming, ".cs")?,
                Dims => write!(f, ".{}d", self.dims)?,
                OpS => opt(f, self.op)?,
                TyS => opt(f, self.ty)?,
                Kind => {
                    if let Some(k) = self.kind {
                        write!(f, ".kind::{k}")?
                    }
                }
            }
        }
        Ok(())
    }
}

fn opt<T: fmt::Display>(f: &mut fmt::Formatter<'_>, x: Option<T>) -> fmt::Result {
    match x {
        Some(x) => write!(f, ".{x}"),
        None => Ok(()),
    }
}

fn flag(f: &mut fmt::Formatter<'_>, on: bool, text: &str) -> fmt::Result {
    if on {
        f.write_str(text)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
