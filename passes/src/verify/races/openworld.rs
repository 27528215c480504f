//! The handoffs of a kernel as the `weakest-fence` pass needs them: which mechanism ops
//! synchronize each checked handoff (for `--explain-fences`), and the *open-world* handoffs —
//! the ones with one end outside the kernel, which `verify-races` cannot see whole.
//!
//! A strong global write P (a flag: `st`/`atom`/`red` with a semantic) may be read by another
//! kernel or the host; every global access G before it is then published by it, and must stay
//! ordered before P at P's scope for global memory (**publish**: G → P). A strong global read S
//! may observe a write from outside; every global access G after it is then a consumer, and
//! must stay ordered after S at S's scope (**subscribe**: S → G). Weakening a fence is only
//! allowed when every open-world handoff that was synchronized before still is: that is the
//! rule "a fence that covers an open-world gmem handoff keeps at least the scope of the
//! accesses that publish it" (SYNC-MODEL §4), checked by the same path search as checks 1–4.

use super::groups::open_groups;
use super::handoff::{covering_path, same_thread_fence, scan, Event, Relation, Search, Step};
use super::model::{Access, Buf, Model, Proxy};
use super::sync::{covers, is_acquire, is_release, Acquire, Edge, Mechanisms, Reach};
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_ir::{MemScope, MemSemantic, Op, Space};

/// Where the two threads of a handoff run, relative to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Between {
    /// One thread (a handoff between proxies).
    Thread,
    /// Two threads of one CTA.
    Cta,
    /// Two CTAs of one cluster (a `mapa` peer, or global memory indexed within the cluster).
    Cluster,
    /// Two CTAs of the grid (maybe of different clusters), or the kernel and the outside.
    Grid,
    /// The consumer is the exit of the peer CTA (which frees its shared memory).
    PeerExit,
}

/// One synchronized handoff and the ops that synchronize it.
#[derive(Clone, Debug)]
pub struct Covered {
    /// The producer access.
    pub producer: Op,
    /// The consumer access (None: outside the kernel, a publish handoff).
    pub consumer: Option<Op>,
    /// The strong global write that publishes it (publish handoffs).
    pub flag: Option<Op>,
    /// Words for where the consumer runs.
    pub relation: &'static str,
    /// Where the consumer runs.
    pub between: Between,
    /// Words for the iterations of a modeled loop the two accesses belong to
    /// (` (from iteration i of the loop to iteration i+4)`), or empty.
    pub iterations: String,
    /// Release sides, edges and acquire sides of the path, in path order.
    pub via: Vec<Op>,
    /// Ops of the producer's thread that run among the path's edges and that verify-races
    /// relies on ([`inside`]), each with the number of the path's releases before it.
    pub inside: Vec<(usize, Op)>,
}

/// Is `a` an access of global memory (a parameter or an untraced pointer, not TMEM)?
pub(super) fn global(a: &Access) -> bool {
    matches!(a.ptr.buf, Buf::Param(_) | Buf::Unknown) && a.ptr.space != Some(Space::Tmem)
}

/// An open-world handoff, by indices into the model's accesses.
#[derive(Clone, Copy, Debug)]
pub(super) enum Open {
    /// The global access `g` published by the strong global write `flag` at scope `need`.
    Publish {
        g: usize,
        flag: usize,
        need: MemScope,
    },
    /// The global access `g` after the subscribing read `s`.
    Subscribe { s: usize, g: usize },
}

/// What earlier publish searches learned of walk states, by what their outcome from depth 1
/// on depends on: the flag write, the scope it needs, the CTA pair and the producer's state
/// space. Only within one enumeration of the handoffs of one model and its mechanisms.
pub(super) type Failed = FxHashMap<(Op, MemScope, Option<(u32, u32)>, Option<Space>), Known>;

/// The walk states unsuccessful searches explored ([`Search::known_failed`]), and those on
/// the paths successful ones found, with the rest of the path ([`Search::known_ok`]).
#[derive(Default)]
pub(super) struct Known {
    failed: FxHashSet<super::handoff::WalkState>,
    ok: FxHashMap<super::handoff::WalkState, Vec<Op>>,
}

/// The path that synchronizes the open-world handoff `h`, or None.
pub(super) fn open_path(md: &Model, me: &Mechanisms, h: Open) -> Option<Vec<Op>> {
    open_path_with(md, me, h, &mut Failed::default())
}

