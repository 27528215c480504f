//! The per-site guards of weakest-fence, from one walk of the kernel: where each op is, which
//! loops the race checker models (and their periods), which sites may be part of a
//! store-buffering shape, and so which candidates ([`super::candidates`]) a site gets at all.

use super::candidates::{self, is, kind, Caps};
use super::walk;
use crate::verify::races;
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::OpKind as K;
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_ir::{MemSemantic, Module, Op};

/// What the per-site guards need from the whole kernel, computed in one walk (and again after
/// every committed rewrite), so that a site costs no kernel walk of its own.
pub(super) struct Index {
    /// Pre-order position of every site ([`super::is_site`]: the ops [`Index::sb_shaped`] is
    /// asked about).
    pos: FxHashMap<Op, usize>,
    /// The sites, in program order ([`super::sites`] when the index was made).
    sites: Vec<Op>,
    /// Positions of the first and last strong access.
    strong: Option<(usize, usize)>,
    /// For each `for` / `while`: how many ops inside it (at any depth) are memory or sync ops.
    busy: FxHashMap<Op, usize>,
    /// The `for` loops verify-races checks in their steady state (iteration i with i+d), with
    /// their periods (R11 amortizes a release over fewer iterations than the period).
    modeled: FxHashMap<Op, Option<i64>>,
    /// Every strong access of the kernel is to one global location, at gpu or sys scope, and
    /// the kernel has no other synchronizing memory object (an mbarrier, the cluster barrier,
    /// an async copy): no store-buffering or IRIW shape, which need two locations (R12).
    one_location: bool,
    /// Every strong access of the kernel is the write or a spin of a flag verify-races follows
    /// by value (a round counter, a rising flag), each spin's value used only by its compare,
    /// and the kernel has no other synchronizing memory object: the sc order can change no
    /// outcome the program acts on (R12).
    all_followed: bool,
}

impl Index {
    pub(super) fn of(m: &Module, k: Op) -> Index {
        let mut ix = Index {
            pos: FxHashMap::default(),
            sites: Vec::new(),
            strong: None,
            busy: FxHashMap::default(),
            modeled: FxHashMap::default(),
            one_location: true,
            all_followed: true,
        };
        let mut loops: Vec<Op> = Vec::new();
        let mut n = 0usize;
        let mut location = None;
        // The strong accesses, each of which must be a followed flag's for `all_followed`
        // (checked below, once the loops are known).
        let mut strong_ops = Vec::new();
        // The results of the strong accesses, each to be used by `cmpi`s only (checked below).
        let mut spun = FxHashSet::default();
        walk(m, k, &mut |o| {
            if super::is_site(m, o) {
                ix.pos.insert(o, n);
                ix.sites.push(o);
            }
            let s = kind(m, o);
            // The pair of the accesses only (`red_async` has none: it is relaxed.cluster by
            // definition, so it is never strong here).
            let pair = match s {
                Some(K::Ld | K::St | K::Atom | K::Red) => AnyPair(o).pair(m),
                _ => (None, None),
            };
            let strong = pair.0.is_some_and(|s| s != MemSemantic::Weak);
            if strong {
                ix.strong = Some(ix.strong.map_or((n, n), |(f, _)| (f, n)));
                let wide = pair.1.is_some_and(|x| x >= tilec_ir::MemScope::Gpu);
                let here = races::rounds::location(m, o).filter(|_| wide);
                ix.one_location &= here.is_some() && location.get_or_insert(here) == &here;
                strong_ops.push(o);
                spun.extend(m.results(o));
            }
            if s.is_some_and(unfollowed) {
                ix.one_location = false;
                ix.all_followed = false;
            }
            if matches!(s, Some(K::For | K::While)) {
                loops.push(o);
            }
            n += 1;
        });
        // Only a `for` is modeled, and only a modeled loop has followed flags: a kernel
        // without one needs no planning of its loops (a walk of the whole kernel).
        let any_for = loops.iter().any(|&l| is(m, l, K::For));
        let (modeled, followed) = match any_for {
            true => races::unroll::modeled_and_followed(m, k),
            false => Default::default(),
        };
        ix.modeled = modeled;
        ix.all_followed &= strong_ops.iter().all(|&o| followed.owns(o));
        if ix.all_followed && !spun.is_empty() {
            ix.all_followed = only_compared(m, k, &spun);
        }
        for l in loops {
            let mut c = 0;
            walk(m, l, &mut |o| {
                // Control flow (a nested spin `while`, an `if`) is not itself a memory op.
                let control = !m.regions(o).is_empty();
                c += usize::from(!(candidates::pure(m, o) || control || is(m, o, K::Yield)));
            });
            ix.busy.insert(l, c);
        }
        ix
    }

