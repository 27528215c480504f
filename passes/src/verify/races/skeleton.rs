//! The handoff skeletons of a kernel as PTX litmus tests (`tilec --emit litmus`,
//! docs/verify-races.md "Litmus skeletons").
//!
//! A skeleton is one handoff as [`super::check_kernel`] sees it: the producer access, the ops of
//! the path that synchronizes it (release side, release, acquire, acquire side per edge, as
//! [`super::openworld::Covered::via`]; for a finding the nearest path the search found, maybe
//! none) and the consumer access, one litmus thread per hop: P0 runs the producer and the first
//! release side, each edge starts a new thread with its acquire side, the last thread runs the
//! consumer; where the path starts with `barrier` edges between which the producer's thread
//! waits for its bulk store's group or fences the proxies ([`Builder::run_on`]), P0 runs on
//! through them and one new thread runs the same barriers. A CTA-local edge (`barrier`, `barrier_arrive`, a local mbarrier, a bulk copy's own
//! completion) keeps the CTA; any other edge goes to the consumer's CTA, which is the producer's
//! (one CTA), another CTA of its cluster, or a CTA of another cluster (two CTAs of the grid).
//!
//! The data location `x` starts at 0; the producer writes 1, the consumer 2. `x` is global, or
//! in the shared memory of the CTA that owns it (`x @ shared cta C = 0`: the accessing thread's
//! CTA, or the peer's when the pointer comes through `mapa`), so that `sync_restrict` fences and
//! the state-space checks of bulk copies and `st.async` see the kernel's state space. The
//! condition is the weak outcome: write → read `exists (Pn:r_data == 0)` (the path's flags
//! observed, the data stale), read → write `exists (P0:r_data == 2)` (the early read saw the later
//! write), write → write `exists (x == 1)` (the later write is overwritten; with an atomic
//! consumer, its read missed the producer's write). A bulk store's read of `x` lands in a global
//! cell `yV=9` (V its value) that the condition reads. A spin becomes `LC: ld r, f; beq r, 0, LC`:
//! at Dat3M's bound 1 only executions that leave the loop count.
//!
//! Ops are read through nv_tileas' typed views and written in the syntax of `--model ptx-tilec`
//! (docs/litmus.md "tilec's extensions"; [`Skeleton::ext`] names the extension ops):
//!
//! - **mbarriers.** Edge I's mbarrier is `bI`, in the CTA that waits on it. Its expected arrival
//!   count is the number of arrivals on it in the test, so that its phase 0 completes exactly
//!   when the test's arrivals (and complete-tx) have happened. The kernel's `mbarrier_init`
//!   count N counts the arrivals of every participating thread (128 consumers, 32 lanes, one
//!   elected producer); the skeleton keeps one thread per side, which stands for the last of
//!   them: the kernel's other N-1 arrivals precede it, and a count of N here would leave the
//!   phase incomplete forever (every wait would spin, the weak outcome would be unreachable for
//!   the wrong reason). The header notes both counts per mbarrier. Waits test parity 0.
//! - **Bulk copies and `st.async`** complete on an mbarrier with a complete-tx of 1 (a copy is one
//!   cell). When the copy is the first edge's release, it completes on `b0`, and the waiting
//!   thread arms it with `mbarrier.arrive.expect_tx.relaxed.cta b0, 1` before its wait (in the
//!   kernel a thread of that CTA arms it; relaxed, so it orders nothing the skeleton does not
//!   ask for); any other copy (a write-after-read's refill, a copy with no path) completes on an
//!   mbarrier of its own (`bp` / `bc`, in the CTA of its destination) armed by the issuing
//!   thread right before it. A bulk store's commit and `wait_group 0` (a `bulk_wait` with
//!   `pending = 0` after it in its block) follow it; a proxy fence after a generic producer in its
//!   block (before the path) and one before an async consumer after the path are kept.
//! - **Cluster barriers.** Every thread of the cluster runs `barrier.cluster.arrive` then `wait`:
//!   both threads of an edge do; another thread of the cluster arrives (relaxed) first and waits
//!   last, so every thread arrives equally often (A6).
//!
//! Tensor-core ops and the peer CTA's exit have no litmus form ([`Skeleton::unsupported`]).

