//! Decoding a function body into [`OpRecord`]s, driven by the per-opcode layouts of
//! [`crate::ops_table`].
//!
//! Value numbering (docs/tile-ir-bytecode.md, "Operations"): the function's parameters are
//! values `0..n`, each op's results take the next ids; a region's block arguments and ops
//! number from the count at the region op, and that count is restored after the region, so
//! the op's own results come after its operands' values and nothing inside a region is visible
//! after it. Every operand must name a value already defined; regions nest at most
//! [`MAX_REGION_DEPTH`] deep.

use crate::attr::{AttrReader, MAX_DEPTH};
use crate::cursor::{Cursor, Result};
use crate::model::{BlockRecord, OpAttr, OpRecord};
use crate::ops_table::{layout, AttrKind, Field, Gate, OpLayout};

/// How deep regions may nest.
pub const MAX_REGION_DEPTH: usize = 64;

/// Decodes a whole function body whose parameters are values `0..params`.
pub(crate) fn body(
    mut cur: Cursor<'_>,
    attrs: &AttrReader<'_>,
    params: usize,
) -> Result<Vec<OpRecord>> {
    let mut r = OpReader {
        attrs,
        next_value: params as u64,
    };
    let mut ops = Vec::new();
    while cur.remaining() > 0 {
        ops.push(r.op(&mut cur, 0)?);
    }
    Ok(ops)
}

struct OpReader<'a, 't> {
    attrs: &'a AttrReader<'t>,
    /// The id the next defined value gets.
    next_value: u64,
}

impl OpReader<'_, '_> {
    fn op(&mut self, cur: &mut Cursor<'_>, depth: usize) -> Result<OpRecord> {
        let offset = cur.offset();
        let code = cur.varint("an opcode")?;
        let version = self.attrs.refs.version;
        let lay = match layout(code) {
            Some(l) if l.since <= version => l,
            Some(l) => {
                let msg = format!(
                    "op {} (opcode {code}) needs bytecode {}, the file is {}",
                    l.name,
                    l.since.name(),
                    version.name()
                );
                return Err(cur.error_at(offset, tilec_ir::DiagCode::BytecodeCorrupt, msg));
            }
            None => {
                let msg = format!("unknown opcode {code}");
                return Err(cur.error_at(offset, tilec_ir::DiagCode::BytecodeCorrupt, msg));
            }
        };
        let mut op = OpRecord {
            opcode: lay.opcode,
            offset,
            flags: 0,
            result_types: Vec::new(),
            first_result: 0,
            attrs: Vec::new(),
            operands: Vec::new(),
            variadic: Vec::new(),
            regions: Vec::new(),
        };
        for field in lay.fields {
            self.field(cur, lay, *field, &mut op, depth)?;
        }
        op.first_result = self.define(cur, op.result_types.len())?;
        Ok(op)
    }

    fn present(&self, op: &OpRecord, gate: Gate) -> bool {
        gate.holds(op.flags, self.attrs.refs.version)
    }

    fn field(
        &mut self,
        cur: &mut Cursor<'_>,
        lay: &OpLayout,
        field: Field,
        op: &mut OpRecord,
        depth: usize,
    ) -> Result<()> {
        let refs = &self.attrs.refs;
        match field {
            Field::Result => op.result_types.push(refs.ty(cur, "a result type")?),
            Field::Results => op.result_types = refs.types(cur, "the result types")?,
            Field::Flags(g) if self.present(op, g) => {
                let at = cur.offset();
                op.flags = cur.varint("the op's flags")?;
                if op.flags >> lay.flag_bits != 0 {
                    let msg = format!("{} flags {:#x} set an unknown bit", lay.name, op.flags);
                    return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
                }
            }
            Field::Attr(kind, g) if self.present(op, g) => op.attrs.push(self.attr(cur, kind)?),
            Field::Operand(g) if self.present(op, g) => op.operands.push(self.value(cur)?),
            Field::Operands => {
                let n = cur.count("the number of operands", 1)?;
                op.variadic.push(n as u32);
                for _ in 0..n {
                    op.operands.push(self.value(cur)?);
                }
            }
            Field::Regions => op.regions = self.regions(cur, depth)?,
            Field::Flags(_) | Field::Attr(..) | Field::Operand(_) => {}
        }
        Ok(())
    }

