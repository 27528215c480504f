//! What a compile returns: [`Output`] on success, [`Error`] on failure. Both keep the sources
//! their diagnostics point into, so each renders its diagnostics clang-style on its own (a
//! module built in Rust has no sources: its diagnostics render with unknown locations).

use crate::pipeline::PipelineReport;
use std::sync::Arc;
use tilec_ir::{Diagnostic, Diagnostics, Severity, SourceMap};

/// A successful compilation.
pub struct Output {
    /// The emitted text (PTX, generic IR, or the litmus tests).
    pub text: String,
    /// Warnings and remarks (`--explain-fences`); never errors.
    pub diags: Diagnostics,
    /// `--print-after-all` dumps.
    pub dumps: String,
    /// The `--time-passes` report, with [`crate::Options::time_passes`] (empty otherwise);
    /// the times as data are in [`PipelineReport::timings`].
    pub timings: String,
    /// The passes that ran, their times, the kept stages and weakest-fence's decisions.
    pub report: PipelineReport,
    /// With [`crate::Emit::Litmus`] from source text: the tests ([`crate::litmus`]).
    pub litmus: crate::litmus::Tests,
    pub(crate) sources: Arc<SourceMap>,
}

impl Output {
    /// The warnings and remarks, rendered clang-style.
    pub fn render_diags(&self) -> String {
        self.diags.render(&self.sources)
    }
    /// The sources the diagnostics point into.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output")
            .field("text", &self.text)
            .field("diags", &self.diags)
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

/// A failed compilation: the diagnostics (at least one error) with the sources they point
/// into, and what was dumped and timed before the failure. [`Error::render`] (also its
/// `Display`) is the clang-style text `tilec` prints, at most
/// [`crate::Options::error_limit`] errors.
pub struct Error {
    /// Errors, and the warnings and remarks reported before them.
    pub diags: Diagnostics,
    /// `--print-after-all` dumps up to the failure.
    pub dumps: String,
    /// The `--time-passes` report up to the failure (with [`crate::Options::time_passes`]).
    pub timings: String,
    /// The passes that ran, the one that failed ([`PipelineReport::failed_at`]), their times
    /// (boxed: an `Err` stays small).
    pub report: Box<PipelineReport>,
    pub(crate) sources: Arc<SourceMap>,
    pub(crate) error_limit: usize,
}

impl Error {
    /// The diagnostics, rendered clang-style (`file:line:col: error: …`, the source line, a
    /// caret, the notes), at most the options' error limit of errors.
    pub fn render(&self) -> String {
        self.diags.render_limited(&self.sources, self.error_limit)
    }
    /// [`Error::render`] with each diagnostic's code after its message
    /// (`… [legality.semantic]`, docs/diagnostics.md).
    pub fn render_with_codes(&self) -> String {
        self.diags
            .render_with_codes(&self.sources, self.error_limit)
    }
    /// The errors (not the warnings and remarks before them).
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diags
            .0
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
    /// The sources the diagnostics point into.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Error")
            .field("diags", &self.diags)
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

impl std::error::Error for Error {}
