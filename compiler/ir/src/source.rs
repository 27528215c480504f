//! Source files and locations.
//!
//! A [`Loc`] is a byte range in one file of a [`SourceMap`]; ops and values keep theirs in side
//! tables of the [`crate::Module`], never inside the IR records. Ops that a pass creates inherit the
//! location of the op they replace, so diagnostics after lowering still point at user source.

use codespan_reporting::files::{Files, SimpleFiles};

/// A file of a [`SourceMap`] (`FileId(0)` is "no file").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A byte range in a source file; `Loc::default()` is the unknown location.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Loc {
    /// The file (`FileId(0)` = unknown).
    pub file: FileId,
    /// Start byte offset.
    pub start: u32,
    /// End byte offset (exclusive).
    pub end: u32,
}

impl Loc {
    /// A location in `file` covering `start..end`.
    pub fn new(file: FileId, start: usize, end: usize) -> Loc {
        Loc {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }
    /// True when this is the unknown location.
    pub fn is_unknown(&self) -> bool {
        self.file.0 == 0
    }
}

/// The source texts diagnostics point into.
#[derive(Default)]
pub struct SourceMap {
    files: SimpleFiles<String, String>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }
    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        FileId(self.files.add(name.into(), text.into()) as u32 + 1)
    }
    /// Adds a file given as bytes. Input that is not UTF-8 is a located error (never a panic): the
    /// text is kept with the bad bytes replaced (U+FFFD), so the error renders with its line.
    pub fn add_bytes(
        &mut self,
        name: impl Into<String>,
        bytes: Vec<u8>,
    ) -> (FileId, Option<crate::Diagnostic>) {
        match String::from_utf8(bytes) {
            Ok(text) => (self.add(name, text), None),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                let f = self.add(name, text);
                let loc = Loc::new(f, at, at + 1);
                let msg = format!("the input is not valid UTF-8 (invalid byte at offset {at})");
                let d =
                    crate::Diagnostic::error(loc, msg).with_code(crate::DiagCode::InputEncoding);
                (f, Some(d))
            }
        }
    }
    /// The file's text ("" for the unknown file).
    pub fn text(&self, id: FileId) -> &str {
        if id.0 == 0 {
            return "";
        }
        self.files
            .get(id.0 as usize - 1)
            .map(|f| f.source().as_str())
            .unwrap_or("")
    }
    /// The file's name.
    pub fn name(&self, id: FileId) -> &str {
        if id.0 == 0 {
            return "<unknown>";
        }
        self.files
            .get(id.0 as usize - 1)
            .map(|f| f.name().as_str())
            .unwrap_or("<unknown>")
    }
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: u32) -> (usize, usize) {
        if id.0 == 0 {
            return (0, 0);
        }
        let fid = id.0 as usize - 1;
        let off = (offset as usize).min(self.text(id).len());
        let line = self.files.line_index(fid, off).unwrap_or(0);
        let col = self.files.column_number(fid, line, off).unwrap_or(1);
        (line + 1, col)
    }
    /// The full text of the 1-based line `line` (without its newline).
    pub fn line_text(&self, id: FileId, line: usize) -> &str {
        if id.0 == 0 || line == 0 {
            return "";
        }
        let fid = id.0 as usize - 1;
        match self.files.line_range(fid, line - 1) {
            Ok(r) => self
                .text(id)
                .get(r)
                .unwrap_or("")
                .trim_end_matches(['\n', '\r']),
            Err(_) => "",
        }
    }
}
