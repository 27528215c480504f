//! Prints a [`Test`] back as litmus text that [`crate::parse_test`] reads to an equal test (up to
//! source locations): one instruction per thread column and row, padded, canonical spellings
//! (`membar.gl` prints as `fence.sc.gpu`, `ld.volatile` as `ld.relaxed.sys`).

use crate::ast::*;
use std::fmt::{self, Display, Formatter, Write as _};

impl Display for Operand {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Reg(r) => f.write_str(r),
            Operand::Imm(v) => write!(f, "{v}"),
        }
    }
}

fn sem_scope(sem: Sem, scope: Option<Scope>) -> String {
    match scope {
        Some(s) => format!(".{}.{}", sem.as_str(), s.as_str()),
        None => format!(".{}", sem.as_str()),
    }
}

fn mnemonic(proxy: Proxy, generic: &'static str, surface: &'static str) -> &'static str {
    match (proxy, generic) {
        (Proxy::Generic, g) => g,
        (Proxy::Texture, "ld") => "tld",
        (Proxy::Constant, "ld") => "cold",
        _ => surface,
    }
}

impl Display for InstrKind {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            InstrKind::Load {
                proxy,
                sem,
                scope,
                dst,
                addr,
            } => {
                let mn = mnemonic(*proxy, "ld", "suld");
                write!(f, "{mn}{} {dst}, {addr}", sem_scope(*sem, *scope))
            }
            InstrKind::Store {
                proxy,
                sem,
                scope,
                addr,
                value,
            } => {
                let mn = mnemonic(*proxy, "st", "sust");
                write!(f, "{mn}{} {addr}, {value}", sem_scope(*sem, *scope))
            }
            InstrKind::Atom {
                proxy,
                sem,
                scope,
                op,
                dst,
                addr,
                value,
                value2,
            } => {
                let mn = mnemonic(*proxy, "atom", "suatom");
                let op = match op {
                    AtomOp::Bin(b) => b.as_str(),
                    AtomOp::Exch => "exch",
                    AtomOp::Cas => "cas",
                };
                write!(
                    f,
                    "{mn}{}.{op} {dst}, {addr}, {value}",
                    sem_scope(*sem, Some(*scope))
                )?;
                match value2 {
                    Some(v) => write!(f, ", {v}"),
                    None => Ok(()),
                }
            }
            InstrKind::Red {
                proxy,
                sem,
                scope,
                op,
                addr,
                value,
            } => {
                let mn = mnemonic(*proxy, "red", "sured");
                let ss = sem_scope(*sem, Some(*scope));
                write!(f, "{mn}{ss}.{} {addr}, {value}", op.as_str())
            }
            InstrKind::Local {
                op: None, dst, a, ..
            } => write!(f, "ld {dst}, {a}"),
            InstrKind::Local {
                op: Some(op),
                dst,
                a,
                b,
            } => {
                write!(f, "{} {dst}, {a}", op.as_str())?;
                match b {
                    Some(b) => write!(f, ", {b}"),
                    None => Ok(()),
                }
            }
            InstrKind::Fence { sem, scope } => write!(f, "fence{}", sem_scope(*sem, Some(*scope))),
            InstrKind::FenceProxy(p) => write!(f, "fence.proxy.{}", p.as_str()),
            InstrKind::FenceAlias => f.write_str("fence.proxy.alias"),
            InstrKind::Barrier {
                mode,
                instance,
                id,
                quorum,
            } => {
                let m = match mode {
                    BarMode::Sync => "sync",
                    BarMode::Arrive => "arrive",
                };
                write!(f, "bar.cta.{m} {instance}")?;
                if let Some(id) = id {
                    write!(f, ", {id}")?;
                }
                match quorum {
                    Some(q) => write!(f, ", {q}"),
                    None => Ok(()),
                }
            }
            InstrKind::Branch { cmp, a, b, label } => {
                write!(f, "{} {a}, {b}, {label}", cmp.branch())
            }
            InstrKind::Goto(l) => write!(f, "goto {l}"),
            InstrKind::Label(l) => write!(f, "{l}:"),
            k => ext_instr(k, f),
        }
    }
}

