//! Pattern compilation: turns the text of one directive into a [`Matcher`]
//! (a fixed string, or regex pieces with `[[VAR]]` definitions and uses),
//! and builds the regex for those pieces once variables are known.

use super::parse::Kind;
use regex::Regex;
use std::collections::{BTreeSet, HashMap};

/// One part of a regex pattern.
#[derive(Clone, Debug)]
pub(super) enum Piece {
    Lit(String),
    Re(String),
    Def {
        name: String,
        group: String,
        re: String,
    },
    /// `pos`: where the name sits in its source, for "undefined variable".
    Use {
        name: String,
        pos: usize,
    },
}

/// How a pattern is searched for.
#[derive(Clone, Debug)]
pub(super) enum Matcher {
    Fixed(String),
    Empty,
    Eof,
    Regex {
        pieces: Vec<Piece>,
        full_lines: bool,
        compiled: Option<Regex>,
    },
}

/// One parsed directive.
#[derive(Clone, Debug)]
pub(super) struct Pattern {
    pub(super) kind: Kind,
    pub(super) count: usize,
    pub(super) prefix: String,
    /// Index into the sources (0 = check file, then command-line patterns).
    pub(super) src: usize,
    /// Byte offset of the pattern text in its source.
    pub(super) loc: usize,
    pub(super) matcher: Matcher,
}

impl Pattern {
    /// The directive's name as diagnostics give it, e.g. `CHECK-NEXT`.
    pub(super) fn desc(&self) -> String {
        let suffix = match self.kind {
            Kind::Plain if self.count > 1 => "-COUNT",
            Kind::Plain => "",
            Kind::Next => "-NEXT",
            Kind::Same => "-SAME",
            Kind::Not => "-NOT",
            Kind::Dag => "-DAG",
            Kind::Label => "-LABEL",
            Kind::Empty => "-EMPTY",
            Kind::Eof => return "implicit EOF".into(),
        };
        format!("{}{}", self.prefix, suffix)
    }
}

/// Parses one pattern; `base` is its offset in source `src`, used for error
/// positions (returned as `(offset, message)`).
#[allow(clippy::too_many_arguments)]
pub(super) fn parse_pattern(
    text: &str,
    base: usize,
    kind: Kind,
    count: usize,
    literal: bool,
    match_full_lines: bool,
    prefix: &str,
    src: usize,
) -> Result<Pattern, (usize, String)> {
    let make = |matcher| {
        Ok(Pattern {
            kind,
            count,
            prefix: prefix.to_string(),
            src,
            loc: base,
            matcher,
        })
    };
    if text.is_empty() && kind != Kind::Empty {
        return Err((
            base,
            format!("found empty check string with prefix '{prefix}:'"),
        ));
    }
    if kind == Kind::Empty {
        if !text.is_empty() {
            return Err((
                base,
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            ));
        }
        return make(Matcher::Empty);
    }
    let full_lines = match_full_lines && kind != Kind::Not;
    if literal || (!full_lines && !text.contains("{{") && !text.contains("[[")) {
        return make(Matcher::Fixed(text.to_string()));
    }
    let pieces = scan_pieces(text, base)?;
    let compiled = if pieces.iter().any(|p| matches!(p, Piece::Use { .. })) {
        None
    } else {
        let source = regex_source(&pieces, full_lines, &HashMap::new())
            .map_err(|(p, _)| (p, "internal error".to_string()))?;
        Some(Regex::new(&source).map_err(|e| (base, format!("invalid regex: {e}")))?)
    };
    make(Matcher::Regex {
        pieces,
        full_lines,
        compiled,
    })
}

/// `Err` at `pos` when `re` is not a valid regex.
fn invalid(pos: usize, re: &str) -> Result<(), (usize, String)> {
    match Regex::new(re) {
        Ok(_) => Ok(()),
        Err(e) => Err((pos, format!("invalid regex: {e}"))),
    }
}

/// Cuts a regex pattern `text` (at offset `base` of its source) into its
/// `{{regex}}`, `[[variable]]` and literal pieces.
fn scan_pieces(text: &str, base: usize) -> Result<Vec<Piece>, (usize, String)> {
    let mut pieces = Vec::new();
    let mut defined_here: BTreeSet<&str> = BTreeSet::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        if rest.starts_with("{{") {
            let Some(end) = rest.find("}}") else {
                return Err((
                    base + at,
                    "found start of regex string with no end '}}'".into(),
                ));
            };
            invalid(base + at + 2, &rest[2..end])?;
            pieces.push(Piece::Re(rest[2..end].to_string()));
            at += end + 2;
        } else if rest.starts_with("[[") && !rest.starts_with("[[[") {
            at += var_piece(rest, base + at, &mut pieces, &mut defined_here)?;
        } else {
            // Search from the second character so that a lone "[[[" is
            // consumed one '[' at a time, as FileCheck does.
            let skip = rest.chars().next().map_or(1, char::len_utf8);
            let next = [rest[skip..].find("{{"), rest[skip..].find("[[")]
                .into_iter()
                .flatten()
                .min();
            let end = next.map_or(rest.len(), |n| n + skip);
            pieces.push(Piece::Lit(rest[..end].to_string()));
            at += end;
        }
    }
    Ok(pieces)
}

