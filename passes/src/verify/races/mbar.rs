//! Checks 7 and 8 of SYNC-MODEL §3 on every mbarrier object (an `alloc_shared` and an offset):
//! a waited phase must be completable (its transaction bytes have producers and, when both are
//! known, the same count; its arrivals can reach the init count), and the object must be
//! initialized before use, published to the other threads (a barrier) and to peer CTAs
//! (`fence_mbarrier_init` + a cluster barrier), and not used after `mbarrier_inval`.

use super::affine::{Affine, Forms};
use super::model::{Buf, Model};
use super::sync::Mechanisms;
use super::unroll::Phase;
use super::{name, Check, Finding};
use tilec_dialects::nv_tileas::views::{
    BulkCopyG2S, MbarrierArrive, MbarrierArriveDrop, MbarrierCompleteTx, MbarrierExpectTx,
    MbarrierInit, OpKind, TmaLoad,
};
use tilec_ir::{Module, Op};

#[derive(Default)]
struct Obj {
    inits: Vec<(Op, Option<i64>)>,
    invals: Vec<Op>,
    /// (op, remote, threads running it) of arrivals.
    arrivals: Vec<(Op, bool, Option<u32>)>,
    /// (op, bytes per phase) of expectations (None: unknown).
    expects: Vec<(Op, Option<i64>)>,
    /// (op, bytes per phase) of transaction producers.
    completes: Vec<(Op, Option<i64>)>,
    waits: Vec<Op>,
    /// Every use, with whether it reaches a peer's copy.
    uses: Vec<(Op, bool)>,
}

fn mul(a: Option<i64>, b: Option<u32>) -> Option<i64> {
    Some(a? * i64::from(b?))
}

/// The arrival count of the `mbarrier_init` `init`, when its operand is a constant (folded by
/// `forms`): what check 7 counts arrivals against, and the count the litmus skeletons note.
pub(super) fn init_count(m: &Module, forms: &mut Forms, init: MbarrierInit) -> Option<i64> {
    let a = forms.of(m, *m.operands(init.0).get(1)?);
    a.terms.is_empty().then_some(a.konst)
}

