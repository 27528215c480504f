//! tilec-bytecode: a reader and a writer for NVIDIA Tile IR bytecode (`.tilebc`, versions
//! 13.1–13.4), the binary form of the `cuda_tile` dialect that cuTile Python writes and
//! `tileiras` compiles. The format is described, with its sources, in docs/tile-ir-bytecode.md.
//!
//! [`read`] turns a byte slice into a [`Bytecode`]: the version, the sections, the string,
//! type and constant tables, globals, debug info and functions with their ops (opcode, flags,
//! attributes, operands, result types, regions; the per-opcode layouts are [`ops_table`]).
//! It never panics: every read is
//! bounds-checked and every failure is one [`Diagnostic`], `bytecode.version` for a file that is
//! not Tile IR bytecode of a version it reads and `bytecode.corrupt` for malformed content,
//! whose message names the byte offset and the section and whose location is that byte.
//! [`dump`](fn@dump) prints the structured form (`tile-opt --dump-bytecode`).
//!
//! Writing goes the other way ([`from_module`], then [`encode`]: `tile-opt --emit-bytecode`);
//! `encode(&read(f)?)` is `f` for every file cuTile Python writes.

mod attr;
mod cursor;
mod dump;
mod file;
mod lift;
pub mod model;
mod ops;
pub mod ops_table;
mod refs;
mod sections;
mod table;
mod types;
mod write;

pub use dump::dump;
pub use file::MAGIC;
pub use lift::to_module;
pub use model::{Bytecode, SectionKind, Version};
pub use types::SCALARS;
pub use write::{encode, from_module};

use attr::AttrReader;
use cursor::{Cursor, Result};
use refs::Refs;
use table::OffsetWidth;
use tilec_ir::{Diagnostic, FileId};

/// Reads a whole file; `file` is where diagnostics point (`FileId(0)`: nowhere).
pub fn read(bytes: &[u8], file: FileId) -> std::result::Result<Bytecode, Diagnostic> {
    let mut cur = Cursor::new(bytes, 0, SectionKind::Header, file);
    let (version, preview) = file::header(&mut cur)?;
    let sections = file::split(&mut cur)?;
    let payload = |kind: SectionKind| {
        let s = sections.iter().find(|s| s.kind == kind)?;
        let bytes = bytes.get(s.payload.clone())?;
        Some(Cursor::new(bytes, s.payload.start, kind, file))
    };
    let Some(mut strings) = payload(SectionKind::String) else {
        let end = bytes.len().saturating_sub(1);
        return Err(cur.error_at(
            end,
            tilec_ir::DiagCode::BytecodeCorrupt,
            "the file has no string section",
        ));
    };
    let strings = table_items(&mut strings, OffsetWidth::U32, "strings")?;
    let mut types_cur = payload(SectionKind::Type);
    let type_items = match &mut types_cur {
        Some(c) => table(c, OffsetWidth::U32, "types")?,
        None => Vec::new(),
    };
    let constants = match payload(SectionKind::Constant) {
        Some(mut c) => constants(&mut c)?,
        None => Vec::new(),
    };
    let mut refs = Refs {
        version,
        strings: strings.len(),
        types: type_items.len(),
        constants: constants.len(),
        debug: 0,
    };
    let types = type_items
        .into_iter()
        .map(|mut item| types::decode(&mut item, &refs))
        .collect::<Result<Vec<_>>>()?;
    let debug = payload(SectionKind::Debug)
        .map(|c| sections::debug(c, &refs))
        .transpose()?;
    refs.debug = debug.as_ref().map_or(0, |d| d.attrs.len());
    let globals = payload(SectionKind::Global)
        .map(|c| sections::globals(c, &refs))
        .transpose()?
        .unwrap_or_default();
    let producer = payload(SectionKind::Producer)
        .map(|c| sections::producer(c, &refs))
        .transpose()?;
    let attrs = AttrReader {
        refs,
        types: &types,
    };
    let debug_fns = debug.as_ref().map(|d| d.first.len());
    let (functions, padded_functions) = payload(SectionKind::Function)
        .map(|c| sections::functions(c, &attrs, debug_fns))
        .transpose()?
        .unwrap_or_default();
    Ok(Bytecode {
        version,
        preview,
        sections,
        strings,
        types,
        constants,
        globals,
        functions,
        debug: debug.unwrap_or_default(),
        producer,
        padded_functions,
    })
}

/// A table whose padding counts from the start of the section payload `cur` is at.
fn table<'a>(cur: &mut Cursor<'a>, width: OffsetWidth, what: &str) -> Result<Vec<Cursor<'a>>> {
    let origin = cur.offset();
    table::read(cur, width, origin, what)
}

/// A table's items as owned bytes.
fn table_items(cur: &mut Cursor<'_>, width: OffsetWidth, what: &str) -> Result<Vec<Vec<u8>>> {
    table(cur, width, what)?
        .into_iter()
        .map(|mut item| item.bytes(item.remaining(), what).map(<[u8]>::to_vec))
        .collect()
}

/// The constant table: each item `length[varint] data[length]`.
fn constants(cur: &mut Cursor<'_>) -> Result<Vec<Vec<u8>>> {
    table(cur, OffsetWidth::U64, "constants")?
        .into_iter()
        .map(|mut item| {
            let n = item.index("a constant's length")?;
            let data = item.bytes(n, "a constant's data")?.to_vec();
            item.finish("a constant")?;
            Ok(data)
        })
        .collect()
}
