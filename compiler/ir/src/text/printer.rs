//! Printer for the MLIR generic form.
//!
//! Output is accepted by `mlir-opt --allow-unregistered-dialect` and is a fixpoint of
//! print∘parse. Values are renumbered the way MLIR does (`%0, %1, …` for op results, `%argN` for
//! block arguments), restarting for each top-level op; blocks are `^bbN`, numbered per region.
//! Type and dictionary texts are cached per uniqued handle, and output is flushed to the writer
//! after each top-level op, so printing a million-op module costs about one op's text of memory
//! beyond the IR.

use crate::attrs::{AttrData, Dict};
use crate::module::{Block, Module, Op, Value, ValueDef};
use crate::text::custom::{CustomSyntax, Syntaxes};
use crate::types::{FloatKind, Type, TypeData, TypeParam};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

static NO_SYNTAX: Syntaxes = Syntaxes::none();

/// Prints the module (wrapped in `"builtin.module"`) to `out`, in the generic form.
pub fn print_module(m: &Module, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    print_module_with(m, out, &NO_SYNTAX)
}

/// Prints the module, using the custom syntaxes of `syntaxes` for the ops they cover.
pub fn print_module_with(
    m: &Module,
    out: &mut dyn std::io::Write,
    syntaxes: &Syntaxes,
) -> std::io::Result<()> {
    let mut p = Printer::new(m);
    p.syntaxes = syntaxes;
    p.sink = Some(out);
    p.module()
}

/// The module's generic text.
pub fn module_to_string(m: &Module) -> String {
    let mut v = Vec::new();
    print_module(m, &mut v).expect("writing to a Vec cannot fail");
    String::from_utf8(v).expect("printer writes UTF-8")
}

/// The module's generic text as MLIR without tilec's dialects reads it: NVIDIA's debug-info
/// locations as fused locations (`fused<#cuda_tile.di_loc<…>>[…]`, which tilec reads back as
/// the `di_loc`); otherwise [`module_to_string`].
pub fn module_to_string_for_mlir(m: &Module) -> String {
    let mut v = Vec::new();
    let mut p = Printer::new(m);
    p.alias_names.mlir = true;
    p.sink = Some(&mut v);
    p.module().expect("writing to a Vec cannot fail");
    drop(p);
    String::from_utf8(v).expect("printer writes UTF-8")
}

/// The module's text with custom syntaxes.
pub fn module_to_string_with(m: &Module, syntaxes: &Syntaxes) -> String {
    let mut v = Vec::new();
    print_module_with(m, &mut v, syntaxes).expect("writing to a Vec cannot fail");
    String::from_utf8(v).expect("printer writes UTF-8")
}

/// One op (with its regions) in generic form, numbered as if it were a top-level op.
pub fn op_to_string(m: &Module, op: Op) -> String {
    let mut p = Printer::new(m);
    p.op(op, 0);
    p.buf
}

/// A type's text.
pub fn type_to_string(m: &Module, t: Type) -> String {
    let mut s = String::new();
    write_type(m, t, &mut s);
    s
}

/// An attribute's text.
pub fn attr_to_string(m: &Module, a: &AttrData) -> String {
    let mut p = Printer::new(m);
    p.attr(a);
    p.buf
}

struct Printer<'m> {
    m: &'m Module,
    buf: String,
    /// Where `buf` is flushed (None: the caller takes `buf`).
    sink: Option<&'m mut dyn std::io::Write>,
    /// The first write error (printing goes on; the error is returned at the end).
    io_error: Option<std::io::Error>,
    /// Per value: its number + 1 (0 = not named yet); block arguments are flagged in `is_arg`.
    names: Vec<u32>,
    next_result: u32,
    next_arg: u32,
    type_cache: FxHashMap<Type, String>,
    dict_cache: FxHashMap<Dict, String>,
    /// Custom syntaxes to print with (none: generic form only).
    syntaxes: &'m Syntaxes,
    /// Default dialects of the regions being printed (innermost last).
    default_dialect_stack: Vec<Option<&'static str>>,
    /// The names of the module's named attributes (debug_print.rs).
    alias_names: super::debug_print::Refs,
}

