//! Every module in testdata/ through real MLIR and back (feature `mlir`).
//!
//! For each module tilec reads (each `// -----` chunk of a file; inputs tilec rejects are the
//! diagnostics tests' and are skipped), tilec prints it in the generic form; MLIR parses,
//! verifies and prints that (A); tilec reads A back and prints it; MLIR parses, verifies and
//! prints that (B). A == B: nothing MLIR saw was lost or changed on the way through tilec's
//! reader and printer, and MLIR accepts all of it. MLIR prints without locations here, so this
//! compares ops, operands, types, attributes and regions, not locations.
#![cfg(feature = "mlir")]

use std::path::{Path, PathBuf};
use tilec_ir::text::{module_to_string_for_mlir, parse_module_with};
use tilec_ir::verify::verify_module;
use tilec_ir::FileId;
use tilec_mlir::{through_mlir, Mlir};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn every_testdata_module_round_trips_through_mlir() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    let mlir = Mlir::new();
    let (mut checked, mut failures) = (0, Vec::new());
    for f in &files {
        // A few parser tests hold bytes that are not UTF-8 on purpose.
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        for (i, chunk) in text.split("\n// -----\n").enumerate() {
            let Ok(m) =
                parse_module_with(chunk, FileId::default(), tilec_dialects::syntax::syntaxes())
            else {
                continue;
            };
            // Inputs tilec's verifier rejects are the diagnostics tests' (MLIR rejects some of
            // them too: a duplicate symbol).
            if verify_module(&m, tilec_dialects::registry()).has_errors() {
                continue;
            }
            checked += 1;
            let name = format!("{}#{i}", f.strip_prefix(&root).unwrap_or(f).display());
            let a = match mlir.round_trip(&module_to_string_for_mlir(&m)) {
                Ok(a) => a,
                Err(e) => {
                    failures.push(format!("{name}: MLIR rejects tilec's print: {e}"));
                    continue;
                }
            };
            let back = match through_mlir(&mlir, &m) {
                Ok(back) => back,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            match mlir.round_trip(&module_to_string_for_mlir(&back)) {
                Ok(b) if b == a => {}
                Ok(b) => failures.push(format!(
                    "{name}: changed on the way back\n--- A\n{a}\n--- B\n{b}"
                )),
                Err(e) => failures.push(format!("{name}: MLIR rejects the module read back: {e}")),
            }
        }
    }
    eprintln!("{checked} modules through MLIR, {} failed", failures.len());
    assert!(
        checked > 400,
        "too few modules found under {}",
        root.display()
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} modules:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
