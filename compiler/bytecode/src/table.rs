//! The tables of the string, type and constant sections and of the debug section:
//! `count[varint] padding offset[count × width] data`, item `i` being
//! `data[offset[i]..offset[i + 1]]` and the last item running to the end.
//!
//! Invariant of what [`read`] returns: the ranges are in order, within the data, and as many as
//! the count says.

use crate::cursor::{Cursor, Result};
use std::ops::Range;

/// The byte width of a table's offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OffsetWidth {
    /// `u32` offsets (strings, types, debug attributes).
    U32 = 4,
    /// `u64` offsets (constants).
    U64 = 8,
}

/// Reads a table that runs to the end of `cur`, whose alignment padding counts from file
/// offset `origin`; returns each item as a cursor over its bytes.
pub(crate) fn read<'a>(
    cur: &mut Cursor<'a>,
    width: OffsetWidth,
    origin: usize,
    what: &str,
) -> Result<Vec<Cursor<'a>>> {
    let w = width as usize;
    let count = cur.count(&format!("the number of {what}"), w)?;
    if count == 0 {
        return Ok(Vec::new());
    }
    cur.align(w, origin)?;
    let mut offsets = Vec::with_capacity(count);
    for _ in 0..count {
        let at = cur.offset();
        let v = match width {
            OffsetWidth::U32 => cur.le::<4>("a table offset")?,
            OffsetWidth::U64 => cur.le::<8>("a table offset")?,
        };
        offsets.push((at, v));
    }
    let data_len = cur.remaining() as u64;
    let ranges = ranges(cur, &offsets, data_len, what)?;
    let mut items = Vec::with_capacity(count);
    let mut pos = 0usize;
    for r in ranges {
        // `ranges` checked order and bounds: skipping to each start cannot fail.
        cur.bytes(r.start - pos, "table data")?;
        items.push(cur.sub(r.len(), what)?);
        pos = r.end;
    }
    Ok(items)
}

/// The items' ranges within the data, checked: the first offset is 0, each is at most the
/// next, and the last at most the data's length.
fn ranges(
    cur: &Cursor<'_>,
    offsets: &[(usize, u64)],
    data_len: u64,
    what: &str,
) -> Result<Vec<Range<usize>>> {
    let mut out = Vec::with_capacity(offsets.len());
    for (i, &(at, start)) in offsets.iter().enumerate() {
        let end = offsets.get(i + 1).map_or(data_len, |&(_, e)| e);
        if (i == 0 && start != 0) || start > end || end > data_len {
            return Err(cur.error_at(
                at,
                tilec_ir::DiagCode::BytecodeCorrupt,
                format_args!(
                    "{what} #{i}: offset {start} (next {end}) is outside the {data_len} data bytes or out of order"
                ),
            ));
        }
        out.push(start as usize..end as usize);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SectionKind;
    use tilec_ir::FileId;

    fn table(bytes: &[u8]) -> Result<Vec<Vec<u8>>> {
        let mut c = Cursor::new(bytes, 0, SectionKind::String, FileId(0));
        let items = read(&mut c, OffsetWidth::U32, 0, "strings")?;
        Ok(items
            .into_iter()
            .map(|mut i| i.bytes(i.remaining(), "x").unwrap().to_vec())
            .collect())
    }

    #[test]
    fn items_split_at_offsets() {
        let t = [
            2, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', b'c',
        ];
        assert_eq!(table(&t).unwrap(), vec![b"ab".to_vec(), b"c".to_vec()]);
        assert!(table(&[0]).unwrap().is_empty());
    }

    #[test]
    fn bad_offsets_are_errors() {
        let out_of_order = [2, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 3, 0, 0, 0, b'a', b'b'];
        let e = table(&out_of_order).unwrap_err();
        assert!(e.message.contains("strings #0"), "{}", e.message);
        let not_zero = [1, 0xcb, 0xcb, 0xcb, 1, 0, 0, 0, b'a'];
        assert!(table(&not_zero).is_err());
    }
}
