//! R11: a loop's release cluster barrier amortized over iterations (docs/weakest-fence.md,
//! "Loops"). The barrier of every iteration publishes that iteration's writes of the CTA's own
//! shared memory, which a `sync_restrict::shared::cta` release covers; the write-after-read of a
//! ring slot needs a full release in only one of the iterations between the read and the reuse.
//! This module makes the candidates (which K) and tells the cost model which `if` runs every
//! K-th iteration; whether a K is enough is the race checker's question.

use super::candidates::{cand, fence, is, kind, Candidate};
use super::edit::Edits;
use super::Rule;
use tilec_dialects::nv_tileas::{CmpI, Constant, OpKind as K, RemSI, RemUI};
use tilec_ir::{sym, AttrData, MemScope, MemSemantic, Module, Op, OpView, Space, TypeData, Value};

/// The periods R11 tries: a full release every K-th iteration.
const AMORTIZE: &[i64] = &[2, 3, 4, 6, 8];

/// R11 at a release `cluster_arrive` directly in the body of a `for`: the arrive becomes
/// relaxed; every K-th iteration (`if (i % K == 0)`) a `fence.release.cluster` releases
/// everything before it, the other iterations a `fence.release.sync_restrict::shared::cta.cluster`
/// the CTA's own shared memory only: the releases a write-after-read reuse of a ring slot needs, which
/// any one of the barriers between the read and the reuse may give. Which K is enough is the
/// checker's question (the loop model sees `i % K` through its period). In a loop of period P
/// (a ring of P slots) a slot read in iteration i is reused in iteration i+P, and only the
/// barriers of iterations i+1 … i+P-1 lie between: K ≥ P cannot be enough, and is not tried.
pub(super) fn candidates(m: &Module, op: Op, period: Option<i64>, v: &mut Vec<Candidate>) {
    let Some(body) = m.op_block(op) else { return };
    let Some(l) = m.block_parent(body).and_then(|r| m.region_parent(r)) else {
        return;
    };
    if !is(m, l, K::For) {
        return;
    }
    let Some(&iv) = m.block_args(body).first() else {
        return;
    };
    let ty = m.value_type(iv);
    if !matches!(m.type_data(ty), TypeData::Int(32 | 64)) {
        return;
    }
    // Unsigned where the induction variable is known non-negative (a constant lower bound
    // >= 0, a positive step: the lowering proves it too), signed otherwise; `i % K == 0` holds
    // every K-th iteration either way.
    let konst = |i: usize| {
        let d = m.defining_op(*m.operands(l).get(i)?)?;
        Constant::cast(m, d)?.int_value(m)
    };
    let rem = match (konst(0), konst(2)) {
        (Some(lb), Some(step)) if lb >= 0 && step > 0 => RemUI::name_sym(),
        _ => RemSI::name_sym(),
    };
    for &k in AMORTIZE.iter().filter(|&&k| period.is_none_or(|p| k < p)) {
        v.push(cand(&[Rule::R11], move |m, ed| {
            ed.set_sem(m, op, MemSemantic::Relaxed);
            let konst = |m: &mut Module, ed: &mut Edits, x: i64| {
                let a = AttrData::Int { value: x, ty };
                let c = ed.create_before(
                    m,
                    op,
                    Constant::name_sym(),
                    &[],
                    &[ty],
                    &[(sym!(Constant::VALUE), a)],
                );
                m.result(c, 0)
            };
            let kv = konst(m, ed, k);
            let zero = konst(m, ed, 0);
            let r = ed.create_before(m, op, rem, &[iv, kv], &[ty], &[]);
            let r = m.result(r, 0);
            let i1 = m.ty(TypeData::Int(1));
            let pred = AttrData::Str("eq".into());
            let c = ed.create_before(
                m,
                op,
                CmpI::name_sym(),
                &[r, zero],
                &[i1],
                &[(sym!(CmpI::PREDICATE), pred)],
            );
            let c = m.result(c, 0);
            // Every K-th iteration a full release; the others the CTA's own shared memory only.
            let (then, other) = ed.create_if(m, op, c);
            fence(
                ed,
                m,
                then,
                false,
                MemSemantic::Release,
                MemScope::Cluster,
                None,
            );
            fence(
                ed,
                m,
                other,
                false,
                MemSemantic::Release,
                MemScope::Cluster,
                Some(Space::SharedCta),
            );
        }));
    }
}

/// The K of an `if` that runs every K-th iteration of the `for` around it (`i % K == 0`, as R11
/// writes it), for the cost of what it holds.
pub(super) fn every(m: &Module, if_op: Op) -> Option<i64> {
    let &c = m.operands(if_op).first()?;
    let cmp = m.defining_op(c)?;
    if CmpI::cast(m, cmp)?.predicate(m) != Some("eq") {
        return None;
    }
    let (&r, &z) = (m.operands(cmp).first()?, m.operands(cmp).get(1)?);
    let konst = |v: Value| {
        m.defining_op(v)
            .and_then(|d| Constant::cast(m, d))
            .and_then(|c| c.int_value(m))
    };
    let rem = m
        .defining_op(r)
        .filter(|d| matches!(kind(m, *d), Some(K::RemSI | K::RemUI)))?;
    let (&iv, &kv) = (m.operands(rem).first()?, m.operands(rem).get(1)?);
    let l = m
        .block_parent(m.op_block(if_op)?)
        .and_then(|r| m.region_parent(r))?;
    let is_iv = is(m, l, K::For) && m.block_args(m.op_block(if_op)?).first() == Some(&iv);
    (is_iv && konst(z) == Some(0)).then_some(())?;
    konst(kv).filter(|k| *k > 0)
}
