//! Checks of tilec's extensions that need the whole test (docs/litmus.md, "tilec's
//! extensions"): a CTA belongs to one cluster; a shared or mbarrier location's owner CTA runs a
//! thread of the test; only threads of the owner's cluster touch it; mbarriers are accessed by
//! mbarrier instructions only, and waits and init only from the owner CTA (§9.7.13.15.8: on
//! `.shared::cluster` only arrive, expect-tx and complete-tx are supported); the state-space
//! qualifiers of `cp.async.bulk`, `st.async` and `red.async` fit the declarations; the threads
//! of a cluster arrive at `barrier.cluster` equally often (A6).

use crate::ast::*;
use crate::exec::Place;
use rustc_hash::FxHashMap;
use tilec_ir::{Diagnostic, Diagnostics, Loc};

/// How an instruction uses a location operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// An ordinary access (not allowed on an mbarrier).
    Data,
    /// Data in a named state space.
    In(StateSpace),
    /// An mbarrier; `remote`: it may be in another CTA of the cluster.
    Mbar { remote: bool },
}

fn mb(b: &str, remote: bool) -> (&str, Use) {
    (b, Use::Mbar { remote })
}

fn uses(k: &InstrKind) -> Vec<(&str, Use)> {
    use InstrKind as I;
    match k {
        I::Load { addr, .. }
        | I::Store { addr, .. }
        | I::Atom { addr, .. }
        | I::Red { addr, .. } => vec![(addr.as_str(), Use::Data)],
        I::MbarInit { bar, .. } | I::MbarWait { bar, .. } => vec![mb(bar, false)],
        I::MbarArrive { bar, .. } | I::MbarTx { bar, .. } => vec![mb(bar, true)],
        I::CpAsyncBulk {
            dst_space,
            src_space,
            dst,
            src,
            bar,
        } => {
            let mut v = vec![
                (dst.as_str(), Use::In(*dst_space)),
                (src.as_str(), Use::In(*src_space)),
            ];
            v.extend(bar.as_deref().map(|b| mb(b, true)));
            v
        }
        I::StAsync { addr, bar, .. } | I::RedAsync { addr, bar, .. } => vec![
            (addr.as_str(), Use::In(StateSpace::SharedCluster)),
            mb(bar, true),
        ],
        _ => Vec::new(),
    }
}

/// Adds an error for each violation of the rules above.
pub fn check(test: &Test, diags: &mut Diagnostics) {
    let places = crate::search::places(test);
    clusters(test, diags);
    let decls = declarations(test, &places, diags);
    for (t, th) in test.threads.iter().enumerate() {
        for i in &th.code {
            for (name, u) in uses(&i.kind) {
                let space = decls.get(name).copied().unwrap_or(Space::Global);
                let owner = owner_place(test, &places, space);
                if let Err(msg) = allowed(space, owner, places[t], u) {
                    diags.push(Diagnostic::error(i.loc, format!("'{name}': {msg}")));
                }
            }
            pairing(&i.kind, &decls, i.loc, diags);
        }
    }
    cluster_barriers(test, &places, diags);
}

/// The place of the owner of a shared location (`None`: global, or no thread of that CTA).
fn owner_place(test: &Test, places: &[Place], space: Space) -> Option<Place> {
    let o = space.owner()?;
    test.threads
        .iter()
        .zip(places)
        .find(|(t, _)| t.cta == o.cta && o.gpu.is_none_or(|g| g == t.gpu))
        .map(|(_, p)| *p)
}

