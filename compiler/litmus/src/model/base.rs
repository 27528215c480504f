//! What PTX v6.0 and v7.5 share. The ISA's memory consistency model chapter ("Memory
//! Consistency Model" → "Axioms") states six axioms; Dat3M's cat files write them as below and
//! so does this module. `co` is not total in PTX (Dat3M's `Arch.coIsTotal` is false for PTX):
//! both cat files start with `let co = co+` and `let fr = rf^-1; co`.

use super::Violation;
use crate::event::Tags;
use crate::exec::Exec;
use crate::rel::{Rel, Set};

/// The choices besides `co` that make a candidate: reads-from, the order of `fence.sc`s
/// (`sync_fence`) and which barrier arrivals synchronize (`syncbar`).
pub struct Choice {
    /// `rf`: write → read.
    pub rf: Rel,
    /// `sync_fence`: the order of morally strong `fence.sc` pairs.
    pub sync_fence: Rel,
    /// `syncbar`.
    pub syncbar: Rel,
}

/// `strong-write = W & (RLX | REL)`, `strong-read = R & (RLX | ACQ)` and
/// `strong-operation = strong-m | F` (ISA: "a strong operation is a fence, or a memory
/// operation with .relaxed, .acquire, .release, .acq_rel or .volatile").
pub fn strong(x: &Exec) -> (Set, Set, Set) {
    let rlx = x.set(Tags::RLX);
    let sw = x.set(Tags::W).and(&rlx.or(x.set(Tags::REL)));
    let sr = x.set(Tags::R).and(&rlx.or(x.set(Tags::ACQ)));
    let sop = sw.or(&sr).or(x.set(Tags::F));
    (sw, sr, sop)
}

/// `ms1 = (po | po^-1) | ([strong-operation]; sr; [strong-operation])` — ISA, "Morally strong
/// operations": "the operations are related in program order, or each operation is strong and
/// specifies a scope that includes the thread executing the other operation".
pub fn ms1(x: &Exec) -> Rel {
    let (_, _, sop) = strong(x);
    x.po.union(&x.po.inverse())
        .union(&x.sr.restrict(&sop, &sop))
}

/// `ms-overlap = ((M * M) & L) | ((_ * _) \ (M * M))` with `L` = `loc` (v6.0) or `vloc`
/// (v7.5): "if both are memory operations, then they overlap completely".
pub fn overlap(x: &Exec, l: &Rel) -> Rel {
    let n = x.n();
    let m = x.set(Tags::R).or(x.set(Tags::W));
    let mm = Rel::product(&m, &m, n);
    let all = Rel::product(x.set(Tags(0)), x.set(Tags(0)), n);
    mm.inter(l).union(&all.minus(&mm))
}

/// `release-pattern = ([W & REL]; po-L?; [strong-write]) | ([F & ACQ_REL]; po; [strong-write])`
/// and `acquire-pattern = ([strong-read]; po-L?; [R & ACQ]) | ([strong-read]; po; [F & ACQ_REL])`
/// with `po-L` = `po-loc` (v6.0) or `po-vloc` (v7.5). ISA, "Release and acquire patterns".
pub fn patterns(x: &Exec, po_l: &Rel) -> (Rel, Rel) {
    let (sw, sr, _) = strong(x);
    let w_rel = x.set(Tags::W).and(x.set(Tags::REL));
    let r_acq = x.set(Tags::R).and(x.set(Tags::ACQ));
    let f_ar = x.set(Tags::F).and(x.set(Tags::ACQ_REL));
    let rel = po_l
        .opt()
        .restrict(&w_rel, &sw)
        .union(&x.po.restrict(&f_ar, &sw));
    let acq = po_l
        .opt()
        .restrict(&sr, &r_acq)
        .union(&x.po.restrict(&sr, &f_ar));
    (rel, acq)
}

/// `sync_barrier = syncbar & scta`.
pub fn sync_barrier(x: &Exec, c: &Choice) -> Rel {
    c.syncbar.inter(&x.scta)
}

