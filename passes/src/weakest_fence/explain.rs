//! `--explain-fences`: one remark per fence or sync qualifier of the optimized kernel (and one
//! per op the pass removed) saying what it prints as, its cost class, the rule that chose it and
//! what it saved, with a note at both ends of every handoff it covers.

use super::candidates::short;
use super::forms::{self, class_of};
use super::{walk, Decision, Rule};
use crate::cost::Class;
use crate::verify::races::{self, openworld::Covered};
use rustc_hash::FxHashMap;
use tilec_dialects::target::Target;
use tilec_ir::{Diagnostic, Diagnostics, Module, Op};

/// Most handoffs listed per op (the rest are counted).
const MAX_LISTED: usize = 6;

fn describe(forms: &[String]) -> String {
    let class = class_of(forms).map_or("not a sync instruction", |c| c.label());
    format!("'{}' ({class})", forms.join("' + '"))
}

fn rules(rs: &[Rule]) -> String {
    let labels: Vec<&str> = rs.iter().map(|r| r.label()).collect();
    let words: Vec<&str> = rs.iter().map(|r| r.words()).collect();
    format!("{}: {}", labels.join("+"), words.join("; "))
}

/// Adds the remarks for kernel `k` to `d`.
pub fn kernel(m: &Module, k: Op, target: &Target, decisions: &[Decision], d: &mut Diagnostics) {
    let split = forms::split_fences(target);
    let report = races::check_kernel(m, k, true, true);
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
    let mut by_op: FxHashMap<Op, (&Decision, bool)> = FxHashMap::default();
    for dec in decisions {
        by_op.insert(dec.site, (dec, false));
        for &c in &dec.created {
            by_op.insert(c, (dec, true));
        }
    }
    let mut out: Vec<(u32, Diagnostic)> = Vec::new();
    let mut pos = 0u32;
    walk(m, k, &mut |op| {
        pos += 1;
        let now = forms::forms(m, op, split);
        let is_site = !now.is_empty() || short(m, op) == "fence";
        if !is_site {
            return;
        }
        let head = describe(&now);
        let why = match by_op.get(&op) {
            Some((dec, false)) => format!("{}; was {}", rules(&dec.rules), describe(&dec.was)),
            Some((dec, true)) => format!(
                "inserted by {} at '{}' (which was {})",
                rules(&dec.rules),
                short(m, dec.site),
                describe(&dec.was)
            ),
            None if class_of(&now).is_some_and(|c| c > Class::Free) => {
                "kept: no cheaper mechanism covers its handoffs".to_string()
            }
            None => "kept: already free".to_string(),
        };
        let mut diag = Diagnostic::remark(m.op_loc(op), format!("{head}: {why}"));
        let list = covers.get(&op).map_or(&[][..], |v| &v[..]);
        for c in list.iter().take(MAX_LISTED) {
            let (p, what) = (short(m, c.producer), c.relation);
            match c.consumer {
                Some(q) => {
                    diag = diag.with_note(
                        m.op_loc(c.producer),
                        format!(
                            "covers the handoff from this '{p}' to '{}' of {what}",
                            short(m, q)
                        ),
                    );
                    diag = diag.with_note(
                        m.op_loc(q),
                        format!("… read or overwritten here by '{}'", short(m, q)),
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
    for dec in decisions {
        for &r in &dec.removed {
            let was = if r == dec.site {
                dec.was.clone()
            } else {
                forms::forms(m, r, split)
            };
            out.push((
                u32::MAX,
                Diagnostic::remark(
                    m.op_loc(r),
                    format!("removed {}: {}", describe(&was), rules(&dec.rules)),
                ),
            ));
        }
    }
    out.sort_by_key(|x| x.0);
    for (_, diag) in out {
        d.push(diag);
    }
}
