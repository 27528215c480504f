//! The candidate pairs of one buffer's accesses: every pair [`super::handoff::scan`] could
//! report, found without comparing every access with every other (which made the checker
//! quadratic in the accesses of a buffer: a 100k-op kernel over one global buffer compared
//! ~10^9 pairs).
//!
//! Each access gets a *footprint*: either [`Foot::Any`] (it may meet anything), or the block
//! signature of its offset (its `block_id` terms) and the byte interval `[lo, end)` the rest of
//! its offset spans over the threads that run it, with its size. Two footprints of one
//! signature whose intervals do not meet name disjoint bytes in one CTA (the range test of
//! `disjoint` in handoff.rs, which is exactly this interval test when the signatures agree).
//! In a buffer that CTAs share (global memory of a multi-CTA kernel), a footprint is kept only
//! when the signature is `k·block_id.x` and the interval lies in `[0, |k|)` — `blocks_overlap`'s
//! test that two CTAs never meet — so a pair of one signature there is a same-CTA pair too.
//! Remote (mapa) accesses, unknown sizes and offsets with other terms are `Any`.
//!
//! Invariant: every pair this module leaves out is one the full test in `scan` skips (rel None
//! and no proxy pair); it is an exact filter, not a heuristic. The remaining pairs come back in
//! the order of the all-pairs loop, so the findings and their order do not change.
//!
//! With `epochs`, pairs of generic accesses of one signature in different CTA epochs (a
//! top-level CTA barrier between them) are left out too: `scan` would settle them as
//! `Barriered` without a search, and a caller that does not list those pairs passes epochs.
//! So are the pairs of two strong generic accesses whose scopes cover every relation the two
//! may have ([`covered`]): `scan` skips them, or settles them as `Barriered`. Many strong
//! accesses of one flag location (every element of a tile broadcast from one pointer) meet
//! each other and nothing else: listing their pairs made the checker quadratic in them.

use super::affine::Var;
use super::model::{Access, Model, Proxy};
use smallvec::SmallVec;

/// A block signature: the `block_id` terms of an offset.
type Sig = SmallVec<[(Var, i64); 2]>;

/// Members of one signature: `(lo, end, position, covered)` ([`covered`]).
type Members = Vec<(i64, i64, u32, bool)>;

/// An access's footprint (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Foot {
    Any,
    Class { sig: Sig, lo: i64, end: i64 },
}

/// The footprint of `a`; `shared_across` for a buffer other CTAs reach.
fn foot(md: &Model, a: &Access, shared_across: bool) -> Foot {
    let Some(size) = a.size else {
        return Foot::Any;
    };
    if a.ptr.remote {
        return Foot::Any;
    }
    let off = &a.ptr.off;
    let sig: Sig = off
        .terms
        .iter()
        .copied()
        .filter(|(v, _)| matches!(v, Var::Bid(_)))
        .collect();
    let mut rest = off.clone();
    rest.terms.retain(|(v, _)| !matches!(v, Var::Bid(_)));
    let role = md.at(a.op).role;
    let Some((lo, hi)) = rest.range(|v| super::handoff::bounds(md, role, v)) else {
        return Foot::Any;
    };
    let end = hi.saturating_add(i64::from(size));
    if shared_across {
        let within =
            matches!(sig.as_slice(), [(Var::Bid(0), k)] if lo >= 0 && end <= k.saturating_abs());
        if !within {
            return Foot::Any;
        }
    }
    Foot::Class { sig, lo, end }
}

