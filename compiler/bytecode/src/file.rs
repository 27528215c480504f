//! The file level: the header (magic, version) and the split into sections.
//!
//! Invariants of what [`split`] returns: each section kind at most once, every payload within
//! the file, and the end marker the file's last byte.

use crate::cursor::{Cursor, Result};
use crate::model::{SectionInfo, SectionKind, Version};
use tilec_ir::DiagCode;

/// The first eight bytes of every file.
pub const MAGIC: [u8; 8] = *b"\x7fTileIR\0";

/// The header: the version and the preview bit of the tag.
pub(crate) fn header(cur: &mut Cursor<'_>) -> Result<(Version, bool)> {
    let magic = cur.bytes(MAGIC.len(), "the magic number");
    if magic.map_or(true, |m| m != MAGIC) {
        return Err(cur.error_at(
            0,
            DiagCode::BytecodeVersion,
            "not Tile IR bytecode: the file does not start with the magic \\x7fTileIR\\0",
        ));
    }
    let at = cur.offset();
    let (major, minor) = (cur.u8("the major version")?, cur.u8("the minor version")?);
    let tag = cur.le::<2>("the version tag")?;
    let version = Version::from_bytes(major, minor).filter(|_| tag <= 1);
    let Some(version) = version else {
        let msg = format!(
            "unsupported Tile IR bytecode version {major}.{minor}.{tag} (this reader reads 13.1-13.4)"
        );
        return Err(cur.error_at(at, DiagCode::BytecodeVersion, msg));
    };
    Ok((version, tag == 1))
}

/// Splits the rest of the file into sections.
pub(crate) fn split(cur: &mut Cursor<'_>) -> Result<Vec<SectionInfo>> {
    let mut out: Vec<SectionInfo> = Vec::new();
    loop {
        let at = cur.offset();
        if cur.remaining() == 0 {
            let msg = "the file ends without an end section";
            return Err(cur.error_between(at, DiagCode::BytecodeCorrupt, msg));
        }
        let byte = cur.u8("a section id")?;
        let (id, aligned) = (byte & 0x7f, byte & 0x80 != 0);
        let Some(kind) = SectionKind::from_id(id) else {
            let msg = format!("unknown section id {id}");
            return Err(cur.error_between(at, DiagCode::BytecodeCorrupt, msg));
        };
        cur.set_section(kind);
        if kind == SectionKind::End {
            if aligned || cur.remaining() != 0 {
                let left = cur.remaining();
                return Err(cur.error_at(
                    at,
                    DiagCode::BytecodeCorrupt,
                    format_args!(
                    "the end marker must be the last byte, without alignment ({left} bytes follow)"
                ),
                ));
            }
            return Ok(out);
        }
        if out.iter().any(|s| s.kind == kind) {
            let msg = "a second section of this kind";
            return Err(cur.error_at(at, DiagCode::BytecodeCorrupt, msg));
        }
        out.push(section(cur, kind, aligned)?);
    }
}

/// One section's header and payload, `cur` after the id byte.
fn section(cur: &mut Cursor<'_>, kind: SectionKind, aligned: bool) -> Result<SectionInfo> {
    let length = cur.index("the section length")?;
    let mut alignment = 1;
    if aligned {
        let at = cur.offset();
        alignment = cur.varint("the section alignment")?;
        if !alignment.is_power_of_two() || alignment > 4096 {
            let msg = format!("section alignment {alignment} is not a power of two up to 4096");
            return Err(cur.error_at(at, DiagCode::BytecodeCorrupt, msg));
        }
        cur.align(alignment as usize, 0)?;
    }
    let required = kind.required_alignment() as u64;
    if alignment % required != 0 {
        return Err(cur.corrupt(format_args!(
            "the section must be aligned to a multiple of {required}, not {alignment}"
        )));
    }
    let start = cur.offset();
    cur.bytes(length, "the section payload")?;
    Ok(SectionInfo {
        kind,
        alignment,
        payload: start..start + length,
    })
}
