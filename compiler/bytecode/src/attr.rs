//! Decoding self-contained (tagged) attributes: `tag[varint]` then the attribute's fields
//! (docs/tile-ir-bytecode.md, "Tagged attributes").
//!
//! Arrays and dictionaries nest; the depth is bounded ([`MAX_DEPTH`]) so that a crafted file
//! cannot overflow the stack.

use crate::cursor::{Cursor, Result};
use crate::model::{Attr, Scalar, TypeDef, TypeId};
use crate::refs::Refs;

/// How deep arrays and dictionaries may nest.
pub const MAX_DEPTH: usize = 64;

/// Attribute tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    Integer,
    Float,
    Bool,
    Type,
    String,
    Array,
    DenseElements,
    DivBy,
    SameElements,
    Dictionary,
    OptimizationHints,
    Bounded,
}

/// Tag numbers, in the file's encoding.
const TAGS: [(u64, Tag); 12] = [
    (1, Tag::Integer),
    (2, Tag::Float),
    (3, Tag::Bool),
    (4, Tag::Type),
    (5, Tag::String),
    (6, Tag::Array),
    (7, Tag::DenseElements),
    (8, Tag::DivBy),
    (9, Tag::SameElements),
    (10, Tag::Dictionary),
    (11, Tag::OptimizationHints),
    (12, Tag::Bounded),
];

/// What decoding an attribute needs: the table sizes and the decoded types.
pub(crate) struct AttrReader<'t> {
    /// Table sizes.
    pub refs: Refs,
    /// The type table.
    pub types: &'t [TypeDef],
}

impl AttrReader<'_> {
    /// One tagged attribute.
    pub(crate) fn tagged(&self, cur: &mut Cursor<'_>, depth: usize) -> Result<Attr> {
        if depth > MAX_DEPTH {
            return Err(cur.corrupt(format_args!("attributes nest deeper than {MAX_DEPTH}")));
        }
        let at = cur.offset();
        let n = cur.varint("an attribute tag")?;
        let Some(&(_, tag)) = TAGS.iter().find(|t| t.0 == n) else {
            let msg = format_args!("unknown attribute tag {n}");
            return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
        };
        Ok(match tag {
            Tag::Integer => {
                let ty = self.scalar(cur, Scalar::is_int, "an integer attribute's type")?;
                Attr::Integer(ty.0, self.int_value(cur, ty.1)?)
            }
            Tag::Float => {
                let ty = self.scalar(cur, |s| !s.is_int(), "a float attribute's type")?;
                Attr::Float(ty.0, float_bits(cur, ty.1)?)
            }
            Tag::Bool => Attr::Bool(bool_byte(cur)?),
            Tag::Type => Attr::Type(self.refs.ty(cur, "a type attribute")?),
            Tag::String => Attr::String(self.refs.string(cur, "a string attribute")?),
            Tag::Array => {
                let n = cur.count("the array length", 1)?;
                let items = (0..n).map(|_| self.tagged(cur, depth + 1));
                Attr::Array(items.collect::<Result<_>>()?)
            }
            Tag::DenseElements => {
                let ty = self.refs.ty(cur, "a dense attribute's type")?;
                if !matches!(self.types.get(ty.index()), Some(TypeDef::Tile { .. })) {
                    return Err(cur.corrupt("a dense attribute's type is not a tile type"));
                }
                Attr::DenseElements(ty, self.refs.constant(cur, "a dense attribute's data")?)
            }
            Tag::DivBy => div_by(cur)?,
            Tag::SameElements => Attr::SameElements(cur.int_list(8, "same_elements values")?),
            Tag::Dictionary => Attr::Dictionary(self.dictionary(cur, depth)?),
            Tag::OptimizationHints => Attr::OptimizationHints(self.dictionary(cur, depth)?),
            Tag::Bounded => {
                let (lb, ub) = two_optional(cur, "bounded")?;
                Attr::Bounded(lb, ub)
            }
        })
    }

    /// An untagged dictionary: a count, then `key[string id] value[tagged]`.
    pub(crate) fn dictionary(
        &self,
        cur: &mut Cursor<'_>,
        depth: usize,
    ) -> Result<Vec<(crate::model::StringId, Attr)>> {
        let n = cur.count("the dictionary size", 2)?;
        (0..n)
            .map(|_| {
                let key = self.refs.string(cur, "a dictionary key")?;
                Ok((key, self.tagged(cur, depth + 1)?))
            })
            .collect()
    }

    /// A type id that must name a scalar accepted by `ok`.
    fn scalar(
        &self,
        cur: &mut Cursor<'_>,
        ok: impl Fn(Scalar) -> bool,
        what: &str,
    ) -> Result<(TypeId, Scalar)> {
        let ty = self.refs.ty(cur, what)?;
        match self.types.get(ty.index()) {
            Some(&TypeDef::Scalar(s)) if ok(s) && s != Scalar::Token => Ok((ty, s)),
            other => Err(cur.corrupt(format_args!("{what} is {other:?}"))),
        }
    }

    /// An integer value of type `s`: `i1` one byte, else a varint that fits the width.
    fn int_value(&self, cur: &mut Cursor<'_>, s: Scalar) -> Result<u64> {
        let v = if s == Scalar::I1 {
            u64::from(cur.u8("an i1 value")?)
        } else {
            cur.varint("an integer value")?
        };
        fits(cur, v, s.bits())
    }
}

