//! The PTX memory models: the derived relations and axioms of Dat3M's `cat/ptx-v6.0.cat` and
//! `cat/ptx-v7.5.cat`, which formalize the PTX ISA's "Memory Consistency Model" chapter.
//!
//! Each relation and axiom is written once, as a function over bit matrices ([`crate::rel`]),
//! with the cat line it implements and the ISA section it formalizes beside it (the ISA's
//! statements are paraphrased, not quoted: the ISA text was not at hand when this was written;
//! the cat lines are exact):
//! - [`base`]: what both models share (strong operations, release and acquire patterns, `sync`,
//!   `cause-base`) and the axioms they share (Coherence, Coherence2, FenceSC, Atomicity,
//!   No-Thin-Air, Causality);
//! - [`v60`]: `morally-strong` without proxies, the recursive `observation`, `cause`, and
//!   SC-per-Location;
//! - [`v75`]: proxies (`same-proxy`, `vloc`), `proxy-preserved-cause-base`, and no
//!   SC-per-Location.
//!
//! A new event kind (mbarrier, cluster barrier, async proxy) adds a tag ([`crate::event::Tags`])
//! and, where it orders events, one more term in [`base::Choice`] (as `syncbar` is) or in the
//! model's `cause`; the axioms stay as they are.

pub mod base;
pub mod tilec;
pub mod v60;
pub mod v75;

use crate::exec::Exec;
use crate::rel::Rel;

/// Which PTX memory model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// PTX ISA 6.0 (no proxies; SC-per-Location).
    PtxV6_0,
    /// PTX ISA 7.5 (proxies and virtual aliases; no SC-per-Location).
    PtxV7_5,
    /// tilec's model: ptx-v7.5 plus `.cluster`, the fence fixes, `sync_restrict` fences, the
    /// async proxy, bulk copies, mbarriers and cluster barriers (docs/litmus.md).
    Tilec,
}

impl Model {
    /// `ptx-v6.0` or `ptx-v7.5`.
    pub fn name(self) -> &'static str {
        match self {
            Model::PtxV6_0 => "ptx-v6.0",
            Model::PtxV7_5 => "ptx-v7.5",
            Model::Tilec => "ptx-tilec",
        }
    }
    /// Parses [`Model::name`].
    pub fn parse(s: &str) -> Option<Model> {
        match s {
            "ptx-v6.0" | "ptx6.0" | "v6.0" => Some(Model::PtxV6_0),
            "ptx-v7.5" | "ptx7.5" | "v7.5" => Some(Model::PtxV7_5),
            "ptx-tilec" | "tilec" => Some(Model::Tilec),
            _ => None,
        }
    }
}

/// Why a candidate is not consistent: the axiom and the pair or cycle that breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The axiom's name in the cat file (`Causality`, `Coherence`, …).
    pub axiom: &'static str,
    /// What the axiom says, in the cat's words.
    pub rule: &'static str,
    /// The offending events: a pair `(a, b)` of the relation that must be empty, a reflexive
    /// `(a, a)` as `[a]`, or a cycle.
    pub events: Vec<usize>,
}

impl Violation {
    /// A violation of `axiom` by `events`.
    pub fn new(axiom: &'static str, rule: &'static str, events: Vec<usize>) -> Violation {
        Violation {
            axiom,
            rule,
            events,
        }
    }
}

/// The per-model relations fixed before `co` is chosen.
pub struct Derived {
    /// `morally-strong`.
    pub ms: Rel,
    /// `cause`.
    pub cause: Rel,
}

/// Computes `ms` for `model` (independent of every choice).
pub fn morally_strong(model: Model, x: &Exec) -> Rel {
    match model {
        Model::PtxV6_0 => v60::morally_strong(x),
        Model::PtxV7_5 => v75::morally_strong(x),
        Model::Tilec => tilec::morally_strong(x),
    }
}

/// `observation` and `cause` of `model` for the choice `c`.
pub fn cause(model: Model, x: &Exec, ms: &Rel, c: &base::Choice) -> Rel {
    match model {
        Model::PtxV6_0 => v60::cause(x, ms, c),
        Model::PtxV7_5 => v75::cause(x, ms, c),
        Model::Tilec => tilec::cause(x, ms, c),
    }
}

/// The axioms that depend on `co` (and `fr`): Atomicity, Causality, and for v6.0
/// SC-per-Location. `co` is transitive (`let co = co+`).
pub fn check_co(model: Model, x: &Exec, d: &Derived, rf: &Rel, co: &Rel) -> Result<(), Violation> {
    if model == Model::Tilec {
        return tilec::check_co(x, &d.ms, &d.cause, rf, co);
    }
    let fr = rf.inverse().seq(co);
    base::atomicity(x, &d.ms, &fr, co)?;
    if model == Model::PtxV6_0 {
        v60::sc_per_location(x, &d.ms, rf, co, &fr)?;
    }
    base::causality(rf, &fr, &d.cause)
}

/// The pairs of writes `co` must order one way or the other: Coherence2's, and for tilec's
/// model also every pair of writes to one mbarrier.
pub fn co_pairs(model: Model, x: &Exec, ms: &Rel) -> Vec<(usize, usize)> {
    match model {
        Model::Tilec => tilec::co_pairs(x, ms),
        _ => base::coherence2_pairs(x, ms),
    }
}
