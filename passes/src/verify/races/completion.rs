//! When an asynchronous access is complete: the waits and commit groups of bulk stores
//! (`bulk_copy_s2g`'s source read), `wgmma_mma` (its shared-memory operand reads) and `cp_async`
//! (its shared-memory write and global read).
//!
//! The race model places every access of these ops where it is issued ([`super::model`]), which
//! is right for what must come *before* it (an access ordered before the issue is ordered before
//! the access, whenever it lands). What comes *after* it is ordered only from the wait of the
//! issuing thread that completes it: a wait that leaves its group done ([`group_done`]: PTX ISA,
//! `cp.async.bulk.wait_group` / `wgmma.wait_group` / `cp.async.wait_group`, "wait until only N
//! or fewer of the most recent groups are pending"), or a `cp_async_wait_all` for a `cp_async`
//! ("cp.async.wait_all is equivalent to cp.async.commit_group followed by cp.async.wait_group
//! 0"). The handoff checks ask [`waited`] for the first release a path from such an access
//! leaves by, and for the thread's own later access of the bytes.
//!
//! A `cp_async` is [`deferred`]: its own accesses (a weak write of shared memory and read of
//! global memory in the generic proxy; PTX ISA, cp.async.wait_group: the wait makes "the
//! writes ... visible to the executing thread") are in flight until such a wait, so its
//! completion matters for every later access, of any proxy, by any thread.

use super::model::{Buf, Model, Proxy};
use super::{Check, Finding};
use tilec_dialects::nv_tileas::views::{BulkWait, CpAsyncWait, OpKind, WgmmaWait};
use tilec_ir::{Op, OpView};

/// How the accesses of an async op complete.
pub(super) struct Completion {
    /// The wait with a pending count.
    pub wait: OpKind,
    /// The commit that closes a group.
    pub commit: OpKind,
    /// A wait that completes every earlier op of the kind, committed or not.
    pub all: Option<OpKind>,
    /// The fix that adds the last wait before the exit.
    pub fix: &'static str,
}

/// How `op`'s async accesses complete; None for an op whose accesses are done when issued.
pub(super) fn completion(md: &Model, op: Op) -> Option<Completion> {
    Some(match OpKind::of(md.m, op)? {
        OpKind::BulkCopyS2G => Completion {
            wait: OpKind::BulkWait,
            commit: OpKind::BulkCommit,
            all: None,
            fix: "add 'bulk_wait' {pending = 0, read} in the issuing thread before the exit (cp.async.bulk.wait_group.read 0)",
        },
        OpKind::WgmmaMma => Completion {
            wait: OpKind::WgmmaWait,
            commit: OpKind::WgmmaCommit,
            all: None,
            fix: "add 'wgmma_wait' {pending = 0} in the issuing thread before the exit (wgmma.wait_group.sync.aligned 0)",
        },
        OpKind::CpAsync => Completion {
            wait: OpKind::CpAsyncWait,
            commit: OpKind::CpAsyncCommit,
            all: Some(OpKind::CpAsyncWaitAll),
            fix: "add 'cp_async_wait' {pending = 0} (or 'cp_async_wait_all') in the issuing thread after this 'cp_async'",
        },
        _ => return None,
    })
}

/// Is `op` a `cp_async`, whose own write and read are in flight until a wait completes them
/// (module docs)?
pub(super) fn deferred(md: &Model, op: Op) -> bool {
    OpKind::of(md.m, op) == Some(OpKind::CpAsync)
}

/// The waits of the thread that issued the async op `a` that complete it, in program order: each
/// after `a`, and before `before` on every path to it (None: on every path from `a` to the
/// kernel's end).
fn completing_waits(md: &Model, a: Op, before: Option<Op>) -> Vec<Op> {
    let Some(c) = completion(md, a) else {
        return Vec::new();
    };
    let mut waits: Vec<Op> = md.ops_of(c.wait).to_vec();
    if let Some(all) = c.all {
        waits.extend_from_slice(md.ops_of(all));
        waits.sort_by_key(|&w| md.at(w).pos);
    }
    waits
        .into_iter()
        .filter(|&w| {
            let placed = match before {
                Some(l) => between(md, a, w, l),
                None => md.after(a, w),
            };
            placed
                && md.at(a).role.within(md.at(w).role)
                && (Some(OpKind::of(md.m, w)) == Some(c.all) || group_done(md, a, c.commit, w))
        })
        .collect()
}

