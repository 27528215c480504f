//! `tile-bench`: parse/print speed and peak memory of the tilec generic-form text path, next to
//! `mlir-opt --allow-unregistered-dialect --mlir-print-op-generic` on the same files.
//!
//! For each size it generates a module (see [`tilec_tools::bench::generate`]), then, `--reps`
//! times, runs two fresh children of itself (`tile-bench measure parse FILE` and `tile-bench
//! measure roundtrip FILE`, a hidden subcommand) and mlir-opt, and prints a markdown table of
//! medians, the growth factors between sizes and the targets (at least mlir-opt's ops/s at no
//! more than its peak memory; 10x ops costs at most 11x time). See `docs/benchmarks.md`.

use clap::{Parser, Subcommand, ValueEnum};
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;
use tilec_tools::bench::{self, mib, rate, secs, size_label, MlirOptRun, Sample, Shape};

#[derive(Parser)]
#[command(
    name = "tile-bench",
    about = "Parse/print speed of tilec's generic form vs mlir-opt",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    /// Module sizes, in ops (flat layout: kernels of 1000 ops).
    #[arg(long, value_delimiter = ',', default_value = "10000,100000,1000000")]
    sizes: Vec<usize>,
    /// Measurements per size and tool; the table shows medians.
    #[arg(long, default_value_t = 3)]
    reps: usize,
    /// Write the generated files to DIR and keep them (default: a temporary dir, removed).
    #[arg(long, value_name = "DIR")]
    keep: Option<PathBuf>,
    /// Do not run mlir-opt (its columns read n/a).
    #[arg(long)]
    no_mlir_opt: bool,
    /// Size of the extra nested-regions variant (one kernel of 20-op elect regions); 0 = none.
    #[arg(long, default_value_t = 100_000)]
    nested: usize,
    /// Size of the extra worst-case variant (every op's attributes differ, so the parser's
    /// memoization of dictionaries never hits); 0 = none.
    #[arg(long, default_value_t = 100_000)]
    distinct: usize,
    /// The mlir-opt binary (default: `mlir-opt`, `mlir-opt-22` on PATH, /usr/lib/llvm-22/bin/mlir-opt).
    #[arg(long, value_name = "PATH")]
    mlir_opt: Option<PathBuf>,
    /// Extra mlir-opt argument (repeatable), e.g. --mlir-opt-arg=--mlir-disable-threading.
    #[arg(long, value_name = "ARG", allow_hyphen_values = true)]
    mlir_opt_arg: Vec<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Internal: measure one file in this (fresh) process and print one sample line.
    #[command(hide = true)]
    Measure { mode: ModeArg, file: PathBuf },
}

#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    /// Parse only.
    Parse,
    /// Parse, then print into a BufWriter over /dev/null.
    #[value(alias = "print")]
    Roundtrip,
}