fn allowed(space: Space, owner: Option<Place>, me: Place, u: Use) -> Result<(), String> {
    let same_cluster = owner.is_some_and(|o| (o.0, o.1) == (me.0, me.1));
    let same_cta = owner.is_some_and(|o| (o.0, o.2) == (me.0, me.2));
    if space != Space::Global && !same_cluster {
        return Err("this thread is not in the cluster of the CTA that owns it".into());
    }
    match (space, u) {
        (Space::Mbarrier(_), Use::Data | Use::In(_)) => {
            Err("an mbarrier is accessed by mbarrier instructions only".into())
        }
        (Space::Mbarrier(_), Use::Mbar { remote: false }) if !same_cta => Err(
            "only 'mbarrier.arrive', '.expect_tx' and '.complete_tx' reach another CTA's mbarrier"
                .into(),
        ),
        (Space::Global | Space::Shared(_), Use::Mbar { .. }) => {
            Err("not an mbarrier (declare it '@ mbarrier cta N = COUNT')".into())
        }
        (Space::Shared(_), Use::In(StateSpace::Global)) => Err("not in '.global'".into()),
        (Space::Global, Use::In(s @ (StateSpace::SharedCta | StateSpace::SharedCluster))) => {
            Err(format!("not in '.{}'", s.as_str()))
        }
        (Space::Shared(_), Use::In(StateSpace::SharedCta)) if !same_cta => {
            Err("not in the '.shared::cta' memory of the executing CTA".into())
        }
        _ => Ok(()),
    }
}

/// `cp.async.bulk` to `.shared::cluster`, `st.async`, `red.async`: the data and the mbarrier
/// are in one CTA (§9.7.9.12, §9.7.9.25.4.1).
fn pairing(k: &InstrKind, decls: &FxHashMap<&str, Space>, loc: Loc, diags: &mut Diagnostics) {
    let (data, bar) = match k {
        InstrKind::CpAsyncBulk {
            dst, bar: Some(b), ..
        } => (dst, b),
        InstrKind::StAsync { addr, bar, .. } | InstrKind::RedAsync { addr, bar, .. } => (addr, bar),
        _ => return,
    };
    let owner = |n: &str| decls.get(n).and_then(|d| d.owner());
    if owner(data) != owner(bar) {
        let msg = format!("'{data}' and its mbarrier '{bar}' must be in the same CTA");
        diags.push(Diagnostic::error(loc, msg));
    }
}

/// A CTA belongs to one cluster (a header without `cluster` is a cluster of its own).
fn clusters(test: &Test, diags: &mut Diagnostics) {
    let mut seen: FxHashMap<(u32, u32), Option<u32>> = FxHashMap::default();
    for t in &test.threads {
        match seen.get(&(t.gpu, t.cta)) {
            Some(c) if *c != t.cluster => diags.push(Diagnostic::error(
                t.loc,
                format!("CTA {} is declared in two clusters", t.cta),
            )),
            _ => {
                seen.insert((t.gpu, t.cta), t.cluster);
            }
        }
    }
}

/// The `@ shared` / `@ mbarrier` declarations; an owner CTA must run a thread of the test.
fn declarations<'a>(
    test: &'a Test,
    places: &[Place],
    diags: &mut Diagnostics,
) -> FxHashMap<&'a str, Space> {
    let mut out = FxHashMap::default();
    for item in &test.init {
        let InitItem::Location {
            name, space, loc, ..
        } = item
        else {
            continue;
        };
        if let Some(o) = space.owner() {
            if owner_place(test, places, *space).is_none() {
                let msg = format!(
                    "no thread of the test runs in CTA {}, the owner of '{name}'",
                    o.cta
                );
                diags.push(Diagnostic::error(*loc, msg));
            }
        }
        out.insert(name.as_str(), *space);
    }
    out
}

/// A6: every thread of a cluster that uses `barrier.cluster` arrives equally often.
fn cluster_barriers(test: &Test, places: &[Place], diags: &mut Diagnostics) {
    let mut counts: FxHashMap<(u32, u32), Vec<(usize, usize)>> = FxHashMap::default();
    for (t, th) in test.threads.iter().enumerate() {
        let n = th
            .code
            .iter()
            .filter(|i| matches!(i.kind, InstrKind::ClusterArrive { .. }))
            .count();
        counts
            .entry((places[t].0, places[t].1))
            .or_default()
            .push((t, n));
    }
    for threads in counts.values() {
        let max = threads.iter().map(|c| c.1).max().unwrap_or(0);
        for &(t, n) in threads {
            if n != max {
                let msg = format!(
                    "P{t} arrives at barrier.cluster {n} time(s), another thread of its cluster {max}: \
                     every thread of the cluster must arrive once per phase"
                );
                diags.push(Diagnostic::error(test.threads[t].loc, msg));
            }
        }
    }
}
