//! The open-world handoffs of a kernel ([`super::openworld`]) in groups that one search each
//! decides.
//!
//! A handoff joins two *ends*: a global access published by a later flag write (publish), or
//! a subscribing read and a later global access (subscribe). A kernel of n strong accesses of
//! one location (every element of a tile broadcast from one pointer, docs/fuzzing.md's find 5)
//! has about n²/2 of them, and searching and recording each one was quadratic in n at best
//! (cubic while a failing search explored the whole kernel). But most ends cannot be told
//! apart by a search: two accesses of one block, with the same threads, state space, kind and
//! iteration and no mechanism op between them ([`Alike`]), ask every question of a path search
//! alike and get the same answers. The ends of each side fall into such classes; every pair of
//! an end of class `x` before an end of class `y` has the same path, up to the ends themselves
//! (the flag write, or the read, is on it as its own release or acquire side), under any forms
//! of the mechanism ops (a change of forms moves no op). One search per pair of classes decides
//! all of them: as many searches as pairs of classes.
//!
//! Invariant: [`Groups::each`] lists exactly the handoffs, with exactly the paths, that one
//! search per handoff finds (`group_mismatches` compares the two; tools/tests/race_pairs.rs
//! runs it over the corpus, generated programs and kernels of many flag accesses).

use super::model::{Access, Buf, Model};
use super::openworld::{global, open_path, open_path_with, Failed, Open};
use super::sync::{Edge, Mechanisms};
use rustc_hash::{FxHashMap, FxHashSet};
use tilec_dialects::nv_tileas::views::OpKind;
use tilec_ir::{MemScope, MemSemantic, Op, Space};

/// The open-world handoffs of a kernel in groups, each decided by the search of its first
/// handoff (module docs).
pub(super) struct Groups {
    /// The classes of ends: members as indices into the model's accesses, in program order.
    ends: Vec<Vec<usize>>,
    /// Each global access's class as a producer (publish) or consumer (subscribe), each flag
    /// write's and subscribing read's class; None when it is not one.
    as_global: Vec<Option<u32>>,
    as_flag: Vec<Option<u32>>,
    as_read: Vec<Option<u32>>,
    /// The flag writes (indices into the model's accesses) and the scope each publishes at, in
    /// the order of their release sides; the subscribing reads, in program order.
    flags: Vec<(usize, MemScope)>,
    reads: Vec<usize>,
    /// The groups, and the group of each pair of classes (x, y) that has one.
    pub(super) list: Vec<Group>,
    by_classes: FxHashMap<(u32, u32), u32>,
}

/// Open-world handoffs that one search decides ([`Groups`]).
pub(super) struct Group {
    /// The handoff searched: the group's first pair.
    pub(super) h: Open,
    /// The classes of its ends (publish: the producers, the flag writes; subscribe: the reads,
    /// the later accesses).
    x: u32,
    y: u32,
    /// The path that synchronizes `h` (None: no path the checker knows does).
    pub(super) path: Option<Vec<Op>>,
}

