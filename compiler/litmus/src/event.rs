//! Events of a candidate execution and their tags.
//!
//! An [`Event`] is what one instruction does to memory or to ordering: a read, a write, a fence or
//! a barrier; `atom`/`red` give a read and a write joined by `rmw`. Its [`Tags`] are the sets the
//! cat models test (`R`, `W`, `F`, `RLX`, `ACQ`, `REL`, `ACQ_REL`, `SC`, `GEN`, `SUR`, `TEX`,
//! `CON`, `ALIAS`, …), exactly as Dat3M tags the events of its PTX front end
//! (`VisitorLitmusPTX` and `VisitorPTX`): an `atom.acq_rel` is an `ACQ` read and a `REL` write,
//! an `atom.release` a `RLX` read and a `REL` write, `fence.sc` is `SC` but not `ACQ_REL`.
//!
//! Adding an event kind (an mbarrier arrive, a cluster barrier, an async-proxy copy) is local: a
//! tag bit here, the tags of its instruction in [`crate::runs`], and the relation that uses it in
//! [`crate::model`].

use crate::ast::{Scope, StateSpace};

/// A set of event tags (a bit set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Tags(pub u32);

impl Tags {
    /// A read (`R`).
    pub const R: Tags = Tags(1);
    /// A write (`W`).
    pub const W: Tags = Tags(1 << 1);
    /// A fence (`F`; barriers and proxy fences are fences too, as in Dat3M).
    pub const F: Tags = Tags(1 << 2);
    /// An initial write.
    pub const INIT: Tags = Tags(1 << 3);
    /// `.weak`.
    pub const WEAK: Tags = Tags(1 << 4);
    /// `.relaxed` (and the read of `atom.release`, the write of `atom.acquire`).
    pub const RLX: Tags = Tags(1 << 5);
    /// `.acquire`.
    pub const ACQ: Tags = Tags(1 << 6);
    /// `.release`.
    pub const REL: Tags = Tags(1 << 7);
    /// `fence.acq_rel`.
    pub const ACQ_REL: Tags = Tags(1 << 8);
    /// `fence.sc`.
    pub const SC: Tags = Tags(1 << 9);
    /// The generic proxy.
    pub const GEN: Tags = Tags(1 << 10);
    /// The surface proxy.
    pub const SUR: Tags = Tags(1 << 11);
    /// The texture proxy.
    pub const TEX: Tags = Tags(1 << 12);
    /// The constant proxy.
    pub const CON: Tags = Tags(1 << 13);
    /// `fence.proxy.alias`.
    pub const ALIAS: Tags = Tags(1 << 14);
    /// A CTA barrier (`bar.cta.sync` / `bar.cta.arrive`).
    pub const BAR: Tags = Tags(1 << 15);
    /// `bar.cta.arrive`: receives no `syncbar` edge.
    pub const ARRIVE: Tags = Tags(1 << 16);
    /// The read or write of an `atom`/`red`.
    pub const RMW: Tags = Tags(1 << 17);
    /// tilec: an access of an mbarrier object (every mbarrier instruction, and complete-tx).
    pub const MB: Tags = Tags(1 << 18);
    /// tilec: the read of `mbarrier.test_wait` / `try_wait`.
    pub const MB_WAIT: Tags = Tags(1 << 19);
    /// tilec: a wait that returns True (the phase it tests has completed).
    pub const WT: Tags = Tags(1 << 20);
    /// tilec: the issue of an asynchronous instruction (a no-op in program order).
    pub const ISSUE: Tags = Tags(1 << 21);
    /// tilec: an event of an asynchronous operation (its memory accesses and its complete-tx),
    /// not in program order (PTX ISA §8.9.1.1).
    pub const AOP: Tags = Tags(1 << 22);
    /// tilec: `cp.async.bulk.wait_group 0`.
    pub const BG_WAIT: Tags = Tags(1 << 23);
    /// tilec: `barrier.cluster.arrive`.
    pub const CB_ARR: Tags = Tags(1 << 24);
    /// tilec: `barrier.cluster.wait`.
    pub const CB_WAIT: Tags = Tags(1 << 25);
    /// tilec: `fence.release.sync_restrict::shared::cta.cluster`.
    pub const RSTR_CTA: Tags = Tags(1 << 26);
    /// tilec: `fence.acquire.sync_restrict::shared::cluster.cluster`.
    pub const RSTR_CLU: Tags = Tags(1 << 27);
    /// tilec: `fence.proxy.async[.space]`.
    pub const PFA: Tags = Tags(1 << 28);
    /// tilec: the async proxy (`cp.async.bulk`'s reads and writes).
    pub const ASYNC: Tags = Tags(1 << 29);
    /// The number of tag bits.
    pub const COUNT: usize = 30;

