//! tilec's extension tests (testdata/litmus/ext/, docs/litmus.md "tilec's extensions"): each
//! file's first comment says `Expected: PASS` or `Expected: FAIL`; under ptx-tilec every test
//! must get that verdict, print back to text that parses to the same test, and decide the same.

use std::path::PathBuf;
use tilec_ir::SourceMap;
use tilec_litmus::{decide, parse_test, Model, Options, Test, Verdict};

fn root() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/litmus/ext"
    ))
}

fn files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root())
        .expect("testdata/litmus/ext")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    v.sort();
    v
}

fn parse(name: &str, text: String) -> Test {
    let mut sources = SourceMap::new();
    let f = sources.add(name, text);
    parse_test(&sources, f).unwrap_or_else(|d| panic!("{name}:\n{}", d.render(&sources)))
}

fn expected(t: &Test) -> Verdict {
    let c = t.comments.first().map_or("", String::as_str);
    if c.contains("Expected: PASS") {
        Verdict::Pass
    } else if c.contains("Expected: FAIL") {
        Verdict::Fail
    } else {
        panic!("{}: no 'Expected: PASS|FAIL' in the first comment", t.name)
    }
}

#[test]
fn extension_tests_get_their_expected_verdicts() {
    let files = files();
    assert_eq!(files.len(), 71, "the extension suite has 71 tests");
    let mut wrong = Vec::new();
    for p in &files {
        let t = parse(
            &p.display().to_string(),
            std::fs::read_to_string(p).expect("read"),
        );
        let got = decide(&t, Model::Tilec, &Options::default()).verdict;
        if got != expected(&t) {
            wrong.push(format!(
                "{}: expected {:?}, got {got:?}",
                p.display(),
                expected(&t)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn extension_tests_round_trip() {
    for p in files() {
        let t = parse("original", std::fs::read_to_string(&p).expect("read"));
        let printed = t.to_string();
        let again = parse("printed", printed.clone());
        assert_eq!(
            again.to_string(),
            printed,
            "{}: printing is not stable",
            p.display()
        );
        let o = Options::default();
        assert_eq!(
            decide(&t, Model::Tilec, &o).verdict,
            decide(&again, Model::Tilec, &o).verdict,
            "{}",
            p.display()
        );
    }
}

/// The "Extension:" line of a test's first comment (the MICRO'24 copies have none).
fn extension(t: &Test) -> String {
    let c = t.comments.first().map_or("", String::as_str);
    c.lines()
        .find_map(|l| l.trim().strip_prefix("Extension: "))
        .map_or("MICRO'24 Fig. 4 (Dat3M)".to_string(), str::to_string)
}

/// The Markdown table of docs/litmus.md: every extension test, its extensions, the expected
/// verdict and ptx-tilec's.
fn table() -> String {
    let mut out = String::from("| test | extensions | expected | ptx-tilec |\n|---|---|---|---|\n");
    for p in files() {
        let t = parse("t", std::fs::read_to_string(&p).expect("read"));
        let got = decide(&t, Model::Tilec, &Options::default()).verdict;
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (e, x) = (expected(&t).as_str(), extension(&t));
        out.push_str(&format!("| {name} | {x} | {e} | {} |\n", got.as_str()));
    }
    out
}

#[test]
fn docs_table_is_generated() {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/litmus.md"));
    let doc = std::fs::read_to_string(&path).expect("docs/litmus.md");
    let (begin, end) = ("<!-- ext-table:begin -->\n", "<!-- ext-table:end -->");
    let b = doc.find(begin).expect("begin marker") + begin.len();
    let e = doc.find(end).expect("end marker");
    let want = table();
    if std::env::var_os("UPDATE_LITMUS_DOCS").is_some() {
        let new = format!("{}{want}{}", &doc[..b], &doc[e..]);
        std::fs::write(&path, new).expect("write docs/litmus.md");
        return;
    }
    assert_eq!(
        &doc[b..e],
        want,
        "docs/litmus.md's extension table is stale: UPDATE_LITMUS_DOCS=1 cargo test -p tilec-litmus --test ext"
    );
}
