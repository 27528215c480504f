//! The writer is the reader's inverse:
//! - every test file (testdata/bytecode, testdata/cutile) read and encoded again is the same
//!   bytes;
//! - every module lifted from one and written again has the same ops, attributes and operands
//!   as the file (its dump's function bodies are equal, constant ids aside), and lifts back to
//!   the same module;
//! - tileiras (found as `TILEC_TILEIRAS` or `tileiras` on PATH; skipped, and said so, without
//!   one) compiles every file tilec writes.

mod common;

use common::{files, lifted};
use std::path::PathBuf;
use tilec_bytecode::{encode, from_module, read, to_module, Version};
use tilec_ir::text::module_to_string_with;
use tilec_ir::FileId;

#[test]
fn reading_then_encoding_gives_the_same_bytes() {
    let files = files();
    assert!(files.len() >= 20, "{} files", files.len());
    for f in files {
        let bytes = std::fs::read(&f).expect("the file");
        let bc = read(&bytes, FileId(0)).expect("a readable file");
        let again = encode(&bc);
        if again != bytes {
            let at = again.iter().zip(&bytes).position(|(a, b)| a != b);
            panic!(
                "{}: {} bytes written, {} read, first difference at {at:?}",
                f.display(),
                again.len(),
                bytes.len()
            );
        }
    }
}

#[test]
fn lifted_modules_survive_a_write_and_a_read() {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let mut n = 0;
    for f in files() {
        let (bc, Some(m)) = lifted(&f) else {
            continue;
        };
        let written = from_module(&m, bc.version)
            .unwrap_or_else(|d| panic!("{}: {}", f.display(), d.0[0].message));
        let back = read(&encode(&written), FileId(0))
            .unwrap_or_else(|d| panic!("{}: {}", f.display(), d.message));
        assert_eq!(bodies(&back), bodies(&bc), "{}", f.display());
        let m2 = to_module(&back, FileId(0))
            .unwrap_or_else(|d| panic!("{}: {}", f.display(), d.0[0].message));
        assert_eq!(
            module_to_string_with(&m2, syntaxes),
            module_to_string_with(&m, syntaxes),
            "{}",
            f.display()
        );
        n += 1;
    }
    assert!(n >= 20, "only {n} files");
}

/// The op lines of a dump (the function bodies), constant ids left out (the writer numbers
/// constants in the order it meets them), and the signedness of an equality comparison (tilec's
/// `eq`/`ne` have none: `cmpi equal … unsigned` is written back `signed`, the same comparison;
/// docs/cuda-tile-syntax.md, deviation 6).
fn bodies(bc: &tilec_bytecode::Bytecode) -> Vec<String> {
    tilec_bytecode::dump(bc)
        .lines()
        .filter(|l| l.starts_with("    "))
        .map(|l| {
            let l = l
                .replace("{equal, unsigned}", "{equal, signed}")
                .replace("{not_equal, unsigned}", "{not_equal, signed}");
            let l = l.as_str();
            let mut out = String::new();
            let mut rest = l;
            while let Some(i) = rest.find("dense #") {
                out.push_str(&rest[..i + 6]);
                rest = rest[i + 7..].trim_start_matches(|c: char| c.is_ascii_digit());
            }
            out.push_str(rest);
            out
        })
        .collect()
}

fn tileiras() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TILEC_TILEIRAS") {
        return Some(PathBuf::from(p));
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join("tileiras"))
        .find(|p| p.is_file())
}

#[test]
fn tileiras_compiles_what_tilec_writes() {
    let Some(tileiras) = tileiras() else {
        eprintln!(
            "SKIPPED tileiras_compiles_what_tilec_writes: no tileiras (TILEC_TILEIRAS or PATH)"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("tilec-write-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let mut n = 0;
    for f in files() {
        let (_, Some(m)) = lifted(&f) else {
            continue;
        };
        for v in [Version::V13_4, Version::V13_1] {
            let written = match from_module(&m, v) {
                Ok(w) => w,
                // 13.1 lacks the newer ops (atomic_red_view_tko is 13.3): a located refusal.
                Err(ds) if v == Version::V13_1 => {
                    assert!(
                        ds.0.iter()
                            .all(|d| d.message.contains("needs bytecode 13.")),
                        "{}: {:?}",
                        f.display(),
                        ds.0
                    );
                    continue;
                }
                Err(ds) => panic!("{}: {:?}", f.display(), ds.0),
            };
            let path = dir.join(format!("{n}.tilebc"));
            std::fs::write(&path, encode(&written)).expect("written");
            let out = std::process::Command::new(&tileiras)
                .arg(&path)
                .args(["--gpu-name=sm_90", "-o"])
                .arg(dir.join(format!("{n}.cubin")))
                .output()
                .expect("tileiras runs");
            assert!(
                out.status.success(),
                "{} as {}: {}",
                f.display(),
                v.name(),
                String::from_utf8_lossy(&out.stderr)
            );
            n += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("tileiras compiled {n} files tilec wrote");
    assert!(n >= 36, "only {n}");
}