impl<'m> Printer<'m> {
    fn new(m: &'m Module) -> Printer<'m> {
        Printer {
            m,
            buf: String::new(),
            sink: None,
            io_error: None,
            names: vec![0; m.value_capacity()],
            next_result: 0,
            next_arg: 0,
            type_cache: FxHashMap::default(),
            dict_cache: FxHashMap::default(),
            syntaxes: &NO_SYNTAX,
            default_dialect_stack: Vec::new(),
            alias_names: super::debug_print::alias_names(m),
        }
    }

    /// Prints the whole module (its named attributes, then `"builtin.module"` around its ops).
    fn module(&mut self) -> std::io::Result<()> {
        let m = self.m;
        super::debug_print::write_aliases(m, &self.alias_names, &mut self.buf);
        self.buf.push_str("\"builtin.module\"() ({\n");
        if m.first_op(m.body()).is_none() {
            // mlir-opt's builtin.module needs its one block, even when empty.
            self.buf.push_str("^bb0:\n");
        }
        // Top-level results are visible to every top-level op: they get module-wide numbers first;
        // each top-level op then numbers its own values after them (its regions are its own scope).
        for op in m.block_ops(m.body()) {
            for r in m.results(op) {
                self.number(r);
            }
        }
        let first_local = self.next_result;
        for op in m.block_ops(m.body()) {
            self.next_result = first_local;
            self.next_arg = 0;
            self.op(op, 1);
        }
        self.buf.push_str("})");
        let attrs = m.module_attrs;
        if !m.dict_entries(attrs).is_empty() {
            self.buf.push(' ');
            self.dict(attrs);
        }
        self.buf.push_str(" : () -> ()\n");
        self.flush(0);
        match self.io_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Writes `buf` to the sink once it holds more than `threshold` bytes.
    fn flush(&mut self, threshold: usize) {
        if self.buf.len() <= threshold {
            return;
        }
        if let Some(sink) = self.sink.as_mut() {
            if let Err(e) = sink.write_all(self.buf.as_bytes()) {
                self.io_error.get_or_insert(e);
            }
            self.buf.clear();
        }
    }

    /// `v`'s number (assigned on first sight) and whether it is a block argument.
    fn number(&mut self, v: Value) -> (bool, u32) {
        let i = crate::entity::EntityRef::index(v);
        if i >= self.names.len() {
            self.names.resize(i + 1, 0);
        }
        let is_arg = matches!(self.m.value_def(v), ValueDef::Arg(..));
        if self.names[i] == 0 {
            let n = if is_arg {
                &mut self.next_arg
            } else {
                &mut self.next_result
            };
            *n += 1;
            self.names[i] = *n;
        }
        (is_arg, self.names[i] - 1)
    }

    /// Writes `v`'s name.
    fn value(&mut self, v: Value) {
        let (is_arg, n) = self.number(v);
        let _ = if is_arg {
            write!(self.buf, "%arg{n}")
        } else {
            write!(self.buf, "%{n}")
        };
    }

    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.buf.push_str("  ");
        }
    }

