//! Passes and the driver never spell an attribute key or an op name (docs/ops.md, "Rules for
//! passes"): they dispatch on a dialect's `OpKind` or a view, read and write through the
//! declared getters and setters, and key attributes with the declarations' constants. This
//! test scans their sources outside tests and doc comments for the spellings that bypass the
//! declarations: an interned string literal (`sym!("mem_semantic")`, `Sym::new("…")`) and an
//! op name in a string (`"nv_tileas.fence"`, `strip_prefix("ptx.")`).

use std::path::{Path, PathBuf};

/// The source trees the rule covers.
const TREES: &[&str] = &["passes/src", "compiler/driver/src"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a source directory") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "tests") {
                continue;
            }
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs")
            && p.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(p);
        }
    }
}

/// The code lines of a file: up to its `#[cfg(test)]` module, without comments.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, l)| l.trim() != "#[cfg(test)]")
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l))
}

/// What on `line` spells a key or an op name, if anything.
fn offence(line: &str) -> Option<&'static str> {
    const DIALECTS: &[&str] = &["cuda_tile.", "nv_tileaa.", "nv_tileas.", "ptx."];
    if line.contains("sym!(\"") || line.contains("Sym::new(\"") {
        return Some("an interned string literal (use a view's key constant or name_sym())");
    }
    DIALECTS
        .iter()
        .any(|d| line.contains(&format!("\"{d}")))
        .then_some("an op name in a string (use OpKind or a view)")
}

#[test]
fn passes_and_the_driver_spell_no_attribute_key_or_op_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for t in TREES {
        rust_files(&root.join(t), &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        for (n, line) in code_lines(&text) {
            if let Some(why) = offence(line) {
                let rel = f.strip_prefix(&root).unwrap_or(f).display();
                bad.push(format!("{rel}:{n}: {why}: {}", line.trim()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_scan_catches_what_it_looks_for() {
    assert!(offence(r#"m.attr_as(op, sym!("mem_semantic"))"#).is_some());
    assert!(offence(r#"let s = Sym::new("space");"#).is_some());
    assert!(offence(r#"if n == "nv_tileas.fence" {"#).is_some());
    assert!(offence(r#"n.strip_prefix("ptx.")"#).is_some());
    assert!(offence(r#"ed.set_sem(m, op, MemSemantic::Relaxed)"#).is_none());
    assert!(offence(r#"(sym!(Fence::RESTRICT), AttrData::Space(r))"#).is_none());
    let src = "let a = 1;\n// \"nv_tileas.ld\"\n#[cfg(test)]\nmod tests { \"ptx.ld\" }\n";
    assert_eq!(code_lines(src).count(), 1);
}