/// A float's bits: one byte up to 8 bits, else a zigzag varint.
fn float_bits(cur: &mut Cursor<'_>, s: Scalar) -> Result<u64> {
    let v = if s.bits() <= 8 {
        u64::from(cur.u8("a float value")?)
    } else {
        cur.signed_varint("a float value")? as u64
    };
    fits(cur, v, s.bits())
}

fn fits(cur: &Cursor<'_>, v: u64, bits: u32) -> Result<u64> {
    if bits < 64 && v >> bits != 0 {
        return Err(cur.corrupt(format_args!("value {v} does not fit {bits} bits")));
    }
    Ok(v)
}

fn bool_byte(cur: &mut Cursor<'_>) -> Result<bool> {
    match cur.u8("a bool")? {
        0 => Ok(false),
        1 => Ok(true),
        b => Err(cur.corrupt(format_args!("bool byte {b} is neither 0 nor 1"))),
    }
}

/// `div_by`: divisor varint, a flags byte, then `every` and `along` when flagged.
fn div_by(cur: &mut Cursor<'_>) -> Result<Attr> {
    let divisor = cur.varint("the divisor")?;
    let (every, along) = two_optional(cur, "div_by")?;
    Ok(Attr::DivBy {
        divisor,
        every,
        along,
    })
}

/// A flags byte (bit 0, bit 1) and the signed varints it announces.
fn two_optional(cur: &mut Cursor<'_>, what: &str) -> Result<(Option<i64>, Option<i64>)> {
    let flags = cur.u8(what)?;
    if flags > 3 {
        return Err(cur.corrupt(format_args!("{what} flags {flags:#x} set an unknown bit")));
    }
    let a = (flags & 1 != 0)
        .then(|| cur.signed_varint(what))
        .transpose()?;
    let b = (flags & 2 != 0)
        .then(|| cur.signed_varint(what))
        .transpose()?;
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SectionKind, StringId, Version};
    use tilec_ir::FileId;

    fn attr(bytes: &[u8]) -> Result<Attr> {
        let types = [TypeDef::Scalar(Scalar::I1), TypeDef::Scalar(Scalar::I32)];
        let r = AttrReader {
            refs: Refs {
                version: Version::V13_4,
                strings: 2,
                types: 2,
                constants: 0,
                debug: 0,
            },
            types: &types,
        };
        r.tagged(
            &mut Cursor::new(bytes, 0, SectionKind::Function, FileId(0)),
            0,
        )
    }

    #[test]
    fn decodes_the_tags() {
        assert_eq!(attr(&[1, 1, 7]).unwrap(), Attr::Integer(TypeId(1), 7));
        assert_eq!(attr(&[12, 1, 0]).unwrap(), Attr::Bounded(Some(0), None));
        let hints = [11, 1, 1, 10, 0];
        let want = Attr::OptimizationHints(vec![(StringId(1), Attr::Dictionary(vec![]))]);
        assert_eq!(attr(&hints).unwrap(), want);
        assert!(attr(&[2, 1, 0]).is_err(), "a float of type i32");
        assert!(attr(&[3, 2]).is_err(), "bool 2");
        assert!(attr(&[0x63])
            .unwrap_err()
            .message
            .contains("unknown attribute tag 99"));
    }

    #[test]
    fn nesting_is_bounded() {
        let deep: Vec<u8> = std::iter::repeat_n([6u8, 1], 100).flatten().collect();
        let e = attr(&deep).unwrap_err();
        assert!(e.message.contains("nest deeper"), "{}", e.message);
    }
}
