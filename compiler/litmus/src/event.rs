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

use crate::ast::Scope;

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
        const NAMES: [&str; 18] = [
            "R", "W", "F", "INIT", "WEAK", "RLX", "ACQ", "REL", "ACQ_REL", "SC", "GEN", "SUR",
            "TEX", "CON", "ALIAS", "BAR", "ARRIVE", "RMW",
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
}

impl Event {
    /// A read or a write.
    pub fn is_mem(&self) -> bool {
        self.tags.any(Tags::R.with(Tags::W))
    }
}
