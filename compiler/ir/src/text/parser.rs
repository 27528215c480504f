//! Parser for the MLIR generic form (grammar: `generic.pest`).
//!
//! The driver walks the nesting (op → regions → blocks → ops) in Rust and asks pest for one piece
//! at a time (`op_head`, `op_tail`, `block_label`), so memory is bounded by one op's tokens, not
//! the file's. Name resolution follows MLIR: every region opens a value scope; a name may not be
//! redefined while visible; uses may precede definitions (forward references), which are resolved
//! when the definition appears and reported as undefined if it never does. The first syntax or
//! name error stops the parse (after it, the structure of the rest is unknown) and is returned
//! as one located [`Diagnostic`].
//!
//! Two things keep it fast and safe on large or hostile input:
//! - op tails (attribute dictionary + signature) repeat heavily in real IR and their results are
//!   uniqued anyway, so a tail's [`Dict`] and types are memoized by the tail's exact source text
//!   (pest parses each distinct tail once); op names likewise;
//! - nesting (regions, brackets) is limited to [`MAX_NESTING`] levels, checked in one linear scan
//!   before parsing: both this driver and pest recurse per level, and a located error beats a
//!   stack overflow.

use crate::attrs::{AttrData, Dict};
use crate::diag::Diagnostic;
use crate::mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
use crate::module::{Block, Module, Op, OpSpec, Region, Value};
use crate::source::{FileId, Loc};
use crate::types::{FloatKind, Type, TypeData, TypeParam};
use crate::Sym;
use pest::iterators::Pair;
use pest::Parser as _;
use rustc_hash::FxHashMap;

#[derive(pest_derive::Parser)]
#[grammar = "text/generic.pest"]
struct Grammar;

type PResult<T> = Result<T, Box<Diagnostic>>;

/// Parses a whole module in the generic form. A single top-level `"builtin.module"` op is
/// unwrapped into the module body (its attributes become [`Module::module_attrs`]); bare
/// top-level ops are accepted as well.
pub fn parse_module(src: &str, file: FileId) -> Result<Module, Box<Diagnostic>> {
    check_nesting(src, file)?;
    let mut p = Parser::new(src, file);
    p.m.reserve_ops(src.len() / 100);
    let body = p.m.body();
    p.scopes.push(Scope::default());
    loop {
        p.skip_trivia();
        if p.pos >= src.len() {
            break;
        }
        p.parse_op(body)?;
    }
    p.finish_scope_top()?;
    let mut m = p.m;
    unwrap_builtin_module(&mut m);
    Ok(m)
}

/// Parses one type written in the generic syntax (e.g. `!nv_tileas.ptr<global>`), for code that
/// builds types from their spelling.
pub fn parse_type(m: &mut Module, text: &str) -> Result<Type, String> {
    let pairs = Grammar::parse(Rule::type_only, text).map_err(|e| e.to_string())?;
    let mut p = Parser::new(text, FileId(0));
    std::mem::swap(&mut p.m, m);
    let pair = pairs.into_iter().next().and_then(|p| p.into_inner().next());
    let r = match pair {
        Some(pair) => p.build_type(pair).map_err(|d| d.message),
        None => Err("empty type".to_string()),
    };
    std::mem::swap(&mut p.m, m);
    r
}

/// The deepest nesting of regions and brackets the parser accepts (like clang's bracket depth).
pub const MAX_NESTING: usize = 200;

/// One pass over the text: rejects nesting deeper than [`MAX_NESTING`] outside strings and
/// comments (`->` is not a bracket).
fn check_nesting(src: &str, file: FileId) -> PResult<()> {
    let b = src.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            b'(' | b'[' | b'{' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let msg = format!("nesting deeper than {MAX_NESTING} levels of regions and brackets is not supported");
                    return Err(Box::new(Diagnostic::error(Loc::new(file, i, i + 1), msg)));
                }
            }
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The end of the attribute dictionary (== `pos` when there is none) and the end of the op tail
/// (`{attrs} : (ins) -> outs`) starting at `pos`, found by bracket matching, or None when the tail has a trailing `loc(…)` or is malformed (then pest parses it
/// and reports any error).
fn scan_tail(src: &str, pos: usize) -> Option<(usize, usize)> {
    let b = src.as_bytes();
    let mut i = pos;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\r' | b'\n') {
            *i += 1;
        }
    };
    // Balanced scan from an opening bracket to just past its closer.
    let balanced = |i: &mut usize, open: u8, close: u8| -> Option<()> {
        let mut depth = 0usize;
        while *i < b.len() {
            match b[*i] {
                b'"' => {
                    *i += 1;
                    while *i < b.len() && b[*i] != b'"' {
                        *i += if b[*i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'/' if b.get(*i + 1) == Some(&b'/') => return None,
                b'-' if b.get(*i + 1) == Some(&b'>') => *i += 1,
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        *i += 1;
                        return Some(());
                    }
                }
                _ => {}
            }
            *i += 1;
        }
        None
    };
    if b.get(i) == Some(&b'{') {
        balanced(&mut i, b'{', b'}')?;
    }
    let dict_end = i;
    skip_ws(&mut i);
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    skip_ws(&mut i);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    balanced(&mut i, b'(', b')')?;
    skip_ws(&mut i);
    if b.get(i..i + 2) != Some(b"->") {
        return None;
    }
    i += 2;
    skip_ws(&mut i);
    if b.get(i) == Some(&b'(') {
        balanced(&mut i, b'(', b')')?;
    } else {
        while i < b.len()
            && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'.' | b'!' | b'$'))
        {
            i += 1;
        }
        if b.get(i) == Some(&b'<') {
            balanced(&mut i, b'<', b'>')?;
        }
    }
    let mut j = i;
    skip_ws(&mut j);
    if src[j..].starts_with("loc(") {
        return None;
    }
    Some((dict_end, i))
}

/// An op signature: (operand types, result types).
type Signature = (Box<[Type]>, Box<[Type]>);

