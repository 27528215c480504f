//! The parser: litmus text → [`Test`], or every error it finds as located [`Diagnostics`].
//!
//! The layout follows Dat3M's `LitmusPTX.g4`: a header line `PTX NAME`, anything up to the first
//! `{` (quoted strings are kept as comments), the init block, a row of thread declarations
//! `P0@cta 0,gpu 0 | …;`, instruction rows split by `|` and ended by `;`, then optional
//! `locations [...]` and `filter C`, and `exists C` / `~exists C` / `forall C`.
//! The parser recovers at `|`, `;` and `}` so one run reports every malformed cell; it never
//! panics (a fuzz-style test feeds it truncated and mutated versions of every vendored test).

use crate::ast::*;
use crate::instr::{parse_instr, Cursor};
use crate::lex::{lex, Tok};
use tilec_ir::{Diagnostic, Diagnostics, FileId, Loc, SourceMap};

/// Parses the litmus test in `file`.
pub fn parse_test(sources: &SourceMap, file: FileId) -> Result<Test, Diagnostics> {
    let text = sources.text(file);
    let mut diags = Diagnostics::new();
    let Some((arch, name, after_header)) = header(text, file, &mut diags) else {
        return Err(diags);
    };
    let Some((comments, brace)) = preamble(text, after_header) else {
        diags.error(
            Loc::new(file, text.len(), text.len()),
            "expected the init block '{' after the header",
        );
        return Err(diags);
    };
    let toks = lex(text, brace, file, &mut diags);
    let mut c = Cursor::new(toks, file);
    let init = init_block(&mut c);
    let threads = thread_decls(&mut c);
    let mut test = Test {
        arch,
        name,
        comments,
        init,
        threads,
        locations: None,
        filter: None,
        assertion: Assertion {
            quantifier: Quantifier::Exists,
            cond: Cond::Cmp {
                lhs: CondValue::Const(0),
                op: CmpOp::Eq,
                rhs: CondValue::Const(0),
                loc: Loc::default(),
            },
            loc: Loc::default(),
        },
    };
    if !test.threads.is_empty() {
        instruction_rows(&mut c, &mut test.threads);
        final_part(&mut c, &mut test);
    }
    diags.extend(std::mem::take(&mut c.diags));
    if !diags.has_errors() {
        crate::check::check(&test, file, &mut diags);
    }
    if diags.has_errors() {
        Err(diags)
    } else {
        Ok(test)
    }
}

/// `PTX NAME` on the first non-blank line: (arch, name, offset after the line).
fn header(text: &str, file: FileId, diags: &mut Diagnostics) -> Option<(String, String, usize)> {
    let start = text.len() - text.trim_start().len();
    let line_end = text[start..].find('\n').map_or(text.len(), |k| start + k);
    let line = &text[start..line_end];
    let word_end = line.find(|c: char| c.is_whitespace()).unwrap_or(line.len());
    let arch = &line[..word_end];
    if arch != "PTX" && arch != "ptx" {
        diags.push(Diagnostic::error(
            Loc::new(file, start, start + word_end.max(1).min(line.len().max(1))),
            "expected the header 'PTX <name>'",
        ));
        return None;
    }
    let name = line[word_end..].trim().to_string();
    if name.is_empty() {
        diags.push(Diagnostic::error(
            Loc::new(file, start + word_end, start + word_end),
            "the test has no name after 'PTX'",
        ));
        return None;
    }
    Some((arch.to_string(), name, line_end))
}

