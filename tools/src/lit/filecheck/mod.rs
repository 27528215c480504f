//! A FileCheck that follows LLVM's for the directives tile tests use.
//!
//! Supported: `PREFIX:`, `-NEXT:`, `-SAME:`, `-NOT:`, `-DAG:`, `-LABEL:`,
//! `-EMPTY:`, `-COUNT-<n>:`, the `{LITERAL}` modifier, `{{regex}}`,
//! `[[VAR:regex]]` / `[[VAR]]`, `--check-prefix(es)`, `--implicit-check-not`,
//! `--match-full-lines`, `--allow-empty`, `--allow-unused-prefixes` and
//! `--input-file`. The algorithm is LLVM's (FileCheck.cpp): whitespace runs
//! in both files are folded to one space before anything else, labels cut the
//! input into blocks before other checks run, DAG/NOT directives are attached
//! to the next positive directive, and diagnostics have the same shape.
//!
//! Known differences: no numeric variables (`[[#...]]`), no `@LINE`, and a
//! variable may not be used on the line that defines it (the `regex` crate
//! has no back-references); all three are reported as errors.
//!
//! This module owns all of FileCheck: the options and entry points below
//! (the library calls, and the command-line front end that the lit runner's
//! `FileCheck` builtin uses), directive and prefix scanning (`parse`),
//! pattern compilation (`pattern`), and matching with LLVM-shaped failure
//! diagnostics (`matcher`). Only [`CheckOptions`], [`check`],
//! [`check_with_status`] and [`run_filecheck`] leave the module; everything
//! else is private to it.
//!
//! Invariants the submodules rely on:
//! - The check text, the `--implicit-check-not` patterns and the input are
//!   canonicalized before anything else looks at them; every byte offset
//!   (pattern locations, match positions) is into that canonical text, and
//!   diagnostics are rendered against it.
//! - Source 0 is the check file; sources 1.. are the implicit-check-not
//!   patterns, each held as the text `-implicit-check-not='...'` so that a
//!   pattern's `src`/`loc` point into something printable.
//! - Each positive directive becomes one check string carrying the DAG/NOT
//!   directives before it (the implicit NOTs head every such group);
//!   trailing DAG/NOTs hang off a synthetic end-of-input string.
//! - Exit status: 0 on a match, 1 when the input does not match, 2 when the
//!   check file, the options or the input file are unusable.

mod matcher;
mod parse;
mod pattern;

use matcher::{render_at, Checker};
use parse::{canonicalize, parse_checks, validate_prefixes, Kind, Source};
use pattern::parse_pattern;
use std::collections::HashMap;
use std::path::Path;

/// FileCheck's options, as set by its command-line flags.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Directive prefixes; empty means the default `CHECK`.
    pub prefixes: Vec<String>,
    /// `--implicit-check-not`: patterns that must not occur anywhere.
    pub implicit_check_not: Vec<String>,
    /// `--match-full-lines`: positive matches must cover whole lines.
    pub match_full_lines: bool,
    /// `--allow-empty`: accept empty input instead of failing.
    pub allow_empty: bool,
    /// `--allow-unused-prefixes`: a prefix with no directives is no error.
    pub allow_unused_prefixes: bool,
    /// What diagnostics call the input: `<stdin>` or the `--input-file` path.
    pub input_name: String,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            prefixes: Vec::new(),
            implicit_check_not: Vec::new(),
            match_full_lines: false,
            allow_empty: false,
            allow_unused_prefixes: false,
            input_name: "<stdin>".into(),
        }
    }
}

/// Checks `input` against the directives in `check_text`. `Err` holds the
/// rendered diagnostics (or the usage error), exactly what FileCheck prints.
pub fn check(
    check_text: &str,
    check_path: &str,
    input: &str,
    opts: &CheckOptions,
) -> Result<(), String> {
    check_with_status(check_text, check_path, input, opts).map_err(|(_, msg)| msg)
}

