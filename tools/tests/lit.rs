//! Runs every lit test under testdata/ (RUN / CHECK / expected-error files) with the tools of
//! this build, the way `tile-lit testdata` does. Tests that need ptxas or a GPU declare
//! `// REQUIRES: ptxas` / `// REQUIRES: gpu` and are skipped (and listed) when absent.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use tilec_tools::lit::{run_tests, LitConfig};

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
}

#[test]
fn testdata() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata"));
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
    if on_path("ptxas") {
        features.insert("ptxas".to_string());
    }
    if on_path("nvidia-smi") {
        features.insert("gpu".to_string());
    }
    let cfg = LitConfig {
        tools,
        verbose: false,
        filter: None,
        features,
    };
    let summary = run_tests(&[root], &cfg);
    for (path, why) in &summary.failures {
        eprintln!("FAIL: {}\n{why}", path.display());
    }
    for p in &summary.skipped {
        eprintln!("skipped (needs a tool this machine lacks): {}", p.display());
    }
    println!("{}", summary.closing_line());
    assert_eq!(summary.failed, 0, "{}", summary.closing_line());
    assert!(summary.passed > 0, "no lit test ran");
}
