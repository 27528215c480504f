//! One choice of a run per thread, assembled: the events (initial writes first, one per physical
//! location, then the threads'), and the relations that do not depend on `rf`, `co` or the
//! other choices: `po`, `loc`, `vloc`, `sr`, `scta`, `rmw`, `dep`, and the candidates for
//! `syncbar` (Dat3M's barrier semantics, `ProgramEncoder.encode{Named,}ControlBarriers`).

use crate::ast::Scope;
use crate::event::{Event, EventExt, Tags};
use crate::program::{Op, Program};
use crate::rel::{Rel, Set};
use crate::runs::Run;
use rustc_hash::FxHashMap;

/// The events and base relations of a candidate.
pub struct Exec {
    /// Events.
    pub ev: Vec<Event>,
    /// For each thread, the index of its first event.
    pub first: Vec<usize>,
    /// Events with all the given tags.
    pub sets: FxHashMap<u32, Set>,
    /// Program order.
    pub po: Rel,
    /// Same physical location (reads and writes).
    pub loc: Rel,
    /// Same virtual (generic) address.
    pub vloc: Rel,
    /// Same scope: both events carry a scope that includes the other's thread (`sr`).
    pub sr: Rel,
    /// Same CTA (`scta`).
    pub scta: Rel,
    /// `atom`/`red` read → write.
    pub rmw: Rel,
    /// `addr | data | ctrl`.
    pub dep: Rel,
    /// tilec's base relations (empty without extension events).
    pub ext: crate::exec_ext::ExtRels,
    /// Where each thread runs.
    pub places: Vec<Place>,
}

/// Where a thread runs: (gpu, cluster, cta).
pub type Place = (u32, u32, u32);

/// Whether a thread at `a` includes `b` in its `scope` (Dat3M's `canSyncAtScope`).
pub fn can_sync(a: Place, b: Place, scope: Scope) -> bool {
    match scope {
        Scope::Sys => true,
        Scope::Gpu => a.0 == b.0,
        Scope::Cluster => a.0 == b.0 && a.1 == b.1,
        Scope::Cta => a == b,
    }
}

impl Exec {
    /// The events with every tag of `t`.
    pub fn set(&self, t: Tags) -> &Set {
        &self.sets[&t.0]
    }
    /// The number of events.
    pub fn n(&self) -> usize {
        self.ev.len()
    }

    /// Assembles the runs `runs[t]` of `prog` (threads at `places`).
    pub fn new(prog: &Program, runs: &[&Run], places: &[Place]) -> Exec {
        let mut ev = Vec::new();
        for p in 0..prog.nphys {
            let obj = prog.objects.iter().position(|o| o.phys == p);
            let init = obj.map_or(0, |o| prog.objects[o].init);
            ev.push(Event {
                thread: None,
                tags: Tags::W.with(Tags::INIT),
                scope: None,
                obj,
                value: init,
                src: None,
                barrier: None,
                deps: Vec::new(),
                rmw_read: None,
                ext: EventExt::default(),
            });
        }
        let mut first = Vec::new();
        for r in runs {
            let base = ev.len();
            first.push(base);
            for e in &r.events {
                let mut e = e.clone();
                e.deps.iter_mut().for_each(|d| *d += base);
                e.rmw_read = e.rmw_read.map(|d| d + base);
                e.ext.group = e.ext.group.map(|d| d + base);
                e.ext.covers.iter_mut().for_each(|d| *d += base);
                ev.push(e);
            }
        }
        let n = ev.len();
        let th = |i: usize| ev[i].thread;
        let phys = |i: usize| ev[i].obj.map(|o| prog.objects[o].phys);
        let vaddr = |i: usize| ev[i].obj.map(|o| prog.objects[o].vaddr);
        // Asynchronous operations are not in program order (PTX ISA §8.9.1.1).
        let in_po = |i: usize| th(i).is_some() && !ev[i].tags.has(Tags::AOP);
        let po = Rel::from_fn(n, |i, j| in_po(i) && in_po(j) && th(i) == th(j) && i < j);
        let loc = Rel::from_fn(n, |i, j| phys(i).is_some() && phys(i) == phys(j));
        let vloc = Rel::from_fn(n, |i, j| vaddr(i).is_some() && vaddr(i) == vaddr(j));
        let place = |i: usize| th(i).map(|t| places[t]);
        let sr = Rel::from_fn(n, |i, j| {
            match (place(i), place(j), ev[i].scope, ev[j].scope) {
                (Some(a), Some(b), Some(si), Some(sj)) => can_sync(a, b, si) && can_sync(b, a, sj),
                _ => false,
            }
        });
        let scta = Rel::from_fn(n, |i, j| match (place(i), place(j)) {
            (Some(a), Some(b)) => can_sync(a, b, Scope::Cta),
            _ => false,
        });
        let mut rmw = Rel::new(n);
        let mut dep = Rel::new(n);
        for (j, e) in ev.iter().enumerate() {
            if let Some(i) = e.rmw_read {
                rmw.insert(i, j);
            }
            for &i in &e.deps {
                dep.insert(i, j);
            }
        }
        let ext = crate::exec_ext::ExtRels::new(prog, &ev, places);
        let mut x = Exec {
            ext,
            places: places.to_vec(),
            ev,
            first,
            sets: FxHashMap::default(),
            po,
            loc,
            vloc,
            sr,
            scta,
            rmw,
            dep,
        };
        x.sets = x.tag_sets();
        x
    }

