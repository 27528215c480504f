//! The PTX instruction-form table: per form, the minimum `.version` and target and the modifiers
//! it accepts (semantics, scopes, state spaces, sync_restrict spaces, rmw operations, and other
//! named modifier sets), from docs/reference/ptx-sync-isa.md and checked against
//! docs/reference/ptxas-probe.md.
//!
//! The printer computes `.version` as the maximum over the forms it emits and the target's own
//! minimum; with `--ptx-isa`, a form above the ceiling is a diagnostic (never different code).
//! The `verify-mem-legality` pass asks the same table, per op, before any lowering runs, and the
//! ptx dialect's verifier checks each memory/sync op's modifiers against its form
//! ([`Form::check`]).
//!
//! Two kinds of rows: an *instruction* row (`ld.sem`, `fence.sem`, `mbarrier.arrive`, …) lists
//! the instruction's whole syntax (as of PTX 9.1) with the minimum of its base form; a *feature*
//! row (`scope.cluster`, `fence.acquire`, `mbarrier.relaxed`, …) lists what the feature adds,
//! with the minimum that feature needs. A printer or verifier asks for every row an op uses.

use crate::mem::list;
use crate::mem::{ptx_space, RESTRICT};
use crate::target::{PtxIsa, Target};
use tilec_ir::{MemScope, MemSemantic, RmwKind, Space};

/// What a target needs for a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetReq {
    /// Any sm_70+ target.
    Any,
    /// sm_80 or later (mbarrier).
    Sm80,
    /// sm_90 or later (clusters, mbarrier try_wait, bulk copies, …).
    Sm90,
    /// sm_90a exactly (wgmma).
    Sm90a,
    /// tcgen05 targets (sm_100a/101a/110a and the sm_10x/11x `f` targets).
    Tcgen05,
}

impl TargetReq {
    /// True when `t` provides the form.
    pub fn met_by(self, t: &Target) -> bool {
        match self {
            TargetReq::Any => true,
            TargetReq::Sm80 => t.sm >= 80,
            TargetReq::Sm90 => t.has_clusters(),
            TargetReq::Sm90a => t.has_wgmma(),
            TargetReq::Tcgen05 => t.has_tcgen05(),
        }
    }
    /// Words for diagnostics.
    pub fn describe(self) -> &'static str {
        match self {
            TargetReq::Any => "any target",
            TargetReq::Sm80 => "sm_80 or later",
            TargetReq::Sm90 => "sm_90 or later",
            TargetReq::Sm90a => "sm_90a",
            TargetReq::Tcgen05 => {
                "a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target)"
            }
        }
    }
}

/// How a form takes its `.sem`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SemUse {
    /// The form has no `.sem`.
    Absent,
    /// Must be written (the split fences, a restricted fence, `red.async`'s `.relaxed`; on a
    /// feature row: the feature is writing it).
    Required,
    /// Optional; the semantic that applies when omitted (None: the ISA text does not say).
    Optional(Option<MemSemantic>),
}

/// How a form takes its `.scope`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeUse {
    /// The form has no `.scope`.
    Absent,
    /// Required with every strong semantic, never with `.weak` (ld, st).
    WithStrong,
    /// Always required (fence).
    Required,
    /// Optional; the scope that applies when omitted (None: the ISA text does not say).
    Optional(Option<MemScope>),
    /// Fixed by the instruction (barrier.cluster orders the cluster): a written scope must be it.
    Implied(MemScope),
}

/// The modifiers a form accepts. An empty list: the form takes no such modifier.
#[derive(Clone, Copy, Debug)]
pub struct Legal {
    /// `.sem` qualifiers (`.weak` included where the syntax has it).
    pub sems: &'static [MemSemantic],
    /// How the semantic is taken.
    pub sem: SemUse,
    /// How the scope is taken.
    pub scope: ScopeUse,
    /// `.scope` qualifiers.
    pub scopes: &'static [MemScope],
    /// State spaces (`generic`: no `.ss`, a generic address).
    pub spaces: &'static [Space],
    /// `.sync_restrict::space`, each with the one semantic it allows.
    pub restrict: &'static [(Space, MemSemantic)],
    /// Read-modify-write operations (`.add`, …).
    pub rmw: &'static [RmwKind],
    /// Other modifier sets, named, in PTX spelling (completion mechanisms, proxy kinds, …).
    pub other: &'static [(&'static str, &'static [&'static str])],
}

