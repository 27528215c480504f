//! `tile-fence-report [DIRS...] [--csv] [--write-ptx OUTDIR]` — compiles the test corpus without
//! and with `weakest-fence` and prints, per file and in total, how many sync instructions of
//! each cost class (tilec_passes::cost, docs/cost-model.md) the PTX has before → after.
//!
//! The corpus is the one tools/scripts/emit-corpus-ptx.sh emits: every `.mlir` under DIRS
//! (default `testdata`, snapshots left out) that is not a diagnostic test (`expected-error`)
//! and compiles to PTX. A file is compiled with the `--target` / `--ptx-isa` of its first
//! `tilec` RUN line (else, like the script, the first `--target` in it, else sm_90a) and without
//! `verify-races` when it says `--no-verify-races`. Files that do not compile are counted and
//! skipped. `--write-ptx OUTDIR` keeps both PTX texts (OUTDIR/{before,after}/NAME.ptx and
//! OUTDIR/targets.txt, `NAME TARGET` per line) for tools/scripts/fence-sass-count.sh.

use clap::Parser;
use std::path::{Path, PathBuf};
use tilec::{compile, Emit, Options};
use tilec_passes::cost::{count_ptx, Class, Counts};
use tilec_tools::cli;
use tilec_tools::corpus::{file_name, flags, walk};

/// Sync cost classes of the corpus's PTX, without and with weakest-fence.
#[derive(Parser)]
#[command(name = "tile-fence-report")]
struct Args {
    /// Folders searched for `.mlir` files (default: testdata).
    dirs: Vec<PathBuf>,
    /// Print CSV (one row per file, then TOTAL) instead of the table.
    #[arg(long)]
    csv: bool,
    /// Write OUTDIR/before/NAME.ptx, OUTDIR/after/NAME.ptx and OUTDIR/targets.txt.
    #[arg(long = "write-ptx", value_name = "OUTDIR")]
    write_ptx: Option<PathBuf>,
    /// Only files with a `tilec` RUN line (the lit tests that compile to PTX themselves).
    #[arg(long = "run-lines-only")]
    run_lines_only: bool,
}

/// The report's columns after `expensive`, in the order the table prints them.
const COLUMNS: [Class; 7] = [
    Class::Gpu,
    Class::ScGpu,
    Class::Sys,
    Class::Cta,
    Class::Proxy,
    Class::Invalidate,
    Class::Free,
];

struct Report {
    name: String,
    target: String,
    before: Counts,
    after: Counts,
}

fn cell(b: u64, a: u64) -> String {
    format!("{b}→{a}")
}

fn print_table(rows: &[Report], total: &Report) {
    let w = rows
        .iter()
        .map(|r| r.name.len())
        .chain([5])
        .max()
        .unwrap_or(5);
    let mut head = format!("{:<w$} | {:>9}", "file", "expensive");
    for c in COLUMNS {
        head.push_str(&format!(" | {:>10}", format!("{c:?}")));
    }
    println!("{head}");
    println!("{}", "-".repeat(head.chars().count()));
    for r in rows.iter().chain([total]) {
        if std::ptr::eq(r, total) {
            println!("{}", "-".repeat(head.chars().count()));
        }
        let mut line = format!(
            "{:<w$} | {:>9}",
            r.name,
            cell(r.before.expensive(), r.after.expensive())
        );
        for c in COLUMNS {
            line.push_str(&format!(" | {:>10}", cell(r.before.get(c), r.after.get(c))));
        }
        println!("{line}");
    }
}

fn print_csv(rows: &[Report], total: &Report) {
    let mut head = "file,target,expensive_before,expensive_after".to_string();
    for c in COLUMNS {
        head.push_str(&format!(",{c:?}_before,{c:?}_after"));
    }
    println!("{head}");
    for r in rows.iter().chain([total]) {
        let mut line = format!(
            "{},{},{},{}",
            r.name,
            r.target,
            r.before.expensive(),
            r.after.expensive()
        );
        for c in COLUMNS {
            line.push_str(&format!(",{},{}", r.before.get(c), r.after.get(c)));
        }
        println!("{line}");
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!(
            "tile-fence-report: error: cannot write '{}': {e}",
            path.display()
        );
        std::process::exit(1);
    }
}

fn main() {
    let a = Args::parse();
    let dirs = if a.dirs.is_empty() {
        vec![PathBuf::from("testdata")]
    } else {
        a.dirs.clone()
    };
    let mut files = Vec::new();
    for d in &dirs {
        walk(d, &mut files);
    }
    files.sort();
    if let Some(out) = &a.write_ptx {
        for sub in ["before", "after"] {
            if let Err(e) = std::fs::create_dir_all(out.join(sub)) {
                eprintln!(
                    "tile-fence-report: error: cannot create '{}': {e}",
                    out.display()
                );
                std::process::exit(1);
            }
        }
    }
    let (mut rows, mut targets) = (Vec::new(), String::new());
    let (mut diagnostic, mut failed, mut after_failed) = (0, 0, Vec::new());
    for f in &files {
        // Not UTF-8 (the parser's garbage-input tests): nothing to compile.
        let Ok(text) = std::fs::read_to_string(f) else {
            failed += 1;
            continue;
        };
        if text.contains("expected-error") {
            diagnostic += 1;
            continue;
        }
        let fl = flags(&text);
        if a.run_lines_only && !fl.has_run_line {
            continue;
        }
        let Ok(target) = cli::target(&fl.target, fl.ptx_isa.as_deref()) else {
            failed += 1;
            continue;
        };
        let name = file_name(f);
        let opts = |weakest_fence| Options {
            target,
            emit: Emit::Ptx,
            verify_races: fl.verify_races,
            weakest_fence,
            ..Options::default()
        };
        let Ok(before) = compile(&text, &f.to_string_lossy(), &opts(false)) else {
            failed += 1;
            continue;
        };
        let Ok(after) = compile(&text, &f.to_string_lossy(), &opts(true)) else {
            after_failed.push(name);
            continue;
        };
        if let Some(out) = &a.write_ptx {
            write(
                &out.join("before").join(format!("{name}.ptx")),
                &before.text,
            );
            write(&out.join("after").join(format!("{name}.ptx")), &after.text);
            targets.push_str(&format!("{name} {}\n", target.name()));
        }
        rows.push(Report {
            name,
            target: target.name(),
            before: count_ptx(&before.text),
            after: count_ptx(&after.text),
        });
    }
    if let Some(out) = &a.write_ptx {
        write(&out.join("targets.txt"), &targets);
    }
    let mut total = Report {
        name: "TOTAL".into(),
        target: String::new(),
        before: Counts::default(),
        after: Counts::default(),
    };
    for r in &rows {
        total.before += r.before;
        total.after += r.after;
    }
    let fewer = rows.iter().filter(|r| r.after < r.before).count();
    let summary = format!(
        "{} files compiled both ways, {fewer} cheaper after weakest-fence; skipped: {diagnostic} diagnostic tests, {failed} that do not compile, {} that compile only without weakest-fence",
        rows.len(),
        after_failed.len()
    );
    if a.csv {
        print_csv(&rows, &total);
        eprintln!("{summary}");
    } else {
        print_table(&rows, &total);
        println!("{summary}");
    }
    for n in &after_failed {
        eprintln!("tile-fence-report: {n}: compiles without weakest-fence but not with it");
    }
}