/// Every open-world handoff of the kernel in groups, each with the path that synchronizes its
/// first handoff ([`Groups`]).
pub(super) fn open_groups(md: &Model, me: &Mechanisms) -> Groups {
    let acc = &md.accesses;
    let mut gr = Groups {
        ends: Vec::new(),
        as_global: vec![None; acc.len()],
        as_flag: vec![None; acc.len()],
        as_read: vec![None; acc.len()],
        flags: Vec::new(),
        reads: Vec::new(),
        list: Vec::new(),
        by_classes: FxHashMap::default(),
    };
    // A followed flag's spin observes no write from outside: by the launch contract only this
    // kernel writes the flag while it runs ([`super::rounds`]).
    let followed = |op: Op| md.rounds.as_ref().is_some_and(|r| r.owns(op));
    let may_subscribe = |a: &Access| {
        global(a)
            && !followed(a.op)
            && matches!(OpKind::of(md.m, a.op), Some(OpKind::Ld | OpKind::Atom))
            && a.strong.is_some_and(|s| s.0 != MemSemantic::Weak)
    };
    // Every handoff has a flag write or a subscribing read at one end: a kernel with neither
    // (weak accesses only) has no group, and its global accesses need no class.
    let reads = acc.iter().any(may_subscribe);
    if !reads && !me.releases.iter().any(flag_write) {
        return gr;
    }
    let alike = Alike::new(md, me);
    // With followed flags a publish search runs per CTA that runs the producer (`running`),
    // which depends on the access itself: every end is its own class there.
    let key = |a: &Access| alike.key(md, a).filter(|_| md.rounds.is_none());
    let mut classes = Classes::default();
    for (i, a) in acc.iter().enumerate().filter(|(_, a)| global(a)) {
        gr.as_global[i] = Some(classes.add(&mut gr.ends, key(a).map(|k| (0, k, None)), i));
    }
    // Each op's first access (a scan of the accesses per flag write was quadratic in them).
    let mut first: FxHashMap<Op, usize> = FxHashMap::default();
    for (i, a) in acc.iter().enumerate() {
        first.entry(a.op).or_insert(i);
    }
    for r in me.releases.iter().filter(|r| flag_write(r)) {
        let Some(&flag) = first.get(&r.op) else {
            continue;
        };
        // What the search reads of the flag write's release side: its form.
        let form = (r.sem, r.scope, r.spaces.is_none(), r.remote);
        let k = key(&acc[flag]).map(|k| (1, k, Some(form)));
        gr.as_flag[flag] = Some(classes.add(&mut gr.ends, k, flag));
        gr.flags.push((flag, r.scope));
    }
    // Subscribe: S → G, for a read whose value the kernel uses (an atom whose old value is
    // dropped observes nothing from outside: it only writes).
    let used: FxHashSet<tilec_ir::Value> = match reads {
        true => md
            .ops
            .iter()
            .flat_map(|&o| md.m.operands(o).iter().copied())
            .collect(),
        false => FxHashSet::default(),
    };
    for (i, a) in acc.iter().enumerate() {
        if may_subscribe(a) && md.m.results(a.op).any(|v| used.contains(&v)) {
            gr.as_read[i] = Some(classes.add(&mut gr.ends, key(a).map(|k| (2, k, None)), i));
            gr.reads.push(i);
        }
    }
    gr.search(md, me);
    gr
}

/// Is `r` the release side of a flag write to global memory (or to an untraced pointer): the
/// end of a publish handoff?
fn flag_write(r: &super::sync::Release) -> bool {
    matches!(r.edge, Edge::Flag(Buf::Param(_) | Buf::Unknown, ..))
}

/// Builds the classes of ends: one per distinct key, one per end without a key.
#[derive(Default)]
struct Classes(FxHashMap<(u8, Key, Option<Form>), u32>);

/// A flag write's release side as a publish search reads it: semantic, scope, whether it
/// covers every state space, remote.
type Form = (MemSemantic, MemScope, bool, bool);

impl Classes {
    /// The class of the end `i` with key `k` (None: a class of its own), made when new.
    fn add(
        &mut self,
        ends: &mut Vec<Vec<usize>>,
        k: Option<(u8, Key, Option<Form>)>,
        i: usize,
    ) -> u32 {
        let fresh = ends.len() as u32;
        let c = match k {
            Some(k) => *self.0.entry(k).or_insert(fresh),
            None => fresh,
        };
        if c == fresh {
            ends.push(Vec::new());
        }
        ends[c as usize].push(i);
        c
    }
}

