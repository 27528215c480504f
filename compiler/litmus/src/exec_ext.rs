//! tilec's base relations of a candidate, fixed before any choice (like `po` and `scta`):
//!
//! - `issue = ISSUE × AOP` of one asynchronous instruction (its operations are "ordered after
//!   prior instructions in the same thread", PTX ISA §8.9.1.1);
//! - `done = cpl | bgc`: a memory access of an asynchronous instruction → its own complete-tx
//!   (`cpl`, "ordered only with respect to the memory operations performed by the same
//!   asynchronous instruction"), or → the `cp.async.bulk.wait_group 0` that waits for it (`bgc`);
//! - `cbph`: `barrier.cluster.arrive` → `barrier.cluster.wait` of the same cluster and phase;
//! - per event, the owner CTA of the shared location it accesses (`None`: global).

use crate::event::{Event, Tags};
use crate::exec::Place;
use crate::program::Program;
use crate::rel::Rel;

/// The extension relations of a candidate.
pub struct ExtRels {
    /// `ISSUE` → the `AOP` events of its instruction.
    pub issue: Rel,
    /// `AOP` memory access → its complete-tx or its `wait_group`.
    pub done: Rel,
    /// Cluster-barrier arrive → wait of the same cluster and phase.
    pub cbph: Rel,
    /// Per event: the place of the CTA owning its location (shared memory only).
    pub owner: Vec<Option<Place>>,
}

impl ExtRels {
    /// The relations of the events `ev` (threads at `places`).
    pub fn new(prog: &Program, ev: &[Event], places: &[Place]) -> ExtRels {
        let n = ev.len();
        let is = |i: usize, t: Tags| ev[i].tags.has(t);
        let group = |i: usize| ev[i].ext.group;
        let mem = |i: usize| ev[i].is_mem() && !is(i, Tags::MB);
        let issue = Rel::from_fn(n, |i, j| {
            is(i, Tags::ISSUE) && is(j, Tags::AOP) && group(j) == Some(i)
        });
        let done = Rel::from_fn(n, |i, j| {
            let aop = is(i, Tags::AOP) && mem(i);
            let ct = is(j, Tags::AOP) && is(j, Tags::MB) && is(j, Tags::W) && group(j) == group(i);
            let bg =
                is(j, Tags::BG_WAIT) && group(i).is_some_and(|g| ev[j].ext.covers.contains(&g));
            aop && (ct || bg)
        });
        let cluster = |i: usize| ev[i].thread.map(|t| (places[t].0, places[t].1));
        let cbph = Rel::from_fn(n, |i, j| {
            is(i, Tags::CB_ARR)
                && is(j, Tags::CB_WAIT)
                && cluster(i) == cluster(j)
                && ev[i].ext.phase == ev[j].ext.phase
        });
        let owner = ev
            .iter()
            .map(|e| e.obj.and_then(|o| prog.objects[o].owner))
            .collect();
        ExtRels {
            issue,
            done,
            cbph,
            owner,
        }
    }
}
