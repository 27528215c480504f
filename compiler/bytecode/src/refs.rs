//! Reading cross references: a string, type, constant or debug id is a varint that must be
//! below the size of its table, which [`Refs`] knows once the tables are split.

use crate::cursor::{Cursor, Result};
use crate::model::{ConstId, DebugId, StringId, TypeId, Version};

/// The file's version and the sizes of its tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Refs {
    /// The file's version.
    pub version: Version,
    /// Strings in the string table.
    pub strings: usize,
    /// Types in the type table.
    pub types: usize,
    /// Constants in the constant table.
    pub constants: usize,
    /// Debug attributes (ids 1..=debug).
    pub debug: usize,
}

impl Refs {
    fn checked(cur: &mut Cursor<'_>, what: &str, table: &str, len: usize) -> Result<u32> {
        let at = cur.offset();
        let i = cur.index(what)?;
        if i >= len {
            return Err(cur.error_at(
                at,
                tilec_ir::DiagCode::BytecodeCorrupt,
                format_args!("{what}: {table} index {i} is out of range (the table has {len})"),
            ));
        }
        Ok(i as u32)
    }
    /// A string id.
    pub fn string(&self, cur: &mut Cursor<'_>, what: &str) -> Result<StringId> {
        Self::checked(cur, what, "string", self.strings).map(StringId)
    }
    /// A type id.
    pub fn ty(&self, cur: &mut Cursor<'_>, what: &str) -> Result<TypeId> {
        Self::checked(cur, what, "type", self.types).map(TypeId)
    }
    /// A varint count, then that many type ids.
    pub fn types(&self, cur: &mut Cursor<'_>, what: &str) -> Result<Vec<TypeId>> {
        let n = cur.count(what, 1)?;
        (0..n).map(|_| self.ty(cur, what)).collect()
    }
    /// A constant id.
    pub fn constant(&self, cur: &mut Cursor<'_>, what: &str) -> Result<ConstId> {
        Self::checked(cur, what, "constant", self.constants).map(ConstId)
    }
    /// A debug attribute id (0: none; else 1-based).
    pub fn debug(&self, cur: &mut Cursor<'_>, what: &str) -> Result<DebugId> {
        Self::checked(cur, what, "debug attribute", self.debug + 1).map(DebugId)
    }
}