impl Groups {
    /// Makes the groups, one search each: for every pair of classes (x, y) with an end of `x`
    /// before an end of `y`, the first such pair, when the two are near ([`Model::near`],
    /// which reads only what their classes hold: their iterations, and that `x` comes first).
    fn search(&mut self, md: &Model, me: &Mechanisms) {
        let acc = &md.accesses;
        let pos = |i: usize| md.at(acc[i].op).pos;
        let mut shared = Failed::default();
        let order = |list: &[Option<u32>], items: &mut dyn Iterator<Item = usize>| {
            let mut seen = FxHashSet::default();
            items
                .filter_map(|i| list[i].filter(|c| seen.insert(*c)))
                .collect::<Vec<u32>>()
        };
        let globals = order(&self.as_global, &mut (0..acc.len()));
        let flags = order(&self.as_flag, &mut self.flags.iter().map(|f| f.0));
        let reads = order(&self.as_read, &mut self.reads.iter().copied());
        let need: FxHashMap<usize, MemScope> = self.flags.iter().copied().collect();
        for (xs, ys, publish) in [(&globals, &flags, true), (&reads, &globals, false)] {
            // `xs` is in the order of the classes' first ends: those after `y`'s last end have
            // no pair with it.
            let first: Vec<u32> = xs.iter().map(|&x| pos(self.ends[x as usize][0])).collect();
            for &y in ys {
                let ey = &self.ends[y as usize];
                let last = ey.last().map_or(0, |&j| pos(j));
                for &x in &xs[..first.partition_point(|&p| p < last)] {
                    let ex = &self.ends[x as usize];
                    let x0 = ex[0];
                    let k = ey.partition_point(|&j| pos(j) <= pos(x0));
                    let Some(&y0) = ey.get(k) else {
                        continue;
                    };
                    if !md.near(acc[x0].op, acc[y0].op) {
                        continue;
                    }
                    let (h, path) = if publish {
                        let h = Open::Publish {
                            g: x0,
                            flag: y0,
                            need: need[&y0],
                        };
                        (h, open_path_with(md, me, h, &mut shared))
                    } else {
                        let h = Open::Subscribe { s: x0, g: y0 };
                        (h, open_path(md, me, h))
                    };
                    self.by_classes.insert((x, y), self.list.len() as u32);
                    self.list.push(Group { h, x, y, path });
                }
            }
        }
    }

    /// How many handoffs group `g` stands for.
    pub(super) fn count(&self, md: &Model, g: &Group) -> usize {
        let acc = &md.accesses;
        let (ex, ey) = (&self.ends[g.x as usize], &self.ends[g.y as usize]);
        let (mut n, mut i) = (0, 0);
        for &y in ey {
            let p = md.at(acc[y].op).pos;
            while i < ex.len() && md.at(acc[ex[i]].op).pos < p {
                i += 1;
            }
            n += i;
        }
        n
    }

    /// Every open-world handoff one by one, in the order of the release sides of the flag
    /// writes and of program order (publish), then of the reads and program order (subscribe),
    /// with its group's path (the group's ends replaced by its own).
    pub(super) fn each(&self, md: &Model, mut f: impl FnMut(Open, Option<Vec<Op>>)) {
        let acc = &md.accesses;
        let pos = |i: usize| md.at(acc[i].op).pos;
        let globals: Vec<usize> = (0..acc.len())
            .filter(|&i| self.as_global[i].is_some())
            .collect();
        let mut visit = |x: usize, y: usize, cx: Option<u32>, cy: Option<u32>, h: Open| {
            let (Some(cx), Some(cy)) = (cx, cy) else {
                return;
            };
            let Some(&gi) = self.by_classes.get(&(cx, cy)) else {
                return;
            };
            let g = &self.list[gi as usize];
            let (x0, y0) = match g.h {
                Open::Publish { g, flag, .. } => (g, flag),
                Open::Subscribe { s, g } => (s, g),
            };
            let (from, to) = ([acc[x0].op, acc[y0].op], [acc[x].op, acc[y].op]);
            let path = g.path.as_ref().map(|p| {
                p.iter()
                    .map(|&o| {
                        if o == from[0] {
                            to[0]
                        } else if o == from[1] {
                            to[1]
                        } else {
                            o
                        }
                    })
                    .collect()
            });
            f(h, path);
        };
        for &(flag, need) in &self.flags {
            for &g in globals.iter().take_while(|&&g| pos(g) < pos(flag)) {
                let h = Open::Publish { g, flag, need };
                visit(g, flag, self.as_global[g], self.as_flag[flag], h);
            }
        }
        for &s in &self.reads {
            for &g in globals.iter().filter(|&&g| pos(g) > pos(s)) {
                visit(
                    s,
                    g,
                    self.as_read[s],
                    self.as_global[g],
                    Open::Subscribe { s, g },
                );
            }
        }
    }