/// Like [`check`], but also gives FileCheck's exit status: 1 when the input
/// does not match, 2 when the check file or options are unusable.
pub fn check_with_status(
    check_text: &str,
    check_path: &str,
    input: &str,
    opts: &CheckOptions,
) -> Result<(), (i32, String)> {
    let default = opts.prefixes.is_empty();
    let prefixes = if default {
        vec!["CHECK".to_string()]
    } else {
        opts.prefixes.clone()
    };
    validate_prefixes(&prefixes).map_err(|m| (2, m))?;
    let mut sources = vec![Source {
        name: check_path.to_string(),
        text: canonicalize(check_text),
    }];
    let mut implicit = Vec::new();
    for pat in &opts.implicit_check_not {
        let text = format!("-implicit-check-not='{}'", canonicalize(pat));
        let body = text[21..text.len() - 1].trim_end_matches([' ', '\t']);
        let parsed = parse_pattern(
            body,
            21,
            Kind::Not,
            1,
            false,
            false,
            "IMPLICIT-CHECK",
            sources.len(),
        );
        let parsed = parsed
            .map_err(|(pos, msg)| (2, render_at("command line", &text, pos, "error", &msg, 0)))?;
        implicit.push(parsed);
        sources.push(Source {
            name: "command line".into(),
            text,
        });
    }
    let strings =
        parse_checks(&sources[0], opts, &prefixes, default, &implicit).map_err(|m| (2, m))?;
    if input.is_empty() && !opts.allow_empty {
        return Err((
            2,
            format!("FileCheck error: '{}' is empty.\n", opts.input_name),
        ));
    }
    let input = canonicalize(input);
    let mut checker = Checker {
        input: &input,
        input_name: &opts.input_name,
        sources: &sources,
        vars: HashMap::new(),
        out: String::new(),
    };
    if checker.run(&strings) {
        Ok(())
    } else {
        Err((1, checker.out))
    }
}

/// Runs FileCheck with command-line `args` (without the program name), the
/// way the `FileCheck` builtin of RUN lines does; relative paths are taken
/// from `cwd`. Returns the exit status and what FileCheck printed to stderr.
pub fn run_filecheck(args: &[String], stdin: &[u8], cwd: &Path) -> (i32, String) {
    let mut opts = CheckOptions::default();
    let mut check_file: Option<&str> = None;
    let mut input_file: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if !arg.starts_with('-') || arg == "-" {
            if check_file.replace(arg).is_some() {
                return (
                    2,
                    format!("FileCheck: too many positional arguments: '{arg}'\n"),
                );
            }
            continue;
        }
        let flag = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (flag, None),
        };
        let takes_value = matches!(
            name,
            "check-prefix"
                | "check-prefixes"
                | "input-file"
                | "implicit-check-not"
                | "dump-input"
                | "dump-input-filter"
        );
        let value = if !takes_value {
            None
        } else if let Some(v) = inline {
            Some(v)
        } else if let Some(v) = args.get(i) {
            i += 1;
            Some(v.as_str())
        } else {
            return (2, format!("FileCheck: option '{arg}' needs a value\n"));
        };
        match (name, value) {
            ("check-prefix", Some(v)) => opts.prefixes.push(v.to_string()),
            ("check-prefixes", Some(v)) => opts.prefixes.extend(v.split(',').map(str::to_string)),
            ("input-file", Some(v)) => input_file = Some(v),
            ("implicit-check-not", Some(v)) => opts.implicit_check_not.push(v.to_string()),
            ("match-full-lines", _) => opts.match_full_lines = true,
            ("allow-empty", _) => opts.allow_empty = true,
            ("allow-unused-prefixes", _) => opts.allow_unused_prefixes = inline != Some("false"),
            // Accepted for compatibility with LLVM test lines; they only
            // change how much FileCheck prints.
            ("dump-input" | "dump-input-filter" | "color" | "v" | "vv", _) => {}
            _ => return (2, format!("FileCheck: unknown option '{arg}'\n")),
        }
    }
    let Some(check_file) = check_file else {
        return (2, "FileCheck: no check file given\n".into());
    };
    let check_text = match std::fs::read(cwd.join(check_file)) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            return (
                2,
                format!("FileCheck: could not open check file '{check_file}': {e}\n"),
            )
        }
    };
    let input = match input_file.filter(|f| *f != "-") {
        Some(f) => match std::fs::read(cwd.join(f)) {
            Ok(bytes) => {
                opts.input_name = f.to_string();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            Err(e) => {
                return (
                    2,
                    format!("FileCheck: could not open input file '{f}': {e}\n"),
                )
            }
        },
        None => String::from_utf8_lossy(stdin).into_owned(),
    };
    match check_with_status(&check_text, check_file, &input, &opts) {
        Ok(()) => (0, String::new()),
        Err((status, msg)) => (status, msg),
    }
}
