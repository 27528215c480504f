//! Diagnostics: collected, located, rendered like clang/MLIR.
//!
//! Every stage (parser, verifiers, passes) reports into a [`Diagnostics`] list instead of stopping
//! at the first problem (the parser is the one exception: after a syntax error the rest of the file
//! has no reliable structure, so it reports that one error). Rendering:
//!
//! ```text
//! kernel.mlir:3:5: error: 'store_ptr_tko' does not accept semantic 'acquire'
//!     %t = "cuda_tile.store_ptr_tko"(%p, %v) …
//!     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
//! kernel.mlir:1:1: note: …
//! ```
//!
//! File, line and column come from codespan-reporting's file database ([`crate::SourceMap`]); the
//! layout is clang's, which codespan's own emitter does not produce (its styles are rustc-like).
//!
//! Every diagnostic also carries a stable [`DiagCode`] and, when it is about one, the [`Op`]:
//! data for embedders; the rendered text shows the code only when asked
//! ([`Diagnostics::render_with_codes`]).

mod code;

pub use code::DiagCode;

use crate::module::Op;
use crate::source::{Loc, SourceMap};
use std::fmt::Write as _;

/// How bad a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Severity {
    /// Extra information attached to another diagnostic.
    Note,
    /// Informational.
    Remark,
    /// Suspicious but compiled (`--Werror` turns it into an error).
    Warning,
    /// Compilation fails.
    Error,
}

impl Severity {
    /// The word clang prints (`error`, `warning`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One diagnostic with its primary location and attached notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem it is (stable; docs/diagnostics.md).
    pub code: DiagCode,
    /// Severity.
    pub severity: Severity,
    /// The message (no trailing period, lower-case start, as clang/MLIR).
    pub message: String,
    /// Where it points.
    pub loc: Loc,
    /// `note:` lines, each with its own location (possibly unknown).
    pub notes: Vec<(Loc, String)>,
    /// The op it is about, when there is one: a handle into the module as the stage that
    /// reported it saw it. An error stops the pipeline at that stage, so an error's op is an op
    /// of the module the compile leaves; a warning or remark of an earlier stage may name an op
    /// a later pass erased or renumbered (compaction), and remarks about ops that do not
    /// survive the lowering carry none.
    pub op: Option<Op>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: DiagCode::Unclassified,
            severity: Severity::Error,
            message: message.into(),
            loc,
            notes: Vec::new(),
            op: None,
        }
    }
    /// A warning at `loc`.
    pub fn warning(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: DiagCode::Unclassified,
            severity: Severity::Warning,
            message: message.into(),
            loc,
            notes: Vec::new(),
            op: None,
        }
    }
    /// A remark at `loc` (information the user asked for, e.g. `--explain-fences`).
    pub fn remark(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: DiagCode::Unclassified,
            severity: Severity::Remark,
            message: message.into(),
            loc,
            notes: Vec::new(),
            op: None,
        }
    }
    /// Attaches a note.
    pub fn with_note(mut self, loc: Loc, message: impl Into<String>) -> Diagnostic {
        self.notes.push((loc, message.into()));
        self
    }
    /// The same diagnostic with code `code`.
    pub fn with_code(mut self, code: DiagCode) -> Diagnostic {
        self.code = code;
        self
    }
    /// The same diagnostic, about `op`.
    pub fn with_op(mut self, op: Op) -> Diagnostic {
        self.op = Some(op);
        self
    }
}