/// Runs checks 7 and 8.
pub fn check(md: &mut Model, me: &Mechanisms, out: &mut Vec<Finding>) {
    let m = md.m;
    let mut objs: Vec<((Buf, Affine), Obj)> = Vec::new();
    let mut index: rustc_hash::FxHashMap<(Buf, Affine), usize> = Default::default();
    for i in 0..md.ops.len() {
        let op = md.ops[i];
        let Some(kind) = OpKind::of(m, op) else {
            continue;
        };
        let idx = match kind {
            OpKind::MbarrierInit
            | OpKind::MbarrierInval
            | OpKind::MbarrierArrive
            | OpKind::MbarrierArriveDrop
            | OpKind::MbarrierExpectTx
            | OpKind::MbarrierCompleteTx
            | OpKind::MbarrierWait
            | OpKind::MbarrierTryWait
            | OpKind::MbarrierTestWait
            | OpKind::Tcgen05Commit => 0,
            OpKind::StAsync | OpKind::RedAsync | OpKind::BulkCopyG2S | OpKind::TmaLoad => 2,
            _ => continue,
        };
        let Some(&v) = m.operands(op).get(idx) else {
            continue;
        };
        let p = md.trace(v);
        if !matches!(p.buf, Buf::Alloc(_)) {
            continue;
        }
        let key = (p.buf, p.off);
        let i = *index.entry(key.clone()).or_insert_with(|| {
            objs.push((key, Obj::default()));
            objs.len() - 1
        });
        let threads = md.threads_per_run(op);
        // The transaction bytes an arrive expects, or an expect_tx or complete_tx counts.
        let tx = match kind {
            OpKind::MbarrierArrive => MbarrierArrive(op).tx_bytes(m),
            OpKind::MbarrierArriveDrop => MbarrierArriveDrop(op).tx_bytes(m),
            OpKind::MbarrierExpectTx => MbarrierExpectTx(op).tx_bytes(m),
            OpKind::MbarrierCompleteTx => MbarrierCompleteTx(op).tx_bytes(m),
            _ => None,
        };
        let o = &mut objs[i].1;
        o.uses.push((op, p.remote));
        match kind {
            OpKind::MbarrierInit => {
                let count = init_count(m, &mut md.forms, MbarrierInit(op));
                o.inits.push((op, count));
                o.uses.pop();
            }
            OpKind::MbarrierInval => o.invals.push(op),
            OpKind::MbarrierArrive | OpKind::MbarrierArriveDrop | OpKind::Tcgen05Commit => {
                o.arrivals.push((op, p.remote, threads));
                if tx.is_some() {
                    o.expects.push((op, mul(tx, threads)));
                }
            }
            OpKind::MbarrierExpectTx => o.expects.push((op, mul(tx, threads))),
            OpKind::MbarrierCompleteTx => o.completes.push((op, mul(tx, threads))),
            OpKind::BulkCopyG2S => {
                let b = BulkCopyG2S(op).bytes(m);
                o.completes.push((op, mul(b, threads)));
            }
            OpKind::TmaLoad => {
                let b = TmaLoad(op).bytes(m);
                o.completes.push((op, mul(b, threads)));
            }
            OpKind::StAsync | OpKind::RedAsync => {
                let bytes =
                    m.operands(op)
                        .get(1)
                        .and_then(|v| match m.type_data(m.value_type(*v)) {
                            tilec_ir::TypeData::Int(w) => Some(i64::from(*w).div_euclid(8).max(1)),
                            tilec_ir::TypeData::Float(k) => Some(i64::from(k.bits() / 8)),
                            _ => None,
                        });
                o.completes.push((op, mul(bytes, threads)));
            }
            _ => o.waits.push(op),
        }
    }
    // The `fence_mbarrier_init`s, once (each remote use asks for one after its init).
    let init_fences: Vec<Op> = md.ops_of(OpKind::FenceMbarrierInit).to_vec();
    for (_, o) in &objs {
        check_init(md, me, o, &init_fences, out);
        if o.arrivals.is_empty() && o.completes.is_empty() {
            check_phase(md, o, out);
            continue;
        }
        // Phase by phase: in a modeled loop each copy's ops arrive on, complete and wait for
        // their own phase (unroll.rs); outside loops there is one.
        let mut phases: Vec<Phase> = Vec::new();
        for p in o.waits.iter().map(|&w| md.phase(w)) {
            if !phases.contains(&p) {
                phases.push(p);
            }
        }
        for ph in phases.into_iter().filter(|p| !matches!(p, Phase::Alone(_))) {
            let on = |x: Op| md.phase(x) == ph;
            let sub = Obj {
                inits: o.inits.clone(),
                invals: Vec::new(),
                arrivals: o.arrivals.iter().filter(|a| on(a.0)).copied().collect(),
                expects: o.expects.iter().filter(|a| on(a.0)).copied().collect(),
                completes: o.completes.iter().filter(|a| on(a.0)).copied().collect(),
                waits: o.waits.iter().filter(|&&w| on(w)).copied().collect(),
                uses: Vec::new(),
            };
            // A phase whose producers are outside the copies (an earlier iteration's) is
            // checked where they are.
            let produced = !(sub.arrivals.is_empty() && sub.completes.is_empty());
            if produced && check_phase(md, &sub, out) {
                break;
            }
        }
    }
}