    /// The synchronized handoffs as original ops ([`OpenCover`]); `original` names the op a
    /// model's op stands for.
    pub(super) fn cover(&self, md: &Model, original: impl Fn(Op) -> Op) -> OpenCover {
        let acc = &md.accesses;
        OpenCover {
            ends: self
                .ends
                .iter()
                .map(|e| {
                    e.iter()
                        .map(|&i| (md.at(acc[i].op).pos, original(acc[i].op)))
                        .collect()
                })
                .collect(),
            groups: self
                .list
                .iter()
                .filter(|g| g.path.is_some())
                .map(|g| (matches!(g.h, Open::Publish { .. }), g.x, g.y))
                .collect(),
        }
    }
}

/// The synchronized open-world handoffs of a kernel as groups of pairs of original ops
/// ([`Groups`]): what `weakest-fence` compares before and after a structural rewrite, listed
/// one by one only then ([`OpenCover::keys`]).
#[derive(Default)]
pub struct OpenCover {
    /// The classes of ends: (position, original op), in program order.
    ends: Vec<Vec<(u32, Op)>>,
    /// The synchronized groups: publish or subscribe, and the classes of their two ends.
    groups: Vec<(bool, u32, u32)>,
}

impl OpenCover {
    /// Every synchronized handoff as (producer, consumer, flag): publish `(g, None, flag)`,
    /// subscribe `(s, g, None)`.
    pub fn keys(&self) -> super::OpenKeys {
        let mut out = super::OpenKeys::default();
        for &(publish, x, y) in &self.groups {
            let (ex, ey) = (&self.ends[x as usize], &self.ends[y as usize]);
            for &(py, oy) in ey {
                for &(_, ox) in ex.iter().take_while(|e| e.0 < py) {
                    out.insert(if publish {
                        (ox, None, Some(oy))
                    } else {
                        (ox, Some(oy), None)
                    });
                }
            }
        }
        out
    }

    /// Is every handoff synchronized here synchronized in `other` too?
    pub fn within(&self, other: &OpenCover) -> bool {
        self.keys().is_subset(&other.keys())
    }
}

/// Which accesses an open-world search cannot tell apart, as the producer of a publish
/// handoff, a flag write that publishes, a subscribing read or the consumer after it.
///
/// What a search asks of an end, besides its own op (which only a release or an acquire side
/// at the end itself makes matter, and which appears on the path only as the flag write's or
/// the read's own release or acquire side): where it sits against the releases, acquire sides
/// and fences the search meets, the *marks* ([`Model::after`], [`Model::sequential`],
/// [`Model::dominates`] read the positions, the control contexts and the ancestors), its
/// threads, state space, proxy, direction, kind and semantic, and the iteration of a modeled
/// loop it stands for ([`Model::near`]). Where it sits is the block of the outermost op
/// around it that holds no mark and no other access (the access itself when its parent holds
/// one), the number of marks before it, and whether it shares that block's control context:
/// every mark and every other end is outside that op, so the control contexts and ancestors
/// between the access and that block (an `if` of its own, a bounds mask) are none of theirs,
/// and decide an answer only by being there (a later end in a context of its own runs after
/// no earlier one on every path). Two accesses with all of those equal ask the same questions
/// and get the same answers. An access that is itself a mark, has regions, or is not of the
/// generic proxy (an async read's completion depends on the op) has no key: a class of its
/// own.
struct Alike {
    /// The positions of the releases that start an edge, the acquire sides and the fences
    /// (proxy fences too), sorted.
    marks: Vec<u32>,
    /// The positions of the ops that access memory, sorted (an op once).
    accesses: Vec<u32>,
}

/// An end's class key ([`Alike`]): the block of the outermost op around it without a mark or
/// another access, whether it shares that block's control context, the number of marks before
/// it, its threads, space, direction, op name, strong form and iteration.
type Key = (
    Option<tilec_ir::Block>,
    bool,
    usize,
    super::model::Role,
    Option<Space>,
    bool,
    Option<OpKind>,
    Option<(MemSemantic, Option<MemScope>)>,
    Option<(u32, i64, u8, bool)>,
);

impl Alike {
    fn new(md: &Model, me: &Mechanisms) -> Alike {
        let mut marks: Vec<u32> = me.useful_pos.clone();
        marks.extend(me.acquires.iter().map(|q| md.at(q.op).pos));
        marks.extend(me.fence_pos.iter().copied());
        marks.extend(me.proxy_fences.iter().map(|(f, _)| md.at(*f).pos));
        marks.sort_unstable();
        marks.dedup();
        let mut accesses: Vec<u32> = md.accesses.iter().map(|a| md.at(a.op).pos).collect();
        accesses.sort_unstable();
        accesses.dedup();
        Alike { marks, accesses }
    }

