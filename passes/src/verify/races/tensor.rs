//! Checks 5 and 6 of SYNC-MODEL §3: the tensor cores' own ordering rules.
//!
//! - 5: a `wgmma_mma` whose accumulator was last written by a non-wgmma op needs a
//!   `wgmma_fence` in between (accumulator chaining from another wgmma_mma needs none);
//! - 6: tcgen05 work (`tcgen05_ld/_st/_mma`) ordered after other tcgen05 work by a thread sync
//!   needs `tcgen05_fence_after` after the sync; a thread sync after tcgen05 work that orders
//!   later tcgen05 work needs `tcgen05_fence_before` before it (`tcgen05_commit` implies it);
//!   `tcgen05_ld` then `tcgen05_st` of the same TMEM needs `tcgen05_wait_ld` in between.

use super::model::Model;
use super::sync::{Edge, Mechanisms};
use super::{name, Check, Finding};
use tilec_dialects::nv_tileas::views::{OpKind, Tcgen05Ld, Tcgen05St, WgmmaMma};
use tilec_ir::{Op, OpView};

/// The tcgen05 work ops.
const WORK: [OpKind; 3] = [OpKind::Tcgen05Ld, OpKind::Tcgen05St, OpKind::Tcgen05Mma];

/// Runs checks 5 and 6.
pub fn check(md: &mut Model, me: &Mechanisms, out: &mut Vec<Finding>) {
    let md = &*md;
    wgmma_fenced(md, out);
    let mut work: Vec<Op> = WORK
        .iter()
        .flat_map(|&k| md.ops_of(k).iter().copied())
        .collect();
    work.sort_by_key(|&o| md.at(o).pos);
    fence_after_syncs(md, me, &work, out);
    fence_before_syncs(md, me, &work, out);
    waited_ld_before_st(md, out);
}

/// Check 5: a `wgmma_mma` each of whose accumulators a non-wgmma op wrote last has a
/// `wgmma_fence` in between.
fn wgmma_fenced(md: &Model, out: &mut Vec<Finding>) {
    let m = md.m;
    // The ops of one kind, from the model's index (a scan of every op per name was a tenth of
    // the checker's time on a kernel with no tensor-core op at all).
    let wgmma_fences = md.ops_of(OpKind::WgmmaFence);
    for &w in md.ops_of(OpKind::WgmmaMma) {
        // The first accumulator (of the thread's n/2) that is not fenced.
        let unfenced = m.operands(w).iter().skip(2).find_map(|&acc| {
            let def = m.defining_op(acc);
            if def.is_some_and(|d| WgmmaMma::is(m, d)) {
                return None;
            }
            let after_def = |f: Op| def.is_none_or(|d| md.at(f).pos > md.at(d).pos);
            let fenced = wgmma_fences.iter().any(|&f| {
                md.dominates(f, w) && after_def(f) && md.at(w).role.within(md.at(f).role)
            });
            (!fenced).then_some(def)
        });
        if let Some(def) = unfenced {
            let by = def.map_or("the kernel's arguments".to_string(), |d| {
                format!("'{}'", name(m, d))
            });
            let mut f = Finding::new(
                Check::Wgmma,
                w,
                format!(
                    "'wgmma_mma' reads its accumulator, last written by {by}, with no 'wgmma_fence' in between (the tensor core may read the registers before that write)"
                ),
            )
            .fix(w, "add 'wgmma_fence' after the last write of the accumulator and before this wgmma_mma");
            if let Some(d) = def {
                f = f.related(d, "the accumulator is written here");
            }
            out.push(f);
        }
    }
}