    fn attr(&self, cur: &mut Cursor<'_>, kind: AttrKind) -> Result<OpAttr> {
        let refs = &self.attrs.refs;
        Ok(match kind {
            AttrKind::Bool => match cur.u8("a bool attribute")? {
                b @ (0 | 1) => OpAttr::Bool(b == 1),
                b => return Err(cur.corrupt(format_args!("bool attribute byte {b}"))),
            },
            AttrKind::Int => OpAttr::Int(cur.varint("an integer attribute")?),
            AttrKind::Enum(e) => {
                let at = cur.offset();
                let v = cur.u8("an enum attribute")?;
                if e.value_name(v).is_none() {
                    let msg = format!("{v} is not a value of {e:?}");
                    return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
                }
                OpAttr::Enum(e, v)
            }
            AttrKind::Str => OpAttr::Str(refs.string(cur, "a string attribute")?),
            AttrKind::Type => OpAttr::Type(refs.ty(cur, "a type attribute")?),
            AttrKind::Array => {
                let n = cur.count("the array length", 1)?;
                let items = (0..n).map(|_| self.attrs.tagged(cur, 1));
                OpAttr::Array(items.collect::<Result<_>>()?)
            }
            AttrKind::Tagged => OpAttr::Tagged(self.attrs.tagged(cur, 0)?),
            AttrKind::Dense => OpAttr::Dense(refs.constant(cur, "a dense attribute")?),
            AttrKind::I32Array => OpAttr::Ints(cur.int_list(4, "an i32 array attribute")?),
            AttrKind::BoolArray => OpAttr::Ints(cur.int_list(1, "a bool array attribute")?),
            AttrKind::Hints => OpAttr::Hints(self.attrs.dictionary(cur, MAX_DEPTH - 2)?),
        })
    }

    /// An operand: a value id already defined.
    fn value(&self, cur: &mut Cursor<'_>) -> Result<u32> {
        let at = cur.offset();
        let v = cur.varint("an operand")?;
        if v >= self.next_value {
            let msg = format!(
                "operand %{v} is not defined here ({} values are)",
                self.next_value
            );
            return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
        }
        Ok(v as u32)
    }

    /// Defines `n` values; returns the first id.
    fn define(&mut self, cur: &Cursor<'_>, n: usize) -> Result<u32> {
        let first = self.next_value;
        self.next_value += n as u64;
        u32::try_from(self.next_value)
            .map(|_| first as u32)
            .map_err(|_| cur.corrupt("more than 2^32 values"))
    }

    fn regions(&mut self, cur: &mut Cursor<'_>, depth: usize) -> Result<Vec<Vec<BlockRecord>>> {
        if depth >= MAX_REGION_DEPTH {
            return Err(cur.corrupt(format_args!("regions nest deeper than {MAX_REGION_DEPTH}")));
        }
        let saved = self.next_value;
        let n = cur.count("the number of regions", 2)?;
        let mut regions = Vec::with_capacity(n);
        for _ in 0..n {
            let nblocks = cur.count("the number of blocks", 2)?;
            let mut blocks = Vec::with_capacity(nblocks);
            for _ in 0..nblocks {
                self.next_value = saved;
                blocks.push(self.block(cur, depth)?);
            }
            regions.push(blocks);
        }
        self.next_value = saved;
        Ok(regions)
    }