impl Legal {
    /// The semantic of an instance that writes none, when the ISA states one.
    pub fn default_sem(&self) -> Option<MemSemantic> {
        match self.sem {
            SemUse::Optional(d) => d,
            _ => None,
        }
    }
    /// No modifiers at all.
    pub const NONE: Legal = Legal {
        sems: &[],
        sem: SemUse::Absent,
        scope: ScopeUse::Absent,
        scopes: &[],
        spaces: &[],
        restrict: &[],
        rmw: &[],
        other: &[],
    };
}

/// One row: a form key, the PTX ISA that introduced it, what target it needs, what it accepts.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The key the printer asks with (the PTX spelling, generalized).
    pub key: &'static str,
    /// Minimum `.version`.
    pub ptx: PtxIsa,
    /// Minimum target.
    pub target: TargetReq,
    /// The legal modifiers.
    pub legal: Legal,
}

const fn f(key: &'static str, major: u8, minor: u8, target: TargetReq) -> Form {
    Form {
        key,
        ptx: PtxIsa(major, minor),
        target,
        legal: Legal::NONE,
    }
}

// Builders for the rows (const: FORMS is a constant).
impl Form {
    const fn sems(mut self, sems: &'static [MemSemantic], rule: SemUse) -> Form {
        self.legal.sems = sems;
        self.legal.sem = rule;
        self
    }
    const fn scopes(mut self, rule: ScopeUse, scopes: &'static [MemScope]) -> Form {
        self.legal.scope = rule;
        self.legal.scopes = scopes;
        self
    }
    const fn spaces(mut self, spaces: &'static [Space]) -> Form {
        self.legal.spaces = spaces;
        self
    }
    const fn restrict(mut self, pairs: &'static [(Space, MemSemantic)]) -> Form {
        self.legal.restrict = pairs;
        self
    }
    const fn rmw(mut self, kinds: &'static [RmwKind]) -> Form {
        self.legal.rmw = kinds;
        self
    }
    const fn other(mut self, sets: &'static [(&'static str, &'static [&'static str])]) -> Form {
        self.legal.other = sets;
        self
    }
}

use MemScope::{Cluster, Cta, Gpu};
use MemSemantic::{AcqRel, Acquire, Relaxed, Release, Sc, Weak};
use ScopeUse::{Implied, Optional, Required, WithStrong};
use Space::{Generic, Global, SharedCluster, SharedCta};
use TargetReq::*;

const ALL_SCOPES: &[MemScope] = MemScope::ALL;
const CTA_OR_CLUSTER: &[MemScope] = &[Cta, Cluster];
const CLUSTER: &[MemScope] = &[Cluster];
/// ld/st/atom/red: `.global`, `.shared{::cta}`, `.shared::cluster`, or none (generic).
const ACCESS: &[Space] = &[Global, SharedCta, SharedCluster, Generic];
const OWN_CTA: &[Space] = &[SharedCta];
const ANY_CTA: &[Space] = &[SharedCta, SharedCluster];
/// `red` and `red.async` have no `.exch` (nor `.cas`); `atom` has every kind.
const RED_OPS: &[RmwKind] = &[
    RmwKind::Add,
    RmwKind::And,
    RmwKind::Or,
    RmwKind::Xor,
    RmwKind::Max,
    RmwKind::Min,
    RmwKind::UMax,
    RmwKind::UMin,
    RmwKind::Inc,
    RmwKind::Dec,
];
const MBAR_TX: &[(&str, &[&str])] = &[("completion", &["mbarrier::complete_tx::bytes"])];
const ALIGNED: &[(&str, &[&str])] = &[("qualifier", &["aligned"])];