    fn op(&mut self, op: Op, depth: usize) {
        let m = self.m;
        self.indent(depth);
        let nres = m.num_results(op);
        if nres > 0 {
            for (i, r) in m.results(op).enumerate() {
                if i > 0 {
                    self.buf.push_str(", ");
                }
                self.value(r);
            }
            self.buf.push_str(" = ");
        }
        if let Some(syntax) = self.custom_syntax_of(op) {
            if syntax.print_op(&mut CustomPrinter { p: self, depth }, op) {
                self.trailing_loc(op);
                self.buf.push('\n');
                self.flush(1 << 16);
                return;
            }
        }
        write_string(m.op_name(op).as_str(), &mut self.buf);
        self.buf.push('(');
        for (i, &v) in m.operands(op).iter().enumerate() {
            if i > 0 {
                self.buf.push_str(", ");
            }
            self.value(v);
        }
        self.buf.push(')');
        let succ = m.successors(op);
        if !succ.is_empty() {
            self.buf.push('[');
            for (i, &b) in succ.iter().enumerate() {
                if i > 0 {
                    self.buf.push_str(", ");
                }
                self.block_name(b);
            }
            self.buf.push(']');
        }
        let regions = m.regions(op);
        if !regions.is_empty() {
            self.buf.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.buf.push_str(", ");
                }
                self.region(r, depth, true);
            }
            self.buf.push(')');
        }
        let attrs = m.attrs(op);
        if !m.dict_entries(attrs).is_empty() {
            self.buf.push(' ');
            self.dict(attrs);
        }
        self.buf.push_str(" : (");
        for (i, &v) in m.operands(op).iter().enumerate() {
            if i > 0 {
                self.buf.push_str(", ");
            }
            self.ty(m.value_type(v));
        }
        self.buf.push_str(") -> ");
        if nres == 1 {
            let t = m.value_type(m.result(op, 0));
            let paren = matches!(m.type_data(t), TypeData::Function { .. });
            if paren {
                self.buf.push('(');
            }
            self.ty(t);
            if paren {
                self.buf.push(')');
            }
        } else {
            self.buf.push('(');
            for (i, r) in m.results(op).enumerate() {
                if i > 0 {
                    self.buf.push_str(", ");
                }
                self.ty(m.value_type(r));
            }
            self.buf.push(')');
        }
        self.trailing_loc(op);
        self.buf.push('\n');
        self.flush(1 << 16);
    }

    /// ` loc(…)` when `op` has a location attribute.
    fn trailing_loc(&mut self, op: Op) {
        if let Some(l) = self.m.debug_loc(op) {
            super::debug_print::write_trailing_loc(self.m, &self.alias_names, l, &mut self.buf);
        }
    }

    fn custom_syntax_of(&self, op: Op) -> Option<&'static dyn CustomSyntax> {
        let (dialect, _) = self.m.op_name(op).as_str().split_once('.')?;
        self.syntaxes.get(dialect)
    }

    /// `{`, the blocks of `r` (their ops at `depth + 1`), `}` at `depth`. With `show_entry_args`
    /// false the entry block's label and arguments are left out (a custom op printed them).
    fn region(&mut self, r: crate::Region, depth: usize, show_entry_args: bool) {
        let m = self.m;
        self.buf.push_str("{\n");
        let blocks = m.region_blocks(r);
        for (bi, &b) in blocks.iter().enumerate() {
            // The entry label can be left out only when it shows no more than the ops would:
            // no arguments (or arguments printed by a custom op) and at least one op.
            let entry_hidden = bi == 0
                && (m.block_args(b).is_empty() || !show_entry_args)
                && m.first_op(b).is_some();
            if !entry_hidden {
                self.indent(depth);
                self.block_name(b);
                let args = m.block_args(b);
                if !args.is_empty() && (bi > 0 || show_entry_args) {
                    self.buf.push('(');
                    for (ai, &a) in args.iter().enumerate() {
                        if ai > 0 {
                            self.buf.push_str(", ");
                        }
                        self.value(a);
                        self.buf.push_str(": ");
                        self.ty(m.value_type(a));
                    }
                    self.buf.push(')');
                }
                self.buf.push_str(":\n");
            }
            for o in m.block_ops(b) {
                self.op(o, depth + 1);
            }
        }
        self.indent(depth);
        self.buf.push('}');
    }

    fn block_name(&mut self, b: Block) {
        let idx = self
            .m
            .block_parent(b)
            .and_then(|r| self.m.region_blocks(r).iter().position(|x| *x == b))
            .unwrap_or(0);
        let _ = write!(self.buf, "^bb{idx}");
    }

    fn ty(&mut self, t: Type) {
        if let Some(s) = self.type_cache.get(&t) {
            self.buf.push_str(s);
            return;
        }
        let mut s = String::new();
        write_type(self.m, t, &mut s);
        self.buf.push_str(&s);
        self.type_cache.insert(t, s);
    }

    fn dict(&mut self, d: Dict) {
        if let Some(s) = self.dict_cache.get(&d) {
            self.buf.push_str(s);
            return;
        }
        let saved = std::mem::take(&mut self.buf);
        self.buf.push('{');
        for (i, &(k, a)) in self.m.dict_entries(d).iter().enumerate() {
            if i > 0 {
                self.buf.push_str(", ");
            }
            write_key(k.as_str(), &mut self.buf);
            let data = self.m.attr_data(a);
            if !matches!(data, AttrData::Unit) {
                self.buf.push_str(" = ");
                self.attr(data);
            }
        }
        self.buf.push('}');
        let s = std::mem::replace(&mut self.buf, saved);
        self.buf.push_str(&s);
        self.dict_cache.insert(d, s);
    }

    fn attr(&mut self, a: &AttrData) {
        let m = self.m;
        match a {
            AttrData::Unit => self.buf.push_str("unit"),
            AttrData::Bool(b) => self.buf.push_str(if *b { "true" } else { "false" }),
            AttrData::Int { value, ty } => {
                let _ = write!(self.buf, "{value} : ");
                self.ty(*ty);
            }
            AttrData::Float { bits, kind, ty } => {
                write_float(*bits, *kind, &mut self.buf);
                self.buf.push_str(" : ");
                self.ty(*ty);
            }
            AttrData::Str(s) => write_string(s, &mut self.buf),
            AttrData::Type(t) => self.ty(*t),
            AttrData::Array(items) => {
                self.buf.push('[');
                for (i, &x) in items.iter().enumerate() {
                    if i > 0 {
                        self.buf.push_str(", ");
                    }
                    self.attr(m.attr_data(x));
                }
                self.buf.push(']');
            }
            AttrData::DenseI32(v) => write_dense(&mut self.buf, "i32", v.iter().map(|x| *x as i64)),
            AttrData::DenseI64(v) => write_dense(&mut self.buf, "i64", v.iter().copied()),
            AttrData::Dict(d) => self.dict(*d),
            AttrData::SymbolRef(s) => {
                self.buf.push('@');
                write_key(s.as_str(), &mut self.buf);
            }
            AttrData::Sem(v) => {
                let _ = write!(self.buf, "#mem.sem<{v}>");
            }
            AttrData::Scope(v) => {
                let _ = write!(self.buf, "#mem.scope<{v}>");
            }
            AttrData::Space(v) => {
                let _ = write!(self.buf, "#mem.space<{v}>");
            }
            AttrData::Proxy(v) => {
                let _ = write!(self.buf, "#mem.proxy<{v}>");
            }
            AttrData::Rmw(v) => {
                let _ = write!(self.buf, "#mem.rmw<{v}>");
            }
            AttrData::Loc(_) | AttrData::Di(_) => {
                super::debug_print::write_data(m, &self.alias_names, a, &mut self.buf);
            }
            AttrData::Opaque { name, body } => {
                let _ = write!(self.buf, "#{name}");
                if !body.is_empty() {
                    let _ = write!(self.buf, "<{body}>");
                }
            }
        }
    }
}

