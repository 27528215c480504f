//! (b) `sync_restrict` fences (PTX ISA §9.7.13.4): "when `.sync_restrict` is
//! `.sync_restrict::shared::cta`, `.sem` must be `.release`, and the effect of the fence only
//! applies to operations performed on objects in `.shared::cta` state space. Likewise, when
//! `.sync_restrict` is `.sync_restrict::shared::cluster`, `.sem` must be `.acquire`, and the effect
//! of the fence only applies to operations performed on objects in `.shared::cluster` state space."
//!
//! A restricted fence is a release (acquire) fence at `.cluster` scope whose synchronization
//! orders X before Y only when X (for a release fence in CTA c) is a memory operation on the
//! shared memory of c, and Y (for an acquire fence in cluster k) one on the shared memory of a
//! CTA of k (assumptions RS1, RS2: the filter applies at the ends of the causality path, so it
//! stays cumulative). Base causality is built once per (c, k) with the restricted edges that
//! (c, k) admits and filtered at its ends:
//!
//! ```text
//! cause-base = ⋃ c ∈ CTAs ∪ {⊥}, k ∈ clusters ∪ {⊥} . [Xf c]; CB[c,k]; [Yf k]
//! ```
//! Without restricted fences this is the one closure (⊥, ⊥).

use super::async_proxy::{self, CauseBase};
use crate::event::Tags;
use crate::exec::Exec;
use crate::model::base::{self, Choice};
use crate::rel::{Rel, Set};

/// A restriction end: `None` (⊥) or a place key (`(gpu, cta)` or `(gpu, cluster)`).
type Key = Option<(u32, u32)>;

/// The release-side CTA and acquire-side cluster of each `sync` edge (⊥ when unrestricted).
fn classify(x: &Exec, a: usize, b: usize) -> (Key, Key) {
    let place = |i: usize| x.ev[i].thread.map(|t| x.places[t]);
    let rc = x.ev[a]
        .tags
        .has(Tags::RSTR_CTA)
        .then(|| place(a).map(|p| (p.0, p.2)))
        .flatten();
    let rk = x.ev[b]
        .tags
        .has(Tags::RSTR_CLU)
        .then(|| place(b).map(|p| (p.0, p.1)))
        .flatten();
    (rc, rk)
}

/// `cause-base` and `exit` for `sync` (every synchronizes-with edge, restricted ones included).
pub fn cause_base(x: &Exec, sync: &Rel, c: &Choice) -> CauseBase {
    let n = x.n();
    let edges: Vec<(usize, usize, Key, Key)> = sync
        .pairs()
        .map(|(a, b)| {
            let (rc, rk) = classify(x, a, b);
            (a, b, rc, rk)
        })
        .collect();
    let mut ctas: Vec<Key> = edges.iter().map(|e| e.2).collect();
    let mut clusters: Vec<Key> = edges.iter().map(|e| e.3).collect();
    for v in [&mut ctas, &mut clusters] {
        v.push(None);
        v.sort_unstable();
        v.dedup();
    }
    let mut out = CauseBase {
        all: Rel::new(n),
        exit: Rel::new(n),
    };
    for &ck in &ctas {
        for &kk in &clusters {
            let mut s = Rel::new(n);
            for &(a, b, rc, rk) in &edges {
                if rc.is_none_or(|v| Some(v) == ck) && rk.is_none_or(|v| Some(v) == kk) {
                    s.insert(a, b);
                }
            }
            let cbt = base::cause_base(x, &s, c).union(&x.po);
            let cb = async_proxy::with_async(x, &cbt);
            let (xf, yf) = (x_filter(x, ck), y_filter(x, kk));
            out.all.union_with(&cb.all.restrict(&xf, &yf));
            out.exit.union_with(&cb.exit.restrict(&xf, &yf));
        }
    }
    out
}

/// `Xf c`: every event for ⊥, else the memory events on the shared memory of CTA `c`.
fn x_filter(x: &Exec, c: Key) -> Set {
    filter(x, c, |p| (p.0, p.2))
}

/// `Yf k`: every event for ⊥, else the memory events on shared memory of cluster `k`.
fn y_filter(x: &Exec, k: Key) -> Set {
    filter(x, k, |p| (p.0, p.1))
}

fn filter(x: &Exec, key: Key, f: impl Fn((u32, u32, u32)) -> (u32, u32)) -> Set {
    let Some(key) = key else {
        return x.set(Tags(0)).clone();
    };
    let mut s = Set::new(x.n());
    for (i, e) in x.ev.iter().enumerate() {
        if e.is_mem() && x.ext.owner[i].is_some_and(|p| f(p) == key) {
            s.insert(i);
        }
    }
    s
}
