//! verify-races against the PTX memory model on the handoff skeletons of the races corpus
//! (docs/verify-races.md "Litmus skeletons"): for every kernel of testdata/races/*.mlir, lowered
//! to nv_tileas, every skeleton `--emit litmus` writes must parse with `tilec_litmus::parse_test`;
//! a handoff verify-races accepts must have an unreachable weak outcome under ptx-v7.5 (FAIL: the
//! two accesses are causality-ordered), a handoff it reports a reachable one (PASS: racy).
//! Skeletons the base models cannot decide (extension syntax, ops with no litmus form) are
//! counted and printed with their reason. A disagreement fails the test unless it is one of
//! [`KNOWN`], each a documented difference.

use std::path::Path;
use tilec::{compile_module, Emit, Options};
use tilec_dialects::nv_tileas::views::Kernel;
use tilec_ir::SourceMap;
use tilec_litmus::{decide, parse_test, Model, Verdict};
use tilec_passes::verify::races::skeleton::{Skeleton, Verdict as Said};

/// Known differences between verify-races and ptx-v7.5: (test name, why).
const KNOWN: &[(&str, &str)] = &[];

/// The nv_tileas module of `text` (after `lower-aa-to-as`), when it lowers.
fn lowered(sources: &mut SourceMap, name: &str, text: &str) -> Option<tilec_ir::Module> {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let f = sources.add(name.to_string(), text.to_string());
    for target in ["sm_90a", "sm_100a"] {
        let mut m = tilec_ir::text::parse_module_with(sources.text(f), f, syntaxes).ok()?;
        let opts = Options {
            emit: Emit::Litmus,
            target: tilec_tools::cli::target(target, None).ok()?,
            ..Default::default()
        };
        if compile_module(&mut m, &opts, Default::default()).is_ok() {
            return Some(m);
        }
    }
    None
}

#[derive(Default)]
struct Tally {
    kernels: usize,
    skeletons: usize,
    /// Agreements on accepted handoffs and on findings.
    agreed: usize,
    agreed_findings: usize,
    /// Findings of checks 1-4 whose nearest path has no edge (agreement is then trivial).
    agreed_no_path: usize,
    skipped: std::collections::BTreeMap<String, usize>,
    disagreed: Vec<String>,
    known: Vec<String>,
    unparsed: Vec<String>,
}

impl Tally {
    fn skip(&mut self, why: String) {
        *self.skipped.entry(why).or_default() += 1;
    }
}

/// Decides one skeleton and records the outcome.
fn judge(file: &str, m: &tilec_ir::Module, s: &Skeleton, sources: &SourceMap, t: &mut Tally) {
    t.skeletons += 1;
    if !s.unsupported.is_empty() {
        return t.skip(format!("no litmus form: {}", s.unsupported.join(", ")));
    }
    let text = s.text(m, &|l| tilec::litmus::render_loc(sources, l));
    let mut src = SourceMap::new();
    let f = src.add(format!("{}.litmus", s.name), text.clone());
    let test = match parse_test(&src, f) {
        Ok(x) => x,
        Err(_) if !s.ext.is_empty() => {
            return t.skip(format!(
                "extension syntax (model ptx-tilec not landed): {}",
                s.ext.join(", ")
            ))
        }
        Err(d) => {
            return t
                .unparsed
                .push(format!("{file}: {}\n{}{text}", s.name, d.render(&src)))
        }
    };
    if !s.ext.is_empty() {
        return t.skip(format!(
            "parses, but extension ops the base models do not know: {}",
            s.ext.join(", ")
        ));
    }
    let d = decide(&test, Model::PtxV7_5, &Default::default());
    let want = match s.verdict {
        Said::Accepted => Verdict::Fail,
        Said::Finding(_) => Verdict::Pass,
    };
    if d.verdict == want {
        t.agreed += 1;
        if let Said::Finding(_) = s.verdict {
            t.agreed_findings += 1;
            t.agreed_no_path += usize::from(s.via.is_empty());
        }
        return;
    }
    let line = format!(
        "{file}: {} ({:?}): ptx-v7.5 says {} for `exists ({})`\n{text}",
        s.name,
        s.verdict,
        d.verdict.as_str(),
        s.condition
    );
    if KNOWN.iter().any(|k| k.0 == s.name) {
        t.known.push(line);
    } else {
        t.disagreed.push(line);
    }
}

#[test]
fn verify_races_agrees_with_ptx_v7_5_on_the_races_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/races");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    let mut t = Tally::default();
    let mut sources = SourceMap::new();
    for p in &files {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(p).unwrap();
        let Some(m) = lowered(&mut sources, &name, &text) else {
            t.skip(format!("{name}: does not lower to nv_tileas"));
            continue;
        };
        for k in m.top_ops() {
            if <Kernel as tilec_ir::OpView>::is(&m, k) {
                t.kernels += 1;
                for s in tilec_passes::verify::races::skeleton::skeletons(&m, k) {
                    judge(&name, &m, &s, &sources, &mut t);
                }
            }
        }
    }
    report(&t);
    assert!(
        t.unparsed.is_empty(),
        "skeletons that do not parse:\n{}",
        t.unparsed.join("\n")
    );
    assert!(
        t.disagreed.is_empty(),
        "disagreements:\n{}",
        t.disagreed.join("\n")
    );
    assert!(t.agreed > 0);
}

fn report(t: &Tally) {
    let skipped: usize = t.skipped.values().sum();
    println!("| kernels | skeletons | agreed (accepted / findings, of which with no path) | known differences | skipped | disagreed | unparsed |");
    println!("|---|---|---|---|---|---|---|");
    println!(
        "| {} | {} | {} ({} / {}, {}) | {} | {} | {} | {} |",
        t.kernels,
        t.skeletons,
        t.agreed,
        t.agreed - t.agreed_findings,
        t.agreed_findings,
        t.agreed_no_path,
        t.known.len(),
        skipped,
        t.disagreed.len(),
        t.unparsed.len()
    );
    for (why, n) in &t.skipped {
        println!("skipped {n}: {why}");
    }
    for k in &t.known {
        println!("known difference: {k}");
    }
    for d in &t.disagreed {
        println!("DISAGREES: {d}");
    }
}