fn write_dense(buf: &mut String, elem: &str, vals: impl Iterator<Item = i64>) {
    let _ = write!(buf, "array<{elem}");
    for (i, v) in vals.enumerate() {
        buf.push_str(if i == 0 { ": " } else { ", " });
        let _ = write!(buf, "{v}");
    }
    buf.push('>');
}

/// Writes a type's text.
pub fn write_type(m: &Module, t: Type, out: &mut String) {
    match m.type_data(t) {
        TypeData::Int(w) => {
            let _ = write!(out, "i{w}");
        }
        TypeData::Float(k) => out.push_str(k.as_str()),
        TypeData::Index => out.push_str("index"),
        TypeData::Function { inputs, results } => {
            out.push('(');
            for (i, &x) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(m, x, out);
            }
            out.push_str(") -> ");
            let single =
                results.len() == 1 && !matches!(m.type_data(results[0]), TypeData::Function { .. });
            if single {
                write_type(m, results[0], out);
            } else {
                out.push('(');
                for (i, &x) in results.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_type(m, x, out);
                }
                out.push(')');
            }
        }
        TypeData::Dialect {
            dialect,
            name,
            params,
        } => {
            let _ = write!(out, "!{dialect}.{name}");
            if !params.is_empty() {
                out.push('<');
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match p {
                        TypeParam::Type(t) => write_type(m, *t, out),
                        TypeParam::Shaped { dims, elem } => {
                            for &d in dims.iter() {
                                write_dim(d, out);
                                out.push('x');
                            }
                            write_type(m, *elem, out);
                        }
                        TypeParam::Keyword(k) => out.push_str(k.as_str()),
                        TypeParam::Int(v) => {
                            let _ = write!(out, "{v}");
                        }
                        TypeParam::Named { key, value } => write_named(*key, value, out),
                    }
                }
                out.push('>');
            }
        }
    }
}

