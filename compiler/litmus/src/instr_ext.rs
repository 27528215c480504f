//! The grammar of tilec's extension instructions (docs/litmus.md, "tilec's extensions"):
//! `fence.proxy.async*`, the `sync_restrict` fences, `mbarrier.*`, `cp.async.bulk*`,
//! `st.async`, `red.async` and `barrier.cluster.*`.
//!
//! Each form is `mnemonic(.qualifier)* operands` with the qualifiers in the ISA's order; an
//! omitted optional qualifier takes the ISA's default, and the tree keeps the resolved value (so
//! printing gives the canonical spelling, which parses back to the same tree).

use crate::ast::*;
use crate::instr::{binop_word, done, scope_word, sem_word, Cursor, Mnemonic};
use tilec_ir::{Diagnostic, Loc};

fn err<T>(c: &mut Cursor, at: Loc, msg: impl Into<String>) -> Option<T> {
    c.diags.push(Diagnostic::error(at, msg.into()));
    None
}

/// Takes word `*i` if it is one of `allowed` (then moves past it).
fn opt_word<'a>(m: &'a Mnemonic, i: &mut usize, allowed: &[&str]) -> Option<&'a str> {
    let w = m.word(*i).filter(|w| allowed.contains(w))?;
    *i += 1;
    Some(w)
}

/// An optional `.sem` among `allowed` (default `def`) and an optional `.cta|.cluster` scope
/// (default `.cta`), from word `*i`.
fn sem_scope(
    c: &mut Cursor,
    m: &Mnemonic,
    i: &mut usize,
    allowed: &[Sem],
    def: Sem,
) -> Option<(Sem, Scope)> {
    let mut sem = def;
    if let Some(s) = m.word(*i).and_then(sem_word) {
        if !allowed.contains(&s) {
            let list: Vec<_> = allowed
                .iter()
                .map(|s| format!("'.{}'", s.as_str()))
                .collect();
            let what = format!("{}.{}", m.word(0).unwrap_or(""), m.word(1).unwrap_or(""));
            let msg = format!(
                "'{what}' takes {}, not '.{}'",
                list.join(" or "),
                s.as_str()
            );
            return err(c, m.loc(*i), msg);
        }
        sem = s;
        *i += 1;
    }
    let mut scope = Scope::Cta;
    if let Some(s) = m.word(*i).and_then(scope_word) {
        if !matches!(s, Scope::Cta | Scope::Cluster) {
            let msg = format!(
                "an mbarrier scope is '.cta' or '.cluster', not '.{}'",
                s.as_str()
            );
            return err(c, m.loc(*i), msg);
        }
        scope = s;
        *i += 1;
    }
    Some((sem, scope))
}

fn comma(c: &mut Cursor) -> Option<()> {
    c.expect_or_none(",", "','")
}

/// `mbarrier.init|arrive|expect_tx|complete_tx|try_wait|test_wait …`.
pub fn mbarrier(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    match m.word(1) {
        Some("init") => {
            done(c, m, 2)?;
            let bar = c.location()?;
            comma(c)?;
            let count = c.operand()?;
            Some(InstrKind::MbarInit { bar, count })
        }
        Some("arrive") => arrive(c, m),
        Some(w @ ("expect_tx" | "complete_tx")) => {
            let complete = w == "complete_tx";
            if m.word(2) != Some("relaxed") || m.word(3).and_then(scope_word).is_none() {
                let msg = format!("expected 'mbarrier.{w}.relaxed.cta' or '….relaxed.cluster'");
                return err(c, m.loc(2), msg);
            }
            let mut i = 2;
            let (_, scope) = sem_scope(c, m, &mut i, &[Sem::Relaxed], Sem::Relaxed)?;
            done(c, m, i)?;
            let bar = c.location()?;
            comma(c)?;
            let tx = c.operand()?;
            Some(InstrKind::MbarTx {
                complete,
                scope,
                bar,
                tx,
            })
        }
        Some(w @ ("try_wait" | "test_wait")) => wait(c, m, w == "test_wait"),
        _ => err(
            c,
            m.loc(1),
            "expected 'mbarrier.init', '.arrive', '.expect_tx', '.complete_tx', '.try_wait' or \
             '.test_wait'",
        ),
    }
}

