//! tile-lit: a lit-style test runner for files under `testdata/`.
//!
//! A test is any file with `RUN:` lines (usually `// RUN: ...`; `RUN:`,
//! `REQUIRES:` and `UNSUPPORTED:` count only at the start of a line, after
//! comment punctuation such as `//`, `#` or `;`). Each RUN line is run in order and the test passes if all of them succeed. A RUN line
//! ending in `\` continues on the next RUN line. Substitutions: `%s` (the test
//! file, absolute), `%S` (its directory), `%t` (a path unique to the test in a
//! scratch directory that is deleted afterwards), `%T` (that directory) and
//! `%%` (a literal `%`). Commands run with the test file's directory as their
//! working directory.
//!
//! Commands use the small shell language of [`shell`]. As in LLVM's lit,
//! pipelines behave like `set -o pipefail`: a pipeline fails if ANY stage
//! fails (after applying that stage's `not`), not just the last one. Stages
//! run one after another, each getting the previous stage's complete output.
//!
//! `FileCheck`/`filecheck`, `not`, `cat` and `echo` are builtins; any other
//! command is looked up in [`LitConfig::tools`], then on `PATH`.
//!
//! `REQUIRES: a, b` skips the test (as unsupported) unless every listed
//! feature is in [`LitConfig::features`]; `UNSUPPORTED: a, b` skips it if any
//! listed feature is.

pub mod filecheck;
pub mod shell;

use shell::{Pipeline, Stage, StderrTarget};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How to run tests.
#[derive(Clone, Debug, Default)]
pub struct LitConfig {
    /// Commands that resolve to a specific executable before `PATH` is searched.
    pub tools: BTreeMap<String, PathBuf>,
    /// Also print a `PASS:` line for passing tests.
    pub verbose: bool,
    /// Only run tests whose path matches this regex (a plain substring if it
    /// is not a valid regex).
    pub filter: Option<String>,
    /// Features that `REQUIRES:` / `UNSUPPORTED:` lines are checked against.
    pub features: BTreeSet<String>,
}

/// What a run of the test suite came to.
#[derive(Clone, Debug, Default)]
pub struct LitSummary {
    /// Tests whose RUN lines all succeeded.
    pub passed: usize,
    /// Tests with a failing or malformed RUN line.
    pub failed: usize,
    /// Tests skipped because of `REQUIRES:` / `UNSUPPORTED:`.
    pub unsupported: usize,
    /// Each failed test with the report printed for it.
    pub failures: Vec<(PathBuf, String)>,
    /// The skipped tests.
    pub skipped: Vec<PathBuf>,
}

impl LitSummary {
    /// The last line tile-lit prints, which CI parses:
    /// `N passed, N failed` plus `, N skipped` when any test was skipped.
    pub fn closing_line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        if self.unsupported > 0 {
            line.push_str(&format!(", {} skipped", self.unsupported));
        }
        line
    }
}

/// The test files among `paths`: files given directly, and files found by
/// walking directories, that contain a `RUN:` line. The walk skips `*.snap`,
/// `README*` and dot files and the directories `snapshots`, `Inputs` and
/// dot directories. Sorted, without duplicates.
pub fn collect_tests(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut out);
        } else if path.is_file() && has_run_line(path) {
            out.push(path.clone());
        }
    }
    out.sort();
    out.dedup();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if name.starts_with('.') {
            continue;
        }
        // file_type() does not follow symlinks, so a symlinked directory is
        // never walked (no cycles); a symlinked file still counts.
        let Ok(ty) = entry.file_type() else { continue };
        if ty.is_dir() {
            if name != "snapshots" && name != "Inputs" {
                walk(&path, out);
            }
        } else if path.is_file()
            && !name.ends_with(".snap")
            && !name.ends_with(".snap.new")
            && !name.starts_with("README")
            && has_run_line(&path)
        {
            out.push(path);
        }
    }
}