/// Check 7 on one phase of an object; true when it reported.
fn check_phase(md: &Model, o: &Obj, out: &mut Vec<Finding>) -> bool {
    let m = md.m;
    let Some(&w) = o.waits.first() else {
        return false;
    };
    if let Some(&(e, _)) = o.expects.first() {
        if o.completes.is_empty() {
            out.push(
                Finding::new(
                    Check::ExpectTx,
                    w,
                    format!(
                        "'{}' waits for a phase that expects transaction bytes ('{}'), but no bulk copy, st_async, red_async or complete_tx completes bytes on this mbarrier: the phase never completes",
                        name(m, w),
                        name(m, e)
                    ),
                )
                .related(e, "the transaction bytes are expected here")
                .fix(w, "issue the copy that completes on this mbarrier (bulk_copy_g2s with it as the barrier operand, or st_async to it from the peer), or drop tx_bytes/expect_tx"),
            );
            return true;
        }
        let want: Option<i64> = o.expects.iter().map(|e| e.1).sum();
        let got: Option<i64> = o.completes.iter().map(|c| c.1).sum();
        if let (Some(want), Some(got)) = (want, got) {
            if want != got {
                out.push(
                    Finding::new(
                        Check::ExpectTx,
                        w,
                        format!(
                            "'{}' waits for a phase that expects {want} transaction bytes, but the producers complete {got} bytes per phase: the phase {}",
                            name(m, w),
                            if got < want { "never completes" } else { "completes early or underflows" }
                        ),
                    )
                    .related(e, "the transaction bytes are expected here")
                    .fix(e, &format!("expect exactly the bytes the copies complete ({got})")),
                );
                return true;
            }
        }
    }
    // Arrivals per phase against the init count.
    let Some(&(init, Some(count))) = o.inits.first() else {
        return false;
    };
    let arrivals: Option<i64> = o.arrivals.iter().map(|(_, _, t)| t.map(i64::from)).sum();
    if o.arrivals.is_empty() {
        out.push(
            Finding::new(
                Check::ExpectTx,
                w,
                format!(
                    "'{}' waits on an mbarrier that nothing arrives on (its init count is {count}): the phase never completes",
                    name(m, w)
                ),
            )
            .related(init, "the mbarrier_init is here")
            .fix(w, "arrive on the barrier (mbarrier_arrive) from the producing threads"),
        );
        true
    } else if let Some(a) = arrivals.filter(|a| *a < count && !o.arrivals.is_empty()) {
        out.push(
            Finding::new(
                Check::ExpectTx,
                w,
                format!(
                    "'{}' waits for a phase that needs {count} arrivals (mbarrier_init), but only {a} threads arrive per phase: the phase never completes",
                    name(m, w)
                ),
            )
            .related(init, "the mbarrier_init is here")
            .fix(init, &format!("initialize the barrier with the number of arriving threads ({a})")),
        );
        true
    } else {
        false
    }
}

/// Check 8 on one object: it is initialized before every use, not used after its
/// invalidation, and its initialization is published to every user.
fn check_init(md: &Model, me: &Mechanisms, o: &Obj, init_fences: &[Op], out: &mut Vec<Finding>) {
    let m = md.m;
    let Some(&(use0, _)) = o.uses.first() else {
        return;
    };
    let Some(&(init, _)) = o.inits.first() else {
        out.push(
            Finding::new(
                Check::Init,
                use0,
                format!("'{}' uses an mbarrier that no mbarrier_init initializes", name(m, use0)),
            )
            .fix(use0, "initialize it first: one thread runs mbarrier_init, then a 'barrier' publishes it to the CTA"),
        );
        return;
    };
    let ck = InitCheck {
        md,
        me,
        o,
        init_fences,
        init,
    };
    // Only the first use that fails is reported.
    for &(u, remote) in &o.uses {
        if let Some(f) = ck.misordered(u).or_else(|| ck.unpublished(u, remote)) {
            out.push(f);
            return;
        }
    }
}

/// Check 8 on the uses of one initialized object (`init`: its first `mbarrier_init`).
struct InitCheck<'a, 'm> {
    md: &'a Model<'m>,
    me: &'a Mechanisms,
    o: &'a Obj,
    /// The kernel's `fence_mbarrier_init`s.
    init_fences: &'a [Op],
    init: Op,
}

impl InitCheck<'_, '_> {
    /// The finding for a use `u` before the init or after an invalidation, if it is one.
    fn misordered(&self, u: Op) -> Option<Finding> {
        let (md, init) = (self.md, self.init);
        let m = md.m;
        if md.at(u).pos < md.at(init).pos {
            return Some(
                Finding::new(
                    Check::Init,
                    u,
                    format!(
                        "'{}' uses the mbarrier before its mbarrier_init",
                        name(m, u)
                    ),
                )
                .related(init, "the mbarrier_init is here")
                .fix(u, "move the use after the initialization and its 'barrier'"),
            );
        }
        if let Some(&inv) = self.o.invals.iter().find(|&&i| md.after(i, u)) {
            return Some(
                Finding::new(
                    Check::Init,
                    u,
                    format!("'{}' uses the mbarrier after mbarrier_inval", name(m, u)),
                )
                .related(inv, "the mbarrier_inval is here")
                .fix(inv, "invalidate the barrier only after its last use"),
            );
        }
        None
    }

