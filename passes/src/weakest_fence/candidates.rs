//! The rewrites the pass tries at each fence or sync qualifier (SYNC-MODEL §4, R1–R11). Each
//! candidate is a function over the module and an edit log; which one is kept is decided by the
//! pass (cheapest first, judged on the handoff graph or by the race checker), not here. A
//! candidate only has to be a *well-formed* program; whether it is *correct* is the graph's or
//! the checker's question.

use super::edit::Edits;
use super::Rule;
use crate::verify::races::affine;
use tilec_dialects::nv_tileas::{
    Barrier, Fence, FenceProxyAsync, MbarrierArrive, MbarrierArriveDrop, OpKind as K, StAsync,
};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_ir::{sym, AttrData, MemScope, MemSemantic, Module, Op, OpView, Space, TypeData, Value};

/// Applies a rewrite, logging every change.
pub type Apply = Box<dyn Fn(&mut Module, &mut Edits)>;

/// One rewrite: the rules it applies and how.
pub struct Candidate {
    /// The rules (for `--explain-fences`).
    pub rules: Vec<Rule>,
    /// Applies it.
    pub apply: Apply,
}

/// What candidates may use.
#[derive(Clone, Copy)]
pub struct Caps {
    /// Split and `sync_restrict` fences (PTX 8.6, sm_90).
    pub split: bool,
    /// Cluster scope exists (sm_90).
    pub clusters: bool,
}

/// The nv_tileas kind of `op` (None for an op of another dialect).
pub(super) fn kind(m: &Module, op: Op) -> Option<K> {
    K::of(m, op)
}
/// The op's name for messages (`fence`, `mbarrier_arrive`): the race checker's.
pub(super) fn label(m: &Module, op: Op) -> &'static str {
    crate::verify::races::name(m, op)
}
/// Is `op` of kind `k`?
pub(super) fn is(m: &Module, op: Op, k: K) -> bool {
    kind(m, op) == Some(k)
}

fn sem(m: &Module, op: Op) -> Option<MemSemantic> {
    AnyPair::cast(m, op)?.sem(m)
}
fn scope(m: &Module, op: Op) -> Option<MemScope> {
    AnyPair::cast(m, op)?.scope(m)
}

/// Ops that neither access memory nor synchronize (skipped when looking for a neighbour).
pub(super) fn pure(m: &Module, op: Op) -> bool {
    m.regions(op).is_empty() && kind(m, op).is_none_or(pure_kind)
}

/// The kinds that neither access memory nor synchronize: arithmetic, constants, special
/// registers, address computation.
fn pure_kind(k: K) -> bool {
    !(k.is_mbarrier()
        || k.is_bulk()
        || k.is_tcgen05()
        || k.is_wgmma()
        || k.is_access()
        || matches!(
            k,
            K::Barrier
                | K::BarrierArrive
                | K::ClusterArrive
                | K::ClusterWait
                | K::Fence
                | K::FenceProxyAsync
                | K::FenceMbarrierInit
                | K::Return
                | K::Yield
        ))
}

/// The next (or previous) op of the block that is not pure.
fn neighbour(m: &Module, op: Op, forward: bool) -> Option<Op> {
    let mut cur = op;
    loop {
        cur = if forward {
            m.next_op(cur)?
        } else {
            m.prev_op(cur)?
        };
        if !pure(m, cur) {
            return Some(cur);
        }
    }
}

/// A new fence before/after `anchor`.
pub(super) fn fence(
    ed: &mut Edits,
    m: &mut Module,
    anchor: Op,
    after: bool,
    s: MemSemantic,
    sc: MemScope,
    restrict: Option<Space>,
) -> Op {
    let mut attrs = vec![
        tilec_dialects::opdef::sem_entry(s),
        tilec_dialects::opdef::scope_entry(sc),
    ];
    if let Some(r) = restrict {
        attrs.push((sym!(Fence::RESTRICT), AttrData::Space(r)));
    }
    ed.create(m, anchor, after, Fence::name_sym(), &attrs)
}

pub(super) fn cand(rules: &[Rule], f: impl Fn(&mut Module, &mut Edits) + 'static) -> Candidate {
    Candidate {
        rules: rules.to_vec(),
        apply: Box::new(f),
    }
}