    fn tag_sets(&self) -> FxHashMap<u32, Set> {
        let mut m = FxHashMap::default();
        let all = (0..Tags::COUNT).map(|b| Tags(1 << b)).chain([Tags(0)]);
        for t in all {
            let mut s = Set::new(self.n());
            for (i, e) in self.ev.iter().enumerate() {
                if e.tags.has(t) {
                    s.insert(i);
                }
            }
            m.insert(t.0, s);
        }
        m
    }

    /// The `syncbar` relations this candidate may have, one per choice of the threads that
    /// complete a quorum; `None` when a thread waits at a barrier forever (the candidate does
    /// not terminate, so no final condition sees it).
    pub fn syncbar_choices(&self, prog: &Program, places: &[Place]) -> Option<Vec<Rel>> {
        // Static barrier sites per group: (cta, instance, literal id or None).
        type Key = (u32, String, Option<i64>);
        let mut sites: FxHashMap<Key, Vec<(usize, usize)>> = FxHashMap::default();
        for (t, th) in prog.threads.iter().enumerate() {
            for (pc, op) in th.ops.iter().enumerate() {
                if let Op::Barrier { instance, id, .. } = op {
                    let lit = match id {
                        Some(crate::program::Val::Imm(v)) => Some(*v),
                        _ => None,
                    };
                    let key = (places[t].2, instance.clone(), lit);
                    sites.entry(key).or_default().push((t, pc));
                }
            }
        }
        let mut groups: FxHashMap<Key, Vec<usize>> = FxHashMap::default();
        for (i, e) in self.ev.iter().enumerate() {
            if let (Some(b), Some(t)) = (&e.barrier, e.thread) {
                groups
                    .entry((places[t].2, b.instance.clone(), b.id))
                    .or_default()
                    .push(i);
            }
        }
        let mut choices: Vec<Rel> = vec![Rel::new(self.n())];
        for (key, members) in &groups {
            let reached: Vec<(usize, usize)> = members
                .iter()
                .map(|&i| {
                    (
                        self.ev[i].thread.unwrap_or(0),
                        self.ev[i].barrier.as_ref().map_or(0, |b| b.site),
                    )
                })
                .collect();
            let all_reached = sites
                .get(key)
                .is_none_or(|s| s.iter().all(|site| reached.contains(site)));
            let quorum = members
                .iter()
                .find_map(|&i| self.ev[i].barrier.as_ref()?.quorum);
            let syncers: Vec<Vec<usize>> = match quorum {
                None if !all_reached => return None,
                None => vec![members.clone()],
                Some(q) if (members.len() as i64) < q => return None,
                Some(q) => subsets(members, usize::try_from(q).unwrap_or(0)),
            };
            let mut next = Vec::new();
            for base in &choices {
                for s in &syncers {
                    let mut r = base.clone();
                    for &a in s {
                        for &b in members {
                            let arrive = self.ev[b].tags.has(Tags::ARRIVE);
                            if a != b && !arrive && self.scta.contains(a, b) {
                                r.insert(a, b);
                            }
                        }
                    }
                    next.push(r);
                }
            }
            choices = next;
        }
        Some(choices)
    }
}

/// The subsets of `items` of size `k`.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if items.len() < k {
        return Vec::new();
    }
    let mut with: Vec<Vec<usize>> = subsets(&items[1..], k - 1);
    for s in &mut with {
        s.insert(0, items[0]);
    }
    with.extend(subsets(&items[1..], k));
    with
}