/// [`open_path`], sharing what failed publish searches explored with the others of `shared`.
pub(super) fn open_path_with(
    md: &Model,
    me: &Mechanisms,
    h: Open,
    shared: &mut Failed,
) -> Option<Vec<Op>> {
    let acc = &md.accesses;
    match h {
        Open::Publish { g, flag, need } => {
            let (g, pa) = (&acc[g], &acc[flag]);
            let space = if g.ptr.remote {
                Some(Space::SharedCluster)
            } else {
                g.ptr.space
            };
            let p = Publish {
                md,
                me,
                g,
                pa,
                need,
                space,
            };
            p.path(shared)
        }
        Open::Subscribe { s: si, g } => subscribe_path(md, me, &acc[si], &acc[g]),
    }
}

/// A publish handoff: the global access `g` published by the strong global write `pa`, which
/// must release it at least at scope `need`.
struct Publish<'a, 'm> {
    md: &'a Model<'m>,
    me: &'a Mechanisms,
    g: &'a Access,
    pa: &'a Access,
    need: MemScope,
    /// The state space of `g` (the key of the states its searches share).
    space: Option<Space>,
}

impl Publish<'_, '_> {
    /// The path that synchronizes the handoff, or None; the searches share what they learn
    /// with the others of `shared`.
    fn path(&self, shared: &mut Failed) -> Option<Vec<Op>> {
        let (md, g) = (self.md, self.g);
        // A path ends at a release side of the flag write: the write itself, or a release
        // fence before it in program order. With neither, no search can succeed.
        let releasable = releasable(md, self.me, self.pa.op);
        let mut publish = |x: Option<u32>| {
            if !releasable {
                return None;
            }
            self.search(shared, x)
        };
        let Some(rd) = &md.rounds else {
            return publish(None);
        };
        // With followed flags, per CTA running `g`: a path to the flag write, or a path from
        // the flag write (in some CTA) to `g`, which then does not precede it.
        let mut all = Vec::new();
        for x in running(md, g.op, rd.grid) {
            if let Some(p) = publish(Some(x)) {
                all.extend(p);
                continue;
            }
            if !self.after_flag(rd, x) {
                return None;
            }
        }
        Some(all)
    }

    /// A search for a path from `g` to the flag write (both in the CTA `x`, when given),
    /// starting from and adding to what earlier searches toward the same target learned.
    fn search(&self, shared: &mut Failed, x: Option<u32>) -> Option<Vec<Op>> {
        let (md, me, g, pa, need) = (self.md, self.me, self.g, self.pa, self.need);
        let pair = x.map(|x| (x, x));
        let key = (pa.op, need, pair, self.space);
        let mut known = shared.remove(&key).unwrap_or_default();
        let mut s = Search::new(md, me, g, pa, Relation::Any);
        s.existence = true;
        s.target = Some((pa.op, need));
        s.pair = pair;
        s.known_failed = Some(&known.failed);
        s.known_ok = Some(&known.ok);
        s.search();
        let (found, path, mut failed, succeeded) = (s.found_ok, s.path, s.failed, s.succeeded);
        // After a success the explored states include unfinished ones: only those on
        // the path are kept, with the rest of the path from each.
        if !found {
            failed.retain(|st| st.3 >= 1);
            known.failed.extend(failed);
        } else {
            for (st, at) in succeeded {
                known.ok.insert(st, path[at..].to_vec());
            }
        }
        shared.insert(key, known);
        found.then_some(path)
    }

    /// Whether `g` in the CTA `x` comes after the flag write (in some CTA) in causality order,
    /// so that it does not precede it.
    fn after_flag(&self, rd: &super::rounds::Rounds, x: u32) -> bool {
        let (md, me, g, pa) = (self.md, self.me, self.g, self.pa);
        running(md, pa.op, rd.grid).into_iter().any(|y| {
            // `g` is a spin that reads the flag write, or a write that follows it in
            // program order in its thread: `g` reads from a write the flag write
            // precedes in causality order, so it cannot precede the flag write (axiom
            // Causality).
            let thread_after =
                |w: Op| w == pa.op || md.after(pa.op, w) && md.at(w).role.within(md.at(pa.op).role);
            let reads = rd.writes_for(g.op).into_iter().filter(|&w| thread_after(w));
            if reads
                .into_iter()
                .any(|w| rd.readers(w, y, g.op).contains(&x))
            {
                return true;
            }
            let mut s = Search::new(md, me, pa, g, Relation::Any);
            s.existence = true;
            s.pair = Some((y, x));
            s.search();
            s.found_ok
        })
    }
}

