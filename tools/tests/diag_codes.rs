//! Every diagnostic the compiler reports has a code (docs/diagnostics.md): each file of the lit
//! corpus (testdata/**/*.mlir) is compiled with the targets and ISA ceilings its RUN lines name
//! and with `--explain-fences` (so the remarks are made too), and no diagnostic, error, warning
//! or remark, may be `unclassified`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tilec::{compile_file, Options};
use tilec_ir::{DiagCode, Diagnostics, SourceMap};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("testdata is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// The value after `flag` in a RUN line, if any.
fn flag_value<'a>(line: &'a str, flag: &str) -> Option<&'a str> {
    let i = line.find(flag)? + flag.len();
    line[i..].split_whitespace().next()
}

/// The option sets of a file's RUN lines (its targets, ISA ceilings and whether verify-races
/// runs), each with `--explain-fences`; the default options when it has none.
fn option_sets(text: &str) -> Vec<Options> {
    let mut seen = BTreeSet::new();
    for line in text.lines().filter(|l| l.contains("RUN:")) {
        let target = flag_value(line, "--target ").unwrap_or("sm_90a");
        let isa = flag_value(line, "--ptx-isa ");
        let races = !line.contains("--no-verify-races");
        seen.insert((target.to_string(), isa.map(str::to_string), races));
    }
    if seen.is_empty() {
        seen.insert(("sm_90a".to_string(), None, true));
    }
    seen.into_iter()
        .filter_map(|(target, isa, races)| {
            let target = tilec_tools::cli::target(&target, isa.as_deref()).ok()?;
            Some(Options {
                target,
                verify_races: races,
                explain_fences: true,
                ..Options::default()
            })
        })
        .collect()
}

fn unclassified(file: &Path, d: &Diagnostics, sources: &SourceMap, out: &mut Vec<String>) {
    for x in d.0.iter().filter(|x| x.code == DiagCode::Unclassified) {
        let shown = Diagnostics::from(x.clone()).render(sources);
        out.push(format!("{}: {}", file.display(), shown.trim_end()));
    }
}

#[test]
fn no_diagnostic_of_the_corpus_is_unclassified() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    assert!(files.len() > 300, "the corpus is there");
    let (mut bad, mut seen_codes) = (Vec::new(), BTreeSet::new());
    for file in &files {
        let bytes = std::fs::read(file).expect("a corpus file is readable");
        let mut sources = SourceMap::new();
        let (f, utf8) = sources.add_bytes(file.display().to_string(), bytes);
        if let Some(d) = utf8 {
            seen_codes.insert(d.code);
            unclassified(file, &Diagnostics::from(d), &sources, &mut bad);
            continue;
        }
        let sources = Arc::new(sources);
        for opts in option_sets(sources.text(f)) {
            let diags = match compile_file(&sources, f, &opts) {
                Ok(out) => out.diags,
                Err(e) => e.diags,
            };
            seen_codes.extend(diags.0.iter().map(|x| x.code));
            unclassified(file, &diags, &sources, &mut bad);
        }
    }
    assert!(
        bad.is_empty(),
        "unclassified diagnostics:\n{}",
        bad.join("\n")
    );
    // The corpus exercises the main families (a check that the walk above saw diagnostics).
    for c in [
        DiagCode::ParseSyntax,
        DiagCode::VerifyOp,
        DiagCode::LegalitySemantic,
        DiagCode::TargetSm,
        DiagCode::RaceCheck1,
        DiagCode::WeakestFenceExplain,
        DiagCode::LowerUnsupported,
    ] {
        assert!(seen_codes.contains(&c), "no {c} in the corpus");
    }
}