/// The rewrites to try at `op` (any order: the pass sorts them by cost); `period`: that of the
/// modeled loop whose body holds `op`, when known.
pub fn at(m: &Module, op: Op, caps: Caps, sb_shaped: bool, period: Option<i64>) -> Vec<Candidate> {
    let mut v = Vec::new();
    let Some(k) = kind(m, op) else {
        return v;
    };
    match k {
        K::Fence => fence_candidates(m, op, caps, sb_shaped, &mut v),
        K::FenceProxyAsync => {
            v.push(cand(&[Rule::Drop], move |m, ed| ed.remove(m, op)));
            if FenceProxyAsync::wrap(op).space(m).is_none() {
                for sp in [Space::SharedCta, Space::Global, Space::SharedCluster] {
                    v.push(cand(&[Rule::R7], move |m, ed| {
                        ed.with_attrs(m, op, |m| FenceProxyAsync::wrap(op).set_space(m, sp))
                    }));
                }
            }
        }
        K::ClusterArrive if sem(m, op) != Some(MemSemantic::Relaxed) => {
            v.push(cand(&[Rule::R6], move |m, ed| {
                ed.set_sem(m, op, MemSemantic::Relaxed)
            }));
            if caps.split {
                super::amortize::candidates(m, op, period, &mut v);
                v.push(cand(&[Rule::R6, Rule::R4], move |m, ed| {
                    ed.set_sem(m, op, MemSemantic::Relaxed);
                    fence(
                        ed,
                        m,
                        op,
                        false,
                        MemSemantic::Release,
                        MemScope::Cluster,
                        Some(Space::SharedCta),
                    );
                }));
            }
        }
        K::MbarrierArrive | K::MbarrierArriveDrop => arrive_candidates(m, op, caps, &mut v),
        K::MbarrierWait | K::MbarrierTryWait | K::MbarrierTestWait => {
            let s = sem(m, op).unwrap_or(MemSemantic::Acquire);
            let sc = scope(m, op).unwrap_or(MemScope::Cta);
            if s != MemSemantic::Relaxed && sc == MemScope::Cluster {
                // After the spin loop when the wait is its condition.
                let anchor = match m.parent_op(op) {
                    Some(p) if is(m, p, K::While) => p,
                    _ => op,
                };
                if caps.split {
                    v.push(cand(&[Rule::R4], move |m, ed| {
                        ed.set_sem(m, op, MemSemantic::Relaxed);
                        fence(
                            ed,
                            m,
                            anchor,
                            true,
                            MemSemantic::Acquire,
                            MemScope::Cluster,
                            Some(Space::SharedCluster),
                        );
                    }));
                }
                v.push(cand(&[Rule::R2], move |m, ed| {
                    ed.set_scope(m, op, MemScope::Cta)
                }));
            }
        }
        K::Ld | K::St | K::Atom | K::Red => access_candidates(m, op, caps, sb_shaped, &mut v),
        _ => {}
    }
    v
}

/// The rewrites of a `fence`: drop it (R5, R8), fold it into a neighbouring arrive or wait
/// (R3), weaken it in place (R1, R2, R4, R12), or move it out of its loop (R8).
fn fence_candidates(m: &Module, op: Op, caps: Caps, sb_shaped: bool, v: &mut Vec<Candidate>) {
    let s = sem(m, op).unwrap_or(MemSemantic::AcqRel);
    let sc = scope(m, op).unwrap_or(MemScope::Sys);
    let restrict = Fence::wrap(op).restrict(m);
    // An sc fence between strong accesses may be what a store-buffering shape relies on: the
    // checker does not model the sc order, so such a fence is left alone.
    if s == MemSemantic::Sc && sb_shaped {
        return;
    }
    let prev = neighbour(m, op, false);
    let next = neighbour(m, op, true);
    v.push(drop_candidate(m, op, sc, prev, next));
    // R12: outside store-buffering shapes an sc fence orders what an acq_rel fence does (the
    // sc order relates only sc fences, and matters only across two strong locations).
    let sc_fence = s == MemSemantic::Sc;
    let s = if sc_fence { MemSemantic::AcqRel } else { s };
    // R3: fold into the neighbouring relaxed arrive / wait.
    if s.has_release() && !sc_fence {
        fold_into_arrive(m, op, sc, next, v);
    }
    if s.has_acquire() && !sc_fence {
        fold_into_wait(m, op, sc, prev, v);
    }
    weaker_fences(op, caps, (s, sc, restrict), sc_fence, v);
    // R8: out of the loop it sits in (after it).
    if let Some(l) = m
        .parent_op(op)
        .filter(|p| matches!(kind(m, *p), Some(K::For | K::While)))
    {
        v.push(cand(&[Rule::R8], move |m, ed| ed.move_after(m, op, l)));
    }
}