    /// The union.
    pub const fn with(self, o: Tags) -> Tags {
        Tags(self.0 | o.0)
    }
    /// Whether every tag of `o` is set.
    pub fn has(self, o: Tags) -> bool {
        self.0 & o.0 == o.0
    }
    /// Whether any tag of `o` is set.
    pub fn any(self, o: Tags) -> bool {
        self.0 & o.0 != 0
    }
    /// The names of the set tags (for witnesses).
    pub fn names(self) -> Vec<&'static str> {
        const NAMES: [&str; Tags::COUNT] = [
            "R", "W", "F", "INIT", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "GEN", "SUR",
            "TEX", "CON", "ALIAS", "BAR", "ARRIVE", "RMW", "MB", "MB_WAIT", "WT", "ISSUE", "AOP",
            "BG_WAIT", "CB_ARR", "CB_WAIT", "RSTR_CTA", "RSTR_CLU", "PFA", "ASYNC",
        ];
        (0..NAMES.len())
            .filter(|b| self.0 >> b & 1 == 1)
            .map(|b| NAMES[b])
            .collect()
    }
}

/// A barrier event's identity.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BarrierInfo {
    /// The instance (the first operand, with Dat3M's suffix per unrolled loop iteration).
    pub instance: String,
    /// The named barrier's resource id, evaluated.
    pub id: Option<i64>,
    /// The quorum, evaluated.
    pub quorum: Option<i64>,
    /// The barrier's op in the unrolled thread (its static identity).
    pub site: usize,
}

/// One event.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Event {
    /// The thread (`None`: an initial write).
    pub thread: Option<usize>,
    /// Its tags.
    pub tags: Tags,
    /// Its scope (strong accesses and `fence.sem.scope`).
    pub scope: Option<Scope>,
    /// The location object accessed (reads and writes).
    pub obj: Option<usize>,
    /// The value read or written.
    pub value: i64,
    /// The instruction (index into the thread's code in the [`crate::ast::Test`]).
    pub src: Option<usize>,
    /// Barrier identity (barriers only).
    pub barrier: Option<BarrierInfo>,
    /// The reads of the same thread this event depends on (`addr | data | ctrl`), as indices of
    /// the thread's events (in a [`crate::runs::Run`]) or of all events (in an execution).
    pub deps: Vec<usize>,
    /// For the write of an `atom`/`red`: its read (same indexing as `deps`).
    pub rmw_read: Option<usize>,
    /// tilec's extension events: what ties them together.
    pub ext: EventExt,
}

/// What tilec's extension events need beyond Dat3M's (same indexing as [`Event::deps`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct EventExt {
    /// An `ISSUE` or `AOP` event: the `ISSUE` event of its asynchronous instruction.
    pub group: Option<usize>,
    /// A `BG_WAIT`: the `ISSUE` events of the bulk copies it waits for.
    pub covers: Vec<usize>,
    /// A `CB_ARR` / `CB_WAIT`: the thread's count of such events so far, this one included
    /// (its cluster-barrier phase).
    pub phase: u32,
    /// A `PFA` fence: its state space (`None`: all).
    pub space: Option<StateSpace>,
}

impl Event {
    /// A read or a write.
    pub fn is_mem(&self) -> bool {
        self.tags.any(Tags::R.with(Tags::W))
    }
}
