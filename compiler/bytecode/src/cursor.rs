//! A bounds-checked reader over a byte range of one section.
//!
//! Every read checks the bytes it needs and fails with a located `bytecode.corrupt`
//! [`Diagnostic`] (offset from the start of the file, and the section) instead of panicking;
//! nothing here indexes a slice without a check. Offsets in messages are absolute: a cursor
//! over a section payload knows where the payload starts in the file.

use crate::model::SectionKind;
use tilec_ir::{DiagCode, Diagnostic, FileId, Loc};

/// What a failed read returns.
pub(crate) type Result<T> = std::result::Result<T, Diagnostic>;

/// The most bytes a varint of a `u64` takes (10 × 7 bits ≥ 64).
const MAX_VARINT_BYTES: usize = 10;

/// A position in `bytes`, which start at `base` in the file and belong to `section`.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    base: usize,
    section: SectionKind,
    file: FileId,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`, which begin at file offset `base`.
    pub(crate) fn new(bytes: &'a [u8], base: usize, section: SectionKind, file: FileId) -> Self {
        Cursor {
            bytes,
            pos: 0,
            base,
            section,
            file,
        }
    }

    /// The file offset of the next byte.
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// How many bytes are left.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// Names `kind` as the section this cursor reads, from now on.
    pub(crate) fn set_section(&mut self, kind: SectionKind) {
        self.section = kind;
    }

    /// A `bytecode.corrupt` error at the current offset.
    pub(crate) fn corrupt(&self, message: impl std::fmt::Display) -> Diagnostic {
        self.error_at(self.offset(), DiagCode::BytecodeCorrupt, message)
    }

    /// An error of `code` at file offset `at`, naming the offset and the section.
    pub(crate) fn error_at(
        &self,
        at: usize,
        code: DiagCode,
        message: impl std::fmt::Display,
    ) -> Diagnostic {
        let msg = format!("{message} at offset {at} in the {}", self.section.name());
        Diagnostic::error(Loc::new(self.file, at, at + 1), msg).with_code(code)
    }

    /// An error of `code` at file offset `at`, naming the offset only (between sections).
    pub(crate) fn error_between(
        &self,
        at: usize,
        code: DiagCode,
        message: impl std::fmt::Display,
    ) -> Diagnostic {
        let msg = format!("{message} at offset {at}");
        Diagnostic::error(Loc::new(self.file, at, at + 1), msg).with_code(code)
    }

    /// The next `n` bytes.
    pub(crate) fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            let left = self.remaining();
            return Err(self.corrupt(format_args!(
                "{what} needs {n} bytes but only {left} are left"
            )));
        }
        let out = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(out)
    }

    /// A cursor over the next `n` bytes (of the same section), which this one skips.
    pub(crate) fn sub(&mut self, n: usize, what: &str) -> Result<Cursor<'a>> {
        let at = self.offset();
        let bytes = self.bytes(n, what)?;
        Ok(Cursor::new(bytes, at, self.section, self.file))
    }

    /// One byte.
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.bytes(1, what)?[0])
    }

    /// A little-endian integer of `N` bytes, zero-extended.
    pub(crate) fn le<const N: usize>(&mut self, what: &str) -> Result<u64> {
        let b = self.bytes(N, what)?;
        Ok(b.iter()
            .rev()
            .fold(0u64, |acc, &x| (acc << 8) | u64::from(x)))
    }

    /// An unsigned LEB128 varint that fits a `u64`.
    pub(crate) fn varint(&mut self, what: &str) -> Result<u64> {
        let start = self.offset();
        let mut value = 0u64;
        for i in 0..MAX_VARINT_BYTES {
            let byte = self.u8(what)?;
            let group = u64::from(byte & 0x7f);
            let shift = 7 * i as u32;
            if shift == 63 && group > 1 {
                return Err(self.too_big(start, what));
            }
            value |= group << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.too_big(start, what))
    }

    fn too_big(&self, start: usize, what: &str) -> Diagnostic {
        self.error_at(
            start,
            DiagCode::BytecodeCorrupt,
            format_args!("{what}: a varint that does not fit 64 bits"),
        )
    }

    /// A varint used as a count or index, which must fit a `usize` (and a `u32`).
    pub(crate) fn index(&mut self, what: &str) -> Result<usize> {
        let start = self.offset();
        let v = self.varint(what)?;
        u32::try_from(v).map(|v| v as usize).map_err(|_| {
            self.error_at(
                start,
                DiagCode::BytecodeCorrupt,
                format_args!("{what} {v} is too large"),
            )
        })
    }

    /// A count of items that each take at least `min_bytes` bytes: a count the rest of the
    /// data cannot hold is corrupt (and is never allocated).
    pub(crate) fn count(&mut self, what: &str, min_bytes: usize) -> Result<usize> {
        let start = self.offset();
        let n = self.index(what)?;
        if n.saturating_mul(min_bytes.max(1)) > self.remaining() {
            let left = self.remaining();
            return Err(self.error_at(
                start,
                DiagCode::BytecodeCorrupt,
                format_args!("{what} {n} does not fit the {left} bytes left"),
            ));
        }
        Ok(n)
    }

    /// A zigzag-encoded signed varint.
    pub(crate) fn signed_varint(&mut self, what: &str) -> Result<i64> {
        let v = self.varint(what)?;
        Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// Skips the padding up to a multiple of `alignment`, counted from `origin` (a file
    /// offset); padding bytes must be `0xCB`.
    pub(crate) fn align(&mut self, alignment: usize, origin: usize) -> Result<()> {
        let misalign = (self.offset() - origin) % alignment.max(1);
        let pad = (alignment - misalign) % alignment.max(1);
        let at = self.offset();
        let bytes = self.bytes(pad, "alignment padding")?;
        if let Some(i) = bytes.iter().position(|&b| b != PADDING_BYTE) {
            return Err(self.error_at(
                at + i,
                DiagCode::BytecodeCorrupt,
                format_args!("padding byte {:#04x} is not 0xcb", bytes[i]),
            ));
        }
        Ok(())
    }

    /// An int list: a varint count, then each element a little-endian two's-complement
    /// integer of `width` bytes (1, 4 or 8).
    pub(crate) fn int_list(&mut self, width: usize, what: &str) -> Result<Vec<i64>> {
        let n = self.count(what, width)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let b = self.bytes(width, what)?;
            let raw = b
                .iter()
                .rev()
                .fold(0u64, |acc, &x| (acc << 8) | u64::from(x));
            let shift = 64 - 8 * width as u32;
            out.push(((raw << shift) as i64) >> shift);
        }
        Ok(out)
    }

    /// Fails unless every byte was read, but for fewer than `alignment` padding bytes (`0xCB`)
    /// at the end: NVIDIA's writer pads the function section's payload to 8 bytes.
    pub(crate) fn finish_padded(&self, alignment: usize, what: &str) -> Result<()> {
        let rest = &self.bytes[self.pos..];
        if rest.len() < alignment && rest.iter().all(|&b| b == PADDING_BYTE) {
            return Ok(());
        }
        self.finish(what)
    }

    /// Fails unless every byte was read.
    pub(crate) fn finish(&self, what: &str) -> Result<()> {
        match self.remaining() {
            0 => Ok(()),
            n => Err(self.corrupt(format_args!("{n} bytes left over after {what}"))),
        }
    }
}

/// What the writer fills alignment padding with.
pub(crate) const PADDING_BYTE: u8 = 0xcb;

#[cfg(test)]
mod tests {
    use super::*;

    fn cur(bytes: &[u8]) -> Cursor<'_> {
        Cursor::new(bytes, 100, SectionKind::Type, FileId(0))
    }

    #[test]
    fn varints() {
        assert_eq!(cur(&[0x00]).varint("v").unwrap(), 0);
        assert_eq!(cur(&[0x7f]).varint("v").unwrap(), 127);
        assert_eq!(cur(&[0x82, 0x01]).varint("v").unwrap(), 130);
        let max = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(cur(&max).varint("v").unwrap(), u64::MAX);
        let over = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02];
        let e = cur(&over).varint("v").unwrap_err();
        assert!(e
            .message
            .contains("does not fit 64 bits at offset 100 in the type section"));
        let e = cur(&[0x80]).varint("the count").unwrap_err();
        assert_eq!(e.code, DiagCode::BytecodeCorrupt);
        assert!(e.message.contains("at offset 101"), "{}", e.message);
    }

    #[test]
    fn signed_and_lists() {
        // zigzag: 0→0, 1→-1, 2→1, 3→-2
        let mut c = cur(&[0, 1, 2, 3]);
        let v: Vec<i64> = (0..4).map(|_| c.signed_varint("s").unwrap()).collect();
        assert_eq!(v, [0, -1, 1, -2]);
        let mut c = cur(&[2, 0xff, 0xff, 0xff, 0xff, 7, 0, 0, 0]);
        assert_eq!(c.int_list(4, "l").unwrap(), [-1, 7]);
        // A count larger than the bytes left is an error, not an allocation.
        let e = cur(&[0xff, 0xff, 0xff, 0x0f])
            .int_list(8, "shape")
            .unwrap_err();
        assert!(e.message.contains("does not fit"), "{}", e.message);
    }

    #[test]
    fn trailing_padding_is_accepted_only_short_and_0xcb() {
        let mut c = cur(&[7, 0xcb, 0xcb]);
        c.u8("x").unwrap();
        c.finish_padded(8, "it").unwrap();
        assert!(c.finish("it").is_err());
        let mut c = cur(&[7, 0xcb, 0x00]);
        c.u8("x").unwrap();
        let e = c.finish_padded(8, "it").unwrap_err();
        assert!(
            e.message.starts_with("2 bytes left over after it"),
            "{}",
            e.message
        );
        let c = cur(&[0xcb; 8]);
        assert!(
            c.finish_padded(8, "it").is_err(),
            "a whole alignment is not padding"
        );
    }

    #[test]
    fn padding_is_checked() {
        let mut c = Cursor::new(&[0xcb, 0xcb, 9], 2, SectionKind::Type, FileId(0));
        c.align(4, 0).unwrap();
        assert_eq!(c.u8("x").unwrap(), 9);
        let mut c = Cursor::new(&[0xcb, 0x00, 9], 2, SectionKind::Type, FileId(0));
        assert!(c.align(4, 0).unwrap_err().message.contains("offset 3"));
    }
}