/// A collection of diagnostics, in the order they were reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// An empty list.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    /// Adds an error.
    pub fn error(&mut self, loc: Loc, message: impl Into<String>) {
        self.push(Diagnostic::error(loc, message));
    }
    /// Adds an error with code `code`.
    pub fn error_code(&mut self, code: DiagCode, loc: Loc, message: impl Into<String>) {
        self.push(Diagnostic::error(loc, message).with_code(code));
    }
    /// How many diagnostics there are (a stage notes it before it reports, then classifies
    /// what it added with [`Diagnostics::default_code_from`]).
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Gives code `code` to the diagnostics from index `start` on that have none yet: the
    /// default of a stage, which leaves the codes its specific producers set.
    pub fn default_code_from(&mut self, start: usize, code: DiagCode) {
        for d in self.0.iter_mut().skip(start) {
            if d.code == DiagCode::Unclassified {
                d.code = code;
            }
        }
    }
    /// Names `op` as what the diagnostics from index `start` on are about, where they name
    /// none yet (an op's verifier reports about that op).
    pub fn default_op_from(&mut self, start: usize, op: Op) {
        for d in self.0.iter_mut().skip(start) {
            d.op.get_or_insert(op);
        }
    }
    /// Appends another list.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }
    /// How many diagnostics are errors.
    pub fn error_count(&self) -> usize {
        self.0
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
    /// No diagnostics at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Turns warnings into errors (`--Werror`).
    pub fn promote_warnings(&mut self) {
        for d in &mut self.0 {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    /// Renders every diagnostic clang-style.
    pub fn render(&self, sources: &SourceMap) -> String {
        self.render_limited(sources, 0)
    }

    /// [`Diagnostics::render`], showing at most `limit` errors (0: all; like clang's
    /// `-ferror-limit`) and then how many more there are. Warnings, remarks and notes of shown
    /// errors are all rendered.
    pub fn render_limited(&self, sources: &SourceMap, limit: usize) -> String {
        self.render_styled(sources, limit, false)
    }

    /// [`Diagnostics::render_limited`] with each diagnostic's code after its message, as clang
    /// shows a warning's flag: `k.mlir:3:5: error: … [legality.semantic]` (notes and
    /// unclassified diagnostics show none).
    pub fn render_with_codes(&self, sources: &SourceMap, limit: usize) -> String {
        self.render_styled(sources, limit, true)
    }

    fn render_styled(&self, sources: &SourceMap, limit: usize, codes: bool) -> String {
        let mut out = String::new();
        let (mut shown, mut hidden) = (0usize, 0usize);
        for d in &self.0 {
            if d.severity == Severity::Error {
                if limit > 0 && shown == limit {
                    hidden += 1;
                    continue;
                }
                shown += 1;
            }
            let code = (codes && d.code != DiagCode::Unclassified).then_some(d.code);
            render_one(&mut out, sources, (d.severity, code), d.loc, &d.message);
            for (loc, note) in &d.notes {
                render_one(&mut out, sources, (Severity::Note, None), *loc, note);
            }
        }
        if hidden > 0 {
            let _ = writeln!(
                out,
                "{hidden} more error{} not shown (the limit is {limit}; --error-limit 0 shows all)",
                if hidden == 1 { "" } else { "s" }
            );
        }
        out
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

/// Renders one diagnostic line (with `[code]` after the message when given) and its source
/// line with the caret.
fn render_one(
    out: &mut String,
    sources: &SourceMap,
    (sev, code): (Severity, Option<DiagCode>),
    loc: Loc,
    msg: &str,
) {
    let msg = elide(msg);
    let code = code.map_or(String::new(), |c| format!(" [{c}]"));
    if loc.is_unknown() {
        let _ = writeln!(out, "<unknown>: {}: {msg}{code}", sev.as_str());
        return;
    }
    let (line, col) = sources.line_col(loc.file, loc.start);
    let _ = writeln!(
        out,
        "{}:{}:{}: {}: {msg}{code}",
        sources.name(loc.file),
        line,
        col,
        sev.as_str(),
    );
    let text = sources.line_text(loc.file, line);
    if text.is_empty() {
        return;
    }
    let (end_line, end_col) = sources.line_col(loc.file, loc.end);
    let chars: Vec<char> = text.chars().collect();
    // The shown text drops the line's trailing `\r`s; a location among them (or at the end of
    // the file) is shown just past the text.
    let col = col.min(chars.len() + 1);
    let last = if end_line == line {
        end_col
    } else {
        chars.len() + 1
    };
    // A long line is shown as a window around the caret (a generated one-line input may be
    // megabytes long; the diagnostic stays a few lines).
    let from = col.saturating_sub(1).saturating_sub(WINDOW / 3);
    let to = (from + WINDOW).min(chars.len());
    let (lead, tail) = (
        if from > 0 { "…" } else { "" },
        if to < chars.len() { "…" } else { "" },
    );
    let shown: String = chars[from..to].iter().collect();
    let _ = writeln!(out, "{lead}{shown}{tail}");
    // Caret under the first character, `~` under the rest of the range on this line (clang style).
    let mut marker: String = lead.chars().map(|_| ' ').collect();
    for &ch in &chars[from..(col.saturating_sub(1)).min(to)] {
        marker.push(if ch == '\t' { '\t' } else { ' ' });
    }
    marker.push('^');
    for _ in col + 1..last.min(to + 1) {
        marker.push('~');
    }
    let _ = writeln!(out, "{marker}");
}

/// The most characters of a source line a diagnostic shows.
const WINDOW: usize = 160;

/// `msg`, with the middle of a message over [`MAX_MESSAGE`] characters elided (a message that
/// quotes a megabyte-long token stays readable).
fn elide(msg: &str) -> std::borrow::Cow<'_, str> {
    let n = msg.chars().count();
    if n <= MAX_MESSAGE {
        return msg.into();
    }
    let head: String = msg.chars().take(MAX_MESSAGE * 2 / 3).collect();
    let tail: String = msg.chars().skip(n - MAX_MESSAGE / 3).collect();
    format!(
        "{head}… ({} characters elided) …{tail}",
        n - head.chars().count() - tail.chars().count()
    )
    .into()
}

/// The longest message rendered whole.
const MAX_MESSAGE: usize = 600;
