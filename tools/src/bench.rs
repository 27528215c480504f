//! Support code for `tile-bench`, the parse/print speed benchmark.
//!
//! - [`generate`] writes a realistic tilec module in the MLIR generic form: top-level
//!   `nv_tileas.kernel` ops of about [`KERNEL_OPS`] ops each ([`Shape::Flat`]), or one kernel made
//!   of many `nv_tileas.elect` regions of [`ELECT_OPS`] ops each ([`Shape::Nested`]), and
//!   kernels of constants whose attributes all differ ([`Shape::Distinct`], the parser's worst case).
//! - [`measure`] runs in a fresh child process of `tile-bench`: it times
//!   [`tilec_ir::text::parse_module`] and (for [`Mode::Roundtrip`]) [`tilec_ir::text::print_module`]
//!   into a `BufWriter` over `/dev/null`, then reads the process's peak RSS (`VmHWM`).
//! - [`run_mlir_opt`] runs `mlir-opt --allow-unregistered-dialect --mlir-print-op-generic
//!   --mlir-timing FILE -o /dev/null` under GNU time and reads its `Parser`/`Output`/`Total` rows.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Ops per generated kernel in [`Shape::Flat`] (the kernel op and its return included).
pub const KERNEL_OPS: usize = 1000;
/// Ops per `nv_tileas.elect` op in [`Shape::Nested`] (the elect op and its yield included).
pub const ELECT_OPS: usize = 20;

/// How a generated module is laid out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// Many top-level kernels of [`KERNEL_OPS`] ops.
    Flat,
    /// One kernel holding many nested `nv_tileas.elect` regions of [`ELECT_OPS`] ops.
    Nested,
    /// Kernels of [`KERNEL_OPS`] constants whose attributes all differ: the worst case for the
    /// parser, which memoizes attribute dictionaries and signatures by their text.
    Distinct,
}

/// SSA names of the current pattern group; `acc` chains groups together.
#[derive(Default, Clone)]
struct Chain {
    step: usize,
    c: u64,
    t: u64,
    i: u64,
    q: u64,
    s: u64,
    v: u64,
    acc: Option<u64>,
}

struct Gen<'w> {
    w: &'w mut dyn Write,
    /// Ops written so far (drives the variation of attributes).
    k: usize,
    /// Next SSA number in the current kernel.
    id: u64,
}

const SEMS: [&str; 3] = ["relaxed", "acquire", "weak"];
const SCOPES: [&str; 4] = ["cta", "gpu", "cluster", "sys"];
const RMWS: [&str; 4] = ["add", "max", "min", "exch"];
const PTR: &str = "!nv_tileas.ptr<global>";

