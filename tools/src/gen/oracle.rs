//! What a rejection of a generated (or any) program must look like, shared by
//! `tests/generated.rs` and the fuzz targets: every error located in the file, and no diagnostic
//! that reports a compiler bug.

use tilec_ir::{Diagnostics, Severity};

/// Texts that mark a diagnostic (or one of its notes) as tilec's own bug, not the program's.
pub const BUG_MARKERS: &[&str] = &[
    "internal compiler error",
    "this is a compiler bug",
    "verify-races accepted this kernel before",
];

/// What is wrong with a rejection of `text`: an error without a location in it, or a bug
/// marker that `text` does not hold itself (None: a proper rejection).
pub fn bad_rejection(diags: &Diagnostics, text: &str) -> Option<String> {
    for d in &diags.0 {
        let texts = std::iter::once(&d.message).chain(d.notes.iter().map(|n| &n.1));
        if let Some(t) = texts
            .into_iter()
            // A marker the input itself holds may be quoted back (an op name, a string).
            .find(|t| {
                BUG_MARKERS
                    .iter()
                    .any(|m| t.contains(m) && !text.contains(m))
            })
        {
            return Some(format!("a compiler bug: {t}"));
        }
        let located = !d.loc.is_unknown() && (d.loc.start as usize) <= text.len();
        if d.severity == Severity::Error && !located {
            return Some(format!("an error without a location: {}", d.message));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::{Diagnostic, Loc, SourceMap};

    #[test]
    fn an_unlocated_error_or_a_bug_text_is_a_bad_rejection() {
        let file = SourceMap::new().add("t.mlir", "abcd");
        let loc = Loc {
            file,
            start: 2,
            end: 3,
        };
        let ok = Diagnostics::from(Diagnostic::error(loc, "expected ':'"));
        assert_eq!(bad_rejection(&ok, "abcd"), None);
        let ice = Diagnostics::from(Diagnostic::error(loc, "internal compiler error: x"));
        assert!(bad_rejection(&ice, "abcd").is_some());
        assert_eq!(bad_rejection(&ice, "\"internal compiler error\""), None);
        let nowhere = Diagnostics::from(Diagnostic::error(Loc::default(), "expected ':'"));
        assert!(bad_rejection(&nowhere, "abcd").is_some());
    }
}
