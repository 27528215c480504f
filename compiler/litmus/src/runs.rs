//! Thread runs: every path of an unrolled thread, with a guess of the value of each read taken
//! from the values its physical location may hold (as herd and Dat3M's value-agnostic encoding
//! both allow). A run carries its events (with tags, values and dependencies), its final
//! registers, and the read guesses that the reads-from choice must later justify.
//!
//! The value domains are a fixpoint: start with the initial values, run every thread, add the
//! written values, repeat. A value that needs a chain of more writes than the program has cannot
//! be justified by an acyclic `rf | dep` (No-Thin-Air), so the iteration stops there.

use crate::ast::{AtomOp, BarMode, Proxy, Sem};
use crate::event::{BarrierInfo, Event, EventExt, Tags};
use crate::program::{Op, Program, UThread, Val, CUT};

mod ext;

/// One path of one thread with its read values.
#[derive(Clone, Debug)]
pub struct Run {
    /// Events in program order (`deps` and `rmw_read` index this list).
    pub events: Vec<Event>,
    /// Final register values (by register id).
    pub regs: Vec<i64>,
}

/// All runs of every thread, and how many paths were cut at the unrolling bound.
pub struct Runs {
    /// Per thread, its terminating runs.
    pub threads: Vec<Vec<Run>>,
    /// Paths that exceeded the unrolling bound (never part of a verdict).
    pub cut: usize,
}

/// Enumerates the runs of every thread of `prog` (the value domains to a fixpoint first).
pub fn enumerate(prog: &Program) -> Runs {
    let dom: Vec<Vec<(i64, u64)>> = domains(prog)
        .into_iter()
        .map(|v| v.into_iter().map(|x| (x, 0)).collect())
        .collect();
    walk_all(prog, &dom, None)
}

