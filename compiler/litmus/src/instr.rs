//! The token cursor of the parser and the grammar of one instruction cell and of conditions.
//!
//! A mnemonic is read as dotted words (`atom.acq_rel.gpu.add`) and decoded by a table per opcode
//! family; each word that does not fit is a located error naming the forms that would.

use crate::ast::*;
use crate::instr_ext as ext;
use crate::lex::{Tok, Token};
use tilec_ir::{Diagnostic, Diagnostics, FileId, Loc};

/// A cursor over the tokens of one file, collecting diagnostics.
pub struct Cursor {
    toks: Vec<Token>,
    pos: usize,
    file: FileId,
    /// Errors so far.
    pub diags: Diagnostics,
}

impl Cursor {
    /// A cursor at the first token (`toks` ends with `Eof`).
    pub fn new(toks: Vec<Token>, file: FileId) -> Cursor {
        Cursor {
            toks,
            pos: 0,
            file,
            diags: Diagnostics::new(),
        }
    }
    fn tok(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    /// The current token.
    pub fn peek(&self) -> &Tok {
        &self.tok().tok
    }
    pub(crate) fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].tok
    }
    /// Moves past the current token.
    pub fn bump(&mut self) {
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
    }
    /// At the end of the input.
    pub fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }
    /// The current token is punctuation `p`.
    pub fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    /// The current token is the identifier `s`.
    pub fn ident_is(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == s)
    }
    /// Eats punctuation `p` if it is next.
    pub fn eat(&mut self, p: &str) -> bool {
        let hit = self.is(p);
        if hit {
            self.bump();
        }
        hit
    }
    /// The location of the current token.
    pub fn here(&self) -> Loc {
        let t = self.tok();
        Loc::new(self.file, t.start, t.end)
    }
    /// The start byte of the current token.
    pub fn pos_start(&self) -> usize {
        self.tok().start
    }
    /// From `start` to the end of the previous token.
    pub fn loc_from(&self, start: usize) -> Loc {
        let end = if self.pos == 0 {
            start
        } else {
            self.toks[self.pos - 1].end
        };
        Loc::new(self.file, start, end.max(start))
    }
    /// An error at the current token.
    pub fn error_here(&mut self, msg: impl Into<String>) {
        let at = self.here();
        let msg: String = msg.into();
        let found = describe(self.peek());
        self.diags
            .push(Diagnostic::error(at, format!("{msg}, found {found}")));
    }
    /// Expects punctuation `p`; reports `what` if it is missing.
    pub fn expect(&mut self, p: &str, what: &str) -> bool {
        if self.eat(p) {
            return true;
        }
        self.error_here(format!("expected {what}"));
        false
    }
    /// [`Cursor::expect`] as an `Option`.
    pub fn expect_or_none(&mut self, p: &str, what: &str) -> Option<()> {
        self.expect(p, what).then_some(())
    }
    /// Skips to (not past) one of `stops` or the end.
    pub fn recover(&mut self, stops: &[&str]) {
        while !self.at_eof() && !stops.iter().any(|s| self.is(s)) {
            self.bump();
        }
    }
    /// An identifier.
    pub fn ident(&mut self, what: &str) -> Option<String> {
        if let Tok::Ident(s) = self.peek().clone() {
            self.bump();
            return Some(s);
        }
        self.error_here(format!("expected {what}"));
        None
    }
    /// An integer, with an optional leading `-`.
    pub fn number(&mut self, what: &str) -> Option<i64> {
        let neg = self.eat("-");
        if let Tok::Num(v) = *self.peek() {
            self.bump();
            return Some(if neg { v.wrapping_neg() } else { v });
        }
        self.error_here(format!("expected {what}"));
        None
    }
    /// `P<n>:` or `<n>:` — a thread id followed by a colon (consumed only if both are there).
    pub fn thread_id_colon(&mut self) -> Option<usize> {
        if !matches!(self.peek_at(1), Tok::Punct(":")) {
            return None;
        }
        let id = match self.peek() {
            Tok::Ident(s) => thread_index(s)?,
            Tok::Num(n) => usize::try_from(*n).ok()?,
            _ => return None,
        };
        self.bump();
        self.bump();
        Some(id)
    }
    /// `NAME <number>` of a thread declaration (`cta 0`).
    pub fn level(&mut self, name: &str) -> Option<u32> {
        if !self.ident_is(name) {
            self.error_here(format!("expected '{name} <id>'"));
            return None;
        }
        self.bump();
        let at = self.here();
        let n = self.number("an id")?;
        u32::try_from(n).ok().or_else(|| {
            self.diags.push(Diagnostic::error(
                at,
                format!("'{n}' is not a valid {name} id"),
            ));
            None
        })
    }
    /// A proxy name (`generic`, `surface`, `texture`, `constant`).
    pub fn proxy(&mut self) -> Option<Proxy> {
        let p = match self.peek() {
            Tok::Ident(s) => proxy_word(s),
            _ => None,
        };
        if p.is_none() {
            self.error_here("expected a proxy ('generic', 'surface', 'texture' or 'constant')");
        } else {
            self.bump();
        }
        p
    }
    /// A register or immediate operand.
    pub fn operand(&mut self) -> Option<Operand> {
        if let Tok::Ident(s) = self.peek().clone() {
            if is_register(&s) {
                self.bump();
                return Some(Operand::Reg(s));
            }
            self.error_here("expected a register 'r<n>' or a constant");
            return None;
        }
        self.number("a register 'r<n>' or a constant")
            .map(Operand::Imm)
    }
    /// A register name.
    pub fn register(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Ident(s) if is_register(&s) => {
                self.bump();
                Some(s)
            }
            _ => {
                self.error_here("expected a register 'r<n>'");
                None
            }
        }
    }
    /// A location name (an identifier that is not a register).
    pub fn location(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Ident(s) if !is_register(&s) => {
                self.bump();
                Some(s)
            }
            _ => {
                self.error_here("expected a location");
                None
            }
        }
    }

    /// A condition: `or := and (\/ and)*`, `and := unary (/\ unary)*`.
    pub fn cond(&mut self) -> Option<Cond> {
        let mut lhs = self.cond_and()?;
        while self.eat("\\/") {
            let rhs = self.cond_and()?;
            lhs = Cond::Or(Box::new(lhs), Box::new(rhs));
        }
        Some(lhs)
    }
    fn cond_and(&mut self) -> Option<Cond> {
        let mut lhs = self.cond_unary()?;
        while self.eat("/\\") {
            let rhs = self.cond_unary()?;
            lhs = Cond::And(Box::new(lhs), Box::new(rhs));
        }
        Some(lhs)
    }
    fn cond_unary(&mut self) -> Option<Cond> {
        if self.eat("~") {
            return Some(Cond::Not(Box::new(self.cond_unary()?)));
        }
        if self.ident_is("not") {
            self.bump();
            return Some(Cond::Not(Box::new(self.cond_unary()?)));
        }
        if self.eat("(") {
            let c = self.cond()?;
            self.expect_or_none(")", "')'")?;
            return Some(c);
        }
        let start = self.pos_start();
        let lhs = self.cond_value()?;
        let op = match self.peek() {
            Tok::Punct("==") | Tok::Punct("=") => CmpOp::Eq,
            Tok::Punct("!=") => CmpOp::Ne,
            Tok::Punct("<") => CmpOp::Lt,
            Tok::Punct("<=") => CmpOp::Le,
            Tok::Punct(">") => CmpOp::Gt,
            Tok::Punct(">=") => CmpOp::Ge,
            _ => {
                self.error_here("expected a comparison ('==', '!=', '<', …)");
                return None;
            }
        };
        self.bump();
        let rhs = self.cond_value()?;
        let loc = self.loc_from(start);
        Some(Cond::Cmp { lhs, op, rhs, loc })
    }
    /// A value of the final condition.
    pub fn cond_value(&mut self) -> Option<CondValue> {
        if let Some(t) = self.thread_id_colon() {
            return Some(CondValue::Reg(t, self.ident("a register")?));
        }
        if let Tok::Ident(s) = self.peek().clone() {
            self.bump();
            return Some(CondValue::Loc(s));
        }
        self.number("a register 'P<n>:r<m>', a location or a constant")
            .map(CondValue::Const)
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("'{s}'"),
        Tok::Num(n) => format!("'{n}'"),
        Tok::Str(_) => "a string".into(),
        Tok::Punct(p) => format!("'{p}'"),
        Tok::Eof => "the end of the file".into(),
    }
}