/// A parsed op tail, memoized by its text.
#[derive(Clone)]
struct Tail {
    attrs: Dict,
    inputs: Box<[Type]>,
    results: Box<[Type]>,
    /// The signature's span, relative to the tail's start.
    sig: (u32, u32),
}

fn unwrap_builtin_module(m: &mut Module) {
    let top = m.top_ops();
    let [only] = top.as_slice() else { return };
    let only = *only;
    if m.op_name(only).as_str() != "builtin.module"
        || !m.operands(only).is_empty()
        || m.num_results(only) != 0
        || m.regions(only).len() != 1
    {
        return;
    }
    let r = m.regions(only)[0];
    let blocks = m.region_blocks(r).to_vec();
    if blocks.len() > 1 || blocks.first().is_some_and(|b| !m.block_args(*b).is_empty()) {
        return;
    }
    m.module_attrs = m.attrs(only);
    m.module_loc = m.op_loc(only);
    m.detach(only);
    if let Some(b) = blocks.first() {
        let body = m.body();
        m.splice_block(*b, body);
    }
}

#[derive(Default)]
struct Scope<'s> {
    /// name → (first value, count) for `%x` / `%x:N` definitions.
    values: FxHashMap<&'s str, (Value, u32, Loc)>,
    /// Uses seen before their definition: (name, index) → placeholder.
    forward: FxHashMap<(&'s str, u32), (Value, Loc)>,
    /// Blocks of the region this scope belongs to: name → (block, defined?, first reference).
    blocks: FxHashMap<&'s str, (Block, bool, Loc)>,
    /// Successor references made in this region, to reject branches to its entry block.
    succ_uses: Vec<(Block, Loc)>,
}

struct Parser<'s> {
    src: &'s str,
    file: FileId,
    pos: usize,
    m: Module,
    scopes: Vec<Scope<'s>>,
    /// Placeholder values are arguments of this detached block.
    fwd_block: Option<Block>,
    /// Operand slots that hold each placeholder.
    fwd_uses: FxHashMap<Value, Vec<(Op, u32)>>,
    /// Op tails already parsed, by their exact text.
    tails: FxHashMap<&'s str, Tail>,
    /// Op names already interned, by their quoted text.
    names: FxHashMap<&'s str, Sym>,
    /// Attribute dictionaries already parsed, by their text (when whole tails differ).
    dicts: FxHashMap<&'s str, Dict>,
    /// Signatures already parsed, by their text from `:` on: (inputs, results).
    sigs: FxHashMap<&'s str, Signature>,
}

