//! tilec's writer against an independent reader, NVIDIA's `cutile-ir` (cuTile Rust's Tile IR
//! library): its decoder reads every file tilec writes (header, sections, strings, types,
//! constants, function headers) and finds the kernels tilec wrote. The other direction is
//! covered by testdata/cutile-rs: files cutile-ir's writer produced for cuTile Rust, which
//! tilec reads, lifts and re-encodes to the same bytes (tests/lift.rs, tests/write.rs).

use std::path::{Path, PathBuf};
use tilec_bytecode::{encode, from_module, read, to_module, Version};
use tilec_ir::FileId;

fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut v = Vec::new();
    for dir in ["testdata/bytecode", "testdata/cutile", "testdata/cutile-rs"] {
        let rd = std::fs::read_dir(root.join(dir)).expect("a test folder");
        v.extend(
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "tilebc")),
        );
    }
    v.sort();
    v
}

#[test]
fn cutile_ir_decodes_what_tilec_writes() {
    let mut n = 0;
    for f in files() {
        let bytes = std::fs::read(&f).expect("the file");
        let bc = read(&bytes, FileId(0)).expect("readable");
        let Ok(m) = to_module(&bc, FileId(0)) else {
            continue;
        };
        for v in [Version::V13_4, Version::V13_3] {
            let written = from_module(&m, v).expect("writable");
            let text = cutile_ir::bytecode::decoder::decode_bytecode(&encode(&written))
                .unwrap_or_else(|e| panic!("{} at {}: {e}", f.display(), v.name()));
            assert!(
                text.starts_with(&format!("TileIR bytecode v{}", v.name())),
                "{}: {text}",
                f.display()
            );
            let want = format!("=== Functions ({}) ===", written.functions.len());
            assert!(text.contains(&want), "{}: {text}", f.display());
            for func in &written.functions {
                let name = written.string(func.name);
                assert!(text.contains(&format!("entry @{name} ")), "{name}: {text}");
            }
            n += 1;
        }
    }
    assert!(n >= 50, "only {n}");
}
