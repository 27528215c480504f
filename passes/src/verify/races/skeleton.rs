//! The handoff skeletons of a kernel as PTX litmus tests (`tilec --emit litmus`,
//! docs/verify-races.md "Litmus skeletons").
//!
//! A skeleton is one handoff as [`super::check_kernel`] sees it: the producer access, the ops of
//! the path that synchronizes it (release side, release, acquire, acquire side per edge, as
//! [`super::openworld::Covered::via`]; for a finding the nearest path the search found, maybe
//! none) and the consumer access, one litmus thread per hop: P0 runs the producer and the first
//! release side, each edge starts a new thread with its acquire side, the last thread runs the
//! consumer. A CTA-local edge (`barrier`, `barrier_arrive`, a local mbarrier, a bulk copy's own
//! completion) keeps the CTA; any other edge goes to the consumer's CTA, which is the producer's
//! (one CTA), another CTA of its cluster, or a CTA of another cluster (two CTAs of the grid).
//!
//! The data location `x` starts at 0; the producer writes 1, the consumer 2. The condition is
//! the weak outcome: write → read `exists (Pn:r_data == 0)` (the path's flags observed, the data
//! stale), read → write `exists (P0:r_data == 2)` (the early read saw the later write), write →
//! write `exists (x == 1)` (the later write is overwritten; with an atomic consumer, its read
//! missed the producer's write). A spin becomes `LC: ld r, f; beq r, 0, LC`: at Dat3M's bound 1
//! only executions that leave the loop count.
//!
//! Ops are read through nv_tileas' typed views. mbarriers, cluster barriers, split and
//! `sync_restrict` fences, proxy fences and async copies use the extension syntax of
//! /work/litmus-notes/extensions.md §1 ([`Skeleton::ext`] names them: the base models cannot
//! decide those tests); tensor-core ops have no litmus form ([`Skeleton::unsupported`]).

use super::openworld::Between;
use super::Check;
use tilec_dialects::nv_tileas::views::{self as v, AsMemOp, MbarrierOp};
use tilec_ir::{sym, Loc, MemScope, MemSemantic, Module, Op, OpView, Space, Value};

/// What verify-races said about the handoff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A path synchronizes it: the weak outcome must be unreachable.
    Accepted,
    /// A finding of this check: the weak outcome should be reachable.
    Finding(Check),
}

/// One thread of a skeleton.
#[derive(Clone, Debug, Default)]
pub struct Thread {
    /// Its CTA.
    pub cta: u32,
    /// Its cluster.
    pub cluster: u32,
    /// Its instructions (litmus text), in program order.
    pub code: Vec<String>,
    /// The kernel ops they stand for (one per instruction, repeated for a spin's two lines).
    ops: Vec<Op>,
}

/// The litmus skeleton of one handoff.
#[derive(Clone, Debug)]
pub struct Skeleton {
    /// The kernel's `sym_name`.
    pub kernel: String,
    /// The test's name: kernel, producer, consumer and the edges' ops.
    pub name: String,
    /// The producer access.
    pub producer: Op,
    /// The consumer access.
    pub consumer: Op,
    /// The path's ops (deduplicated, path order).
    pub via: Vec<Op>,
    /// Where the two accesses run.
    pub between: Between,
    /// Accepted, or the finding's check.
    pub verdict: Verdict,
    /// The finding's message (empty when accepted).
    pub message: String,
    /// The threads, P0 first.
    pub threads: Vec<Thread>,
    /// The init block's declarations (`x=0`, `b0 @ mbarrier cta 1 = 1`).
    pub init: Vec<String>,
    /// The weak outcome (the body of `exists (…)`).
    pub condition: String,
    /// The ops written in extension syntax (extensions.md §1), by name.
    pub ext: Vec<&'static str>,
    /// The ops with no litmus form, by name.
    pub unsupported: Vec<&'static str>,
}