/// Dropping the fence `op` of scope `sc`, under the rule that says why it may go: R5 next to a
/// barrier (a CTA fence), R8 next to an identical fence, else a plain drop.
fn drop_candidate(
    m: &Module,
    op: Op,
    sc: MemScope,
    prev: Option<Op>,
    next: Option<Op>,
) -> Candidate {
    let barrier = |o: Option<Op>| o.is_some_and(|o| is(m, o, K::Barrier));
    let same = |o: Option<Op>| o.is_some_and(|o| is(m, o, K::Fence) && m.attrs(o) == m.attrs(op));
    let drop_rule = if sc == MemScope::Cta && (barrier(prev) || barrier(next)) {
        Rule::R5
    } else if same(prev) || same(next) {
        Rule::R8
    } else {
        Rule::Drop
    };
    cand(&[drop_rule], move |m, ed| ed.remove(m, op))
}

/// R3 for a releasing fence `op` of scope `sc`: folded into the relaxed arrive `next` after it.
fn fold_into_arrive(m: &Module, op: Op, sc: MemScope, next: Option<Op>, v: &mut Vec<Candidate>) {
    if let Some(n) = next.filter(|n| {
        matches!(kind(m, *n), Some(K::MbarrierArrive | K::MbarrierArriveDrop))
            && sem(m, *n) == Some(MemSemantic::Relaxed)
    }) {
        v.push(cand(&[Rule::R3], move |m, ed| {
            ed.remove(m, op);
            ed.set_sem(m, n, MemSemantic::Release);
            ed.set_scope(m, n, sc.max(MemScope::Cta));
        }));
    }
}

/// R3 for an acquiring fence `op` of scope `sc`: folded into the relaxed wait `prev` before it
/// (or the wait that is the condition of the spin loop `prev`).
fn fold_into_wait(m: &Module, op: Op, sc: MemScope, prev: Option<Op>, v: &mut Vec<Candidate>) {
    let wait = prev.and_then(|p| match kind(m, p)? {
        K::MbarrierWait => Some(p),
        K::While => m.regions(p).first().and_then(|r| {
            m.region_blocks(*r).iter().find_map(|b| {
                m.block_ops(*b)
                    .find(|o| matches!(kind(m, *o), Some(K::MbarrierTryWait | K::MbarrierTestWait)))
            })
        }),
        _ => None,
    });
    if let Some(w) = wait.filter(|w| sem(m, *w) == Some(MemSemantic::Relaxed)) {
        v.push(cand(&[Rule::R3], move |m, ed| {
            ed.remove(m, op);
            ed.set_sem(m, w, MemSemantic::Acquire);
            ed.set_scope(m, w, sc);
        }));
    }
}