/// A shape dimension: its number, or `?` for [`crate::DYNAMIC`].
pub fn write_dim(d: u64, out: &mut String) {
    if d == crate::types::DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{d}");
    }
}

/// `key=[a,b]`, `key=(AxB)` or `key = word`, as NVIDIA's view types print them.
pub fn write_named(key: crate::Sym, value: &crate::NamedValue, out: &mut String) {
    match value {
        crate::NamedValue::List(items) => {
            let _ = write!(out, "{key}=[");
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match x {
                    Some(v) => {
                        let _ = write!(out, "{v}");
                    }
                    None => out.push('?'),
                }
            }
            out.push(']');
        }
        crate::NamedValue::Shape(dims) => {
            let _ = write!(out, "{key}=(");
            for (i, &d) in dims.iter().enumerate() {
                if i > 0 {
                    out.push('x');
                }
                write_dim(d, out);
            }
            out.push(')');
        }
        crate::NamedValue::Word(w) => {
            let _ = write!(out, "{key} = {w}");
        }
    }
}

/// Writes a float literal MLIR accepts: decimal with a `.` (the shortest digits that read back
/// to the same bits of `kind`), or the bit pattern in hex for infinities and NaNs (payload kept).
pub fn write_float(bits: u64, kind: FloatKind, out: &mut String) {
    let v = kind.value_of(bits);
    if !v.is_finite() {
        let digits = kind.bits().div_ceil(4) as usize;
        let _ = write!(out, "0x{bits:0digits$X}");
        return;
    }
    let s = match kind {
        FloatKind::F64 => format!("{v:?}"),
        // The values of every other format are exact in f32, whose shortest digits round back
        // exactly.
        _ => format!("{:?}", v as f32),
    };
    if s.contains('.') {
        out.push_str(&s);
    } else if let Some((mant, exp)) = s.split_once('e') {
        let _ = write!(out, "{mant}.0e{exp}");
    } else {
        let _ = write!(out, "{s}.0");
    }
}

/// Writes `s` as an MLIR string literal.
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_key(k: &str, out: &mut String) {
    let bare = k
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
    if bare {
        out.push_str(k);
    } else {
        write_string(k, out);
    }
}

/// What a dialect's custom printer works with (see [`crate::text::custom`]).
pub struct CustomPrinter<'a, 'm> {
    p: &'a mut Printer<'m>,
    depth: usize,
}

impl<'m> CustomPrinter<'_, 'm> {
    /// The module being printed.
    pub fn module(&self) -> &'m Module {
        self.p.m
    }
    /// Writes text.
    pub fn write(&mut self, s: &str) {
        self.p.buf.push_str(s);
    }
    /// Writes the op keyword `dialect.short`, or just `short` when the enclosing region's
    /// default dialect is `dialect`.
    pub fn keyword(&mut self, dialect: &str, short: &str) {
        if self.p.default_dialect_stack.last().copied().flatten() != Some(dialect) {
            self.p.buf.push_str(dialect);
            self.p.buf.push('.');
        }
        self.p.buf.push_str(short);
    }
    /// Writes a value's name.
    pub fn value(&mut self, v: Value) {
        self.p.value(v);
    }
    /// Writes a type in the generic syntax.
    pub fn generic_type(&mut self, t: Type) {
        self.p.ty(t);
    }
    /// Writes an attribute value in the generic syntax.
    pub fn generic_attr(&mut self, a: &AttrData) {
        self.p.attr(a);
    }
    /// Writes an attribute dictionary in the generic syntax.
    pub fn attr_dict(&mut self, d: Dict) {
        self.p.dict(d);
    }
    /// Writes a string literal.
    pub fn string(&mut self, s: &str) {
        write_string(s, &mut self.p.buf);
    }
    /// Writes ` { … }`: region `r`, whose unprefixed ops belong to `default_dialect`; with
    /// `show_entry_args` false the entry arguments are left out (the op printed them).
    pub fn region(
        &mut self,
        r: crate::Region,
        default_dialect: Option<&'static str>,
        show_entry_args: bool,
    ) {
        let inherited = self.p.default_dialect_stack.last().copied().flatten();
        self.p
            .default_dialect_stack
            .push(default_dialect.or(inherited));
        self.p.region(r, self.depth, show_entry_args);
        self.p.default_dialect_stack.pop();
    }
}