/// The skeletons of kernel `k`: every checked handoff with its path, and every finding of
/// checks 1–4 between two accesses with its nearest path.
pub fn skeletons(m: &Module, k: Op) -> Vec<Skeleton> {
    let report = super::check_kernel(m, k, false, true);
    let mut out = Vec::new();
    for c in &report.checked {
        if let Some(cons) = c.consumer {
            let h = Handoff {
                p: c.producer,
                c: cons,
                via: &c.via,
                between: c.between,
            };
            out.push(build(m, k, h, Verdict::Accepted, String::new()));
        }
    }
    for f in &report.findings {
        let (Some(cons), Some(between)) = (f.other(), f.between()) else {
            continue;
        };
        let h = Handoff {
            p: f.at(),
            c: cons,
            via: f.via(),
            between,
        };
        let verdict = Verdict::Finding(f.check());
        out.push(build(m, k, h, verdict, f.message().to_string()));
    }
    out
}

/// The handoff a skeleton is built from.
struct Handoff<'a> {
    p: Op,
    c: Op,
    via: &'a [Op],
    between: Between,
}

fn build(m: &Module, k: Op, h: Handoff, verdict: Verdict, message: String) -> Skeleton {
    let kernel = m
        .attr_as::<String>(k, sym!("sym_name"))
        .unwrap_or_else(|| "kernel".into());
    let (far_cta, far_cluster) = match h.between {
        Between::Thread | Between::Cta | Between::PeerExit => (0, 0),
        Between::Cluster => (1, 0),
        Between::Grid => (1, 1),
    };
    let mut b = Builder {
        m,
        threads: vec![Thread::default()],
        init: vec!["x=0".into()],
        cond: Vec::new(),
        ext: Vec::new(),
        unsupported: Vec::new(),
        regs: 0,
        labels: 0,
        far: (far_cta, far_cluster),
    };
    // A path is four ops per edge; a CTA barrier between the two (verify-races' epochs) or a
    // proxy fence of one thread is one op.
    let single = match h.via {
        [o] if v::Barrier::is(m, *o) => Some([*o; 4]),
        _ => None,
    };
    let edges: Vec<&[Op]> = match &single {
        Some(q) => vec![&q[..]],
        None => h.via.chunks(4).filter(|e| e.len() == 4).collect(),
    };
    let pr = b.data(h.p, None, true, &edges);
    if let ([f], None) = (h.via, single) {
        b.fence(0, *f);
    }
    for (i, e) in edges.iter().enumerate() {
        b.edge(i, e, h.p);
    }
    if h.between != Between::Thread && b.threads.len() == 1 {
        // No edge at all: the consumer runs in a thread of its own.
        b.threads.push(Thread {
            cta: far_cta,
            cluster: far_cluster,
            ..Thread::default()
        });
    }
    let cr = b.data(h.c, Some(pr.clone()), false, &edges);
    let last = b.threads.len() - 1;
    b.weak_outcome(h.p, h.c, (&pr, &cr), last);
    let mut via = Vec::new();
    for &o in h.via {
        if !via.contains(&o) {
            via.push(o);
        }
    }
    let name = test_name(m, &kernel, h.p, h.c, &edges);
    Skeleton {
        kernel,
        name,
        producer: h.p,
        consumer: h.c,
        via,
        between: h.between,
        verdict,
        message,
        threads: b.threads,
        init: b.init,
        condition: b.cond.join(" /\\ "),
        ext: b.ext,
        unsupported: b.unsupported,
    }
}

/// `k_st_ld_via_barrier_atom`: the kernel, the two accesses and each edge's release.
fn test_name(m: &Module, kernel: &str, p: Op, c: Op, edges: &[&[Op]]) -> String {
    let short = |o| super::model::short(m, o);
    let mut s = format!("{kernel}_{}_{}", short(p), short(c));
    if !edges.is_empty() {
        s.push_str("_via");
        for e in edges {
            s.push('_');
            s.push_str(short(e[1]));
        }
    }
    s
}

/// The threads and locations as they are built.
struct Builder<'m> {
    m: &'m Module,
    threads: Vec<Thread>,
    init: Vec<String>,
    cond: Vec<String>,
    ext: Vec<&'static str>,
    unsupported: Vec<&'static str>,
    regs: usize,
    labels: usize,
    /// The consumer's CTA and cluster.
    far: (u32, u32),
}

/// A data access's register (None: a write) and its written value.
#[derive(Clone, Debug)]
struct Data {
    reg: Option<String>,
    write: bool,
    atomic: bool,
}

