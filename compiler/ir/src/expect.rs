//! `--verify-diagnostics`: check emitted diagnostics against annotations in the source, the way
//! `mlir-opt -verify-diagnostics` does.
//!
//! Annotations are comments: `// expected-error {{text}}` (same line), `// expected-error@+N`,
//! `@-N`, `@above` (= `@-1`), `@below` (= `@+1`); severities `error`, `warning`, `note`, `remark`.
//! A diagnostic matches an annotation of its severity on its line whose text is a substring of
//! its message. Every emitted error, warning and remark must be expected; notes are only checked
//! when annotated (a note with no `expected-note` is not a failure).

use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::source::{FileId, Loc, SourceMap};

#[derive(Debug)]
struct Expectation {
    severity: Severity,
    line: usize,
    text: String,
    loc: Loc,
    matched: bool,
}

/// Checks `diags` against the annotations of `file`; returns the mismatches as errors
/// (empty when everything matched).
pub fn verify_expected(sources: &SourceMap, file: FileId, diags: &Diagnostics) -> Diagnostics {
    let mut out = Diagnostics::new();
    let mut exps = parse_annotations(sources, file, &mut out);
    let mut flat: Vec<(Severity, Loc, &str)> = Vec::new();
    for d in &diags.0 {
        flat.push((d.severity, d.loc, &d.message));
        for (l, n) in &d.notes {
            flat.push((Severity::Note, *l, n));
        }
    }
    for (sev, loc, msg) in flat {
        let line = if loc.file == file {
            sources.line_col(file, loc.start).0
        } else {
            0
        };
        let hit = exps
            .iter_mut()
            .find(|e| !e.matched && e.severity == sev && e.line == line && msg.contains(&e.text));
        match hit {
            Some(e) => e.matched = true,
            None if sev == Severity::Note => {}
            None => out.push(Diagnostic::error(
                loc,
                format!("unexpected {}: {}", sev.as_str(), msg),
            )),
        }
    }
    for e in exps.iter().filter(|e| !e.matched) {
        out.push(Diagnostic::error(
            e.loc,
            format!(
                "expected {} \"{}\" was not produced (on line {})",
                e.severity.as_str(),
                e.text,
                e.line
            ),
        ));
    }
    out.default_code_from(0, crate::DiagCode::ExpectMismatch);
    out
}

fn parse_annotations(
    sources: &SourceMap,
    file: FileId,
    errs: &mut Diagnostics,
) -> Vec<Expectation> {
    let text = sources.text(file);
    let mut out = Vec::new();
    let mut offset = 0usize;
    for (idx, line) in text.split_inclusive('\n').enumerate() {
        let lineno = idx + 1;
        let mut search = 0;
        while let Some(rel) = line[search..].find("expected-") {
            let at = search + rel;
            search = at + "expected-".len();
            let rest = &line[search..];
            let Some((sev, after)) = [
                ("error", Severity::Error),
                ("warning", Severity::Warning),
                ("note", Severity::Note),
                ("remark", Severity::Remark),
            ]
            .iter()
            .find_map(|(w, s)| rest.strip_prefix(w).map(|a| (*s, a))) else {
                continue;
            };
            let loc = Loc::new(file, offset + at, offset + line.trim_end().len());
            let (target, after) = match after.strip_prefix('@') {
                Some(spec) => {
                    let end = spec
                        .find(|c: char| c.is_whitespace() || c == '{')
                        .unwrap_or(spec.len());
                    let (s, tail) = spec.split_at(end);
                    let t = match s {
                        "above" => lineno.checked_sub(1),
                        "below" => Some(lineno + 1),
                        _ => s
                            .parse::<i64>()
                            .ok()
                            .and_then(|n| usize::try_from(lineno as i64 + n).ok()),
                    };
                    // Line 0 does not exist (it is where unknown locations land).
                    match t.filter(|t| *t >= 1) {
                        Some(t) => (t, tail),
                        None => {
                            errs.error(
                                loc,
                                format!("invalid line offset '@{s}' in expected-{}", sev.as_str()),
                            );
                            continue;
                        }
                    }
                }
                None => (lineno, after),
            };
            let after = after.trim_start();
            let Some(body) = after.strip_prefix("{{") else {
                errs.error(
                    loc,
                    format!("expected-{} needs its text in {{{{…}}}}", sev.as_str()),
                );
                continue;
            };
            let Some(close) = body.find("}}") else {
                errs.error(
                    loc,
                    format!("unterminated {{{{ in expected-{}", sev.as_str()),
                );
                continue;
            };
            out.push(Expectation {
                severity: sev,
                line: target,
                text: body[..close].to_string(),
                loc,
                matched: false,
            });
            search = (line.len() - body.len()) + close;
        }
        offset += line.len();
    }
    out
}