/// The path that synchronizes the subscribe handoff of the global access `g` after the strong
/// read `sa`, or None.
fn subscribe_path(md: &Model, me: &Mechanisms, sa: &Access, g: &Access) -> Option<Vec<Op>> {
    let (sem, scope) = sa.strong.expect("a subscribing read is strong");
    let need = scope.unwrap_or(MemScope::Gpu);
    let q = Acquire {
        op: sa.op,
        edge: Edge::flag(md.m, sa.ptr.buf, &sa.ptr.off),
        sem: if sem == MemSemantic::Release {
            MemSemantic::Relaxed
        } else {
            sem
        },
        scope: need,
    };
    // Every path starts at an acquire side of the read: the read itself, or an acquire
    // fence after it in program order. With neither, no search can succeed.
    let fences = &me.fences[me.fence_pos.partition_point(|&p| p <= md.at(sa.op).pos)..];
    if !is_acquire(q.sem) && !fences.iter().any(|f| is_acquire(f.sem)) {
        return None;
    }
    // Program order from the read (it need not run on every path to `g`: when it does
    // not run, it observes nothing).
    let direct = md.after(sa.op, g.op) && md.at(g.op).role.within(md.at(sa.op).role);
    match subscribe_side(md, me, &q, g.op) {
        Some((sc, spaces, at)) if direct && sc >= need && covers(spaces, Some(Space::Global)) => {
            Some(vec![sa.op, at])
        }
        _ => {
            let mut s = Search::new(md, me, g, g, Relation::Same);
            s.existence = true;
            s.origin = Some(sa.op);
            let at = Step {
                from: sa.op,
                t: md.at(sa.op).role,
                reach: Reach::Any,
                cta: None,
                depth: 1,
                pending: Some((&q, need)),
            };
            s.walk(at, Vec::new(), &[sa.op]);
            s.found_ok.then_some(s.path)
        }
    }
}

/// Whether a path can end at the strong global write `p` as a publish search's target: `p` is
/// a release, or a release fence comes before it in program order (the search asks for one
/// between the path's last hop and `p`, [`Search::walk`]). A relaxed flag with no release
/// fence before it in the kernel publishes nothing, whatever the producer (each of its
/// producers' searches used to explore the whole kernel to find that out).
fn releasable(md: &Model, me: &Mechanisms, p: Op) -> bool {
    let pos = md.at(p).pos;
    let (lo, hi) = (
        me.release_pos.partition_point(|&q| q < pos),
        me.release_pos.partition_point(|&q| q <= pos),
    );
    let fences = &me.fences[..me.fence_pos.partition_point(|&q| q < pos)];
    me.releases[lo..hi].iter().any(|r| is_release(r.sem))
        || fences.iter().any(|f| is_release(f.sem))
}

/// The CTAs of a grid of `grid` that may run `op`.
fn running(md: &Model, op: Op, grid: u32) -> Vec<u32> {
    (0..grid).filter(|&x| md.runs_in(op, x)).collect()
}

/// The open-world handoffs of the kernel that some path synchronizes, with that path, and how
/// many no path synchronizes (the checker may not see what orders them: a fence in a loop body
/// is not a release side for it, so weakening must then leave gpu-scope sync alone).
pub fn open_world(md: &Model, me: &Mechanisms) -> (Vec<Covered>, usize) {
    let mut out = Vec::new();
    let groups = open_groups(md, me);
    let uncovered = groups
        .list
        .iter()
        .filter(|g| g.path.is_none())
        .map(|g| groups.count(md, g))
        .sum();
    groups.each(md, |h, path| {
        let Some(via) = path else {
            return;
        };
        let acc = &md.accesses;
        out.push(match h {
            Open::Publish { g, flag, .. } => Covered {
                producer: acc[g].op,
                consumer: None,
                flag: Some(acc[flag].op),
                relation: "a reader outside the kernel (another kernel or the host)",
                between: Between::Grid,
                iterations: String::new(),
                via,
                inside: Vec::new(),
            },
            Open::Subscribe { s, g } => Covered {
                producer: acc[s].op,
                consumer: Some(acc[g].op),
                flag: None,
                relation:
                    "the same CTA, after a read that may observe a write from outside the kernel",
                between: Between::Cta,
                iterations: String::new(),
                via,
                inside: Vec::new(),
            },
        });
    });
    (out, uncovered)
}