impl Gen<'_> {
    fn fresh(&mut self) -> u64 {
        self.id += 1;
        self.id - 1
    }

    /// Writes the next op of the 10-op pattern (constant, thread_id, addi, gep, ld, addi, atom,
    /// fence, st, barrier); every prefix of the pattern is valid IR.
    fn pattern_op(&mut self, ch: &mut Chain, depth: usize) -> io::Result<()> {
        let k = self.k;
        self.k += 1;
        let ind = "  ".repeat(depth);
        let step = ch.step;
        ch.step = (ch.step + 1) % 10;
        match step {
            0 => {
                ch.c = self.fresh();
                let v = k % 97;
                writeln!(self.w, "{ind}%{} = \"nv_tileas.constant\"() {{value = {v} : i32}} : () -> i32", ch.c)
            }
            1 => {
                ch.t = self.fresh();
                let d = k % 3;
                writeln!(self.w, "{ind}%{} = \"nv_tileas.thread_id\"() {{dim = {d} : i32}} : () -> i32", ch.t)
            }
            2 => {
                ch.i = self.fresh();
                writeln!(self.w, "{ind}%{} = \"nv_tileas.addi\"(%{}, %{}) : (i32, i32) -> i32", ch.i, ch.t, ch.c)
            }
            3 => {
                ch.q = self.fresh();
                let arg = (k / 10) % 2;
                let eb = 1 << (k % 4);
                writeln!(
                    self.w,
                    "{ind}%{} = \"nv_tileas.gep\"(%arg{arg}, %{}) {{elem_bytes = {eb} : i64}} : ({PTR}, i32) -> {PTR}",
                    ch.q, ch.i
                )
            }
            4 => {
                ch.v = self.fresh();
                let (sem, scope) = (SEMS[k % 3], SCOPES[k % 4]);
                writeln!(
                    self.w,
                    "{ind}%{} = \"nv_tileas.ld\"(%{}) {{space = #mem.space<global>, mem_semantic = #mem.sem<{sem}>, \
                     mem_scope = #mem.scope<{scope}>}} : ({PTR}) -> i32",
                    ch.v, ch.q
                )
            }
            5 => {
                let acc = ch.acc.unwrap_or(ch.c);
                ch.s = self.fresh();
                ch.acc = Some(ch.s);
                writeln!(self.w, "{ind}%{} = \"nv_tileas.addi\"(%{}, %{acc}) : (i32, i32) -> i32", ch.s, ch.v)
            }
            6 => {
                let a = self.fresh();
                let (kind, scope) = (RMWS[k % 4], SCOPES[(k / 4) % 4]);
                let r = writeln!(
                    self.w,
                    "{ind}%{a} = \"nv_tileas.atom\"(%{}, %{}) {{kind = #mem.rmw<{kind}>, space = #mem.space<global>, \
                     mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<{scope}>}} : ({PTR}, i32) -> i32",
                    ch.q, ch.s
                );
                ch.v = a;
                r
            }
            7 => writeln!(
                self.w,
                "{ind}\"nv_tileas.fence\"() {{mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, \
                 restrict = #mem.space<shared_cta>}} : () -> ()"
            ),
            8 => writeln!(
                self.w,
                "{ind}\"nv_tileas.st\"(%{}, %{}) {{space = #mem.space<global>, mem_semantic = #mem.sem<weak>}} : \
                 ({PTR}, i32) -> ()",
                ch.q, ch.v
            ),
            _ => writeln!(self.w, "{ind}\"nv_tileas.barrier\"() {{id = {} : i32}} : () -> ()", k % 16),
        }
    }

    fn kernel_open(&mut self) -> io::Result<()> {
        self.k += 1;
        self.id = 0;
        writeln!(
            self.w,
            "\"nv_tileas.kernel\"() ({{\n^bb0(%arg0: {PTR}, %arg1: {PTR}):"
        )
    }

    fn kernel_close(&mut self, n: usize) -> io::Result<()> {
        self.k += 1;
        writeln!(self.w, "  \"nv_tileas.return\"() : () -> ()")?;
        writeln!(
            self.w,
            "}}) {{sym_name = \"k{n}\", num_threads = 128 : i32}} : () -> ()"
        )
    }
}

/// Writes a module of exactly `ops` ops (at least 2) in the generic form; returns `ops`.
pub fn generate(shape: Shape, ops: usize, out: &mut dyn Write) -> io::Result<usize> {
    if ops < 2 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a generated module needs at least 2 ops",
        ));
    }
    let mut g = Gen {
        w: out,
        k: 0,
        id: 0,
    };
    match shape {
        Shape::Distinct => {
            let (mut left, mut n) = (ops, 0);
            while left > 0 {
                let mut size = left.min(KERNEL_OPS);
                if left - size == 1 {
                    size -= 1;
                }
                g.kernel_open()?;
                for _ in 0..size - 2 {
                    let (id, k) = (g.fresh(), g.k);
                    g.k += 1;
                    writeln!(g.w, "  %{id} = \"nv_tileas.constant\"() {{value = {k} : i32, tag = \"op{k}\"}} : () -> i32")?;
                }
                g.kernel_close(n)?;
                left -= size;
                n += 1;
            }
        }
        Shape::Flat => {
            let (mut left, mut n) = (ops, 0);
            while left > 0 {
                let mut size = left.min(KERNEL_OPS);
                if left - size == 1 {
                    size -= 1;
                }
                g.kernel_open()?;
                let mut ch = Chain::default();
                for _ in 0..size - 2 {
                    g.pattern_op(&mut ch, 1)?;
                }
                g.kernel_close(n)?;
                left -= size;
                n += 1;
            }
        }
        Shape::Nested => {
            g.kernel_open()?;
            let mut left = ops - 2;
            let mut outer = Chain::default();
            for _ in 0..left.min(10) {
                g.pattern_op(&mut outer, 1)?;
            }
            left -= left.min(10);
            while left >= ELECT_OPS {
                g.k += 1;
                writeln!(g.w, "  \"nv_tileas.elect\"() ({{")?;
                let mut inner = Chain {
                    step: 0,
                    acc: outer.acc,
                    ..Chain::default()
                };
                for _ in 0..ELECT_OPS - 2 {
                    g.pattern_op(&mut inner, 2)?;
                }
                g.k += 1;
                writeln!(
                    g.w,
                    "    \"nv_tileas.yield\"() : () -> ()\n  }}) : () -> ()"
                )?;
                left -= ELECT_OPS;
            }
            for _ in 0..left {
                g.pattern_op(&mut outer, 1)?;
            }
            g.kernel_close(0)?;
        }
    }
    g.w.flush()?;
    Ok(ops)
}

