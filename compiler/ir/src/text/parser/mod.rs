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

use crate::attrs::Dict;
use crate::diag::Diagnostic;
use crate::module::{Block, Module, Op, OpSpec, Region, Value};
use crate::source::{FileId, Loc};
use crate::text::custom::Syntaxes;
use crate::types::Type;
use crate::Sym;
use pest::iterators::Pair;
use pest::Parser as _;
use rustc_hash::FxHashMap;

mod build;
mod debug;
mod debug_di;
mod errors;
mod fast;
mod hooks;
mod scan;

pub use hooks::{CustomParser, ValueRef};

pub(crate) use build::unescape;
use errors::{describe_at, detailed_attempts, rule_name};
pub use scan::MAX_NESTING;
use scan::{check_nesting, scan_tail};

#[derive(pest_derive::Parser)]
#[grammar = "text/generic.pest"]
struct Grammar;

type PResult<T> = Result<T, Box<Diagnostic>>;

/// Parses a whole module in the generic form. A single top-level `"builtin.module"` op is
/// unwrapped into the module body (its attributes become [`Module::module_attrs`]); bare
/// top-level ops are accepted as well.
pub fn parse_module(src: &str, file: FileId) -> Result<Module, Box<Diagnostic>> {
    parse_module_with(src, file, &NO_SYNTAX)
}

static NO_SYNTAX: Syntaxes = Syntaxes::none();

/// Parses a module whose ops may also use the custom syntaxes in `syntaxes` (see
/// [`crate::text::custom`]). Its error's code is `parse.syntax` unless a custom syntax gave it
/// another.
pub fn parse_module_with(
    src: &str,
    file: FileId,
    syntaxes: &Syntaxes,
) -> Result<Module, Box<Diagnostic>> {
    parse(src, file, syntaxes).map_err(|mut d| {
        if d.code == crate::DiagCode::Unclassified {
            d.code = crate::DiagCode::ParseSyntax;
        }
        d
    })
}

fn parse(src: &str, file: FileId, syntaxes: &Syntaxes) -> Result<Module, Box<Diagnostic>> {
    check_nesting(src, file)?;
    let mut p = Parser::new(src, file, syntaxes);
    p.m.reserve_ops(src.len() / 100);
    let body = p.m.body();
    p.scopes.push(Scope::default());
    // MLIR's custom form of the builtin module, `module {` … `}` (NVIDIA's tests wrap modules
    // in it): at the top level its body is read as the file's (open braces counted).
    let mut open_modules: Vec<usize> = Vec::new();
    loop {
        p.skip_trivia();
        if p.pos >= src.len() {
            break;
        }
        if let Some(brace) = bare_module_at(src, p.pos) {
            open_modules.push(p.pos);
            p.pos = brace + 1;
            continue;
        }
        if !open_modules.is_empty() && src.as_bytes()[p.pos] == b'}' {
            open_modules.pop();
            p.pos += 1;
            // The builtin module's own location is not kept (it is not an op of the module).
            p.skip_loc()?;
            continue;
        }
        if src.as_bytes()[p.pos] == b'#' {
            p.parse_alias_def()?;
            continue;
        }
        p.parse_op(body)?;
    }
    if let Some(&start) = open_modules.last() {
        return Err(Box::new(Diagnostic::error(
            p.loc(start, start + 6),
            "this 'module {' is never closed",
        )));
    }
    p.finish_scope_top()?;
    p.resolve_pending_locs()?;
    let mut m = p.m;
    unwrap_builtin_module(&mut m);
    Ok(m)
}

/// Parses one type written in the generic syntax (e.g. `!nv_tileas.ptr<global>`), for code that
/// builds types from their spelling.
pub fn parse_type(m: &mut Module, text: &str) -> Result<Type, String> {
    let pairs = Grammar::parse(Rule::type_only, text).map_err(|e| e.to_string())?;
    let mut p = Parser::new(text, FileId(0), &NO_SYNTAX);
    std::mem::swap(&mut p.m, m);
    let pair = pairs.into_iter().next().and_then(|p| p.into_inner().next());
    let r = match pair {
        Some(pair) => p.build_type(pair).map_err(|d| d.message),
        None => Err("empty type".to_string()),
    };
    std::mem::swap(&mut p.m, m);
    r
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

/// Where the `{` of a bare `module {` (or `module @name {`) starting at `pos` is.
fn bare_module_at(src: &str, pos: usize) -> Option<usize> {
    let rest = src.get(pos..)?.strip_prefix("module")?;
    let after = rest.trim_start();
    if rest.len() == after.len() && !after.starts_with('{') {
        return None; // `modulex`
    }
    let after = match after.strip_prefix('@') {
        Some(name) => name
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || "_$.".contains(c))
            .trim_start(),
        None => after,
    };
    after.starts_with('{').then(|| src.len() - after.len())
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
    /// The dialect of unprefixed custom op keywords in this region (inherited by nested
    /// generic regions, set by custom ops' regions).
    default_dialect: Option<&'static str>,
}

struct Parser<'s> {
    syntaxes: &'s Syntaxes,
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
    /// Types a dialect's custom syntax parsed, by (dialect, exact text).
    custom_types: FxHashMap<(&'static str, &'s str), Type>,
    /// Ops whose location is an alias not defined yet (`loc(#loc3)` above `#loc3 = …`, as
    /// MLIR and `tileirdisasm -g` print them): (op, alias, where it is named).
    pending_locs: Vec<(Op, &'s str, Loc)>,
}

