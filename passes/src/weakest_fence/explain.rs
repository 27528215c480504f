//! `--explain-fences`: the decisions of the optimized kernel ([`FenceDecision`]), one per fence
//! or sync qualifier (and one per op the pass removed) saying what it prints as, its cost class,
//! the rule that chose it and what it saved, with the handoffs it covers. The remarks are
//! rendered from them ([`FenceDecision::remark`]).

use super::candidates::{is, label};
use super::decision::{CoveredHandoff, FenceDecision, FenceOutcome, KeptReason};
use super::forms::{self, class_of};
use super::{walk, Decision, Rule};
use crate::cost::Class;
use crate::verify::races::{self, openworld::Covered};
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileas::OpKind as K;
use tilec_dialects::ptx::form::PtxForm;
use tilec_dialects::target::Target;
use tilec_ir::{Module, Op, OpView};

/// `'<form>' + '<form>' (<cost class>)`: how remarks name an op's PTX, as the printer prints it.
pub(crate) fn describe(forms: &[PtxForm]) -> String {
    let class = class_of(forms).map_or("not a sync instruction", |c| c.label());
    let texts: Vec<String> = forms.iter().map(|f| f.to_string()).collect();
    format!("'{}' ({class})", texts.join("' + '"))
}

/// The decisions folded per op: a rewrite in several steps (narrowed, then hoisted, then folded
/// into an arrive) is reported once, from the op's input form, with every rule in order.
struct History<'a> {
    /// Ops of the input the pass changed, moved or removed: every rule that touched each, and
    /// its PTX forms in the input.
    steps: FxHashMap<Op, (Vec<Rule>, Vec<PtxForm>)>,
    /// Ops the pass created: the decision that did, and the rules that touched them later.
    inserted: FxHashMap<Op, (&'a Decision, Vec<Rule>)>,
}

impl<'a> History<'a> {
    fn of(decisions: &'a [Decision]) -> History<'a> {
        let mut h = History {
            steps: FxHashMap::default(),
            inserted: FxHashMap::default(),
        };
        let push = |v: &mut Vec<Rule>, rs: &[Rule]| {
            for r in rs {
                if v.last() != Some(r) {
                    v.push(*r);
                }
            }
        };
        for dec in decisions {
            for (o, forms) in &dec.before {
                if let Some((_, later)) = h.inserted.get_mut(o) {
                    push(later, &dec.rules);
                } else {
                    let e = h
                        .steps
                        .entry(*o)
                        .or_insert_with(|| (Vec::new(), forms.clone()));
                    push(&mut e.0, &dec.rules);
                }
            }
            for &c in &dec.created {
                h.inserted.insert(c, (dec, Vec::new()));
            }
        }
        h
    }
}

/// The decisions of kernel `k` ([`FenceDecision`]): one per fence or sync qualifier of the
/// optimized kernel in program order, then one per op the pass removed.
pub fn kernel(m: &Module, k: Op, target: &Target, decisions: &[Decision]) -> Vec<FenceDecision> {
    let split = forms::split_fences(target);
    let report = races::check_kernel(m, k, true, true);
    let frozen = report.open_uncovered > 0;
    let index = super::Index::of(m, k);
    let covers = covering(&report);
    let h = History::of(decisions);
    let kernel = tilec_dialects::nv_tileas::Kernel::wrap(k)
        .sym_name(m)
        .to_string();
    let decision = |op: Op, before: Vec<PtxForm>, after: Vec<PtxForm>, outcome| FenceDecision {
        kernel: kernel.clone(),
        loc: m.op_loc(op),
        op: label(m, op),
        before,
        after,
        outcome,
        covers: covers.get(&op).map_or(Vec::new(), |v| handoffs(m, v)),
    };
    let mut out = Vec::new();
    walk(m, k, &mut |op| {
        let now = forms::sync_forms(m, op, split);
        if now.is_empty() && !is(m, op, K::Fence) {
            return;
        }
        let (before, outcome) = if let Some((dec, later)) = h.inserted.get(&op) {
            let site_was = h.steps.get(&dec.site).map_or(&dec.was, |x| &x.1);
            let outcome = FenceOutcome::Inserted {
                rules: dec.rules.clone(),
                site: label(m, dec.site),
                site_was: site_was.clone(),
                later: later.clone(),
            };
            (Vec::new(), outcome)
        } else if let Some((rules, was)) = h.steps.get(&op) {
            let rules = rules.clone();
            (was.clone(), FenceOutcome::Rewritten { rules })
        } else {
            let why = kept(m, k, op, &now, frozen, &index);
            (now.clone(), FenceOutcome::Kept(why))
        };
        out.push(decision(op, before, now, outcome));
    });
    out.extend(removed(m, &h, &|o, was, outcome| {
        decision(o, was, Vec::new(), outcome)
    }));
    out
}

/// The handoffs the race checker saw each op cover (each handoff once per op of its path).
fn covering(report: &races::KernelReport) -> FxHashMap<Op, Vec<&Covered>> {
    let mut covers: FxHashMap<Op, Vec<&Covered>> = FxHashMap::default();
    for c in report.checked.iter().chain(report.open.iter()) {
        let mut seen = Vec::new();
        for &o in &c.via {
            if !seen.contains(&o) {
                seen.push(o);
                covers.entry(o).or_default().push(c);
            }
        }
    }
    covers
}

/// What the pass removed, in creation order: ops of the input (with their input form and every
/// rule that touched them), and ops it had inserted itself. `make` builds a decision from the
/// op, its forms before and the outcome.
fn removed(
    m: &Module,
    h: &History,
    make: &dyn Fn(Op, Vec<PtxForm>, FenceOutcome) -> FenceDecision,
) -> Vec<FenceDecision> {
    let gone = |o: Op| m.op_block(o).is_none() || m.is_erased(o);
    let mut removed: Vec<(Op, FenceDecision)> = Vec::new();
    for (&o, (rules, was)) in &h.steps {
        if gone(o) && !h.inserted.contains_key(&o) {
            let rules = rules.clone();
            removed.push((o, make(o, was.clone(), FenceOutcome::Removed { rules })));
        }
    }
    for (&o, (dec, later)) in &h.inserted {
        if gone(o) {
            let outcome = FenceOutcome::InsertedThenRemoved {
                by: dec.rules[0],
                site: label(m, dec.site),
                later: later.clone(),
            };
            removed.push((o, make(o, Vec::new(), outcome)));
        }
    }
    removed.sort_by_key(|(o, _)| *o);
    removed.into_iter().map(|x| x.1).collect()
}

/// Why an op the pass did not touch is kept (`now`: its PTX forms).
fn kept(
    m: &Module,
    k: Op,
    op: Op,
    now: &[PtxForm],
    frozen: bool,
    index: &super::Index,
) -> KeptReason {
    if class_of(now).is_none_or(|c| c <= Class::Free) {
        KeptReason::Free
    } else if frozen && !is(m, op, K::FenceProxyAsync) {
        KeptReason::Frozen
    } else if !index.alone_in_loops(m, k, op) {
        KeptReason::InLoop
    } else {
        KeptReason::NoCheaper
    }
}

/// The handoffs `list` as data.
fn handoffs(m: &Module, list: &[&Covered]) -> Vec<CoveredHandoff> {
    let at = |o: Op| (m.op_loc(o), label(m, o));
    let one = |c: &&Covered| CoveredHandoff {
        producer: at(c.producer),
        consumer: c.consumer.map(at),
        relation: c.relation,
        iterations: c.iterations.clone(),
    };
    list.iter().map(one).collect()
}
