//! Decoding the type table's items (docs/tile-ir-bytecode.md, "Type tags").
//!
//! Scalar types are one row each of [`SCALARS`] (tag, type, first version, bit width); the
//! composite types have a decoder each. A tag the file's version does not have yet is corrupt.

use crate::cursor::{Cursor, Result};
use crate::model::{Padding, Scalar, TypeDef, Version};
use crate::refs::Refs;

/// Scalar types: tag, type, first version, spelling, bit width.
pub const SCALARS: [(u64, Scalar, Version, &str, u32); 17] = [
    (0, Scalar::I1, Version::V13_1, "i1", 1),
    (1, Scalar::I8, Version::V13_1, "i8", 8),
    (2, Scalar::I16, Version::V13_1, "i16", 16),
    (3, Scalar::I32, Version::V13_1, "i32", 32),
    (4, Scalar::I64, Version::V13_1, "i64", 64),
    (5, Scalar::F16, Version::V13_1, "f16", 16),
    (6, Scalar::BF16, Version::V13_1, "bf16", 16),
    (7, Scalar::F32, Version::V13_1, "f32", 32),
    (8, Scalar::TF32, Version::V13_1, "tf32", 19),
    (9, Scalar::F64, Version::V13_1, "f64", 64),
    (10, Scalar::F8E4M3FN, Version::V13_1, "f8E4M3FN", 8),
    (11, Scalar::F8E5M2, Version::V13_1, "f8E5M2", 8),
    (17, Scalar::Token, Version::V13_1, "token", 0),
    (18, Scalar::F8E8M0FNU, Version::V13_2, "f8E8M0FNU", 8),
    (19, Scalar::F4E2M1FN, Version::V13_3, "f4E2M1FN", 4),
    (22, Scalar::I4, Version::V13_3, "i4", 4),
    (130, Scalar::FNV8E5M3FNU, Version::V13_4, "fnv8E5M3FNU", 8),
];

/// Composite type tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Composite {
    Pointer,
    Tile,
    TensorView,
    PartitionView,
    Function,
    GatherScatterView,
    StridedView,
}

/// Composite types: tag, kind, first version.
const COMPOSITES: [(u64, Composite, Version); 7] = [
    (12, Composite::Pointer, Version::V13_1),
    (13, Composite::Tile, Version::V13_1),
    (14, Composite::TensorView, Version::V13_1),
    (15, Composite::PartitionView, Version::V13_1),
    (16, Composite::Function, Version::V13_1),
    (20, Composite::GatherScatterView, Version::V13_3),
    (21, Composite::StridedView, Version::V13_3),
];

impl Scalar {
    fn row(self) -> &'static (u64, Scalar, Version, &'static str, u32) {
        // Every variant has a row (the `scalars_table_is_complete` test).
        SCALARS.iter().find(|r| r.1 == self).unwrap_or(&SCALARS[0])
    }
    /// The MLIR spelling (`f32`).
    pub fn name(self) -> &'static str {
        self.row().3
    }
    /// The scalar type spelled `name` (MLIR's spelling), if any.
    pub fn named(name: &str) -> Option<Scalar> {
        SCALARS.iter().find(|r| r.3 == name).map(|r| r.1)
    }
    /// The first version that has this type.
    pub fn since(self) -> Version {
        self.row().2
    }
    /// The bit width (0 for `token`; `tf32` 19, as MLIR counts it: a constant holds it in 3
    /// bytes, a tagged float attribute as a varint).
    pub fn bits(self) -> u32 {
        self.row().4
    }
    /// An integer type (`i1` … `i64`).
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Scalar::I1 | Scalar::I4 | Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64
        )
    }
}

/// Decodes one type table item (the whole of `cur`).
pub(crate) fn decode(cur: &mut Cursor<'_>, refs: &Refs) -> Result<TypeDef> {
    let at = cur.offset();
    let tag = cur.varint("a type tag")?;
    let since = |v: Version, what: &str| {
        if refs.version < v {
            Err(cur.error_at(
                at,
                tilec_ir::DiagCode::BytecodeCorrupt,
                format_args!(
                    "type tag {tag} ({what}) needs bytecode {}, the file is {}",
                    v.name(),
                    refs.version.name()
                ),
            ))
        } else {
            Ok(())
        }
    };
    let def = if let Some(&(_, s, v, name, _)) = SCALARS.iter().find(|r| r.0 == tag) {
        since(v, name)?;
        TypeDef::Scalar(s)
    } else if let Some(&(_, c, v)) = COMPOSITES.iter().find(|r| r.0 == tag) {
        since(v, &format!("{c:?}"))?;
        composite(c, cur, refs)?
    } else {
        return Err(cur.error_at(
            at,
            tilec_ir::DiagCode::BytecodeCorrupt,
            format_args!("unknown type tag {tag}"),
        ));
    };
    cur.finish("a type")?;
    Ok(def)
}

