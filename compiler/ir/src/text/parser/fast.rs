//! Byte-level fast paths for the most frequent pieces of custom ops: a value use (`%x`,
//! `%x#1`) and the result prefix (`%a, %b:2 =`). Each returns None for anything but the plain,
//! valid spelling (a comment inside, an out-of-range number, a malformed name), and the caller
//! then parses with pest, which accepts or reports exactly as before: the fast path only ever
//! agrees with the grammar (`value_use`, `result_prefix` in generic.pest).

use std::ops::Range;

/// `WHITESPACE` of the grammar (comments are left to pest).
fn blank(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

fn ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

/// The end of `value_id` (`%` and a `suffix_id`) starting at `i`.
fn value_id(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let first = *b.get(i + 1)?;
    let mut j = i + 2;
    if first.is_ascii_digit() {
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
    } else if first.is_ascii_alphabetic() || matches!(first, b'$' | b'.' | b'_' | b'-') {
        while b.get(j).is_some_and(|&c| ident(c)) {
            j += 1;
        }
    } else {
        return None;
    }
    Some(j)
}

/// Digits from `i`: their end, when there is at least one.
fn digits(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    while b.get(j).is_some_and(u8::is_ascii_digit) {
        j += 1;
    }
    (j > i).then_some(j)
}

/// A `value_use` at `i`: the name's range, the index (0 without `#N`) and the end. None when the
/// index does not fit a u32 (pest reports it).
pub(super) fn value_use(src: &str, i: usize) -> Option<(Range<usize>, u32, usize)> {
    let b = src.as_bytes();
    let end = value_id(b, i)?;
    if b.get(end) != Some(&b'#') {
        // `%x#` without digits is the grammar's business.
        return Some((i..end, 0, end));
    }
    let d = digits(b, end + 1)?;
    let index = src[end + 1..d].parse().ok()?;
    Some((i..end, index, d))
}

/// One result definition: the name's range, the group size, the whole definition's range.
pub(super) type ResultDef = (Range<usize>, u32, Range<usize>);

/// A `result_prefix` (`%a, %b:2 =`) at `i`: each result's (name range, count, whole range) and
/// the offset after `=`. None unless every count is in 1..2^20.
pub(super) fn result_prefix(src: &str, i: usize) -> Option<(Vec<ResultDef>, usize)> {
    let b = src.as_bytes();
    let skip = |mut j: usize| {
        while b.get(j).is_some_and(|&c| blank(c)) {
            j += 1;
        }
        j
    };
    let mut out = Vec::new();
    let mut j = i;
    loop {
        let name_end = value_id(b, j)?;
        let (count, end) = if b.get(name_end) == Some(&b':') {
            let d = digits(b, name_end + 1)?;
            let c: u32 = src[name_end + 1..d].parse().ok()?;
            ((1..1 << 20).contains(&c).then_some(c)?, d)
        } else {
            (1, name_end)
        };
        out.push((j..name_end, count, j..end));
        j = skip(end);
        match b.get(j) {
            Some(b',') => j = skip(j + 1),
            Some(b'=') => return Some((out, j + 1)),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_uses_match_the_grammar() {
        assert_eq!(value_use("%x ", 0), Some((0..2, 0, 2)));
        assert_eq!(value_use("%x#12,", 0), Some((0..2, 12, 5)));
        assert_eq!(value_use("%0.a-b", 0), Some((0..2, 0, 2)));
        assert_eq!(value_use("%a-b.c", 0), Some((0..6, 0, 6)));
        assert_eq!(value_use("%#", 0), None);
        assert_eq!(value_use("%x#99999999999", 0), None);
    }

    #[test]
    fn result_prefixes_match_the_grammar() {
        let (r, end) = result_prefix("%a, %b:2 = x", 0).unwrap();
        assert_eq!(r, vec![(0..2, 1, 0..2), (4..6, 2, 4..8)]);
        assert_eq!(end, 10);
        assert_eq!(result_prefix("%a:0 =", 0), None);
        assert_eq!(result_prefix("%a // c\n =", 0), None);
        assert_eq!(result_prefix("%a %b =", 0), None);
    }
}