/// Every form tilec can print or verify. Keys are PTX spellings, generalized; the verifier's
/// target checks (tilec-passes verify/target.rs), the printer and the ptx dialect's verifier all
/// ask this table.
pub const FORMS: &[Form] = &[
    // fences (§1.1): `fence{.sem}.scope` (no .sem: acq_rel); the split acquire/release forms are
    // PTX 8.6
    f("fence.sem", 6, 0, Any)
        .sems(
            &[Sc, AcqRel, Acquire, Release],
            SemUse::Optional(Some(AcqRel)),
        )
        .scopes(Required, ALL_SCOPES),
    f("fence.sc", 6, 0, Any)
        .sems(&[Sc], SemUse::Required)
        .scopes(Required, ALL_SCOPES),
    f("fence.acq_rel", 6, 0, Any)
        .sems(&[AcqRel], SemUse::Optional(Some(AcqRel)))
        .scopes(Required, ALL_SCOPES),
    f("fence.acquire", 8, 6, Sm90)
        .sems(&[Acquire], SemUse::Required)
        .scopes(Required, ALL_SCOPES),
    f("fence.release", 8, 6, Sm90)
        .sems(&[Release], SemUse::Required)
        .scopes(Required, ALL_SCOPES),
    // restricted fences (§1.2): the space fixes the semantic; the scope is the cluster
    f("fence.sync_restrict", 8, 6, Sm90)
        .sems(&[Acquire, Release], SemUse::Required)
        .scopes(Required, CLUSTER)
        .restrict(RESTRICT),
    f("fence.mbarrier_init", 8, 0, Sm90)
        .sems(&[Release], SemUse::Required)
        .scopes(Required, CLUSTER)
        .other(&[("op_restrict", &["mbarrier_init"])]),
    // proxy fences (§1.3): no .sem, no .scope; no space means all spaces
    f("fence.proxy.async", 8, 0, Sm90)
        .spaces(&[Global, SharedCta, SharedCluster])
        .other(&[(
            "proxykind",
            &[
                "async",
                "async.global",
                "async.shared::cta",
                "async.shared::cluster",
            ],
        )]),
    f("scope.cluster", 7, 8, Sm90).scopes(Optional(None), CLUSTER),
    // memory-ordered accesses (§2.1): no .sc on any of them; atom/red default to .relaxed.gpu
    f("ld.sem", 6, 0, Any)
        .sems(&[Weak, Relaxed, Acquire], SemUse::Optional(Some(Weak)))
        .scopes(WithStrong, ALL_SCOPES)
        .spaces(ACCESS),
    f("st.sem", 6, 0, Any)
        .sems(&[Weak, Relaxed, Release], SemUse::Optional(Some(Weak)))
        .scopes(WithStrong, ALL_SCOPES)
        .spaces(ACCESS),
    f("atom.sem", 6, 0, Any)
        .sems(
            &[Relaxed, Acquire, Release, AcqRel],
            SemUse::Optional(Some(Relaxed)),
        )
        .scopes(Optional(Some(Gpu)), ALL_SCOPES)
        .spaces(ACCESS)
        .rmw(RmwKind::ALL),
    f("red.sem", 6, 0, Any)
        .sems(&[Relaxed, Release], SemUse::Optional(Some(Relaxed)))
        .scopes(Optional(Some(Gpu)), ALL_SCOPES)
        .spaces(ACCESS)
        .rmw(RED_OPS),
    f("space.shared::cluster", 7, 8, Sm90).spaces(&[SharedCluster]),
    f("space.shared::cta", 7, 8, Any).spaces(&[SharedCta]),
    // barriers (§4): `barrier.cluster.arrive/wait` 7.8; an explicit .relaxed (.release,
    // .acquire) qualifier 8.0; the cluster barrier has no relaxed wait
    f("bar.sync", 1, 0, Any),
    f("bar.arrive", 2, 0, Any),
    f("barrier.sync", 6, 0, Any).other(ALIGNED),
    f("barrier.cluster.arrive", 7, 8, Sm90)
        .sems(&[Release, Relaxed], SemUse::Optional(Some(Release)))
        .scopes(Implied(Cluster), CLUSTER)
        .other(ALIGNED),
    f("barrier.cluster.wait", 7, 8, Sm90)
        .sems(&[Acquire], SemUse::Optional(Some(Acquire)))
        .scopes(Implied(Cluster), CLUSTER)
        .other(ALIGNED),
    f("barrier.cluster.sem", 8, 0, Sm90).sems(&[Release, Relaxed, Acquire], SemUse::Required),
    // mbarrier (§3.2): init/inval/waits on the own CTA's barrier only; arrive, arrive_drop,
    // expect_tx and complete_tx also on a peer's (`.shared::cluster`); `.sem.scope` written out
    // is 8.0 (`.relaxed` 8.6), cta when omitted
    f("mbarrier.init", 7, 0, Sm80).spaces(OWN_CTA),
    f("mbarrier.inval", 7, 0, Sm80).spaces(OWN_CTA),
    f("mbarrier.arrive", 7, 0, Sm80)
        .sems(&[Release, Relaxed], SemUse::Optional(Some(Release)))
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER)
        .spaces(ANY_CTA)
        .other(&[("qualifier", &["expect_tx", "noComplete"])]),
    f("mbarrier.arrive_drop", 7, 0, Sm80)
        .sems(&[Release, Relaxed], SemUse::Optional(Some(Release)))
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER)
        .spaces(ANY_CTA)
        .other(&[("qualifier", &["expect_tx", "noComplete"])]),
    f("mbarrier.test_wait.parity", 7, 1, Sm80)
        .sems(&[Acquire, Relaxed], SemUse::Optional(Some(Acquire)))
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER)
        .spaces(OWN_CTA),
    f("mbarrier.try_wait", 7, 8, Sm90)
        .sems(&[Acquire, Relaxed], SemUse::Optional(Some(Acquire)))
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER)
        .spaces(OWN_CTA)
        .other(&[("qualifier", &["parity"])]),
    // only .relaxed; the default when omitted is UNSURE in the ISA text (§11.1). The key also
    // names arrive's `.expect_tx` qualifier (same minimum).
    f("mbarrier.expect_tx", 8, 0, Sm90)
        .sems(&[Relaxed], SemUse::Optional(None))
        .scopes(Optional(None), CTA_OR_CLUSTER)
        .spaces(ANY_CTA),
    f("mbarrier.complete_tx", 8, 0, Sm90)
        .sems(&[Relaxed], SemUse::Optional(None))
        .scopes(Optional(None), CTA_OR_CLUSTER)
        .spaces(ANY_CTA),
    // the sink `_` as an arrive's state destination; an arrival count without `.noComplete`
    f("mbarrier.sink", 7, 1, Sm80),
    f("mbarrier.count", 7, 8, Sm90),
    f("mbarrier.sem", 8, 0, Sm90)
        .sems(&[Release, Acquire], SemUse::Required)
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER),
    f("mbarrier.relaxed", 8, 6, Sm90)
        .sems(&[Relaxed], SemUse::Required)
        .scopes(Optional(Some(Cta)), CTA_OR_CLUSTER),
    f("mbarrier.remote", 8, 0, Sm90).spaces(&[SharedCluster]),
    // async stores and copies (§5, §6): st.async is weak (its complete_tx releases at cluster
    // scope; the 8.7 `.release.{gpu,sys}` global form is not here); red.async writes
    // `.relaxed.cluster` explicitly
    f("st.async", 8, 1, Sm90)
        .sems(&[Weak], SemUse::Optional(Some(Weak)))
        .spaces(&[SharedCluster])
        .other(MBAR_TX),
    f("red.async", 8, 1, Sm90)
        .sems(&[Relaxed], SemUse::Required)
        .scopes(Required, CLUSTER)
        .spaces(&[SharedCluster])
        .rmw(RED_OPS)
        .other(MBAR_TX),
    f("cp.async.bulk", 8, 0, Sm90)
        .spaces(&[Global, SharedCta, SharedCluster])
        .other(&[
            (
                "completion",
                &["mbarrier::complete_tx::bytes", "bulk_group"],
            ),
            ("wait_group", &["read"]),
        ]),
    f("mapa", 7, 8, Sm90).spaces(&[SharedCluster, Generic]),
    // clusters: %cluster_ctarank / %clusterid, .explicitcluster + .reqnctapercluster
    f("sreg.cluster", 7, 8, Sm90).other(&[(
        "sreg",
        &[
            "cluster_ctarank",
            "cluster_nctarank",
            "clusterid",
            "nclusterid",
            "cluster_ctaid",
            "cluster_nctaid",
        ],
    )]),
    // kernel parameters over 4352 bytes (ptxas: "Feature 'Kernel parameter size larger than
    // 4352 bytes' requires PTX ISA .version 8.1 or later")
    f("param_space.large", 8, 1, Any),
    f("cluster_dims", 7, 8, Sm90)
        .other(&[("directive", &["explicitcluster", "reqnctapercluster"])]),
    // tensor-core sync (§7, §8)
    f("wgmma", 8, 0, Sm90a).other(&[("op", &["fence", "commit_group", "wait_group"])]),
    // wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16} (§9.7.15.5.2), PTX ISA 8.0, sm_90a
    f("wgmma.mma_async", 8, 0, Sm90a).other(&[(
        "ab_type",
        &["f16", "bf16", "s8.s8", "s8.u8", "u8.s8", "u8.u8"],
    )]),
    // wgmma.mma_async.m64nNk32.s32 with one signed and one unsigned 8-bit factor (ptxas:
    // "Feature 'WGMMA with mixed integer types' requires PTX ISA .version 8.4 or later")
    f("wgmma.mixed_int", 8, 4, Sm90a),
    f("tcgen05", 8, 6, Tcgen05).other(&[("cta_group", &["1", "2"])]),
    // warp-level matrix multiply (§9.7.14.5.14): mma.sync.aligned.m16n8k16 with .f16 and .bf16
    // inputs and .f32 accumulators, m16n8k32 with .s8/.u8 inputs and .s32 accumulators, PTX ISA
    // 7.0, sm_80
    f("mma.sync", 7, 0, Sm80).other(&[(
        "ab_type",
        &["f16", "bf16", "s8.s8", "s8.u8", "u8.s8", "u8.u8"],
    )]),
    // non-bulk async copies global→shared (cp.async.cg 16 bytes with src-size, cp.async.wait_all):
    // PTX ISA 7.0, sm_80
    f("cp.async", 7, 0, Sm80),
    // float min/max propagating NaN (`max{.ftz}{.NaN}.f32`, NVIDIA's `maxf … propagate_nan`):
    // PTX ISA 7.0, sm_80
    f("max.NaN", 7, 0, Sm80),
    // 128-bit registers and ld/st/mov of them (`.b128`): PTX ISA 8.3, sm_70
    f("b128", 8, 3, Any),
    // atomic add of 16-bit floats (PTX ISA, atom and red: `.add.noftz.f16` PTX 6.3, sm_70;
    // `.add.noftz.bf16` PTX 7.8, sm_90), with every `.sem`/`.scope`/space the 32-bit forms take
    f("atom.add.f16", 6, 3, Any),
    f("atom.add.bf16", 7, 8, Sm90),
    // plain instructions the printer needs
    f("basic", 6, 0, Any),
];

