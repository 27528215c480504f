//! Reading locations and NVIDIA's debug-info attributes (crate::debuginfo): `#name = …`
//! definitions at the top level, and the ` loc(…)` after an op (custom or generic form):
//!
//! ```text
//! #file = #cuda_tile.di_file<"foo.py" in "/tmp/">
//! #cu = #cuda_tile.di_compile_unit<file = #file>
//! #sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
//! #l = loc("/tmp/foo.py":7:8)
//! #dl = #cuda_tile.di_loc<#l in #sp>
//! %c = constant <i32: 1> : tile<i32> loc(#dl)
//! return loc(fused[#l, "name"(#dl), callsite(#l at #dl), unknown])
//! ```
//!
//! A hand-written reader (the forms are few and nest), every error located at its token.

use super::{PResult, Parser};
use crate::attrs::{Attr, AttrData};
use crate::debuginfo::{is_location, DiData, LocData};
use crate::module::{Module, Op};
use crate::Sym;

impl<'s> Parser<'s> {
    pub(super) fn at(&self, text: &str) -> bool {
        self.src[self.pos..].starts_with(text)
    }

    pub(super) fn expect_text(&mut self, text: &str, what: &str) -> PResult<()> {
        self.skip_trivia();
        if self.at(text) {
            self.pos += text.len();
            return Ok(());
        }
        self.expected(what)
    }

    /// An error at the current position: `what` was expected.
    pub(super) fn expected<T>(&self, what: &str) -> PResult<T> {
        let at = self.pos;
        self.err(
            self.loc(at, at + 1),
            format!(
                "expected {what}; found {}",
                super::describe_at(self.src, at)
            ),
        )
    }

