//! `--lineinfo` on the cuTile corpus: every kernel's PTX names its Python file (`.file`) and
//! carries a `.loc` for the lines of its ops, and ptxas assembles it (skipped, and said so,
//! without a ptxas). Without the option the PTX has neither.

use std::path::PathBuf;
use std::sync::Arc;
use tilec::{add_source, compile_file, Options, SourceMap};
use tilec_tools::ptxas::{assemble, find as ptxas};

/// The kernels verify-races cannot prove race-free (testdata/cutile/README.md).
const NO_VERIFY: &[&str] = &[
    "atomic_orders",
    "ping_pong",
    "cas_spinlock",
    "xchg_spinlock",
    "last_block_reduce",
    "splitk_matmul",
];

fn compile(path: &PathBuf, line_info: bool) -> String {
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let mut sources = SourceMap::new();
    let bytes = std::fs::read(path).expect("the kernel");
    let (file, err) = add_source(&mut sources, &path.display().to_string(), bytes);
    assert!(err.is_none(), "{}: {err:?}", path.display());
    let opts = Options {
        verify_races: !NO_VERIFY.contains(&name),
        line_info,
        ..Options::default()
    };
    match compile_file(&Arc::new(sources), file, &opts) {
        Ok(out) => out.text,
        Err(e) => panic!("{}: {}", path.display(), e.render()),
    }
}

#[test]
fn lineinfo_names_the_python_lines_and_assembles() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata/cutile");
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "tilebc"))
        .collect();
    kernels.sort();
    assert!(kernels.len() >= 16, "{} kernels", kernels.len());
    let ptxas = ptxas();
    let scratch = std::env::temp_dir().join(format!("tilec-lineinfo-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    for k in &kernels {
        let name = k.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let plain = compile(k, false);
        assert!(
            !plain.contains(".loc") && !plain.contains(".file"),
            "{name}"
        );
        let ptx = compile(k, true);
        assert!(
            ptx.contains(".file 1 \"") && ptx.contains(&format!("{name}.py\"")),
            "{name}: no .file for its Python source"
        );
        let locs = ptx
            .lines()
            .filter(|l| l.trim_start().starts_with(".loc 1 "))
            .count();
        assert!(locs >= 2, "{name}: {locs} .loc lines");
        if let Some(p) = &ptxas {
            if let Some(why) = assemble(p, &scratch, name, "sm_90a", &ptx) {
                panic!("{name}: ptxas rejects the PTX with line info: {why}");
            }
        }
    }
    if ptxas.is_none() {
        tilec_tools::announce_skip("lineinfo: no ptxas, the PTX was not assembled");
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