fn arrive(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let mut i = 2;
    let expect = opt_word(m, &mut i, &["expect_tx"]).is_some();
    let (sem, scope) = sem_scope(c, m, &mut i, &[Sem::Release, Sem::Relaxed], Sem::Release)?;
    done(c, m, i)?;
    let bar = c.location()?;
    let (mut count, mut tx) = (None, None);
    if expect {
        comma(c)?;
        tx = Some(c.operand()?);
    } else if c.eat(",") {
        count = Some(c.operand()?);
    }
    Some(InstrKind::MbarArrive {
        sem,
        scope,
        bar,
        count,
        tx,
    })
}

fn wait(c: &mut Cursor, m: &Mnemonic, test: bool) -> Option<InstrKind> {
    let mut i = 2;
    opt_word(m, &mut i, &["parity"]);
    let (sem, scope) = sem_scope(c, m, &mut i, &[Sem::Acquire, Sem::Relaxed], Sem::Acquire)?;
    done(c, m, i)?;
    let dst = c.register()?;
    comma(c)?;
    let bar = c.location()?;
    comma(c)?;
    let at = c.here();
    let parity = c.operand()?;
    if let Operand::Imm(p) = parity {
        if p != 0 && p != 1 {
            return err(c, at, format!("a phase parity is 0 or 1, not {p}"));
        }
    }
    Some(InstrKind::MbarWait {
        test,
        sem,
        scope,
        dst,
        bar,
        parity,
    })
}

fn space_word(w: &str) -> Option<StateSpace> {
    Some(match w {
        "global" => StateSpace::Global,
        "shared::cta" => StateSpace::SharedCta,
        "shared::cluster" => StateSpace::SharedCluster,
        _ => return None,
    })
}

/// `cp.async.bulk.DST.SRC d, s[, b]`, `cp.async.bulk.commit_group`, `cp.async.bulk.wait_group N`.
pub fn cp(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    if m.word(1) != Some("async") || m.word(2) != Some("bulk") {
        return err(
            c,
            m.loc(1),
            "expected 'cp.async.bulk' (other 'cp' forms are not modeled)",
        );
    }
    match m.word(3) {
        Some("commit_group") => {
            done(c, m, 4)?;
            return Some(InstrKind::BulkCommit);
        }
        Some("wait_group") => {
            done(c, m, 4)?;
            let at = c.here();
            let n = c.number("the number of pending groups")?;
            if n != 0 {
                return err(c, at, "only 'cp.async.bulk.wait_group 0' is modeled");
            }
            return Some(InstrKind::BulkWait(n));
        }
        _ => {}
    }
    let dst_space = m.word(3).and_then(space_word);
    let src_space = m.word(4).and_then(space_word);
    let (Some(dst_space), Some(src_space)) = (dst_space, src_space) else {
        return err(
            c,
            m.loc(3),
            "expected 'cp.async.bulk.<dst space>.<src space>'",
        );
    };
    use StateSpace::*;
    let with_bar = match (dst_space, src_space) {
        (SharedCta | SharedCluster, Global) | (SharedCluster, SharedCta) => true,
        (Global, SharedCta) => false,
        _ => {
            let msg = format!(
                "'cp.async.bulk.{}.{}' is not a bulk copy (use .shared::cta.global, \
                 .shared::cluster.global, .shared::cluster.shared::cta or .global.shared::cta)",
                dst_space.as_str(),
                src_space.as_str()
            );
            return err(c, m.loc(3), msg);
        }
    };
    let mut i = 5;
    let completion = if with_bar {
        "mbarrier::complete_tx::bytes"
    } else {
        "bulk_group"
    };
    opt_word(m, &mut i, &[completion]);
    done(c, m, i)?;
    let dst = c.location()?;
    comma(c)?;
    let src = c.location()?;
    let bar = if with_bar {
        comma(c)?;
        Some(c.location()?)
    } else {
        None
    };
    Some(InstrKind::CpAsyncBulk {
        dst_space,
        src_space,
        dst,
        src,
        bar,
    })
}