/// What a measuring child does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Parse only.
    Parse,
    /// Parse, then print into a `BufWriter` over `/dev/null`.
    Roundtrip,
}

/// One child's measurement.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sample {
    /// Ops in the parsed module.
    pub ops: usize,
    /// Seconds in `parse_module`.
    pub parse_s: f64,
    /// Seconds in `print_module` (flush included), for [`Mode::Roundtrip`].
    pub print_s: Option<f64>,
    /// Peak resident set (`VmHWM`) of the child, KiB.
    pub peak_kib: u64,
    /// CPU time of the parse (`/proc/thread-self/schedstat`), seconds; NaN when unknown.
    pub parse_cpu_s: f64,
    /// CPU time of the print, seconds.
    pub print_cpu_s: Option<f64>,
    /// CPU time of the whole child up to the sample (`/proc/self/schedstat`), seconds.
    pub proc_cpu_s: f64,
}

impl Sample {
    /// The machine-readable line a child prints.
    pub fn to_line(&self) -> String {
        let opt = |v: Option<f64>| v.map_or("-".to_string(), |s| format!("{s:.9}"));
        format!(
            "tile-bench-sample ops={} parse_s={:.9} print_s={} peak_kib={} parse_cpu_s={:.9} print_cpu_s={} \
             proc_cpu_s={:.9}",
            self.ops,
            self.parse_s,
            opt(self.print_s),
            self.peak_kib,
            self.parse_cpu_s,
            opt(self.print_cpu_s),
            self.proc_cpu_s
        )
    }

    /// Reads a line written by [`Sample::to_line`] (the first such line of `text`).
    pub fn from_text(text: &str) -> Option<Sample> {
        let line = text.lines().find(|l| l.starts_with("tile-bench-sample "))?;
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        };
        Some(Sample {
            ops: field("ops")?.parse().ok()?,
            parse_s: field("parse_s")?.parse().ok()?,
            print_s: field("print_s")?.parse().ok(),
            peak_kib: field("peak_kib")?.parse().ok()?,
            parse_cpu_s: field("parse_cpu_s")
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN),
            print_cpu_s: field("print_cpu_s").and_then(|v| v.parse().ok()),
            proc_cpu_s: field("proc_cpu_s")
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN),
        })
    }
}

/// The process's peak resident set size (`VmHWM` in `/proc/self/status`), KiB.
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time this thread has run, from `/proc/thread-self/schedstat` (nanoseconds, first field;
/// the kernel updates it at scheduler ticks, so it is only meaningful over tens of milliseconds).
pub fn thread_cpu_s() -> Option<f64> {
    schedstat_s("/proc/thread-self/schedstat")
}

fn schedstat_s(path: &str) -> Option<f64> {
    let s = std::fs::read_to_string(path).ok()?;
    Some(s.split_whitespace().next()?.parse::<u64>().ok()? as f64 * 1e-9)
}

/// Reads `file`, times the parse (and the print, for [`Mode::Roundtrip`]) and reads the peak RSS.
/// Meant to run in a fresh process, so the peak belongs to this one measurement.
pub fn measure(mode: Mode, file: &Path) -> Result<Sample, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut sm = tilec_ir::SourceMap::new();
    let id = sm.add(file.display().to_string(), text);
    let cpu = || thread_cpu_s().unwrap_or(f64::NAN);
    let (c0, t0) = (cpu(), Instant::now());
    let module = tilec_ir::text::parse_module(sm.text(id), id).map_err(|d| d.message.clone())?;
    let (parse_s, parse_cpu_s) = (t0.elapsed().as_secs_f64(), cpu() - c0);
    let (print_s, print_cpu_s) = match mode {
        Mode::Parse => (None, None),
        Mode::Roundtrip => {
            let null = std::fs::File::create("/dev/null").map_err(|e| format!("/dev/null: {e}"))?;
            let mut w = BufWriter::with_capacity(1 << 16, null);
            let (c1, t1) = (cpu(), Instant::now());
            tilec_ir::text::print_module(&module, &mut w)
                .and_then(|()| w.flush())
                .map_err(|e| e.to_string())?;
            (Some(t1.elapsed().as_secs_f64()), Some(cpu() - c1))
        }
    };
    let peak_kib = peak_rss_kib().unwrap_or(0);
    // The child is single-threaded, so the main thread's schedstat is the process's CPU time.
    let proc_cpu_s = schedstat_s("/proc/self/schedstat").unwrap_or(f64::NAN);
    Ok(Sample {
        ops: module.op_capacity(),
        parse_s,
        print_s,
        peak_kib,
        parse_cpu_s,
        print_cpu_s,
        proc_cpu_s,
    })
}