impl Builder<'_> {
    fn reg(&mut self) -> String {
        self.regs += 1;
        format!("r{}", self.regs - 1)
    }
    fn label(&mut self) -> String {
        self.labels += 1;
        format!("LC{:02}", self.labels - 1)
    }
    fn emit(&mut self, t: usize, op: Op, line: String) {
        self.threads[t].code.push(line);
        self.threads[t].ops.push(op);
    }
    fn cur(&self) -> usize {
        self.threads.len() - 1
    }
    fn mark_ext(&mut self, op: Op) {
        let n = super::model::short(self.m, op);
        if !self.ext.contains(&n) {
            self.ext.push(n);
        }
    }
    fn mark_unsupported(&mut self, op: Op) {
        let n = super::model::short(self.m, op);
        if !self.unsupported.contains(&n) {
            self.unsupported.push(n);
        }
    }
    /// A new thread: in the same CTA, or in the consumer's.
    fn hop(&mut self, local: bool) -> usize {
        let cur = &self.threads[self.cur()];
        let (cta, cluster) = if local {
            (cur.cta, cur.cluster)
        } else {
            self.far
        };
        self.threads.push(Thread {
            cta,
            cluster,
            ..Thread::default()
        });
        self.cur()
    }
}

/// `.relaxed.gpu`, `.weak`: the qualifiers of an access of semantic `sem` and scope `scope`
/// (an atomic is never weak; the scope defaults to gpu).
fn quals(sem: Option<MemSemantic>, scope: Option<MemScope>, atomic: bool) -> String {
    let sem = sem.unwrap_or(MemSemantic::Weak);
    let sem = if atomic && sem == MemSemantic::Weak {
        MemSemantic::Relaxed
    } else {
        sem
    };
    if sem == MemSemantic::Weak {
        return ".weak".into();
    }
    format!(".{sem}.{}", scope.unwrap_or(MemScope::Gpu))
}

/// A load's or store's semantic as PTX allows it (no acquire store, no release load).
fn for_load(s: Option<MemSemantic>) -> Option<MemSemantic> {
    s.map(|s| match s {
        MemSemantic::Release | MemSemantic::AcqRel | MemSemantic::Sc => MemSemantic::Acquire,
        x => x,
    })
}
fn for_store(s: Option<MemSemantic>) -> Option<MemSemantic> {
    s.map(|s| match s {
        MemSemantic::Acquire | MemSemantic::AcqRel | MemSemantic::Sc => MemSemantic::Release,
        x => x,
    })
}

/// Does `v` point into a peer CTA (a `mapa` on its way from the allocation)?
fn remote(m: &Module, mut val: Value) -> bool {
    while let Some(d) = m.defining_op(val) {
        if v::Mapa::is(m, d) {
            return true;
        }
        if !v::Gep::is(m, d) {
            return false;
        }
        val = m.operands(d)[0];
    }
    false
}

impl Builder<'_> {
    /// Emits the data access `op` in the current thread (`first`: the producer, writing 1;
    /// else the consumer, writing 2) and returns its register.
    fn data(&mut self, op: Op, _p: Option<Data>, first: bool, edges: &[&[Op]]) -> Data {
        let m = self.m;
        let t = self.cur();
        let val = if first { 1 } else { 2 };
        let mut d = Data {
            reg: None,
            write: true,
            atomic: false,
        };
        if let Some(x) = v::Ld::cast(m, op) {
            let r = self.reg();
            let q = quals(for_load(x.sem(m)), x.scope(m), false);
            self.emit(t, op, format!("ld{q} {r}, x"));
            d.reg = Some(r);
            d.write = false;
        } else if let Some(x) = v::St::cast(m, op) {
            let q = quals(for_store(x.sem(m)), x.scope(m), false);
            self.emit(t, op, format!("st{q} x, {val}"));
        } else if let Some(x) = v::Atom::cast(m, op) {
            let r = self.reg();
            let q = quals(x.sem(m), x.scope(m), true);
            self.emit(t, op, format!("atom{q}.add {r}, x, {val}"));
            d.reg = Some(r);
            d.atomic = true;
        } else if let Some(x) = v::Red::cast(m, op) {
            let q = quals(for_store(x.sem(m)), x.scope(m), true);
            self.emit(t, op, format!("red{q}.add x, {val}"));
        } else if v::StAsync::is(m, op) {
            // Completes on the first edge's mbarrier (its own completion).
            self.mark_ext(op);
            let b = edges.first().map_or("b0".to_string(), |_| "b0".to_string());
            self.emit(t, op, format!("st.async x, {val}, {b}"));
        } else if v::BulkCopyG2S::is(m, op) {
            self.mark_ext(op);
            self.init.push("g=1".into());
            self.emit(t, op, "cp.async.bulk.shared::cta.global x, g, b0".into());
        } else if v::BulkCopyS2G::is(m, op) {
            self.mark_ext(op);
            self.emit(t, op, "cp.async.bulk.global.shared::cta g, x".into());
            d.write = false;
        } else if v::Return::is(m, op) {
            // The peer CTA's exit, which frees the shared memory the producer touched.
            self.unsupported.push("the peer CTA's exit (return)");
        } else {
            self.mark_unsupported(op);
            d.write = m.num_results(op) == 0;
        }
        d
    }

    /// The weak outcome of the handoff from `pd` (in P0) to `cd` (in thread `last`).
    fn weak_outcome(&mut self, _p: Op, _c: Op, (pd, cd): (&Data, &Data), last: usize) {
        match (pd.write, cd.write) {
            (true, false) => {
                let r = cd.reg.clone().unwrap_or_default();
                self.cond.push(format!("P{last}:{r} == 0"));
            }
            (false, true) => {
                let r = pd.reg.clone().unwrap_or_default();
                self.cond.push(format!("P0:{r} == 2"));
            }
            _ if cd.atomic => {
                let r = cd.reg.clone().unwrap_or_default();
                self.cond.push(format!("P{last}:{r} == 0"));
            }
            _ => self.cond.push("x == 1".into()),
        }
    }
}

