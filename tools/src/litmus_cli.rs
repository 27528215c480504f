//! `tilec litmus [--model ptx-tilec|ptx-v7.5|ptx-v6.0] [--witness] [--bound N] [--expected CSV]
//! [--table] [--time-total] FILE|DIR…` — decide PTX litmus tests (Dat3M's format;
//! docs/litmus.md) under ptx-tilec by default (ptx-v7.5 with tilec's extensions; it agrees with
//! Dat3M on all 135 v6.0 and 264 v7.5 tests, compiler/litmus/tests/dat3m.rs).
//!
//! One line per test: `<path> <name> PASS|FAIL <time>`; with `--race LOC`, `<path> <name> RACE
//! on LOC|race-free on LOC <time>` (the PTX ISA's data race: two conflicting overlapping accesses
//! of LOC, neither causality-ordered nor morally strong, in some consistent execution). A directory stands for every `*.litmus`
//! below it. Exit status: 0, or 1 when a file does not parse (its located diagnostics go to
//! stderr, and the other files are still decided), 2 on a usage error.

use clap::Parser;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tilec_ir::{Diagnostics, SourceMap};
use tilec_litmus::{decide, parse_test, Model, Options, Verdict};

/// Decide PTX litmus tests under the PTX memory model.
#[derive(Parser)]
#[command(name = "tilec litmus")]
struct Args {
    /// Litmus files, or directories to search for `*.litmus`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The memory model: ptx-tilec (ptx-v7.5 with tilec's extensions: .cluster, mbarriers,
    /// barrier.cluster, bulk copies, sync_restrict and proxy fences; the default), ptx-v7.5
    /// (Dat3M's, with proxies) or ptx-v6.0.
    #[arg(long, default_value = "ptx-tilec")]
    model: String,
    /// Print a witness after each verdict.
    #[arg(long)]
    witness: bool,
    /// Loop unrolling bound (Dat3M's litmus tests use 1).
    #[arg(long, default_value_t = 1)]
    bound: usize,
    /// Dat3M's expected-verdict CSV (`path,1|0`); adds the expected verdict to each line and
    /// an agreement count at the end.
    #[arg(long)]
    expected: Option<PathBuf>,
    /// Print a Markdown table (test, expected, tilec, time) instead of lines.
    #[arg(long)]
    table: bool,
    /// Instead of the verdict, ask whether two accesses of location LOC can form a data race
    /// (with --witness: the execution and the racing pair).
    #[arg(long, value_name = "LOC")]
    race: Option<String>,
    /// Print the total decision time (parsing excluded) at the end.
    #[arg(long = "time-total")]
    time_total: bool,
}

/// Runs `tilec litmus` with `args` (the words after `litmus`); returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let a = match Args::try_parse_from(std::iter::once("tilec litmus".to_string()).chain(args)) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let Some(model) = Model::parse(&a.model) else {
        eprintln!(
            "tilec litmus: error: unknown model '{}' (ptx-tilec, ptx-v7.5 or ptx-v6.0)",
            a.model
        );
        return 2;
    };
    let expected = match a.expected.as_deref().map(read_expected).transpose() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("tilec litmus: error: {e}");
            return 2;
        }
    };
    let mut files = Vec::new();
    for f in &a.files {
        collect(f, &mut files);
    }
    let opts = Options {
        bound: a.bound.max(1),
        witness: a.witness,
    };
    let mut status = 0;
    let (mut total, mut agree, mut compared) = (Duration::ZERO, 0, 0);
    if a.table {
        println!("| test | expected | tilec | time |\n|---|---|---|---|");
    }
    for path in &files {
        let mut sources = SourceMap::new();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("tilec litmus: error: cannot read '{}': {e}", path.display());
                status = 1;
                continue;
            }
        };
        let (file, utf8) = sources.add_bytes(path.display().to_string(), bytes);
        let parsed = match utf8 {
            Some(d) => Err(Diagnostics::from(d)),
            None => parse_test(&sources, file),
        };
        let test = match parsed {
            Ok(t) => t,
            Err(d) => {
                eprint!("{}", d.render(&sources));
                status = 1;
                continue;
            }
        };
        if let Some(loc) = &a.race {
            match race_line(&test, model, loc, &opts) {
                Ok(line) => print!("{} {line}", path.display()),
                Err(e) => {
                    eprintln!("tilec litmus: error: {}: {e}", path.display());
                    status = 1;
                }
            }
            continue;
        }
        let start = Instant::now();
        let d = decide(&test, model, &opts);
        let took = start.elapsed();
        total += took;
        let exp = expected.as_ref().and_then(|m| lookup(m, path));
        if let Some(e) = exp {
            compared += 1;
            agree += usize::from(e == d.verdict);
        }
        let ms = took.as_secs_f64() * 1e3;
        let shown = path.display();
        if a.table {
            let e = exp.map_or("", Verdict::as_str);
            println!("| {shown} | {e} | {} | {ms:.2} ms |", d.verdict.as_str());
        } else {
            let e = exp.map_or(String::new(), |e| format!(" (expected {})", e.as_str()));
            println!("{shown} {} {} {ms:.2}ms{e}", test.name, d.verdict.as_str());
        }
        if let Some(w) = &d.witness {
            print!("{w}");
        }
    }
    if expected.is_some() {
        println!("{agree}/{compared} agree with the expected verdicts");
    }
    if a.time_total {
        println!(
            "total: {} tests in {:.1} ms",
            files.len(),
            total.as_secs_f64() * 1e3
        );
    }
    status
}

fn collect(p: &Path, out: &mut Vec<PathBuf>) {
    if !p.is_dir() {
        out.push(p.to_path_buf());
        return;
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            collect(&e, out);
        } else if e.extension().is_some_and(|x| x == "litmus") {
            out.push(e);
        }
    }
}

fn read_expected(p: &Path) -> Result<BTreeMap<String, Verdict>, String> {
    let text =
        std::fs::read_to_string(p).map_err(|e| format!("cannot read '{}': {e}", p.display()))?;
    let mut m = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("//"))
    {
        if let Some((path, v)) = line.split_once(',') {
            let v = if v.trim() == "1" {
                Verdict::Pass
            } else {
                Verdict::Fail
            };
            m.insert(path.trim().to_string(), v);
        }
    }
    Ok(m)
}

/// The expected verdict of `path`: the CSV entry whose path ends `path` (or the reverse).
fn lookup(m: &BTreeMap<String, Verdict>, path: &Path) -> Option<Verdict> {
    let p = path.to_string_lossy().replace('\\', "/");
    m.iter()
        .find(|(k, _)| p.ends_with(k.as_str()) || k.ends_with(p.as_str()))
        .map(|(_, v)| *v)
}

/// `NAME RACE on LOC|race-free on LOC TIME` (and the witness of a race when asked).
fn race_line(
    test: &tilec_litmus::Test,
    model: Model,
    loc: &str,
    opts: &Options,
) -> Result<String, String> {
    let start = Instant::now();
    let found = tilec_litmus::race(test, model, loc, opts.bound)?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let what = if found.is_some() {
        "RACE on"
    } else {
        "race-free on"
    };
    let mut line = format!("{} {what} {loc} {ms:.2}ms\n", test.name);
    if let (true, Some(w)) = (opts.witness, found) {
        line.push_str(&w.to_string());
    }
    Ok(line)
}
