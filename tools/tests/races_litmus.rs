//! verify-races against the PTX memory model on the handoff skeletons of the races corpus
//! (docs/verify-races.md "Litmus skeletons"): for every kernel of testdata/races/*.mlir, lowered
//! to nv_tileas, every skeleton `--emit litmus` writes must parse with `tilec_litmus::parse_test`;
//! a handoff verify-races accepts must have an unreachable weak outcome under ptx-tilec
//! (`Model::Tilec`, docs/litmus.md "tilec's extensions"; FAIL: the two accesses are
//! causality-ordered), a handoff it reports a reachable one (PASS: racy). Skeletons with ops that
//! have no litmus form (tensor-core ops, the peer CTA's exit) are counted and printed with their
//! reason. The same skeletons are also checked against the PTX ISA's definition of a data race
//! (`tilec_litmus::race` on the data location `x`: conflicting, overlapping, neither
//! causality-ordered nor morally strong): none for an accepted handoff, one for a finding. A
//! disagreement fails the test unless it is one of [`KNOWN`], each a documented difference.

use std::path::Path;
use tilec::{compile_module, Emit, Options};
use tilec_dialects::nv_tileas::views::Kernel;
use tilec_ir::SourceMap;
use tilec_litmus::{decide, parse_test, race, Model, Verdict};
use tilec_passes::verify::races::skeleton::{Skeleton, Verdict as Said};

/// Known differences between verify-races and ptx-tilec: (test name, why). None now; a
/// difference found later is added here with its reason and described in docs/verify-races.md.
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
        if compile_module(&mut m, &opts).is_ok() {
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
    /// The [`KNOWN`] names that disagreed.
    known_seen: std::collections::BTreeSet<String>,
    unparsed: Vec<String>,
    /// Skeletons whose data-race verdict on `x` agrees with verify-races (accepted: race-free;
    /// finding: a race).
    race_agreed: usize,
    /// Those that do not, among the [`KNOWN`] extraction limits.
    race_known: usize,
    /// Those that do not otherwise, described.
    race_disagreed: Vec<String>,
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
        Err(d) => {
            return t
                .unparsed
                .push(format!("{file}: {}\n{}{text}", s.name, d.render(&src)))
        }
    };
    data_race(file, s, &test, &text, t);
    let d = decide(&test, Model::Tilec, &Default::default());
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
        "{file}: {} ({:?}): ptx-tilec says {} for `exists ({})`\n{text}",
        s.name,
        s.verdict,
        d.verdict.as_str(),
        s.condition
    );
    if KNOWN.iter().any(|k| k.0 == s.name) {
        t.known_seen.insert(s.name.clone());
        let why = KNOWN.iter().find(|k| k.0 == s.name).map_or("", |k| k.1);
        t.known.push(format!("{why}\n{line}"));
    } else {
        t.disagreed.push(line);
    }
}

/// The axiomatic check of one skeleton: a handoff verify-races accepts has no data race on the
/// data location `x` under ptx-tilec, a finding has one (`tilec_litmus::race`).
fn data_race(file: &str, s: &Skeleton, test: &tilec_litmus::Test, text: &str, t: &mut Tally) {
    let racy = race(test, Model::Tilec, "x", 1).expect("skeletons access x");
    let want_race = matches!(s.verdict, Said::Finding(_));
    if racy.is_some() == want_race {
        t.race_agreed += 1;
    } else if KNOWN.iter().any(|k| k.0 == s.name) {
        t.race_known += 1;
    } else {
        let how = racy.map_or("race-free".to_string(), |w| format!("racy:\n{w}"));
        t.race_disagreed.push(format!(
            "{file}: {} ({:?}): ptx-tilec says {how}\n{text}",
            s.name, s.verdict
        ));
    }
}

#[test]
fn verify_races_agrees_with_ptx_tilec_on_the_races_corpus() {
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
    assert!(
        t.race_disagreed.is_empty(),
        "data-race disagreements:\n{}",
        t.race_disagreed.join("\n")
    );
    let stale: Vec<&str> = KNOWN
        .iter()
        .map(|k| k.0)
        .filter(|n| !t.known_seen.contains(*n))
        .collect();
    assert!(
        stale.is_empty(),
        "known differences that now agree: {stale:?}"
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
    println!(
        "data race on x (accepted: none; finding: one): {} agree, {} known differences, {} disagree",
        t.race_agreed,
        t.race_known,
        t.race_disagreed.len()
    );
    for d in &t.race_disagreed {
        println!("DATA RACE DISAGREES: {d}");
    }
}