    /// The sites of the kernel when the index was made, in program order (a form-only
    /// rewrite since then can remove a site, never add one: a removed site gets no
    /// [`Index::candidates`]).
    pub(super) fn sites(&self) -> &[Op] {
        &self.sites
    }

    /// May an sc fence (or the fence.sc of an sc access) at `op` order two strong accesses
    /// (store-buffering, IRIW)? Not when every strong access is to one location (the shapes
    /// need two), nor when every one belongs to a followed flag (what a spin reads only decides
    /// whether it spins on; each flag's writes are ordered without the sc order); else yes when it sits in a loop, or a strong access comes before it and one
    /// after it (an sc access counts as after itself).
    fn sb_shaped(&self, m: &Module, k: Op, op: Op) -> bool {
        if self.one_location || self.all_followed {
            return false;
        }
        let mut p = m.parent_op(op);
        while let Some(x) = p.filter(|x| *x != k) {
            if matches!(kind(m, x), Some(K::For | K::While)) {
                return true;
            }
            p = m.parent_op(x);
        }
        let (Some(&at), Some((first, last))) = (self.pos.get(&op), self.strong) else {
            return false;
        };
        first < at && (!is(m, op, K::Fence) || last > at)
    }

    /// The rewrites to try at site `op`, or None where the site is left alone: gone (an
    /// earlier rewrite removed it), in a loop with other memory ops, or in a frozen kernel
    /// (every site but a proxy fence).
    pub(super) fn candidates(
        &self,
        m: &Module,
        k: Op,
        op: Op,
        caps: Caps,
        frozen: bool,
    ) -> Option<Vec<candidates::Candidate>> {
        let gone = m.op_block(op).is_none() || m.is_erased(op);
        if gone || !self.alone_in_loops(m, k, op) {
            return None;
        }
        if frozen && !is(m, op, K::FenceProxyAsync) {
            // R9's relaxed spin keeps every order an outside handoff may rely on, where the
            // spin's load is the only memory or sync op of its loop
            // ([`candidates::relaxed_spin`]); nothing else of a frozen kernel changes.
            let alone = m
                .parent_op(op)
                .is_some_and(|l| self.busy.get(&l) == Some(&1));
            let v: Vec<_> = candidates::relaxed_spin(m, op, caps)
                .filter(|_| alone)
                .into_iter()
                .collect();
            return (!v.is_empty()).then_some(v);
        }
        let period = m
            .op_block(op)
            .and_then(|b| m.block_parent(b))
            .and_then(|r| m.region_parent(r))
            .and_then(|l| self.modeled.get(&l).copied().flatten());
        Some(candidates::at(
            m,
            op,
            caps,
            self.sb_shaped(m, k, op),
            period,
        ))
    }

    /// Does the checker see every loop-carried handoff `op` may order? Each loop around it is
    /// either one verify-races models (it checks iterations i and i+d together,
    /// SYNC-MODEL §3.1), or free of other memory and sync ops (a spin loop: a wait or a flag
    /// load, a compare, a yield). Any other loop hides handoffs between its iterations (a write
    /// late in iteration i, a read early in iteration i+1) from the checker, which then cannot
    /// vouch for weakening a site that orders them.
    pub(super) fn alone_in_loops(&self, m: &Module, k: Op, op: Op) -> bool {
        let mut p = m.parent_op(op);
        while let Some(l) = p.filter(|x| *x != k) {
            // The site itself is one of the busy ops.
            if self.busy.get(&l).is_some_and(|&c| c > 1) && !self.modeled.contains_key(&l) {
                return false;
            }
            p = m.parent_op(l);
        }
        true
    }
}

/// Is every use of the values `vs` in kernel `k` a `cmpi` (a spin's exit test)? One walk of the
/// kernel, whatever the number of values.
fn only_compared(m: &Module, k: Op, vs: &FxHashSet<tilec_ir::Value>) -> bool {
    let mut only = true;
    walk(m, k, &mut |o| {
        if only && !is(m, o, K::CmpI) && m.operands(o).iter().any(|v| vs.contains(v)) {
            only = false;
        }
    });
    only
}

/// The kinds that end the one-location shape and leave flags unfollowed: mbarrier, tensor-core
/// and bulk-copy ops, cluster barriers, async stores.
fn unfollowed(k: K) -> bool {
    k.is_mbarrier()
        || k.is_tcgen05()
        || k.is_wgmma()
        || matches!(
            k,
            K::BulkCopyG2S
                | K::BulkCopyS2G
                | K::TmaLoad
                | K::ClusterArrive
                | K::ClusterWait
                | K::StAsync
        )
}