/// Medians (times) and maxima (memory) of one size.
struct Row {
    label: String,
    ops: usize,
    parse_s: f64,
    print_s: f64,
    total_s: f64,
    parse_cpu_s: f64,
    print_cpu_s: f64,
    peak_parse_kib: u64,
    peak_rt_kib: u64,
    child_wall_s: f64,
    child_cpu_s: f64,
    /// Not the flat shape: left out of the growth factors, which compare sizes of one shape.
    nested: bool,
    mlir: Option<MlirOptRun>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Cmd::Measure { mode, file }) = &cli.cmd {
        let mode = match mode {
            ModeArg::Parse => bench::Mode::Parse,
            ModeArg::Roundtrip => bench::Mode::Roundtrip,
        };
        return match bench::measure(mode, file) {
            Ok(s) => {
                println!("{}", s.to_line());
                // Skip freeing the module: the sample is taken, teardown is not measured.
                std::process::exit(0)
            }
            Err(e) => {
                eprintln!("tile-bench measure: {e}");
                ExitCode::FAILURE
            }
        };
    }
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tile-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    if cfg!(debug_assertions) {
        eprintln!("tile-bench: warning: this is a debug build; numbers are meaningless (cargo build --release -p tilec-tools --bin tile-bench)");
    }
    if cli.reps == 0 || cli.sizes.iter().any(|&n| n < 2) {
        return Err("--reps must be at least 1 and every size at least 2".into());
    }
    let dir = match &cli.keep {
        Some(d) => d.clone(),
        None => std::env::temp_dir().join(format!("tile-bench-{}", std::process::id())),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mlir_opt = if cli.no_mlir_opt {
        None
    } else {
        cli.mlir_opt.clone().or_else(bench::find_mlir_opt)
    };
    match &mlir_opt {
        Some(p) => eprintln!("tile-bench: mlir-opt: {}", p.display()),
        None => eprintln!("tile-bench: mlir-opt: not used (n/a)"),
    }
    let mut cases: Vec<(String, Shape, usize)> = cli
        .sizes
        .iter()
        .map(|&n| (size_label(n), Shape::Flat, n))
        .collect();
    if cli.nested >= 2 {
        cases.push((
            format!("{} nested", size_label(cli.nested)),
            Shape::Nested,
            cli.nested,
        ));
    }
    if cli.distinct >= 2 {
        cases.push((
            format!("{} distinct", size_label(cli.distinct)),
            Shape::Distinct,
            cli.distinct,
        ));
    }
    let load0 = loadavg();
    let mut rows = Vec::new();
    let result = cases.iter().try_for_each(|(label, shape, n)| {
        let row = run_case(cli, &dir, mlir_opt.as_deref(), label, *shape, *n)?;
        rows.push(row);
        Ok::<(), String>(())
    });
    if cli.keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result?;
    print!("{}", report(&rows, cli.reps));
    println!(
        "load average (1/5/15 min) before: {load0}, after: {}",
        loadavg()
    );
    Ok(())
}

