//! (f) `barrier.cluster` (PTX ISA §9.7.13.3, §8.9.4): "A `barrier.cluster.arrive` operation
//! synchronizes with a `barrier.cluster.wait` operation", and a relaxed arrive gives "no memory
//! ordering and visibility guarantees" unless a fence precedes it (the ISA's example:
//! `fence.cluster.acq_rel; barrier.cluster.arrive.relaxed`).
//!
//! ```text
//! sync-cbar = [CB_ARR & REL]; cbph                                          (CB1)
//!           | morally-strong & ([F-rel]; po; [CB_ARR & RLX]; cbph)          (CB2)
//! ```
//! `cbph` pairs the arrives and waits of one cluster with the same per-thread number. CB2's
//! `morally-strong` checks that the fence's scope contains the waiting thread. A CB2 edge from
//! a `sync_restrict` fence is restricted like every edge of that fence ([`super::restrict`]).

use crate::event::Tags;
use crate::exec::Exec;
use crate::rel::Rel;

/// `sync-cbar` (CB1 | CB2).
pub fn sync_cbar(x: &Exec, ms: &Rel) -> Rel {
    let n = x.n();
    let arr = x.set(Tags::CB_ARR);
    let cb1 = x
        .ext
        .cbph
        .restrict(&arr.and(x.set(Tags::REL)), x.set(Tags(0)));
    let (f_rel, _) = super::fence_sets(x);
    let relaxed = Rel::id_on(&arr.and(x.set(Tags::RLX)), n);
    let cb2 =
        x.po.restrict(&f_rel, x.set(Tags(0)))
            .seq(&relaxed)
            .seq(&x.ext.cbph)
            .inter(ms);
    cb1.union(&cb2)
}
