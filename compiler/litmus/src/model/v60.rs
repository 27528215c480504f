//! PTX ISA 6.0 (`cat/ptx-v6.0.cat`): no proxies; `observation` is recursive through `rmw`;
//! SC-per-Location holds.

use super::base::{self, Choice};
use super::Violation;
use crate::exec::Exec;
use crate::rel::Rel;

/// `morally-strong = (ms1 & ms2) \ id` with `ms2 = ((M * M) & loc) | ((_ * _) \ (M * M))`.
pub fn morally_strong(x: &Exec) -> Rel {
    base::ms1(x).inter(&base::overlap(x, &x.loc)).minus_id()
}

/// `let rec observation = (morally-strong & rf) | (observation; rmw; observation)` — ISA,
/// "Observation": a read observes a morally strong write, or through a chain of atomics.
pub fn observation(x: &Exec, ms: &Rel, rf: &Rel) -> Rel {
    let mut obs = ms.inter(rf);
    loop {
        let next = obs.union(&obs.seq(&x.rmw).seq(&obs));
        if next == obs {
            return obs;
        }
        obs = next;
    }
}

/// `sync = morally-strong & (release-pattern; observation; acquire-pattern)`,
/// `cause = cause-base | (observation; (cause-base | po-loc))`.
pub fn cause(x: &Exec, ms: &Rel, c: &Choice) -> Rel {
    let po_loc = x.po.inter(&x.loc);
    let (rel, acq) = base::patterns(x, &po_loc);
    let obs = observation(x, ms, &c.rf);
    let sync = ms.inter(&rel.seq(&obs).seq(&acq));
    let cb = base::cause_base(x, &sync, c);
    cb.union(&obs.seq(&cb.union(&po_loc)))
}

/// Axiom SC-per-Location: `acyclic ((morally-strong & (rf | co | fr)) | po-loc)` — "morally
/// strong communication and program order on one location are consistent".
pub fn sc_per_location(x: &Exec, ms: &Rel, rf: &Rel, co: &Rel, fr: &Rel) -> Result<(), Violation> {
    let com = rf.union(co).union(fr);
    let r = ms.inter(&com).union(&x.po.inter(&x.loc));
    match r.find_cycle() {
        None => Ok(()),
        Some(c) => Err(Violation::new(
            "ScPerLocation",
            "(morally-strong & (rf | co | fr)) | po-loc has a cycle",
            c,
        )),
    }
}