    fn block(&mut self, cur: &mut Cursor<'_>, depth: usize) -> Result<BlockRecord> {
        let args = self.attrs.refs.types(cur, "the block argument types")?;
        let first_arg = self.define(cur, args.len())?;
        let n = cur.count("the number of ops in a block", 1)?;
        let mut ops = Vec::with_capacity(n);
        for _ in 0..n {
            ops.push(self.op(cur, depth + 1)?);
        }
        Ok(BlockRecord {
            args,
            first_arg,
            ops,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Scalar, SectionKind, TypeDef, TypeId, Version};
    use crate::ops_table::EnumKind;
    use crate::refs::Refs;
    use tilec_ir::FileId;

    fn decode(bytes: &[u8], version: Version, params: usize) -> Result<Vec<OpRecord>> {
        let types = [TypeDef::Scalar(Scalar::I1), TypeDef::Scalar(Scalar::I32)];
        let refs = Refs {
            version,
            strings: 0,
            types: 2,
            constants: 0,
            debug: 0,
        };
        let attrs = AttrReader {
            refs,
            types: &types,
        };
        body(
            Cursor::new(bytes, 0, SectionKind::Function, FileId(0)),
            &attrs,
            params,
        )
    }

    #[test]
    fn an_op_with_its_fields_and_values() {
        // addi (3): result type i32, overflow enum 0, operands %0 %1; then addi %2 %2.
        let ops = decode(&[3, 1, 0, 0, 1, 3, 1, 0, 2, 2], Version::V13_1, 2).unwrap();
        assert_eq!(ops.len(), 2);
        assert_eq!(ops[0].operands, [0, 1]);
        assert_eq!((ops[0].first_result, ops[1].first_result), (2, 3));
        assert_eq!(ops[0].result_types, [TypeId(1)]);
        assert_eq!(ops[0].attrs, [OpAttr::Enum(EnumKind::IntegerOverflow, 0)]);
    }

    #[test]
    fn bad_ops_are_located_errors() {
        let e = decode(&[3, 1, 0, 0, 5], Version::V13_1, 2).unwrap_err();
        assert!(e
            .message
            .starts_with("operand %5 is not defined here (2 values are) at offset 4"));
        let e = decode(&[0xe7, 0x07], Version::V13_4, 0).unwrap_err();
        assert!(
            e.message.starts_with("unknown opcode 999 at offset 0"),
            "{}",
            e.message
        );
        // atomic_red_view_tko (117) is a 13.3 op.
        let e = decode(&[117], Version::V13_1, 0).unwrap_err();
        assert!(
            e.message.contains("needs bytecode 13.3, the file is 13.1"),
            "{}",
            e.message
        );
        // addi's overflow enum has four values.
        let e = decode(&[3, 1, 4, 0, 0], Version::V13_1, 1).unwrap_err();
        assert!(e
            .message
            .starts_with("4 is not a value of IntegerOverflow at offset 2"));
        // addf (2) defines one flag bit (flush_to_zero).
        let e = decode(&[2, 1, 2, 0, 0, 0], Version::V13_1, 1).unwrap_err();
        assert!(
            e.message.contains("AddF flags 0x2 set an unknown bit"),
            "{}",
            e.message
        );
    }

    #[test]
    fn region_values_are_scoped() {
        // if (50): no results, operand %0, 2 regions of one block without arguments;
        // the first holds addi %0 %0 (value %1), the second uses %1: not visible there.
        let then = [1, 0, 1, 3, 1, 0, 0, 0];
        let mut bytes = vec![50, 0, 0, 2];
        bytes.extend(then);
        bytes.extend([1, 0, 1, 3, 1, 0, 1, 1]);
        let e = decode(&bytes, Version::V13_1, 1).unwrap_err();
        assert!(
            e.message.starts_with("operand %1 is not defined here"),
            "{}",
            e.message
        );
        let mut ok = vec![50, 0, 0, 2];
        ok.extend(then);
        ok.extend(then);
        let ops = decode(&ok, Version::V13_1, 1).unwrap();
        assert_eq!(ops[0].regions.len(), 2);
        assert_eq!(ops[0].regions[1][0].ops[0].first_result, 1);
    }
}