fn has_run_line(path: &Path) -> bool {
    // Lossy: a test of how tools handle bytes that are not UTF-8 is still a test.
    fs::read(path).is_ok_and(|bytes| {
        String::from_utf8_lossy(&bytes)
            .lines()
            .any(|l| keyword(l, "RUN:").is_some())
    })
}

/// The text after `kw` if `kw` starts `line` once comment punctuation
/// (`//`, `#`, `;`, `--`, ...) and whitespace are skipped. Unlike lit, which
/// takes `RUN:` anywhere, prose that mentions a RUN line mid-sentence (or a
/// CHECK line whose text contains `RUN:`) is not a directive.
fn keyword<'l>(line: &'l str, kw: &str) -> Option<&'l str> {
    let at = line.find(kw)?;
    let leader = line[..at]
        .chars()
        .all(|c| c.is_whitespace() || "/#;*-!%".contains(c));
    leader.then(|| &line[at + kw.len()..])
}

/// Runs every test found in `paths` (see [`collect_tests`]) in parallel,
/// prints a line per test (and a report per failure) in path order, and
/// returns the counts. Paths that do not exist count as failed tests.
/// The closing line is left to the caller ([`LitSummary::closing_line`]).
pub fn run_tests(paths: &[PathBuf], cfg: &LitConfig) -> LitSummary {
    let mut tests = collect_tests(paths);
    tests.extend(paths.iter().filter(|p| !p.exists()).cloned());
    if let Some(filter) = &cfg.filter {
        let re = regex::Regex::new(filter).ok();
        tests.retain(|p| {
            let s = p.to_string_lossy();
            re.as_ref()
                .map_or_else(|| s.contains(filter.as_str()), |re| re.is_match(&s))
        });
    }
    tests.sort();
    tests.dedup();
    let run_dir = make_run_dir();
    let outcomes = run_parallel(&tests, cfg, &run_dir);
    let _ = fs::remove_dir_all(&run_dir);

    let mut summary = LitSummary::default();
    let mut report = String::new();
    for (path, outcome) in tests.iter().zip(outcomes) {
        let shown = path.display();
        match outcome {
            Outcome::Pass => {
                summary.passed += 1;
                if cfg.verbose {
                    report.push_str(&format!("PASS: {shown}\n"));
                }
            }
            Outcome::Unsupported(why) => {
                summary.unsupported += 1;
                summary.skipped.push(path.clone());
                report.push_str(&format!("UNSUPPORTED: {shown} ({why})\n"));
            }
            Outcome::Fail(details) => {
                summary.failed += 1;
                let stars = "*".repeat(20);
                report.push_str(&format!(
                    "FAIL: {shown}\n{stars} TEST '{shown}' FAILED {stars}\n{details}{stars}\n"
                ));
                summary.failures.push((path.clone(), details));
            }
        }
    }
    if !summary.failures.is_empty() {
        report.push_str(&format!("\nFailed Tests ({}):\n", summary.failures.len()));
        for (path, _) in &summary.failures {
            report.push_str(&format!("  {}\n", path.display()));
        }
    }
    // print! rather than writing to io::stdout so the test harness captures it.
    print!("{report}");
    summary
}

/// What one test file came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every RUN line succeeded.
    Pass,
    /// A RUN line failed or the file is malformed: the report.
    Fail(String),
    /// Skipped: a `REQUIRES:` feature is missing or an `UNSUPPORTED:` one present (why).
    Unsupported(String),
}

/// Why `path` is skipped under `cfg` (a `REQUIRES:` feature missing, an `UNSUPPORTED:` one
/// present), or None when it runs — read without running it, so a harness can list it as
/// skipped up front.
pub fn skip_reason(path: &Path, cfg: &LitConfig) -> Option<String> {
    let text = String::from_utf8_lossy(&fs::read(path).ok()?).into_owned();
    let script = parse_script(&text).ok()?;
    requirement(&script, cfg)
}