/// The candidate pairs among `idx` (indices into the model's accesses, program order), as
/// positions `(x, y)` in `idx` with `x < y`, sorted. `epoch` gives an access's CTA epoch when
/// pairs across epochs may be left out (module docs).
pub(super) fn candidates(
    md: &Model,
    idx: &[usize],
    shared_across: bool,
    epoch: Option<&dyn Fn(usize) -> usize>,
) -> Vec<(u32, u32)> {
    let acc = &md.accesses;
    let mut any = Vec::new();
    let mut classes: rustc_hash::FxHashMap<Sig, Members> = Default::default();
    // Only a caller that passes epochs leaves out what `scan` would settle as `Barriered`.
    let cov: Vec<bool> = idx
        .iter()
        .map(|&i| epoch.is_some() && covered(&acc[i], shared_across))
        .collect();
    let meet = |x: u32, y: u32| !(cov[x as usize] && cov[y as usize]);
    for (x, &i) in idx.iter().enumerate() {
        match foot(md, &acc[i], shared_across) {
            Foot::Any => any.push(x as u32),
            Foot::Class { sig, lo, end } => classes
                .entry(sig)
                .or_default()
                .push((lo, end, x as u32, cov[x])),
        }
    }
    let mut out = Vec::new();
    let n = idx.len() as u32;
    // `Any` meets everything.
    for &x in &any {
        out.extend(
            (0..n)
                .filter(|&y| y != x && meet(x, y))
                .map(|y| (x.min(y), x.max(y))),
        );
    }
    // Two classes of different signatures: every pair (the test compares them in full).
    let mut keys: Vec<_> = classes.keys().cloned().collect();
    keys.sort();
    for (ki, ka) in keys.iter().enumerate() {
        for kb in &keys[ki + 1..] {
            for &(_, _, x, _) in &classes[ka] {
                for &(_, _, y, _) in &classes[kb] {
                    if meet(x, y) {
                        out.push((x.min(y), x.max(y)));
                    }
                }
            }
        }
    }
    // One signature: the pairs whose intervals meet.
    for k in &keys {
        let members = &classes[k];
        // A cp_async lands only at its wait, which a barrier between two epochs need not follow.
        let generic = |x: u32| {
            let a = &acc[idx[x as usize]];
            a.proxy == Proxy::Generic && !super::completion::deferred(md, a.op)
        };
        match epoch {
            Some(ep) if members.iter().all(|m| generic(m.2)) => {
                // The members of each epoch, one run each: the members come in program order,
                // so their epochs rise (sorted anyway: a stable sort of a sorted list is one
                // pass). A hash map of epochs cost more than the rest of the checker on a
                // kernel of one access per epoch.
                let mut by_epoch: Vec<(usize, (i64, i64, u32, bool))> = members
                    .iter()
                    .map(|&m| (ep(idx[m.2 as usize]), m))
                    .collect();
                by_epoch.sort_by_key(|e| e.0);
                let mut group: Members = Vec::new();
                for run in by_epoch.chunk_by(|a, b| a.0 == b.0) {
                    if run.len() > 1 {
                        group.clear();
                        group.extend(run.iter().map(|e| e.1));
                        sweep(&mut group, &mut out);
                    }
                }
            }
            _ => sweep(&mut members.clone(), &mut out),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Appends every pair of `items` (`(lo, end, position, covered)`) whose intervals meet,
/// except those of two covered accesses.
fn sweep(items: &mut [(i64, i64, u32, bool)], out: &mut Vec<(u32, u32)>) {
    items.sort_unstable();
    // Active intervals, as min-heaps on `end` (of the accesses not covered, and of the covered
    // ones): those that may still meet a later `lo`. A covered access meets only the first
    // heap, so the pairs of covered accesses cost nothing, not even a visit.
    let mut active: [std::collections::BinaryHeap<std::cmp::Reverse<(i64, u32)>>; 2] =
        Default::default();
    for &(lo, end, x, cov) in items.iter() {
        for heap in active.iter_mut() {
            while heap.peek().is_some_and(|r| r.0 .0 <= lo) {
                heap.pop();
            }
        }
        let meets = if cov { &active[..1] } else { &active[..] };
        for r in meets.iter().flat_map(|h| h.iter()) {
            let y = r.0 .1;
            out.push((x.min(y), x.max(y)));
        }
        active[usize::from(cov)].push(std::cmp::Reverse((end, x)));
    }
}

/// Is `a` a strong generic access whose scope covers every relation `scan` may find between it
/// and another access of its buffer (`shared_across`: other CTAs reach it, so the relation may
/// be any CTA of the grid)? Two such accesses "do not race" in `scan`, which skips their pair
/// (or settles it as `Barriered` when a top-level barrier lies between them): their scopes
/// include each other, and with one proxy they are no same-thread proxy pair either.
fn covered(a: &Access, shared_across: bool) -> bool {
    use super::handoff::{scope_covers, Relation};
    let rels = [
        Relation::Same,
        Relation::Peer,
        Relation::Cluster,
        Relation::Any,
    ];
    a.proxy == Proxy::Generic
        && a.strong
            .is_some_and(|(_, s)| rels.iter().all(|&r| scope_covers(s, r, shared_across)))
}

/// Test support: for every nv_tileas kernel of `m`, each pair of accesses that the full test of
/// [`super::handoff::scan`] reports (a handoff, or a pair a CTA barrier settles) and
/// [`candidates`] leaves out, described. The invariant of this module is that there is none.
#[doc(hidden)]
pub fn missed_pairs(m: &tilec_ir::Module) -> Vec<String> {
    use super::handoff::{Event, Scanner};
    let mut out = Vec::new();
    super::each_kernel_model(m, |md| {
        let md = &*md;
        let sc = Scanner::new(md);
        for (buf, idx) in sc.groups() {
            let global = sc.global(buf, &idx);
            let shared_across = global && sc.shares_global();
            let ep = |i: usize| sc.epoch(i);
            let all = candidates(md, &idx, shared_across, None);
            let pruned = candidates(md, &idx, shared_across, Some(&ep));
            for x in 0..idx.len() {
                for y in x + 1..idx.len() {
                    let key = (x as u32, y as u32);
                    let missed = match sc.pair(idx[x], idx[y], global) {
                        None => false,
                        Some(Event::Barriered { .. }) => all.binary_search(&key).is_err(),
                        Some(_) => {
                            all.binary_search(&key).is_err() || pruned.binary_search(&key).is_err()
                        }
                    };
                    if missed {
                        let (a, b) = (&md.accesses[idx[x]], &md.accesses[idx[y]]);
                        out.push(format!(
                            "{:?} at {:?} and {:?} at {:?} ({buf:?})",
                            a.op, a.ptr.off, b.op, b.ptr.off
                        ));
                    }
                }
            }
        }
    });
    out
}
