//! The parse corpus in `testdata/parse/`: every `valid-*.mlir` round-trips through the generic-form
//! parser and printer, and every `invalid-*.mlir` fails with exactly one diagnostic that matches its
//! `// expected-error` annotations. The parser must never panic on any of them.
//!
//! Files are read as bytes and decoded with `String::from_utf8_lossy` (through
//! `SourceMap::add_bytes`, as the tools read them), so a corpus file holding bytes that are not
//! UTF-8 still reaches `parse_module`, which must fail on it without panicking. As in the tools,
//! the diagnostic such a file's annotations describe is the located "not valid UTF-8" error.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use tilec_ir::expect::verify_expected;
use tilec_ir::text::{module_to_string, parse_module};
use tilec_ir::{Diagnostic, Diagnostics, FileId, SourceMap};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/parse");

/// The corpus files whose name starts with `prefix` and ends in `.mlir`, sorted.
fn corpus(prefix: &str) -> Vec<PathBuf> {
    let dir = Path::new(CORPUS);
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".mlir"))
        })
        .collect();
    files.sort();
    files
}

fn name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The file in a fresh source map (decoded lossily), and the "not valid UTF-8" error if any.
fn load(path: &Path) -> (SourceMap, FileId, Option<Diagnostic>) {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut sm = SourceMap::new();
    let (f, utf8_error) = sm.add_bytes(name(path), bytes);
    (sm, f, utf8_error)
}

/// Parses `text` as file `file_name` and prints it; `Err` holds the rendered diagnostic.
fn parse_print(file_name: &str, text: &str) -> Result<String, String> {
    let mut sm = SourceMap::new();
    let f = sm.add(file_name, text);
    match parse_module(sm.text(f), f) {
        Ok(m) => Ok(module_to_string(&m)),
        Err(d) => Err(Diagnostics::from(*d).render(&sm)),
    }
}

/// Runs `f`, turning a panic into an error that names `what`.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "<non-string panic payload>".to_string());
        format!("PANIC while {what}: {msg}")
    })
}

/// One valid file: print(parse(x)) succeeds and is a fixpoint of print∘parse.
fn check_valid(path: &Path) -> Result<(), String> {
    let file = name(path);
    let (sm, f, utf8_error) = load(path);
    if let Some(d) = utf8_error {
        return Err(Diagnostics::from(d).render(&sm));
    }
    let once = no_panic("parsing the file", || parse_print(&file, sm.text(f)))?
        .map_err(|d| format!("does not parse:\n{d}"))?;
    if !once.starts_with("\"builtin.module\"() ({\n") {
        return Err(format!(
            "printed output does not start with the builtin.module wrapper:\n{once}"
        ));
    }
    let printed_name = format!("{file} (printed)");
    let twice = no_panic("re-parsing the printed output", || {
        parse_print(&printed_name, &once)
    })?
    .map_err(|d| {
        format!("printed output does not parse again:\n{d}\n--- printed output ---\n{once}")
    })?;
    if once != twice {
        return Err(format!(
            "print(parse(print(parse(x)))) != print(parse(x))\n--- first print ---\n{once}\n--- second print ---\n{twice}"
        ));
    }
    Ok(())
}

/// One invalid file: the parse fails with one diagnostic that matches the file's annotations.
fn check_invalid(path: &Path) -> Result<(), String> {
    let (sm, f, utf8_error) = load(path);
    let result = no_panic("parsing the file", || parse_module(sm.text(f), f))?;
    let diag = match (result, utf8_error) {
        (Ok(m), _) => {
            return Err(format!(
                "parsed without error, printing:\n{}",
                module_to_string(&m)
            ))
        }
        // Not UTF-8: the parser failed on the decoded text without panicking; the tools report
        // the encoding error instead, and that is what the annotations describe.
        (Err(_), Some(d)) => Diagnostics::from(d),
        (Err(d), None) => Diagnostics::from(*d),
    };
    if diag.0.len() != 1 {
        return Err(format!(
            "expected exactly one diagnostic, got {}:\n{}",
            diag.0.len(),
            diag.render(&sm)
        ));
    }
    let mismatches = no_panic("checking the expected-error annotations", || {
        verify_expected(&sm, f, &diag)
    })?;
    if !mismatches.is_empty() {
        return Err(format!(
            "diagnostics do not match the annotations:\n{}--- the parser reported ---\n{}",
            mismatches.render(&sm),
            diag.render(&sm)
        ));
    }
    Ok(())
}

fn run_all(files: &[PathBuf], check: fn(&Path) -> Result<(), String>) {
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| check(p).err().map(|e| format!("==== {}: {e}", name(p))))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn valid_files_round_trip() {
    run_all(&corpus("valid-"), check_valid);
}

#[test]
fn invalid_files_report_the_expected_error() {
    run_all(&corpus("invalid-"), check_invalid);
}

#[test]
fn corpus_is_large_enough() {
    let valid = corpus("valid-").len();
    let invalid = corpus("invalid-").len();
    assert!(
        valid >= 30,
        "only {valid} valid-*.mlir files in {CORPUS} (want at least 30)"
    );
    assert!(
        invalid >= 20,
        "only {invalid} invalid-*.mlir files in {CORPUS} (want at least 20)"
    );
}
