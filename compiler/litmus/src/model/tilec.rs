//! tilec's model (`ptx-tilec`): ptx-v7.5 (Dat3M's `cat/ptx-v7.5.cat`) plus the extensions of
//! docs/litmus.md, "tilec's extensions", one submodule each:
//!
//! - §0 fence fixes (here): `F-rel = F & (REL | ACQ_REL | SC)`, `F-acq = F & (ACQ | ACQ_REL |
//!   SC)` — "memory fence operation: a membar, fence.sc or fence.acq_rel instruction" (§8.4) and
//!   PTX 8.6's `fence.release` / `fence.acquire`;
//! - (a) `.cluster` scope: nothing here; `sr` and `scta` come from the thread tree
//!   ([`crate::exec::can_sync`]);
//! - [`mbar`]: (e) mbarrier observation and the phase filter (A3, A4);
//! - [`cbar`]: (f) `barrier.cluster` synchronization (CB1, CB2);
//! - [`restrict`]: (b) `sync_restrict` fences, base causality per (owner CTA, cluster);
//! - [`async_proxy`]: (c) + (d) the async proxy, `fence.proxy.async`, bulk copies, `st.async`,
//!   `red.async` and their completion.
//!
//! ```text
//! strong-operation = strong-write | strong-read | F | CB_ARR | CB_WAIT
//! same-proxy = v7.5's | ASYNC * ASYNC
//! observation = (morally-strong & rf) | rmw | ([MB]; rf; [MB])                  (A3)
//! sync = morally-strong & (release-pattern; observation+ & mb-phase-ok; acquire-pattern)
//! cause = observation?; proxy-preserved-cause-base
//! ```

mod async_proxy;
mod cbar;
mod mbar;
mod restrict;

use super::base::{self, Choice};
use super::{v75, Violation};
use crate::event::Tags;
use crate::exec::Exec;
use crate::rel::{Rel, Set};

/// `strong-operation`, with the cluster-barrier events (strong, `.cluster` scope).
fn strong_ops(x: &Exec) -> Set {
    let (_, _, sop) = base::strong(x);
    sop.or(x.set(Tags::CB_ARR)).or(x.set(Tags::CB_WAIT))
}

/// `same-proxy = GEN*GEN | SUR*SUR | TEX*TEX | CON*CON | ASYNC*ASYNC`.
pub fn same_proxy(x: &Exec) -> Rel {
    let mut sp = v75::same_proxy(x);
    let a = x.set(Tags::ASYNC);
    sp.union_with(&Rel::product(a, a, x.n()));
    sp
}

/// `morally-strong = (ms1 & same-proxy & ms3) \ id`, `ms1` with [`strong_ops`].
pub fn morally_strong(x: &Exec) -> Rel {
    let sop = strong_ops(x);
    let ms1 =
        x.po.union(&x.po.inverse())
            .union(&x.sr.restrict(&sop, &sop));
    let ms3 = base::overlap(x, &x.vloc);
    ms1.inter(&same_proxy(x)).inter(&ms3).minus_id()
}

/// `F-rel` and `F-acq` (§0: `fence.sc` is both; `fence.release` / `fence.acquire` one each).
pub fn fence_sets(x: &Exec) -> (Set, Set) {
    let f = x.set(Tags::F);
    let ar_sc = x.set(Tags::ACQ_REL).or(x.set(Tags::SC));
    let rel = f.and(&ar_sc.or(x.set(Tags::REL)));
    let acq = f.and(&ar_sc.or(x.set(Tags::ACQ)));
    (rel, acq)
}

/// `release-pattern = ([W & REL]; po-vloc?; [strong-write]) | ([F-rel]; po; [strong-write])`,
/// `acquire-pattern = ([strong-read]; po-vloc?; [R & ACQ]) | ([strong-read]; po; [F-acq])`
/// (a wait is `ACQ` only when it returns True, so `R & ACQ` is the note's `ACQ-read`).
fn patterns(x: &Exec) -> (Rel, Rel) {
    let (sw, sr, _) = base::strong(x);
    let (f_rel, f_acq) = fence_sets(x);
    let po_vloc = x.po.inter(&x.vloc).opt();
    let w_rel = x.set(Tags::W).and(x.set(Tags::REL));
    let r_acq = x.set(Tags::R).and(x.set(Tags::ACQ));
    let rel = po_vloc
        .restrict(&w_rel, &sw)
        .union(&x.po.restrict(&f_rel, &sw));
    let acq = po_vloc
        .restrict(&sr, &r_acq)
        .union(&x.po.restrict(&sr, &f_acq));
    (rel, acq)
}

/// `observation`, `sync` (memory patterns and cluster barriers) and `cause`.
pub fn cause(x: &Exec, ms: &Rel, c: &Choice) -> Rel {
    let (rel, acq) = patterns(x);
    let obs = mbar::observation(x, ms, &c.rf);
    let obs_ok = mbar::phase_filter(x, &c.rf, &obs.plus());
    let mut sync = ms.inter(&rel.seq(&obs_ok).seq(&acq));
    sync.union_with(&cbar::sync_cbar(x, ms));
    let cb = restrict::cause_base(x, &sync, c);
    obs.opt().seq(&async_proxy::proxy_preserved(x, &cb))
}

/// Coherence2's pairs, and every pair of mbarrier writes to one object (A3: they are totally
/// ordered in `co`).
pub fn co_pairs(x: &Exec, ms: &Rel) -> Vec<(usize, usize)> {
    let mut pairs = base::coherence2_pairs(x, ms);
    pairs.extend(mbar::total_pairs(x));
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The `co` axioms: Atomicity, mbarrier atomicity (A3), Causality.
pub fn check_co(x: &Exec, ms: &Rel, cause: &Rel, rf: &Rel, co: &Rel) -> Result<(), Violation> {
    let fr = rf.inverse().seq(co);
    base::atomicity(x, ms, &fr, co)?;
    mbar::atomic(x, &fr, co)?;
    base::causality(rf, &fr, cause)
}