/// R1, R2, R4: the fence `op` of the form `(s, sc, restrict)` in place with a weaker semantic,
/// a narrower scope or a restricted space (each also R12 when it was an sc fence).
fn weaker_fences(
    op: Op,
    caps: Caps,
    (s, sc, restrict): (MemSemantic, MemScope, Option<Space>),
    sc_fence: bool,
    v: &mut Vec<Candidate>,
) {
    let sems: &[MemSemantic] = match (s, caps.split) {
        (MemSemantic::AcqRel, true) => &[
            MemSemantic::AcqRel,
            MemSemantic::Release,
            MemSemantic::Acquire,
        ],
        (MemSemantic::AcqRel, false) => &[MemSemantic::AcqRel],
        (MemSemantic::Release, _) => &[MemSemantic::Release],
        (MemSemantic::Acquire, _) => &[MemSemantic::Acquire],
        _ => &[],
    };
    let scopes = [
        MemScope::Cta,
        MemScope::Cluster,
        MemScope::Gpu,
        MemScope::Sys,
    ];
    for &s2 in sems {
        for &sc2 in scopes.iter().filter(|x| **x <= sc) {
            if sc2 == MemScope::Cluster && !caps.clusters {
                continue;
            }
            let mut restricts = vec![None];
            if caps.split && sc2 == MemScope::Cluster {
                match s2 {
                    MemSemantic::Release => restricts.push(Some(Space::SharedCta)),
                    MemSemantic::Acquire => restricts.push(Some(Space::SharedCluster)),
                    _ => {}
                }
            }
            for r2 in restricts {
                let same = (s2, sc2, r2) == (s, sc, restrict) && !sc_fence;
                if same || (restrict.is_some() && r2.is_none()) {
                    continue;
                }
                let mut rules = Vec::new();
                if sc_fence {
                    rules.push(Rule::R12);
                }
                if s2 != s {
                    rules.push(Rule::R1);
                }
                if sc2 < sc {
                    rules.push(Rule::R2);
                }
                if r2.is_some() && restrict.is_none() {
                    rules.push(Rule::R4);
                }
                v.push(cand(&rules, move |m, ed| {
                    ed.set_sem(m, op, s2);
                    ed.set_scope(m, op, sc2);
                    ed.with_attrs(m, op, |m| Fence::wrap(op).set_restrict(m, r2));
                }));
            }
        }
    }
}

fn arrive_candidates(m: &Module, op: Op, caps: Caps, v: &mut Vec<Candidate>) {
    let s = sem(m, op).unwrap_or(MemSemantic::Release);
    let sc = scope(m, op).unwrap_or(MemScope::Cta);
    let remote = m
        .operands(op)
        .first()
        .and_then(|b| m.defining_op(*b))
        .is_some_and(|d| is(m, d, K::Mapa));
    if remote {
        v.extend(push_candidates(m, op));
    }
    if s == MemSemantic::Relaxed {
        return;
    }
    // A remote arrive goes relaxed at cluster scope (the form the probe measured, and CUTLASS's).
    v.push(cand(&[Rule::R4], move |m, ed| {
        ed.set_sem(m, op, MemSemantic::Relaxed);
        if remote {
            ed.set_scope(m, op, MemScope::Cluster);
        }
    }));
    if caps.split && sc == MemScope::Cluster {
        v.push(cand(&[Rule::R4], move |m, ed| {
            ed.set_sem(m, op, MemSemantic::Relaxed);
            fence(
                ed,
                m,
                op,
                false,
                MemSemantic::Release,
                MemScope::Cluster,
                Some(Space::SharedCta),
            );
        }));
    }
    if sc > MemScope::Cta && !remote {
        v.push(cand(&[Rule::R2], move |m, ed| {
            ed.set_scope(m, op, MemScope::Cta)
        }));
    }
}

/// R4 push: weak stores into the peer's shared memory, then a remote arrive on the peer's
/// mbarrier → `st_async` completing on that mbarrier, and the arrive relaxed with the stores'
/// bytes as `expect_tx` (the transaction count may go below zero before the arrive: PTX allows
/// it, and the phase cannot complete before every arrival). Fences between them go.
///
/// Two variants: the arrive relaxed.cluster (PTX 8.6), and the arrive at release.cta (PTX 8.0:
/// the P3 form for older targets). The complete_tx of every `st.async` releases its data at
/// cluster scope, so the arrive only counts; release.cta is the cheapest semantic PTX 8.0 has.
fn push_candidates(m: &Module, arrive: Op) -> Vec<Candidate> {
    let Some((stores, fences, bytes, hoist)) = push_parts(m, arrive) else {
        return Vec::new();
    };
    let bar = m.operands(arrive)[0];
    [
        (MemSemantic::Relaxed, MemScope::Cluster),
        (MemSemantic::Release, MemScope::Cta),
    ]
    .into_iter()
    .map(|(s, sc)| {
        let (stores, fences) = (stores.clone(), fences.clone());
        cand(&[Rule::R4], move |m, ed| {
            if let Some((op, anchor)) = hoist {
                ed.move_after(m, op, anchor);
            }
            for &(st, ptr, val) in &stores {
                ed.reshape(m, st, StAsync::name_sym(), &[ptr, val, bar]);
                let empty = m.empty_dict();
                ed.set_attrs(m, st, empty);
            }
            for &f in &fences {
                ed.remove(m, f);
            }
            ed.with_attrs(m, arrive, |m| match kind(m, arrive) {
                Some(K::MbarrierArriveDrop) => {
                    MbarrierArriveDrop::wrap(arrive).set_tx_bytes(m, bytes)
                }
                _ => MbarrierArrive::wrap(arrive).set_tx_bytes(m, bytes),
            });
            ed.set_sem(m, arrive, s);
            ed.set_scope(m, arrive, sc);
        })
    })
    .collect()
}