    fn key(&self, md: &Model, a: &Access) -> Option<Key> {
        let i = md.at(a.op);
        let n = self.marks.partition_point(|&p| p < i.pos);
        let own = self.marks.get(n) == Some(&i.pos);
        if own || i.end != i.pos || a.proxy != super::model::Proxy::Generic || a.exit {
            return None;
        }
        // The outermost op around the access that holds no mark and no other access: the `if`
        // of a bounds mask around one tile element, say. Whatever the search meets lies
        // outside it, so what program order and nesting answer depends only on where that op
        // sits, and on whether the access shares its control context (then every later op of
        // that block runs after it on every path; otherwise none does).
        let mut top = a.op;
        while let Some(p) = md.m.parent_op(top).filter(|&p| p != md.kernel) {
            let at = md.at(p);
            let within = |v: &[u32]| {
                v.partition_point(|&q| q <= at.end) - v.partition_point(|&q| q < at.pos)
            };
            if within(&self.marks) > 0 || within(&self.accesses) > 1 {
                break;
            }
            top = p;
        }
        let space = if a.ptr.remote {
            Some(Space::SharedCluster)
        } else {
            a.ptr.space
        };
        let it = md
            .iteration
            .get(&a.op)
            .map(|t| (t.group, t.k, t.window, t.uniform));
        Some((
            md.m.op_block(top),
            i.ctx == md.at(top).ctx,
            n,
            i.role,
            space,
            a.write,
            OpKind::of(md.m, a.op),
            a.strong,
            it,
        ))
    }
}

/// Test support: for every nv_tileas kernel of `m`, each open-world handoff whose grouped
/// verdict ([`Groups::each`]: its group's path, the ends replaced) differs from its own search,
/// and each one the groups list that the handoff-by-handoff enumeration does not (or the other
/// way round), described. The invariant of [`Groups`] is that there is none.
#[doc(hidden)]
pub fn group_mismatches(m: &tilec_ir::Module) -> Vec<String> {
    let mut out = Vec::new();
    super::each_kernel_model(m, |md| {
        let me = Mechanisms::new(md);
        let md = &*md;
        let mut grouped = Vec::new();
        open_groups(md, &me).each(md, |h, p| grouped.push((h, p)));
        let one_by_one = each_alone(md, &me);
        if grouped.len() != one_by_one.len() {
            out.push(format!(
                "{} handoffs grouped, {} one by one",
                grouped.len(),
                one_by_one.len()
            ));
        }
        for ((h, p), (h1, p1)) in grouped.iter().zip(&one_by_one) {
            if format!("{h:?}") != format!("{h1:?}") || p != p1 {
                out.push(format!("{h:?}: {p:?} grouped, {h1:?}: {p1:?} alone"));
            }
        }
    });
    out
}

/// Every open-world handoff with its own search, in the order of [`Groups::each`].
fn each_alone(md: &Model, me: &Mechanisms) -> Vec<(Open, Option<Vec<Op>>)> {
    let acc = &md.accesses;
    let mut out = Vec::new();
    let groups = open_groups(md, me);
    let globals: Vec<usize> = (0..acc.len()).filter(|&i| global(&acc[i])).collect();
    for &(flag, need) in &groups.flags {
        let pp = md.at(acc[flag].op).pos;
        for &g in globals.iter().filter(|&&g| {
            md.at(acc[g].op).pos < pp
                && acc[g].op != acc[flag].op
                && md.near(acc[g].op, acc[flag].op)
        }) {
            let h = Open::Publish { g, flag, need };
            out.push((h, open_path(md, me, h)));
        }
    }
    for &s in &groups.reads {
        let sp = md.at(acc[s].op).pos;
        for &g in globals.iter().filter(|&&g| {
            md.at(acc[g].op).pos > sp && acc[g].op != acc[s].op && md.near(acc[s].op, acc[g].op)
        }) {
            let h = Open::Subscribe { s, g };
            out.push((h, open_path(md, me, h)));
        }
    }
    out
}
