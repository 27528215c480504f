//! Every lit test under testdata/ (RUN / CHECK / expected-error files) as its own test case,
//! run with the tools of this build the way `tile-lit testdata` runs them. A failure names the
//! file (`lit::verify/duplicate-symbol.mlir`), `cargo test --test lit -- verify/` runs a subset,
//! and a file whose `REQUIRES:` feature this machine lacks (`ptxas`, `gpu`) is listed as ignored
//! with the reason, so a skip is visible in the output.

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tilec_tools::lit::{collect_tests, run_file, skip_reason, LitConfig, Outcome};

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
}

fn config() -> LitConfig {
    let mut tools = BTreeMap::new();
    tools.insert(
        "tilec".to_string(),
        PathBuf::from(env!("CARGO_BIN_EXE_tilec")),
    );
    tools.insert(
        "tile-opt".to_string(),
        PathBuf::from(env!("CARGO_BIN_EXE_tile-opt")),
    );
    let mut features = BTreeSet::new();
    for (tool, feature) in [("ptxas", "ptxas"), ("nvidia-smi", "gpu")] {
        if on_path(tool) {
            features.insert(feature.to_string());
        }
    }
    if tilec::HAS_LLVM {
        features.insert("llvm".to_string());
    }
    LitConfig {
        tools,
        verbose: false,
        filter: None,
        features,
    }
}

/// The test case of one file, named by its path below testdata/.
fn trial(root: &Path, path: PathBuf, cfg: &LitConfig) -> Trial {
    let name = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .to_string_lossy()
        .to_string();
    let skip = skip_reason(&path, cfg);
    let cfg = cfg.clone();
    let t = Trial::test(name, move || match run_file(&path, &cfg) {
        Outcome::Pass => Ok(()),
        Outcome::Fail(report) => Err(Failed::from(report)),
        Outcome::Unsupported(why) => Err(Failed::from(format!("skipped while running: {why}"))),
    });
    match skip {
        Some(why) => t
            .with_ignored_flag(true)
            .with_kind(format!("skipped: {why}")),
        None => t,
    }
}

fn main() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata"));
    let cfg = config();
    let trials: Vec<Trial> = collect_tests(std::slice::from_ref(&root))
        .into_iter()
        .map(|p| trial(&root, p, &cfg))
        .collect();
    assert!(
        !trials.is_empty(),
        "no lit test found under {}",
        root.display()
    );
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