/// The acquire side of a subscribing read `q` for the later access `g` of the same thread: the
/// read itself, or an acquire fence after it in program order and before `g` (on every path
/// from the read: when the read does not run, it observes nothing).
fn subscribe_side(
    md: &Model,
    me: &Mechanisms,
    q: &Acquire,
    g: Op,
) -> Option<(MemScope, super::sync::Spaces, Op)> {
    if super::sync::is_acquire(q.sem) {
        return Some((q.scope, None, q.op));
    }
    let role = md.at(g).role;
    me.fences
        .iter()
        .filter(|f| super::sync::is_acquire(f.sem))
        .filter(|f| md.after(q.op, f.op) && md.after(f.op, g) && role.within(md.at(f.op).role))
        .map(|f| (f.scope, f.spaces(), f.op))
        .max_by_key(|x| (x.1.is_none(), x.0))
}

/// Every handoff `verify-races` checks, with the path that synchronizes it (handoffs nothing
/// synchronizes are findings, not listed).
pub fn checked(md: &Model, me: &Mechanisms) -> Vec<Covered> {
    let mut out = Vec::new();
    scan(md, true, |e| {
        match e {
            Event::Barriered { p, c, by } => out.push(Covered {
                producer: p.op,
                consumer: Some(c.op),
                flag: None,
                relation: Relation::Same.words(),
                between: Between::Cta,
                iterations: String::new(),
                via: vec![by],
                inside: Vec::new(),
            }),
            Event::Pair {
                p,
                c,
                rel: Some(rel),
                ..
            } => {
                if let Some(via) = covering_path(md, me, p, c, rel) {
                    let inside = inside(md, me, p, c, &via);
                    out.push(Covered {
                        producer: p.op,
                        consumer: Some(c.op),
                        flag: None,
                        relation: if c.exit {
                            "the peer CTA, whose exit frees that memory"
                        } else {
                            rel.words()
                        },
                        between: if c.exit {
                            Between::PeerExit
                        } else {
                            rel.between()
                        },
                        iterations: String::new(),
                        via,
                        inside,
                    });
                }
            }
            Event::Pair {
                p, c, rel: None, ..
            } => {
                if let Some(f) = same_thread_fence(md, me, p, c) {
                    out.push(Covered {
                        producer: p.op,
                        consumer: Some(c.op),
                        flag: None,
                        relation: "the same thread, through the async proxy",
                        between: Between::Thread,
                        iterations: String::new(),
                        via: vec![f],
                        inside: Vec::new(),
                    });
                }
            }
            _ => {}
        }
        false
    });
    out
}

/// The open-world handoffs as (producer, consumer) keys, for before/after comparison.
pub fn keys(v: &[Covered]) -> FxHashSet<(Op, Option<Op>, Option<Op>)> {
    v.iter().map(|c| (c.producer, c.consumer, c.flag)).collect()
}

/// The ops of `p`'s thread, after `p` and before `c`, that complete or order `p` for `c`
/// (what [`Covered::inside`] lists): for an async read overwritten by `c`, the commit that
/// closes its group and the wait that leaves it done ([`super::completion::covering_wait`]); for a
/// generic access read or overwritten by the async proxy, the proxy fences of its space. Each
/// with the number of releases of `via` (four ops per edge) before it.
fn inside(md: &Model, me: &Mechanisms, p: &Access, c: &Access, via: &[Op]) -> Vec<(usize, Op)> {
    let limit = md.at(c.op).pos;
    let mut ops = Vec::new();
    if !p.write && p.proxy == Proxy::Async && c.write {
        if let Some((commit, wait)) = super::completion::covering_wait(md, p.op, c.op) {
            ops.extend([commit, wait]);
        }
    }
    if p.proxy == Proxy::Generic && c.proxy == Proxy::Async {
        let space = super::handoff::space_of(p);
        ops.extend(me.proxy_fences.iter().filter_map(|&(f, s)| {
            (md.after(p.op, f)
                && md.at(f).pos < limit
                && md.at(p.op).role.within(md.at(f).role)
                && (s.is_none() || s == space))
                .then_some(f)
        }));
    }
    let releases: Vec<u32> = via
        .chunks(4)
        .filter(|e| e.len() == 4)
        .map(|e| md.at(e[1]).pos)
        .collect();
    ops.into_iter()
        .map(|o| {
            let pos = md.at(o).pos;
            (releases.iter().filter(|&&r| r < pos).count(), o)
        })
        .collect()
}