/// The stores, the fences between them and the arrive, their bytes, and the barrier address's
/// op with the op to move it after when it comes after the first store.
type PushParts = (Vec<(Op, Value, Value)>, Vec<Op>, i64, Option<(Op, Op)>);

/// The weak remote stores into the arrive's peer that precede it (with the fences between them
/// and their byte count), or `None` when the push rewrite does not apply.
fn push_parts(m: &Module, arrive: Op) -> Option<PushParts> {
    let ops = m.operands(arrive);
    if ops.len() != 1 || tx_bytes(m, arrive).is_some() {
        return None;
    }
    let bar = ops[0];
    let peer = m.operands(m.defining_op(bar)?).get(1).copied()?;
    let bar_def = m.defining_op(bar)?;
    let block = m.op_block(arrive)?;
    let mut stores: Vec<(Op, Value, Value)> = Vec::new();
    let mut fences = Vec::new();
    let mut bytes = 0i64;
    let mut cur = arrive;
    while let Some(p) = m.prev_op(cur) {
        cur = p;
        if p == bar_def {
            // Stores before the barrier's address: the address is hoisted above them.
            continue;
        }
        match kind(m, p) {
            Some(K::St) if matches!(sem(m, p), None | Some(MemSemantic::Weak)) => {
                let (ptr, val) = (m.operands(p)[0], m.operands(p)[1]);
                let Some(d) = m.defining_op(ptr) else { break };
                if !is(m, d, K::Mapa) || m.operands(d).get(1) != Some(&peer) {
                    break;
                }
                let n = match m.type_data(m.value_type(val)) {
                    TypeData::Int(32) | TypeData::Float(tilec_ir::FloatKind::F32) => 4,
                    TypeData::Int(64) | TypeData::Float(tilec_ir::FloatKind::F64) => 8,
                    _ => break,
                };
                bytes += n;
                stores.push((p, ptr, val));
            }
            Some(K::Fence) => fences.push(p),
            _ if pure(m, p) || is(m, p, K::Ld) => {}
            _ => break,
        }
    }
    // The barrier pointer must be defined before the first store (same block, earlier), or
    // be hoistable there: its operands are.
    let first = stores.last()?.0;
    let mut hoist = None;
    if m.op_block(bar_def) == Some(block) && !earlier(m, block, bar_def, first) {
        let ready = m.operands(bar_def).iter().all(|&v| match m.defining_op(v) {
            Some(d) if m.op_block(d) == Some(block) => earlier(m, block, d, first),
            _ => true,
        });
        if !ready {
            return None;
        }
        hoist = Some((bar_def, m.prev_op(first)?));
    }
    Some((stores, fences, bytes, hoist))
}

/// The transaction bytes an mbarrier arrive already carries.
fn tx_bytes(m: &Module, arrive: Op) -> Option<i64> {
    match kind(m, arrive)? {
        K::MbarrierArrive => MbarrierArrive::wrap(arrive).tx_bytes(m),
        K::MbarrierArriveDrop => MbarrierArriveDrop::wrap(arrive).tx_bytes(m),
        _ => None,
    }
}

/// Does `a` come before `b` in `block`?
fn earlier(m: &Module, block: tilec_ir::Block, a: Op, b: Op) -> bool {
    m.block_ops(block).find(|x| *x == a || *x == b) == Some(a)
}