struct Head<'s> {
    results: Vec<(&'s str, u32, Loc)>,
    name: Sym,
    name_loc: Loc,
    operands: Vec<(&'s str, u32, Loc)>,
    successors: Vec<(&'s str, Loc)>,
}

impl<'s> Parser<'s> {
    fn new(src: &'s str, file: FileId) -> Parser<'s> {
        Parser {
            src,
            file,
            pos: 0,
            m: Module::new(),
            scopes: Vec::new(),
            fwd_block: None,
            fwd_uses: FxHashMap::default(),
            tails: FxHashMap::default(),
            names: FxHashMap::default(),
            dicts: FxHashMap::default(),
            sigs: FxHashMap::default(),
        }
    }

    fn loc(&self, start: usize, end: usize) -> Loc {
        Loc::new(self.file, start, end)
    }
    fn span_loc(&self, base: usize, p: &Pair<'s, Rule>) -> Loc {
        let s = p.as_span();
        self.loc(base + s.start(), base + s.end())
    }
    fn err<T>(&self, loc: Loc, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(Diagnostic::error(loc, msg)))
    }

    /// Skips whitespace and `//` comments.
    fn skip_trivia(&mut self) {
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            match b[self.pos] {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b'/' if b.get(self.pos + 1) == Some(&b'/') => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }
    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    /// Matches `rule` at the current position; returns the pair and the absolute offset its
    /// spans are relative to.
    fn piece(&mut self, rule: Rule) -> PResult<(Pair<'s, Rule>, usize)> {
        let base = self.pos;
        let rest: &'s str = &self.src[base..];
        match Grammar::parse(rule, rest) {
            Ok(mut pairs) => match pairs.next() {
                Some(p) => {
                    self.pos = base + p.as_span().end();
                    Ok((p, base))
                }
                None => self.err(self.loc(base, base), "internal parser error: empty match"),
            },
            Err(e) => Err(Box::new(self.pest_error(rule, &e, base))),
        }
    }

    /// Turns a pest failure into one located diagnostic. pest's plain error names only the rules
    /// it tried, never literal tokens, and points where the last *rule* started; so the failing
    /// piece is parsed again with attempt tracking on (errors are rare; the fast path pays
    /// nothing), which gives the farthest position reached and the tokens expected there.
    fn pest_error(&self, rule: Rule, e: &pest::error::Error<Rule>, base: usize) -> Diagnostic {
        if let Some((at, expected)) = detailed_attempts(rule, &self.src[base..]) {
            let at = base + at;
            let found = describe_at(self.src, at);
            return Diagnostic::error(
                self.loc(at, at + 1),
                format!("expected {expected}; found {found}"),
            );
        }
        let at = base
            + match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
        let expected = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut names: Vec<&str> = positives.iter().map(|r| rule_name(*r)).collect();
                names.sort_unstable();
                names.dedup();
                names.join(", ")
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        let found = describe_at(self.src, at);
        let msg = if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {expected}; found {found}")
        };
        Diagnostic::error(self.loc(at, at + 1), msg)
    }

    // ---- structure -----------------------------------------------------------------------------

    fn parse_op(&mut self, block: Block) -> PResult<Op> {
        let start = self.pos;
        let head = self.parse_head()?;
        self.skip_trivia();
        let mut regions = Vec::new();
        if self.peek() == Some(b'(') {
            let save = self.pos;
            self.pos += 1;
            self.skip_trivia();
            if self.peek() == Some(b'{') {
                loop {
                    self.skip_trivia();
                    regions.push(self.parse_region()?);
                    self.skip_trivia();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b')') => {
                            self.pos += 1;
                            break;
                        }
                        _ => {
                            let at = self.pos;
                            return self.err(
                                self.loc(at, at + 1),
                                format!(
                                    "expected ',' or ')' after a region; found {}",
                                    describe_at(self.src, at)
                                ),
                            );
                        }
                    }
                }
                self.skip_trivia();
            } else {
                self.pos = save;
            }
        }
        let tail = self.parse_tail(head.name_loc)?;
        let sig_loc = self.loc(
            tail.0 + tail.1.sig.0 as usize,
            tail.0 + tail.1.sig.1 as usize,
        );
        let (attrs, inputs, results) = (
            tail.1.attrs,
            tail.1.inputs.to_vec(),
            tail.1.results.to_vec(),
        );
        let op_loc = self.loc(start, head.name_loc.end as usize);
        if inputs.len() != head.operands.len() {
            return self.err(
                sig_loc,
                format!(
                    "'{}' has {} operand{} but its signature lists {} operand type{}",
                    head.name,
                    head.operands.len(),
                    plural(head.operands.len()),
                    inputs.len(),
                    plural(inputs.len())
                ),
            );
        }
        let declared: u32 = head.results.iter().map(|r| r.1).sum();
        if declared as usize != results.len() {
            return self.err(
                sig_loc,
                format!(
                    "'{}' defines {} result{} but its signature lists {} result type{}",
                    head.name,
                    declared,
                    plural(declared as usize),
                    results.len(),
                    plural(results.len())
                ),
            );
        }
        let mut operands = Vec::with_capacity(inputs.len());
        for (&(name, idx, loc), &ty) in head.operands.iter().zip(inputs.iter()) {
            operands.push(self.use_value(name, idx, ty, loc)?);
        }
        let mut successors = Vec::with_capacity(head.successors.len());
        for &(name, loc) in &head.successors {
            successors.push(self.use_block(name, loc));
        }
        let op = self.m.create_op(OpSpec {
            name: head.name,
            operands: operands.clone(),
            results: results.clone(),
            attrs,
            regions: 0,
            successors,
            loc: op_loc,
        });
        self.m.attach_regions(op, regions);
        self.m.append_op(block, op);
        for (i, v) in operands.iter().enumerate() {
            if let Some(uses) = self.fwd_uses.get_mut(v) {
                uses.push((op, i as u32));
            }
        }
        let mut next = 0usize;
        for &(name, count, loc) in &head.results {
            let first = self.m.result(op, next);
            for k in 0..count as usize {
                self.m.set_value_loc(self.m.result(op, next + k), loc);
            }
            self.define(name, first, count, loc)?;
            next += count as usize;
        }
        Ok(op)
    }

    /// Parses the op tail at the current position; returns its start offset and contents.
    fn parse_tail(&mut self, name_loc: Loc) -> PResult<(usize, Tail)> {
        let start = self.pos;
        let Some((dict_end, end)) = scan_tail(self.src, start) else {
            return Ok((start, self.parse_tail_with_pest(name_loc)?));
        };
        if let Some(t) = self.tails.get(&self.src[start..end]) {
            self.pos = end;
            return Ok((start, t.clone()));
        }
        // A new tail: its dictionary and signature may each have been seen before.
        let attrs = if dict_end == start {
            self.m.empty_dict()
        } else if let Some(&d) = self.dicts.get(&self.src[start..dict_end]) {
            self.pos = dict_end;
            d
        } else {
            let (p, base) = self.piece(Rule::attr_dict)?;
            let d = self.build_dict(p, base)?;
            if self.pos != dict_end {
                // The bracket scan and the grammar disagree: let pest parse (and report) it all.
                self.pos = start;
                return Ok((start, self.parse_tail_with_pest(name_loc)?));
            }
            self.dicts.insert(&self.src[start..dict_end], d);
            d
        };
        self.skip_trivia();
        let sig_start = self.pos;
        let (inputs, results) = match self.sigs.get(&self.src[sig_start..end]) {
            Some(sig) => sig.clone(),
            None => {
                let (p, base) = self.piece(Rule::sig_part)?;
                let f = p
                    .into_inner()
                    .next()
                    .expect("sig_part holds a function type");
                let (i, r) = self.build_signature(f, base)?;
                let sig: Signature = (i.into(), r.into());
                if self.pos != end {
                    self.pos = start;
                    return Ok((start, self.parse_tail_with_pest(name_loc)?));
                }
                self.sigs.insert(&self.src[sig_start..end], sig.clone());
                sig
            }
        };
        self.pos = end;
        let colon = self.src[sig_start..end].find('(').unwrap_or(0);
        let t = Tail {
            attrs,
            inputs,
            results,
            sig: ((sig_start + colon - start) as u32, (end - start) as u32),
        };
        self.tails.insert(&self.src[start..end], t.clone());
        Ok((start, t))
    }

    /// The general path: pest parses the whole tail (trailing `loc(…)`, or input the bracket
    /// scan cannot delimit, including every malformed tail, so pest reports the error).
    fn parse_tail_with_pest(&mut self, name_loc: Loc) -> PResult<Tail> {
        let start = self.pos;
        let (tail, base) = self.piece(Rule::op_tail)?;
        let mut attrs = self.m.empty_dict();
        let mut sig = None;
        for p in tail.into_inner() {
            match p.as_rule() {
                Rule::attr_dict => attrs = self.build_dict(p, base)?,
                Rule::function_type => sig = Some((p.as_span().start(), p.as_span().end(), p)),
                _ => {}
            }
        }
        let Some((s0, s1, sig)) = sig else {
            return self.err(name_loc, "missing op signature");
        };
        let (inputs, results) = self.build_signature(sig, base)?;
        Ok(Tail {
            attrs,
            inputs: inputs.into(),
            results: results.into(),
            sig: ((base + s0 - start) as u32, (base + s1 - start) as u32),
        })
    }

    fn parse_head(&mut self) -> PResult<Head<'s>> {
        let (head, base) = self.piece(Rule::op_head)?;
        let mut h = Head {
            results: Vec::new(),
            name: Sym::new(""),
            name_loc: Loc::default(),
            operands: Vec::new(),
            successors: Vec::new(),
        };
        for p in head.into_inner() {
            match p.as_rule() {
                Rule::result_list => {
                    for r in p.into_inner() {
                        let loc = self.span_loc(base, &r);
                        let mut it = r.into_inner();
                        let name = it.next().map(|x| x.as_str()).unwrap_or("");
                        let count = match it.next() {
                            Some(n) => n
                                .as_str()
                                .parse::<u32>()
                                .ok()
                                .filter(|c| *c > 0 && *c < 1 << 20),
                            None => Some(1),
                        };
                        let Some(count) = count else {
                            return self.err(loc, "result group size must be between 1 and 2^20");
                        };
                        h.results.push((name, count, loc));
                    }
                }
                Rule::string => {
                    h.name_loc = self.span_loc(base, &p);
                    if let Some(&sym) = self.names.get(p.as_str()) {
                        h.name = sym;
                        continue;
                    }
                    let name = unescape(p.as_str())
                        .map_err(|m| Box::new(Diagnostic::error(h.name_loc, m)))?;
                    let Some((d, o)) = name.split_once('.') else {
                        return self.err(
                            h.name_loc,
                            format!("op name '{name}' must have the form 'dialect.op'"),
                        );
                    };
                    if d.is_empty() || o.is_empty() || !is_ident(d) {
                        return self.err(
                            h.name_loc,
                            format!("op name '{name}' must have the form 'dialect.op'"),
                        );
                    }
                    h.name = Sym::new(&name);
                    self.names.insert(p.as_str(), h.name);
                }
                Rule::operand_list => {
                    for u in p.into_inner() {
                        let loc = self.span_loc(base, &u);
                        let mut it = u.into_inner();
                        let name = it.next().map(|x| x.as_str()).unwrap_or("");
                        let idx = match it.next() {
                            Some(n) => match n.as_str().parse::<u32>() {
                                Ok(i) => i,
                                Err(_) => return self.err(loc, "result number is too large"),
                            },
                            None => 0,
                        };
                        h.operands.push((name, idx, loc));
                    }
                }
                Rule::successors => {
                    for b in p.into_inner() {
                        let loc = self.span_loc(base, &b);
                        h.successors.push((b.as_str(), loc));
                    }
                }
                _ => {}
            }
        }
        Ok(h)
    }

    fn parse_region(&mut self) -> PResult<Region> {
        let open = self.pos;
        if self.peek() != Some(b'{') {
            return self.err(
                self.loc(open, open + 1),
                format!(
                    "expected '{{' to start a region; found {}",
                    describe_at(self.src, open)
                ),
            );
        }
        self.pos += 1;
        let region = self.m.new_region();
        self.scopes.push(Scope::default());
        self.skip_trivia();
        let mut current: Option<Block> = None;
        loop {
            self.skip_trivia();
            match self.peek() {
                None => {
                    let at = self.src.len();
                    return Err(Box::new(
                        Diagnostic::error(
                            self.loc(at, at),
                            "unexpected end of file: expected '}' to close a region",
                        )
                        .with_note(self.loc(open, open + 1), "the region opened here"),
                    ));
                }
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                Some(b'^') => current = Some(self.parse_block_label(region)?),
                Some(_) => {
                    let b = match current {
                        Some(b) => b,
                        None => {
                            let b = self.m.new_block();
                            self.m.push_block(region, b);
                            current = Some(b);
                            b
                        }
                    };
                    self.parse_op(b)?;
                }
            }
        }
        self.finish_region_scope(region)?;
        Ok(region)
    }

    fn parse_block_label(&mut self, region: Region) -> PResult<Block> {
        let (label, base) = self.piece(Rule::block_label)?;
        let mut it = label.into_inner();
        let Some(id) = it.next() else {
            return self.err(self.loc(base, base), "internal parser error: block label");
        };
        let name = id.as_str();
        let loc = self.span_loc(base, &id);
        let scope = self.scopes.last_mut().expect("region scope");
        let block = match scope.blocks.get_mut(name) {
            Some(entry) if entry.1 => {
                let prev = entry.2;
                return Err(Box::new(
                    Diagnostic::error(loc, format!("redefinition of block '{name}'"))
                        .with_note(prev, "previously defined here"),
                ));
            }
            Some(entry) => {
                entry.1 = true;
                entry.2 = loc;
                entry.0
            }
            None => {
                let b = self.m.new_block();
                scope.blocks.insert(name, (b, true, loc));
                b
            }
        };
        self.m.push_block(region, block);
        for arg in it {
            let aloc = self.span_loc(base, &arg);
            let mut parts = arg.into_inner();
            let (Some(vid), Some(ty)) = (parts.next(), parts.next()) else {
                continue;
            };
            let vloc = self.span_loc(base, &vid);
            let ty = self.build_type_in(ty, base)?;
            let v = self.m.add_block_arg(block, ty, vloc);
            let _ = aloc;
            self.define(vid.as_str(), v, 1, vloc)?;
        }
        Ok(block)
    }

    // ---- names ---------------------------------------------------------------------------------

    fn lookup(&self, name: &str) -> Option<(Value, u32, Loc)> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.values.get(name).copied())
    }

    fn use_value(&mut self, name: &'s str, idx: u32, ty: Type, loc: Loc) -> PResult<Value> {
        if let Some((first, count, def_loc)) = self.lookup(name) {
            if idx >= count {
                return Err(Box::new(
                    Diagnostic::error(
                        loc,
                        format!(
                            "'{name}#{idx}' does not exist: '{name}' names {count} value{}",
                            plural(count as usize)
                        ),
                    )
                    .with_note(def_loc, "defined here"),
                ));
            }
            let v = if count == 1 {
                first
            } else {
                self.result_sibling(first, idx)
            };
            let have = self.m.value_type(v);
            if have != ty {
                return Err(Box::new(
                    Diagnostic::error(
                        loc,
                        format!(
                            "use of '{}' with type '{}', but it was defined with type '{}'",
                            display_use(name, idx, count),
                            super::printer::type_to_string(&self.m, ty),
                            super::printer::type_to_string(&self.m, have)
                        ),
                    )
                    .with_note(def_loc, "defined here"),
                ));
            }
            return Ok(v);
        }
        // Forward reference: a placeholder, patched when the definition appears. Uses of the same
        // name from sibling or nested regions share one placeholder (it moves outward as regions
        // close), so every use is patched.
        let pending = self
            .scopes
            .iter()
            .rev()
            .find_map(|sc| sc.forward.get(&(name, idx)).copied());
        if let Some((v, first_loc)) = pending {
            if self.m.value_type(v) != ty {
                return Err(Box::new(
                    Diagnostic::error(
                        loc,
                        format!(
                            "use of '{}' with two different types",
                            display_use(name, idx, 1)
                        ),
                    )
                    .with_note(first_loc, "first used here"),
                ));
            }
            return Ok(v);
        }
        let fb = *self.fwd_block.get_or_insert_with(|| self.m.new_block());
        let v = self.m.add_block_arg(fb, ty, loc);
        self.scopes
            .last_mut()
            .expect("scope")
            .forward
            .insert((name, idx), (v, loc));
        self.fwd_uses.insert(v, Vec::new());
        Ok(v)
    }

    fn result_sibling(&self, first: Value, idx: u32) -> Value {
        match self.m.value_def(first) {
            crate::module::ValueDef::Result(op, i) => self.m.result(op, i as usize + idx as usize),
            crate::module::ValueDef::Arg(..) => first,
        }
    }

    fn define(&mut self, name: &'s str, first: Value, count: u32, loc: Loc) -> PResult<()> {
        if let Some((_, _, prev)) = self.lookup(name) {
            return Err(Box::new(
                Diagnostic::error(loc, format!("redefinition of SSA value '{name}'"))
                    .with_note(prev, "previously defined here"),
            ));
        }
        let scope = self.scopes.last_mut().expect("scope");
        scope.values.insert(name, (first, count, loc));
        if scope.forward.is_empty() {
            return Ok(());
        }
        for idx in 0..count {
            let removed = self
                .scopes
                .last_mut()
                .expect("scope")
                .forward
                .remove(&(name, idx));
            let Some((ph, use_loc)) = removed else {
                continue;
            };
            let v = if count == 1 {
                first
            } else {
                self.result_sibling(first, idx)
            };
            if self.m.value_type(v) != self.m.value_type(ph) {
                return Err(Box::new(
                    Diagnostic::error(
                        use_loc,
                        format!(
                            "use of '{}' with type '{}', but it is defined with type '{}'",
                            display_use(name, idx, count),
                            super::printer::type_to_string(&self.m, self.m.value_type(ph)),
                            super::printer::type_to_string(&self.m, self.m.value_type(v))
                        ),
                    )
                    .with_note(loc, "defined here"),
                ));
            }
            for (op, i) in self.fwd_uses.remove(&ph).unwrap_or_default() {
                self.m.set_operand(op, i as usize, v);
            }
        }
        Ok(())
    }

    fn use_block(&mut self, name: &'s str, loc: Loc) -> Block {
        let body = self.m.body();
        let Some(scope) = self.scopes.last_mut() else {
            return body;
        };
        let b = match scope.blocks.get(name) {
            Some(e) => e.0,
            None => {
                let b = self.m.new_block();
                scope.blocks.insert(name, (b, false, loc));
                b
            }
        };
        scope.succ_uses.push((b, loc));
        b
    }

    /// Closes a region's scope: undefined blocks are errors; unresolved forward references move to
    /// the enclosing scope (the value may be defined later out there).
    fn finish_region_scope(&mut self, region: Region) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope");
        let mut undefined: Vec<_> = scope
            .blocks
            .iter()
            .filter(|(_, e)| !e.1)
            .map(|(n, e)| (e.2, *n))
            .collect();
        undefined.sort_by_key(|(loc, _)| loc.start);
        if let Some((loc, name)) = undefined.first() {
            return self.err(*loc, format!("reference to an undefined block '{name}'"));
        }
        if let Some(entry) = self.m.entry_block(region) {
            if let Some((_, loc)) = scope.succ_uses.iter().find(|(b, _)| *b == entry) {
                return self.err(
                    *loc,
                    "the entry block of a region may not have predecessors",
                );
            }
        }
        let parent = self.scopes.last_mut().expect("enclosing scope");
        for (k, v) in scope.forward {
            parent.forward.entry(k).or_insert(v);
        }
        Ok(())
    }

    fn finish_scope_top(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("top scope");
        let mut pending: Vec<_> = scope.forward.into_iter().collect();
        pending.sort_by_key(|(_, (_, loc))| loc.start);
        if let Some(((name, idx), (_, loc))) = pending.first() {
            return self.err(
                *loc,
                format!("use of undefined value '{}'", display_use(name, *idx, 1)),
            );
        }
        Ok(())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn display_use(name: &str, idx: u32, count: u32) -> String {
    if idx == 0 && count == 1 {
        name.to_string()
    } else {
        format!("{name}#{idx}")
    }
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(ch) if ch.is_ascii_alphabetic() || ch == '_')
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '$')
}