/// Adds the `[[NAME]]` use or `[[NAME:regex]]` definition that `rest` (at
/// offset `pos` of its source) starts with to `pieces`; `Ok` is its length.
/// `defined_here`: the variables the pattern defined so far.
fn var_piece<'t>(
    rest: &'t str,
    pos: usize,
    pieces: &mut Vec<Piece>,
    defined_here: &mut BTreeSet<&'t str>,
) -> Result<usize, (usize, String)> {
    let inner = &rest[2..];
    let end = match find_var_end(inner) {
        Ok(Some(end)) => end,
        Ok(None) => return Err((pos, "Invalid substitution block, no ]] found".into())),
        Err(p) => {
            return Err((
                pos + 2 + p,
                "missing closing \"]\" for regex variable".into(),
            ))
        }
    };
    let block = &inner[..end];
    let name_pos = pos + 2;
    let (name, def) = match block.split_once(':') {
        Some((n, re)) => (n, Some(re)),
        None => (block, None),
    };
    check_var_name(block, name, def.is_some(), name_pos)?;
    match def {
        Some(re) => {
            invalid(name_pos + name.len() + 1, re)?;
            defined_here.insert(name);
            let group = format!("v{}", pieces.len());
            pieces.push(Piece::Def {
                name: name.to_string(),
                group,
                re: re.to_string(),
            });
        }
        None if defined_here.contains(name) => {
            return Err((name_pos, format!(
                "variable '{name}' is used on the line that defines it; tile-lit's FileCheck cannot match that (no regex back-references)"
            )));
        }
        None => pieces.push(Piece::Use {
            name: name.to_string(),
            pos: name_pos,
        }),
    }
    Ok(2 + end + 2)
}

/// Rejects what tile-lit's FileCheck does not support in the `[[block]]` of
/// the variable `name` (a definition when `def`), and malformed names.
fn check_var_name(
    block: &str,
    name: &str,
    def: bool,
    name_pos: usize,
) -> Result<(), (usize, String)> {
    if block.starts_with('#') || name.starts_with('@') {
        return Err((
            name_pos,
            "numeric substitutions and @LINE are not supported by tile-lit's FileCheck".into(),
        ));
    }
    if let Some(sp) = name.find([' ', '\t']) {
        return Err((name_pos + sp, "unexpected whitespace".into()));
    }
    let body = name.strip_prefix('$').unwrap_or(name);
    let valid = body
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && body.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        let what = if def { "definition" } else { "use" };
        return Err((name_pos, format!("invalid name in string variable {what}")));
    }
    Ok(())
}

/// Finds the `]]` closing a `[[` block, skipping brackets nested inside its
/// regex. `Err` is the offset of an unbalanced `]`.
fn find_var_end(s: &str) -> Result<Option<usize>, usize> {
    let b = s.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        if depth == 0 && b[i..].starts_with(b"]]") {
            return Ok(Some(i));
        }
        match b[i] {
            b'\\' => i += 1,
            b'[' => depth += 1,
            b']' if depth == 0 => return Err(i),
            b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

/// The regex for `pieces` with variable uses substituted; `Err` names an
/// undefined variable and where it is used.
pub(super) fn regex_source(
    pieces: &[Piece],
    full_lines: bool,
    vars: &HashMap<String, String>,
) -> Result<String, (usize, String)> {
    let mut s = String::from(if full_lines { "^ *" } else { "" });
    for piece in pieces {
        match piece {
            Piece::Lit(l) => s.push_str(&regex::escape(l)),
            Piece::Re(r) => s.push_str(&format!("(?:{r})")),
            Piece::Def { group, re, .. } => s.push_str(&format!("(?P<{group}>{re})")),
            Piece::Use { name, pos } => match vars.get(name) {
                Some(v) => s.push_str(&regex::escape(v)),
                None => return Err((*pos, name.clone())),
            },
        }
    }
    if full_lines {
        s.push_str(" *$");
    }
    Ok(s)
}
