//! Directive and prefix scanning: canonicalizes the check text, validates
//! the prefixes, and cuts the check file into [`CheckString`]s, each a
//! positive directive with the DAG/NOT directives that precede it. The
//! pattern text of every directive is compiled by [`super::pattern`].

use super::matcher::render_at;
use super::pattern::{parse_pattern, Matcher, Pattern, Piece};
use super::CheckOptions;
use std::collections::BTreeSet;

/// Which directive a pattern comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    /// Carries trailing DAG/NOT directives to the end of the input.
    Eof,
}

/// A positive directive with the DAG/NOT directives that precede it.
pub(super) struct CheckString {
    pub(super) pat: Pattern,
    pub(super) dag_not: Vec<Pattern>,
}

/// A text patterns point into: the check file or a command-line pattern.
pub(super) struct Source {
    pub(super) name: String,
    pub(super) text: String,
}

/// Folds each run of spaces and tabs into one space and drops the `\r` of
/// `\r\n`, as FileCheck does to both files without --strict-whitespace.
pub(super) fn canonicalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        if c == ' ' || c == '\t' {
            out.push(' ');
            while matches!(chars.peek(), Some(' ' | '\t')) {
                chars.next();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A byte that may appear in a prefix (and so cannot precede one).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Rejects empty, malformed and duplicate prefixes (`COM` and `RUN` count).
pub(super) fn validate_prefixes(prefixes: &[String]) -> Result<(), String> {
    let mut seen: BTreeSet<&str> = ["COM", "RUN"].into_iter().collect();
    for p in prefixes {
        if p.is_empty() {
            return Err("error: supplied check prefix must not be the empty string\n".into());
        }
        if !p.bytes().all(is_word_byte) {
            return Err(format!(
                "error: supplied check prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'\n"
            ));
        }
        if !seen.insert(p) {
            return Err(format!("error: supplied check prefix must be unique among check and comment prefixes: '{p}'\n"));
        }
    }
    Ok(())
}

/// What follows a prefix occurrence.
enum Ty {
    None,
    Comment,
    Dir {
        kind: Kind,
        count: usize,
        literal: bool,
    },
    Misspelled,
    BadNot,
    BadCount,
}

/// Classifies the text after a prefix; the `usize` is how many bytes of
/// `rest` the directive syntax (up to and including `:`) takes.
fn find_check_type(rest: &str, is_comment: bool) -> (Ty, usize) {
    let used = |r: &str| rest.len() - r.len();
    if is_comment {
        return match rest.strip_prefix(':') {
            Some(r) => (Ty::Comment, used(r)),
            None => (Ty::None, 0),
        };
    }
    let modifiers = |r: &str, kind: Kind, count: usize| -> (Ty, usize) {
        if let Some(r) = r.strip_prefix(':') {
            return (
                Ty::Dir {
                    kind,
                    count,
                    literal: false,
                },
                used(r),
            );
        }
        let Some(mut r) = r.strip_prefix('{') else {
            return (Ty::None, 0);
        };
        loop {
            let Some(after) = r.trim_start().strip_prefix("LITERAL") else {
                return (Ty::None, 0);
            };
            r = after.trim_start();
            match r.strip_prefix(',') {
                Some(more) => r = more,
                None => break,
            }
        }
        match r.strip_prefix("}:") {
            Some(r) => (
                Ty::Dir {
                    kind,
                    count,
                    literal: true,
                },
                used(r),
            ),
            None => (Ty::None, 0),
        }
    };
    if rest.starts_with(':') || rest.starts_with('{') {
        return modifiers(rest, Kind::Plain, 1);
    }
    let (misspelled, r) = if let Some(r) = rest.strip_prefix('_') {
        (true, r)
    } else if let Some(r) = rest.strip_prefix('-') {
        (false, r)
    } else {
        return (Ty::None, 0);
    };
    let result = if let Some(r) = r.strip_prefix("COUNT-") {
        let digits = r.bytes().take_while(u8::is_ascii_digit).count();
        let count: usize = r[..digits].parse().unwrap_or(0);
        let after = &r[digits..];
        if count == 0
            || count > i32::MAX as usize
            || !(after.starts_with(':') || after.starts_with('{'))
        {
            (Ty::BadCount, used(after))
        } else {
            modifiers(after, Kind::Plain, count)
        }
    } else if [
        "DAG-NOT:",
        "NOT-DAG:",
        "NEXT-NOT:",
        "NOT-NEXT:",
        "SAME-NOT:",
        "NOT-SAME:",
        "EMPTY-NOT:",
        "NOT-EMPTY:",
    ]
    .iter()
    .any(|s| r.starts_with(s))
    {
        (Ty::BadNot, used(r))
    } else {
        let kinds = [
            ("NEXT", Kind::Next),
            ("SAME", Kind::Same),
            ("NOT", Kind::Not),
            ("DAG", Kind::Dag),
            ("LABEL", Kind::Label),
            ("EMPTY", Kind::Empty),
        ];
        kinds
            .iter()
            .find_map(|(word, kind)| r.strip_prefix(word).map(|r| modifiers(r, *kind, 1)))
            .unwrap_or((Ty::None, 0))
    };
    match result.0 {
        Ty::None => (Ty::None, 0),
        _ if misspelled => (Ty::Misspelled, result.1),
        _ => result,
    }
}

/// Scans `src` for directives with the given prefixes. `implicit` holds the
/// `--implicit-check-not` patterns, which head every DAG/NOT group. `Err` is
/// the rendered diagnostic.
pub(super) fn parse_checks(
    src: &Source,
    opts: &CheckOptions,
    prefixes: &[String],
    default_prefix: bool,
    implicit: &[Pattern],
) -> Result<Vec<CheckString>, String> {
    let text = src.text.as_str();
    let err = |pos: usize, msg: &str| render_at(&src.name, text, pos, "error", msg, 0);
    let mut cands = prefix_candidates(text, prefixes);
    let mut used: BTreeSet<&str> = BTreeSet::new();
    let mut strings: Vec<CheckString> = Vec::new();
    let mut dag_not: Vec<Pattern> = implicit.to_vec();
    let mut pos = 0;
    while let Some((start, idx)) = next_prefix(text, &mut cands, pos) {
        let (prefix, is_comment, _) = cands[idx];
        let after_prefix = start + prefix.len();
        let preceded = start > 0 && is_word_byte(text.as_bytes()[start - 1]);
        let (ty, n) = if preceded {
            (Ty::None, 0)
        } else {
            find_check_type(&text[after_prefix..], is_comment)
        };
        if let Ty::None = ty {
            pos = after_prefix
                + text[after_prefix..]
                    .bytes()
                    .take_while(|&b| is_word_byte(b))
                    .count();
            continue;
        }
        let (pat_start, eol) = pattern_span(text, after_prefix + n);
        pos = eol;
        if let Some((p, m)) = malformed(&ty, text, prefix, start, after_prefix + n) {
            return Err(err(p, &m));
        }
        let Ty::Dir {
            kind,
            count,
            literal,
        } = ty
        else {
            // A comment.
            continue;
        };
        used.insert(prefix);
        let body = text[pat_start..eol].trim_end_matches([' ', '\t']);
        let pat = parse_pattern(
            body,
            pat_start,
            kind,
            count,
            literal,
            opts.match_full_lines,
            prefix,
            0,
        )
        .map_err(|(p, m)| err(p, &m))?;
        if let Some(m) = misplaced(&pat, prefix, strings.is_empty()) {
            return Err(err(start, &m));
        }
        if matches!(kind, Kind::Dag | Kind::Not) {
            dag_not.push(pat);
        } else {
            strings.push(CheckString {
                pat,
                dag_not: std::mem::replace(&mut dag_not, implicit.to_vec()),
            });
        }
    }
    check_used(prefixes, &used, opts, default_prefix, implicit.is_empty())?;
    if !dag_not.is_empty() {
        let eof = Pattern {
            kind: Kind::Eof,
            count: 1,
            prefix: prefixes[0].clone(),
            src: 0,
            loc: text.len(),
            matcher: Matcher::Eof,
        };
        strings.push(CheckString { pat: eof, dag_not });
    }
    Ok(strings)
}

/// Where the pattern text of a directive whose syntax ends at `from` starts
/// (after blanks) and where its line ends.
fn pattern_span(text: &str, from: usize) -> (usize, usize) {
    let mut pat_start = from;
    pat_start += text[pat_start..]
        .bytes()
        .take_while(|&b| b == b' ' || b == b'\t')
        .count();
    let eol = text[pat_start..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| pat_start + i);
    (pat_start, eol)
}

/// The prefixes to scan `text` for: (prefix, is_comment, next occurrence);
/// longest first so that with prefixes A and A-B, "A-B:" is read as the latter.
fn prefix_candidates<'a>(
    text: &str,
    prefixes: &'a [String],
) -> Vec<(&'a str, bool, Option<usize>)> {
    let mut cands: Vec<(&str, bool, Option<usize>)> = prefixes
        .iter()
        .map(|p| (p.as_str(), false))
        .chain([("COM", true), ("RUN", true)])
        .map(|(p, c)| (p, c, text.find(p)))
        .collect();
    cands.sort_by_key(|c| std::cmp::Reverse(c.0.len()));
    cands
}

/// The first prefix occurrence at or after `pos`, as (offset, index into
/// `cands`); the occurrences of `cands` before `pos` are moved on first.
fn next_prefix(
    text: &str,
    cands: &mut [(&str, bool, Option<usize>)],
    pos: usize,
) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (idx, cand) in cands.iter_mut().enumerate() {
        if cand.2.is_some_and(|p| p < pos) {
            cand.2 = text
                .get(pos..)
                .and_then(|t| t.find(cand.0))
                .map(|p| p + pos);
        }
        if let Some(p) = cand.2 {
            if best.is_none_or(|(bp, _)| p < bp) {
                best = Some((p, idx));
            }
        }
    }
    best
}