/// One `mlir-opt` run.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct MlirOptRun {
    /// Wall clock of the whole process, startup included, seconds.
    pub wall_s: f64,
    /// `--mlir-timing` "Parser" row (parse and verify), seconds.
    pub parse_s: Option<f64>,
    /// `--mlir-timing` "Output" row (printing), seconds.
    pub print_s: Option<f64>,
    /// `--mlir-timing` "Total" row, seconds.
    pub total_s: Option<f64>,
    /// Peak RSS from GNU time `%M`, KiB (None without `/usr/bin/time`).
    pub peak_kib: Option<u64>,
    /// User + system CPU time from GNU time `%U %S`, seconds.
    pub cpu_s: Option<f64>,
}

/// `mlir-opt` on PATH (`mlir-opt`, `mlir-opt-22`), else `/usr/lib/llvm-22/bin/mlir-opt`.
pub fn find_mlir_opt() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["mlir-opt", "mlir-opt-22"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    let fixed = PathBuf::from("/usr/lib/llvm-22/bin/mlir-opt");
    fixed.is_file().then_some(fixed)
}

/// Reads the wall-time column of the `--mlir-timing` rows named `Parser`, `Output` and `Total`.
pub fn parse_mlir_timing(stderr: &str) -> (Option<f64>, Option<f64>, Option<f64>) {
    let row = |name: &str| {
        stderr.lines().find_map(|l| {
            let mut it = l.split_whitespace();
            let secs = it.next()?.parse::<f64>().ok()?;
            (it.last()? == name).then_some(secs)
        })
    };
    (row("Parser"), row("Output"), row("Total"))
}

/// Runs `mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-timing [EXTRA…] FILE
/// -o /dev/null`, under `/usr/bin/time -f '%e %M %U %S'` when it exists (its report goes to a file in
/// `scratch`).
pub fn run_mlir_opt(
    bin: &Path,
    extra: &[String],
    file: &Path,
    scratch: &Path,
) -> Result<MlirOptRun, String> {
    let gnu_time = Path::new("/usr/bin/time");
    let report = scratch.join("mlir-opt-time.txt");
    let mut cmd = if gnu_time.is_file() {
        let mut c = Command::new(gnu_time);
        c.arg("-f")
            .arg("%e %M %U %S")
            .arg("-o")
            .arg(&report)
            .arg(bin);
        c
    } else {
        Command::new(bin)
    };
    cmd.args([
        "--allow-unregistered-dialect",
        "--mlir-print-op-generic",
        "--mlir-timing",
    ])
    .args(extra);
    cmd.arg(file).args(["-o", "/dev/null"]);
    let t0 = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let wall_s = t0.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "{} failed ({}): {}",
            bin.display(),
            out.status,
            stderr.trim()
        ));
    }
    let (parse_s, print_s, total_s) = parse_mlir_timing(&stderr);
    let report = std::fs::read_to_string(&report).unwrap_or_default();
    let fields: Vec<&str> = report
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let num = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    let peak_kib = num(1).map(|k| k as u64);
    let cpu_s = num(2).zip(num(3)).map(|(u, s)| u + s);
    Ok(MlirOptRun {
        wall_s,
        parse_s,
        print_s,
        total_s,
        peak_kib,
        cpu_s,
    })
}

