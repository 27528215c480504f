//! Source locations as MLIR writes them (`loc(…)`) and NVIDIA's debug-info attributes
//! (`#cuda_tile.di_*<…>`, cuda_tile `AttrDefs.td`), as attribute data: uniqued like every
//! attribute, referring to each other by [`Attr`] handle.
//!
//! An op's location is kept in a side table of the module ([`crate::Module::debug_loc`]) and
//! printed after the op (` loc(#di_loc)`); named attributes (`#file = #cuda_tile.di_file<…>`,
//! `#loc = loc("a.py":1:2)`) are the module's aliases ([`crate::Module::alias`]), printed at the
//! top of the text in the order they were defined. These locations are data: tilec's
//! diagnostics keep pointing at the text they read (docs/cuda-tile-syntax.md, "Locations").

use crate::attrs::{Attr, AttrData};
use crate::module::Module;

/// A location attribute: MLIR's builtin location kinds.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocData {
    /// `unknown`.
    Unknown,
    /// `"file":line:col`.
    FileLineCol {
        /// The file name, as written.
        file: Box<str>,
        /// The line.
        line: u32,
        /// The column.
        col: u32,
    },
    /// `"name"` or `"name"(child)`.
    Name {
        /// The name.
        name: Box<str>,
        /// The location it names, if any.
        child: Option<Attr>,
    },
    /// `callsite(callee at caller)`.
    CallSite {
        /// Where the code is.
        callee: Attr,
        /// Where it was called from.
        caller: Attr,
    },
    /// `fused[a, b, …]` or `fused<metadata>[…]`.
    Fused {
        /// The metadata attribute, if any.
        metadata: Option<Attr>,
        /// The locations fused.
        locs: Box<[Attr]>,
    },
}

/// NVIDIA's debug-info attributes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum DiData {
    /// `#cuda_tile.di_file<"name" in "directory">`.
    File {
        /// The file name.
        name: Box<str>,
        /// Its directory.
        directory: Box<str>,
    },
    /// `#cuda_tile.di_compile_unit<file = F>`.
    CompileUnit {
        /// A `di_file`.
        file: Attr,
    },
    /// `#cuda_tile.di_subprogram<file = F, line = N, name = "…", linkageName = "…",
    /// compileUnit = C[, scopeLine = N]>`.
    Subprogram {
        /// A `di_file`.
        file: Attr,
        /// The line of the function.
        line: u32,
        /// The source name.
        name: Box<str>,
        /// The symbol name (the function's, which the verifier checks).
        linkage_name: Box<str>,
        /// A `di_compile_unit`.
        compile_unit: Attr,
        /// The line where the body's scope starts.
        scope_line: Option<u32>,
    },
    /// `#cuda_tile.di_lexical_block<scope = S, file = F, line = N[, column = N]>`.
    LexicalBlock {
        /// The enclosing local scope (a subprogram or a lexical block).
        scope: Attr,
        /// A `di_file`.
        file: Attr,
        /// The line.
        line: u32,
        /// The column.
        column: Option<u32>,
    },
    /// `#cuda_tile.di_loc<L in S>`: a source location with its local scope (a location too).
    Loc {
        /// A `"file":line:col` location.
        source: Attr,
        /// A subprogram or a lexical block.
        scope: Attr,
    },
}

impl DiData {
    /// The attribute's mnemonic (`di_file`, …).
    pub fn mnemonic(&self) -> &'static str {
        match self {
            DiData::File { .. } => "di_file",
            DiData::CompileUnit { .. } => "di_compile_unit",
            DiData::Subprogram { .. } => "di_subprogram",
            DiData::LexicalBlock { .. } => "di_lexical_block",
            DiData::Loc { .. } => "di_loc",
        }
    }
}

/// Whether attribute `a` may stand where a location is expected (a `loc(…)` or a `di_loc`).
pub fn is_location(m: &Module, a: Attr) -> bool {
    matches!(
        m.attr_data(a),
        AttrData::Loc(_) | AttrData::Di(DiData::Loc { .. })
    )
}

/// The `di_loc` a location carries (NVIDIA's `getDILoc`): itself, a call site's caller's, the
/// first one among fused locations, a name's child's.
pub fn di_loc_of(m: &Module, loc: Attr) -> Option<Attr> {
    match m.attr_data(loc) {
        AttrData::Di(DiData::Loc { .. }) => Some(loc),
        AttrData::Loc(LocData::CallSite { caller, .. }) => di_loc_of(m, *caller),
        AttrData::Loc(LocData::Fused { locs, .. }) => locs.iter().find_map(|&l| di_loc_of(m, l)),
        AttrData::Loc(LocData::Name { child, .. }) => child.and_then(|c| di_loc_of(m, c)),
        _ => None,
    }
}

/// The scope of a `di_loc`.
pub fn scope_of(m: &Module, di_loc: Attr) -> Option<Attr> {
    match m.attr_data(di_loc) {
        AttrData::Di(DiData::Loc { scope, .. }) => Some(*scope),
        _ => None,
    }
}

/// The subprogram a local scope belongs to: itself, or a lexical block's enclosing one.
pub fn subprogram_of(m: &Module, scope: Attr) -> Option<Attr> {
    // The chain ends: an attribute refers only to attributes made before it.
    match m.attr_data(scope) {
        AttrData::Di(DiData::Subprogram { .. }) => Some(scope),
        AttrData::Di(DiData::LexicalBlock { scope, .. }) => subprogram_of(m, *scope),
        _ => None,
    }
}