/// The error for a malformed directive of type `ty` found at `start` (its
/// syntax ending at `end`), if it is one.
fn malformed(
    ty: &Ty,
    text: &str,
    prefix: &str,
    start: usize,
    end: usize,
) -> Option<(usize, String)> {
    match ty {
        Ty::Misspelled => Some((
            start,
            format!("misspelled directive '{}'", &text[start..end]),
        )),
        Ty::BadNot => Some((end, format!("unsupported -NOT combo on prefix '{prefix}'"))),
        Ty::BadCount => Some((
            end,
            format!("invalid count in -COUNT specification on prefix '{prefix}'"),
        )),
        Ty::None | Ty::Comment | Ty::Dir { .. } => None,
    }
}

/// Why the directive `pat` cannot stand where it is, if it cannot: a LABEL
/// with variables, or a NEXT/SAME/EMPTY with no directive before it (`first`).
fn misplaced(pat: &Pattern, prefix: &str, first: bool) -> Option<String> {
    let kind = pat.kind;
    if kind == Kind::Label {
        if let Matcher::Regex { pieces, .. } = &pat.matcher {
            if pieces
                .iter()
                .any(|p| matches!(p, Piece::Def { .. } | Piece::Use { .. }))
            {
                return Some(format!(
                    "found '{prefix}-LABEL:' with variable definition or use"
                ));
            }
        }
    }
    if matches!(kind, Kind::Next | Kind::Same | Kind::Empty) && first {
        let word = match kind {
            Kind::Next => "NEXT",
            Kind::Same => "SAME",
            _ => "EMPTY",
        };
        return Some(format!(
            "found '{prefix}-{word}' without previous '{prefix}: line"
        ));
    }
    None
}

/// Rejects a check file that uses none of the prefixes, or (without
/// --allow-unused-prefixes) not all of them; not when only the default
/// prefix is missing and `--implicit-check-not` patterns are given.
fn check_used(
    prefixes: &[String],
    used: &BTreeSet<&str>,
    opts: &CheckOptions,
    default_prefix: bool,
    no_implicit: bool,
) -> Result<(), String> {
    let missing: Vec<&String> = prefixes
        .iter()
        .filter(|p| !used.contains(p.as_str()))
        .collect();
    let none_used = missing.len() == prefixes.len();
    if (none_used || (!opts.allow_unused_prefixes && !missing.is_empty()))
        && (no_implicit || !default_prefix)
    {
        let list: Vec<String> = missing.iter().map(|p| format!("'{p}:'")).collect();
        let plural = if missing.len() > 1 { "es" } else { "" };
        return Err(format!(
            "error: no check strings found with prefix{plural} {}\n",
            list.join(", ")
        ));
    }
    Ok(())
}
