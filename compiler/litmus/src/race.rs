//! Data races, as the PTX ISA defines them (memory consistency model, "Data races"): two
//! overlapping memory operations *conflict* when at least one of them is a write; a *data race*
//! is a pair of conflicting operations of one execution that are not morally strong and not
//! related by causality order. A program is race-free when no consistent execution has one.
//!
//! [`race`] asks this of one location of a litmus test: the question `tilec --emit litmus`
//! skeletons put (docs/verify-races.md, "Litmus skeletons"): verify-races accepts a handoff only
//! when its two accesses of the data location cannot race. Program order is causality order
//! (base causality order includes it); the pairs it relates are left out also under ptx-v6.0,
//! whose `cause` does not hold `po` by itself. Asynchronous operations are outside program order
//! (ISA §8.9.1.1), so a bulk copy and a generic access of its own thread are compared like any two
//! threads' accesses.

use crate::exec::Exec;
use crate::model::{Derived, Model};
use crate::search::{Goal, Search};
use crate::witness::Witness;
use crate::{program, runs, Test};

/// A pair of events of `x` on the location of object `obj` that race under the derived relations
/// `d` (the first found, lowest indices first).
pub(crate) fn racing_pair(x: &Exec, d: &Derived, obj: usize) -> Option<(usize, usize)> {
    let on: Vec<usize> = (0..x.n())
        .filter(|&e| x.ev[e].obj == Some(obj) && x.ev[e].thread.is_some() && x.ev[e].is_mem())
        .collect();
    let writes = |e: usize| x.ev[e].tags.has(crate::event::Tags::W);
    for (i, &a) in on.iter().enumerate() {
        for &b in &on[i + 1..] {
            let ordered = |p: usize, q: usize| x.po.contains(p, q) || d.cause.contains(p, q);
            if (writes(a) || writes(b))
                && x.loc.contains(a, b)
                && !ordered(a, b)
                && !ordered(b, a)
                && !d.ms.contains(a, b)
            {
                return Some((a, b));
            }
        }
    }
    None
}

/// Is there a data race on location `loc` of `test` under `model` (loops unrolled to `bound`)?
/// `Ok(Some(w))`: a consistent, terminating execution in which two accesses of `loc` race
/// (`w.kind` is [`crate::WitnessKind::Race`]); `Ok(None)`: none; `Err`: `loc` is no location of
/// the test.
pub fn race(test: &Test, model: Model, loc: &str, bound: usize) -> Result<Option<Witness>, String> {
    let prog = program::lower(test, bound);
    let obj = prog
        .object(loc)
        .ok_or_else(|| format!("'{loc}' is no location of test '{}'", test.name))?;
    let runs = runs::enumerate(&prog);
    let mut s = Search::new(test, &prog, model, Goal::Race(obj), true);
    s.run(&runs);
    Ok(s.found.take())
}
