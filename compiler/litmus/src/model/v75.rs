//! PTX ISA 7.5 (`cat/ptx-v7.5.cat`): proxies (generic, surface, texture, constant), virtual
//! aliases (`vloc`: same generic address; `loc`: same physical location), proxy fences and
//! `fence.proxy.alias`; `observation` is not recursive; no SC-per-Location axiom.

use super::base::{self, Choice};
use crate::event::Tags;
use crate::exec::Exec;
use crate::rel::{Rel, Set};

/// `same-proxy = GEN * GEN | SUR * SUR | TEX * TEX | CON * CON` — ISA, "Proxies": operations
/// through different proxies are not morally strong to each other.
pub fn same_proxy(x: &Exec) -> Rel {
    let n = x.n();
    let mut r = Rel::new(n);
    for t in [Tags::GEN, Tags::SUR, Tags::TEX, Tags::CON] {
        r.union_with(&Rel::product(x.set(t), x.set(t), n));
    }
    r
}

/// `morally-strong = (ms1 & ms2 & ms3) \ id` with `ms2 = same-proxy` and
/// `ms3 = ((M * M) & vloc) | ((_ * _) \ (M * M))`.
pub fn morally_strong(x: &Exec) -> Rel {
    let ms3 = base::overlap(x, &x.vloc);
    base::ms1(x).inter(&same_proxy(x)).inter(&ms3).minus_id()
}

/// `cause = observation?; proxy-preserved-cause-base` with
/// `observation = (morally-strong & rf) | rmw`,
/// `sync = morally-strong & (release-pattern; observation+; acquire-pattern)` and
/// `cause-base = (po?; ((sync | sync_fence | sync_barrier); po?)+) | po`.
pub fn cause(x: &Exec, ms: &Rel, c: &Choice) -> Rel {
    let po_vloc = x.po.inter(&x.vloc);
    let (rel, acq) = base::patterns(x, &po_vloc);
    let obs = ms.inter(&c.rf).union(&x.rmw);
    let sync = ms.inter(&rel.seq(&obs.plus()).seq(&acq));
    let cb = base::cause_base(x, &sync, c).union(&x.po);
    obs.opt().seq(&proxy_preserved(x, &cb))
}

/// `proxy-preserved-cause-base` — ISA, "Proxy-preserved base causality order": causality
/// between operations through different proxies or different virtual addresses holds only
/// through a proxy fence of the right kind in the same CTA, or `fence.proxy.alias` for aliases.
/// The nine alternatives of the cat file, in its order:
/// ```text
/// [GEN]; (vloc & cb); [GEN]
/// [M]; (same-proxy & scta & vloc & cb); [M]
/// vloc & (cb & pfo^-1; cb; [GEN])
/// vloc & ([GEN]; cb; cb & pfo)
/// vloc & (cb & pfo^-1; cb; cb & pfo)
/// loc & ([GEN]; cb; [F & ALIAS]; cb; [GEN])
/// loc & (cb & pfo^-1; cb; [F & ALIAS]; cb; [GEN])
/// loc & ([GEN]; cb; [F & ALIAS]; cb; cb & pfo)
/// loc & (cb & pfo^-1; cb; [F & ALIAS]; cb; cb & pfo)
/// ```
/// where `pfo = proxy-fence-ops = [F]; (same-proxy & scta); [M]`.
pub fn proxy_preserved(x: &Exec, cb: &Rel) -> Rel {
    let sp = same_proxy(x);
    let m: Set = x.set(Tags::R).or(x.set(Tags::W));
    let pfo = sp.inter(&x.scta).restrict(x.set(Tags::F), &m);
    proxy_preserved_with(x, cb, &sp, &pfo)
}

/// [`proxy_preserved`] for a given `same-proxy` and `proxy-fence-ops` (tilec's model adds the
/// async proxy to both).
pub fn proxy_preserved_with(x: &Exec, cb: &Rel, sp: &Rel, pfo: &Rel) -> Rel {
    let n = x.n();
    let m: Set = x.set(Tags::R).or(x.set(Tags::W));
    let gen = x.set(Tags::GEN).clone();
    let before = cb.inter(&pfo.inverse()); // cb & pfo^-1
    let after = cb.inter(pfo); // cb & pfo
    let via_alias = cb
        .seq(&Rel::id_on(&x.set(Tags::F).and(x.set(Tags::ALIAS)), n))
        .seq(cb);
    let gen_id = Rel::id_on(&gen, n);
    let mut r = x.vloc.inter(cb).restrict(&gen, &gen);
    r.union_with(&sp.inter(&x.scta).inter(&x.vloc).inter(cb).restrict(&m, &m));
    let starts = [gen_id.clone(), before];
    let ends = [gen_id, after];
    for (i, s) in starts.iter().enumerate() {
        for (j, e) in ends.iter().enumerate() {
            if i + j > 0 {
                r.union_with(&x.vloc.inter(&s.seq(cb).seq(e)));
            }
            r.union_with(&x.loc.inter(&s.seq(&via_alias).seq(e)));
        }
    }
    r
}