/// Skips to the first `{` outside quotes and comments, keeping the quoted strings.
fn preamble(text: &str, from: usize) -> Option<(Vec<String>, usize)> {
    let mut comments = Vec::new();
    let mut i = from;
    while i < text.len() {
        let rest = &text[i..];
        if rest.starts_with('{') {
            return Some((comments, i));
        } else if let Some(body) = rest.strip_prefix('"') {
            let end = body.find('"')?;
            comments.push(body[..end].to_string());
            i += end + 2;
        } else if rest.starts_with("(*") {
            i += rest.find("*)")? + 2;
        } else if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    None
}

fn init_block(c: &mut Cursor) -> Vec<InitItem> {
    let mut items = Vec::new();
    if !c.expect("{", "'{' to open the init block") {
        return items;
    }
    loop {
        if c.eat("}") {
            break;
        }
        if c.at_eof() {
            c.error_here("expected '}' to close the init block");
            return items;
        }
        if c.eat(";") {
            continue;
        }
        match init_item(c) {
            Some(item) => items.push(item),
            None => c.recover(&[";", "}"]),
        }
        if !c.is(";") && !c.is("}") {
            c.error_here("expected ';' or '}' after an init declaration");
            c.recover(&[";", "}"]);
        }
    }
    c.eat(";");
    items
}

fn init_item(c: &mut Cursor) -> Option<InitItem> {
    let start = c.pos_start();
    if let Some(thread) = c.thread_id_colon() {
        let reg = c.ident("a register")?;
        c.expect_or_none("=", "'='")?;
        if c.is("&") || matches!(c.peek(), Tok::Ident(_)) {
            c.error_here("a register holding a location's address is not supported");
            return None;
        }
        let value = c.number("an initial value")?;
        let loc = c.loc_from(start);
        return Some(InitItem::Register {
            thread,
            reg,
            value,
            loc,
        });
    }
    let name = c.ident("a location or 'P<n>:<register>'")?;
    if c.eat("@") {
        if let Some(space) = space_decl(c) {
            let space = space?;
            c.expect_or_none("=", "'='")?;
            let value = c.number("an initial value")?;
            let loc = c.loc_from(start);
            return Some(InitItem::Location {
                name,
                value,
                space,
                loc,
            });
        }
        let proxy = c.proxy()?;
        if c.ident_is("aliases") {
            c.bump();
        } else {
            c.error_here("expected 'aliases'");
            return None;
        }
        let target = c.ident("the aliased location")?;
        let loc = c.loc_from(start);
        return Some(InitItem::Alias {
            name,
            proxy,
            target,
            loc,
        });
    }
    c.expect_or_none("=", "'=' or '@'")?;
    if c.eat("&") || matches!(c.peek(), Tok::Ident(_)) {
        let from = c.ident("a location")?;
        let loc = c.loc_from(start);
        return Some(InitItem::Copy { name, from, loc });
    }
    let value = c.number("an initial value")?;
    let loc = c.loc_from(start);
    Some(InitItem::Location {
        name,
        value,
        space: Space::Global,
        loc,
    })
}

/// tilec's state-space declaration after `@`: `global`, `shared cta N[,gpu G]` or
/// `mbarrier cta N[,gpu G]`; `None` when the word is none of these (a proxy alias follows).
fn space_decl(c: &mut Cursor) -> Option<Option<Space>> {
    let kind = match c.peek() {
        Tok::Ident(s) if s == "global" || s == "shared" || s == "mbarrier" => s.clone(),
        _ => return None,
    };
    c.bump();
    if kind == "global" {
        return Some(Some(Space::Global));
    }
    let Some(cta) = c.level("cta") else {
        return Some(None);
    };
    let mut gpu = None;
    if c.eat(",") {
        match c.level("gpu") {
            Some(g) => gpu = Some(g),
            None => return Some(None),
        }
    }
    let owner = Owner { cta, gpu };
    Some(Some(if kind == "shared" {
        Space::Shared(owner)
    } else {
        Space::Mbarrier(owner)
    }))
}

fn thread_decls(c: &mut Cursor) -> Vec<Thread> {
    let mut threads = Vec::new();
    loop {
        let start = c.pos_start();
        match thread_decl(c, threads.len()) {
            Some((cta, cluster, gpu)) => threads.push(Thread {
                cta,
                cluster,
                gpu,
                code: Vec::new(),
                loc: c.loc_from(start),
            }),
            None => {
                c.recover(&["|", ";"]);
                return Vec::new();
            }
        }
        if c.eat(";") {
            return threads;
        }
        if !c.eat("|") {
            c.error_here("expected '|' or ';' after a thread declaration");
            return Vec::new();
        }
    }
}

fn thread_decl(c: &mut Cursor, index: usize) -> Option<(u32, Option<u32>, u32)> {
    let here = c.here();
    let Tok::Ident(p) = c.peek().clone() else {
        c.error_here("expected a thread declaration 'P<n>@cta <id>,gpu <id>'");
        return None;
    };
    if p != format!("P{index}") {
        c.diags.push(Diagnostic::error(
            here,
            format!("expected thread 'P{index}' in column {}", index + 1),
        ));
        return None;
    }
    c.bump();
    c.expect_or_none("@", "'@'")?;
    let cta = c.level("cta")?;
    c.expect_or_none(",", "','")?;
    let mut cluster = None;
    if c.ident_is("cluster") {
        cluster = Some(c.level("cluster")?);
        c.expect_or_none(",", "','")?;
    }
    let gpu = c.level("gpu")?;
    Some((cta, cluster, gpu))
}

fn is_final_keyword(t: &Tok) -> bool {
    match t {
        Tok::Ident(s) => matches!(
            s.as_str(),
            "exists" | "forall" | "not" | "filter" | "locations" | "final"
        ),
        Tok::Punct("~") => true,
        _ => false,
    }
}

fn instruction_rows(c: &mut Cursor, threads: &mut [Thread]) {
    while !c.at_eof() && !is_final_keyword(c.peek()) {
        let row_start = c.here();
        let mut col = 0;
        loop {
            let cell = if c.is("|") || c.is(";") {
                None
            } else {
                match parse_instr(c) {
                    Some(i) => Some(i),
                    None => {
                        c.recover(&["|", ";"]);
                        None
                    }
                }
            };
            if let (Some(i), Some(t)) = (cell, threads.get_mut(col)) {
                t.code.push(i);
            }
            col += 1;
            if c.eat(";") {
                break;
            }
            if !c.eat("|") {
                c.error_here("expected '|' or ';' after an instruction");
                c.recover(&[";"]);
                c.eat(";");
                break;
            }
        }
        if col != threads.len() {
            c.diags.push(Diagnostic::error(
                row_start,
                format!(
                    "this row has {col} column{} but the test has {} thread{}",
                    if col == 1 { "" } else { "s" },
                    threads.len(),
                    if threads.len() == 1 { "" } else { "s" }
                ),
            ));
        }
    }
}

fn final_part(c: &mut Cursor, test: &mut Test) {
    if c.ident_is("locations") {
        c.bump();
        test.locations = locations(c);
    }
    if c.ident_is("filter") {
        c.bump();
        test.filter = c.cond();
        c.eat(";");
    }
    let here = c.here();
    let quantifier = if c.ident_is("exists") {
        c.bump();
        Quantifier::Exists
    } else if c.ident_is("forall") {
        c.bump();
        Quantifier::Forall
    } else if c.is("~") || c.ident_is("not") {
        c.bump();
        if !c.ident_is("exists") {
            c.error_here("expected 'exists' after '~'");
            return;
        }
        c.bump();
        Quantifier::NotExists
    } else {
        c.error_here("expected the final condition ('exists', '~exists' or 'forall')");
        return;
    };
    let Some(cond) = c.cond() else { return };
    c.eat(";");
    if !c.at_eof() {
        c.error_here("unexpected text after the final condition");
    }
    test.assertion = Assertion {
        quantifier,
        cond,
        loc: here,
    };
}

fn locations(c: &mut Cursor) -> Option<Vec<CondValue>> {
    c.expect_or_none("[", "'['")?;
    let mut out = Vec::new();
    while !c.eat("]") {
        if c.at_eof() {
            c.error_here("expected ']'");
            return None;
        }
        if c.eat(";") {
            continue;
        }
        out.push(c.cond_value()?);
    }
    Some(out)
}