/// The row of `key`.
pub fn form(key: &str) -> Option<&'static Form> {
    FORMS.iter().find(|f| f.key == key)
}

/// The modifiers an op writes, as [`Form::check`] reads them (None: not written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// `.sem`.
    pub sem: Option<MemSemantic>,
    /// `.scope`.
    pub scope: Option<MemScope>,
    /// The state space.
    pub space: Option<Space>,
    /// `.sync_restrict::space`.
    pub restrict: Option<Space>,
    /// The rmw operation.
    pub rmw: Option<RmwKind>,
}

/// Why written modifiers are not legal for a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// A semantic the form does not have.
    Sem(MemSemantic),
    /// No semantic, and the form has no default.
    MissingSem,
    /// A scope the form does not have (or not its implied one).
    Scope(MemScope),
    /// A scope on a weak access.
    ScopeOnWeak(MemScope),
    /// No scope where the form needs one.
    MissingScope,
    /// A state space the form does not have.
    Space(Space),
    /// A sync_restrict space the form does not have.
    RestrictSpace(Space),
    /// A restricted fence whose semantic is not the one its space allows.
    RestrictSem(Space, MemSemantic),
    /// An rmw operation the form does not have.
    Rmw(RmwKind),
}

impl Illegal {
    /// The code of the diagnostic that reports it.
    pub fn code(self) -> tilec_ir::DiagCode {
        use tilec_ir::DiagCode as C;
        match self {
            Illegal::Sem(_) | Illegal::MissingSem | Illegal::RestrictSem(..) => C::LegalitySemantic,
            Illegal::Scope(_) | Illegal::ScopeOnWeak(_) | Illegal::MissingScope => C::LegalityScope,
            Illegal::Space(_) | Illegal::RestrictSpace(_) => C::LegalitySpace,
            Illegal::Rmw(_) => C::LegalityRmw,
        }
    }
}

