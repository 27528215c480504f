//! The events of tilec's extension instructions (docs/litmus.md, "tilec's extensions").
//!
//! - A `sync_restrict` fence is a release (`RSTR_CTA`) or acquire (`RSTR_CLU`) fence at
//!   `.cluster` scope; `fence.proxy.async` a `PFA` fence with its state space.
//! - Every mbarrier instruction accesses the mbarrier through the generic proxy (`MB`): arrive,
//!   expect-tx and complete-tx are RMWs of its state ([`crate::mbar::State`]), a wait is a read
//!   (`MB_WAIT`) whose register result is computed from the state read; it is `WT` when it
//!   returns True and carries `ACQ` only then (a wait that returns False forms no acquire
//!   pattern, §9.7.13.15.16).
//! - An asynchronous instruction is an `ISSUE` event in program order and `AOP` events that are
//!   not: a bulk copy's async-proxy read and write, `st.async`'s weak generic write,
//!   `red.async`'s relaxed `.cluster` RMW, and the complete-tx, a `REL` `.cluster` RMW of the
//!   mbarrier (§9.7.9.25.4.1, §9.7.9.12, §9.7.13.7). They are the issuing thread's events for
//!   scopes and CTAs (assumption AT).
//! - `barrier.cluster.arrive` / `wait` are `CB_ARR` (`REL` or `RLX`) / `CB_WAIT` (`ACQ`)
//!   events at `.cluster` scope, numbered per thread (their phase).

use super::{State, Walker};
use crate::ast::{Scope, Sem};
use crate::event::{Event, Tags};
use crate::mbar::State as Mbar;
use crate::program::ExtOp;

/// Bulk async-groups of a thread so far, and its cluster-barrier counts.
#[derive(Clone, Default)]
pub struct Bulk {
    /// `ISSUE` events of bulk-group copies not yet committed.
    open: Vec<usize>,
    /// Committed and not yet waited for.
    committed: Vec<usize>,
    /// `barrier.cluster.arrive`s so far.
    arrives: u32,
    /// `barrier.cluster.wait`s so far.
    waits: u32,
}

/// An mbarrier RMW: the tags of its read and write, its scope, and its effect.
struct MbRmw {
    obj: usize,
    scope: Scope,
    write: Tags,
    extra: Tags,
    group: Option<usize>,
    arrivals: i64,
    tx: i64,
    data: Vec<usize>,
}

