//! tilec-litmus: Dat3M's PTX litmus format and an exact decision procedure for the PTX memory
//! model (PTX ISA 6.0 and 7.5, as Dat3M's `cat/ptx-v6.0.cat` and `cat/ptx-v7.5.cat` formalize
//! them), agreeing with Dat3M's expected verdicts on its PTX test suite.
//!
//! - [`ast`]: the syntax tree of a test; [`parse_test`] reads one (every error a located
//!   [`Diagnostic`](tilec_ir::Diagnostic)), and `Display` prints it back as text that parses again.
//! - `program` (private): locations and aliases, registers, loops unrolled to a bound.
//! - `runs` (private): each thread's paths with guessed read values.
//! - [`event`]: events and their tags; [`rel`]: relations as bit matrices.
//! - `exec` (private): one candidate's events and base relations (`po`, `loc`, `vloc`, `sr`,
//!   `scta`, `rmw`, `dep`, `syncbar`).
//! - [`model`]: the derived relations and axioms of each model.
//! - `search` (private): the enumeration of `rf`, `sync_fence`, `syncbar` and `co`.
//! - [`witness`]: readable witnesses.
//!
//! The public entry points are [`parse_test`], [`decide`] and [`outcomes`].

pub mod ast;
mod check;
mod check_ext;
pub mod event;
mod exec;
mod exec_ext;
mod instr;
mod instr_ext;
mod lex;
mod mbar;
pub mod model;
mod parse;
mod print;
mod program;
mod program_ext;
mod race;
pub mod rel;
mod runs;
mod search;
pub mod witness;

pub use ast::Test;
pub use model::{Model, Violation};
pub use parse::parse_test;
pub use race::race;
pub use witness::{Outcome, Witness, WitnessKind};

use ast::Quantifier;
use std::collections::BTreeSet;

/// How to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Loop unrolling bound (Dat3M's `--bound`; its litmus tests use 1). An execution that would
    /// iterate a loop more often does not terminate and no final condition sees it.
    pub bound: usize,
    /// Build a [`Witness`] (the reaching execution, or the closest rejected candidate).
    pub witness: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bound: 1,
            witness: false,
        }
    }
}

/// Dat3M's verdict terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// `exists`: an outcome satisfying the condition is reachable; `~exists`: none is;
    /// `forall`: every reachable outcome satisfies it.
    Pass,
    /// The opposite.
    Fail,
}

impl Verdict {
    /// `PASS` or `FAIL`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
        }
    }
}

/// The answer for one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// PASS or FAIL.
    pub verdict: Verdict,
    /// With [`Options::witness`]: the execution that decides it, or the closest rejected one.
    pub witness: Option<Witness>,
    /// Complete candidates (with `co`) checked against all axioms.
    pub executions_checked: u64,
    /// Thread paths cut at the unrolling bound. Dat3M answers UNKNOWN instead of PASS/FAIL
    /// when such a path belongs to a consistent execution and the loop iteration it cuts had a
    /// side effect; tilec reports the count and keeps the bounded verdict.
    pub cut_at_bound: usize,
}

/// Decides `test` under `model`.
pub fn decide(test: &Test, model: Model, opts: &Options) -> Decision {
    let prog = program::lower(test, opts.bound);
    let runs = runs::enumerate(&prog);
    let mut s = search::Search::new(test, &prog, model, search::goal_of(test), opts.witness);
    s.run(&runs);
    let found = s.found.is_some();
    let verdict = match (test.assertion.quantifier, found) {
        (Quantifier::Exists, true) | (Quantifier::NotExists | Quantifier::Forall, false) => {
            Verdict::Pass
        }
        _ => Verdict::Fail,
    };
    let witness = if !opts.witness {
        None
    } else if let Some(w) = s.found.take() {
        Some(w)
    } else {
        Some(s.rejected.take().map(|(_, w)| w).unwrap_or(Witness {
            kind: WitnessKind::NoCandidate,
            events: Vec::new(),
            rf: Vec::new(),
            co: Vec::new(),
            outcome: None,
        }))
    };
    Decision {
        verdict,
        witness,
        executions_checked: s.checked,
        cut_at_bound: runs.cut,
    }
}

/// Every final state (all registers, all locations) of a consistent, terminating execution of
/// `test` under `model`, loops unrolled to `bound`. The `filter` is not applied.
pub fn outcomes(test: &Test, model: Model, bound: usize) -> BTreeSet<Outcome> {
    let prog = program::lower(test, bound);
    let runs = runs::enumerate(&prog);
    let mut s = search::Search::new(test, &prog, model, search::Goal::Collect, false);
    s.run(&runs);
    s.outcomes
}