impl Form {
    /// Checks written modifiers against the legal sets: the restrict space (it decides the
    /// semantic), the semantic, the scope, the restrict pairing, the space, the rmw operation.
    pub fn check(&self, w: &Written) -> Result<(), Illegal> {
        let l = &self.legal;
        let pair = match w.restrict {
            Some(s) => Some(
                *l.restrict
                    .iter()
                    .find(|p| p.0 == s)
                    .ok_or(Illegal::RestrictSpace(s))?,
            ),
            None => None,
        };
        match w.sem {
            Some(s) if !l.sems.contains(&s) => return Err(Illegal::Sem(s)),
            None if l.sem == SemUse::Required => return Err(Illegal::MissingSem),
            _ => {}
        }
        let sem = w.sem.or(l.default_sem());
        match (l.scope, w.scope) {
            (ScopeUse::WithStrong, Some(s)) if sem == Some(Weak) => {
                return Err(Illegal::ScopeOnWeak(s))
            }
            (ScopeUse::WithStrong, None) if sem != Some(Weak) => return Err(Illegal::MissingScope),
            (ScopeUse::Required, None) => return Err(Illegal::MissingScope),
            (ScopeUse::Implied(fixed), Some(s)) if s != fixed => return Err(Illegal::Scope(s)),
            (_, Some(s)) if !l.scopes.contains(&s) => return Err(Illegal::Scope(s)),
            _ => {}
        }
        if let Some((space, want)) = pair {
            if sem != Some(want) {
                return Err(Illegal::RestrictSem(space, want));
            }
        }
        if let Some(s) = w.space.filter(|s| !l.spaces.contains(s)) {
            return Err(Illegal::Space(s));
        }
        if let Some(k) = w.rmw.filter(|k| !l.rmw.contains(k)) {
            return Err(Illegal::Rmw(k));
        }
        Ok(())
    }

