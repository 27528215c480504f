//! Where an op is in the kernel's own source: a module read from Tile IR bytecode (or text with
//! `loc(…)`) carries each op's source location (a `di_loc`, a call site: the `"file":line:col`
//! of the cuTile Python line that made the op). Two things read it, both through one table
//! made when the input is parsed ([`source_lines`]), keyed by the op's place in the text tilec
//! read (ops lowered from an op keep that place):
//!
//! - a diagnostic at such an op gets a note naming the line ([`annotate`]), so a cuTile user
//!   sees which line of their kernel it is about; the diagnostic itself stays at the op in the
//!   text tilec read;
//! - with `--lineinfo` the PTX printer writes the lines as `.file`/`.loc` directives
//!   (`print-ptx`'s [`LineTable`]).

use tilec_ir::debuginfo::{di_loc_of, DiData, LocData};
use tilec_ir::{Attr, AttrData, Diagnostics, Module, WalkControl};
use tilec_passes::print::ptx::LineTable;

/// The source line of every op of `m` that has one (empty when none has).
pub(crate) fn source_lines(m: &Module) -> LineTable {
    let mut t = LineTable::default();
    let mut numbers: rustc_hash::FxHashMap<String, u32> = Default::default();
    m.walk(&mut |op| {
        if let Some((file, line, col)) = m.debug_loc(op).and_then(|l| source_of(m, l)) {
            let n = *numbers.entry(file.to_string()).or_insert_with(|| {
                t.files.push(file.to_string());
                t.files.len() as u32
            });
            let at = m.op_loc(op);
            t.at.insert((at.file, at.start), (n, line, col));
        }
        WalkControl::Continue
    });
    t
}

/// The `"file":line:col` of a location: a `di_loc`'s source (through call sites: the
/// caller's, as NVIDIA's `getDILoc`), or a bare `"file":line:col`.
fn source_of(m: &Module, l: Attr) -> Option<(&str, u32, u32)> {
    let src = match m.attr_data(l) {
        AttrData::Loc(LocData::FileLineCol { .. }) => l,
        _ => match m.attr_data(di_loc_of(m, l)?) {
            AttrData::Di(DiData::Loc { source, .. }) => *source,
            _ => return None,
        },
    };
    match m.attr_data(src) {
        AttrData::Loc(LocData::FileLineCol { file, line, col }) => Some((file, *line, *col)),
        _ => None,
    }
}

/// Adds the source-line note to every diagnostic at an op of `lines`.
pub(crate) fn annotate(diags: &mut Diagnostics, lines: &LineTable) {
    if lines.at.is_empty() {
        return;
    }
    for d in &mut diags.0 {
        if let Some(&(f, line, col)) = lines.at.get(&(d.loc.file, d.loc.start)) {
            let file = &lines.files[f as usize - 1];
            d.notes.push((
                d.loc,
                format!("in the kernel's source at {file}:{line}:{col}"),
            ));
        }
    }
}