impl Walker<'_> {
    pub(super) fn ext(&mut self, mut st: State, op: &ExtOp, pc: usize) {
        match op {
            ExtOp::FenceRestrict(sem) => {
                let tags = match sem {
                    Sem::Release => Tags::REL.with(Tags::RSTR_CTA),
                    _ => Tags::ACQ.with(Tags::RSTR_CLU),
                };
                let mut e = self.event(Tags::F.with(Tags::GEN).with(tags), pc);
                e.scope = Some(Scope::Cluster);
                st.push(e, Vec::new());
            }
            ExtOp::FenceProxyAsync(space) => {
                let mut e = self.event(Tags::F.with(Tags::PFA), pc);
                e.ext.space = *space;
                st.push(e, Vec::new());
            }
            ExtOp::MbarInit { obj, count } => {
                let mut e = self.event(Tags::W.with(Tags::WEAK).with(Tags::GEN).with(Tags::MB), pc);
                (e.obj, e.value) = (Some(*obj), Mbar::new(st.val(*count)).encode());
                let d = st.deps(&[Some(*count)]);
                let i = st.push(e, d);
                self.wrote(&st, i, pc);
            }
            ExtOp::MbarUpdate { .. } => return self.mbar_update(st, op, pc),
            ExtOp::MbarWait { .. } => return self.mbar_wait(st, op, pc),
            ExtOp::Copy { dst, src, bar } => return self.copy(st, *dst, *src, *bar, pc),
            ExtOp::StAsync { obj, value, bar } => {
                let g = self.issue(&mut st, pc);
                let mut e =
                    self.event(Tags::W.with(Tags::WEAK).with(Tags::GEN).with(Tags::AOP), pc);
                (e.obj, e.value, e.ext.group) = (Some(*obj), st.val(*value), Some(g));
                let d = st.deps(&[Some(*value)]);
                let i = st.push(e, d);
                self.wrote(&st, i, pc);
                return self.complete_tx(st, *bar, g, pc);
            }
            ExtOp::RedAsync { .. } => return self.red_async(st, op, pc),
            ExtOp::BulkCommit => {
                let open = std::mem::take(&mut st.bulk.open);
                st.bulk.committed.extend(open);
            }
            ExtOp::BulkWait => {
                let mut e = self.event(Tags::BG_WAIT, pc);
                e.ext.covers = std::mem::take(&mut st.bulk.committed);
                st.push(e, Vec::new());
            }
            ExtOp::ClusterArrive(sem) => {
                st.bulk.arrives += 1;
                let t = if *sem == Sem::Release {
                    Tags::REL
                } else {
                    Tags::RLX
                };
                let mut e = self.event(Tags::CB_ARR.with(t).with(Tags::GEN), pc);
                (e.scope, e.ext.phase) = (Some(Scope::Cluster), st.bulk.arrives);
                st.push(e, Vec::new());
            }
            ExtOp::ClusterWait => {
                st.bulk.waits += 1;
                let mut e = self.event(Tags::CB_WAIT.with(Tags::ACQ).with(Tags::GEN), pc);
                (e.scope, e.ext.phase) = (Some(Scope::Cluster), st.bulk.waits);
                st.push(e, Vec::new());
            }
        }
        self.walk(st);
    }

    /// The `ISSUE` event of an asynchronous instruction; returns its index (the group).
    fn issue(&self, st: &mut State, pc: usize) -> usize {
        let i = st.events.len();
        let mut e = self.event(Tags::ISSUE, pc);
        e.ext.group = Some(i);
        st.push(e, Vec::new())
    }

    fn mbar_update(&mut self, st: State, op: &ExtOp, pc: usize) {
        let ExtOp::MbarUpdate {
            sem,
            scope,
            obj,
            arrivals,
            tx,
            complete,
        } = op
        else {
            return;
        };
        let sign = if *complete { -1 } else { 1 };
        let rmw = MbRmw {
            obj: *obj,
            scope: *scope,
            write: if *sem == Sem::Release {
                Tags::REL
            } else {
                Tags::RLX
            },
            extra: Tags(0),
            group: None,
            arrivals: st.val(*arrivals),
            tx: sign * st.val(*tx),
            data: st.deps(&[Some(*arrivals), Some(*tx)]),
        };
        self.mb_rmw(st, rmw, pc);
    }

    /// An RMW of an mbarrier's state, one branch per value the state may have.
    fn mb_rmw(&mut self, st: State, m: MbRmw, pc: usize) {
        let phys = self.prog.objects[m.obj].phys;
        let base = Tags::GEN.with(Tags::MB).with(Tags::RMW).with(m.extra);
        for &(old, mask) in &self.dom[phys] {
            let mut s = st.clone();
            let mut r = self.event(Tags::R.with(Tags::RLX).with(base), pc);
            (r.scope, r.obj, r.value, r.ext.group) = (Some(m.scope), Some(m.obj), old, m.group);
            let ri = s.push(r, Vec::new());
            s.masks[ri] |= mask;
            let new = Mbar::decode(old).apply(m.arrivals, m.tx).encode();
            let mut w = self.event(Tags::W.with(m.write).with(base), pc);
            (w.scope, w.obj, w.value, w.rmw_read) = (Some(m.scope), Some(m.obj), new, Some(ri));
            w.ext.group = m.group;
            let mut d = m.data.clone();
            d.push(ri);
            let wi = s.push(w, d);
            self.wrote(&s, wi, pc);
            self.walk(s);
        }
    }

    fn mbar_wait(&mut self, st: State, op: &ExtOp, pc: usize) {
        let ExtOp::MbarWait {
            sem,
            scope,
            dst,
            obj,
            parity,
        } = op
        else {
            return;
        };
        let phys = self.prog.objects[*obj].phys;
        let p = st.val(*parity);
        for &(v, mask) in &self.dom[phys] {
            let mut s = st.clone();
            let done = Mbar::decode(v).parity_complete(p);
            let mut tags = Tags::R.with(Tags::GEN).with(Tags::MB).with(Tags::MB_WAIT);
            tags = tags.with(match (done, sem) {
                (true, Sem::Acquire) => Tags::ACQ.with(Tags::WT),
                (true, _) => Tags::RLX.with(Tags::WT),
                _ => Tags::RLX,
            });
            let mut e = self.event(tags, pc);
            (e.scope, e.obj, e.value) = (Some(*scope), Some(*obj), v);
            let mut d = s.deps(&[Some(*parity)]);
            let i = s.push(e, Vec::new());
            s.masks[i] |= mask;
            d.push(i);
            s.set(*dst, i64::from(done), d);
            self.walk(s);
        }
    }

    fn copy(&mut self, mut st: State, dst: usize, src: usize, bar: Option<usize>, pc: usize) {
        let g = self.issue(&mut st, pc);
        if bar.is_none() {
            st.bulk.open.push(g);
        }
        let phys = self.prog.objects[src].phys;
        let access = Tags::WEAK.with(Tags::ASYNC).with(Tags::AOP);
        for &(v, mask) in &self.dom[phys] {
            let mut s = st.clone();
            let mut r: Event = self.event(Tags::R.with(access), pc);
            (r.obj, r.value, r.ext.group) = (Some(src), v, Some(g));
            let ri = s.push(r, Vec::new());
            s.masks[ri] |= mask;
            let mut w = self.event(Tags::W.with(access), pc);
            (w.obj, w.value, w.ext.group) = (Some(dst), v, Some(g));
            let wi = s.push(w, vec![ri]);
            self.wrote(&s, wi, pc);
            match bar {
                Some(b) => self.complete_tx(s, b, g, pc),
                None => self.walk(s),
            }
        }
    }

    /// The implicit complete-tx of async instruction `g` on mbarrier `bar`: a release RMW at
    /// `.cluster` scope that lowers the tx-count by one cell.
    fn complete_tx(&mut self, st: State, bar: usize, g: usize, pc: usize) {
        let rmw = MbRmw {
            obj: bar,
            scope: Scope::Cluster,
            write: Tags::REL,
            extra: Tags::AOP,
            group: Some(g),
            arrivals: 0,
            tx: -1,
            data: Vec::new(),
        };
        self.mb_rmw(st, rmw, pc);
    }

    fn red_async(&mut self, mut st: State, op: &ExtOp, pc: usize) {
        let ExtOp::RedAsync {
            op: bop,
            obj,
            value,
            bar,
        } = op
        else {
            return;
        };
        let g = self.issue(&mut st, pc);
        let phys = self.prog.objects[*obj].phys;
        let base = Tags::RLX.with(Tags::GEN).with(Tags::RMW).with(Tags::AOP);
        for &(old, mask) in &self.dom[phys] {
            let mut s = st.clone();
            let mut r = self.event(Tags::R.with(base), pc);
            (r.scope, r.obj, r.value) = (Some(Scope::Cluster), Some(*obj), old);
            r.ext.group = Some(g);
            let ri = s.push(r, Vec::new());
            s.masks[ri] |= mask;
            let mut w = self.event(Tags::W.with(base), pc);
            let new = bop.apply(old, s.val(*value));
            (w.scope, w.obj, w.value, w.rmw_read) =
                (Some(Scope::Cluster), Some(*obj), new, Some(ri));
            w.ext.group = Some(g);
            let mut d = s.deps(&[Some(*value)]);
            d.push(ri);
            let wi = s.push(w, d);
            self.wrote(&s, wi, pc);
            self.complete_tx(s, *bar, g, pc);
        }
    }
}