/// `st.async x, v, b`.
pub fn st_async(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    done(c, m, 2)?;
    let addr = c.location()?;
    comma(c)?;
    let value = c.operand()?;
    comma(c)?;
    let bar = c.location()?;
    Some(InstrKind::StAsync { addr, value, bar })
}

/// `red.async.relaxed.cluster.OP x, v, b`.
pub fn red_async(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    if m.word(2) != Some("relaxed") || m.word(3) != Some("cluster") {
        return err(c, m.loc(2), "expected 'red.async.relaxed.cluster.<op>'");
    }
    let Some(op) = m.word(4).and_then(binop_word) else {
        return err(
            c,
            m.loc(4),
            "expected a reduction operation ('add', 'and', …)",
        );
    };
    done(c, m, 5)?;
    let addr = c.location()?;
    comma(c)?;
    let value = c.operand()?;
    comma(c)?;
    let bar = c.location()?;
    Some(InstrKind::RedAsync {
        op,
        addr,
        value,
        bar,
    })
}

/// `barrier.cluster.arrive[.release|.relaxed][.aligned]`, `barrier.cluster.wait[.acquire][.aligned]`.
pub fn cluster_barrier(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let mut i = 3;
    let kind = match m.word(2) {
        Some("arrive") => {
            let sem = match opt_word(m, &mut i, &["release", "relaxed"]) {
                Some("relaxed") => Sem::Relaxed,
                _ => Sem::Release,
            };
            let aligned = opt_word(m, &mut i, &["aligned"]).is_some();
            InstrKind::ClusterArrive { sem, aligned }
        }
        Some("wait") => {
            opt_word(m, &mut i, &["acquire"]);
            let aligned = opt_word(m, &mut i, &["aligned"]).is_some();
            InstrKind::ClusterWait { aligned }
        }
        _ => return err(c, m.loc(2), "expected 'barrier.cluster.arrive' or '.wait'"),
    };
    done(c, m, i)?;
    Some(kind)
}

/// `fence.proxy.async[.global|.shared::cta|.shared::cluster]`.
pub fn fence_proxy_async(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    if m.word(2) != Some("async") {
        let msg = "only the bi-directional 'fence.proxy.async[.<space>]' is modeled, not the \
                   uni-directional 'fence.proxy.async::generic' fences";
        return err(c, m.loc(2), msg);
    }
    let space = m.word(3).and_then(space_word);
    if m.word(3).is_some() && space.is_none() {
        return err(
            c,
            m.loc(3),
            "expected '.global', '.shared::cta' or '.shared::cluster'",
        );
    }
    done(c, m, 3 + usize::from(space.is_some()))?;
    Some(InstrKind::FenceProxyAsync(space))
}

/// `fence.release.sync_restrict::shared::cta.cluster` and
/// `fence.acquire.sync_restrict::shared::cluster.cluster` (ISA §9.7.13.4: `::cta` needs
/// `.release`, `::cluster` needs `.acquire`, and the scope must be `.cluster`).
pub fn fence_restrict(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let sem = match (m.word(1), m.word(2)) {
        (Some("release"), Some("sync_restrict::shared::cta")) => Sem::Release,
        (Some("acquire"), Some("sync_restrict::shared::cluster")) => Sem::Acquire,
        _ => {
            let msg = "expected 'fence.release.sync_restrict::shared::cta.cluster' or \
                       'fence.acquire.sync_restrict::shared::cluster.cluster'";
            return err(c, m.loc(1), msg);
        }
    };
    if m.word(3) != Some("cluster") {
        return err(
            c,
            m.loc(3),
            "a 'sync_restrict' fence needs the scope '.cluster'",
        );
    }
    done(c, m, 4)?;
    Some(InstrKind::FenceRestrict(sem))
}
