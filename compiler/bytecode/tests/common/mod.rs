//! The test files the bytecode tests share: every `.tilebc` of testdata/bytecode,
//! testdata/cutile (cuTile Python's) and testdata/cutile-rs (cuTile Rust's).

use std::path::{Path, PathBuf};
use tilec_bytecode::{read, to_module, Bytecode};
use tilec_ir::{FileId, Module};

/// Every test file, sorted.
pub fn files() -> Vec<PathBuf> {
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

/// The file read, and the module it lifts to when tilec reads all of its ops.
pub fn lifted(f: &Path) -> (Bytecode, Option<Module>) {
    let bytes = std::fs::read(f).expect("the file");
    let bc = read(&bytes, FileId(0)).expect("a readable file");
    let m = to_module(&bc, FileId(0)).ok();
    (bc, m)
}
