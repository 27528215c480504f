//! The lexer of the litmus format: identifiers (`ld`, `r0`, `P1`, `LC00`, `acq_rel`), numbers
//! (decimal, `0x` hex), quoted strings, punctuation (longest match: `/\`, `\/`, `==`, `!=`, `<=`,
//! `>=`, then single characters). `(* … *)` and `// …` (tilec's extension, for `RUN:` lines) are
//! comments. An unknown character is a located error and is skipped.

use tilec_ir::{Diagnostic, Diagnostics, FileId, Loc};

/// A token kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An identifier.
    Ident(String),
    /// A number (already negated by the parser when a `-` precedes it).
    Num(i64),
    /// A quoted string, without its quotes.
    Str(String),
    /// Punctuation.
    Punct(&'static str),
    /// End of input.
    Eof,
}

/// A token and its byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub tok: Tok,
    /// Start byte.
    pub start: usize,
    /// End byte.
    pub end: usize,
}

const PUNCT: &[&str] = &[
    "/\\", "\\/", "==", "!=", "<=", ">=", "{", "}", ";", "|", ",", ":", "@", "=", "<", ">", "(",
    ")", "[", "]", "&", "~", ".", "-", "*", "+",
];

/// Splits `text[from..]` into tokens (ending with [`Tok::Eof`]); errors go to `diags`.
pub fn lex(text: &str, from: usize, file: FileId, diags: &mut Diagnostics) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = from.min(bytes.len());
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("(*") {
            match text[i + 2..].find("*)") {
                Some(k) => i = i + 2 + k + 2,
                None => {
                    diags.push(Diagnostic::error(
                        Loc::new(file, i, i + 2),
                        "unterminated comment '(*'",
                    ));
                    i = bytes.len();
                }
            }
        } else if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
        } else if c == b'"' {
            let end = text[i + 1..].find('"').map(|k| i + 1 + k);
            let Some(end) = end else {
                diags.push(Diagnostic::error(
                    Loc::new(file, i, i + 1),
                    "unterminated string",
                ));
                break;
            };
            let s = text[i + 1..end].to_string();
            out.push(Token {
                tok: Tok::Str(s),
                start: i,
                end: end + 1,
            });
            i = end + 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = scan(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'_');
            let id = text[i..end].to_string();
            out.push(Token {
                tok: Tok::Ident(id),
                start: i,
                end,
            });
            i = end;
        } else if c.is_ascii_digit() {
            i = number(text, i, file, diags, &mut out);
        } else if let Some(p) = PUNCT.iter().find(|p| text[i..].starts_with(**p)) {
            out.push(Token {
                tok: Tok::Punct(p),
                start: i,
                end: i + p.len(),
            });
            i += p.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            let len = ch.len_utf8();
            diags.push(Diagnostic::error(
                Loc::new(file, i, i + len),
                format!("unexpected character '{}'", ch.escape_default()),
            ));
            i += len;
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        start: bytes.len(),
        end: bytes.len(),
    });
    out
}

fn scan(bytes: &[u8], from: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut e = from;
    while e < bytes.len() && ok(bytes[e]) {
        e += 1;
    }
    e
}

fn number(
    text: &str,
    i: usize,
    file: FileId,
    diags: &mut Diagnostics,
    out: &mut Vec<Token>,
) -> usize {
    let bytes = text.as_bytes();
    let hex = text[i..].starts_with("0x") || text[i..].starts_with("0X");
    let end = if hex {
        scan(bytes, i + 2, |b| b.is_ascii_hexdigit())
    } else {
        scan(bytes, i, |b| b.is_ascii_digit())
    };
    let parsed = if hex {
        i64::from_str_radix(&text[i + 2..end], 16)
    } else {
        text[i..end].parse::<i64>()
    };
    match parsed {
        Ok(v) => out.push(Token {
            tok: Tok::Num(v),
            start: i,
            end,
        }),
        Err(_) => {
            diags.push(Diagnostic::error(
                Loc::new(file, i, end),
                format!("'{}' is not a 64-bit integer", &text[i..end]),
            ));
            out.push(Token {
                tok: Tok::Num(0),
                start: i,
                end,
            });
        }
    }
    end
}