    /// The diagnostic for `why` on op `op` (its short name) that wrote `w`:
    /// `'ld' does not accept semantic 'release'; the form ld.sem accepts: weak, relaxed, acquire`.
    pub fn message(&self, op: &str, w: &Written, why: Illegal) -> String {
        let (l, key) = (&self.legal, self.key);
        let label = match w.restrict {
            Some(r) if !matches!(why, Illegal::RestrictSpace(_)) => {
                format!("'{op}' with restrict '{r}'")
            }
            _ => format!("'{op}'"),
        };
        let accepts = |what: &str, items: String| {
            if items.is_empty() {
                format!("the form {key} takes no {what}")
            } else {
                format!("the form {key} accepts: {items}")
            }
        };
        let sem = w.sem.or(l.default_sem());
        match why {
            Illegal::Sem(s) => format!(
                "{label} does not accept semantic '{s}'; {}",
                accepts("semantic", list(l.sems))
            ),
            Illegal::MissingSem => format!(
                "{label} requires a semantic; {}",
                accepts("semantic", list(l.sems))
            ),
            Illegal::Scope(s) => match l.scope {
                ScopeUse::Implied(fixed) => format!(
                    "{label} does not accept scope '{s}'; the scope of the form {key} is always '{fixed}'"
                ),
                _ => format!(
                    "{label} does not accept scope '{s}'; {}",
                    accepts("scope", list(l.scopes))
                ),
            },
            Illegal::ScopeOnWeak(s) => {
                let strong: Vec<_> = l.sems.iter().filter(|x| **x != Weak).collect();
                format!(
                    "{label} with semantic 'weak' must not carry a scope (got '{s}'); the form {key} takes a scope only with: {}",
                    list(&strong)
                )
            }
            Illegal::MissingScope => {
                let with = sem.map(|s| format!(" with semantic '{s}'")).unwrap_or_default();
                format!(
                    "{label}{with} requires a scope; {}",
                    accepts("scope", list(l.scopes))
                )
            }
            Illegal::Space(s) => format!(
                "{label} does not accept space '{s}'; {}",
                accepts("state space", list(l.spaces))
            ),
            Illegal::RestrictSpace(s) => {
                let spaces: Vec<Space> = l.restrict.iter().map(|p| p.0).collect();
                format!(
                    "{label} does not accept restrict space '{s}'; {}",
                    accepts("sync_restrict", list(&spaces))
                )
            }
            Illegal::RestrictSem(space, want) => format!(
                "{label} does not accept semantic '{}'; the form {key} allows sync_restrict::{} with {want} only",
                sem.map_or("none".into(), |s| s.to_string()),
                ptx_space(space)
            ),
            Illegal::Rmw(k) => format!(
                "{label} does not accept operation '{k}'; {}",
                accepts("operation", list(l.rmw))
            ),
        }
    }
}

#[cfg(test)]
mod tests;