fn run_case(
    cli: &Cli,
    dir: &Path,
    mlir_opt: Option<&Path>,
    label: &str,
    shape: Shape,
    n: usize,
) -> Result<Row, String> {
    let kind = match shape {
        Shape::Flat => "ops",
        Shape::Nested => "nested",
        Shape::Distinct => "distinct",
    };
    let file = dir.join(format!("{kind}-{n}.mlir"));
    let f = std::fs::File::create(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut w = BufWriter::with_capacity(1 << 16, f);
    bench::generate(shape, n, &mut w).map_err(|e| format!("{}: {e}", file.display()))?;
    drop(w);
    let bytes = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
    eprintln!(
        "tile-bench: {label}: {} ({:.1} MiB)",
        file.display(),
        bytes as f64 / 1048576.0
    );
    let (mut parse, mut rt, mut walls, mut mlir) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for rep in 0..cli.reps {
        let (p, _) = child(bench::Mode::Parse, &file)?;
        let (r, wall) = child(bench::Mode::Roundtrip, &file)?;
        for s in [&p, &r] {
            if s.ops != n {
                return Err(format!(
                    "{}: tilec parsed {} ops, expected {n}",
                    file.display(),
                    s.ops
                ));
            }
        }
        eprintln!(
            "tile-bench: {label} rep {}: tilec parse {:.3}s print {:.3}s peak {} MiB",
            rep + 1,
            p.parse_s,
            r.print_s.unwrap_or(f64::NAN),
            mib(Some(r.peak_kib))
        );
        parse.push(p);
        rt.push(r);
        walls.push(wall);
        if let Some(bin) = mlir_opt {
            match bench::run_mlir_opt(bin, &cli.mlir_opt_arg, &file, dir) {
                Ok(m) => {
                    eprintln!(
                        "tile-bench: {label} rep {}: mlir-opt total {} peak {} MiB",
                        rep + 1,
                        secs(m.total_s),
                        mib(m.peak_kib)
                    );
                    mlir.push(m);
                }
                Err(e) => eprintln!("tile-bench: {label}: {e}"),
            }
        }
    }
    if cli.keep.is_none() {
        let _ = std::fs::remove_file(&file);
    }
    let med = |f: &dyn Fn(&Sample) -> f64, v: &[Sample]| {
        bench::median(&v.iter().map(f).collect::<Vec<_>>())
    };
    let mopt = |f: &dyn Fn(&MlirOptRun) -> Option<f64>| {
        let v: Vec<f64> = mlir.iter().filter_map(f).collect();
        (!v.is_empty()).then(|| bench::median(&v))
    };
    let mlir_row = (!mlir.is_empty()).then(|| MlirOptRun {
        wall_s: bench::median(&mlir.iter().map(|m| m.wall_s).collect::<Vec<_>>()),
        parse_s: mopt(&|m| m.parse_s),
        print_s: mopt(&|m| m.print_s),
        total_s: mopt(&|m| m.total_s),
        peak_kib: mlir.iter().filter_map(|m| m.peak_kib).max(),
        cpu_s: mopt(&|m| m.cpu_s),
    });
    Ok(Row {
        label: label.to_string(),
        ops: n,
        parse_s: med(&|s| s.parse_s, &parse),
        print_s: med(&|s| s.print_s.unwrap_or(f64::NAN), &rt),
        total_s: med(&|s| s.parse_s + s.print_s.unwrap_or(f64::NAN), &rt),
        parse_cpu_s: med(&|s| s.parse_cpu_s, &parse),
        print_cpu_s: med(&|s| s.print_cpu_s.unwrap_or(f64::NAN), &rt),
        peak_parse_kib: parse.iter().map(|s| s.peak_kib).max().unwrap_or(0),
        peak_rt_kib: rt.iter().map(|s| s.peak_kib).max().unwrap_or(0),
        child_wall_s: bench::median(&walls),
        child_cpu_s: med(&|s| s.proc_cpu_s, &rt),
        nested: shape != Shape::Flat,
        mlir: mlir_row,
    })
}

/// Runs `tile-bench measure MODE FILE` in a fresh process; returns its sample and wall time.
fn child(mode: bench::Mode, file: &Path) -> Result<(Sample, f64), String> {
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let arg = if mode == bench::Mode::Parse {
        "parse"
    } else {
        "roundtrip"
    };
    let t0 = Instant::now();
    let out = Command::new(&exe)
        .arg("measure")
        .arg(arg)
        .arg(file)
        .output()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let wall = t0.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    match Sample::from_text(&stdout) {
        Some(s) if out.status.success() => Ok((s, wall)),
        _ => Err(format!(
            "measure {arg} {} failed ({}): {}",
            file.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

fn report(rows: &[Row], reps: usize) -> String {
    let mut s = String::new();
    let na = || "n/a".to_string();
    s.push_str(&format!(
        "\nMedians of {reps} runs; tilec peak = parse-only / parse+print child; mlir-opt parse = its \"Parser\" timer (parse + verify).\n\n"
    ));
    s.push_str("| size | ops | tilec parse ops/s | tilec print ops/s | tilec total s | tilec peak MiB | mlir-opt parse ops/s | mlir-opt print ops/s | mlir-opt total s | mlir-opt peak MiB |\n");
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for r in rows {
        let m = r.mlir.as_ref();
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} / {} | {} | {} | {} | {} |\n",
            r.label,
            r.ops,
            rate(r.ops, Some(r.parse_s)),
            rate(r.ops, Some(r.print_s)),
            secs(Some(r.total_s)),
            mib(Some(r.peak_parse_kib)),
            mib(Some(r.peak_rt_kib)),
            m.map_or_else(na, |m| rate(r.ops, m.parse_s)),
            m.map_or_else(na, |m| rate(r.ops, m.print_s)),
            m.map_or_else(na, |m| secs(m.total_s)),
            m.map_or_else(na, |m| mib(m.peak_kib)),
        ));
    }
    s.push('\n');
    let mut flat: Vec<&Row> = rows.iter().filter(|r| !r.nested).collect();
    flat.sort_by_key(|r| r.ops);
    for w in flat.windows(2) {
        let (a, b) = (w[0], w[1]);
        let ops = b.ops as f64 / a.ops as f64;
        let bound = ops * 1.1;
        let (gp, gq) = (b.parse_s / a.parse_s, b.print_s / a.print_s);
        let (cp, cq) = (
            ratio(Some(a.parse_cpu_s), Some(b.parse_cpu_s)),
            ratio(Some(a.print_cpu_s), Some(b.print_cpu_s)),
        );
        let ok = if gp <= bound && gq <= bound {
            "linear"
        } else {
            "NOT linear"
        };
        let mlir = match (a.mlir.as_ref(), b.mlir.as_ref()) {
            (Some(x), Some(y)) => format!(
                "mlir-opt parse ×{}, print ×{}",
                ratio(x.parse_s, y.parse_s),
                ratio(x.print_s, y.print_s)
            ),
            _ => "mlir-opt n/a".to_string(),
        };
        s.push_str(&format!(
            "growth {}→{}: tilec parse ×{gp:.2}, print ×{gq:.2} (ops ×{ops:.1}, bound ×{bound:.2}: {ok}; \
             CPU time: parse ×{cp}, print ×{cq}); {mlir}\n",
            a.label, b.label
        ));
    }
    for r in rows {
        let Some(m) = &r.mlir else { continue };
        let speed = match m.parse_s {
            Some(p) => format!(
                "parse {} vs {}",
                verdict(r.parse_s <= p),
                rate(r.ops, m.parse_s)
            ),
            None => "parse n/a".into(),
        };
        let total = match m.total_s {
            Some(t) => format!(
                "total {} ({:.3}s vs {t:.3}s)",
                verdict(r.total_s <= t),
                r.total_s
            ),
            None => "total n/a".into(),
        };
        let mem = match m.peak_kib {
            Some(k) => format!(
                "peak {} ({} vs {} MiB)",
                verdict(r.peak_rt_kib <= k),
                mib(Some(r.peak_rt_kib)),
                mib(Some(k))
            ),
            None => "peak n/a".into(),
        };
        s.push_str(&format!("target {}: {speed}, {total}, {mem}\n", r.label));
    }
    s.push_str(
        "\nLoad check: tilec CPU time (schedstat) next to wall time; process = startup + read + \
         parse + print (mlir-opt: + verify), CPU = user + system.\n\n",
    );
    s.push_str(
        "| size | tilec parse CPU ops/s | tilec print CPU ops/s | tilec parse wall/CPU | \
         tilec process wall s | tilec process CPU s | mlir-opt process wall s | mlir-opt process CPU s |\n",
    );
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for r in rows {
        let m = r.mlir.as_ref();
        s.push_str(&format!(
            "| {} | {} | {} | {:.2} | {:.3} | {} | {} | {} |\n",
            r.label,
            rate(r.ops, Some(r.parse_cpu_s)),
            rate(r.ops, Some(r.print_cpu_s)),
            r.parse_s / r.parse_cpu_s,
            r.child_wall_s,
            secs(Some(r.child_cpu_s)),
            m.map_or_else(na, |m| format!("{:.3}", m.wall_s)),
            m.map_or_else(na, |m| secs(m.cpu_s)),
        ));
    }
    s
}

fn ratio(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if a > 0.0 && (b / a).is_finite() => format!("{:.2}", b / a),
        _ => "n/a".into(),
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "ok"
    } else {
        "MISSED"
    }
}

fn loadavg() -> String {
    let l = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let v: Vec<&str> = l.split_whitespace().take(3).collect();
    if v.is_empty() {
        "n/a".into()
    } else {
        v.join(" ")
    }
}