/// The median of `v` (NaN when empty).
pub fn median(v: &[f64]) -> f64 {
    let mut s: Vec<f64> = v.iter().copied().filter(|x| !x.is_nan()).collect();
    if s.is_empty() {
        return f64::NAN;
    }
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

/// `10k`, `100k`, `1M`, or the plain number.
pub fn size_label(n: usize) -> String {
    match n {
        n if n >= 1_000_000 && n % 1_000_000 == 0 => format!("{}M", n / 1_000_000),
        n if n >= 1_000 && n % 1_000 == 0 => format!("{}k", n / 1_000),
        n => n.to_string(),
    }
}

/// Ops per second, as `1.23M`; `n/a` when unknown.
pub fn rate(ops: usize, secs: Option<f64>) -> String {
    match secs {
        Some(s) if s > 0.0 && s.is_finite() => {
            let r = ops as f64 / s;
            if r >= 1e6 {
                format!("{:.2}M", r / 1e6)
            } else {
                format!("{:.0}k", r / 1e3)
            }
        }
        _ => "n/a".to_string(),
    }
}

/// Seconds with 3 decimals, or `n/a`.
pub fn secs(s: Option<f64>) -> String {
    s.filter(|s| s.is_finite())
        .map_or("n/a".to_string(), |s| format!("{s:.3}"))
}

/// KiB as MiB with 1 decimal, or `n/a`.
pub fn mib(kib: Option<u64>) -> String {
    kib.map_or("n/a".to_string(), |k| format!("{:.1}", k as f64 / 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(shape: Shape, n: usize) {
        let mut buf = Vec::new();
        generate(shape, n, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        let m = tilec_ir::text::parse_module(&text, tilec_ir::FileId(0))
            .unwrap_or_else(|d| panic!("{}", d.message));
        assert_eq!(m.all_ops().len(), n, "{shape:?} {n}");
        assert_eq!(m.op_capacity(), n);
        let printed = tilec_ir::text::module_to_string(&m);
        let again = tilec_ir::text::parse_module(&printed, tilec_ir::FileId(0)).unwrap();
        assert_eq!(tilec_ir::text::module_to_string(&again), printed);
    }

    #[test]
    fn generated_modules_parse_with_exact_op_counts() {
        for n in [2, 3, 12, 999, 1000, 1001, 1002, 2500] {
            roundtrip(Shape::Flat, n);
        }
        for n in [2, 11, 12, 31, 32, 33, 1000, 2017] {
            roundtrip(Shape::Nested, n);
        }
        for n in [2, 3, 1000, 1001, 2500] {
            roundtrip(Shape::Distinct, n);
        }
    }

    #[test]
    fn sample_lines_roundtrip() {
        let s = Sample {
            ops: 10,
            parse_s: 0.5,
            print_s: None,
            peak_kib: 77,
            parse_cpu_s: 0.375,
            print_cpu_s: None,
            proc_cpu_s: 0.5,
        };
        assert_eq!(
            Sample::from_text(&format!("noise\n{}\n", s.to_line())),
            Some(s)
        );
        let s = Sample {
            print_s: Some(0.25),
            print_cpu_s: Some(0.125),
            ..s
        };
        assert_eq!(Sample::from_text(&s.to_line()), Some(s));
        let old =
            Sample::from_text("tile-bench-sample ops=1 parse_s=1 print_s=- peak_kib=2").unwrap();
        assert!(old.parse_cpu_s.is_nan());
    }

    #[test]
    fn mlir_timing_rows() {
        let t = "  ----Wall Time----  ----Name----\n    0.0004 ( 68.3%)  Parser\n    0.0001 ( 20.5%)  Output\n    \
                 0.0001 ( 11.3%)  Rest\n    0.0005 (100.0%)  Total\n";
        assert_eq!(
            parse_mlir_timing(t),
            (Some(0.0004), Some(0.0001), Some(0.0005))
        );
        assert_eq!(parse_mlir_timing(""), (None, None, None));
    }

    #[test]
    fn helpers() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0]), 2.5);
        assert_eq!(size_label(10_000), "10k");
        assert_eq!(size_label(1_000_000), "1M");
        assert_eq!(size_label(1234), "1234");
        assert_eq!(rate(2_000_000, Some(1.0)), "2.00M");
        assert_eq!(rate(5, None), "n/a");
        assert_eq!(mib(Some(2048)), "2.0");
    }
}