use super::openworld::Between;
use super::Check;
use tilec_dialects::nv_tileas::views::{self as v, MbarrierOp};
use tilec_dialects::opdef::PairOp;
use tilec_ir::{Loc, MemScope, MemSemantic, Module, Op, OpView, Space, Value};

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
    /// Header comments on the mbarriers (the kernel's init count and the test's).
    pub notes: Vec<String>,
    /// The weak outcome (the body of `exists (…)`).
    pub condition: String,
    /// The ops written in extension syntax (docs/litmus.md "tilec's extensions"), by name.
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
                inside: &c.inside,
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
            inside: &[],
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
    /// The producer thread's ops among the path's edges ([`super::openworld::Covered::inside`]).
    inside: &'a [(usize, Op)],
}

fn build(m: &Module, k: Op, h: Handoff, verdict: Verdict, message: String) -> Skeleton {
    let kernel = Some(v::Kernel(k).sym_name(m))
        .filter(|n| !n.is_empty())
        .unwrap_or("kernel")
        .to_string();
    let (far_cta, far_cluster) = match h.between {
        Between::Thread | Between::Cta | Between::PeerExit => (0, 0),
        Between::Cluster => (1, 0),
        Between::Grid => (1, 1),
    };
    let mut b = Builder {
        m,
        kernel: k,
        threads: vec![Thread::default()],
        init: Vec::new(),
        mbars: Vec::new(),
        cells: Vec::new(),
        cond: Vec::new(),
        ext: Vec::new(),
        unsupported: Vec::new(),
        regs: 0,
        labels: 0,
        far: (far_cta, far_cluster),
        via: h.via,
        notes: Vec::new(),
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
    let pr = b.data(h.p, h.c, true, &edges);
    b.producer_tail(h.p, h.c);
    if let ([f], None) = (h.via, single) {
        b.fence(0, *f);
    }
    let start = b.run_on(&edges, h.inside);
    for (i, e) in edges.iter().enumerate().skip(start) {
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
    b.writer_side_proxy_fence(h.p, h.c);
    let cr = b.data(h.c, h.p, false, &edges);
    b.weak_outcome((&pr, &cr));
    b.cluster_barrier_counts();
    let init = b.declarations(&pr, &cr);
    let mut notes = b.mbar_notes();
    notes.append(&mut b.notes);
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
        init,
        notes,
        condition: b.cond.join(" /\\ "),
        ext: b.ext,
        unsupported: b.unsupported,
    }
}

/// `k_st_ld_via_barrier_atom`: the kernel, the two accesses and each edge's release.
fn test_name(m: &Module, kernel: &str, p: Op, c: Op, edges: &[&[Op]]) -> String {
    let name = |o| super::name(m, o);
    let mut s = format!("{kernel}_{}_{}", name(p), name(c));
    if !edges.is_empty() {
        s.push_str("_via");
        for e in edges {
            s.push('_');
            s.push_str(name(e[1]));
        }
    }
    s
}

/// An mbarrier of the test: its name, its CTA, the arrivals on it in the test, the tx-count its
/// complete-tx operations (bulk copies, `st.async`, `mbarrier.complete_tx`) still need an
/// expect-tx for, and the kernel's barrier pointer (for its `mbarrier_init` count).
struct Mbar {
    name: String,
    cta: u32,
    arrivals: usize,
    tx: i64,
    kernel: Option<Value>,
}

/// The threads and locations as they are built.
struct Builder<'m> {
    m: &'m Module,
    kernel: Op,
    threads: Vec<Thread>,
    /// Flags and copy sources (`f0=0`, `g1=1`, `s1 @ shared cta 0 = 1`).
    init: Vec<String>,
    mbars: Vec<Mbar>,
    /// Cells whose final value a condition reads (a bulk store's destination): `y1=9`.
    cells: Vec<String>,
    cond: Vec<String>,
    ext: Vec<&'static str>,
    unsupported: Vec<&'static str>,
    regs: usize,
    labels: usize,
    /// The consumer's CTA and cluster.
    far: (u32, u32),
    /// The path.
    via: &'m [Op],
    /// Header comments on ops that stand for something else in the kernel.
    notes: Vec<String>,
}