fn composite(c: Composite, cur: &mut Cursor<'_>, refs: &Refs) -> Result<TypeDef> {
    let v13_4 = refs.version >= Version::V13_4;
    Ok(match c {
        Composite::Pointer => {
            let flags = if v13_4 { flags(cur, 1)? } else { 0 };
            let pointee = refs.ty(cur, "the pointee type")?;
            let attr = opt_byte(cur, flags, "the pointer attribute")?;
            TypeDef::Pointer { pointee, attr }
        }
        Composite::Tile => TypeDef::Tile {
            element: refs.ty(cur, "the element type")?,
            shape: cur.int_list(8, "the tile shape")?,
        },
        Composite::TensorView => {
            let flags = if v13_4 { flags(cur, 1)? } else { 0 };
            TypeDef::TensorView {
                element: refs.ty(cur, "the element type")?,
                shape: cur.int_list(8, "the tensor view shape")?,
                strides: cur.int_list(8, "the tensor view strides")?,
                attr: opt_byte(cur, flags, "the pointer attribute")?,
            }
        }
        Composite::PartitionView => partition_view(cur, refs)?,
        Composite::Function => TypeDef::Function {
            params: refs.types(cur, "the parameter types")?,
            results: refs.types(cur, "the result types")?,
        },
        Composite::GatherScatterView => {
            let flags = flags(cur, 1)?;
            TypeDef::GatherScatterView {
                tile_shape: cur.int_list(4, "the tile shape")?,
                tensor_view: refs.ty(cur, "the tensor view type")?,
                sparse_dim: cur.varint("the sparse dimension")?,
                padding: padding(cur, flags)?,
            }
        }
        Composite::StridedView => {
            let flags = flags(cur, 1)?;
            TypeDef::StridedView {
                tile_shape: cur.int_list(4, "the tile shape")?,
                traversal_strides: cur.int_list(4, "the traversal strides")?,
                tensor_view: refs.ty(cur, "the tensor view type")?,
                dim_map: cur.int_list(4, "the dimension map")?,
                padding: padding(cur, flags)?,
            }
        }
    })
}

/// A partition view: 13.3+ a flags word first; before, a `has_padding` varint after the map.
fn partition_view(cur: &mut Cursor<'_>, refs: &Refs) -> Result<TypeDef> {
    let unified = refs.version >= Version::V13_3;
    let mut fl = if unified { flags(cur, 1)? } else { 0 };
    let tile_shape = cur.int_list(4, "the tile shape")?;
    let tensor_view = refs.ty(cur, "the tensor view type")?;
    let dim_map = cur.int_list(4, "the dimension map")?;
    if !unified {
        fl = flags(cur, 1)?;
    }
    let padding = padding(cur, fl)?;
    Ok(TypeDef::PartitionView {
        tile_shape,
        tensor_view,
        dim_map,
        padding,
    })
}

/// A flags varint with no bits above the `bits` known ones.
fn flags(cur: &mut Cursor<'_>, bits: u32) -> Result<u64> {
    let at = cur.offset();
    let f = cur.varint("the optional-field flags")?;
    if f >> bits != 0 {
        return Err(cur.error_at(
            at,
            tilec_ir::DiagCode::BytecodeCorrupt,
            format_args!("optional-field flags {f:#x} set an unknown bit"),
        ));
    }
    Ok(f)
}

fn opt_byte(cur: &mut Cursor<'_>, flags: u64, what: &str) -> Result<Option<u8>> {
    (flags & 1 != 0).then(|| cur.u8(what)).transpose()
}

fn padding(cur: &mut Cursor<'_>, flags: u64) -> Result<Option<Padding>> {
    let Some(b) = opt_byte(cur, flags, "the padding value")? else {
        return Ok(None);
    };
    Padding::from_byte(b)
        .map(Some)
        .ok_or_else(|| cur.corrupt(format_args!("unknown padding value {b}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SectionKind, TypeId};
    use tilec_ir::FileId;

    fn refs(version: Version) -> Refs {
        Refs {
            version,
            strings: 0,
            types: 4,
            constants: 0,
            debug: 0,
        }
    }

    fn ty(bytes: &[u8], version: Version) -> Result<TypeDef> {
        decode(
            &mut Cursor::new(bytes, 0, SectionKind::Type, FileId(0)),
            &refs(version),
        )
    }

    #[test]
    fn scalars_table_is_complete() {
        for &(tag, s, ..) in &SCALARS {
            assert_eq!(s.row().0, tag, "{s:?}");
        }
    }

    #[test]
    fn composites_by_version() {
        let tile = ty(&[13, 3, 1, 16, 0, 0, 0, 0, 0, 0, 0], Version::V13_1).unwrap();
        let shape = vec![16];
        assert_eq!(
            tile,
            TypeDef::Tile {
                element: TypeId(3),
                shape
            }
        );
        // A 13.4 pointer has a flags word; a 13.1 pointer does not.
        let p = TypeDef::Pointer {
            pointee: TypeId(2),
            attr: None,
        };
        assert_eq!(ty(&[12, 0, 2], Version::V13_4).unwrap(), p);
        assert_eq!(ty(&[12, 2], Version::V13_1).unwrap(), p);
        assert!(ty(&[12, 0, 2], Version::V13_1).is_err(), "left-over byte");
        // i4 is 13.3+.
        let e = ty(&[22], Version::V13_2).unwrap_err();
        assert!(e.message.contains("needs bytecode 13.3"), "{}", e.message);
        assert_eq!(
            ty(&[0x82, 0x01], Version::V13_4).unwrap(),
            TypeDef::Scalar(Scalar::FNV8E5M3FNU)
        );
        let e = ty(&[12, 0, 9], Version::V13_4).unwrap_err();
        assert!(
            e.message.contains("type index 9 is out of range"),
            "{}",
            e.message
        );
        assert!(ty(&[99], Version::V13_4)
            .unwrap_err()
            .message
            .contains("unknown type tag 99"));
    }
}
