//! The exact search over candidate executions.
//!
//! A candidate is: one run per thread ([`crate::runs`]), a `syncbar` (which arrivals complete a
//! quorum), a `sync_fence` (an order of the morally strong `fence.sc` pairs, consistent with a
//! total order as Dat3M's clock encoding demands), `rf` (each read from a write of its physical
//! location with the value it read), and `co`.
//!
//! `co` is searched exactly but not blindly. Dat3M's PTX `co` is any acyclic relation on the
//! writes of one location with the initial write first (`Arch.coIsTotal(PTX)` is false), closed
//! by `let co = co+`. Coherence and Coherence2 need edges in `co`; every other axiom that reads
//! `co` (Atomicity, Causality, SC-per-Location, through `co` and `fr = rf^-1; co`) only loses by
//! more edges, and so does the final state (a location ends with the value of a `co`-maximal
//! write, `PropertyEncoder.encodeLastCoConstraints`; fewer edges, more maximal writes). So if any
//! `co` is consistent, the closure of init-first ∪ Coherence's edges ∪ one direction of each
//! Coherence2 pair is consistent too and reaches a superset of final states: those are the only
//! `co`s tried.

use crate::ast::{CondValue, Quantifier, Test};
use crate::event::Tags;
use crate::exec::{Exec, Place};
use crate::model::{self, base, Derived, Model, Violation};
use crate::program::Program;
use crate::rel::Rel;
use crate::runs::{Run, Runs};
use crate::witness::{Outcome, Witness, WitnessEvent, WitnessKind};
use std::collections::BTreeSet;

/// What the search looks for.
pub enum Goal {
    /// A consistent execution whose final state satisfies the filter and makes the condition
    /// `value` (true for `exists`/`~exists`, false for `forall`).
    Find(bool),
    /// Every final state of a consistent execution.
    Collect,
    /// A consistent execution with a data race on the object (its index in the program).
    Race(usize),
}

/// The search state and its results.
pub struct Search<'a> {
    test: &'a Test,
    model: Model,
    prog: &'a Program,
    places: Vec<Place>,
    goal: Goal,
    /// Candidates (with `co`) checked against every axiom.
    pub checked: u64,
    /// The execution found (for [`Goal::Find`]).
    pub found: Option<Witness>,
    /// The best rejected candidate: (stage reached, witness).
    pub rejected: Option<(u8, Witness)>,
    /// Collected final states.
    pub outcomes: BTreeSet<Outcome>,
    witness: bool,
}

/// One combination of runs and what every candidate execution over it shares.
struct Candidate<'c> {
    x: &'c Exec,
    combo: &'c [&'c Run],
    /// `morally-strong` (independent of every choice).
    ms: Rel,
    /// The `syncbar` choices (which arrivals complete each barrier).
    syncbars: Vec<Rel>,
    /// The `sync_fence` choices.
    fences: Vec<Rel>,
    /// The reads, in the order their `rf` is chosen.
    reads: Vec<usize>,
}

/// Where each thread runs; a thread without a cluster is a cluster of its own CTA.
pub fn places(test: &Test) -> Vec<Place> {
    // An implicit cluster gets an id no explicit cluster has (PTX ISA §2.2.2: a launch without
    // cluster dimensions is an implicit 1x1x1 cluster launch).
    let fresh = test
        .threads
        .iter()
        .filter_map(|t| t.cluster)
        .max()
        .map_or(0, |c| c + 1);
    test.threads
        .iter()
        .map(|t| {
            (
                t.gpu,
                t.cluster.unwrap_or(fresh.saturating_add(t.cta)),
                t.cta,
            )
        })
        .collect()
}

/// The goal of `test`'s assertion.
pub fn goal_of(test: &Test) -> Goal {
    Goal::Find(test.assertion.quantifier != Quantifier::Forall)
}

impl<'a> Search<'a> {
    /// A search of `prog` (lowered from `test`) under `model`.
    pub fn new(test: &'a Test, prog: &'a Program, model: Model, goal: Goal, witness: bool) -> Self {
        Search {
            test,
            model,
            prog,
            places: places(test),
            goal,
            checked: 0,
            found: None,
            rejected: None,
            outcomes: BTreeSet::new(),
            witness,
        }
    }

    fn done(&self) -> bool {
        self.found.is_some()
    }