/// `P3` → 3.
fn thread_index(s: &str) -> Option<usize> {
    let d = s.strip_prefix('P')?;
    (!d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .then(|| d.parse().ok())
        .flatten()
}

/// Registers are `r<digits>` (Dat3M's `Register` token).
pub fn is_register(s: &str) -> bool {
    s.strip_prefix('r')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

fn proxy_word(s: &str) -> Option<Proxy> {
    Some(match s {
        "generic" => Proxy::Generic,
        "surface" => Proxy::Surface,
        "texture" => Proxy::Texture,
        "constant" => Proxy::Constant,
        _ => return None,
    })
}

pub(crate) fn sem_word(s: &str) -> Option<Sem> {
    Some(match s {
        "weak" => Sem::Weak,
        "relaxed" => Sem::Relaxed,
        "acquire" => Sem::Acquire,
        "release" => Sem::Release,
        "acq_rel" => Sem::AcqRel,
        "sc" => Sem::Sc,
        _ => return None,
    })
}

pub(crate) fn scope_word(s: &str) -> Option<Scope> {
    Some(match s {
        "cta" => Scope::Cta,
        "cluster" => Scope::Cluster,
        "gpu" => Scope::Gpu,
        "sys" => Scope::Sys,
        _ => return None,
    })
}

pub(crate) fn binop_word(s: &str) -> Option<BinOp> {
    Some(match s {
        "add" => BinOp::Add,
        "sub" => BinOp::Sub,
        "mul" => BinOp::Mul,
        "div" => BinOp::Div,
        "and" => BinOp::And,
        "or" => BinOp::Or,
        "xor" => BinOp::Xor,
        _ => return None,
    })
}

fn cmp_word(s: &str) -> Option<CmpOp> {
    Some(match s {
        "beq" => CmpOp::Eq,
        "bne" => CmpOp::Ne,
        "blt" => CmpOp::Lt,
        "ble" => CmpOp::Le,
        "bgt" => CmpOp::Gt,
        "bge" => CmpOp::Ge,
        _ => return None,
    })
}

/// A dotted mnemonic: the words and the location of each (`shared::cta` is one word).
pub(crate) struct Mnemonic {
    pub(crate) words: Vec<(String, Loc)>,
}

impl Mnemonic {
    pub(crate) fn word(&self, i: usize) -> Option<&str> {
        self.words.get(i).map(|w| w.0.as_str())
    }
    pub(crate) fn loc(&self, i: usize) -> Loc {
        self.words
            .get(i)
            .or(self.words.last())
            .map(|w| w.1)
            .unwrap_or_default()
    }
}

/// Parses one instruction cell (not empty).
pub fn parse_instr(c: &mut Cursor) -> Option<Instr> {
    let start = c.pos_start();
    let first = c.here();
    let Tok::Ident(head) = c.peek().clone() else {
        c.error_here("expected an instruction");
        return None;
    };
    c.bump();
    if c.eat(":") {
        let loc = c.loc_from(start);
        return Some(Instr {
            kind: InstrKind::Label(head),
            loc,
        });
    }
    let mut m = Mnemonic {
        words: vec![(head, first)],
    };
    while c.eat(".") {
        let at = c.here();
        let mut w = c.ident("a mnemonic part after '.'")?;
        // `shared::cta`, `sync_restrict::shared::cluster`: `::` joins words (tilec's spellings).
        while c.is(":") && matches!(c.peek_at(1), Tok::Punct(":")) {
            c.bump();
            c.bump();
            w.push_str("::");
            w.push_str(&c.ident("a word after '::'")?);
        }
        m.words.push((w, at));
    }
    let kind = instr_kind(c, &m)?;
    Some(Instr {
        kind,
        loc: c.loc_from(start),
    })
}

fn instr_kind(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let head = m.word(0).unwrap_or("");
    match head {
        "ld" | "tld" | "suld" | "cold" => load(c, m, mem_proxy(head)),
        "st" if m.word(1) == Some("async") => ext::st_async(c, m),
        "st" | "sust" => store(c, m, mem_proxy(head)),
        "atom" | "suatom" => atom(c, m, mem_proxy(head)),
        "red" if m.word(1) == Some("async") => ext::red_async(c, m),
        "red" | "sured" => red(c, m, mem_proxy(head)),
        "fence" => fence(c, m),
        "membar" => membar(c, m),
        "barrier" if m.word(1) == Some("cluster") => ext::cluster_barrier(c, m),
        "bar" | "barrier" => barrier(c, m),
        "mbarrier" => ext::mbarrier(c, m),
        "cp" => ext::cp(c, m),
        "goto" => {
            no_suffix(c, m)?;
            Some(InstrKind::Goto(c.ident("a label")?))
        }
        _ => {
            if let Some(cmp) = cmp_word(head) {
                no_suffix(c, m)?;
                let a = c.operand()?;
                c.expect_or_none(",", "','")?;
                let b = c.operand()?;
                c.expect_or_none(",", "','")?;
                let label = c.ident("a label")?;
                return Some(InstrKind::Branch { cmp, a, b, label });
            }
            if let Some(op) = binop_word(head) {
                no_suffix(c, m)?;
                let dst = c.register()?;
                c.expect_or_none(",", "','")?;
                let a = c.operand()?;
                c.expect_or_none(",", "','")?;
                let b = c.operand()?;
                return Some(InstrKind::Local {
                    op: Some(op),
                    dst,
                    a,
                    b: Some(b),
                });
            }
            c.diags.push(Diagnostic::error(
                m.loc(0),
                format!("unknown instruction '{head}'"),
            ));
            None
        }
    }
}

fn mem_proxy(head: &str) -> Proxy {
    match head {
        "tld" => Proxy::Texture,
        "suld" | "sust" | "suatom" | "sured" => Proxy::Surface,
        "cold" => Proxy::Constant,
        _ => Proxy::Generic,
    }
}

fn no_suffix(c: &mut Cursor, m: &Mnemonic) -> Option<()> {
    if m.words.len() > 1 {
        c.diags.push(Diagnostic::error(
            m.loc(1),
            format!("'{}' takes no qualifiers", m.word(0).unwrap_or("")),
        ));
        return None;
    }
    Some(())
}

/// Reads `.sem[.scope]` from word 1; checks `sem` is in `allowed`, and that a scope is present
/// exactly when the semantic is not weak. `.volatile` is `.relaxed.sys` (as Dat3M).
fn sem_scope(
    c: &mut Cursor,
    m: &Mnemonic,
    allowed: &[Sem],
    what: &str,
) -> Option<(Sem, Option<Scope>, usize)> {
    let (sem, mut next) = match m.word(1) {
        None => (Sem::Weak, 1),
        Some("volatile") => return Some((Sem::Relaxed, Some(Scope::Sys), 2)),
        Some(w) => match sem_word(w) {
            Some(s) => (s, 2),
            None => {
                let list: Vec<_> = allowed.iter().map(|s| s.as_str()).collect();
                c.diags.push(Diagnostic::error(
                    m.loc(1),
                    format!(
                        "expected a semantic of '{what}' ({}), found '{w}'",
                        list.join(", ")
                    ),
                ));
                return None;
            }
        },
    };
    if !allowed.contains(&sem) {
        c.diags.push(Diagnostic::error(
            m.loc(1),
            format!("'{what}' does not support the semantic '{}'", sem.as_str()),
        ));
        return None;
    }
    let scope = m.word(next).and_then(scope_word);
    if scope.is_some() {
        next += 1;
    }
    match (sem, scope) {
        (Sem::Weak, Some(s)) => {
            c.diags.push(Diagnostic::error(
                m.loc(next - 1),
                format!("a weak '{what}' takes no scope (found '.{}')", s.as_str()),
            ));
            None
        }
        (s, None) if s != Sem::Weak => {
            c.diags.push(Diagnostic::error(
                m.loc(next - 1),
                format!(
                    "'{what}.{}' needs a scope ('.cta', '.cluster', '.gpu' or '.sys')",
                    s.as_str()
                ),
            ));
            None
        }
        _ => Some((sem, scope, next)),
    }
}

pub(crate) fn done(c: &mut Cursor, m: &Mnemonic, next: usize) -> Option<()> {
    if let Some(w) = m.word(next) {
        c.diags.push(Diagnostic::error(
            m.loc(next),
            format!("unexpected qualifier '.{w}'"),
        ));
        return None;
    }
    Some(())
}

fn load(c: &mut Cursor, m: &Mnemonic, proxy: Proxy) -> Option<InstrKind> {
    if m.words.len() == 1 && proxy == Proxy::Generic {
        // `ld r, v`: Dat3M's register move; `ld r, x` is a weak load.
        let dst = c.register()?;
        c.expect_or_none(",", "','")?;
        if matches!(c.peek(), Tok::Ident(s) if !is_register(s)) {
            let addr = c.location()?;
            return Some(InstrKind::Load {
                proxy,
                sem: Sem::Weak,
                scope: None,
                dst,
                addr,
            });
        }
        let a = c.operand()?;
        return Some(InstrKind::Local {
            op: None,
            dst,
            a,
            b: None,
        });
    }
    let allowed = [Sem::Weak, Sem::Relaxed, Sem::Acquire];
    let (sem, scope, next) = sem_scope(c, m, &allowed, m.word(0).unwrap_or("ld"))?;
    done(c, m, next)?;
    let dst = c.register()?;
    c.expect_or_none(",", "','")?;
    let addr = c.location()?;
    Some(InstrKind::Load {
        proxy,
        sem,
        scope,
        dst,
        addr,
    })
}

fn store(c: &mut Cursor, m: &Mnemonic, proxy: Proxy) -> Option<InstrKind> {
    let allowed = [Sem::Weak, Sem::Relaxed, Sem::Release];
    let (sem, scope, next) = sem_scope(c, m, &allowed, m.word(0).unwrap_or("st"))?;
    done(c, m, next)?;
    let addr = c.location()?;
    c.expect_or_none(",", "','")?;
    let value = c.operand()?;
    Some(InstrKind::Store {
        proxy,
        sem,
        scope,
        addr,
        value,
    })
}

const RMW_SEMS: [Sem; 4] = [Sem::Relaxed, Sem::Acquire, Sem::Release, Sem::AcqRel];

fn rmw_head(c: &mut Cursor, m: &Mnemonic, what: &str) -> Option<(Sem, Scope, String, Loc)> {
    if m.words.len() < 2 {
        c.diags.push(Diagnostic::error(
            m.loc(0),
            format!("'{what}' needs '.<semantic>.<scope>.<operation>'"),
        ));
        return None;
    }
    let (sem, scope, next) = sem_scope(c, m, &RMW_SEMS, what)?;
    let Some(op) = m.word(next) else {
        c.diags.push(Diagnostic::error(
            m.loc(next),
            format!("'{what}' needs an operation"),
        ));
        return None;
    };
    done(c, m, next + 1)?;
    Some((
        sem,
        scope.unwrap_or(Scope::Sys),
        op.to_string(),
        m.loc(next),
    ))
}

fn atom(c: &mut Cursor, m: &Mnemonic, proxy: Proxy) -> Option<InstrKind> {
    let (sem, scope, op, op_loc) = rmw_head(c, m, m.word(0).unwrap_or("atom"))?;
    let op = match op.as_str() {
        "cas" => AtomOp::Cas,
        "exch" => AtomOp::Exch,
        w => match binop_word(w) {
            Some(b) => AtomOp::Bin(b),
            None => {
                c.diags.push(Diagnostic::error(
                    op_loc,
                    format!("unknown atom operation '{w}'"),
                ));
                return None;
            }
        },
    };
    let dst = c.register()?;
    c.expect_or_none(",", "','")?;
    let addr = c.location()?;
    c.expect_or_none(",", "','")?;
    let value = c.operand()?;
    let value2 = if op == AtomOp::Cas {
        c.expect_or_none(",", "','")?;
        Some(c.operand()?)
    } else {
        None
    };
    Some(InstrKind::Atom {
        proxy,
        sem,
        scope,
        op,
        dst,
        addr,
        value,
        value2,
    })
}

fn red(c: &mut Cursor, m: &Mnemonic, proxy: Proxy) -> Option<InstrKind> {
    let (sem, scope, op, op_loc) = rmw_head(c, m, m.word(0).unwrap_or("red"))?;
    let Some(op) = binop_word(&op) else {
        c.diags.push(Diagnostic::error(
            op_loc,
            format!("unknown red operation '{op}'"),
        ));
        return None;
    };
    let addr = c.location()?;
    c.expect_or_none(",", "','")?;
    let value = c.operand()?;
    Some(InstrKind::Red {
        proxy,
        sem,
        scope,
        op,
        addr,
        value,
    })
}

fn fence(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    if m.word(1) == Some("proxy") && m.word(2).is_some_and(|w| w.starts_with("async")) {
        return ext::fence_proxy_async(c, m);
    }
    if m.word(2).is_some_and(|w| w.starts_with("sync_restrict")) {
        return ext::fence_restrict(c, m);
    }
    if m.word(1) == Some("proxy") {
        let kind = match m.word(2) {
            Some("alias") => InstrKind::FenceAlias,
            Some(w) => match proxy_word(w) {
                Some(p) => InstrKind::FenceProxy(p),
                None => {
                    c.diags.push(Diagnostic::error(
                        m.loc(2),
                        format!("unknown proxy fence 'fence.proxy.{w}'"),
                    ));
                    return None;
                }
            },
            None => {
                c.diags.push(Diagnostic::error(
                    m.loc(1),
                    "'fence.proxy' needs a proxy kind",
                ));
                return None;
            }
        };
        done(c, m, 3)?;
        return Some(kind);
    }
    if m.words.len() < 2 {
        c.diags.push(Diagnostic::error(
            m.loc(0),
            "'fence' needs '.<semantic>.<scope>'",
        ));
        return None;
    }
    let sems = [Sem::AcqRel, Sem::Sc, Sem::Acquire, Sem::Release];
    let (sem, scope, next) = sem_scope(c, m, &sems, "fence")?;
    done(c, m, next)?;
    Some(InstrKind::Fence {
        sem,
        scope: scope.unwrap_or(Scope::Sys),
    })
}

/// `membar.cta|gl|sys` is `fence.sc.cta|gpu|sys` (PTX ISA: "membar is a synonym for fence.sc").
fn membar(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let scope = match m.word(1) {
        Some("cta") => Scope::Cta,
        Some("gl") => Scope::Gpu,
        Some("sys") => Scope::Sys,
        _ => {
            c.diags.push(Diagnostic::error(
                m.loc(1),
                "expected 'membar.cta', 'membar.gl' or 'membar.sys'",
            ));
            return None;
        }
    };
    done(c, m, 2)?;
    Some(InstrKind::Fence {
        sem: Sem::Sc,
        scope,
    })
}

fn barrier(c: &mut Cursor, m: &Mnemonic) -> Option<InstrKind> {
    let at = usize::from(m.word(1) == Some("cta")) + 1;
    let mode = match m.word(at) {
        Some("sync") => BarMode::Sync,
        Some("arrive") => BarMode::Arrive,
        _ => {
            c.diags.push(Diagnostic::error(
                m.loc(at),
                "expected 'bar.cta.sync' or 'bar.cta.arrive'",
            ));
            return None;
        }
    };
    done(c, m, at + 1)?;
    let instance = c.number("a barrier number")?;
    let (mut id, mut quorum) = (None, None);
    if c.eat(",") {
        id = Some(c.operand()?);
        if c.eat(",") {
            quorum = Some(c.operand()?);
        }
    }
    Some(InstrKind::Barrier {
        mode,
        instance,
        id,
        quorum,
    })
}
