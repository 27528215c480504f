//! Where a diagnostic is in the kernel's own source: a module read from Tile IR bytecode (or
//! text with `loc(…)`) carries each op's source location (a `di_loc`, a call site: the
//! `"file":line:col` of the cuTile Python line that made the op). A diagnostic at such an op
//! gets a note naming that line, so a cuTile user sees which line of their kernel it is about;
//! the diagnostic itself stays at the op in the text tilec read.

use rustc_hash::FxHashMap;
use tilec_ir::debuginfo::{di_loc_of, LocData};
use tilec_ir::{AttrData, Diagnostics, FileId, Module, WalkControl};

/// Per op location (its start in the text) of the parsed module, the source line its debug
/// location names (`file:line:col`). Empty when the module has no debug locations.
pub(crate) fn op_sources(m: &Module) -> FxHashMap<(FileId, u32), String> {
    let mut out = FxHashMap::default();
    m.walk(&mut |op| {
        if let Some(s) = m.debug_loc(op).and_then(|l| source_of(m, l)) {
            let at = m.op_loc(op);
            out.insert((at.file, at.start), s);
        }
        WalkControl::Continue
    });
    out
}

/// `file:line:col` of a location: a `di_loc`'s source (through call sites: the caller's, as
/// NVIDIA's `getDILoc`), or a bare `"file":line:col`.
fn source_of(m: &Module, l: tilec_ir::Attr) -> Option<String> {
    let src = match m.attr_data(l) {
        AttrData::Loc(LocData::FileLineCol { .. }) => l,
        _ => match m.attr_data(di_loc_of(m, l)?) {
            AttrData::Di(tilec_ir::debuginfo::DiData::Loc { source, .. }) => *source,
            _ => return None,
        },
    };
    match m.attr_data(src) {
        AttrData::Loc(LocData::FileLineCol { file, line, col }) => {
            Some(format!("{file}:{line}:{col}"))
        }
        _ => None,
    }
}

/// Adds the source note to every diagnostic at an op of `sources`.
pub(crate) fn annotate(diags: &mut Diagnostics, sources: &FxHashMap<(FileId, u32), String>) {
    if sources.is_empty() {
        return;
    }
    for d in &mut diags.0 {
        if let Some(s) = sources.get(&(d.loc.file, d.loc.start)) {
            d.notes
                .push((d.loc, format!("in the kernel's source at {s}")));
        }
    }
}