struct Head<'s> {
    results: Vec<(&'s str, u32, Loc)>,
    name: Sym,
    name_loc: Loc,
    operands: Vec<(&'s str, u32, Loc)>,
    successors: Vec<(&'s str, Loc)>,
}

impl<'s> Parser<'s> {
    fn new(src: &'s str, file: FileId, syntaxes: &'s Syntaxes) -> Parser<'s> {
        Parser {
            syntaxes,
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
            custom_types: FxHashMap::default(),
            pending_locs: Vec::new(),
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
        if let Some(op) = self.try_custom_op(block)? {
            self.parse_trailing_loc(op)?;
            return Ok(op);
        }
        let head = self.parse_head()?;
        self.skip_trivia();
        let props = self.parse_properties()?;
        let mut regions = Vec::new();
        if self.peek() == Some(b'(') {
            let save = self.pos;
            self.pos += 1;
            self.skip_trivia();
            if self.peek() == Some(b'{') {
                loop {
                    self.skip_trivia();
                    regions.push(self.parse_region(None, &[])?);
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
        let attrs = match props {
            Some((props, at)) => self.merge_properties(props, tail.1.attrs, at)?,
            None => tail.1.attrs,
        };
        let (inputs, results) = (tail.1.inputs.to_vec(), tail.1.results.to_vec());
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
        self.parse_trailing_loc(op)?;
        Ok(op)
    }

    /// MLIR's properties, `<{…}>` after the operands and successors (MLIR prints the inherent
    /// attributes of a registered op there: `builtin.module`'s `sym_name`): the dictionary and
    /// where it starts. tilec keeps them as attributes ([`Parser::merge_properties`]).
    fn parse_properties(&mut self) -> PResult<Option<(Dict, usize)>> {
        if !self.src[self.pos..].starts_with("<{") {
            return Ok(None);
        }
        let at = self.pos;
        self.pos += 1;
        let (p, base) = self.piece(Rule::attr_dict)?;
        let d = self.build_dict(p, base)?;
        self.skip_trivia();
        if self.peek() != Some(b'>') {
            let here = self.pos;
            return self.err(
                self.loc(here, here + 1),
                format!(
                    "expected '>' after the properties; found {}",
                    describe_at(self.src, here)
                ),
            );
        }
        self.pos += 1;
        self.skip_trivia();
        Ok(Some((d, at)))
    }

    /// The properties `props` (at offset `at`) followed by the attribute dictionary `attrs`: one
    /// dictionary, as tilec has no separate property storage. A key in both is an error.
    fn merge_properties(&mut self, props: Dict, attrs: Dict, at: usize) -> PResult<Dict> {
        let mut entries = self.m.dict_entries(props).to_vec();
        for &(k, v) in self.m.dict_entries(attrs) {
            if entries.iter().any(|(p, _)| *p == k) {
                return self.err(
                    self.loc(at, at + 2),
                    format!("'{}' is both a property and an attribute", k.as_str()),
                );
            }
            entries.push((k, v));
        }
        Ok(self.m.dict(&entries))
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

    /// The general path: pest parses the whole tail (input the bracket scan cannot delimit,
    /// including every malformed tail, so pest reports the error).
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

    /// The `%a, %b:2` definitions of a `result_list` pair: (name, count, location).
    fn result_defs(&self, list: Pair<'s, Rule>, base: usize) -> PResult<Vec<(&'s str, u32, Loc)>> {
        let mut out = Vec::new();
        for r in list.into_inner() {
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
            out.push((name, count, loc));
        }
        Ok(out)
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
                Rule::result_list => h.results = self.result_defs(p, base)?,
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

    /// Parses `{ … }`. `default_dialect` (None: inherit the enclosing one) applies to
    /// unprefixed custom op keywords inside; `entry_args` become the entry block's arguments
    /// (custom ops bind them in their own syntax, e.g. `entry @k(%a: …) {`).
    fn parse_region(
        &mut self,
        default_dialect: Option<&'static str>,
        entry_args: &[(&'s str, Type, Loc)],
    ) -> PResult<Region> {
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
        let inherited = self.scopes.last().and_then(|s| s.default_dialect);
        self.scopes.push(Scope {
            default_dialect: default_dialect.or(inherited),
            ..Scope::default()
        });
        let mut current: Option<Block> = None;
        if !entry_args.is_empty() {
            let b = self.m.new_block();
            self.m.push_block(region, b);
            for &(name, ty, loc) in entry_args {
                let v = self.m.add_block_arg(b, ty, loc);
                self.define(name, v, 1, loc)?;
            }
            current = Some(b);
        }
        self.skip_trivia();
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

    /// The type of the defined value `name#idx`, if it is defined (not a forward reference).
    fn defined_type(&self, name: &str, idx: u32) -> Option<Type> {
        let (first, count, _) = self.lookup(name)?;
        if idx >= count {
            return None;
        }
        let v = if count == 1 {
            first
        } else {
            self.result_sibling(first, idx)
        };
        Some(self.m.value_type(v))
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
                            crate::text::type_to_string(&self.m, ty),
                            crate::text::type_to_string(&self.m, have)
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
                            crate::text::type_to_string(&self.m, self.m.value_type(ph)),
                            crate::text::type_to_string(&self.m, self.m.value_type(v))
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
        // The top level is one unlabeled block: a successor there names a block that does not
        // exist (printing it gave text that does not parse back; found by the generic_parser
        // fuzz target, docs/fuzzing.md).
        let mut refs: Vec<_> = scope.blocks.iter().map(|(n, e)| (e.2, *n)).collect();
        refs.sort_by_key(|(loc, _)| loc.start);
        if let Some((loc, name)) = refs.first() {
            return self.err(
                *loc,
                format!("reference to block '{name}' at the top level, which has no blocks to branch to"),
            );
        }
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