fn requirement(script: &Script, cfg: &LitConfig) -> Option<String> {
    if let Some(f) = script.requires.iter().find(|f| !cfg.features.contains(*f)) {
        return Some(format!("requires '{f}'"));
    }
    script
        .unsupported
        .iter()
        .find(|f| cfg.features.contains(*f))
        .map(|f| format!("unsupported with '{f}'"))
}

/// Runs the one test file `path` (its own scratch directory, removed after).
pub fn run_file(path: &Path, cfg: &LitConfig) -> Outcome {
    let run_dir = make_run_dir();
    let run = std::panic::AssertUnwindSafe(|| run_one(path, 0, cfg, &run_dir));
    let outcome = std::panic::catch_unwind(run).unwrap_or_else(|_| {
        Outcome::Fail("internal error: tile-lit panicked on this test\n".into())
    });
    let _ = fs::remove_dir_all(&run_dir);
    outcome
}

fn make_run_dir() -> PathBuf {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!(
        "tile-lit-{}-{}-{nanos}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    );
    let dir = std::env::temp_dir().join(name);
    // A failure here surfaces as a failing test that uses %t.
    let _ = fs::create_dir_all(&dir);
    dir
}

fn run_parallel(tests: &[PathBuf], cfg: &LitConfig, run_dir: &Path) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(tests.len())
        .max(1);
    let mut slots: Vec<Option<Outcome>> = tests.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = tests.get(i) else { break };
                        // One broken test must not take the whole run down.
                        let run = std::panic::AssertUnwindSafe(|| run_one(path, i, cfg, run_dir));
                        let outcome = std::panic::catch_unwind(run).unwrap_or_else(|_| {
                            Outcome::Fail("internal error: tile-lit panicked on this test\n".into())
                        });
                        done.push((i, outcome));
                    }
                    done
                })
            })
            .collect();
        for handle in handles {
            for (i, outcome) in handle.join().unwrap_or_default() {
                slots[i] = Some(outcome);
            }
        }
    });
    let lost = || Outcome::Fail("internal error: no result\n".into());
    slots.into_iter().map(|s| s.unwrap_or_else(lost)).collect()
}

/// The directives of one test file.
#[derive(Default)]
struct Script {
    /// (line number, command) per RUN line, continuations joined.
    runs: Vec<(usize, String)>,
    requires: Vec<String>,
    unsupported: Vec<String>,
}

fn parse_script(text: &str) -> Result<Script, String> {
    let mut script = Script::default();
    let mut pending: Option<(usize, String)> = None;
    let features = |rest: &str| -> Vec<String> {
        rest.split(',')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string)
            .collect()
    };
    for (idx, line) in text.lines().enumerate() {
        if let Some(rest) = keyword(line, "RUN:") {
            let rest = rest.trim();
            let (body, more) = match rest.strip_suffix('\\') {
                Some(body) => (body.trim_end(), true),
                None => (rest, false),
            };
            let (start, mut cmd) = pending.take().unwrap_or((idx + 1, String::new()));
            if !cmd.is_empty() && !body.is_empty() {
                cmd.push(' ');
            }
            cmd.push_str(body);
            if more {
                pending = Some((start, cmd));
            } else {
                script.runs.push((start, cmd));
            }
        } else if let Some(rest) = keyword(line, "REQUIRES:") {
            script.requires.extend(features(rest));
        } else if let Some(rest) = keyword(line, "UNSUPPORTED:") {
            script.unsupported.extend(features(rest));
        }
    }
    if let Some((start, _)) = pending {
        return Err(format!(
            "RUN line {start} ends with '\\' but no RUN line follows\n"
        ));
    }
    Ok(script)
}

/// Per-test state for running commands.
struct Ctx<'a> {
    cfg: &'a LitConfig,
    cwd: PathBuf,
    /// Prefix for files tile-lit itself needs (merged stdout+stderr).
    scratch: PathBuf,
    scratch_count: AtomicUsize,
}

