//! `add_source` takes Tile IR bytecode as well as text: a cuTile Python export compiles to PTX;
//! a truncated file, every prefix of it, is one located error naming the byte, never a panic.

use std::sync::Arc;
use tilec::{add_source, compile_file, Options, SourceMap};

fn vector_add() -> Vec<u8> {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/bytecode/vector_add.tilebc"
    );
    std::fs::read(p).expect("the test file")
}

#[test]
fn a_bytecode_file_compiles_like_its_text() {
    let mut sources = SourceMap::new();
    let (f, err) = add_source(&mut sources, "vector_add.tilebc", vector_add());
    assert!(err.is_none(), "{err:?}");
    assert!(sources.text(f).contains("load_view_tko weak"));
    let out = compile_file(&Arc::new(sources), f, &Options::default()).expect("compiles");
    assert!(out
        .text
        .contains(".visible .entry vector_add_Kt1_A1f32_1l0_A1f32_1l0_A1f32_1l0("));
}

#[test]
fn every_truncation_is_a_located_error() {
    let bytes = vector_add();
    for n in 8..bytes.len() {
        let mut sources = SourceMap::new();
        let (f, err) = add_source(&mut sources, "cut.tilebc", bytes[..n].to_vec());
        // A few prefixes end exactly at a section boundary and are complete files.
        if let Some(d) = err {
            assert_eq!(d.loc.file, f, "{n}");
            assert!(
                d.message.contains("offset") || d.message.contains("byte"),
                "{n}: {}",
                d.message
            );
        }
    }
}

/// Fuzz finds (docs/fuzzing.md, find 15): files the reader accepts whose lifted module is ill-typed
/// (a partition view of a 0-d tile; ops of the wrong operand types). Each is an error or a text
/// that reads back, never a text tilec cannot parse.
#[test]
fn ill_typed_files_lift_to_text_that_reads_back_or_to_an_error() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/bytecode/fuzz");
    let mut n = 0;
    for e in std::fs::read_dir(dir).expect("the fuzz finds") {
        let path = e.expect("an entry").path();
        let bytes = std::fs::read(&path).expect("a file");
        let mut sources = SourceMap::new();
        let (f, err) = add_source(&mut sources, "find.tilebc", bytes);
        if err.is_none() {
            let syntaxes = tilec_dialects::syntax::syntaxes();
            let parsed = tilec_ir::text::parse_module_with(sources.text(f), f, syntaxes);
            assert!(parsed.is_ok(), "{}: {:?}", path.display(), parsed.err());
        }
        n += 1;
    }
    assert!(n >= 3);
}