/// A data access: its register or the cell its read lands in (None: a write), whether it
/// writes, whether it is atomic, its thread and the kernel pointer of `x`.
#[derive(Clone, Debug)]
struct Data {
    reg: Option<String>,
    write: bool,
    atomic: bool,
    thread: usize,
    ptr: Option<Value>,
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
        let n = super::name(self.m, op);
        if !self.ext.contains(&n) {
            self.ext.push(n);
        }
    }
    fn mark_unsupported(&mut self, op: Op) {
        let n = super::name(self.m, op);
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
    /// The CTA a `mapa` of thread `t` points into: another CTA of the test in its cluster (the
    /// consumer's when only P0 exists yet), else its own.
    fn other_cta(&self, t: usize) -> u32 {
        let me = &self.threads[t];
        self.threads
            .iter()
            .find(|x| x.cta != me.cta && x.cluster == me.cluster)
            .map(|x| x.cta)
            .or((self.far.0 != me.cta && self.far.1 == me.cluster).then_some(self.far.0))
            .unwrap_or(me.cta)
    }
    /// The mbarrier `name` (declared in CTA `cta` when new).
    fn mbar(&mut self, name: &str, cta: u32, kernel: Option<Value>) -> usize {
        if let Some(i) = self.mbars.iter().position(|b| b.name == name) {
            if self.mbars[i].kernel.is_none() {
                self.mbars[i].kernel = kernel;
            }
            return i;
        }
        self.mbars.push(Mbar {
            name: name.into(),
            cta,
            arrivals: 0,
            tx: 0,
            kernel,
        });
        self.mbars.len() - 1
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

/// Does `val` point into a peer CTA (a `mapa` on its way from the allocation, as the race
/// checker's pointer walk [`super::model::unwind`] finds it)?
fn remote(m: &Module, val: Value) -> bool {
    super::model::unwind(m, &mut super::affine::Forms::default(), val).2
}

/// The state space `val` points into.
fn space(m: &Module, val: Value) -> Option<Space> {
    tilec_dialects::nv_tileas::verify::ptr_space(m, m.value_type(val))
}

/// The pointer of the data an access touches in a handoff with `other`: the address of a
/// load, store or atomic, the destination of `st_async` and of a bulk copy into shared memory;
/// of a bulk store, its shared source when `other` touches shared memory, else its global
/// destination.
fn data_ptr(m: &Module, op: Op, other: Op) -> Option<Value> {
    let ops = m.operands(op);
    if v::BulkCopyS2G::is(m, op) {
        let shared = !v::BulkCopyS2G::is(m, other)
            && data_ptr(m, other, op).and_then(|p| space(m, p)) != Some(Space::Global);
        return ops.get(usize::from(shared)).copied();
    }
    if v::Ld::is(m, op)
        || v::St::is(m, op)
        || v::Atom::is(m, op)
        || v::Red::is(m, op)
        || v::StAsync::is(m, op)
        || g2s(m, op)
    {
        return ops.first().copied();
    }
    None
}

/// The ops after `from` in its block, up to the first op of `stop`.
fn ops_after(m: &Module, from: Op, stop: &[Op]) -> Vec<Op> {
    let mut out = Vec::new();
    let mut o = m.next_op(from);
    while let Some(x) = o {
        if stop.contains(&x) {
            break;
        }
        out.push(x);
        o = m.next_op(x);
    }
    out
}

/// The `mbarrier_init` count the kernel gives the mbarrier `bar` points to (an init of the
/// same allocation with a constant count, as check 7 reads it: [`super::mbar::init_count`]).
fn init_count(m: &Module, k: Op, bar: Value) -> Option<i64> {
    let root = super::phases::alloc_of(m, bar)?;
    let mut forms = super::affine::Forms::default();
    m.nested_ops(k).into_iter().find_map(|o| {
        let init = v::MbarrierInit::cast(m, o)?;
        if super::phases::alloc_of(m, *m.operands(o).first()?) != Some(root) {
            return None;
        }
        super::mbar::init_count(m, &mut forms, init)
    })
}

impl Builder<'_> {
    /// Emits the data access `op` (the other access: `other`) in the current thread (`first`:
    /// the producer, writing 1; else the consumer, writing 2).
    fn data(&mut self, op: Op, other: Op, first: bool, edges: &[&[Op]]) -> Data {
        let m = self.m;
        let t = self.cur();
        let val = if first { 1 } else { 2 };
        let mut d = Data {
            reg: None,
            write: true,
            atomic: false,
            thread: t,
            ptr: data_ptr(m, op, other),
        };
        if let Some(x) = v::Ld::cast(m, op) {
            let r = self.reg();
            let q = quals(for_load(x.sem(m)), x.scope(m), false);
            self.emit(t, op, format!("ld{q} {r}, x"));
            d.reg = Some(format!("P{t}:{r}"));
            d.write = false;
        } else if let Some(x) = v::St::cast(m, op) {
            let q = quals(for_store(x.sem(m)), x.scope(m), false);
            self.emit(t, op, format!("st{q} x, {val}"));
        } else if let Some(x) = v::Atom::cast(m, op) {
            let r = self.reg();
            let q = quals(x.sem(m), x.scope(m), true);
            self.emit(t, op, format!("atom{q}.add {r}, x, {val}"));
            d.reg = Some(format!("P{t}:{r}"));
            d.atomic = true;
        } else if let Some(x) = v::Red::cast(m, op) {
            let q = quals(for_store(x.sem(m)), x.scope(m), true);
            self.emit(t, op, format!("red{q}.add x, {val}"));
        } else if v::StAsync::is(m, op) || g2s(m, op) {
            self.mark_ext(op);
            let into_shared = g2s(m, op);
            let cta = if into_shared {
                self.threads[t].cta
            } else {
                self.other_cta(t)
            };
            let kbar = m.operands(op).get(2).copied();
            // The producer's copy that is the first edge's release completes on that edge's
            // mbarrier (its expect-tx goes before the wait); any other on one of its own, armed
            // right before it.
            let edge = first && edges.first().is_some_and(|e| e[1] == op);
            let name = match (edge, first) {
                (true, _) => "b0",
                (false, true) => "bp",
                (false, false) => "bc",
            };
            let i = self.mbar(name, cta, kbar);
            self.mbars[i].tx += 1;
            if !edge {
                self.expect_tx(t, op, i);
            }
            let line = if into_shared {
                self.init.push(format!("g{val}={val}"));
                format!("cp.async.bulk.shared::cta.global x, g{val}, {name}")
            } else {
                format!("st.async x, {val}, {name}")
            };
            self.emit(t, op, line);
        } else if v::BulkCopyS2G::is(m, op) {
            self.mark_ext(op);
            if d.ptr.is_some_and(|p| space(m, p) == Some(Space::Global)) {
                // The global destination is the data: the source holds the written value.
                let cta = self.threads[t].cta;
                self.init.push(format!("s{val} @ shared cta {cta} = {val}"));
                self.emit(t, op, format!("cp.async.bulk.global.shared::cta x, s{val}"));
            } else {
                // The shared source is the data: what the copy read lands in `y`.
                self.cells.push(format!("y{val}=9"));
                self.emit(t, op, format!("cp.async.bulk.global.shared::cta y{val}, x"));
                d.reg = Some(format!("y{val}"));
                d.write = false;
            }
        } else if v::Return::is(m, op) {
            // The peer CTA's exit, which frees the shared memory the producer touched.
            self.unsupported.push("the peer CTA's exit (return)");
        } else {
            self.mark_unsupported(op);
            d.write = m.num_results(op) == 0;
        }
        d
    }

    /// `mbarrier.arrive.expect_tx.relaxed.S b, TX` in thread `t` for the complete-tx pending on
    /// mbarrier `i`: the arrival that, with the complete-tx, completes the phase (relaxed: it
    /// orders nothing the kernel's own arrive might not).
    fn expect_tx(&mut self, t: usize, op: Op, i: usize) {
        let b = &mut self.mbars[i];
        let (tx, name) = (b.tx, b.name.clone());
        b.arrivals += 1;
        b.tx = 0;
        let scope = if b.cta == self.threads[t].cta {
            "cta"
        } else {
            "cluster"
        };
        self.emit(
            t,
            op,
            format!("mbarrier.arrive.expect_tx.relaxed.{scope} {name}, {tx}"),
        );
    }

    /// After the producer, in its thread and block, before the path's first op: a proxy fence
    /// (a generic access handed to the async proxy) and a bulk store's commit and
    /// `wait_group 0`.
    fn producer_tail(&mut self, p: Op, c: Op) {
        let m = self.m;
        let mut stop = self.via.to_vec();
        stop.push(c);
        let after = ops_after(m, p, &stop);
        if generic(m, p) && asynchronous(m, c) {
            let sp = data_ptr(m, p, c).and_then(|x| space(m, x));
            for &f in &after {
                if let Some(x) = v::FenceProxyAsync::cast(m, f) {
                    if x.space(m).is_none() || x.space(m) == sp {
                        self.fence(0, f);
                    }
                }
            }
        }
        if v::BulkCopyS2G::is(m, p) {
            let commit = after.iter().position(|&o| v::BulkCommit::is(m, o));
            let wait = after.iter().position(|&o| {
                v::BulkWait::cast(m, o).is_some_and(|w| w.pending(m).unwrap_or(0) == 0)
            });
            if let (Some(ci), Some(wi)) = (commit, wait) {
                if ci < wi {
                    self.mark_ext(after[wi]);
                    self.emit(0, after[ci], "cp.async.bulk.commit_group".into());
                    self.emit(0, after[wi], "cp.async.bulk.wait_group 0".into());
                }
            }
        }
    }

    /// Before a consumer in the async proxy that overwrites a generic read, in its thread and
    /// block after the path's last op: a proxy fence on the writer's side.
    fn writer_side_proxy_fence(&mut self, p: Op, c: Op) {
        let m = self.m;
        if !(generic(m, p) && asynchronous(m, c) && !writes(m, p)) {
            return;
        }
        let sp = data_ptr(m, c, p).and_then(|x| space(m, x));
        let mut o = m.prev_op(c);
        let t = self.cur();
        let mut found = Vec::new();
        while let Some(x) = o {
            if self.via.contains(&x) || x == p {
                break;
            }
            if let Some(f) = v::FenceProxyAsync::cast(m, x) {
                if f.space(m).is_none() || f.space(m) == sp {
                    found.push(x);
                }
            }
            o = m.prev_op(x);
        }
        for f in found.into_iter().rev() {
            self.fence(t, f);
        }
    }

    /// The weak outcome of the handoff from `pd` (in P0) to `cd` (in the last thread).
    fn weak_outcome(&mut self, (pd, cd): (&Data, &Data)) {
        match (pd.write, cd.write) {
            (true, false) => {
                let r = cd.reg.clone().unwrap_or_default();
                self.cond.push(format!("{r} == 0"));
            }
            (false, true) => {
                let r = pd.reg.clone().unwrap_or_default();
                self.cond.push(format!("{r} == 2"));
            }
            _ if cd.atomic => {
                let r = cd.reg.clone().unwrap_or_default();
                self.cond.push(format!("{r} == 0"));
            }
            _ => self.cond.push("x == 1".into()),
        }
    }

    /// Every thread of a cluster arrives at `barrier.cluster` equally often (A6): a thread of a
    /// cluster whose others arrive more often arrives (relaxed) first and waits last, where the
    /// arrive orders nothing before it and the wait nothing after it.
    fn cluster_barrier_counts(&mut self) {
        let arrives = |t: &Thread| {
            t.code
                .iter()
                .filter(|c| c.starts_with("barrier.cluster.arrive"))
                .count()
        };
        let clusters: Vec<u32> = self.threads.iter().map(|t| t.cluster).collect();
        for k in clusters {
            let most = self
                .threads
                .iter()
                .filter(|t| t.cluster == k)
                .map(arrives)
                .max()
                .unwrap_or(0);
            for t in self.threads.iter_mut().filter(|t| t.cluster == k) {
                let op = t.ops.first().copied();
                for _ in arrives(t)..most {
                    t.code.insert(0, "barrier.cluster.arrive.relaxed".into());
                    t.code.push("barrier.cluster.wait.acquire".into());
                    if let Some(o) = op {
                        t.ops.insert(0, o);
                        t.ops.push(o);
                    }
                }
            }
        }
    }

    /// The init block: `x` (global, or in the shared memory of the CTA that owns it: the
    /// accessing thread's, or the peer's through `mapa`), the flags and copy sources, the
    /// cells of bulk stores, the mbarriers with their arrival counts.
    fn declarations(&self, pd: &Data, cd: &Data) -> Vec<String> {
        let m = self.m;
        let at = [pd, cd]
            .into_iter()
            .find_map(|d| d.ptr.map(|p| (p, d.thread)));
        let x = match at {
            Some((p, t))
                if matches!(space(m, p), Some(Space::SharedCta | Space::SharedCluster)) =>
            {
                let cta = if remote(m, p) {
                    self.other_cta(t)
                } else {
                    self.threads[t].cta
                };
                format!("x @ shared cta {cta} = 0")
            }
            _ => "x=0".into(),
        };
        let mut out = vec![x];
        out.extend(self.init.iter().cloned());
        out.extend(self.cells.iter().cloned());
        for b in &self.mbars {
            out.push(format!(
                "{} @ mbarrier cta {} = {}",
                b.name,
                b.cta,
                b.arrivals.max(1)
            ));
        }
        out
    }

    /// One comment per mbarrier: the kernel's `mbarrier_init` count and the test's.
    fn mbar_notes(&self) -> Vec<String> {
        self.mbars
            .iter()
            .map(|b| {
                let kernel = b
                    .kernel
                    .and_then(|p| init_count(self.m, self.kernel, p))
                    .map_or("unknown".into(), |n| n.to_string());
                format!(
                    "{}: mbarrier_init count {kernel} in the kernel, {} here (the arrivals of the test; the kernel's others precede them)",
                    b.name,
                    b.arrivals.max(1)
                )
            })
            .collect()
    }
}

/// Is `op` a generic-proxy access (st_async too: AS1)?
fn generic(m: &Module, op: Op) -> bool {
    v::Ld::is(m, op) || v::St::is(m, op) || v::Atom::is(m, op) || v::Red::is(m, op)
}

/// Is `op` a bulk copy into shared memory (cp.async.bulk, or a tensor map's box: one to the
/// memory model)?
fn g2s(m: &Module, op: Op) -> bool {
    v::BulkCopyG2S::is(m, op) || v::TmaLoad::is(m, op)
}

/// Is `op` an async-proxy access (a bulk copy)?
fn asynchronous(m: &Module, op: Op) -> bool {
    g2s(m, op) || v::BulkCopyS2G::is(m, op)
}

/// Does the generic access `op` write?
fn writes(m: &Module, op: Op) -> bool {
    !v::Ld::is(m, op)
}

impl Builder<'_> {
    /// The path's leading run of `bar.sync` edges when the producer's thread does something
    /// between two of them that verify-races relies on (`inside`: the wait that completes a
    /// bulk store's async read, with the commit that closes its group; a proxy fence after a
    /// generic access): P0 runs on through every barrier of the run with those ops in program
    /// order, and one new thread of the CTA runs the barriers with the edges' other sides
    /// (every thread of the CTA reaches each barrier) and goes on with the path. Returns the
    /// number of edges it emitted (0: none, the run does not matter).
    fn run_on(&mut self, edges: &[&[Op]], inside: &[(usize, Op)]) -> usize {
        let m = self.m;
        let lead = edges
            .iter()
            .take_while(|e| e[1] == e[2] && v::Barrier::is(m, e[1]))
            .count();
        let between = |i: usize| (1..lead).contains(&i);
        let wait = inside
            .iter()
            .find(|&&(i, o)| between(i) && v::BulkWait::is(m, o))
            .copied();
        let mut ops: Vec<(usize, Op)> = inside
            .iter()
            .filter(|&&(i, o)| between(i) && v::FenceProxyAsync::is(m, o))
            .copied()
            .collect();
        if let Some((wi, w)) = wait {
            let commit = inside
                .iter()
                .find(|&&(i, o)| i <= wi && v::BulkCommit::is(m, o));
            let Some(&commit) = commit else {
                return 0;
            };
            ops.extend([commit, (wi, w)]);
        }
        if ops.is_empty() || self.cur() != 0 {
            return 0;
        }
        ops.sort_by_key(|&(i, _)| i);
        for (j, e) in edges[..lead].iter().enumerate() {
            for &(_, o) in ops.iter().filter(|&&(i, _)| i == j) {
                if v::BulkCommit::is(m, o) {
                    self.emit(0, o, "cp.async.bulk.commit_group".into());
                } else if let Some(x) = v::BulkWait::cast(m, o) {
                    self.mark_ext(o);
                    self.emit(0, o, "cp.async.bulk.wait_group 0".into());
                    let n = x.pending(m).unwrap_or(0);
                    self.notes.push(format!(
                        "wait_group 0 stands for the kernel's bulk_wait {{pending = {n}}}, which leaves the producer's group done (at least {} commits after it, verify-races); the test commits that group only",
                        n + 1
                    ));
                } else {
                    self.fence(0, o);
                }
            }
            if j == 0 && e[0] != e[1] {
                self.fence(0, e[0]);
            }
            let line = v::Barrier::cast(m, e[1])
                .map_or(String::new(), |b| format!("bar.cta.sync {}", b.id(m)));
            self.emit(0, e[1], line);
        }
        let t = self.hop(true);
        for (j, e) in edges[..lead].iter().enumerate() {
            if j > 0 && e[0] != e[1] {
                self.fence(t, e[0]);
            }
            let line = v::Barrier::cast(m, e[1])
                .map_or(String::new(), |b| format!("bar.cta.sync {}", b.id(m)));
            self.emit(t, e[1], line);
            if e[3] != e[2] {
                self.fence(t, e[3]);
            }
        }
        lead
    }

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
        } else if let (Some(a), Some(w)) =
            (v::ClusterArrive::cast(m, r), v::ClusterWait::cast(m, q))
        {
            // barrier.cluster: every thread of the cluster arrives, then waits.
            self.mark_ext(r);
            self.mark_ext(q);
            let arrive = match a.sem(m) {
                Some(MemSemantic::Relaxed) => "barrier.cluster.arrive.relaxed",
                _ => "barrier.cluster.arrive.release",
            };
            let wait = match w.sem(m) {
                Some(MemSemantic::Relaxed) => "barrier.cluster.wait.relaxed",
                _ => "barrier.cluster.wait.acquire",
            };
            self.emit(t, r, arrive.into());
            self.emit(t, q, wait.into());
            let t2 = self.hop(false);
            self.emit(t2, r, arrive.into());
            self.emit(t2, q, wait.into());
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
            let cta = self.mbar_cta(local);
            let b = self.mbar(&format!("b{i}"), cta, x.barrier(m));
            self.mbars[b].tx += 1;
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
            // into the CTA's own shared memory), declared with the producer.
            return g2s(m, r);
        } else {
            self.mark_unsupported(r);
            return true;
        }
        false
    }

    /// The CTA of an edge's mbarrier: the current thread's (local) or the consumer's.
    fn mbar_cta(&self, local: bool) -> u32 {
        if local {
            self.threads[self.cur()].cta
        } else {
            self.far.0
        }
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
        let cta = self.mbar_cta(local);
        let b = self.mbar(&format!("b{i}"), cta, bar);
        self.mbars[b].arrivals += 1;
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
            let cta = self.threads[t].cta;
            let kbar = m.operands(q).first().copied();
            let b = self.mbar(&format!("b{i}"), cta, kbar);
            if self.mbars[b].tx > 0 {
                self.expect_tx(t, q, b);
            }
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
        let name = |o| super::name(m, o);
        s += &format!(
            "// producer: {} at {}\n",
            name(self.producer),
            loc(m.op_loc(self.producer))
        );
        s += &format!(
            "// consumer: {} at {}\n",
            name(self.consumer),
            loc(m.op_loc(self.consumer))
        );
        for &o in &self.via {
            s += &format!("// via: {} at {}\n", name(o), loc(m.op_loc(o)));
        }
        for n in &self.notes {
            s += &format!("// {n}\n");
        }
        if !self.ext.is_empty() {
            s += &format!(
                "// extension syntax (docs/litmus.md \"tilec's extensions\") for: {}\n",
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