/// Does `x` run after `a` and before `l` on every path that runs both: it runs after `a`
/// whenever `a` runs and comes before `l`, or it comes after `a` and runs before `l` whenever
/// `l` runs (a wait inside a loop, for a copy issued before it and a barrier in the same
/// iteration).
pub(super) fn between(md: &Model, a: Op, x: Op, l: Op) -> bool {
    let (pa, px, pl) = (md.at(a).pos, md.at(x).pos, md.at(l).pos);
    (md.after(a, x) && px < pl) || (pa < px && md.dominates(x, l))
}

/// Is the async op `a` ([`completion`]) complete before `before` whenever both run (None: before
/// the kernel ends): does a wait of its thread that completes it come between them on every
/// path?
pub(super) fn waited(md: &Model, a: Op, before: Option<Op>) -> bool {
    !completing_waits(md, a, before).is_empty()
}

/// The first wait with a pending count of the thread that issued the async op `a` that leaves
/// `a`'s group done before `before` ([`completing_waits`]), with the commit that closes that
/// group (the first one after `a` that counts there): a wait [`waited`] finds, for the litmus
/// skeletons.
pub(super) fn covering_wait(md: &Model, a: Op, before: Op) -> Option<(Op, Op)> {
    let c = completion(md, a)?;
    let w = completing_waits(md, a, Some(before))
        .into_iter()
        .find(|&w| OpKind::of(md.m, w) == Some(c.wait))?;
    let commit = counted_commits(md, a, c.commit, w).into_iter().next()?;
    Some((commit, w))
}

/// Does the wait `w` (`bulk_wait` / `wgmma_wait` / `cp_async_wait` with `pending = N`) return
/// only after the async op `a` is done? Its group (closed by the first `commit` after it in its
/// thread) is done when at most `N` groups committed after it are still pending: at least
/// `N + 1` commits lie between `a` and `w`. Only commits that run on every path from `a` to `w`
/// in `a`'s threads count (one that might not run could leave `a`'s group among the `N`).
fn group_done(md: &Model, a: Op, commit: OpKind, w: Op) -> bool {
    let pending = match (
        BulkWait::cast(md.m, w),
        WgmmaWait::cast(md.m, w),
        CpAsyncWait::cast(md.m, w),
    ) {
        (Some(x), _, _) => x.pending(md.m),
        (_, Some(x), _) => x.pending(md.m),
        (_, _, Some(x)) => x.pending(md.m),
        _ => None,
    }
    .unwrap_or(0);
    counted_commits(md, a, commit, w).len() as i64 > pending
}

/// The commits that [`group_done`] counts between the async op `a` and the wait `w`, in order:
/// those of `a`'s threads that run between them on every path that runs both ([`between`]).
fn counted_commits(md: &Model, a: Op, commit: OpKind, w: Op) -> Vec<Op> {
    let (pa, pw) = (md.at(a).pos, md.at(w).pos);
    let named = md.ops_of(commit);
    let from = named.partition_point(|&c| md.at(c).pos <= pa);
    let to = named.partition_point(|&c| md.at(c).pos < pw).max(from);
    named[from..to]
        .iter()
        .copied()
        .filter(|&c| between(md, a, c, w) && md.at(a).role.within(md.at(c).role))
        .collect()
}

/// An async access of the CTA's shared memory (a `bulk_copy_s2g` source, a `wgmma_mma` operand,
/// a `cp_async` destination) must be complete before the CTA exits and its shared memory is
/// freed: a wait of the issuing thread after it completes it ([`waited`]). One finding per
/// source location.
pub(super) fn in_flight_at_exit(md: &Model, out: &mut Vec<Finding>) {
    let mut seen = Vec::new();
    for a in &md.accesses {
        let Some(c) = completion(md, a.op) else {
            continue;
        };
        let copy = deferred(md, a.op) && a.write;
        let async_read = !a.write && a.proxy == Proxy::Async;
        if !(copy || async_read) || !matches!(a.ptr.buf, Buf::Alloc(_)) {
            continue;
        }
        let loc = md.m.op_loc(a.op);
        if waited(md, a.op, None) || seen.contains(&loc) {
            continue;
        }
        seen.push(loc);
        let s = super::name(md.m, a.op);
        let (check, what, wait) = if copy {
            (
                Check::Unsynchronized,
                "the write of shared memory",
                "completes it",
            )
        } else {
            (
                Check::Proxy,
                "the async proxy read of shared memory",
                "leaves its group done",
            )
        };
        out.push(
            Finding::new(
                check,
                a.op,
                format!("{what} by '{s}' may still be in flight when the CTA exits and its shared memory is freed: no wait of the issuing thread after it {wait}"),
            )
            .fix(a.op, c.fix),
        );
    }
}
