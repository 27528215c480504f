//! Printing locations and NVIDIA's debug-info attributes (crate::debuginfo) as MLIR and
//! NVIDIA write them: the named attributes first (`#file = #cuda_tile.di_file<…>`, one a line,
//! in the order they were defined), then ` loc(…)` after each op that has a location. A named
//! attribute is printed by its name wherever it is used (the first name, when two name one
//! value), so that reading the text back and printing it again gives the same text.

use super::printer::write_string;
use crate::attrs::{Attr, AttrData};
use crate::debuginfo::{DiData, LocData};
use crate::module::Module;
use crate::Sym;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// How attributes are referred to where they are used: the names of the module's named
/// attributes, and whether locations are written for MLIR without NVIDIA's dialect.
pub(super) struct Refs {
    names: FxHashMap<Attr, Sym>,
    /// A `di_loc` in a location position is written `fused<#di_loc>[its location]`: MLIR reads
    /// a `#cuda_tile.di_loc` as a location only with the cuda_tile dialect registered, and a fused
    /// location with the `di_loc` as metadata anywhere. The parser reads that form back as the
    /// `di_loc` itself (parser/debug.rs).
    pub(super) mlir: bool,
}

impl Refs {
    fn get(&self, a: &Attr) -> Option<&Sym> {
        self.names.get(a)
    }
    fn contains_key(&self, a: &Attr) -> bool {
        self.names.contains_key(a)
    }
}

/// The names of the module's named attributes, by attribute.
pub(super) fn alias_names(m: &Module) -> Refs {
    let mut names = FxHashMap::default();
    for (name, a) in m.aliases() {
        names.entry(a).or_insert(name);
    }
    Refs { names, mlir: false }
}

/// `#name = value` for every named attribute, then an empty line (nothing without any).
pub(super) fn write_aliases(m: &Module, names: &Refs, out: &mut String) {
    let mut any = false;
    for (name, a) in m.aliases() {
        let _ = write!(out, "#{} = ", name.as_str());
        write_inline(m, names, a, out);
        out.push('\n');
        any = true;
    }
    if any {
        out.push('\n');
    }
}

/// ` loc(…)` for an op's location attribute.
pub(super) fn write_trailing_loc(m: &Module, names: &Refs, loc: Attr, out: &mut String) {
    out.push_str(" loc(");
    write_loc_body(m, names, loc, out);
    out.push(')');
}

/// `a` where it is used: `#name` when named, else its text.
pub(super) fn write_ref(m: &Module, names: &Refs, a: Attr, out: &mut String) {
    match names.get(&a) {
        Some(n) => {
            let _ = write!(out, "#{}", n.as_str());
        }
        None => write_inline(m, names, a, out),
    }
}

/// What goes between `loc(` and `)`: a named location by name, a `di_loc` as its attribute, a
/// builtin location by its body.
fn write_loc_body(m: &Module, names: &Refs, a: Attr, out: &mut String) {
    match m.attr_data(a) {
        AttrData::Loc(l) if !names.contains_key(&a) => write_loc(m, names, l, out),
        AttrData::Di(DiData::Loc { source, .. }) if names.mlir => {
            out.push_str("fused<");
            write_ref(m, names, a, out);
            out.push_str(">[");
            write_loc_body(m, names, *source, out);
            out.push(']');
        }
        _ => write_ref(m, names, a, out),
    }
}

/// `a`'s own text (never its name): `loc(…)`, `#cuda_tile.di_…<…>`, or another attribute.
pub(super) fn write_inline(m: &Module, names: &Refs, a: Attr, out: &mut String) {
    let d = m.attr_data(a);
    if !write_data(m, names, d, out) {
        out.push_str(&super::attr_to_string(m, d));
    }
}

/// Writes a location or a debug-info attribute; false (nothing written) for other attributes.
pub(super) fn write_data(m: &Module, names: &Refs, d: &AttrData, out: &mut String) -> bool {
    match d {
        AttrData::Loc(l) => {
            out.push_str("loc(");
            write_loc(m, names, l, out);
            out.push(')');
        }
        AttrData::Di(d) => write_di(m, names, d, out),
        _ => return false,
    }
    true
}

/// A location's body: `unknown`, `"f":1:2`, `"name"(child)`, `callsite(a at b)`, `fused[…]`.
fn write_loc(m: &Module, names: &Refs, l: &LocData, out: &mut String) {
    match l {
        LocData::Unknown => out.push_str("unknown"),
        LocData::FileLineCol { file, line, col } => {
            write_string(file, out);
            let _ = write!(out, ":{line}:{col}");
        }
        LocData::Name { name, child } => {
            write_string(name, out);
            if let Some(c) = child {
                out.push('(');
                write_loc_body(m, names, *c, out);
                out.push(')');
            }
        }
        LocData::CallSite { callee, caller } => {
            out.push_str("callsite(");
            write_loc_body(m, names, *callee, out);
            out.push_str(" at ");
            write_loc_body(m, names, *caller, out);
            out.push(')');
        }
        LocData::Fused { metadata, locs } => {
            out.push_str("fused");
            if let Some(md) = metadata {
                out.push('<');
                write_ref(m, names, *md, out);
                out.push('>');
            }
            out.push('[');
            for (i, &x) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_loc_body(m, names, x, out);
            }
            out.push(']');
        }
    }
}

/// `#cuda_tile.di_…<…>` in NVIDIA's spelling (struct parameters in declaration order).
fn write_di(m: &Module, names: &Refs, d: &DiData, out: &mut String) {
    let _ = write!(out, "#cuda_tile.{}<", d.mnemonic());
    let field = |key: &str, out: &mut String, first: bool| {
        if !first {
            out.push_str(", ");
        }
        let _ = write!(out, "{key} = ");
    };
    match d {
        DiData::File { name, directory } => {
            write_string(name, out);
            out.push_str(" in ");
            write_string(directory, out);
        }
        DiData::CompileUnit { file } => {
            field("file", out, true);
            write_ref(m, names, *file, out);
        }
        DiData::Subprogram {
            file,
            line,
            name,
            linkage_name,
            compile_unit,
            scope_line,
        } => {
            field("file", out, true);
            write_ref(m, names, *file, out);
            let _ = write!(out, ", line = {line}");
            field("name", out, false);
            write_string(name, out);
            field("linkageName", out, false);
            write_string(linkage_name, out);
            field("compileUnit", out, false);
            write_ref(m, names, *compile_unit, out);
            if let Some(s) = scope_line {
                let _ = write!(out, ", scopeLine = {s}");
            }
        }
        DiData::LexicalBlock {
            scope,
            file,
            line,
            column,
        } => {
            field("scope", out, true);
            write_ref(m, names, *scope, out);
            field("file", out, false);
            write_ref(m, names, *file, out);
            let _ = write!(out, ", line = {line}");
            if let Some(c) = column {
                let _ = write!(out, ", column = {c}");
            }
        }
        DiData::Loc { source, scope } => {
            write_ref(m, names, *source, out);
            out.push_str(" in ");
            write_ref(m, names, *scope, out);
        }
    }
    out.push('>');
}
