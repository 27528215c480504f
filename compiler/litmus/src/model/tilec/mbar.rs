//! (e) mbarrier objects (PTX ISA §9.7.13.15). The arrive and the wait are the ISA's own
//! release and acquire pattern examples (§8.8: "`mbarrier.arrive.release [M]`",
//! "`mbarrier.test_wait.acquire [M]`"), so no new synchronization relation is needed, only:
//!
//! - A3: mbarrier operations on one object chain in observation order whatever their scopes
//!   (`[MB]; rf; [MB]`), are totally ordered in `co` and atomic ("hardware performs all
//!   arrive-on operations atomically at the object");
//! - A4 (`mb-phase-ok`): a wait synchronizes only with the arrivals of the phase it reports as
//!   complete, or earlier ones ("… requested prior … to `mbarrier.arrive` having release
//!   semantics *during the completed phase*", §9.7.13.15.16), and only when it returns True.

use super::super::Violation;
use crate::event::Tags;
use crate::exec::Exec;
use crate::mbar::State;
use crate::rel::{Rel, Set};

/// `observation = (morally-strong & rf) | rmw | ([MB]; rf; [MB])`.
pub fn observation(x: &Exec, ms: &Rel, rf: &Rel) -> Rel {
    let mb = x.set(Tags::MB);
    ms.inter(rf).union(&x.rmw).union(&rf.restrict(mb, mb))
}

/// `observation+ & mb-phase-ok`: an edge into a wait survives only if the wait returned True
/// and the write is `co`-before (or is) the RMW that completed the phase the wait reports.
/// `co` on an mbarrier is the chain of its RMWs through `rf` (A3), so it is known here.
pub fn phase_filter(x: &Exec, rf: &Rel, obs_plus: &Rel) -> Rel {
    let mut out = obs_plus.clone();
    let n = x.n();
    for r in x.set(Tags::MB_WAIT).iter() {
        let ok = completed_chain(x, rf, r);
        for w in 0..n {
            if out.contains(w, r) && !ok.contains(w) {
                out = out.minus(&single(n, w, r));
            }
        }
    }
    out
}

fn single(n: usize, a: usize, b: usize) -> Rel {
    let mut r = Rel::new(n);
    r.insert(a, b);
    r
}

/// The writes `co`-before or equal to the RMW that completed the phase wait `r` reports
/// (empty when `r` returned False or reports the phase before the first).
fn completed_chain(x: &Exec, rf: &Rel, r: usize) -> Set {
    let mut out = Set::new(x.n());
    if !x.ev[r].tags.has(Tags::WT) {
        return out;
    }
    let source = |e: usize| (0..x.n()).find(|&w| rf.contains(w, e));
    let pred = |w: usize| x.ev[w].rmw_read.and_then(source);
    let completes = |w: usize| {
        let before = x.ev[w]
            .rmw_read
            .map(|rd| State::decode(x.ev[rd].value).phase);
        before.is_some_and(|p| State::decode(x.ev[w].value).phase > p)
    };
    let mut cur = source(r);
    for _ in 0..x.n() {
        match cur {
            Some(w) if !completes(w) => cur = pred(w),
            _ => break,
        }
    }
    for _ in 0..x.n() {
        let Some(w) = cur else { break };
        out.insert(w);
        cur = pred(w);
    }
    out
}

/// A3: every unordered pair of writes to one mbarrier (`co` must order each).
pub fn total_pairs(x: &Exec) -> Vec<(usize, usize)> {
    let w = x.set(Tags::W).and(x.set(Tags::MB));
    x.loc
        .restrict(&w, &w)
        .pairs()
        .filter(|(a, b)| a < b)
        .collect()
}

/// A3: `empty ((fr; co) & rmw & (MB * MB))` — no write comes between an mbarrier RMW's read
/// and write, whatever the scopes.
pub fn atomic(x: &Exec, fr: &Rel, co: &Rel) -> Result<(), Violation> {
    let mb = x.set(Tags::MB);
    let bad = fr.seq(co).inter(&x.rmw).restrict(mb, mb);
    match bad.first_pair() {
        None => Ok(()),
        Some((a, b)) => Err(Violation::new(
            "MbarrierAtomic",
            "(fr; co) & rmw & (MB * MB) is not empty",
            vec![a, b],
        )),
    }
}
