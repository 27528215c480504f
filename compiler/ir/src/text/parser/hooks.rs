//! The parser side of custom syntax: recognizing a custom op and the services a dialect's
//! parser uses ([`CustomParser`]).

use super::{describe_at, PResult, Parser, Rule};
use crate::attrs::{AttrData, Dict};
use crate::diag::Diagnostic;
use crate::module::{Block, Module, Op, OpSpec, Region, Value};
use crate::source::Loc;
use crate::types::Type;
use crate::Sym;

/// A `%name` or `%name#N` reference, not yet resolved to a value (its type usually comes later
/// in the op's text).
#[derive(Clone, Copy, Debug)]
pub struct ValueRef<'s> {
    /// `%name`.
    pub name: &'s str,
    /// The `#N` index (0 without one).
    pub index: u32,
    /// Where it was written.
    pub loc: Loc,
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

impl<'s> Parser<'s> {
    /// Parses the op at the current position if it is written in a custom syntax (a bare
    /// keyword where the generic form has a quoted name); leaves the position untouched and
    /// returns None for a generic op.
    pub(super) fn try_custom_op(&mut self, block: Block) -> PResult<Option<Op>> {
        let start = self.pos;
        let b = self.src.as_bytes();
        // Cheap scan over `%a, %b:2 =` to the op name: the generic path stays pest-only.
        let mut i = start;
        if b.get(i) == Some(&b'%') {
            while i < b.len()
                && (ident_byte(b[i])
                    || matches!(
                        b[i],
                        // `-` is a name character too (MLIR's id-punct: `%cst_-1_i32`).
                        b'%' | b'#' | b':' | b',' | b'-' | b' ' | b'\t' | b'\r' | b'\n'
                    ))
            {
                i += 1;
            }
            if b.get(i) != Some(&b'=') {
                return Ok(None);
            }
            i += 1;
            while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n') {
                i += 1;
            }
        }
        if !b
            .get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return Ok(None);
        }
        // A custom op: parse its results properly, then the keyword.
        let mut results = Vec::new();
        if b.get(start) == Some(&b'%') {
            if let Some((defs, end)) = super::fast::result_prefix(self.src, start) {
                results = defs
                    .into_iter()
                    .map(|(name, count, all)| {
                        (&self.src[name], count, self.loc(all.start, all.end))
                    })
                    .collect();
                self.pos = end;
            } else {
                let (prefix, base) = self.piece(Rule::result_prefix)?;
                if let Some(list) = prefix.into_inner().next() {
                    results = self.result_defs(list, base)?;
                }
            }
            self.skip_trivia();
        }
        let kw_start = self.pos;
        while self.pos < b.len() && ident_byte(b[self.pos]) {
            self.pos += 1;
        }
        let keyword = &self.src[kw_start..self.pos];
        let kw_loc = self.loc(kw_start, self.pos);
        let (dialect, short) = match keyword.split_once('.') {
            Some((d, s)) => (Some(d), s),
            None => {
                let inherited = self.scopes.iter().rev().find_map(|s| s.default_dialect);
                // At the top level (one scope: the file's) a syntax may claim the keyword.
                let top = || {
                    (self.scopes.len() == 1)
                        .then(|| self.syntaxes.top_level(keyword))
                        .flatten()
                        .map(|s| s.dialect())
                };
                (inherited.or_else(top), keyword)
            }
        };
        let Some(dialect) = dialect else {
            return self.err(
                kw_loc,
                format!("custom op '{keyword}' needs a dialect prefix here (no enclosing op sets a default dialect); the generic form quotes the full name: \"dialect.{keyword}\"(…)"),
            );
        };
        let Some(syntax) = self.syntaxes.get(dialect) else {
            return self.err(
                kw_loc,
                format!("'{keyword}' is not a known custom op (dialect '{dialect}' has no custom syntax here); write it in the generic form \"{dialect}.{short}\"(…)"),
            );
        };
        let dialect = syntax.dialect();
        let mut cp = CustomParser {
            p: self,
            block,
            start,
            results,
            dialect,
            keyword_loc: kw_loc,
        };
        let op = syntax.parse_op(&mut cp, short)?;
        Ok(Some(op))
    }
}