/// A short description of the input at `at`, for "found …" in messages.
fn describe_at(src: &str, at: usize) -> String {
    let rest = src.get(at..).unwrap_or("");
    let Some(first) = rest.chars().next() else {
        return "end of file".to_string();
    };
    if first.is_control() && !first.is_whitespace() {
        return format!("invalid character U+{:04X}", first as u32);
    }
    let tok: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace())
        .take(12)
        .collect();
    if tok.is_empty() {
        format!("'{first}'")
    } else {
        format!("'{tok}'")
    }
}

/// Re-parses `input` with pest's attempt tracking and describes what was expected at the
/// farthest position: `(offset, "')' or ','")`. The tracking switch is process-global, so
/// detailed re-parses are serialized.
fn detailed_attempts(rule: Rule, input: &str) -> Option<(usize, String)> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    pest::set_error_detail(true);
    let r = Grammar::parse(rule, input);
    pest::set_error_detail(false);
    let attempts = r.err()?.parse_attempts()?;
    let mut items: Vec<String> = Vec::new();
    for t in attempts.expected_tokens() {
        // Tokens display as their text, ranges as `a..b` (single characters are ranges here).
        let shown = t.to_string();
        let text = match shown.split_once("..") {
            Some((a, b)) if a == b && a.chars().count() == 1 => a.to_string(),
            Some(_) => continue,
            None => shown,
        };
        // Whitespace and comment starts are possible everywhere; they explain nothing.
        if text.trim().is_empty() || text == "/" || text == "//" {
            continue;
        }
        items.push(format!("'{}'", text.escape_default()));
    }
    for stack in &attempts.call_stacks {
        if let Some(r) = stack.deepest.get_rule() {
            items.push(rule_name(*r).to_string());
        }
    }
    items.sort();
    items.dedup();
    // With a construct named (type, attribute value, …), the tokens that could start one add
    // nothing: keep the rule names and the closing/separating punctuation.
    let has_rule = items.iter().any(|n| !n.starts_with('\''));
    items.retain(|i| {
        if !has_rule || !i.starts_with('\'') {
            return true;
        }
        let tok = &i[1..i.len() - 1];
        let keyword = tok
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        let opener = matches!(
            tok,
            "!" | "(" | "-" | "@" | "[" | "\\\"" | "{" | "#" | "%" | "^"
        );
        !keyword && !opener
    });
    if items.is_empty() {
        return None;
    }
    let expected = match items.len() {
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    };
    Some((attempts.max_position, expected))
}