fn access_candidates(m: &Module, op: Op, caps: Caps, sb_shaped: bool, v: &mut Vec<Candidate>) {
    let Some(s) = sem(m, op) else { return };
    let k = kind(m, op);
    // R10: the fence.sc the lowering inserts for an sc access.
    if s == MemSemantic::Sc && !sb_shaped {
        let s2 = match k {
            Some(K::Ld) => MemSemantic::Acquire,
            Some(K::St | K::Red) => MemSemantic::Release,
            _ => MemSemantic::AcqRel,
        };
        v.push(cand(&[Rule::R10], move |m, ed| ed.set_sem(m, op, s2)));
    }
    // R9: a spin of acquire loads → relaxed loads, one acquire fence after the loop; a spin of
    // the whole CTA → one elected thread spins, a barrier releases the others.
    let Some(lp) = m.parent_op(op).filter(|p| is(m, *p, K::While)) else {
        return;
    };
    if k != Some(K::Ld) || s != MemSemantic::Acquire {
        return;
    }
    v.extend(relaxed_spin(m, op, caps));
    let sc = scope(m, op).unwrap_or(MemScope::Gpu);
    let fs = spin_fence(caps);
    // Electing the spin is only right when every thread polls the same location (a per-thread
    // flag would be polled by thread 0 alone) and the whole CTA reaches the loop (the barrier
    // after it must be reached by every thread).
    let uniform = m.operands(op).first().is_some_and(|&p| cta_uniform(m, p));
    let unused = m.results(lp).all(|r| !used(m, r));
    if uniform && affine::whole_cta(m, lp) && unused {
        v.push(cand(&[Rule::R9], move |m, ed| {
            ed.set_sem(m, op, MemSemantic::Relaxed);
            let e = ed.wrap_in_elect(m, lp);
            fence(ed, m, lp, true, fs, sc, None);
            let bar = ed.create(m, e, true, Barrier::name_sym(), &[]);
            ed.with_attrs(m, bar, |m| Barrier::wrap(bar).set_id(m, 0));
        }));
    }
}

/// The acquire fence after a relaxed spin: `fence.acquire` where the target has it, else the
/// stronger `fence.acq_rel`.
fn spin_fence(caps: Caps) -> MemSemantic {
    if caps.split {
        MemSemantic::Acquire
    } else {
        MemSemantic::AcqRel
    }
}

/// R9's first form at the acquire load `op` of a spin (`op` directly in a `while`): the loads
/// become relaxed, and one acquire fence of their scope follows the loop, in the same threads.
///
/// Every strong read of the loop is then followed in program order by the fence: PTX ISA,
/// Memory Consistency Model, "Release and Acquire Patterns": a strong read followed by an
/// acquire fence is an acquire pattern, which synchronizes with the release pattern whose write
/// it observes as the acquire operation would. What the per-poll acquire also did, order the
/// later polls after the earlier ones, is coherence's job on one location. So where the loop
/// holds no other memory or sync op, the rewrite keeps every order of the original for the
/// accesses after the loop: it is offered in a frozen kernel too ([`super::index::Index`]).
pub(super) fn relaxed_spin(m: &Module, op: Op, caps: Caps) -> Option<Candidate> {
    let lp = m.parent_op(op).filter(|p| is(m, *p, K::While))?;
    if kind(m, op) != Some(K::Ld) || sem(m, op) != Some(MemSemantic::Acquire) {
        return None;
    }
    let sc = scope(m, op).unwrap_or(MemScope::Gpu);
    let fs = spin_fence(caps);
    Some(cand(&[Rule::R9], move |m, ed| {
        ed.set_sem(m, op, MemSemantic::Relaxed);
        fence(ed, m, lp, true, fs, sc, None);
    }))
}

fn cta_uniform(m: &Module, v: Value) -> bool {
    affine::uniform(m, v, affine::Uniform::Cta)
}

fn used(m: &Module, v: Value) -> bool {
    let mut hit = false;
    m.walk(&mut |o| {
        if m.operands(o).contains(&v) {
            hit = true;
        }
        tilec_ir::WalkControl::Continue
    });
    hit
}