/// What a dialect's custom parser works with: one op's text, from just after its keyword.
pub struct CustomParser<'p, 's> {
    p: &'p mut Parser<'s>,
    block: Block,
    start: usize,
    results: Vec<(&'s str, u32, Loc)>,
    dialect: &'static str,
    keyword_loc: Loc,
}

impl<'p, 's> CustomParser<'p, 's> {
    /// The module being built (for types and attributes).
    pub fn module(&mut self) -> &mut Module {
        &mut self.p.m
    }
    /// The dialect whose op this is.
    pub fn dialect(&self) -> &'static str {
        self.dialect
    }
    /// The location of the op keyword.
    pub fn keyword_loc(&self) -> Loc {
        self.keyword_loc
    }
    /// How many result values the text declared before `=`.
    pub fn declared_results(&self) -> usize {
        self.results.iter().map(|r| r.1 as usize).sum()
    }
    /// The unparsed input from the current position on.
    pub fn rest(&self) -> &'s str {
        &self.p.src[self.p.pos..]
    }
    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.p.pos
    }
    /// Moves to byte offset `pos` (after text the dialect matched itself).
    pub fn set_pos(&mut self, pos: usize) {
        self.p.pos = pos.min(self.p.src.len());
    }
    /// Skips whitespace and comments.
    pub fn skip(&mut self) {
        self.p.skip_trivia();
    }
    /// A location in the input.
    pub fn loc(&self, start: usize, end: usize) -> Loc {
        self.p.loc(start, end)
    }
    /// The location of the next character.
    pub fn here(&mut self) -> Loc {
        self.skip();
        self.p.loc(self.p.pos, self.p.pos + 1)
    }
    /// An error at `loc`.
    pub fn error<T>(&self, loc: Loc, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(Diagnostic::error(loc, msg)))
    }
    /// An "expected …; found …" error at the current position.
    pub fn expected<T>(&mut self, what: &str) -> PResult<T> {
        self.skip();
        let at = self.p.pos;
        let found = describe_at(self.p.src, at);
        self.error(
            self.p.loc(at, at + 1),
            format!("expected {what}; found {found}"),
        )
    }
    /// True (and consumed) when the input continues with `token`; a word token must end at a
    /// word boundary.
    pub fn eat(&mut self, token: &str) -> bool {
        self.skip();
        let rest = self.rest();
        if !rest.starts_with(token) {
            return false;
        }
        let word = token.bytes().last().is_some_and(ident_byte);
        if word
            && rest
                .as_bytes()
                .get(token.len())
                .copied()
                .is_some_and(ident_byte)
        {
            return false;
        }
        self.p.pos += token.len();
        true
    }
    /// Consumes `token` or reports what was found instead.
    pub fn expect(&mut self, token: &str) -> PResult<()> {
        if self.eat(token) {
            Ok(())
        } else {
            self.expected(&format!("'{token}'"))
        }
    }
    /// A bare identifier (`weak`, `add`, `device`), if one comes next.
    pub fn ident(&mut self) -> Option<(&'s str, Loc)> {
        self.skip();
        let b = self.p.src.as_bytes();
        let s = self.p.pos;
        if !b
            .get(s)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            return None;
        }
        let mut e = s;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_' || b[e] == b'$') {
            e += 1;
        }
        self.p.pos = e;
        Some((&self.p.src[s..e], self.p.loc(s, e)))
    }
    /// `@name` (or `@"quoted"`).
    pub fn symbol(&mut self) -> PResult<(String, Loc)> {
        self.skip();
        let s = self.p.pos;
        if !self.eat("@") {
            return self.expected("a symbol name (@name)");
        }
        if self.rest().starts_with('"') {
            let (lit, base) = self.p.piece(Rule::string)?;
            let loc = self.p.span_loc(base, &lit);
            let text =
                super::unescape(lit.as_str()).map_err(|m| Box::new(Diagnostic::error(loc, m)))?;
            return Ok((text, self.p.loc(s, self.p.pos)));
        }
        match self.ident() {
            Some((name, _)) => Ok((name.to_string(), self.p.loc(s, self.p.pos))),
            None => self.expected("a symbol name after '@'"),
        }
    }
    /// True when a value reference (`%…`) comes next.
    pub fn at_value(&mut self) -> bool {
        self.skip();
        self.rest().starts_with('%')
    }
    /// `%name` or `%name#N`.
    pub fn value_ref(&mut self) -> PResult<ValueRef<'s>> {
        self.skip();
        if !self.rest().starts_with('%') {
            return self.expected("an SSA value (%name)");
        }
        let at = self.p.pos;
        if let Some((name, index, end)) = super::fast::value_use(self.p.src, at) {
            self.p.pos = end;
            return Ok(ValueRef {
                name: &self.p.src[name],
                index,
                loc: self.p.loc(at, end),
            });
        }
        let (u, base) = self.p.piece(Rule::value_use)?;
        let loc = self.p.span_loc(base, &u);
        let mut it = u.into_inner();
        let name = it.next().map(|x| x.as_str()).unwrap_or("");
        let index = match it.next() {
            Some(n) => n
                .as_str()
                .parse::<u32>()
                .map_err(|_| Box::new(Diagnostic::error(loc, "result number is too large")))?,
            None => 0,
        };
        Ok(ValueRef { name, index, loc })
    }
    /// The value a reference names, which must have type `ty` (forward references allowed).
    pub fn resolve(&mut self, r: ValueRef<'s>, ty: Type) -> PResult<Value> {
        self.p.use_value(r.name, r.index, ty, r.loc)
    }
    /// [`CustomParser::resolve`] for an operand whose type the syntax fixes (an `if`'s
    /// condition): a defined value of another type is reported as `what` needing `ty`
    /// ("the condition of 'if' must be …"), not as a mismatch with a type the user never wrote.
    pub fn resolve_fixed(&mut self, r: ValueRef<'s>, ty: Type, what: &str) -> PResult<Value> {
        if let Some(have) = self.p.defined_type(r.name, r.index) {
            if have != ty {
                let m = &self.p.m;
                return self.error(
                    r.loc,
                    format!(
                        "{what} must be '{}', but '{}' is '{}'",
                        crate::text::type_to_string(m, ty),
                        r.name,
                        crate::text::type_to_string(m, have)
                    ),
                );
            }
        }
        self.resolve(r, ty)
    }
    /// A `%name` to be defined by the op (e.g. a loop's induction variable), with its location.
    pub fn new_value_name(&mut self) -> PResult<(&'s str, Loc)> {
        let r = self.value_ref()?;
        if r.index != 0 {
            return self.error(r.loc, "a defined value cannot carry a '#N' index");
        }
        Ok((r.name, r.loc))
    }
    /// The type this dialect's syntax parsed before from exactly the text `start..end` (see
    /// [`CustomParser::remember_type`]).
    pub fn known_type(&self, start: usize, end: usize) -> Option<Type> {
        let text = self.p.src.get(start..end)?;
        self.p.custom_types.get(&(self.dialect, text)).copied()
    }
    /// Remembers that the text `start..end` is the type `t` in this dialect's syntax, so that
    /// the same text is not parsed again (types are uniqued, so equal text means an equal
    /// type). The dialect must only remember text whose meaning does not depend on what follows.
    pub fn remember_type(&mut self, start: usize, end: usize, t: Type) {
        if let Some(text) = self.p.src.get(start..end) {
            self.p.custom_types.insert((self.dialect, text), t);
        }
    }
    /// A type in the generic syntax (`i32`, `!dialect.name<…>`, `(…) -> …`).
    pub fn generic_type(&mut self) -> PResult<Type> {
        self.skip();
        let (t, base) = self.p.piece(Rule::type_)?;
        self.p.build_type_in(t, base)
    }
    /// A type of this dialect written `name<…>` without its `!dialect.` prefix, its parameters in
    /// the generic syntax (NVIDIA's `tensor_view<?xf32, strides=[?]>` inside cuda_tile ops).
    pub fn bare_dialect_type(&mut self) -> PResult<Type> {
        self.skip();
        let (t, base) = self.p.piece(Rule::bare_type)?;
        let dialect = self.dialect;
        self.p.build_bare_type(t, base, dialect)
    }
    /// An attribute value in the generic syntax (`1 : i32`, `"s"`, `[…]`, `#mem.sem<…>`, …).
    pub fn generic_attr(&mut self) -> PResult<AttrData> {
        self.skip();
        let (a, base) = self.p.piece(Rule::attr_value)?;
        self.p.build_attr(a, base)
    }
    /// An attribute dictionary `{…}` in the generic syntax.
    pub fn attr_dict(&mut self) -> PResult<Dict> {
        self.skip();
        let (d, base) = self.p.piece(Rule::attr_dict)?;
        self.p.build_dict(d, base)
    }
    /// A region `{ … }` whose unprefixed custom ops belong to `default_dialect`; `entry_args`
    /// are bound as the entry block's arguments.
    pub fn region(
        &mut self,
        default_dialect: Option<&'static str>,
        entry_args: &[(&'s str, Type, Loc)],
    ) -> PResult<Region> {
        self.skip();
        self.p.parse_region(default_dialect, entry_args)
    }
    /// Creates the op (its location: from its first result to its keyword), appends it to the
    /// current block and defines the result names written before `=`.
    pub fn finish(
        &mut self,
        name: Sym,
        operands: Vec<Value>,
        results: Vec<Type>,
        attrs: Dict,
        regions: Vec<Region>,
    ) -> PResult<Op> {
        let declared = self.declared_results();
        // As in MLIR, an op may leave all of its results unnamed (`print_tko "x" : … -> token`).
        if declared != 0 && declared != results.len() {
            let loc = self.p.loc(self.start, self.keyword_loc.end as usize);
            return self.error(
                loc,
                format!(
                    "'{}' defines {} result{} but {declared} name{} {} given",
                    name,
                    results.len(),
                    plural(results.len()),
                    plural(declared),
                    if declared == 1 { "was" } else { "were" }
                ),
            );
        }
        let loc = self.p.loc(self.start, self.keyword_loc.end as usize);
        let op = self.p.m.create_op(OpSpec {
            name,
            operands: operands.clone(),
            results,
            attrs,
            regions: 0,
            successors: Vec::new(),
            loc,
        });
        self.p.m.attach_regions(op, regions);
        self.p.m.append_op(self.block, op);
        for (i, v) in operands.iter().enumerate() {
            if let Some(uses) = self.p.fwd_uses.get_mut(v) {
                uses.push((op, i as u32));
            }
        }
        let mut next = 0usize;
        for &(n, count, rloc) in &self.results.clone() {
            let first = self.p.m.result(op, next);
            for k in 0..count as usize {
                self.p.m.set_value_loc(self.p.m.result(op, next + k), rloc);
            }
            self.p.define(n, first, count, rloc)?;
            next += count as usize;
        }
        Ok(op)
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