/// `cause-base = po?; ((sync | sync_fence | sync_barrier); po?)+` — ISA, "Causality order":
/// base causality order is program order composed with synchronizes-with steps.
pub fn cause_base(x: &Exec, sync: &Rel, c: &Choice) -> Rel {
    let step = sync
        .union(&c.sync_fence)
        .union(&sync_barrier(x, c))
        .seq(&x.po.opt());
    x.po.opt().seq(&step.plus())
}

/// Axiom Coherence: `empty ((([W]; cause; [W]) & loc) \ co)` — "if a write W1 precedes an
/// overlapping write W2 in causality order, then W1 must precede W2 in coherence order".
/// Returns the edges `co` must contain.
pub fn coherence_required(x: &Exec, cause: &Rel) -> Rel {
    let w = x.set(Tags::W);
    cause.restrict(w, w).inter(&x.loc)
}

/// Axiom Coherence2: `empty (([W]; morally-strong; [W]) & loc) \ (co | co^-1)` — Dat3M's
/// addition that orders every morally strong pair of writes to one location (co is not total).
/// Returns the unordered pairs `(a, b)`, `a < b`.
pub fn coherence2_pairs(x: &Exec, ms: &Rel) -> Vec<(usize, usize)> {
    let w = x.set(Tags::W);
    ms.restrict(w, w)
        .inter(&x.loc)
        .pairs()
        .filter(|(a, b)| a < b)
        .collect()
}

/// Axiom FenceSC: `empty (([F & SC]; cause; [F & SC]) \ sync_fence)` — "Fence-SC order cannot
/// contradict causality order".
pub fn fence_sc(x: &Exec, cause: &Rel, c: &Choice) -> Result<(), Violation> {
    let fsc = x.set(Tags::F).and(x.set(Tags::SC));
    let bad = cause.restrict(&fsc, &fsc).minus(&c.sync_fence);
    match bad.first_pair() {
        None => Ok(()),
        Some((a, b)) => Err(Violation::new(
            "FenceSC",
            "([F & SC]; cause; [F & SC]) \\ sync_fence is not empty",
            vec![a, b],
        )),
    }
}

/// Axiom Atomicity: `empty (((morally-strong & fr); (morally-strong & co)) & rmw)` — "no write
/// morally strong to an atomic's read and write comes between them in coherence order".
pub fn atomicity(x: &Exec, ms: &Rel, fr: &Rel, co: &Rel) -> Result<(), Violation> {
    let bad = ms.inter(fr).seq(&ms.inter(co)).inter(&x.rmw);
    match bad.first_pair() {
        None => Ok(()),
        Some((a, b)) => Err(Violation::new(
            "Atomicity",
            "((morally-strong & fr); (morally-strong & co)) & rmw is not empty",
            vec![a, b],
        )),
    }
}

/// Axiom No-Thin-Air: `acyclic (rf | dep)` with `dep = addr | data | ctrl` — "values may not
/// appear out of thin air".
pub fn no_thin_air(x: &Exec, rf: &Rel) -> Result<(), Violation> {
    match rf.union(&x.dep).find_cycle() {
        None => Ok(()),
        Some(c) => Err(Violation::new("NoThinAir", "rf | dep has a cycle", c)),
    }
}

/// Axiom Causality: `irreflexive ((rf | fr); cause)` — "if an operation X precedes an
/// overlapping operation Y in causality order, then X must not read from or be
/// coherence-after Y" (the ISA's and ASPLOS'19's `rf | fr`, which both cat files follow).
pub fn causality(rf: &Rel, fr: &Rel, cause: &Rel) -> Result<(), Violation> {
    let com = rf.union(fr);
    for a in 0..cause.len() {
        for b in com.succ(a).collect::<Vec<_>>() {
            if cause.contains(b, a) {
                return Err(Violation::new(
                    "Causality",
                    "(rf | fr); cause is not irreflexive",
                    vec![a, b],
                ));
            }
        }
    }
    Ok(())
}
