//! The derivation: every site takes the cheapest rewrite of its forms that the handoffs it
//! serves allow, judged on the handoff graph ([`crate::verify::races::graph`]) without running
//! the checker.
//!
//! A site's candidates (R1–R11, [`super::candidates`]) are tried cheapest first; a candidate
//! that changes only forms (attributes of sync ops, removed fences) is kept when every handoff
//! whose path goes through an op it changes still has a path under the new forms. A site that
//! serves no handoff (a fence next to a barrier that already orders the CTA) therefore goes
//! without any search; one that serves k handoffs costs k path searches. Sites are visited from
//! the most expensive to the cheapest (program order among equals), and again while something
//! changes (a removal can leave another fence serving nothing). Structural candidates are left to [`super::search`].

use super::{forms_only, sites, Decision, Index, Opt};
use crate::verify::races::graph::Graph;
use tilec_ir::Module;

/// Derives the form-only rewrites of the kernel; true when one was kept.
pub(super) fn run(
    m: &mut Module,
    o: &mut Opt,
    g: &mut Graph,
    frozen: bool,
    decisions: &mut Vec<Decision>,
) -> bool {
    let k = o.k;
    let ix = Index::of(m, k);
    let mut any = false;
    for _sweep in 0..4 {
        let mut changed = false;
        // The most expensive sites first (program order among equals): a dearer fence that
        // covers the same handoffs as a cheaper one is the one to drop (an sc fence for all
        // threads beside the elected acquire fence of R9).
        // The index's sites: those removed since are left alone by its candidates.
        let mut order = ix.sites().to_vec();
        order.sort_by_cached_key(|&op| {
            std::cmp::Reverse(super::forms::ops_cost(m, k, &[op], o.threads, o.caps.split))
        });
        for op in order {
            let Some(cands) = ix.candidates(m, k, op, o.caps, frozen) else {
                continue;
            };
            for sc in o.scored(m, &cands).iter().filter(|s| s.form) {
                let (mark, n86) = (o.ed.mark(), o.n86);
                let a = o.apply(m, op, &cands[sc.c], sc);
                if g.try_forms(m, &o.ed.touched_since(mark)) {
                    o.commit(vec![a], decisions);
                    changed = true;
                    break;
                }
                o.ed.undo_to(m, mark);
                o.n86 = n86;
            }
        }
        any |= changed;
        if !changed {
            break;
        }
    }
    any
}

/// The derivation checked against the checker ([`audit`]).
#[derive(Debug, Default)]
pub struct Audit {
    /// Form-only candidates judged by both.
    pub judged: usize,
    /// Candidates the graph accepts and the checker rejects: each one is a derivation bug that
    /// would let weakest-fence emit a race (none is expected).
    pub unsound: Vec<String>,
    /// Candidates the checker accepts and the graph rejects (a rewrite the derivation misses).
    pub stricter: usize,
    /// Structural candidates whose rules say they change forms only (the search would never
    /// see them).
    pub misfiled: Vec<String>,
}

/// For every form-only candidate at every site of kernel `k` as it is (cheaper or not), the
/// graph's verdict ([`Graph::probe`]) next to the checker's (`verify-races` finds nothing and
/// every open-world handoff stays synchronized). The module is left as it was. The corpus test
/// of the derivation; a kernel that does not verify is not judged.
pub fn audit(m: &mut Module, k: tilec_ir::Op, target: &tilec_dialects::target::Target) -> Audit {
    let mut a = Audit::default();
    let Some(mut o) = Opt::new(m, k, target) else {
        return a;
    };
    let base = super::Scratch::new(m, k);
    let mut g = base.graph(k);
    let Some(frozen) = o.base(&mut g) else {
        return a;
    };
    let ix = Index::of(m, k);
    for op in sites(m, k) {
        let Some(cands) = ix.candidates(m, k, op, o.caps, frozen) else {
            continue;
        };
        for c in &cands {
            let mark = o.ed.mark();
            (c.apply)(m, &mut o.ed);
            let form = forms_only(m, &o.ed, mark);
            if !form && !super::maybe_structural(c) {
                a.misfiled.push(format!(
                    "{:?} at {}",
                    c.rules,
                    super::candidates::label(m, op)
                ));
            }
            if form {
                let graph = g.probe(m, &o.ed.touched_since(mark));
                let checker = o.verified(m);
                a.judged += 1;
                match (graph, checker) {
                    (true, false) => a.unsound.push(format!(
                        "{:?} at {}: the graph accepts it, the checker does not",
                        c.rules,
                        super::candidates::label(m, op)
                    )),
                    (false, true) => a.stricter += 1,
                    _ => {}
                }
            }
            o.ed.undo_to(m, mark);
        }
    }
    a
}
