//! Generated programs through the whole pipeline (issue 14): `TILEC_GEN` seeds (default 2000) of
//! `tilec_tools::gen` are compiled in-process (two threads) with the default options, and every
//! eighth again with `verify_each`. For every program:
//!
//! - tilec never panics (a panicking program is written to the temp folder, `tilec-gen-<seed>.mlir`,
//!   so that `tilec` reproduces it);
//! - the program is legal: parse and `verify-mem-legality` accept it (`--emit cuda_tile`);
//! - a rejection is located diagnostics only (a line and column in the file), none of them an
//!   internal compiler error or a "this is a compiler bug" report;
//! - `verify_each` changes nothing (the same outcome, the same PTX);
//! - with ptxas (`$TILEC_PTXAS`, or `ptxas` on `PATH`), a sample of the exit-0 PTX assembles
//!   (`TILEC_GEN_PTXAS` files, default 150, spread over the seeds, two ptxas processes at a time).
//!
//! The summary on stderr (`--nocapture`): how many compiled, the rejections by diagnostic (verify-races' check
//! numbers, the lowering's "cannot lower" reasons), the seeds of the programs whose accesses the
//! generator ordered by tokens that verify-races still rejects (`TILEC_GEN_LIST` of them, default
//! 20), how many PTX files ptxas checked, and the
//! coverage (every op of the cuda_tile catalog and every legal memory (semantic, scope) pair must
//! have been generated), and every program that took over a second (written to the temp folder as
//! `tilec-gen-slow-<seed>.mlir`; listed, not failed, as in tests/mutants.rs). Longer runs and
//! the finds: docs/fuzzing.md.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tilec::{compile, Emit, Error, Options};
use tilec_tools::gen::coverage::Coverage;
use tilec_tools::gen::{bad_rejection, generate, Program};

fn env_count(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What one compile did.
enum Outcome {
    Ptx(String),
    Rejected(Error),
}

/// The outcome of compiling `text`, or the panic's message.
fn run(text: &str, opts: &Options) -> Result<Outcome, String> {
    let r = catch_unwind(AssertUnwindSafe(|| compile(text, "gen.mlir", opts)));
    match r {
        Ok(Ok(out)) => Ok(Outcome::Ptx(out.text)),
        Ok(Err(f)) => Ok(Outcome::Rejected(f)),
        Err(p) => Err(p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())),
    }
}

/// The rejection's kind, for the summary: verify-races' `check N (name)`, the lowering's
/// "cannot lower 'op' yet: reason", or the message's first words.
fn kind(f: &Error) -> String {
    let Some(d) = f
        .diags
        .0
        .iter()
        .find(|d| d.severity == tilec_ir::Severity::Error)
    else {
        return "(no error)".into();
    };
    let m = &d.message;
    if m.starts_with("check ") {
        return m.split(':').next().unwrap_or(m).to_string();
    }
    let words: Vec<&str> = m.split_whitespace().take(12).collect();
    words.join(" ")
}

/// Is `text` legal: do parse and verify-mem-legality accept it?
fn legal(text: &str) -> Result<(), String> {
    let opts = Options {
        emit: Emit::CudaTile,
        ..Options::default()
    };
    match compile(text, "gen.mlir", &opts) {
        Ok(_) => Ok(()),
        Err(f) => Err(f
            .diags
            .0
            .first()
            .map_or(String::new(), |d| d.message.clone())),
    }
}

/// Writes a failing program to the temp folder; returns the line naming it.
fn keep(seed: u64, text: &str, why: &str) -> String {
    let out = std::env::temp_dir().join(format!("tilec-gen-{seed}.mlir"));
    let _ = std::fs::write(&out, text);
    format!("seed {seed} ({}): {why}", out.display())
}

#[derive(Default)]
struct Summary {
    compiled: usize,
    rejected: BTreeMap<String, usize>,
    /// Programs the generator ordered completely that verify-races still rejected.
    ordered_but_racy: Vec<u64>,
    /// Programs whose default compile took over a second.
    slow: Vec<String>,
    failures: Vec<String>,
    ptx: Vec<(u64, String)>,
    cov: Coverage,
}

impl Summary {
    fn merge(&mut self, o: Summary) {
        self.compiled += o.compiled;
        for (k, n) in o.rejected {
            *self.rejected.entry(k).or_default() += n;
        }
        self.ordered_but_racy.extend(o.ordered_but_racy);
        self.slow.extend(o.slow);
        self.failures.extend(o.failures);
        self.ptx.extend(o.ptx);
        self.cov.merge(o.cov);
    }

    /// Generates, compiles and checks `seed`.
    fn seed(&mut self, seed: u64) {
        let p = generate(seed);
        if !self.cov.add(&p.text) {
            let why = format!(
                "does not parse: {}",
                legal(&p.text).err().unwrap_or_default()
            );
            return self.failures.push(keep(seed, &p.text, &why));
        }
        let t = std::time::Instant::now();
        self.check(seed, &p, seed % 8 == 0);
        let took = t.elapsed().as_secs_f64();
        if took > 1.0 {
            let out = std::env::temp_dir().join(format!("tilec-gen-slow-{seed}.mlir"));
            let _ = std::fs::write(&out, &p.text);
            self.slow.push(format!("{} ({took:.1} s)", out.display()));
        }
    }

