//! `--explain-fences`: one remark per fence or sync qualifier of the optimized kernel (and one
//! per op the pass removed) saying what it prints as, its cost class, the rule that chose it and
//! what it saved, with a note at both ends of every handoff it covers.

use super::candidates::{is, label};
use super::forms::{self, class_of};
use super::{walk, Decision, Rule};
use crate::cost::Class;
use crate::verify::races::{self, openworld::Covered};
use rustc_hash::FxHashMap;
use tilec_dialects::nv_tileas::OpKind as K;
use tilec_dialects::ptx::form::PtxForm;
use tilec_dialects::target::Target;
use tilec_ir::{Diagnostic, Diagnostics, Module, Op};

/// Most handoffs listed per op (the rest are counted).
const MAX_LISTED: usize = 6;

/// `'<form>' + '<form>' (<cost class>)`: how remarks name an op's PTX, as the printer prints it.
pub(crate) fn describe(forms: &[PtxForm]) -> String {
    let class = class_of(forms).map_or("not a sync instruction", |c| c.label());
    let texts: Vec<String> = forms.iter().map(|f| f.to_string()).collect();
    format!("'{}' ({class})", texts.join("' + '"))
}

fn rules(rs: &[Rule]) -> String {
    let labels: Vec<&str> = rs.iter().map(|r| r.label()).collect();
    let words: Vec<&str> = rs.iter().map(|r| r.words()).collect();
    format!("{}: {}", labels.join("+"), words.join("; "))
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

/// Adds the remarks for kernel `k` to `d`.
pub fn kernel(m: &Module, k: Op, target: &Target, decisions: &[Decision], d: &mut Diagnostics) {
    let split = forms::split_fences(target);
    let report = races::check_kernel(m, k, true, true);
    let frozen = report.open_uncovered > 0;
    let index = super::Index::of(m, k);
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
    let h = History::of(decisions);
    let mut out: Vec<(u32, Diagnostic)> = Vec::new();
    let mut pos = 0u32;
    walk(m, k, &mut |op| {
        pos += 1;
        let now = forms::sync_forms(m, op, split);
        let is_site = !now.is_empty() || is(m, op, K::Fence);
        if !is_site {
            return;
        }
        let head = describe(&now);
        let why = if let Some((dec, later)) = h.inserted.get(&op) {
            let site_was = h.steps.get(&dec.site).map_or(&dec.was, |x| &x.1);
            let mut w = format!(
                "inserted by {} at '{}' (which was {})",
                rules(&dec.rules),
                label(m, dec.site),
                describe(site_was)
            );
            if !later.is_empty() {
                w += &format!("; then {}", rules(later));
            }
            w
        } else if let Some((rs, was)) = h.steps.get(&op) {
            format!("{}; was {}", rules(rs), describe(was))
        } else if class_of(&now).is_some_and(|c| c > Class::Free) {
            if frozen && !is(m, op, K::FenceProxyAsync) {
                "kept: the kernel is frozen (an open-world handoff the checker cannot see synchronized may rely on any release or acquire)".to_string()
            } else if !index.alone_in_loops(m, k, op) {
                "kept: in a loop whose handoffs between iterations the checker does not follow (a flag in a loop, a nested or unmodeled loop: docs/verify-races.md, Loops)".to_string()
            } else {
                "kept: no cheaper mechanism covers its handoffs".to_string()
            }
        } else {
            "kept: already free".to_string()
        };
        let mut diag = Diagnostic::remark(m.op_loc(op), format!("{head}: {why}"));
        let list = covers.get(&op).map_or(&[][..], |v| &v[..]);
        for c in list.iter().take(MAX_LISTED) {
            let (p, what) = (label(m, c.producer), c.relation);
            match c.consumer {
                Some(q) => {
                    diag = diag.with_note(
                        m.op_loc(c.producer),
                        format!(
                            "covers the handoff from this '{p}' to '{}' of {what}{}",
                            label(m, q),
                            c.iterations
                        ),
                    );
                    diag = diag.with_note(
                        m.op_loc(q),
                        format!("… read or overwritten here by '{}'", label(m, q)),
                    );
                }
                None => {
                    diag = diag.with_note(
                        m.op_loc(c.producer),
                        format!("covers the publication of this '{p}' to {what}"),
                    );
                }
            }
        }
        if list.len() > MAX_LISTED {
            diag = diag.with_note(
                m.op_loc(op),
                format!("… and {} more handoffs", list.len() - MAX_LISTED),
            );
        }
        if list.is_empty() && !now.is_empty() {
            diag = diag.with_note(m.op_loc(op), "covers no handoff the checker sees");
        }
        out.push((pos, diag));
    });
    // What the pass removed: ops of the input (with their input form and every rule that
    // touched them), and ops it had inserted itself.
    let gone = |o: Op| m.op_block(o).is_none() || m.is_erased(o);
    let mut removed: Vec<(Op, String)> = Vec::new();
    for (&o, (rs, was)) in &h.steps {
        if gone(o) && !h.inserted.contains_key(&o) {
            removed.push((o, format!("removed {}: {}", describe(was), rules(rs))));
        }
    }
    for (&o, (dec, later)) in &h.inserted {
        if gone(o) {
            let at = format!(
                " (inserted by {} at '{}')",
                dec.rules[0].label(),
                label(m, dec.site)
            );
            removed.push((o, format!("removed{at}: {}", rules(later))));
        }
    }
    // Deterministic order: by op (creation order).
    removed.sort_by_key(|(o, _)| *o);
    for (o, text) in removed {
        out.push((u32::MAX, Diagnostic::remark(m.op_loc(o), text)));
    }
    out.sort_by_key(|x| x.0);
    for (_, diag) in out {
        d.push(diag);
    }
}
