//! The primitive encodings of the format (docs/tile-ir-bytecode.md, "Primitive encodings"), the
//! inverse of [`crate::cursor::Cursor`]'s readers: varints, zigzag varints, fixed-width
//! little-endian integers, int lists, `0xCB` padding and offset tables.

use crate::cursor::PADDING_BYTE;

/// A growing byte buffer; offsets and padding count from its start.
#[derive(Default)]
pub(crate) struct Sink {
    pub bytes: Vec<u8>,
}

impl Sink {
    pub fn u8(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// Unsigned LEB128, the shortest form.
    pub fn varint(&mut self, mut v: u64) {
        loop {
            let group = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.bytes.push(group);
                return;
            }
            self.bytes.push(group | 0x80);
        }
    }

    /// A length or index as a varint.
    pub fn count(&mut self, n: usize) {
        self.varint(n as u64);
    }

    /// Zigzag, then varint.
    pub fn signed_varint(&mut self, v: i64) {
        self.varint(((v << 1) ^ (v >> 63)) as u64);
    }

    /// The low `width` bytes of `v`, little-endian.
    pub fn le(&mut self, v: u64, width: usize) {
        self.bytes.extend_from_slice(&v.to_le_bytes()[..width]);
    }

    /// A varint count, then each element in `width` bytes.
    pub fn int_list(&mut self, items: &[i64], width: usize) {
        self.count(items.len());
        for &x in items {
            self.le(x as u64, width);
        }
    }

    /// `0xCB` up to a multiple of `alignment` (counted from the buffer's start plus `base`).
    pub fn pad(&mut self, alignment: usize, base: usize) {
        while (base + self.bytes.len()) % alignment.max(1) != 0 {
            self.bytes.push(PADDING_BYTE);
        }
    }

    pub fn extend(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }

    /// A table (the inverse of `table::read`): count, padding to the offset width, the offsets
    /// of the items, the items' bytes. An empty table is padded too (cuTile Python does so).
    pub fn table(&mut self, items: &[Vec<u8>], width: usize) {
        self.count(items.len());
        self.pad(width, 0);
        let mut at = 0u64;
        for it in items {
            self.le(at, width);
            at += it.len() as u64;
        }
        for it in items {
            self.extend(it);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cursor::Cursor;
    use crate::model::SectionKind;
    use tilec_ir::FileId;

    #[test]
    fn encodings_read_back() {
        let mut s = Sink::default();
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            s.varint(v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            s.signed_varint(v);
        }
        s.int_list(&[-1, 5, i64::MIN], 8);
        s.int_list(&[-2, 7], 4);
        let mut c = Cursor::new(&s.bytes, 0, SectionKind::Function, FileId(0));
        for v in [0u64, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(c.varint("v").unwrap(), v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            assert_eq!(c.signed_varint("v").unwrap(), v);
        }
        assert_eq!(c.int_list(8, "l").unwrap(), [-1, 5, i64::MIN]);
        assert_eq!(c.int_list(4, "l").unwrap(), [-2, 7]);
        assert_eq!(c.remaining(), 0);
    }
}