fn run_one(path: &Path, idx: usize, cfg: &LitConfig, run_dir: &Path) -> Outcome {
    let text = match fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return Outcome::Fail(format!("cannot read {}: {e}\n", path.display())),
    };
    let script = match parse_script(&text) {
        Ok(s) => s,
        Err(e) => return Outcome::Fail(e),
    };
    if let Some(why) = requirement(&script, cfg) {
        return Outcome::Unsupported(why);
    }
    if script.runs.is_empty() {
        return Outcome::Fail("no RUN lines\n".into());
    }
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = abs
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let stem: String = abs
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '.' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let q = |p: &Path| shell::quote(&p.to_string_lossy());
    let subs = [
        ('s', q(&abs)),
        ('S', q(&dir)),
        ('t', q(&run_dir.join(format!("{idx}-{stem}.tmp")))),
        ('T', q(run_dir)),
    ];
    let ctx = Ctx {
        cfg,
        cwd: dir.clone(),
        scratch: run_dir.join(format!("{idx}-{stem}.scratch")),
        scratch_count: AtomicUsize::new(0),
    };
    for (line, raw) in &script.runs {
        let cmd = substitute(raw, &subs);
        let mut log = format!("RUN at line {line}: {cmd}\n");
        let pipelines = match shell::parse_command(&cmd) {
            Ok(p) => p,
            Err(e) => return Outcome::Fail(format!("{log}error: malformed RUN line: {e}\n")),
        };
        for pipeline in &pipelines {
            if !run_pipeline(pipeline, &ctx, &mut log) {
                return Outcome::Fail(log);
            }
        }
    }
    Outcome::Pass
}

fn substitute(cmd: &str, subs: &[(char, String)]) -> String {
    let mut out = String::with_capacity(cmd.len());
    let mut chars = cmd.chars().peekable();
    while let Some(c) = chars.next() {
        let value = match (c, chars.peek()) {
            ('%', Some('%')) => Some("%"),
            ('%', Some(n)) => subs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str()),
            _ => None,
        };
        match value {
            Some(v) => {
                chars.next();
                out.push_str(v);
            }
            None => out.push(c),
        }
    }
    out
}

/// What one stage did.
struct StageResult {
    ok: bool,
    code: Option<i32>,
    signal: Option<i32>,
    /// Set when the stage could not run at all.
    error: Option<String>,
    /// stderr that went nowhere else, shown when the stage fails.
    stderr: Vec<u8>,
    /// What flows into the next stage.
    out: Vec<u8>,
}

/// Runs the stages in order, appending each one's outcome to `log`; true if
/// every stage succeeded (pipefail).
fn run_pipeline(pipeline: &Pipeline, ctx: &Ctx, log: &mut String) -> bool {
    let mut input = Vec::new();
    let mut all_ok = true;
    let last = pipeline.stages.len().saturating_sub(1);
    for (k, stage) in pipeline.stages.iter().enumerate() {
        let r = run_stage(stage, std::mem::take(&mut input), ctx);
        log.push_str(&format!("$ {}\n", stage.display()));
        match (&r.error, r.code, r.signal) {
            (Some(e), _, _) => log.push_str(&format!("# error: {e}\n")),
            (None, Some(code), _) => log.push_str(&format!("# exit code: {code}\n")),
            (None, None, Some(sig)) => log.push_str(&format!("# killed by signal {sig}\n")),
            (None, None, None) => log.push_str("# terminated abnormally\n"),
        }
        if !r.ok {
            all_ok = false;
            if stage.negate && r.code == Some(0) {
                log.push_str("# failed: 'not' expected a nonzero exit code\n");
            }
            if !r.stderr.is_empty() {
                log.push_str("# stderr:\n");
                push_text(log, &r.stderr);
            }
        }
        if k == last && !all_ok && !r.out.is_empty() {
            log.push_str("# stdout:\n");
            push_text(log, &r.out);
        }
        input = r.out;
    }
    all_ok
}