/// Check 6 (a): tcgen05 work ordered after other tcgen05 work by a thread sync has a
/// `tcgen05_fence_after` after that sync. `work`: the tcgen05 work ops in program order.
fn fence_after_syncs(md: &Model, me: &Mechanisms, work: &[Op], out: &mut Vec<Finding>) {
    let m = md.m;
    let commits = md.ops_of(OpKind::Tcgen05Commit);
    let afters = md.ops_of(OpKind::Tcgen05FenceAfter);
    for &t in work {
        let syncs = me
            .acquires
            .iter()
            .filter(|q| md.dominates(q.op, t) && md.at(t).role.within(md.at(q.op).role));
        let ordering = syncs.filter(|q| {
            let by_work = work
                .iter()
                .any(|&u| u != t && md.at(u).pos < md.at(q.op).pos);
            let by_commit = matches!(&q.edge, Edge::Mbar(..))
                && me
                    .releases
                    .iter()
                    .any(|r| r.edge == q.edge && commits.contains(&r.op));
            by_work || by_commit
        });
        let last = ordering.max_by_key(|q| md.at(q.op).pos);
        if let Some(q) = last {
            let fenced = afters
                .iter()
                .any(|&f| md.at(f).pos > md.at(q.op).pos && md.dominates(f, t));
            if !fenced {
                out.push(
                    Finding::new(
                        Check::Tcgen05,
                        t,
                        format!(
                            "'{}' is ordered after other tcgen05 work by '{}', with no 'tcgen05_fence_after' after that thread sync",
                            name(m, t),
                            name(m, q.op)
                        ),
                    )
                    .related(q.op, "the thread sync is here")
                    .fix(t, "add 'tcgen05_fence_after' between the wait and this op"),
                );
            }
        }
    }
}

/// Check 6 (b): a thread sync after tcgen05 work that later tcgen05 work is ordered against has
/// a `tcgen05_fence_before` (or a `tcgen05_commit`, which implies it) before it.
fn fence_before_syncs(md: &Model, me: &Mechanisms, work: &[Op], out: &mut Vec<Finding>) {
    let m = md.m;
    let commits = md.ops_of(OpKind::Tcgen05Commit);
    let befores = md.ops_of(OpKind::Tcgen05FenceBefore);
    let mut seen = rustc_hash::FxHashSet::default();
    for &u in work {
        for r in &me.releases {
            let s = r.op;
            if commits.contains(&s) || !md.after(u, s) || !md.at(u).role.within(md.at(s).role) {
                continue;
            }
            let later = work.iter().any(|&t| md.at(t).pos > md.at(s).pos);
            if !later || seen.contains(&s) {
                continue;
            }
            let covered = befores
                .iter()
                .chain(commits.iter())
                .any(|&f| md.after(u, f) && md.at(f).pos < md.at(s).pos);
            if !covered {
                seen.insert(s);
                out.push(
                    Finding::new(
                        Check::Tcgen05,
                        s,
                        format!(
                            "'{}' synchronizes threads after tcgen05 work ('{}') that later tcgen05 work is ordered against, with no 'tcgen05_fence_before' before it",
                            name(m, s),
                            name(m, u)
                        ),
                    )
                    .related(u, "the tcgen05 work is here")
                    .fix(s, "add 'tcgen05_fence_before' before this thread sync (tcgen05_commit implies it)"),
                );
            }
        }
    }
}

/// Check 6 (c): a `tcgen05_ld` then a `tcgen05_st` of the same TMEM have a `tcgen05_wait_ld`
/// in between.
fn waited_ld_before_st(md: &Model, out: &mut Vec<Finding>) {
    let m = md.m;
    let waits = md.ops_of(OpKind::Tcgen05WaitLd);
    if md.ops_of(OpKind::Tcgen05Ld).is_empty() {
        return;
    }
    for (i, a) in md.accesses.iter().enumerate() {
        if !Tcgen05Ld::is(m, a.op) {
            continue;
        }
        for b in &md.accesses[i + 1..] {
            if !Tcgen05St::is(m, b.op) || b.ptr.buf != a.ptr.buf {
                continue;
            }
            let waited = waits
                .iter()
                .any(|&w| md.after(a.op, w) && md.at(w).pos < md.at(b.op).pos);
            if !waited {
                out.push(
                    Finding::new(
                        Check::Tcgen05,
                        b.op,
                        "'tcgen05_st' overwrites TMEM that an earlier 'tcgen05_ld' reads, with no 'tcgen05_wait_ld' in between (the load may not have read it yet)".into(),
                    )
                    .related(a.op, "the tcgen05_ld is here")
                    .fix(b.op, "add 'tcgen05_wait_ld' before this tcgen05_st"),
                );
                break;
            }
        }
    }
}