    /// The finding for a use `u` (of a peer's copy when `remote`) that the initialization is
    /// not published to, if it is one.
    fn unpublished(&self, u: Op, remote: bool) -> Option<Finding> {
        let (md, init) = (self.md, self.init);
        let m = md.m;
        let (ri, iu) = (md.at(init).role, md.at(u));
        if remote {
            let fenced = self
                .init_fences
                .iter()
                .any(|&f| md.after(init, f) && ri.within(md.at(f).role));
            if !fenced || !self.synced(u, true) {
                let missing = if fenced {
                    "a cluster barrier (cluster_arrive + cluster_wait) between the init and this use"
                } else {
                    "'fence_mbarrier_init' after the init"
                };
                return Some(
                    Finding::new(
                        Check::Init,
                        u,
                        format!(
                            "'{}' uses a peer CTA's mbarrier whose initialization is not published to the cluster: no {missing}",
                            name(m, u)
                        ),
                    )
                    .related(init, "the mbarrier_init is here")
                    .fix(init, "after mbarrier_init run fence_mbarrier_init, then cluster_arrive (relaxed is enough) and cluster_wait before any peer uses the barrier"),
                );
            }
        } else {
            let same_thread = ri.single() && iu.role == ri;
            if !same_thread && !self.synced(u, false) {
                return Some(
                    Finding::new(
                        Check::Init,
                        u,
                        format!(
                            "'{}' uses the mbarrier from threads that did not initialize it, with no barrier after mbarrier_init",
                            name(m, u)
                        ),
                    )
                    .related(init, "the mbarrier_init is here")
                    .fix(init, "add a 'barrier' after the initialization (or a cluster barrier, which also orders the CTA)"),
                );
            }
        }
        None
    }

    /// Whether a thread sync after the init that the user `u` passed publishes it: a CTA
    /// barrier (not when `cluster_only`) or a cluster barrier.
    fn synced(&self, u: Op, cluster_only: bool) -> bool {
        let (md, me, init) = (self.md, self.me, self.init);
        let (ri, iu) = (md.at(init).role, md.at(u));
        // A thread sync after the init that every later user passed.
        // Only the sync ops between the init and the use can publish it (acquires and
        // releases are in program order).
        let (pi, pu) = (md.at(init).pos, iu.pos);
        let acq_pos = |q: &super::sync::Acquire| md.at(q.op).pos;
        let a0 = me.acquires.partition_point(|q| acq_pos(q) <= pi);
        let a1 = me.acquires.partition_point(|q| acq_pos(q) < pu);
        let between = &me.acquires[a0..a1.max(a0)];
        let r0 = me.release_pos.partition_point(|&p| p <= pi);
        let r1 = me.release_pos.partition_point(|&p| p < pu);
        let releases = &me.releases[r0..r1.max(r0)];
        let bar = !cluster_only
            && between.iter().any(|q| {
                matches!(q.edge, super::sync::Edge::Barrier(_))
                    && md.after(init, q.op)
                    && md.dominates(q.op, u)
                    && ri.within(md.at(q.op).role)
                    && iu.role.within(md.at(q.op).role)
            });
        // Only when no CTA barrier published it (each scan is over every release between).
        bar || releases.iter().any(|r| {
            matches!(r.edge, super::sync::Edge::Cluster)
                && md.after(init, r.op)
                && ri.within(md.at(r.op).role)
                && between.iter().any(|q| {
                    matches!(q.edge, super::sync::Edge::Cluster)
                        && md.at(q.op).pos > md.at(r.op).pos
                        && md.dominates(q.op, u)
                        && iu.role.within(md.at(q.op).role)
                })
        })
    }
}