/// Appends command output to a report, cut short so a runaway command
/// cannot bury the rest of it.
fn push_text(log: &mut String, bytes: &[u8]) {
    const MAX_LINES: usize = 200;
    let text = String::from_utf8_lossy(bytes);
    let total = text.lines().count();
    for line in text.lines().take(MAX_LINES) {
        log.push_str(line);
        log.push('\n');
    }
    if total > MAX_LINES {
        log.push_str(&format!("# ... {} more lines\n", total - MAX_LINES));
    }
}

/// A stage's raw results before redirections are applied.
struct Raw {
    code: Option<i32>,
    signal: Option<i32>,
    out: Vec<u8>,
    err: Vec<u8>,
    /// stdout and stderr already went, interleaved, to their destination.
    routed: bool,
}

impl Raw {
    fn exited(code: i32, out: Vec<u8>, err: Vec<u8>) -> Raw {
        Raw {
            code: Some(code),
            signal: None,
            out,
            err,
            routed: false,
        }
    }
}

fn run_stage(stage: &Stage, input: Vec<u8>, ctx: &Ctx) -> StageResult {
    let failed = |e: String| StageResult {
        ok: false,
        code: None,
        signal: None,
        error: Some(e),
        stderr: Vec::new(),
        out: Vec::new(),
    };
    let input = match &stage.stdin {
        Some(f) => match fs::read(ctx.cwd.join(f)) {
            Ok(bytes) => bytes,
            Err(e) => return failed(format!("cannot read '{f}': {e}")),
        },
        None => input,
    };
    let args = &stage.argv[1..];
    let raw = match stage.argv[0].as_str() {
        "FileCheck" | "filecheck" => {
            let (code, err) = filecheck::run_filecheck(args, &input, &ctx.cwd);
            Raw::exited(code, Vec::new(), err.into_bytes())
        }
        "echo" => {
            let (newline, words) = match args.first() {
                Some(a) if a == "-n" => (false, &args[1..]),
                _ => (true, args),
            };
            let mut out = words.join(" ");
            if newline {
                out.push('\n');
            }
            Raw::exited(0, out.into_bytes(), Vec::new())
        }
        "cat" => builtin_cat(args, &input, &ctx.cwd),
        _ => match run_external(stage, input, ctx) {
            Ok(raw) => raw,
            Err(e) => return failed(e),
        },
    };
    let (code, signal) = (raw.code, raw.signal);
    let ok = code.is_some_and(|c| (c == 0) != stage.negate);
    match route(stage, raw, &ctx.cwd) {
        Ok((out, stderr)) => StageResult {
            ok,
            code,
            signal,
            error: None,
            stderr,
            out,
        },
        Err(e) => failed(e),
    }
}

fn builtin_cat(args: &[String], input: &[u8], cwd: &Path) -> Raw {
    if args.is_empty() {
        return Raw::exited(0, input.to_vec(), Vec::new());
    }
    let (mut out, mut err, mut code) = (Vec::new(), Vec::new(), 0);
    for arg in args {
        if arg == "-" {
            out.extend_from_slice(input);
            continue;
        }
        match fs::read(cwd.join(arg)) {
            Ok(bytes) => out.extend(bytes),
            Err(e) => {
                err.extend(format!("cat: {arg}: {e}\n").into_bytes());
                code = 1;
            }
        }
    }
    Raw::exited(code, out, err)
}

/// Applies a stage's redirections to what it produced; returns what flows
/// down the pipe and the stderr that stays for the report.
fn route(stage: &Stage, raw: Raw, cwd: &Path) -> Result<(Vec<u8>, Vec<u8>), String> {
    if raw.routed {
        return Ok((raw.out, Vec::new()));
    }
    let (stdout, shown) = match &stage.stderr {
        StderrTarget::Capture => (raw.out, raw.err),
        StderrTarget::Merge => ([raw.out, raw.err].concat(), Vec::new()),
        StderrTarget::Pipe => {
            if let Some((f, append)) = &stage.stdout {
                write_file(cwd, f, *append, &raw.out)?;
                return Ok((raw.err, Vec::new()));
            }
            ([raw.out, raw.err].concat(), Vec::new())
        }
        StderrTarget::File(f, append) => {
            write_file(cwd, f, *append, &raw.err)?;
            (raw.out, Vec::new())
        }
    };
    match &stage.stdout {
        Some((f, append)) => {
            write_file(cwd, f, *append, &stdout)?;
            Ok((Vec::new(), shown))
        }
        None => Ok((stdout, shown)),
    }
}