/// tilec's extension instructions, in their canonical spelling (defaults written out).
fn ext_instr(k: &InstrKind, f: &mut Formatter<'_>) -> fmt::Result {
    let aligned = |a: bool| if a { ".aligned" } else { "" };
    match k {
        InstrKind::FenceRestrict(Sem::Release) => {
            f.write_str("fence.release.sync_restrict::shared::cta.cluster")
        }
        InstrKind::FenceRestrict(_) => {
            f.write_str("fence.acquire.sync_restrict::shared::cluster.cluster")
        }
        InstrKind::FenceProxyAsync(None) => f.write_str("fence.proxy.async"),
        InstrKind::FenceProxyAsync(Some(s)) => write!(f, "fence.proxy.async.{}", s.as_str()),
        InstrKind::MbarInit { bar, count } => write!(f, "mbarrier.init {bar}, {count}"),
        InstrKind::MbarArrive {
            sem,
            scope,
            bar,
            count,
            tx,
        } => {
            let x = if tx.is_some() { ".expect_tx" } else { "" };
            let (s, sc) = (sem.as_str(), scope.as_str());
            write!(f, "mbarrier.arrive{x}.{s}.{sc} {bar}")?;
            match count.as_ref().or(tx.as_ref()) {
                Some(n) => write!(f, ", {n}"),
                None => Ok(()),
            }
        }
        InstrKind::MbarTx {
            complete,
            scope,
            bar,
            tx,
        } => {
            let w = if *complete {
                "complete_tx"
            } else {
                "expect_tx"
            };
            write!(f, "mbarrier.{w}.relaxed.{} {bar}, {tx}", scope.as_str())
        }
        InstrKind::MbarWait {
            test,
            sem,
            scope,
            dst,
            bar,
            parity,
        } => {
            let w = if *test { "test_wait" } else { "try_wait" };
            let (s, sc) = (sem.as_str(), scope.as_str());
            write!(f, "mbarrier.{w}.parity.{s}.{sc} {dst}, {bar}, {parity}")
        }
        InstrKind::CpAsyncBulk {
            dst_space,
            src_space,
            dst,
            src,
            bar,
        } => {
            let (d, s) = (dst_space.as_str(), src_space.as_str());
            write!(f, "cp.async.bulk.{d}.{s} {dst}, {src}")?;
            match bar {
                Some(b) => write!(f, ", {b}"),
                None => Ok(()),
            }
        }
        InstrKind::BulkCommit => f.write_str("cp.async.bulk.commit_group"),
        InstrKind::BulkWait(n) => write!(f, "cp.async.bulk.wait_group {n}"),
        InstrKind::StAsync { addr, value, bar } => write!(f, "st.async {addr}, {value}, {bar}"),
        InstrKind::RedAsync {
            op,
            addr,
            value,
            bar,
        } => {
            let op = op.as_str();
            write!(f, "red.async.relaxed.cluster.{op} {addr}, {value}, {bar}")
        }
        InstrKind::ClusterArrive { sem, aligned: a } => {
            write!(f, "barrier.cluster.arrive.{}{}", sem.as_str(), aligned(*a))
        }
        InstrKind::ClusterWait { aligned: a } => {
            write!(f, "barrier.cluster.wait.acquire{}", aligned(*a))
        }
        _ => unreachable!("Dat3M's instructions are printed by Display"),
    }
}

impl Display for CondValue {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            CondValue::Reg(t, r) => write!(f, "P{t}:{r}"),
            CondValue::Loc(l) => f.write_str(l),
            CondValue::Const(v) => write!(f, "{v}"),
        }
    }
}

fn cond(c: &Cond, min: u8, out: &mut String) {
    let (prec, paren) = match c {
        Cond::Or(..) => (1, min > 1),
        Cond::And(..) => (2, min > 2),
        _ => (3, false),
    };
    if paren {
        out.push('(');
    }
    match c {
        Cond::Cmp { lhs, op, rhs, .. } => {
            let _ = write!(out, "{lhs} {} {rhs}", op.symbol());
        }
        Cond::Not(a) => {
            out.push('~');
            cond(a, 3, out);
        }
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond(a, prec, out);
            out.push_str(if prec == 1 { " \\/ " } else { " /\\ " });
            cond(b, prec + 1, out);
        }
    }
    if paren {
        out.push(')');
    }
}

impl Display for Cond {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        cond(self, 0, &mut s);
        f.write_str(&s)
    }
}

fn init_item(i: &InitItem) -> String {
    match i {
        InitItem::Location {
            name, value, space, ..
        } => {
            let (kind, o) = match space {
                Space::Global => return format!("{name}={value};"),
                Space::Shared(o) => ("shared", o),
                Space::Mbarrier(o) => ("mbarrier", o),
            };
            let gpu = o.gpu.map_or(String::new(), |g| format!(",gpu {g}"));
            format!("{name} @ {kind} cta {}{gpu} = {value};", o.cta)
        }
        InitItem::Register {
            thread, reg, value, ..
        } => format!("P{thread}:{reg}={value};"),
        InitItem::Copy { name, from, .. } => format!("{name}={from};"),
        InitItem::Alias {
            name,
            proxy,
            target,
            ..
        } => {
            format!("{name} @ {} aliases {target};", proxy.as_str())
        }
    }
}

fn thread_header(i: usize, t: &Thread) -> String {
    match t.cluster {
        Some(c) => format!("P{i}@cta {},cluster {c},gpu {}", t.cta, t.gpu),
        None => format!("P{i}@cta {},gpu {}", t.cta, t.gpu),
    }
}

impl Display for Test {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.arch, self.name)?;
        for c in &self.comments {
            writeln!(f, "\"{c}\"")?;
        }
        writeln!(f, "{{")?;
        for i in &self.init {
            writeln!(f, "{}", init_item(i))?;
        }
        writeln!(f, "}}")?;
        let mut cols: Vec<Vec<String>> = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let mut col = vec![thread_header(i, t)];
                col.extend(t.code.iter().map(|i| i.kind.to_string()));
                col
            })
            .collect();
        let rows = cols.iter().map(Vec::len).max().unwrap_or(0);
        for col in &mut cols {
            let w = col.iter().map(|s| s.chars().count()).max().unwrap_or(0);
            col.resize(rows, String::new());
            for s in col.iter_mut() {
                let pad = w - s.chars().count();
                s.extend(std::iter::repeat_n(' ', pad));
            }
        }
        for r in 0..rows {
            let cells: Vec<&str> = cols.iter().map(|c| c[r].as_str()).collect();
            writeln!(f, " {} ;", cells.join(" | "))?;
        }
        if let Some(locs) = &self.locations {
            let l: Vec<String> = locs.iter().map(|v| v.to_string()).collect();
            writeln!(f, "locations [{}]", l.join("; "))?;
        }
        if let Some(c) = &self.filter {
            writeln!(f, "filter ({c})")?;
        }
        let q = match self.assertion.quantifier {
            Quantifier::Exists => "exists",
            Quantifier::NotExists => "~exists",
            Quantifier::Forall => "forall",
        };
        writeln!(f, "{q} ({})", self.assertion.cond)
    }
}