/// The values each physical location may hold. A value enters with the set of static writes
/// its derivation used (along `rf` and `dep`); a write that would depend on itself is thin air
/// (No-Thin-Air) and adds nothing, so the fixpoint is finite and exact up to that axiom.
fn domains(prog: &Program) -> Vec<Vec<i64>> {
    let mut dom: Vec<Vec<(i64, u64)>> = vec![Vec::new(); prog.nphys];
    for o in &prog.objects {
        if !dom[o.phys].contains(&(o.init, 0)) {
            dom[o.phys].push((o.init, 0));
        }
    }
    let writes: usize = prog.threads.iter().map(|t| t.ops.len()).sum();
    for _ in 0..=writes + 1 {
        let mut written = Vec::new();
        walk_all(prog, &dom, Some(&mut written));
        let mut changed = false;
        for (phys, v, m) in written {
            let d = &mut dom[phys];
            if d.iter().any(|&(x, mx)| x == v && mx & m == mx) {
                continue;
            }
            d.retain(|&(x, mx)| x != v || mx & m != m);
            d.push((v, m));
            changed = true;
        }
        if !changed {
            break;
        }
    }
    dom.into_iter()
        .map(|d| {
            let mut v: Vec<i64> = d.into_iter().map(|(x, _)| x).collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect()
}

/// Walks every thread; with `written`, collects each write's (physical location, value, the
/// static writes its value derives from).
fn walk_all(
    prog: &Program,
    dom: &[Vec<(i64, u64)>],
    mut written: Option<&mut Vec<(usize, i64, u64)>>,
) -> Runs {
    let mut out = Runs {
        threads: Vec::new(),
        cut: 0,
    };
    let mut base = 0;
    for (t, th) in prog.threads.iter().enumerate() {
        let mut runs = Vec::new();
        let st = State {
            pc: 0,
            regs: th.reg_init.clone(),
            reg_deps: vec![Vec::new(); th.regs.len()],
            ctrl: Vec::new(),
            events: Vec::new(),
            masks: Vec::new(),
            bulk: ext::Bulk::default(),
        };
        let mut w = Walker {
            prog,
            th,
            t,
            dom,
            runs: &mut runs,
            cut: 0,
            base,
            written: written.as_deref_mut(),
        };
        w.walk(st);
        out.cut += w.cut;
        if written.is_none() {
            dedup_runs(&mut runs);
        }
        out.threads.push(runs);
        base += th.ops.len();
    }
    out
}

/// Runs that differ only in derivation masks are one run.
fn dedup_runs(runs: &mut Vec<Run>) {
    let mut seen = rustc_hash::FxHashSet::default();
    runs.retain(|r| seen.insert((r.events.clone(), r.regs.clone())));
}

#[derive(Clone)]
struct State {
    pc: usize,
    regs: Vec<i64>,
    /// For each register, the reads (event indices) its value derives from.
    reg_deps: Vec<Vec<usize>>,
    /// The reads that an executed conditional jump depended on.
    ctrl: Vec<usize>,
    events: Vec<Event>,
    /// Per event, the static writes its value derives from (bit = op index over all threads).
    masks: Vec<u64>,
    /// tilec: bulk async-groups and cluster-barrier counts.
    bulk: ext::Bulk,
}

impl State {
    fn val(&self, v: Val) -> i64 {
        match v {
            Val::Reg(r) => self.regs[r],
            Val::Imm(i) => i,
        }
    }
    fn deps(&self, vals: &[Option<Val>]) -> Vec<usize> {
        let mut d = Vec::new();
        for v in vals.iter().flatten() {
            if let Val::Reg(r) = v {
                d.extend_from_slice(&self.reg_deps[*r]);
            }
        }
        d.sort_unstable();
        d.dedup();
        d
    }
    fn set(&mut self, r: usize, v: i64, deps: Vec<usize>) {
        self.regs[r] = v;
        self.reg_deps[r] = deps;
    }
    /// Adds an event; its dependencies are `data` plus every control dependency so far.
    fn push(&mut self, mut e: Event, data: Vec<usize>) -> usize {
        let mut d = data;
        d.extend_from_slice(&self.ctrl);
        d.sort_unstable();
        d.dedup();
        let mask = d.iter().fold(0, |m, &i| m | self.masks[i]);
        e.deps = d;
        self.events.push(e);
        self.masks.push(mask);
        self.events.len() - 1
    }
}

struct Walker<'a> {
    prog: &'a Program,
    th: &'a UThread,
    t: usize,
    dom: &'a [Vec<(i64, u64)>],
    runs: &'a mut Vec<Run>,
    cut: usize,
    /// The index of this thread's first op over all threads (for derivation masks).
    base: usize,
    written: Option<&'a mut Vec<(usize, i64, u64)>>,
}

fn proxy_tag(p: Proxy) -> Tags {
    match p {
        Proxy::Generic => Tags::GEN,
        Proxy::Surface => Tags::SUR,
        Proxy::Texture => Tags::TEX,
        Proxy::Constant => Tags::CON,
    }
}

fn sem_tag(s: Sem) -> Tags {
    match s {
        Sem::Weak => Tags::WEAK,
        Sem::Relaxed => Tags::RLX,
        Sem::Acquire => Tags::ACQ,
        Sem::Release => Tags::REL,
        Sem::AcqRel => Tags::ACQ_REL,
        Sem::Sc => Tags::SC,
    }
}

/// Dat3M's `Tag.PTX.loadMO` / `storeMO`: the read of an `atom` is `ACQ` for acquire/acq_rel and
/// `RLX` otherwise; its write is `REL` for release/acq_rel and `RLX` otherwise.
fn rmw_tags(s: Sem) -> (Tags, Tags) {
    let r = if matches!(s, Sem::Acquire | Sem::AcqRel) {
        Tags::ACQ
    } else {
        Tags::RLX
    };
    let w = if matches!(s, Sem::Release | Sem::AcqRel) {
        Tags::REL
    } else {
        Tags::RLX
    };
    (r, w)
}

impl Walker<'_> {
    /// Records the write `i` (at op `pc`) for the domain fixpoint, unless it is thin air.
    fn wrote(&mut self, st: &State, i: usize, pc: usize) {
        let Some(out) = self.written.as_deref_mut() else {
            return;
        };
        let bit = if self.base + pc < 64 {
            1u64 << (self.base + pc)
        } else {
            0
        };
        let m = st.masks[i];
        if m & bit != 0 {
            return;
        }
        let e = &st.events[i];
        if let Some(o) = e.obj {
            out.push((self.prog.objects[o].phys, e.value, m | bit));
        }
    }

    fn event(&self, tags: Tags, pc: usize) -> Event {
        Event {
            thread: Some(self.t),
            tags,
            scope: None,
            obj: None,
            value: 0,
            src: self.th.src.get(pc).copied(),
            barrier: None,
            deps: Vec::new(),
            rmw_read: None,
            ext: EventExt::default(),
        }
    }

    fn walk(&mut self, mut st: State) {
        loop {
            let Some(op) = self.th.ops.get(st.pc) else {
                let (events, regs) = (st.events, st.regs);
                self.runs.push(Run { events, regs });
                return;
            };
            let pc = st.pc;
            st.pc += 1;
            match op {
                Op::Load {
                    proxy,
                    sem,
                    scope,
                    dst,
                    obj,
                } => {
                    let tags = Tags::R.with(sem_tag(*sem)).with(proxy_tag(*proxy));
                    let mut e = self.event(tags, pc);
                    (e.scope, e.obj) = (*scope, Some(*obj));
                    let phys = self.prog.objects[*obj].phys;
                    for &(v, m) in &self.dom[phys] {
                        let mut s = st.clone();
                        let mut e = e.clone();
                        e.value = v;
                        let i = s.push(e, Vec::new());
                        s.masks[i] |= m;
                        s.set(*dst, v, vec![i]);
                        self.walk(s);
                    }
                    return;
                }
                Op::Store {
                    proxy,
                    sem,
                    scope,
                    obj,
                    value,
                } => {
                    let tags = Tags::W.with(sem_tag(*sem)).with(proxy_tag(*proxy));
                    let mut e = self.event(tags, pc);
                    (e.scope, e.obj, e.value) = (*scope, Some(*obj), st.val(*value));
                    let d = st.deps(&[Some(*value)]);
                    let i = st.push(e, d);
                    self.wrote(&st, i, pc);
                }
                Op::Rmw { .. } => return self.rmw(st, op, pc),
                Op::Local { op, dst, a, b } => {
                    let (x, y) = (st.val(*a), b.map(|b| st.val(b)).unwrap_or(0));
                    let v = op.map_or(x, |o| o.apply(x, y));
                    let d = st.deps(&[Some(*a), *b]);
                    st.set(*dst, v, d);
                }
                Op::Fence { sem, scope } => {
                    let mut e = self.event(Tags::F.with(sem_tag(*sem)).with(Tags::GEN), pc);
                    e.scope = Some(*scope);
                    st.push(e, Vec::new());
                }
                Op::FenceProxy(p) => {
                    let e = self.event(Tags::F.with(proxy_tag(*p)), pc);
                    st.push(e, Vec::new());
                }
                Op::FenceAlias => {
                    let e = self.event(Tags::F.with(Tags::ALIAS), pc);
                    st.push(e, Vec::new());
                }
                Op::Barrier {
                    mode,
                    instance,
                    id,
                    quorum,
                } => {
                    let mut tags = Tags::F.with(Tags::BAR);
                    if *mode == BarMode::Arrive {
                        tags = tags.with(Tags::ARRIVE);
                    }
                    let mut e = self.event(tags, pc);
                    e.barrier = Some(BarrierInfo {
                        instance: instance.clone(),
                        id: id.map(|v| st.val(v)),
                        quorum: quorum.map(|v| st.val(v)),
                        site: pc,
                    });
                    st.push(e, Vec::new());
                }
                Op::Branch { cmp, a, b, target } => {
                    let d = st.deps(&[Some(*a), Some(*b)]);
                    st.ctrl.extend(d);
                    st.ctrl.sort_unstable();
                    st.ctrl.dedup();
                    if cmp.eval(st.val(*a), st.val(*b)) {
                        if *target == CUT {
                            self.cut += 1;
                            return;
                        }
                        st.pc = *target;
                    }
                }
                Op::Goto(target) => {
                    if *target == CUT {
                        self.cut += 1;
                        return;
                    }
                    st.pc = *target;
                }
                Op::Nop => {}
                Op::Ext(e) => return self.ext(st, e, pc),
            }
        }
    }

    /// `atom`/`red`: a read (value guessed) and a write joined by `rmw` (Dat3M's `VisitorPTX`).
    fn rmw(&mut self, st: State, op: &Op, pc: usize) {
        let Op::Rmw {
            proxy,
            sem,
            scope,
            op: aop,
            dst,
            obj,
            a,
            b,
        } = op
        else {
            return;
        };
        let (rt, wt) = rmw_tags(*sem);
        let base = proxy_tag(*proxy).with(Tags::RMW);
        let phys = self.prog.objects[*obj].phys;
        for &(old, m) in &self.dom[phys] {
            let mut s = st.clone();
            let mut r = self.event(Tags::R.with(rt).with(base), pc);
            (r.scope, r.obj, r.value) = (Some(*scope), Some(*obj), old);
            let ri = s.push(r, Vec::new());
            s.masks[ri] |= m;
            let (x, y) = (s.val(*a), b.map(|b| s.val(b)).unwrap_or(0));
            let new = match aop {
                AtomOp::Bin(o) => o.apply(old, x),
                AtomOp::Exch => x,
                AtomOp::Cas => {
                    if old == x {
                        y
                    } else {
                        old
                    }
                }
            };
            let mut w = self.event(Tags::W.with(wt).with(base), pc);
            (w.scope, w.obj, w.value, w.rmw_read) = (Some(*scope), Some(*obj), new, Some(ri));
            let mut d = s.deps(&[Some(*a), *b]);
            d.push(ri);
            let wi = s.push(w, d);
            self.wrote(&s, wi, pc);
            if let Some(dst) = dst {
                s.set(*dst, old, vec![ri]);
            }
            self.walk(s);
        }
    }
}