fn open_out(cwd: &Path, f: &str, append: bool) -> Result<fs::File, String> {
    fs::OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(cwd.join(f))
        .map_err(|e| format!("cannot write '{f}': {e}"))
}

fn write_file(cwd: &Path, f: &str, append: bool, bytes: &[u8]) -> Result<(), String> {
    open_out(cwd, f, append)?
        .write_all(bytes)
        .map_err(|e| format!("cannot write '{f}': {e}"))
}

fn run_external(stage: &Stage, input: Vec<u8>, ctx: &Ctx) -> Result<Raw, String> {
    let name = &stage.argv[0];
    let prog = resolve(name, ctx).ok_or_else(|| format!("command not found: {name}"))?;
    let mut cmd = Command::new(&prog);
    cmd.args(&stage.argv[1..])
        .current_dir(&ctx.cwd)
        .stdin(Stdio::piped());
    // 2>&1 must keep the real interleaving, so both streams share one file
    // (the stdout target, or a scratch file read back afterwards).
    let merge = stage.stderr == StderrTarget::Merge;
    let mut scratch = None;
    if merge {
        let file = match &stage.stdout {
            Some((f, append)) => open_out(&ctx.cwd, f, *append)?,
            None => {
                let n = ctx.scratch_count.fetch_add(1, Ordering::Relaxed);
                let path = ctx.scratch.with_extension(format!("scratch{n}"));
                let file = fs::File::create(&path)
                    .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
                scratch = Some(path);
                file
            }
        };
        let dup = file
            .try_clone()
            .map_err(|e| format!("cannot duplicate a file handle: {e}"))?;
        cmd.stdout(Stdio::from(file)).stderr(Stdio::from(dup));
    } else {
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot run '{}': {e}", prog.display()))?;
    let stdin = child.stdin.take();
    // Fed from a thread: a child that fills its stdout pipe before reading
    // all of its stdin would otherwise deadlock against us.
    let feeder = std::thread::spawn(move || {
        if let Some(mut pipe) = stdin {
            // A child that exits without reading its input is not an error.
            let _ = pipe.write_all(&input);
        }
    });
    let output = child
        .wait_with_output()
        .map_err(|e| format!("waiting for '{name}' failed: {e}"))?;
    let _ = feeder.join();
    let (code, signal) = exit_parts(output.status);
    if merge {
        let out = match scratch {
            Some(path) => {
                let bytes = fs::read(&path).unwrap_or_default();
                let _ = fs::remove_file(&path);
                bytes
            }
            None => Vec::new(),
        };
        return Ok(Raw {
            code,
            signal,
            out,
            err: Vec::new(),
            routed: true,
        });
    }
    Ok(Raw {
        code,
        signal,
        out: output.stdout,
        err: output.stderr,
        routed: false,
    })
}

fn exit_parts(status: ExitStatus) -> (Option<i32>, Option<i32>) {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        (status.code(), status.signal())
    }
    #[cfg(not(unix))]
    {
        (status.code(), None)
    }
}

fn resolve(name: &str, ctx: &Ctx) -> Option<PathBuf> {
    if let Some(path) = ctx.cfg.tools.get(name) {
        return Some(path.clone());
    }
    if name.contains('/') {
        let path = ctx.cwd.join(name);
        return path.is_file().then_some(path);
    }
    let dirs = std::env::var_os("PATH")?;
    let exe = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&dirs)
        .map(|d| d.join(&exe))
        .find(|p| is_executable(p))
}

/// Whether `path` is a file this process may execute.
pub fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}
