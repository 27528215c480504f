//! The test corpus as `tile-fence-report`, tools/scripts/emit-corpus-ptx.sh and the corpus
//! tests see it: every `.mlir` under the given folders (snapshots left out), each compiled with
//! the flags of its first `tilec` RUN line.

use std::path::{Path, PathBuf};

/// How a file is compiled: from its first `tilec` RUN line, as the lit runner would.
pub struct Flags {
    /// `--target` (else the first `--target` anywhere in the file, else sm_90a).
    pub target: String,
    /// `--ptx-isa`, when given.
    pub ptx_isa: Option<String>,
    /// Not `--no-verify-races`.
    pub verify_races: bool,
    /// The file has a `tilec` RUN line.
    pub has_run_line: bool,
}

/// The flags of `text`'s first `tilec` RUN line.
pub fn flags(text: &str) -> Flags {
    // The tilec command of the first `RUN: tilec …` line, up to a pipe (FileCheck's flags).
    let run = text
        .lines()
        .filter_map(|l| l.split_once("RUN:").map(|(_, c)| c.trim()))
        .find(|c| c.starts_with("tilec "))
        .map(|c| c.split('|').next().unwrap_or(c));
    let toks: Vec<&str> = run
        .map(|c| c.split_whitespace().collect())
        .unwrap_or_default();
    let value = |flag: &str| {
        let eq = format!("{flag}=");
        toks.iter()
            .enumerate()
            .find_map(|(i, t)| match t.strip_prefix(&eq) {
                Some(v) => Some(v.to_string()),
                None if *t == flag => toks.get(i + 1).map(|v| v.to_string()),
                None => None,
            })
    };
    // The script's fallback: the first `--target sm_…` anywhere in the file.
    let anywhere = || {
        let (_, rest) = text.split_once("--target sm_")?;
        let end = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        Some(format!("sm_{}", &rest[..end]))
    };
    Flags {
        target: value("--target")
            .or_else(anywhere)
            .unwrap_or_else(|| "sm_90a".into()),
        ptx_isa: value("--ptx-isa"),
        verify_races: !text.contains("--no-verify-races"),
        has_run_line: run.is_some(),
    }
}

/// Every `.mlir` under `dir`, snapshots left out.
pub fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        if dir.extension().is_some_and(|e| e == "mlir") {
            out.push(dir.to_path_buf());
        }
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "snapshots") {
                walk(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// `testdata/ptx/sync-print.mlir` → `testdata_ptx_sync-print` (the script's names).
pub fn file_name(p: &Path) -> String {
    let s = p.to_string_lossy();
    let s = s.strip_prefix("./").unwrap_or(&s);
    s.strip_suffix(".mlir").unwrap_or(s).replace('/', "_")
}

/// One corpus file a test compiles: no diagnostic test (`expected-error`), a target its flags
/// name correctly.
pub struct Case {
    /// The path relative to `root`.
    pub name: String,
    /// The text.
    pub text: String,
    /// Its target (`--target`, `--ptx-isa`).
    pub target: tilec_dialects::target::Target,
    /// Its flags.
    pub flags: Flags,
}

/// The files under `root/testdata` that compile, sorted by path.
pub fn cases(root: &Path) -> Vec<Case> {
    let mut files = Vec::new();
    walk(&root.join("testdata"), &mut files);
    files.sort();
    let mut v = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        if text.contains("expected-error") {
            continue;
        }
        let flags = flags(&text);
        let Ok(target) = crate::cli::target(&flags.target, flags.ptx_isa.as_deref()) else {
            continue;
        };
        let name = f.strip_prefix(root).unwrap_or(f).display().to_string();
        v.push(Case {
            name,
            text,
            target,
            flags,
        });
    }
    v
}
