//! Dat3M's PTX litmus suite (vendored under testdata/litmus/dat3m/, commit 30640123b): every
//! test of `PTXv6_0-expected.csv` under ptx-v6.0 and every test of `PTXv7_5-expected.csv` under
//! ptx-v7.5 must get Dat3M's verdict; every vendored file must print back to text that parses
//! to the same test; no truncated or mutated file may make the parser or the decision panic.

use std::path::PathBuf;
use tilec_ir::SourceMap;
use tilec_litmus::{decide, parse_test, Model, Options, Test, Verdict};

/// Tests where tilec knowingly disagrees with Dat3M, with the reason. None so far.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fn root() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/litmus/dat3m"
    ))
}

fn expected(csv: &str) -> Vec<(String, Verdict)> {
    let text = std::fs::read_to_string(root().join(csv)).expect("the CSV is vendored");
    text.lines()
        .filter_map(|l| l.split_once(','))
        .map(|(p, v)| {
            (
                p.to_string(),
                if v.trim() == "1" {
                    Verdict::Pass
                } else {
                    Verdict::Fail
                },
            )
        })
        .collect()
}

fn parse_file(path: &str) -> Test {
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(root().join(path)).expect("vendored test");
    let f = sources.add(path, text);
    parse_test(&sources, f).unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

fn agree(csv: &str, model: Model, count: usize) {
    let tests = expected(csv);
    assert_eq!(tests.len(), count, "{csv} lists {count} tests");
    let mut wrong = Vec::new();
    for (path, want) in &tests {
        let got = decide(&parse_file(path), model, &Options::default()).verdict;
        let known = KNOWN_DIFFERENCES.iter().any(|(p, _)| p == path);
        if (got != *want) != known {
            wrong.push(format!("{path}: Dat3M {want:?}, tilec {got:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements under {}:\n{}",
        wrong.len(),
        model.name(),
        wrong.join("\n")
    );
}

#[test]
fn ptx_v6_0_agrees_with_dat3m() {
    agree("PTXv6_0-expected.csv", Model::PtxV6_0, 135);
}

#[test]
fn ptx_v7_5_agrees_with_dat3m() {
    agree("PTXv7_5-expected.csv", Model::PtxV7_5, 264);
}

/// ptx-tilec extends ptx-v7.5; on Dat3M's tests (no extension instruction, no mixing of
/// `fence.sc` with acquire/release fences) it gives Dat3M's verdicts of both models.
#[test]
fn ptx_tilec_agrees_with_dat3m() {
    agree("PTXv7_5-expected.csv", Model::Tilec, 264);
    agree("PTXv6_0-expected.csv", Model::Tilec, 135);
}

fn all_files() -> Vec<String> {
    let mut v: Vec<String> = expected("PTXv7_5-expected.csv")
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    v.sort();
    v
}

#[test]
fn every_vendored_test_round_trips() {
    for path in all_files() {
        let t = parse_file(&path);
        let printed = t.to_string();
        let mut sources = SourceMap::new();
        let f = sources.add("printed", printed.clone());
        let again = parse_test(&sources, f).unwrap_or_else(|d| {
            panic!(
                "{path} printed as\n{printed}\ndoes not parse:\n{}",
                d.render(&sources)
            )
        });
        assert_eq!(again.to_string(), printed, "{path}: printing is not stable");
        for m in [Model::PtxV6_0, Model::PtxV7_5] {
            let o = Options::default();
            assert_eq!(
                decide(&t, m, &o).verdict,
                decide(&again, m, &o).verdict,
                "{path}"
            );
        }
    }
}

/// Every vendored test, and tilec's own extension and rule tests (ptx-tilec syntax).
fn mutation_inputs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = all_files().iter().map(|p| root().join(p)).collect();
    for dir in ["ext", "rules"] {
        let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("..").join(dir))
            .expect("testdata/litmus")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
            .collect();
        more.sort();
        v.extend(more);
    }
    v
}

/// Feeds truncated and mutated versions of every vendored test and of tilec's own tests to the
/// parser (and those that still parse to the decision procedure, under ptx-v7.5 and ptx-tilec):
/// errors are fine, panics are not.
#[test]
fn malformed_inputs_never_panic() {
    let subst = [
        "",
        "|",
        ";",
        "{",
        "}",
        "P9",
        "-",
        "x",
        ".",
        "LC00",
        "r1",
        "(",
        "~",
        "99999999999999999999",
    ];
    for (k, path) in mutation_inputs().into_iter().enumerate() {
        let text = std::fs::read_to_string(&path).expect("test file");
        let mut cases: Vec<String> = Vec::new();
        let step = (text.len() / 24).max(1);
        for cut in (0..text.len()).step_by(step) {
            if text.is_char_boundary(cut) {
                cases.push(text[..cut].to_string());
                let s = subst[(cut / step + k) % subst.len()];
                let end = (cut + 1 + (cut % 3)).min(text.len());
                if text.is_char_boundary(end) {
                    cases.push(format!("{}{s}{}", &text[..cut], &text[end..]));
                }
            }
        }
        for case in cases {
            let mut sources = SourceMap::new();
            let f = sources.add("mutant", case);
            match parse_test(&sources, f) {
                Ok(t) => {
                    for m in [Model::PtxV7_5, Model::Tilec] {
                        let o = Options {
                            bound: 1,
                            witness: true,
                        };
                        let _ = decide(&t, m, &o);
                    }
                }
                Err(d) => {
                    assert!(d.has_errors());
                    let _ = d.render(&sources);
                }
            }
        }
    }
}
