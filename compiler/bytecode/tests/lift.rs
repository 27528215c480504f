//! The lift from bytecode to cuda_tile ops builds the IR the custom syntax builds from
//! `tileirdisasm`'s text of the same file: both print the same (testdata/bytecode and the cuTile
//! corpus testdata/cutile, for every kernel whose ops tilec reads), at 13.4 and 13.1, the debug
//! info aside; with it, against `tileirdisasm -g` (`*.disasm-g.txt`: every op's location, the
//! names of the attributes aside). Kernels with ops tilec does not read yet fail with one
//! located error per op, and never panic.

use std::path::{Path, PathBuf};
use tilec_ir::text::{module_to_string_with, parse_module_with};
use tilec_ir::FileId;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// (bytecode file, its disassembly) of the test inputs.
fn pairs() -> Vec<(PathBuf, PathBuf)> {
    pairs_with("disasm.txt")
}

/// (bytecode file, its disassembly with extension `ext`) of the test inputs.
fn pairs_with(ext: &str) -> Vec<(PathBuf, PathBuf)> {
    let mut v = Vec::new();
    // `testdata/bytecode/written`: files tilec wrote, with what NVIDIA's disassembler printed.
    for dir in [
        "testdata/bytecode",
        "testdata/bytecode/written",
        "testdata/cutile",
        "testdata/cutile-rs",
    ] {
        let Ok(rd) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        let mut files: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
        files.sort();
        for f in files {
            if f.extension().is_some_and(|e| e == "tilebc") {
                let d = f.with_extension(ext);
                if d.exists() {
                    v.push((f, d));
                }
            }
        }
    }
    v
}

#[test]
fn lifted_bytecode_prints_as_its_disassembly_parses() {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let (mut same, mut unread) = (0, Vec::new());
    for (bc_path, dis_path) in pairs() {
        let bytes = std::fs::read(&bc_path).expect("the bytecode file");
        let bc = tilec_bytecode::read(&bytes, FileId(1)).expect("a readable file");
        let m = match tilec_bytecode::to_module(&bc, FileId(1)) {
            Ok(m) => m,
            Err(ds) => {
                for d in &ds.0 {
                    assert!(
                        d.message.contains("(at byte "),
                        "{}: {}",
                        bc_path.display(),
                        d.message
                    );
                    assert_eq!(d.loc.file, FileId(1));
                }
                unread.push(bc_path.display().to_string());
                continue;
            }
        };
        // `tileirdisasm` without `-g` prints no locations.
        let mut m = m;
        m.strip_debug_info();
        let lifted = module_to_string_with(&m, syntaxes);
        let text = std::fs::read_to_string(&dis_path).expect("the disassembly");
        let parsed = parse_module_with(&text, FileId(2), syntaxes)
            .unwrap_or_else(|d| panic!("{}: {}", dis_path.display(), d.message));
        assert_eq!(
            lifted,
            module_to_string_with(&parsed, syntaxes),
            "{}",
            bc_path.display()
        );
        same += 1;
    }
    eprintln!("lifted {same} bytecode files as their disassembly; not read yet: {unread:?}");
    assert!(same >= 4, "only {same} files lifted");
}

#[test]
fn lifted_debug_info_is_what_tileirdisasm_g_prints() {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let mut n = 0;
    for (bc_path, dis_path) in pairs_with("disasm-g.txt") {
        let bytes = std::fs::read(&bc_path).expect("the bytecode file");
        let bc = tilec_bytecode::read(&bytes, FileId(1)).expect("a readable file");
        let Ok(mut m) = tilec_bytecode::to_module(&bc, FileId(1)) else {
            continue;
        };
        let text = std::fs::read_to_string(&dis_path).expect("the disassembly");
        let mut parsed = parse_module_with(&text, FileId(2), syntaxes)
            .unwrap_or_else(|d| panic!("{}: {}", dis_path.display(), d.message));
        // The names differ (tileirdisasm numbers them in its own order): compare the
        // attributes themselves.
        m.clear_aliases();
        // tileirdisasm leaves out an operand-less `yield`/`continue`, and so its location.
        for op in m.all_ops() {
            let name = m.op_name(op).as_str();
            if m.operands(op).is_empty() && matches!(name, "cuda_tile.yield" | "cuda_tile.continue")
            {
                m.set_debug_loc(op, None);
            }
        }
        parsed.clear_aliases();
        let lifted = module_to_string_with(&m, syntaxes);
        assert!(
            lifted.contains(".py\":"),
            "{}: no location lifted",
            bc_path.display()
        );
        let want = module_to_string_with(&parsed, syntaxes);
        if lifted != want {
            let dir = std::env::temp_dir();
            let (a, b) = (dir.join("lifted-g.mlir"), dir.join("disasm-g.mlir"));
            std::fs::write(&a, &lifted).expect("written");
            std::fs::write(&b, &want).expect("written");
            panic!(
                "{}: differs (diff {} {})",
                bc_path.display(),
                a.display(),
                b.display()
            );
        }
        n += 1;
    }
    assert!(n >= 16, "only {n} files compared with their debug info");
}

/// `ftoi` truncates; a file that asks for another rounding is refused, not lifted as a
/// truncation (the file is built by the writer, then its rounding changed).
#[test]
fn ftoi_with_another_rounding_is_refused() {
    use tilec_bytecode::model::OpAttr;
    use tilec_bytecode::ops_table::EnumKind;
    let text = "cuda_tile.module @m {\n  entry @k(%x: tile<f32>, %p: tile<ptr<i32>>) {\n    %y = fptosi %x : tile<f32> -> tile<i32>\n    %t = make_token : token\n    %t2 = store_ptr_tko weak %p, %y token=%t : tile<ptr<i32>>, tile<i32> -> token\n    return\n  }\n}\n";
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let m =
        parse_module_with(text, FileId(1), syntaxes).unwrap_or_else(|d| panic!("{}", d.message));
    let mut bc = tilec_bytecode::from_module(&m, tilec_bytecode::Version::V13_4).expect("writable");
    assert!(tilec_bytecode::to_module(&bc, FileId(1)).is_ok());
    let mut changed = 0;
    for op in &mut bc.functions[0].ops {
        for a in &mut op.attrs {
            if let OpAttr::Enum(EnumKind::RoundingMode, v) = a {
                *v = EnumKind::RoundingMode
                    .value_of("nearest_even")
                    .expect("a rounding");
                changed += 1;
            }
        }
    }
    assert_eq!(changed, 1);
    let e = tilec_bytecode::to_module(&bc, FileId(1)).expect_err("refused");
    assert!(
        e.0[0]
            .message
            .contains("'ftoi' with rounding 'nearest_even' is not supported yet"),
        "{}",
        e.0[0].message
    );
}