    /// Runs the search over every combination of runs.
    pub fn run(&mut self, runs: &Runs) {
        let counts: Vec<usize> = runs.threads.iter().map(Vec::len).collect();
        if counts.contains(&0) {
            return;
        }
        let mut idx = vec![0usize; counts.len()];
        loop {
            let combo: Vec<&Run> = idx
                .iter()
                .enumerate()
                .map(|(t, &i)| &runs.threads[t][i])
                .collect();
            if self.regs_may_matter(&combo) {
                self.combo(&combo);
            }
            if self.done() {
                return;
            }
            let mut k = 0;
            while k < idx.len() {
                idx[k] += 1;
                if idx[k] < counts[k] {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
            if k == idx.len() {
                return;
            }
        }
    }

    /// The value of a register or location (locations unknown before `co`).
    fn value(&self, combo: &[&Run], v: &CondValue, mem: Option<&Outcome>) -> Option<i64> {
        match v {
            CondValue::Const(c) => Some(*c),
            CondValue::Reg(t, r) => {
                let th = self.prog.threads.get(*t)?;
                let run = combo.get(*t)?;
                Some(
                    th.regs
                        .iter()
                        .position(|n| n == r)
                        .map_or(0, |i| run.regs[i]),
                )
            }
            CondValue::Loc(l) => mem.and_then(|m| m.mem.get(l).copied()),
        }
    }

    /// Whether the final condition can still come out as wanted, registers known.
    fn regs_may_matter(&self, combo: &[&Run]) -> bool {
        let Goal::Find(want) = self.goal else {
            return true;
        };
        let mut val = |v: &CondValue| self.value(combo, v, None);
        if self.test.filter.as_ref().and_then(|f| f.eval3(&mut val)) == Some(false) {
            return false;
        }
        self.test.assertion.cond.eval3(&mut val) != Some(!want)
    }

    fn combo(&mut self, combo: &[&Run]) {
        let x = Exec::new(self.prog, combo, &self.places);
        let Some(syncbars) = x.syncbar_choices(self.prog, &self.places) else {
            return;
        };
        let cand = Candidate {
            ms: model::morally_strong(self.model, &x),
            fences: sync_fences(&x),
            reads: x.set(Tags::R).iter().collect(),
            x: &x,
            combo,
            syncbars,
        };
        let mut rf = Rel::new(x.n());
        self.rf(&cand, 0, &mut rf);
    }

    /// Chooses the write each read `k..` reads from, then goes on with [`Self::with_rf`].
    fn rf(&mut self, c: &Candidate, k: usize, rf: &mut Rel) {
        if self.done() {
            return;
        }
        if k == c.reads.len() {
            return self.with_rf(c, rf);
        }
        let (x, r) = (c.x, c.reads[k]);
        let ws: Vec<usize> = x
            .set(Tags::W)
            .iter()
            .filter(|&w| x.loc.contains(w, r) && x.ev[w].value == x.ev[r].value)
            .collect();
        for w in ws {
            rf.insert(w, r);
            self.rf(c, k + 1, rf);
            *rf = rf.minus(&single(x.n(), w, r));
        }
    }

    fn with_rf(&mut self, cand: &Candidate, rf: &Rel) {
        let (x, combo, ms) = (cand.x, cand.combo, &cand.ms);
        let (syncbars, fences) = (&cand.syncbars, &cand.fences);
        if let Err(v) = base::no_thin_air(x, rf) {
            return self.reject(0, v, x, rf, &Rel::new(x.n()));
        }
        for sb in syncbars {
            for sf in fences {
                if self.done() {
                    return;
                }
                let c = base::Choice {
                    rf: rf.clone(),
                    sync_fence: sf.clone(),
                    syncbar: sb.clone(),
                };
                let cause = model::cause(self.model, x, ms, &c);
                if let Err(v) = base::fence_sc(x, &cause, &c) {
                    self.reject(1, v, x, rf, &Rel::new(x.n()));
                    continue;
                }
                let d = Derived {
                    ms: ms.clone(),
                    cause,
                };
                self.with_cause(x, combo, &d, rf);
            }
        }
    }

    fn with_cause(&mut self, x: &Exec, combo: &[&Run], d: &Derived, rf: &Rel) {
        let mut co0 = init_first(x)
            .union(&base::coherence_required(x, &d.cause))
            .plus();
        if !co0.is_irreflexive() {
            let cyc = co0.minus_id().find_cycle().unwrap_or_default();
            let v = Violation::new(
                "Coherence",
                "([W]; cause; [W]) & loc forces a co cycle",
                cyc,
            );
            return self.reject(2, v, x, rf, &Rel::new(x.n()));
        }
        let pairs = model::co_pairs(self.model, x, &d.ms);
        co0 = co0.minus_id();
        orient(&co0, &pairs, 0, &mut |co| {
            self.checked += 1;
            match model::check_co(self.model, x, d, rf, co) {
                Err(v) => self.reject(3, v, x, rf, co),
                Ok(()) => self.consistent(x, combo, d, rf, co),
            }
            !self.done()
        });
    }

    /// A consistent execution: a race on the asked object, or its final states (`find`: the
    /// value the condition must take; None: collect them all).
    fn consistent(&mut self, x: &Exec, combo: &[&Run], d: &Derived, rf: &Rel, co: &Rel) {
        match self.goal {
            Goal::Race(o) => {
                if let Some((a, b)) = crate::race::racing_pair(x, d, o) {
                    let mut w = witness(self.test, self.prog, x, rf, co);
                    w.kind = WitnessKind::Race(a, b);
                    self.found = Some(w);
                }
            }
            Goal::Find(want) => self.final_states(x, combo, rf, co, Some(want)),
            Goal::Collect => self.final_states(x, combo, rf, co, None),
        }
    }

    /// Every final state of a consistent execution (each choice of a co-last write per
    /// location): collected, or (`find`) the first that gives the condition that value.
    fn final_states(&mut self, x: &Exec, combo: &[&Run], rf: &Rel, co: &Rel, find: Option<bool>) {
        let opts = final_values(self.prog, x, co);
        let regs = final_regs(self.prog, combo);
        let names: Vec<usize> = match find {
            Some(_) => self.mentioned(),
            None => (0..self.prog.objects.len()).collect(),
        };
        let mut choice = vec![0usize; names.len()];
        loop {
            let mut out = Outcome {
                regs: regs.clone(),
                mem: Default::default(),
            };
            for (k, &o) in names.iter().enumerate() {
                out.mem
                    .insert(self.prog.objects[o].name.clone(), opts[o][choice[k]]);
            }
            match find {
                None => {
                    self.outcomes.insert(out);
                }
                Some(want) => {
                    let mut val = |v: &CondValue| self.value(combo, v, Some(&out));
                    let filt = self
                        .test
                        .filter
                        .as_ref()
                        .is_none_or(|f| f.eval3(&mut val) == Some(true));
                    if filt && self.test.assertion.cond.eval3(&mut val) == Some(want) {
                        let mut w = witness(self.test, self.prog, x, rf, co);
                        w.outcome = Some(out);
                        self.found = Some(w);
                        return;
                    }
                }
            }
            let mut k = 0;
            while k < names.len() {
                choice[k] += 1;
                if choice[k] < opts[names[k]].len() {
                    break;
                }
                choice[k] = 0;
                k += 1;
            }
            if k == names.len() {
                return;
            }
        }
    }

    /// The objects the filter and condition mention.
    fn mentioned(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let conds = self
            .test
            .filter
            .iter()
            .chain(std::iter::once(&self.test.assertion.cond));
        for c in conds {
            c.visit_values(&mut |v| {
                if let CondValue::Loc(l) = v {
                    if let Some(o) = self.prog.object(l) {
                        if !out.contains(&o) {
                            out.push(o);
                        }
                    }
                }
            });
        }
        out
    }

    fn reject(&mut self, stage: u8, v: Violation, x: &Exec, rf: &Rel, co: &Rel) {
        if !self.witness || self.rejected.as_ref().is_some_and(|(s, _)| *s >= stage) {
            return;
        }
        let mut w = witness(self.test, self.prog, x, rf, co);
        w.kind = WitnessKind::Rejected(v);
        self.rejected = Some((stage, w));
    }
}

fn single(n: usize, a: usize, b: usize) -> Rel {
    let mut r = Rel::new(n);
    r.insert(a, b);
    r
}

/// The initial write of a location is `co`-before every other write to it (a must-edge of
/// Dat3M's `NativeRelationAnalysis.visitCoherence`).
fn init_first(x: &Exec) -> Rel {
    let init = x.set(Tags::INIT);
    let w = x.set(Tags::W);
    let mut r = Rel::new(x.n());
    for i in init.iter() {
        for j in w
            .iter()
            .filter(|j| !init.contains(*j) && x.loc.contains(i, *j))
        {
            r.insert(i, j);
        }
    }
    r
}

/// Every way to orient `pairs` on top of the transitive `closed` without a cycle; `f` gets each
/// transitive result and returns whether to go on. Returns false once `f` said stop.
fn orient(
    closed: &Rel,
    pairs: &[(usize, usize)],
    k: usize,
    f: &mut impl FnMut(&Rel) -> bool,
) -> bool {
    let Some(&(a, b)) = pairs.get(k) else {
        return f(closed);
    };
    if closed.contains(a, b) || closed.contains(b, a) {
        return orient(closed, pairs, k + 1, f);
    }
    for (u, v) in [(a, b), (b, a)] {
        let mut c = closed.clone();
        c.add_closed(u, v);
        if !orient(&c, pairs, k + 1, f) {
            return false;
        }
    }
    true
}

/// The possible `sync_fence` relations: the morally strong pairs of `fence.sc`s, ordered by a
/// total order (Dat3M's clock constraint), program order for pairs of one thread.
fn sync_fences(x: &Exec) -> Vec<Rel> {
    let fsc = x.set(Tags::F).and(x.set(Tags::SC));
    let compat = x.sr.restrict(&fsc, &fsc).minus_id();
    let fixed = compat.inter(&x.po);
    let pairs: Vec<(usize, usize)> = compat
        .minus(&x.po)
        .minus(&x.po.inverse())
        .pairs()
        .filter(|(a, b)| a < b)
        .collect();
    let mut out: BTreeSet<Vec<(usize, usize)>> = BTreeSet::new();
    let closed = fixed.plus();
    orient_raw(&closed, &fixed, &pairs, 0, &mut |raw| {
        out.insert(raw.pairs().collect());
    });
    out.into_iter()
        .map(|ps| {
            let mut r = Rel::new(x.n());
            for (a, b) in ps {
                r.insert(a, b);
            }
            r
        })
        .collect()
}

fn orient_raw(
    closed: &Rel,
    raw: &Rel,
    pairs: &[(usize, usize)],
    k: usize,
    f: &mut impl FnMut(&Rel),
) {
    let Some(&(a, b)) = pairs.get(k) else {
        return f(raw);
    };
    for (u, v) in [(a, b), (b, a)] {
        if closed.contains(v, u) {
            continue;
        }
        let mut c = closed.clone();
        c.add_closed(u, v);
        let mut r = raw.clone();
        r.insert(u, v);
        orient_raw(&c, &r, pairs, k + 1, f);
    }
}

/// For each object, the values it may end with: those of the `co`-maximal writes of its
/// physical location.
fn final_values(prog: &Program, x: &Exec, co: &Rel) -> Vec<Vec<i64>> {
    let mut per_phys: Vec<Vec<i64>> = vec![Vec::new(); prog.nphys];
    for w in x.set(Tags::W).iter() {
        if co.succ(w).next().is_none() {
            if let Some(o) = x.ev[w].obj {
                per_phys[prog.objects[o].phys].push(x.ev[w].value);
            }
        }
    }
    prog.objects
        .iter()
        .map(|o| {
            let mut v = per_phys[o.phys].clone();
            v.sort_unstable();
            v.dedup();
            if v.is_empty() {
                v.push(o.init);
            }
            v
        })
        .collect()
}

fn final_regs(prog: &Program, combo: &[&Run]) -> std::collections::BTreeMap<(usize, String), i64> {
    let mut m = std::collections::BTreeMap::new();
    for (t, run) in combo.iter().enumerate() {
        for (i, name) in prog.threads[t].regs.iter().enumerate() {
            m.insert((t, name.clone()), run.regs[i]);
        }
    }
    m
}

/// The witness of a candidate.
fn witness(test: &Test, prog: &Program, x: &Exec, rf: &Rel, co: &Rel) -> Witness {
    let events =
        x.ev.iter()
            .map(|e| {
                let instr = match (e.thread, e.src) {
                    (Some(t), Some(s)) => test.threads[t].code[s].kind.to_string(),
                    _ => String::new(),
                };
                let loc_name = e
                    .obj
                    .map(|o| prog.objects[o].name.clone())
                    .unwrap_or_default();
                let access = if e.tags.has(Tags::R) {
                    format!("R {loc_name}={}", e.value)
                } else if e.tags.has(Tags::W) {
                    format!("W {loc_name}={}", e.value)
                } else {
                    "F".to_string()
                };
                WitnessEvent {
                    thread: e.thread.map_or("init".into(), |t| format!("P{t}")),
                    instr,
                    access,
                    tags: e.tags.names(),
                }
            })
            .collect();
    // Immediate co edges only (co is transitive).
    let co_imm = co.minus(&co.seq(co));
    Witness {
        kind: WitnessKind::Reaches,
        events,
        rf: rf.pairs().collect(),
        co: co_imm.pairs().collect(),
        outcome: None,
    }
}
