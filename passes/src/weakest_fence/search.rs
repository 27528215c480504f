//! Structural rewrites, verified by the checker: the ones the handoff graph cannot judge
//! because they create, move or rename ops or change a memory access (R4's `st.async`, R8's
//! hoist, R9's elected spin, R10's sc access). The form-only rewrites are derived first
//! ([`super::derive`]); what remains cheaper at a site is tried here.
//!
//! Sites are visited in program order; each takes its cheapest structural candidate. Rewrites
//! are applied in batches and the checker verifies a batch once (the kernel it accepts is the
//! kernel that is emitted, so a batch is as safe as one rewrite). A batch it rejects is undone
//! and retried halved; a single rejected rewrite's site is redone with all its structural
//! candidates, cheapest first. The batch doubles after an accepted one. A kernel without
//! structural candidates costs no check at all.

use super::{maybe_structural, Decision, Index, Opt, Scored};
use crate::verify::races::graph::Graph;
use crate::weakest_fence::candidates::Candidate;
use tilec_ir::{Module, Op};

/// Largest number of rewrites verified by one run of the checker.
const MAX_BATCH: usize = 4096;

/// The structural candidates at a site cheaper than what is there, cheapest first. With a
/// graph, only those cheaper than the cheapest form-only candidate the graph accepts (that one
/// is the derivation's to take). A site without a structural candidate costs no probe.
fn structural(
    m: &mut Module,
    o: &mut Opt,
    cands: &[Candidate],
    mut g: Option<&mut Graph>,
) -> Vec<Scored> {
    if !cands.iter().any(maybe_structural) {
        return Vec::new();
    }
    let scored = o.scored(m, cands);
    let mut v = Vec::new();
    if scored.iter().all(|s| s.form) {
        return v;
    }
    for s in scored {
        if !s.form {
            v.push(s);
            continue;
        }
        let Some(g) = g.as_deref_mut() else {
            continue;
        };
        let mark = o.ed.mark();
        (cands[s.c].apply)(m, &mut o.ed);
        let derivable = g.probe(m, &o.ed.touched_since(mark));
        o.ed.undo_to(m, mark);
        if derivable {
            break;
        }
    }
    v
}

/// Applies and verifies the structural rewrites of the kernel; true when one was kept. With
/// the graph of the kernel (before the derivation), only those cheaper at their site than
/// every form-only rewrite the graph accepts there: they take the site's handoffs before the
/// derivation gives them to other sites, as a visit in program order would. Without (after
/// the derivation), every structural rewrite still cheaper than what the derivation left.
pub(super) fn run(
    m: &mut Module,
    o: &mut Opt,
    frozen: bool,
    mut g: Option<&mut Graph>,
    decisions: &mut Vec<Decision>,
) -> bool {
    let k = o.k;
    let mut changed = false;
    let mut batch = 1usize;
    let mut ix = Index::of(m, k);
    let list: Vec<Op> = ix.sites().to_vec();
    let mut i = 0;
    while i < list.len() {
        let (start, n86) = (o.ed.mark(), o.n86);
        let mut applied = Vec::new();
        let mut tried = None;
        let mut j = i;
        while j < list.len() && applied.len() < batch {
            let op = list[j];
            j += 1;
            let Some(cands) = ix.candidates(m, k, op, o.caps, frozen) else {
                continue;
            };
            if let Some(sc) = structural(m, o, &cands, g.as_deref_mut()).first() {
                applied.push(o.apply(m, op, &cands[sc.c], sc));
                tried = Some(sc.c);
            }
        }
        if applied.is_empty() {
            i = j;
            continue;
        }
        if o.verified(m) {
            o.commit(applied, decisions);
            changed = true;
            batch = (batch * 2).min(MAX_BATCH);
            ix = Index::of(m, k);
            i = j;
            continue;
        }
        // Undo the batch. Several rewrites: retry the first half of them (a bisection: one bad
        // rewrite among n costs about 2·log2(n) checks). One: redo its site with every other
        // structural candidate, cheapest first.
        o.ed.undo_to(m, start);
        o.n86 = n86;
        if applied.len() > 1 {
            batch = applied.len() / 2;
            continue;
        }
        batch = 1;
        for &op in &list[i..j] {
            let Some(cands) = ix.candidates(m, k, op, o.caps, frozen) else {
                continue;
            };
            for sc in structural(m, o, &cands, g.as_deref_mut()) {
                if Some(sc.c) == tried {
                    continue;
                }
                let (mark, n86) = (o.ed.mark(), o.n86);
                let a = o.apply(m, op, &cands[sc.c], &sc);
                if o.verified(m) {
                    o.commit(vec![a], decisions);
                    changed = true;
                    ix = Index::of(m, k);
                    break;
                }
                o.ed.undo_to(m, mark);
                o.n86 = n86;
            }
        }
        i = j;
    }
    changed
}