/// Friendly names of grammar rules for "expected …" messages.
fn rule_name(r: Rule) -> &'static str {
    match r {
        Rule::value_use | Rule::value_id | Rule::operand_list => "SSA value",
        Rule::result_def | Rule::result_list => "result name",
        Rule::string => "string",
        Rule::block_id | Rule::successors => "block name",
        Rule::type_ | Rule::type_list | Rule::result_types | Rule::elem_type => "type",
        Rule::function_type => "function type",
        Rule::int_type
        | Rule::float_type
        | Rule::index_type
        | Rule::dialect_type
        | Rule::type_name => "type",
        Rule::type_params | Rule::type_param | Rule::shaped | Rule::dim | Rule::keyword => {
            "type parameter"
        }
        Rule::attr_dict => "attribute dictionary",
        Rule::attr_entry | Rule::attr_key => "attribute name",
        Rule::attr_value
        | Rule::typed_number
        | Rule::number
        | Rule::dialect_attr
        | Rule::attr_name => "attribute value",
        Rule::dense_array => "array<…>",
        Rule::array_attr => "array",
        Rule::int_lit | Rule::dec => "integer",
        Rule::bool_lit => "boolean",
        Rule::unit_lit => "unit",
        Rule::symbol_ref => "symbol reference",
        Rule::trailing_loc | Rule::loc_group => "location",
        Rule::block_label | Rule::block_arg => "block label",
        Rule::op_head => "operation",
        Rule::op_tail | Rule::sig_part => "op signature",
        Rule::attr_body => "attribute body",
        Rule::bare_id | Rule::suffix_id => "identifier",
        _ => "token",
    }
}

