//! Witnesses a person can read: the events of one candidate execution (thread, instruction,
//! value, tags), its `rf` and `co` edges, its final state, and — for a candidate that the model
//! rejects — the axiom and the events that break it.

use crate::model::Violation;
use std::collections::BTreeMap;
use std::fmt::{self, Display, Formatter};

/// A final state: every register of every thread and every location.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Outcome {
    /// `(thread, register)` → value.
    pub regs: BTreeMap<(usize, String), i64>,
    /// Location name → final value.
    pub mem: BTreeMap<String, i64>,
}

impl Display for Outcome {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .regs
            .iter()
            .map(|((t, r), v)| format!("P{t}:{r}={v}"))
            .collect();
        parts.extend(self.mem.iter().map(|(l, v)| format!("{l}={v}")));
        f.write_str(&parts.join(" "))
    }
}

/// One event of a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessEvent {
    /// `P1`, or `init`.
    pub thread: String,
    /// The instruction, printed (empty for an initial write).
    pub instr: String,
    /// `R x=1`, `W x=2`, `F`.
    pub access: String,
    /// Tag names.
    pub tags: Vec<&'static str>,
}

/// What the witness shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WitnessKind {
    /// A consistent execution whose final state decides the verdict (the `exists` outcome
    /// reached, or the `forall` / `~exists` counterexample).
    Reaches,
    /// The candidate closest to the asked outcome (it passed the most axioms), and the axiom
    /// that rejects it.
    Rejected(Violation),
    /// No candidate execution (of terminating threads) gives the outcome at all.
    NoCandidate,
    /// A consistent execution in which the two events (indices into `events`) form a data race
    /// ([`crate::race`](mod@crate::race)).
    Race(usize, usize),
}

/// A candidate execution with its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// Reached or rejected.
    pub kind: WitnessKind,
    /// Events, by index.
    pub events: Vec<WitnessEvent>,
    /// Reads-from edges (write, read).
    pub rf: Vec<(usize, usize)>,
    /// Coherence edges (the immediate ones; `co` is their transitive closure).
    pub co: Vec<(usize, usize)>,
    /// The final state (for a reached outcome).
    pub outcome: Option<Outcome>,
}

impl Display for Witness {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match &self.kind {
            WitnessKind::Reaches => writeln!(f, "  execution reaching the outcome:")?,
            WitnessKind::Race(a, b) => writeln!(
                f,
                "  consistent execution in which e{a} and e{b} race (conflicting, overlapping, neither causality-ordered nor morally strong):"
            )?,
            WitnessKind::NoCandidate => {
                return writeln!(
                    f,
                    "  no execution of terminating threads gives this outcome"
                )
            }
            WitnessKind::Rejected(v) => {
                let evs: Vec<String> = v.events.iter().map(|e| format!("e{e}")).collect();
                let how = if v.events.len() == 2 { "pair" } else { "cycle" };
                writeln!(
                    f,
                    "  closest candidate rejected by axiom {}: {} ({how} {})",
                    v.axiom,
                    v.rule,
                    evs.join(" -> ")
                )?;
            }
        }
        for (i, e) in self.events.iter().enumerate() {
            writeln!(
                f,
                "    e{i:<3} {:<5} {:<28} {:<10} [{}]",
                e.thread,
                e.instr,
                e.access,
                e.tags.join(" ")
            )?;
        }
        let edges = |v: &[(usize, usize)]| {
            v.iter()
                .map(|(a, b)| format!("e{a}->e{b}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(f, "    rf: {}", edges(&self.rf))?;
        writeln!(f, "    co: {}", edges(&self.co))?;
        if let Some(o) = &self.outcome {
            writeln!(f, "    final: {o}")?;
        }
        Ok(())
    }
}