impl Builder<'_> {
    /// Emits edge `i` of the path (`e`: release side, release, acquire, acquire side): the
    /// release in the current thread, the acquire in a new one.
    fn edge(&mut self, i: usize, e: &[Op], producer: Op) {
        let m = self.m;
        let (rel_at, r, q, acq_at) = (e[0], e[1], e[2], e[3]);
        let t = self.cur();
        if rel_at != r {
            self.fence(t, rel_at);
        }
        if let (Some(b), true) = (v::Barrier::cast(m, r), r == q) {
            // bar.sync: one edge by itself, reached by both threads.
            let line = format!("bar.cta.sync {}", b.id(m));
            self.emit(t, r, line.clone());
            let t2 = self.hop(true);
            self.emit(t2, r, line);
        } else {
            let local = self.release(t, i, r, producer);
            let t2 = self.hop(local);
            self.acquire(t2, i, q);
        }
        if acq_at != q {
            let t2 = self.cur();
            self.fence(t2, acq_at);
        }
    }

    /// A fence (or the release side that is the release itself), unless the thread's last
    /// instruction already stands for it (one fence closing an edge and opening the next).
    fn fence(&mut self, t: usize, op: Op) {
        let m = self.m;
        if self.threads[t].ops.last() == Some(&op) {
            return;
        }
        if let Some(f) = v::Fence::cast(m, op) {
            let sem = f.sem(m).unwrap_or(MemSemantic::AcqRel);
            let scope = f.scope(m).unwrap_or(MemScope::Sys);
            let line = match f.restrict(m) {
                Some(Space::SharedCta) => "fence.release.sync_restrict::shared::cta.cluster".into(),
                Some(_) => "fence.acquire.sync_restrict::shared::cluster.cluster".into(),
                None => format!("fence.{sem}.{scope}"),
            };
            if f.restrict(m).is_some() || matches!(sem, MemSemantic::Acquire | MemSemantic::Release)
            {
                self.mark_ext(op);
            }
            self.emit(t, op, line);
        } else if let Some(f) = v::FenceProxyAsync::cast(m, op) {
            self.mark_ext(op);
            let line = match f.space(m) {
                Some(Space::Global) => "fence.proxy.async.global",
                Some(Space::SharedCta) => "fence.proxy.async.shared::cta",
                Some(Space::SharedCluster) => "fence.proxy.async.shared::cluster",
                _ => "fence.proxy.async",
            };
            self.emit(t, op, line.into());
        } else {
            self.mark_unsupported(op);
        }
    }

    /// The release `r` of edge `i` in thread `t`; whether its acquire side is in the same CTA.
    fn release(&mut self, t: usize, i: usize, r: Op, producer: Op) -> bool {
        let m = self.m;
        let f = format!("f{i}");
        if let Some(x) = v::St::cast(m, r) {
            self.init.push(format!("{f}=0"));
            let q = quals(for_store(x.sem(m)), x.scope(m), false);
            self.emit(t, r, format!("st{q} {f}, 1"));
        } else if let Some(x) = v::Atom::cast(m, r) {
            self.init.push(format!("{f}=0"));
            let (q, reg) = (quals(x.sem(m), x.scope(m), true), self.reg());
            self.emit(t, r, format!("atom{q}.add {reg}, {f}, 1"));
        } else if let Some(x) = v::Red::cast(m, r) {
            self.init.push(format!("{f}=0"));
            let q = quals(for_store(x.sem(m)), x.scope(m), true);
            self.emit(t, r, format!("red{q}.add {f}, 1"));
        } else if let Some(x) = v::BarrierArrive::cast(m, r) {
            self.emit(t, r, format!("bar.cta.arrive {}", x.id(m)));
            return true;
        } else if let Some(x) = v::MbarrierArrive::cast(m, r) {
            return self.mbar_arrive(t, i, r, x.effective_pair(m), x.barrier(m));
        } else if let Some(x) = v::MbarrierArriveDrop::cast(m, r) {
            return self.mbar_arrive(t, i, r, x.effective_pair(m), x.barrier(m));
        } else if let Some(x) = v::MbarrierCompleteTx::cast(m, r) {
            let local = !x.barrier(m).is_some_and(|b| remote(m, b));
            self.mbar_decl(i, local);
            self.mark_ext(r);
            let scope = x.effective_pair(m).1.unwrap_or(MemScope::Cta);
            self.emit(
                t,
                r,
                format!("mbarrier.complete_tx.relaxed.{scope} b{i}, 1"),
            );
            return local;
        } else if let Some(x) = v::ClusterArrive::cast(m, r) {
            self.mark_ext(r);
            let sem = match x.sem(m) {
                Some(MemSemantic::Relaxed) => "relaxed",
                _ => "release",
            };
            self.emit(t, r, format!("barrier.cluster.arrive.{sem}"));
        } else if r == producer {
            // An async write completing on the mbarrier (st_async to the peer; a bulk copy
            // into the CTA's own shared memory).
            let local = v::BulkCopyG2S::is(m, r);
            self.mbar_decl(i, local);
            return local;
        } else {
            self.mark_unsupported(r);
            return true;
        }
        false
    }

    /// `b{i} @ mbarrier cta C = 1`, owned by the CTA that waits.
    fn mbar_decl(&mut self, i: usize, local: bool) {
        let cta = if local {
            self.threads[self.cur()].cta
        } else {
            self.far.0
        };
        self.init.push(format!("b{i} @ mbarrier cta {cta} = 1"));
    }

    fn mbar_arrive(
        &mut self,
        t: usize,
        i: usize,
        r: Op,
        (sem, scope): (Option<MemSemantic>, Option<MemScope>),
        bar: Option<Value>,
    ) -> bool {
        let local = !bar.is_some_and(|b| remote(self.m, b));
        self.mbar_decl(i, local);
        self.mark_ext(r);
        let sem = match sem {
            Some(MemSemantic::Relaxed) => "relaxed",
            _ => "release",
        };
        let scope = scope.unwrap_or(MemScope::Cta);
        self.emit(t, r, format!("mbarrier.arrive.{sem}.{scope} b{i}"));
        local
    }

    /// The acquire side `q` of edge `i` in thread `t`: a spin unrolled once, a barrier, a wait.
    fn acquire(&mut self, t: usize, i: usize, q: Op) {
        let m = self.m;
        let spin = |b: &mut Self, line: String, reg: String| {
            let l = b.label();
            b.emit(t, q, format!("{l}:"));
            b.emit(t, q, line);
            b.emit(t, q, format!("beq {reg}, 0, {l}"));
        };
        if let Some(x) = v::Ld::cast(m, q) {
            let (qs, r) = (quals(for_load(x.sem(m)), x.scope(m), false), self.reg());
            spin(self, format!("ld{qs} {r}, f{i}"), r.clone());
            self.cond.push(format!("P{t}:{r} == 1"));
        } else if let Some(x) = v::Atom::cast(m, q) {
            let (qs, r) = (quals(x.sem(m), x.scope(m), true), self.reg());
            spin(self, format!("atom{qs}.add {r}, f{i}, 0"), r.clone());
            self.cond.push(format!("P{t}:{r} == 1"));
        } else if let Some(x) = v::Barrier::cast(m, q) {
            self.emit(t, q, format!("bar.cta.sync {}", x.id(m)));
        } else if let Some((sem, scope)) = mbar_wait(m, q) {
            self.mark_ext(q);
            let r = self.reg();
            let sem = match sem {
                Some(MemSemantic::Relaxed) => "relaxed",
                _ => "acquire",
            };
            let scope = scope.unwrap_or(MemScope::Cta);
            let line = format!("mbarrier.try_wait.parity.{sem}.{scope} {r}, b{i}, 0");
            spin(self, line, r);
        } else if let Some(x) = v::ClusterWait::cast(m, q) {
            self.mark_ext(q);
            let sem = match x.sem(m) {
                Some(MemSemantic::Relaxed) => "relaxed",
                _ => "acquire",
            };
            self.emit(t, q, format!("barrier.cluster.wait.{sem}"));
        } else {
            self.mark_unsupported(q);
        }
    }
}