/// Decodes an MLIR string literal (with its quotes): `\"`, `\\`, `\n`, `\t` and `\XX` hex bytes.
pub(crate) fn unescape(lit: &str) -> Result<String, String> {
    let body = lit
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(lit);
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'"') => out.push(b'"'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(h)
                if h.is_ascii_hexdigit() && b.get(i + 2).is_some_and(|x| x.is_ascii_hexdigit()) =>
            {
                let hex = &body[i + 1..i + 3];
                out.push(u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?);
                i += 3;
                continue;
            }
            _ => return Err(format!("invalid escape sequence in string {lit}")),
        }
        i += 2;
    }
    String::from_utf8(out).map_err(|_| format!("string {lit} is not valid UTF-8 after unescaping"))
}

// ---- types and attributes ------------------------------------------------------------------------

impl<'s> Parser<'s> {
    fn build_type(&mut self, p: Pair<'s, Rule>) -> PResult<Type> {
        self.build_type_in(p, 0)
    }

    fn build_type_in(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<Type> {
        let loc = self.span_loc(base, &p);
        match p.as_rule() {
            Rule::type_ | Rule::elem_type | Rule::result_types => match p.into_inner().next() {
                Some(inner) => self.build_type_in(inner, base),
                None => self.err(loc, "expected a type"),
            },
            Rule::int_type => match p.as_str()[1..].parse::<u16>() {
                Ok(w) if (1..=128).contains(&w) => Ok(self.m.int_type(w)),
                _ => self.err(
                    loc,
                    format!(
                        "integer type '{}' must have a width between 1 and 128",
                        p.as_str()
                    ),
                ),
            },
            Rule::float_type => Ok(self.m.float_type(match p.as_str() {
                "f16" => FloatKind::F16,
                "bf16" => FloatKind::BF16,
                "f32" => FloatKind::F32,
                _ => FloatKind::F64,
            })),
            Rule::index_type => Ok(self.m.index_type()),
            Rule::function_type => {
                let (inputs, results) = self.build_signature(p, base)?;
                Ok(self.m.ty(TypeData::Function {
                    inputs: inputs.into(),
                    results: results.into(),
                }))
            }
            Rule::dialect_type => {
                let mut it = p.into_inner();
                let Some(name) = it.next() else {
                    return self.err(loc, "expected a type name");
                };
                let full = &name.as_str()[1..];
                let Some((d, n)) = full.split_once('.') else {
                    return self.err(
                        loc,
                        format!(
                            "unknown type '!{full}': dialect types are written '!dialect.name<…>'"
                        ),
                    );
                };
                if n.is_empty() {
                    return self.err(
                        loc,
                        format!(
                            "unknown type '!{full}': dialect types are written '!dialect.name<…>'"
                        ),
                    );
                }
                let mut params = Vec::new();
                if let Some(ps) = it.next() {
                    for tp in ps.into_inner() {
                        params.push(self.build_type_param(tp, base)?);
                    }
                }
                Ok(self.m.ty(TypeData::Dialect {
                    dialect: Sym::new(d),
                    name: Sym::new(n),
                    params: params.into(),
                }))
            }
            _ => self.err(loc, "expected a type"),
        }
    }

    fn build_type_param(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<TypeParam> {
        let loc = self.span_loc(base, &p);
        let Some(inner) = p.into_inner().next() else {
            return self.err(loc, "expected a type parameter");
        };
        match inner.as_rule() {
            Rule::shaped => {
                let mut dims = Vec::new();
                let mut elem = None;
                for x in inner.into_inner() {
                    match x.as_rule() {
                        Rule::dim => match x.as_str().parse::<u64>() {
                            Ok(d) if d > 0 => dims.push(d),
                            _ => {
                                return self.err(
                                    self.span_loc(base, &x),
                                    format!("invalid dimension '{}'", x.as_str()),
                                )
                            }
                        },
                        _ => elem = Some(self.build_type_in(x, base)?),
                    }
                }
                let Some(elem) = elem else {
                    return self.err(loc, "expected an element type after the shape");
                };
                Ok(TypeParam::Shaped {
                    dims: dims.into(),
                    elem,
                })
            }
            Rule::type_ => Ok(TypeParam::Type(self.build_type_in(inner, base)?)),
            Rule::int_lit => match inner.as_str().parse::<i64>() {
                Ok(v) => Ok(TypeParam::Int(v)),
                Err(_) => self.err(loc, "integer type parameter out of range"),
            },
            _ => Ok(TypeParam::Keyword(Sym::new(inner.as_str()))),
        }
    }

    fn build_signature(
        &mut self,
        p: Pair<'s, Rule>,
        base: usize,
    ) -> PResult<(Vec<Type>, Vec<Type>)> {
        let mut it = p.into_inner();
        let mut inputs = Vec::new();
        let mut results = Vec::new();
        if let Some(list) = it.next() {
            for t in list.into_inner() {
                inputs.push(self.build_type_in(t, base)?);
            }
        }
        if let Some(res) = it.next() {
            let inner = res.into_inner().next();
            match inner {
                Some(l) if l.as_rule() == Rule::type_list => {
                    for t in l.into_inner() {
                        results.push(self.build_type_in(t, base)?);
                    }
                }
                Some(t) => results.push(self.build_type_in(t, base)?),
                None => {}
            }
        }
        Ok((inputs, results))
    }

    fn build_dict(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<Dict> {
        let mut entries: Vec<(Sym, crate::attrs::Attr)> = Vec::new();
        let mut seen: Vec<(Sym, Loc)> = Vec::new();
        for e in p.into_inner() {
            let eloc = self.span_loc(base, &e);
            let mut it = e.into_inner();
            let Some(key) = it.next() else { continue };
            // attr_key is atomic (so errors name it): a quoted key is a string literal.
            let raw = key.as_str();
            let key_text = if raw.starts_with('"') {
                unescape(raw).map_err(|m| Box::new(Diagnostic::error(eloc, m)))?
            } else {
                raw.to_string()
            };
            if key_text.is_empty() {
                return self.err(eloc, "attribute names must not be empty");
            }
            let key = Sym::new(&key_text);
            if let Some((_, prev)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(Box::new(
                    Diagnostic::error(
                        eloc,
                        format!("duplicate key '{key_text}' in attribute dictionary"),
                    )
                    .with_note(*prev, "first given here"),
                ));
            }
            seen.push((key, eloc));
            let value = match it.next() {
                Some(v) => self.build_attr(v, base)?,
                None => AttrData::Unit,
            };
            let a = self.m.attr(value);
            entries.push((key, a));
        }
        Ok(self.m.dict(&entries))
    }

    fn build_attr(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        match p.as_rule() {
            Rule::attr_value => match p.into_inner().next() {
                Some(inner) => self.build_attr(inner, base),
                None => self.err(loc, "expected an attribute value"),
            },
            Rule::dialect_attr => self.build_dialect_attr(p, base),
            Rule::dense_array => {
                let mut it = p.into_inner();
                let elem = it.next().map(|e| e.as_str()).unwrap_or("");
                let vals: Vec<&str> = it.map(|x| x.as_str()).collect();
                match elem {
                    "i32" => {
                        let mut v = Vec::with_capacity(vals.len());
                        for s in vals {
                            match s.parse::<i32>() {
                                Ok(x) => v.push(x),
                                Err(_) => {
                                    return self.err(loc, format!("'{s}' does not fit in i32"))
                                }
                            }
                        }
                        Ok(AttrData::DenseI32(v.into()))
                    }
                    "i64" => {
                        let mut v = Vec::with_capacity(vals.len());
                        for s in vals {
                            match s.parse::<i64>() {
                                Ok(x) => v.push(x),
                                Err(_) => {
                                    return self.err(loc, format!("'{s}' does not fit in i64"))
                                }
                            }
                        }
                        Ok(AttrData::DenseI64(v.into()))
                    }
                    other => self.err(
                        loc,
                        format!(
                            "unsupported dense array element type '{other}'; expected i32 or i64"
                        ),
                    ),
                }
            }
            Rule::typed_number => self.build_number(p, base),
            Rule::bool_lit => Ok(AttrData::Bool(p.as_str() == "true")),
            Rule::unit_lit => Ok(AttrData::Unit),
            Rule::string => unescape(p.as_str())
                .map(|s| AttrData::Str(s.into()))
                .map_err(|m| Box::new(Diagnostic::error(loc, m))),
            Rule::symbol_ref => {
                let body = &p.as_str()[1..];
                let name = if body.starts_with('"') {
                    unescape(body).map_err(|m| Box::new(Diagnostic::error(loc, m)))?
                } else {
                    body.to_string()
                };
                Ok(AttrData::SymbolRef(Sym::new(&name)))
            }
            Rule::array_attr => {
                let mut elems = Vec::new();
                for e in p.into_inner() {
                    let a = self.build_attr(e, base)?;
                    elems.push(self.m.attr(a));
                }
                Ok(AttrData::Array(elems.into()))
            }
            Rule::attr_dict => Ok(AttrData::Dict(self.build_dict(p, base)?)),
            Rule::type_ => Ok(AttrData::Type(self.build_type_in(p, base)?)),
            _ => self.err(loc, "expected an attribute value"),
        }
    }

    fn build_dialect_attr(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        let mut it = p.into_inner();
        let name = it.next().map(|n| n.as_str()).unwrap_or("");
        let body = it.next().map(|b| b.as_str().trim()).unwrap_or("");
        fn pick<T: Copy>(
            v: Option<T>,
            what: &str,
            body: &str,
            all: String,
            loc: Loc,
        ) -> PResult<T> {
            v.ok_or_else(|| {
                Box::new(Diagnostic::error(
                    loc,
                    format!("unknown {what} '{body}'; expected one of: {all}"),
                ))
            })
        }
        match name {
            "#mem.sem" => pick(MemSemantic::parse(body), "memory semantic", body, MemSemantic::spellings(), loc).map(AttrData::Sem),
            "#mem.scope" => pick(MemScope::parse(body), "memory scope", body, MemScope::spellings(), loc).map(AttrData::Scope),
            "#mem.space" => pick(Space::parse(body), "state space", body, Space::spellings(), loc).map(AttrData::Space),
            "#mem.proxy" => pick(Proxy::parse(body), "proxy", body, Proxy::spellings(), loc).map(AttrData::Proxy),
            "#mem.rmw" => pick(RmwKind::parse(body), "atomic operation", body, RmwKind::spellings(), loc).map(AttrData::Rmw),
            other => self.err(
                loc,
                format!("unknown attribute '{other}'; the dialect attributes are #mem.sem, #mem.scope, #mem.space, #mem.proxy and #mem.rmw"),
            ),
        }
    }

    fn build_number(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        let mut it = p.into_inner();
        let text = it.next().map(|n| n.as_str()).unwrap_or("0");
        let ty = match it.next() {
            Some(t) => Some(self.build_type_in(t, base)?),
            None => None,
        };
        let is_float_ty = ty.map(|t| matches!(self.m.type_data(t), TypeData::Float(_)));
        let neg = text.starts_with('-');
        let digits = text.trim_start_matches('-');
        if let Some(hex) = digits.strip_prefix("0x") {
            let Ok(bits) = u64::from_str_radix(hex, 16) else {
                return self.err(loc, format!("hexadecimal literal '{text}' is too large"));
            };
            if let (Some(t), Some(true)) = (ty, is_float_ty) {
                let TypeData::Float(kind) = *self.m.type_data(t) else {
                    unreachable!("checked float")
                };
                if neg {
                    return self.err(
                        loc,
                        "a hexadecimal float literal (a bit pattern) cannot be negated",
                    );
                }
                if kind.bits() < 64 && bits >> kind.bits() != 0 {
                    return self.err(
                        loc,
                        format!(
                            "hexadecimal literal '{text}' has more than {} bits for '{}'",
                            kind.bits(),
                            kind.as_str()
                        ),
                    );
                }
                return Ok(AttrData::Float { bits, kind, ty: t });
            }
            let t = match ty {
                Some(t) => t,
                None => self.m.int_type(64),
            };
            let v = if neg {
                (bits as i64).wrapping_neg()
            } else {
                bits as i64
            };
            return self.int_attr(v, t, loc);
        }
        if digits.contains('.') || is_float_ty == Some(true) {
            let Ok(v) = text.parse::<f64>() else {
                return self.err(loc, format!("invalid float literal '{text}'"));
            };
            let t = match ty {
                Some(t) => t,
                None => self.m.float_type(FloatKind::F64),
            };
            return match *self.m.type_data(t) {
                TypeData::Float(kind) => Ok(AttrData::float(v, kind, t)),
                _ => self.err(
                    loc,
                    format!(
                        "float literal '{text}' has non-float type '{}'",
                        super::printer::type_to_string(&self.m, t)
                    ),
                ),
            };
        }
        // Integers of 64 bits may be written unsigned (18446744073709551615 : i64 is -1).
        let v = match text.parse::<i64>() {
            Ok(v) => v,
            Err(_) => match text.parse::<u64>() {
                Ok(u) => u as i64,
                Err(_) => {
                    return self.err(
                        loc,
                        format!("integer literal '{text}' does not fit in 64 bits"),
                    )
                }
            },
        };
        let t = match ty {
            Some(t) => t,
            None => self.m.int_type(64),
        };
        self.int_attr(v, t, loc)
    }

    /// An integer attribute, range-checked and normalized to its width (sign-extended, i1 as 0/1),
    /// so `255 : i8` and `-1 : i8` are one attribute, as in MLIR.
    fn int_attr(&self, v: i64, t: Type, loc: Loc) -> PResult<AttrData> {
        self.check_int(v, t, loc)?;
        let value = match *self.m.type_data(t) {
            TypeData::Int(1) => v & 1,
            TypeData::Int(w) if w < 64 => (v << (64 - w)) >> (64 - w),
            _ => v,
        };
        Ok(AttrData::Int { value, ty: t })
    }

    fn check_int(&self, v: i64, t: Type, loc: Loc) -> PResult<()> {
        match *self.m.type_data(t) {
            TypeData::Int(w) if w < 64 => {
                let lo = -(1i128 << (w - 1));
                let hi = (1i128 << w) - 1;
                if (v as i128) < lo || (v as i128) > hi {
                    return self.err(loc, format!("integer {v} does not fit in i{w}"));
                }
                Ok(())
            }
            TypeData::Int(_) | TypeData::Index => Ok(()),
            _ => self.err(
                loc,
                format!(
                    "integer literal has non-integer type '{}'",
                    super::printer::type_to_string(&self.m, t)
                ),
            ),
        }
    }
}
