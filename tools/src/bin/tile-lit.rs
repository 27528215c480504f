//! tile-lit: runs lit-style tests (`// RUN:` lines checked with FileCheck).
//!
//! Usage: `tile-lit [-v] [--filter REGEX] [--feature NAME]... PATH...`.
//! The tools `tilec`, `tile-opt`, `tile-lit` and `tile-bench` are taken from
//! the directory tile-lit itself lives in when they are there, so a test runs
//! the binaries of the same build. The last line printed is the summary CI
//! reads: `N passed, N failed[, N skipped]`.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use tilec_tools::lit::{is_executable, run_tests, LitConfig};

#[derive(Parser, Debug)]
#[command(
    name = "tile-lit",
    version,
    about = "Run lit-style tests (RUN lines + FileCheck)"
)]
struct Cli {
    /// Print a PASS line for every passing test too.
    #[arg(short, long)]
    verbose: bool,
    /// Only run tests whose path matches this regex.
    #[arg(long, value_name = "REGEX")]
    filter: Option<String>,
    /// Enable a feature for REQUIRES:/UNSUPPORTED: lines (repeatable).
    #[arg(long = "feature", value_name = "NAME")]
    features: Vec<String>,
    /// Test files or directories to search for tests.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(filter) = &cli.filter {
        if let Err(e) = regex::Regex::new(filter) {
            eprintln!("tile-lit: invalid --filter regex: {e}");
            return ExitCode::from(2);
        }
    }
    let mut cfg = LitConfig {
        verbose: cli.verbose,
        filter: cli.filter,
        features: cli
            .features
            .into_iter()
            .chain(tilec::HAS_LLVM.then(|| "llvm".to_string()))
            .collect(),
        ..LitConfig::default()
    };
    let own_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(PathBuf::from));
    if let Some(dir) = own_dir {
        for tool in ["tilec", "tile-opt", "tile-lit", "tile-bench", "tile-run"] {
            let path = dir.join(format!("{tool}{}", std::env::consts::EXE_SUFFIX));
            if is_executable(&path) {
                cfg.tools.insert(tool.to_string(), path);
            }
        }
    }
    let summary = run_tests(&cli.paths, &cfg);
    println!("{}", summary.closing_line());
    if summary.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
