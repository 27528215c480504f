//! `tile-bench-pipeline [--sizes 1000,10000,100000,1000000] [--kinds plain,sync,racy]` — times the
//! whole default pipeline (parse to PTX text) on generated cuda_tile kernels of growing size
//! ([`tilec_tools::pipeline_bench`]) and prints one markdown table: ops, outcome, total time, peak
//! RSS, the growth per 10× ops, and the time of each pass. Each compile runs in a fresh child
//! process (hidden subcommand `measure FILE`), so its peak memory is its own.

use clap::Parser;
use std::path::PathBuf;
use std::process::Command;
use tilec_tools::pipeline_bench::{generate, measure, Kind};

#[derive(Parser)]
#[command(name = "tile-bench-pipeline")]
struct Cli {
    /// Kernel sizes in ops (whole units: the ops column gives the exact count).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1000,10000,100000,1000000"
    )]
    sizes: Vec<usize>,
    /// Kernel kinds: plain, sync, racy.
    #[arg(long, value_delimiter = ',', default_value = "plain,sync,racy")]
    kinds: Vec<String>,
    /// Timed compiles per size (the median total is reported, with that run's passes).
    #[arg(long, default_value_t = 1)]
    reps: usize,
    /// Keep the generated kernels in DIR (default: a temp dir, removed).
    #[arg(long)]
    keep: Option<PathBuf>,
    #[arg(hide = true, long)]
    measure: Option<PathBuf>,
}

fn main() {
    let cli = Cli::parse();
    if let Some(f) = cli.measure {
        match measure(&f) {
            Ok(s) => {
                let passes: Vec<String> = s
                    .passes
                    .iter()
                    .map(|(n, d)| format!("{n}={:.6}", d.as_secs_f64()))
                    .collect();
                println!(
                    "sample ops={} total={:.6} peak_kib={} errors={} {}",
                    s.ops,
                    s.total.as_secs_f64(),
                    s.peak_kib.unwrap_or(0),
                    s.errors,
                    passes.join(" ")
                );
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
        return;
    }
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build: these numbers mean nothing (cargo build --release)");
    }
    let tmp = cli.keep.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("tile-bench-pipeline-{}", std::process::id()))
    });
    std::fs::create_dir_all(&tmp).expect("a folder for the generated kernels");
    let exe = std::env::current_exe().expect("the benchmark's own path");
    println!("| kernel | ops | outcome | total s | ops/s | peak MiB | growth | per pass (s) |");
    println!("|---|---:|---|---:|---:|---:|---|---|");
    for k in &cli.kinds {
        let Some(kind) = Kind::parse(k) else {
            eprintln!("unknown kind '{k}' (plain, sync, racy)");
            std::process::exit(2);
        };
        let mut prev: Option<(usize, f64)> = None;
        for &n in &cli.sizes {
            let file = tmp.join(format!("{}-{n}.mlir", kind.name()));
            std::fs::write(&file, generate(kind, n)).expect("write the kernel");
            eprintln!("{} {n} ...", kind.name());
            let mut runs: Vec<Sample> = (0..cli.reps.max(1))
                .filter_map(|_| child(&exe, &file))
                .collect();
            runs.sort_by(|a, b| a.total.total_cmp(&b.total));
            let Some(s) = runs.get(runs.len() / 2) else {
                println!("| {} | {n} | failed | | | | | |", kind.name());
                continue;
            };
            let growth = prev.map_or("—".to_string(), |(po, pt)| {
                format!(
                    "×{:.1} for ×{:.1} ops",
                    s.total / pt,
                    s.ops as f64 / po as f64
                )
            });
            prev = Some((s.ops, s.total));
            let outcome = if s.errors == 0 {
                "PTX".to_string()
            } else {
                format!("{} errors", s.errors)
            };
            let passes: Vec<String> = s
                .passes
                .iter()
                .filter(|(_, t)| *t >= 0.0005)
                .map(|(n, t)| format!("{n} {t:.3}"))
                .collect();
            println!(
                "| {} | {} | {outcome} | {:.3} | {:.2}M | {:.1} | {growth} | {} |",
                kind.name(),
                s.ops,
                s.total,
                s.ops as f64 / s.total / 1e6,
                s.peak_kib as f64 / 1024.0,
                passes.join(", ")
            );
        }
    }
    if cli.keep.is_none() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
}

/// One child's sample line, parsed.
struct Sample {
    ops: usize,
    total: f64,
    peak_kib: u64,
    errors: usize,
    passes: Vec<(String, f64)>,
}

fn child(exe: &std::path::Path, file: &std::path::Path) -> Option<Sample> {
    let out = Command::new(exe).arg("--measure").arg(file).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("sample "))?;
    let mut s = Sample {
        ops: 0,
        total: 0.0,
        peak_kib: 0,
        errors: 0,
        passes: Vec::new(),
    };
    for kv in line.split_whitespace().skip(1) {
        let (k, v) = kv.split_once('=')?;
        match k {
            "ops" => s.ops = v.parse().ok()?,
            "total" => s.total = v.parse().ok()?,
            "peak_kib" => s.peak_kib = v.parse().ok()?,
            "errors" => s.errors = v.parse().ok()?,
            _ => s.passes.push((k.to_string(), v.parse().ok()?)),
        }
    }
    Some(s)
}