    fn check(&mut self, seed: u64, p: &Program, verify_each: bool) {
        let opts = Options::default();
        let text = &p.text;
        let first = match run(text, &opts) {
            Ok(o) => o,
            Err(why) => {
                return self
                    .failures
                    .push(keep(seed, text, &format!("panicked: {why}")))
            }
        };
        match &first {
            Outcome::Ptx(ptx) => {
                self.compiled += 1;
                self.ptx.push((seed, ptx.clone()));
            }
            Outcome::Rejected(f) => {
                if let Some(why) = bad_rejection(&f.diags, text) {
                    return self.failures.push(keep(seed, text, &why));
                }
                if let Err(why) = legal(text) {
                    let msg = format!("illegal (parse or verify-mem-legality): {why}");
                    return self.failures.push(keep(seed, text, &msg));
                }
                let k = kind(f);
                // Accesses indexed by a loop's induction variable (`Program::loop_indexed`) are
                // ordered too: verify-races bounds the variable (docs/fuzzing.md, find 4).
                if k.starts_with("check ") && p.unordered == 0 {
                    self.ordered_but_racy.push(seed);
                }
                *self.rejected.entry(k).or_default() += 1;
            }
        }
        if verify_each {
            self.check_verify_each(seed, text, &first);
        }
    }

    /// `verify_each` must not change the outcome.
    fn check_verify_each(&mut self, seed: u64, text: &str, first: &Outcome) {
        let opts = Options {
            verify_each: true,
            ..Options::default()
        };
        let why = match (first, run(text, &opts)) {
            (_, Err(why)) => format!("panicked with verify_each: {why}"),
            (Outcome::Ptx(a), Ok(Outcome::Ptx(b))) if *a == b => return,
            (Outcome::Rejected(_), Ok(Outcome::Rejected(f))) => match bad_rejection(&f.diags, text)
            {
                None => return,
                Some(why) => format!("with verify_each: {why}"),
            },
            _ => "verify_each changes the outcome or the PTX".into(),
        };
        self.failures.push(keep(seed, text, &why));
    }
}

/// Assembles `sample` with two ptxas processes at a time; returns the failures.
fn assemble_all(ptxas: &std::path::Path, sample: &[(u64, String)]) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("tilec-gen-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let arch = tilec::Target::default().name();
    let half = sample.len().div_ceil(2).max(1);
    let fails: Vec<String> = std::thread::scope(|s| {
        let hs: Vec<_> = sample
            .chunks(half)
            .map(|chunk| {
                let (dir, arch) = (&dir, &arch);
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|(seed, ptx)| {
                            let name = format!("gen-{seed}");
                            tilec_tools::ptxas::assemble(ptxas, dir, &name, arch, ptx)
                                .map(|why| format!("seed {seed}: ptxas rejects the PTX:\n{why}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter()
            .flat_map(|h| h.join().expect("a ptxas thread"))
            .collect()
    });
    if fails.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    fails
}

/// Seeds `0..n` on two threads (the machine's two cores), merged.
fn run_seeds(n: u64) -> Summary {
    let parts: Vec<Summary> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2u64)
            .map(|w| {
                s.spawn(move || {
                    let mut sum = Summary::default();
                    for seed in (w..n).step_by(2) {
                        sum.seed(seed);
                    }
                    sum
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("a worker"))
            .collect()
    });
    let mut all = Summary::default();
    for p in parts {
        all.merge(p);
    }
    all.ptx.sort_by_key(|p| p.0);
    all.ordered_but_racy.sort();
    all
}

fn report(n: u64, sum: &Summary, secs: f64) {
    // `TILEC_GEN_LIST`: how many seeds of each list to print (default 20).
    let list = env_count("TILEC_GEN_LIST", 20);
    let rejected: usize = sum.rejected.values().sum();
    eprintln!(
        "{n} generated programs in {secs:.1} s: {} compiled to PTX, {rejected} rejected with located diagnostics, {} failures",
        sum.compiled,
        sum.failures.len()
    );
    for (k, c) in &sum.rejected {
        eprintln!("  {c:5}  {k}");
    }
    eprintln!(
        "rejected by verify-races although every access was ordered by tokens: {} {:?}",
        sum.ordered_but_racy.len(),
        &sum.ordered_but_racy[..sum.ordered_but_racy.len().min(list)]
    );
    for s in &sum.slow {
        eprintln!("over 1 s: {s}");
    }
    eprintln!("{}", sum.cov.report());
}

#[test]
fn generated_programs_compile_or_are_rejected_with_located_diagnostics() {
    let n = env_count("TILEC_GEN", 2000) as u64;
    let t0 = std::time::Instant::now();
    let mut sum = run_seeds(n);
    report(n, &sum, t0.elapsed().as_secs_f64());
    match tilec_tools::ptxas::find() {
        None => tilec_tools::announce_skip(&format!(
            "ptxas on the generated programs: no ptxas (set TILEC_PTXAS or put the nvidia-cuda-nvcc wheel's bin/ on PATH); the {} PTX files were not checked",
            sum.compiled
        )),
        Some(ptxas) => {
            let want = env_count("TILEC_GEN_PTXAS", 150).max(1);
            let step = sum.ptx.len().div_ceil(want).max(1);
            let sample: Vec<(u64, String)> = sum.ptx.iter().step_by(step).cloned().collect();
            let t = std::time::Instant::now();
            let fails = assemble_all(&ptxas, &sample);
            eprintln!(
                "ptxas ({}) accepted {} of {} sampled PTX files in {:.1} s",
                ptxas.display(),
                sample.len() - fails.len(),
                sample.len(),
                t.elapsed().as_secs_f64()
            );
            sum.failures.extend(fails);
        }
    }
    assert!(
        sum.failures.is_empty(),
        "{} failures:\n{}",
        sum.failures.len(),
        sum.failures.join("\n")
    );
    assert!(
        sum.compiled * 2 > n as usize,
        "only {} of {n} compiled",
        sum.compiled
    );
    let (ops, pairs) = (sum.cov.missing_ops(), sum.cov.missing_pairs());
    assert!(ops.is_empty(), "catalog ops never generated: {ops:?}");
    assert!(pairs.is_empty(), "legal pairs never generated: {pairs:?}");
}
