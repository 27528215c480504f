//! Linear pre-scans of the source: the nesting limit, and finding an op tail's extent for the
//! memoization of tails by their text.

use super::PResult;
use crate::diag::Diagnostic;
use crate::source::{FileId, Loc};

/// The deepest nesting of regions and brackets the parser accepts (like clang's bracket depth).
pub const MAX_NESTING: usize = 200;

/// One pass over the text: rejects nesting deeper than [`MAX_NESTING`] outside strings and
/// comments (`->` is not a bracket).
pub(super) fn check_nesting(src: &str, file: FileId) -> PResult<()> {
    let b = src.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            b'(' | b'[' | b'{' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let msg = format!("nesting deeper than {MAX_NESTING} levels of regions and brackets is not supported");
                    return Err(Box::new(Diagnostic::error(Loc::new(file, i, i + 1), msg)));
                }
            }
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// The end of the attribute dictionary (== `pos` when there is none) and the end of the op tail
/// (`{attrs} : (ins) -> outs`) starting at `pos`, found by bracket matching, or None when the
/// tail is malformed (then pest parses it and reports any error). A trailing `loc(…)` is not
/// part of the tail (parser/debug.rs reads it).
pub(super) fn scan_tail(src: &str, pos: usize) -> Option<(usize, usize)> {
    let b = src.as_bytes();
    let mut i = pos;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\r' | b'\n') {
            *i += 1;
        }
    };
    // Balanced scan from an opening bracket to just past its closer.
    let balanced = |i: &mut usize, open: u8, close: u8| -> Option<()> {
        let mut depth = 0usize;
        while *i < b.len() {
            match b[*i] {
                b'"' => {
                    *i += 1;
                    while *i < b.len() && b[*i] != b'"' {
                        *i += if b[*i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'/' if b.get(*i + 1) == Some(&b'/') => return None,
                b'-' if b.get(*i + 1) == Some(&b'>') => *i += 1,
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        *i += 1;
                        return Some(());
                    }
                }
                _ => {}
            }
            *i += 1;
        }
        None
    };
    if b.get(i) == Some(&b'{') {
        balanced(&mut i, b'{', b'}')?;
    }
    let dict_end = i;
    skip_ws(&mut i);
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    skip_ws(&mut i);
    if b.get(i) != Some(&b'(') {
        return None;
    }
    balanced(&mut i, b'(', b')')?;
    skip_ws(&mut i);
    if b.get(i..i + 2) != Some(b"->") {
        return None;
    }
    i += 2;
    skip_ws(&mut i);
    if b.get(i) == Some(&b'(') {
        balanced(&mut i, b'(', b')')?;
    } else {
        while i < b.len()
            && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'_' | b'.' | b'!' | b'$'))
        {
            i += 1;
        }
        if b.get(i) == Some(&b'<') {
            balanced(&mut i, b'<', b'>')?;
        }
    }
    Some((dict_end, i))
}