/// The effective (semantic, scope) of an mbarrier wait, try_wait or test_wait.
fn mbar_wait(m: &Module, q: Op) -> Option<(Option<MemSemantic>, Option<MemScope>)> {
    if let Some(x) = v::MbarrierWait::cast(m, q) {
        return Some(x.effective_pair(m));
    }
    if let Some(x) = v::MbarrierTryWait::cast(m, q) {
        return Some(x.effective_pair(m));
    }
    v::MbarrierTestWait::cast(m, q).map(|x| x.effective_pair(m))
}

impl Skeleton {
    /// The litmus test: a header comment naming the kernel, the verdict and the source
    /// locations (`loc` renders one) of the producer, consumer and path ops; the init block;
    /// the threads in columns; `exists (…)`.
    pub fn text(&self, m: &Module, loc: &dyn Fn(Loc) -> String) -> String {
        let mut s = format!("PTX {}\n", self.name);
        let verdict = match self.verdict {
            Verdict::Accepted => {
                "accepted (a path synchronizes it): the weak outcome must be unreachable"
                    .to_string()
            }
            Verdict::Finding(c) => format!("{} (the weak outcome should be reachable)", c.label()),
        };
        s += &format!("// kernel {}: verify-races: {verdict}\n", self.kernel);
        let short = |o| super::model::short(m, o);
        s += &format!(
            "// producer: {} at {}\n",
            short(self.producer),
            loc(m.op_loc(self.producer))
        );
        s += &format!(
            "// consumer: {} at {}\n",
            short(self.consumer),
            loc(m.op_loc(self.consumer))
        );
        for &o in &self.via {
            s += &format!("// via: {} at {}\n", short(o), loc(m.op_loc(o)));
        }
        if !self.ext.is_empty() {
            s += &format!(
                "// extension syntax (extensions.md §1) for: {}\n",
                self.ext.join(", ")
            );
        }
        if !self.unsupported.is_empty() {
            s += &format!(
                "// no litmus form (left out): {}\n",
                self.unsupported.join(", ")
            );
        }
        s += &format!("{{\n{};\n}}\n", self.init.join("; "));
        s += &self.columns();
        s += &format!("exists ({})\n", self.condition);
        s
    }

    /// The thread columns, padded.
    fn columns(&self) -> String {
        let heads: Vec<String> = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, t)| format!("P{i}@cta {},cluster {},gpu 0", t.cta, t.cluster))
            .collect();
        let rows = self.threads.iter().map(|t| t.code.len()).max().unwrap_or(0);
        let width: Vec<usize> = self
            .threads
            .iter()
            .zip(&heads)
            .map(|(t, h)| {
                t.code
                    .iter()
                    .map(|c| c.len())
                    .chain([h.len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&width)
                .map(|(c, w)| format!(" {c:<w$} "))
                .collect();
            format!("{};\n", padded.join("|"))
        };
        let mut s = line(heads.iter().map(|h| h.as_str()).collect());
        for r in 0..rows {
            s += &line(
                self.threads
                    .iter()
                    .map(|t| t.code.get(r).map_or("", |c| c.as_str()))
                    .collect(),
            );
        }
        s
    }
}
