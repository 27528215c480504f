//! (c) the async proxy and `fence.proxy.async`, (d) bulk copies, `st.async`, `red.async` and
//! their completion.
//!
//! - "These asynchronous operations are ordered after prior instructions in the same thread …
//!   but they are not part of the program order" and "the implicit mbarrier complete-tx … is
//!   ordered only with respect to the memory operations performed by the same asynchronous
//!   instruction" (§8.9.1.1): base causality gets two one-way doors,
//!   `entry = cb-thread?; [ISSUE]; issue` and `exit = [AOP]; done; cb-thread?`, and
//!   `cause-base = cb-thread | entry | exit | (exit; entry)` — never `entry; exit`.
//! - "For the async proxy, `fence.proxy.async` should be used to synchronize memory between
//!   generic proxy and the async proxy … limited only to operations performed on objects in the
//!   state space specified" (§9.7.9.25.2, §9.7.13.4): `pfo-async = [PFA]; (scta & spc); [M &
//!   ASYNC]` joins Dat3M's `proxy-fence-ops` (PX1: the fence is in the async operation's CTA).
//! - "The completion of a `cp{.reduce}.async.bulk` operation is followed by an implicit
//!   generic-async proxy fence" (§9.7.9.25.2): `vloc & ([AOP & ASYNC]; exit; [GEN])`.

use super::same_proxy;
use crate::ast::StateSpace;
use crate::event::Tags;
use crate::exec::Exec;
use crate::model::v75;
use crate::rel::{Rel, Set};

/// Base causality with the asynchronous doors, and its `exit` part.
pub struct CauseBase {
    /// `cause-base`.
    pub all: Rel,
    /// `exit`.
    pub exit: Rel,
}

/// `cb-thread | entry | exit | (exit; entry)` from `cb-thread`.
pub fn with_async(x: &Exec, cbt: &Rel) -> CauseBase {
    let n = x.n();
    let cbt_opt = cbt.opt();
    let entry = cbt_opt.seq(&x.ext.issue);
    let aop = Rel::id_on(x.set(Tags::AOP), n);
    let exit = aop.seq(&x.ext.done).seq(&cbt_opt);
    let mut all = cbt.union(&entry).union(&exit);
    all.union_with(&exit.seq(&entry));
    CauseBase { all, exit }
}

/// `spc(F, M)`: M's location is in the state space of proxy fence F, relative to F's thread.
fn in_space(x: &Exec, f: usize, m: usize) -> bool {
    let Some(t) = x.ev[f].thread else {
        return false;
    };
    let fp = x.places[t];
    let owner = x.ext.owner[m];
    match x.ev[f].ext.space {
        None => true,
        Some(StateSpace::Global) => owner.is_none(),
        Some(StateSpace::SharedCta) => owner.is_some_and(|o| (o.0, o.2) == (fp.0, fp.2)),
        Some(StateSpace::SharedCluster) => owner.is_some_and(|o| (o.0, o.1) == (fp.0, fp.1)),
    }
}

/// `proxy-fence-ops`: Dat3M's `[F]; (same-proxy & scta); [M]` and `pfo-async`.
fn pfo(x: &Exec, sp: &Rel) -> Rel {
    let m: Set = x.set(Tags::R).or(x.set(Tags::W));
    let mut pfo = sp.inter(&x.scta).restrict(x.set(Tags::F), &m);
    let async_m = m.and(x.set(Tags::ASYNC));
    for f in x.set(Tags::PFA).iter() {
        for a in async_m.iter() {
            if x.scta.contains(f, a) && in_space(x, f, a) {
                pfo.insert(f, a);
            }
        }
    }
    pfo
}

/// v7.5's `proxy-preserved-cause-base` with the async proxy, plus the implicit proxy fence at
/// completion.
pub fn proxy_preserved(x: &Exec, cb: &CauseBase) -> Rel {
    let n = x.n();
    let sp = same_proxy(x);
    let mut r = v75::proxy_preserved_with(x, &cb.all, &sp, &pfo(x, &sp));
    let aop_async = Rel::id_on(&x.set(Tags::AOP).and(x.set(Tags::ASYNC)), n);
    let gen = Rel::id_on(x.set(Tags::GEN), n);
    r.union_with(&x.vloc.inter(&aop_async.seq(&cb.exit).seq(&gen)));
    r
}