    /// A name of letters, digits, `_`, `.`, `$` and `-` (an alias or a struct key).
    pub(super) fn word(&mut self) -> &'s str {
        let b = self.src.as_bytes();
        let start = self.pos;
        while self.pos < b.len()
            && (b[self.pos].is_ascii_alphanumeric()
                || matches!(b[self.pos], b'_' | b'.' | b'$' | b'-'))
        {
            self.pos += 1;
        }
        &self.src[start..self.pos]
    }

    pub(super) fn string_lit(&mut self, what: &str) -> PResult<String> {
        self.skip_trivia();
        let start = self.pos;
        let b = self.src.as_bytes();
        if b.get(start) != Some(&b'"') {
            return self.expected(what);
        }
        let mut i = start + 1;
        while i < b.len() && b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        if i >= b.len() {
            return self.err(self.loc(start, start + 1), "unterminated string");
        }
        self.pos = i + 1;
        super::unescape(&self.src[start..self.pos])
            .map_err(|e| Box::new(crate::Diagnostic::error(self.loc(start, self.pos), e)))
    }

    pub(super) fn uint(&mut self, what: &str) -> PResult<u32> {
        self.skip_trivia();
        let start = self.pos;
        let b = self.src.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        match self.src[start..self.pos].parse::<u32>() {
            Ok(n) => Ok(n),
            Err(_) => {
                self.pos = start;
                self.expected(what)
            }
        }
    }

    /// `#name = value` at the top level: a location or a debug-info attribute, named.
    pub(super) fn parse_alias_def(&mut self) -> PResult<()> {
        let start = self.pos;
        self.pos += 1;
        let name = self.word();
        if name.is_empty() {
            return self.err(
                self.loc(start, start + 1),
                "expected an attribute name after '#'",
            );
        }
        let name_loc = self.loc(start, self.pos);
        self.expect_text("=", "'=' after the attribute name")?;
        self.skip_trivia();
        let a = if self.at("loc(") {
            self.loc_call()?
        } else if self.at("#") {
            self.hash_attr()?
        } else {
            let at = self.pos;
            return self.err(
                self.loc(at, at + 1),
                format!(
                    "expected 'loc(…)' or a '#cuda_tile.di_…' attribute; found {}",
                    super::describe_at(self.src, at)
                ),
            );
        };
        if !self.m.define_alias(Sym::new(name), a) {
            return self.err(name_loc, format!("attribute '#{name}' is defined twice"));
        }
        Ok(())
    }

    /// ` loc(…)` after op `op`, when one follows: it becomes the op's location attribute.
    pub(super) fn parse_trailing_loc(&mut self, op: Op) -> PResult<()> {
        let save = self.pos;
        self.skip_trivia();
        if !self.at("loc(") {
            self.pos = save;
            return Ok(());
        }
        // `loc(#name)` may name an alias defined further down (MLIR's deferred locations).
        if let Some((name, at)) = self.forward_loc_alias() {
            self.pending_locs.push((op, name, at));
            return Ok(());
        }
        let l = self.loc_call()?;
        self.m.set_debug_loc(op, Some(l));
        Ok(())
    }

    /// At `loc(#name)` where `#name` is not defined yet: consumes it and gives the name and
    /// where it is written.
    fn forward_loc_alias(&mut self) -> Option<(&'s str, crate::Loc)> {
        let save = self.pos;
        self.pos += "loc(".len();
        self.skip_trivia();
        let start = self.pos;
        if self.at("#") {
            self.pos += 1;
            let name = self.word();
            let end = self.pos;
            self.skip_trivia();
            let known = name.starts_with("cuda_tile.") || self.m.alias(Sym::new(name)).is_some();
            if !name.is_empty() && !known && self.at(")") {
                self.pos += 1;
                return Some((name, self.loc(start, end)));
            }
        }
        self.pos = save;
        None
    }

    /// Gives the ops of `pending_locs` their locations, now that every alias is defined.
    pub(super) fn resolve_pending_locs(&mut self) -> PResult<()> {
        for (op, name, at) in std::mem::take(&mut self.pending_locs) {
            let Some(a) = self.m.alias(Sym::new(name)) else {
                return self.err(at, format!("undefined attribute '#{name}'"));
            };
            if !is_location(&self.m, a) {
                return self.err(at, format!("'#{name}' is not a location"));
            }
            self.m.set_debug_loc(op, Some(a));
        }
        Ok(())
    }

    /// A `loc(…)` that is read and dropped (the builtin module's), when one follows.
    pub(super) fn skip_loc(&mut self) -> PResult<()> {
        let save = self.pos;
        self.skip_trivia();
        if self.at("loc(") {
            self.loc_call()?;
        } else {
            self.pos = save;
        }
        Ok(())
    }

    /// `loc(body)`.
    pub(super) fn loc_call(&mut self) -> PResult<Attr> {
        self.expect_text("loc(", "'loc('")?;
        let l = self.loc_body()?;
        self.expect_text(")", "')' to close the location")?;
        Ok(l)
    }

    /// A location: `unknown`, `"file":line:col`, `"name"[(loc)]`, `callsite(loc at loc)`,
    /// `fused[<attr>][loc, …]`, or `#name` / `#cuda_tile.di_loc<…>`.
    fn loc_body(&mut self) -> PResult<Attr> {
        self.skip_trivia();
        let start = self.pos;
        let data = if self.at("\"") {
            self.string_loc()?
        } else if self.at("#") {
            let a = self.hash_attr()?;
            if !is_location(&self.m, a) {
                return self.err(
                    self.loc(start, self.pos),
                    format!("'{}' is not a location", &self.src[start..self.pos]),
                );
            }
            return Ok(a);
        } else {
            match self.word() {
                "unknown" => LocData::Unknown,
                "callsite" => self.callsite()?,
                "fused" => {
                    let f = self.fused()?;
                    if let Some(d) = fused_di_loc(&self.m, &f) {
                        return Ok(d);
                    }
                    f
                }
                _ => {
                    self.pos = start;
                    return self.err(
                        self.loc(start, start + 1),
                        format!(
                            "expected a location (unknown, \"file\":line:col, \"name\"(…), callsite(…), fused[…] or #name); found {}",
                            super::describe_at(self.src, start)
                        ),
                    );
                }
            }
        };
        Ok(self.m.attr(AttrData::Loc(data)))
    }

    fn string_loc(&mut self) -> PResult<LocData> {
        let s = self.string_lit("a string")?;
        self.skip_trivia();
        if self.at(":") {
            self.pos += 1;
            let line = self.uint("a line number")?;
            self.expect_text(":", "':' and a column number")?;
            let col = self.uint("a column number")?;
            return Ok(LocData::FileLineCol {
                file: s.into(),
                line,
                col,
            });
        }
        let child = if self.at("(") {
            self.pos += 1;
            let c = self.loc_body()?;
            self.expect_text(")", "')' after the named location")?;
            Some(c)
        } else {
            None
        };
        Ok(LocData::Name {
            name: s.into(),
            child,
        })
    }

    fn callsite(&mut self) -> PResult<LocData> {
        self.expect_text("(", "'(' after 'callsite'")?;
        let callee = self.loc_body()?;
        self.skip_trivia();
        let at = self.pos;
        if self.word() != "at" {
            self.pos = at;
            return self.expected("'at' between the callee and the caller");
        }
        let caller = self.loc_body()?;
        self.expect_text(")", "')' to close 'callsite'")?;
        Ok(LocData::CallSite { callee, caller })
    }

    fn fused(&mut self) -> PResult<LocData> {
        self.skip_trivia();
        let metadata = if self.at("<") {
            self.pos += 1;
            self.skip_trivia();
            let md = self.hash_attr()?;
            self.expect_text(">", "'>' after the fused location's metadata")?;
            Some(md)
        } else {
            None
        };
        self.expect_text("[", "'[' and the fused locations")?;
        let mut locs = vec![self.loc_body()?];
        loop {
            self.skip_trivia();
            if self.at(",") {
                self.pos += 1;
                locs.push(self.loc_body()?);
            } else {
                self.expect_text("]", "',' or ']' in the fused locations")?;
                break;
            }
        }
        Ok(LocData::Fused {
            metadata,
            locs: locs.into(),
        })
    }

    /// `#name` (a defined alias) or `#cuda_tile.di_…<…>`.
    pub(super) fn hash_attr(&mut self) -> PResult<Attr> {
        self.skip_trivia();
        let start = self.pos;
        self.expect_text("#", "'#' and an attribute")?;
        let name = self.word();
        if let Some(mnemonic) = name.strip_prefix("cuda_tile.") {
            let d = self.di_attr(mnemonic, start)?;
            return Ok(self.m.attr(AttrData::Di(d)));
        }
        match self.m.alias(Sym::new(name)) {
            Some(a) => Ok(a),
            None => self.err(
                self.loc(start, self.pos),
                format!("undefined attribute '#{name}'"),
            ),
        }
    }
}

/// `fused<#di_loc>[its own location]` is how tilec writes a `di_loc` for MLIR without the
/// cuda_tile dialect (the printer's `Refs::mlir`): it says no more than the `di_loc`, which it
/// is read back as.
fn fused_di_loc(m: &Module, l: &LocData) -> Option<Attr> {
    let LocData::Fused {
        metadata: Some(md),
        locs,
    } = l
    else {
        return None;
    };
    match (m.attr_data(*md), &locs[..]) {
        (AttrData::Di(DiData::Loc { source, .. }), [only]) if source == only => Some(*md),
        _ => None,
    }
}
