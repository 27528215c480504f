//! tilec's writer against an independent reader, NVIDIA's `cutile-ir` (cuTile Rust's Tile IR
//! library): its decoder reads every file tilec writes (header, sections, strings, types,
//! constants, function headers) and finds the kernels tilec wrote. The other direction is
//! covered by testdata/cutile-rs: files cutile-ir's writer produced for cuTile Rust, which
//! tilec reads, lifts and re-encodes to the same bytes (tests/lift.rs, tests/write.rs).

mod common;

use common::{files, lifted};
use tilec_bytecode::{encode, from_module, Version};

#[test]
fn cutile_ir_decodes_what_tilec_writes() {
    let mut n = 0;
    for f in files() {
        let (_, Some(m)) = lifted(&f) else {
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
