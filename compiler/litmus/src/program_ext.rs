//! tilec's extension instructions after lowering ([`ExtOp`]), and the owners of shared and
//! mbarrier locations. What each op does to memory is `runs::ext`'s.

use crate::ast::{BinOp, InstrKind, Scope, Sem, StateSpace, Test};
use crate::program::{Object, Regs, Val};

/// One extension op of an unrolled thread (objects and registers by index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExtOp {
    /// A `sync_restrict` fence (`Release`: `::shared::cta`; `Acquire`: `::shared::cluster`).
    FenceRestrict(Sem),
    /// `fence.proxy.async[.space]`.
    FenceProxyAsync(Option<StateSpace>),
    /// `mbarrier.init`.
    MbarInit { obj: usize, count: Val },
    /// `mbarrier.arrive[.expect_tx]`, `expect_tx`, `complete_tx`: `arrivals` arrive-ons and a
    /// tx-count change of `tx` (negated for complete-tx).
    MbarUpdate {
        sem: Sem,
        scope: Scope,
        obj: usize,
        arrivals: Val,
        tx: Val,
        complete: bool,
    },
    /// `mbarrier.{test,try}_wait.parity`.
    MbarWait {
        sem: Sem,
        scope: Scope,
        dst: usize,
        obj: usize,
        parity: Val,
    },
    /// `cp.async.bulk` (with `bar`: completes on that mbarrier; else on the bulk async-group).
    Copy {
        dst: usize,
        src: usize,
        bar: Option<usize>,
    },
    /// `st.async`.
    StAsync { obj: usize, value: Val, bar: usize },
    /// `red.async.relaxed.cluster.op`.
    RedAsync {
        op: BinOp,
        obj: usize,
        value: Val,
        bar: usize,
    },
    /// `cp.async.bulk.commit_group`.
    BulkCommit,
    /// `cp.async.bulk.wait_group 0`.
    BulkWait,
    /// `barrier.cluster.arrive.{release,relaxed}`.
    ClusterArrive(Sem),
    /// `barrier.cluster.wait.acquire`.
    ClusterWait,
}

impl ExtOp {
    /// Lowers one of tilec's extension instructions (every [`InstrKind`] that is not Dat3M's).
    pub(crate) fn lower(
        k: &InstrKind,
        regs: &mut Regs,
        obj: &mut impl FnMut(&str) -> usize,
    ) -> ExtOp {
        use InstrKind as I;
        let one = Val::Imm(1);
        match k {
            I::FenceRestrict(s) => ExtOp::FenceRestrict(*s),
            I::FenceProxyAsync(s) => ExtOp::FenceProxyAsync(*s),
            I::MbarInit { bar, count } => ExtOp::MbarInit {
                obj: obj(bar),
                count: regs.val(count),
            },
            I::MbarArrive {
                sem,
                scope,
                bar,
                count,
                tx,
            } => ExtOp::MbarUpdate {
                sem: *sem,
                scope: *scope,
                obj: obj(bar),
                arrivals: count.as_ref().map_or(one, |c| regs.val(c)),
                tx: tx.as_ref().map_or(Val::Imm(0), |t| regs.val(t)),
                complete: false,
            },
            I::MbarTx {
                complete,
                scope,
                bar,
                tx,
            } => ExtOp::MbarUpdate {
                sem: Sem::Relaxed,
                scope: *scope,
                obj: obj(bar),
                arrivals: Val::Imm(0),
                tx: regs.val(tx),
                complete: *complete,
            },
            I::MbarWait {
                sem,
                scope,
                dst,
                bar,
                parity,
                ..
            } => ExtOp::MbarWait {
                sem: *sem,
                scope: *scope,
                dst: regs.id(dst),
                obj: obj(bar),
                parity: regs.val(parity),
            },
            I::CpAsyncBulk { dst, src, bar, .. } => ExtOp::Copy {
                dst: obj(dst),
                src: obj(src),
                bar: bar.as_deref().map(&mut *obj),
            },
            I::StAsync { addr, value, bar } => ExtOp::StAsync {
                obj: obj(addr),
                value: regs.val(value),
                bar: obj(bar),
            },
            I::RedAsync {
                op,
                addr,
                value,
                bar,
            } => ExtOp::RedAsync {
                op: *op,
                obj: obj(addr),
                value: regs.val(value),
                bar: obj(bar),
            },
            I::BulkCommit => ExtOp::BulkCommit,
            I::BulkWait(_) => ExtOp::BulkWait,
            I::ClusterArrive { sem, .. } => ExtOp::ClusterArrive(*sem),
            _ => ExtOp::ClusterWait,
        }
    }

    /// Whether the op writes memory (a loop around it is not a side-effect-free spin).
    pub fn has_side_effect(&self) -> bool {
        !matches!(
            self,
            ExtOp::FenceRestrict(_) | ExtOp::FenceProxyAsync(_) | ExtOp::MbarWait { .. }
        )
    }

    /// The values the op reads.
    pub fn vals(&self) -> Vec<Val> {
        match self {
            ExtOp::MbarInit { count, .. } => vec![*count],
            ExtOp::MbarUpdate { arrivals, tx, .. } => vec![*arrivals, *tx],
            ExtOp::MbarWait { parity, .. } => vec![*parity],
            ExtOp::StAsync { value, .. } | ExtOp::RedAsync { value, .. } => vec![*value],
            _ => Vec::new(),
        }
    }

    /// The register the op writes.
    pub fn dst(&self) -> Option<usize> {
        match self {
            ExtOp::MbarWait { dst, .. } => Some(*dst),
            _ => None,
        }
    }
}

/// Sets [`Object::owner`] and [`Object::mbar`] from the init block's `@ shared` / `@ mbarrier`
/// declarations (an alias shares its target's owner). The owner's place is the place of the
/// test's threads of that CTA ([`crate::check_ext`] rejects an owner CTA without threads).
pub fn resolve_spaces(test: &Test, objects: &mut [Object]) {
    let places = crate::search::places(test);
    for item in &test.init {
        let crate::ast::InitItem::Location { name, space, .. } = item else {
            continue;
        };
        let Some(o) = space.owner() else { continue };
        let place = test
            .threads
            .iter()
            .zip(&places)
            .find(|(t, _)| t.cta == o.cta && o.gpu.is_none_or(|g| g == t.gpu))
            .map(|(_, p)| *p);
        let mbar = matches!(space, crate::ast::Space::Mbarrier(_));
        let phys = objects.iter().find(|x| &x.name == name).map(|x| x.phys);
        for x in objects.iter_mut().filter(|x| Some(x.phys) == phys) {
            x.owner = place.or(Some((o.gpu.unwrap_or(0), u32::MAX, o.cta)));
            x.mbar = mbar;
        }
    }
}
