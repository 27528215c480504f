//! Tests of tile-lit itself: the FileCheck matcher through `check()`, the
//! RUN-line shell, and the runner end to end on `testdata/lit-selftest/`
//! plus deliberately failing tests written to a temp dir (never under
//! testdata/, which CI runs and which must pass).

use std::path::{Path, PathBuf};
use tilec_tools::lit::filecheck::{check, check_with_status, run_filecheck, CheckOptions};
use tilec_tools::lit::shell::{parse_command, tokenize, StderrTarget, Token};
use tilec_tools::lit::{
    collect_tests, run_file, run_tests, skip_reason, LitConfig, LitSummary, Outcome,
};

fn opts() -> CheckOptions {
    CheckOptions::default()
}

fn pass_with(checks: &str, input: &str, o: &CheckOptions) {
    if let Err(e) = check(checks, "check.txt", input, o) {
        panic!("expected a match, got:\n{e}");
    }
}

fn pass(checks: &str, input: &str) {
    pass_with(checks, input, &opts());
}

fn fail_with(checks: &str, input: &str, o: &CheckOptions) -> String {
    match check(checks, "check.txt", input, o) {
        Ok(()) => panic!("expected a failure for checks:\n{checks}\ninput:\n{input}"),
        Err(e) => e,
    }
}

fn fail(checks: &str, input: &str) -> String {
    fail_with(checks, input, &opts())
}

fn prefixes(p: &[&str]) -> CheckOptions {
    CheckOptions {
        prefixes: p.iter().map(|s| s.to_string()).collect(),
        ..opts()
    }
}

// ---- plain CHECK ----

#[test]
fn check_plain_pass() {
    pass("// CHECK: world\n", "hello world\n");
    pass("; CHECK: a\n; CHECK: b\n", "a b\n");
}

#[test]
fn check_plain_fail_renders_like_llvm() {
    let e = fail("// CHECK: hello\n// CHECK: wrold\n", "hello\nworld\n");
    assert!(
        e.contains("check.txt:2:11: error: CHECK: expected string not found in input"),
        "{e}"
    );
    assert!(e.contains("// CHECK: wrold\n          ^\n"), "{e}");
    assert!(
        e.contains("<stdin>:1:6: note: scanning from here\nhello\n     ^\n"),
        "{e}"
    );
    assert!(
        e.contains("<stdin>:2:1: note: possible intended match here\nworld\n^\n"),
        "{e}"
    );
}

#[test]
fn check_order_matters() {
    fail("CHECK: b\nCHECK: a\n", "a\nb\n");
}

#[test]
fn check_may_match_on_line_of_previous_match() {
    pass("CHECK: a\nCHECK: b\n", "a b\n");
}

// ---- NEXT / SAME / EMPTY ----

#[test]
fn next_pass() {
    pass(
        "CHECK: one\nCHECK-NEXT: two\nCHECK-NEXT: three\n",
        "one\ntwo\nthree\n",
    );
}

#[test]
fn next_wrong_line() {
    let e = fail("CHECK: one\nCHECK-NEXT: three\n", "one\ntwo\nthree\n");
    assert!(
        e.contains("CHECK-NEXT: is not on the line after the previous match"),
        "{e}"
    );
    assert!(
        e.contains("<stdin>:3:1: note: 'next' match was here"),
        "{e}"
    );
    assert!(
        e.contains("<stdin>:1:4: note: previous match ended here"),
        "{e}"
    );
    assert!(
        e.contains("<stdin>:2:1: note: non-matching line after previous match is here"),
        "{e}"
    );
}

#[test]
fn next_same_line() {
    let e = fail("CHECK: one\nCHECK-NEXT: two\n", "one two\n");
    assert!(
        e.contains("CHECK-NEXT: is on the same line as previous match"),
        "{e}"
    );
}

#[test]
fn next_not_found() {
    let e = fail("CHECK: one\nCHECK-NEXT: four\n", "one\ntwo\n");
    assert!(
        e.contains("error: CHECK-NEXT: expected string not found in input"),
        "{e}"
    );
}

#[test]
fn same_pass() {
    pass("CHECK: a\nCHECK-SAME: b\nCHECK-SAME: c\n", "a b c\n");
}

#[test]
fn same_fail() {
    let e = fail("CHECK: a\nCHECK-SAME: b\n", "a\nb\n");
    assert!(
        e.contains("CHECK-SAME: is not on the same line as the previous match"),
        "{e}"
    );
}

#[test]
fn same_must_come_after_previous_match() {
    fail("CHECK: b\nCHECK-SAME: a\n", "a b\n");
}

#[test]
fn empty_pass() {
    pass("CHECK: a\nCHECK-EMPTY:\nCHECK-NEXT: b\n", "a\n\nb\n");
}

#[test]
fn empty_fail() {
    let e = fail("CHECK: a\nCHECK-EMPTY:\n", "a\nx\n\n");
    assert!(
        e.contains("CHECK-EMPTY: is not on the line after the previous match"),
        "{e}"
    );
    fail("CHECK: a\nCHECK-EMPTY: x\n", "a\n\n");
}

// ---- NOT ----

#[test]
fn not_between_matches_pass() {
    pass(
        "CHECK: a\nCHECK-NOT: bad\nCHECK: end\n",
        "a\nok\nend\nbad\n",
    );
}

#[test]
fn not_between_matches_fail() {
    let e = fail("CHECK: a\nCHECK-NOT: bad\nCHECK: end\n", "a\nbad\nend\n");
    assert!(
        e.contains("check.txt:2:12: error: CHECK-NOT: excluded string found in input"),
        "{e}"
    );
    assert!(
        e.contains("<stdin>:2:1: note: found here\nbad\n^~~\n"),
        "{e}"
    );
}

#[test]
fn not_at_end_covers_rest_of_input() {
    pass("CHECK: a\nCHECK-NOT: z\n", "z\na\nb\n");
    fail("CHECK: a\nCHECK-NOT: z\n", "a\nb z\n");
}

#[test]
fn not_at_start_covers_up_to_first_match() {
    fail("CHECK-NOT: z\nCHECK: a\n", "z\na\n");
}

#[test]
fn implicit_check_not() {
    let o = CheckOptions {
        implicit_check_not: vec!["error".into()],
        ..opts()
    };
    pass_with("CHECK: a\n", "a\nb\n", &o);
    let e = fail_with("CHECK: a\n", "a\nerror here\n", &o);
    assert!(
        e.contains("command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input"),
        "{e}"
    );
    // With the default prefix, implicit NOTs alone are a valid check file.
    pass_with("nothing here\n", "a\n", &o);
}

// ---- LABEL ----

#[test]
fn label_blocks_pass() {
    let checks = "CHECK-LABEL: func @f\nCHECK: ret\nCHECK-LABEL: func @g\nCHECK: ret\n";
    pass(checks, "func @f\n ret\nfunc @g\n ret\n");
}

#[test]
fn label_confines_checks_to_their_block() {
    // `mul` exists only in @g, so the check under @f must fail even though a
    // plain search from @f would find it.
    let checks = "CHECK-LABEL: func @f\nCHECK: mul\nCHECK-LABEL: func @g\nCHECK: ret\n";
    let e = fail(checks, "func @f\n add\nfunc @g\n mul\n ret\n");
    assert!(
        e.contains("check.txt:2:8: error: CHECK: expected string not found in input"),
        "{e}"
    );
}

#[test]
fn label_failure_in_one_block_still_checks_the_next() {
    let checks = "CHECK-LABEL: @f\nCHECK: x\nCHECK-LABEL: @g\nCHECK: y\n";
    let e = fail(checks, "@f\na\n@g\nb\n");
    assert_eq!(e.matches("expected string not found").count(), 2, "{e}");
}

#[test]
fn label_missing_fails() {
    let e = fail("CHECK-LABEL: @nope\n", "@f\n");
    assert!(
        e.contains("CHECK-LABEL: expected string not found in input"),
        "{e}"
    );
}

#[test]
fn label_with_variable_is_rejected() {
    let e = fail("CHECK-LABEL: [[X:a]]\n", "a\n");
    assert!(e.contains("with variable definition or use"), "{e}");
}

// ---- DAG ----

#[test]
fn dag_any_order_pass() {
    let checks = "CHECK: start\nCHECK-DAG: b\nCHECK-DAG: a\nCHECK: end\n";
    pass(checks, "start\na\nb\nend\n");
    pass(checks, "start\nb\na\nend\n");
}

#[test]
fn dag_fail_when_missing_or_after_next_match() {
    let checks = "CHECK: start\nCHECK-DAG: a\nCHECK-DAG: b\nCHECK: end\n";
    let e = fail(checks, "start\na\nend\n");
    assert!(
        e.contains("CHECK-DAG: expected string not found in input"),
        "{e}"
    );
    // b appears only after `end`, so `end` is searched after b and not found.
    fail(checks, "start\na\nend\nb\n");
}

#[test]
fn dag_matches_do_not_overlap() {
    pass("CHECK-DAG: x\nCHECK-DAG: x\n", "x\nx\n");
    fail("CHECK-DAG: x\nCHECK-DAG: x\n", "x\n");
}

#[test]
fn dag_with_not_between_groups() {
    let checks = "CHECK-DAG: one\nCHECK-NOT: bad\nCHECK-DAG: two\n";
    pass(checks, "one\ntwo\nbad\n");
    fail(checks, "one\nbad\ntwo\n");
}

// ---- COUNT ----

#[test]
fn count_pass_and_fail() {
    pass("CHECK-COUNT-3: x\n", "x\nx\nx\n");
    let e = fail("CHECK-COUNT-3: x\n", "x\nx\n");
    assert!(
        e.contains("CHECK-COUNT: expected string not found in input (3 out of 3)"),
        "{e}"
    );
    let e = fail("CHECK-COUNT-0: x\n", "x\n");
    assert!(
        e.contains("invalid count in -COUNT specification on prefix 'CHECK'"),
        "{e}"
    );
}

// ---- patterns: variables, regex, whitespace ----

#[test]
fn variables_define_then_use() {
    let checks = "CHECK: [[X:%[a-z0-9]+]] = add\nCHECK: use [[X]]\n";
    pass(checks, "%v1 = add\nuse %v1\n");
    let e = fail(checks, "%v1 = add\nuse %v2\n");
    assert!(e.contains("expected string not found in input"), "{e}");
    assert!(e.contains("note: with \"X\" equal to \"%v1\""), "{e}");
}

#[test]
fn variables_persist_across_labels_and_dollar_names_work() {
    let checks = "CHECK: [[$G:[0-9]+]] [[L:[a-z]+]]\nCHECK-LABEL: f\nCHECK: [[$G]] [[L]]\n";
    pass(checks, "42 abc\nf\n42 abc\n");
}

#[test]
fn variable_redefinition_takes_new_value() {
    let checks = "CHECK: [[X:[0-9]+]]\nCHECK: [[X:[0-9]+]]!\nCHECK: =[[X]]\n";
    pass(checks, "1\n2!\n=2\n");
}

#[test]
fn undefined_variable_is_an_error() {
    let e = fail("CHECK: [[NOPE]]\n", "x\n");
    assert!(
        e.contains("check.txt:1:10: error: undefined variable: NOPE"),
        "{e}"
    );
}

#[test]
fn variable_value_is_matched_literally() {
    pass("CHECK: [[X:a.c]]\nCHECK: [[X]]\n", "a.c\na.c\n");
    fail("CHECK: [[X:a.c]]\nCHECK: [[X]]\n", "a.c\nabc\n");
}

#[test]
fn regex_blocks() {
    pass("CHECK: a{{.*}}z\n", "a 123 z\n");
    pass("CHECK: x{{[0-9]+}}y\n", "x42y\n");
    pass("CHECK: abc{{x|z}}def\n", "abczdef\n");
    fail("CHECK: x{{[0-9]+}}y\n", "xy\n");
    // Regexes never reach across lines.
    fail("CHECK: a{{.*}}z\n", "a\nz\n");
    pass("CHECK: {{^}}b\n", "a b\nb\n");
    let e = fail("CHECK: {{(}}\n", "(\n");
    assert!(e.contains("invalid regex"), "{e}");
    let e = fail("CHECK: {{a\n", "a\n");
    assert!(
        e.contains("found start of regex string with no end '}}'"),
        "{e}"
    );
}

#[test]
fn literal_text_is_not_a_regex() {
    pass("CHECK: a.b(c)*\n", "a.b(c)*\n");
    fail("CHECK: a.b\n", "axb\n");
    pass("CHECK{LITERAL}: [[x]] {{y}}\n", "[[x]] {{y}}\n");
}

#[test]
fn whitespace_is_folded() {
    pass("CHECK: a   b\n", "a \t b\n");
    pass("CHECK:a b  \n", "xa  b\n");
    fail("CHECK: a b\n", "ab\n");
    pass("CHECK: a b\n", "a\tb\r\n");
}

#[test]
fn match_full_lines() {
    let o = CheckOptions {
        match_full_lines: true,
        ..opts()
    };
    pass_with("CHECK: a b\n", "  a b \n", &o);
    fail_with("CHECK: a b\n", "a b c\n", &o);
    // NOT patterns stay substring matches, as in LLVM.
    fail_with("CHECK: x\nCHECK-NOT: y\n", "x\nzyz\n", &o);
}

// ---- prefixes and check-file errors ----

#[test]
fn check_prefixes() {
    let o = prefixes(&["A", "B"]);
    pass_with("A: one\nB: two\nCHECK: ignored\n", "one two\n", &o);
    fail_with("A: one\nB: three\n", "one two\n", &o);
    let e = fail_with("A: one\n", "one\n", &o);
    assert!(
        e.contains("error: no check strings found with prefix 'B:'"),
        "{e}"
    );
    let o = CheckOptions {
        allow_unused_prefixes: true,
        ..prefixes(&["A", "B"])
    };
    pass_with("A: one\n", "one\n", &o);
}

#[test]
fn prefix_must_start_a_word() {
    let e = fail("XCHECK: a\nMY_CHECK: b\n", "a\n");
    assert!(
        e.contains("error: no check strings found with prefix 'CHECK:'"),
        "{e}"
    );
    pass("//CHECK: a\n(CHECK: b)\n", "a b)\n");
}

#[test]
fn longest_prefix_wins() {
    pass_with(
        "CHECK-A: a\nCHECK: b\n",
        "a b\n",
        &prefixes(&["CHECK", "CHECK-A"]),
    );
}

#[test]
fn no_directives_is_an_error() {
    let e = fail("nothing to see\n", "input\n");
    assert_eq!(e, "error: no check strings found with prefix 'CHECK:'\n");
    let (status, _) = check_with_status("", "c", "x", &opts()).unwrap_err();
    assert_eq!(status, 2);
}

#[test]
fn check_file_errors() {
    let e = fail("CHECK-NEXT: a\n", "a\n");
    assert!(
        e.contains("found 'CHECK-NEXT' without previous 'CHECK: line"),
        "{e}"
    );
    let e = fail("CHECK:\n", "a\n");
    assert!(
        e.contains("found empty check string with prefix 'CHECK:'"),
        "{e}"
    );
    let e = fail("CHECK_NEXT: a\nCHECK: a\n", "a\n");
    assert!(e.contains("misspelled directive 'CHECK_NEXT:'"), "{e}");
    let e = fail("CHECK-NOT-NEXT: a\n", "a\n");
    assert!(e.contains("unsupported -NOT combo"), "{e}");
    let e = fail("CHECK: [[#N]]\n", "1\n");
    assert!(e.contains("not supported"), "{e}");
    let e = fail("CHECK: [[X:a]] [[X]]\n", "a a\n");
    assert!(e.contains("used on the line that defines it"), "{e}");
}

#[test]
fn comment_prefixes_hide_directives() {
    // The directive after RUN:/COM: on the same line is not a check.
    pass(
        "// RUN: echo CHECK: nope\n// COM: CHECK: nope\n// CHECK: yes\n",
        "yes\n",
    );
}

#[test]
fn empty_input() {
    let e = fail("CHECK-NOT: a\n", "");
    assert!(e.contains("FileCheck error: '<stdin>' is empty."), "{e}");
    pass_with(
        "CHECK-NOT: a\n",
        "",
        &CheckOptions {
            allow_empty: true,
            ..opts()
        },
    );
}

#[test]
fn filecheck_command_line() {
    let dir = TempDir::new("fc-cli");
    dir.write("c.txt", "// MY: hello\n");
    dir.write("in.txt", "hello\nbye\n");
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let run = |a: &[&str], stdin: &str| run_filecheck(&args(a), stdin.as_bytes(), &dir.0);
    assert_eq!(run(&["c.txt", "--check-prefix=MY"], "hello\n").0, 0);
    assert_eq!(run(&["c.txt", "-check-prefix", "MY"], "bye\n").0, 1);
    assert_eq!(
        run(
            &["c.txt", "--check-prefixes", "MY", "--input-file", "in.txt"],
            ""
        )
        .0,
        0
    );
    let (code, err) = run(
        &[
            "c.txt",
            "--check-prefix=MY",
            "--input-file=in.txt",
            "--implicit-check-not",
            "bye",
        ],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(run(&["c.txt", "--bogus"], "x").0, 2);
    assert_eq!(run(&[], "x").0, 2);
    assert_eq!(run(&["missing.txt"], "x").0, 2);
}

// ---- shell ----

#[test]
fn tokenizer_quotes_and_operators() {
    let words = |s: &str| -> Vec<Token> { tokenize(s).unwrap() };
    let w = |s: &str| Token::Word(s.to_string());
    assert_eq!(
        words(r#"a 'b c' "d \"e\" \\" f\ g"#),
        vec![w("a"), w("b c"), w("d \"e\" \\"), w("f g")]
    );
    assert_eq!(words("x'y'\"z\" ''"), vec![w("xyz"), w("")]);
    assert_eq!(
        words("a|b 2>&1 >f"),
        vec![
            w("a"),
            Token::Pipe,
            w("b"),
            Token::ErrToOut,
            Token::RedirOut {
                fd: 1,
                append: false
            },
            w("f")
        ]
    );
    assert_eq!(
        words("a2>x"),
        vec![
            w("a2"),
            Token::RedirOut {
                fd: 1,
                append: false
            },
            w("x")
        ]
    );
    assert!(tokenize("'open").is_err());
    assert!(tokenize("a ; b").is_err());
    assert!(tokenize("a || b").is_err());
}

#[test]
fn command_parsing() {
    let p = parse_command("not not foo < in | not bar 2>&1 > out && baz 2> err").unwrap();
    assert_eq!(p.len(), 2);
    let (foo, bar) = (&p[0].stages[0], &p[0].stages[1]);
    assert!(!foo.negate);
    assert_eq!(foo.stdin.as_deref(), Some("in"));
    assert!(bar.negate);
    assert_eq!(bar.stdout, Some(("out".to_string(), false)));
    assert_eq!(bar.stderr, StderrTarget::Pipe);
    assert_eq!(
        p[1].stages[0].stderr,
        StderrTarget::File("err".into(), false)
    );
    assert!(parse_command("a |").is_err());
    assert!(parse_command("not").is_err());
    assert!(parse_command("not --crash a").is_err());
    assert!(parse_command("a >").is_err());
    assert!(parse_command("").is_err());
}

// ---- runner ----

fn selftest_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/lit-selftest")
}

/// A scratch directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "tile-lit-selftest-{}-{tag}-{n}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run_one_file(text: &str, cfg: &LitConfig) -> LitSummary {
    let dir = TempDir::new("one");
    let path = dir.write("t.mlir", text);
    run_tests(&[path], cfg)
}

#[test]
fn collect_skips_inputs_readmes_and_snapshots() {
    let dir = TempDir::new("collect");
    dir.write("b.mlir", "// RUN: echo\n");
    dir.write("a/x.mlir", "// RUN: echo\n");
    dir.write("no-run.mlir", "// CHECK: x\n");
    dir.write("XRUN.mlir", "// XRUN: echo\n");
    dir.write(
        "prose.mlir",
        "// Once fixed, add `// RUN: echo` here.\n// CHECK: RUN: x\n",
    );
    dir.write("hash.txt", "# RUN: echo\n");
    std::fs::write(dir.0.join("bytes.mlir"), b"// RUN: echo\n\xff\xfe\n").unwrap();
    dir.write("README.md", "// RUN: echo\n");
    dir.write("t.snap", "// RUN: echo\n");
    dir.write("Inputs/i.mlir", "// RUN: echo\n");
    dir.write("snapshots/s.mlir", "// RUN: echo\n");
    let found = collect_tests(std::slice::from_ref(&dir.0));
    let expected = ["a/x.mlir", "b.mlir", "bytes.mlir", "hash.txt"].map(|n| dir.0.join(n));
    assert_eq!(found, expected);
}

#[test]
fn selftest_testdata_passes() {
    let found = collect_tests(&[selftest_dir()]);
    let names: Vec<String> = found
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.contains(&"echo-pipe.mlir".to_string()), "{names:?}");
    assert!(!names.iter().any(|n| n == "ops.txt"), "{names:?}");
    let summary = run_tests(&[selftest_dir()], &LitConfig::default());
    assert!(summary.failures.is_empty(), "{:#?}", summary.failures);
    assert_eq!(summary.unsupported, 1);
    assert_eq!(summary.skipped.len(), 1);
    assert!(summary.skipped[0].ends_with("requires.mlir"));
    assert_eq!(summary.passed, found.len() - 1);
    assert_eq!(
        summary.closing_line(),
        format!("{} passed, 0 failed, 1 skipped", found.len() - 1)
    );
}

#[test]
fn failing_test_is_reported() {
    let summary = run_one_file(
        "// RUN: echo hello | FileCheck %s\n// CHECK: goodbye\n",
        &LitConfig::default(),
    );
    assert_eq!((summary.passed, summary.failed), (0, 1));
    let (path, text) = &summary.failures[0];
    assert!(path.ends_with("t.mlir"));
    assert!(
        text.contains("RUN at line 1: echo hello | FileCheck /"),
        "{text}"
    );
    assert!(text.contains("$ echo hello\n# exit code: 0\n"), "{text}");
    assert!(text.contains("# exit code: 1\n# stderr:\n"), "{text}");
    assert!(
        text.contains("t.mlir:2:11: error: CHECK: expected string not found in input"),
        "{text}"
    );
    assert!(
        text.contains("<stdin>:1:1: note: scanning from here"),
        "{text}"
    );
    assert_eq!(summary.closing_line(), "0 passed, 1 failed");
}

#[test]
fn pipeline_fails_if_any_stage_fails() {
    // FileCheck succeeds, but the first stage fails through `not`: pipefail.
    let s = run_one_file(
        "// RUN: not echo hi | FileCheck %s\n// CHECK: hi\n",
        &LitConfig::default(),
    );
    assert_eq!(s.failed, 1);
    assert!(
        s.failures[0]
            .1
            .contains("'not' expected a nonzero exit code"),
        "{}",
        s.failures[0].1
    );
}

#[test]
fn later_run_lines_stop_after_a_failure() {
    let s = run_one_file(
        "// RUN: not echo x\n// RUN: this-is-never-run\n",
        &LitConfig::default(),
    );
    assert_eq!(s.failed, 1);
    assert!(
        !s.failures[0].1.contains("this-is-never-run"),
        "{}",
        s.failures[0].1
    );
}

#[test]
fn malformed_run_line_is_a_failure() {
    let s = run_one_file("// RUN: echo 'unterminated\n", &LitConfig::default());
    assert_eq!(s.failed, 1);
    assert!(
        s.failures[0]
            .1
            .contains("malformed RUN line: unterminated single quote"),
        "{}",
        s.failures[0].1
    );
    let s = run_one_file("// RUN: echo a \\\n", &LitConfig::default());
    assert!(
        s.failures[0].1.contains("no RUN line follows"),
        "{}",
        s.failures[0].1
    );
}

#[test]
fn unknown_command_is_a_failure_even_under_not() {
    let s = run_one_file(
        "// RUN: not tile-lit-no-such-tool-xyz\n",
        &LitConfig::default(),
    );
    assert_eq!(s.failed, 1);
    assert!(
        s.failures[0]
            .1
            .contains("command not found: tile-lit-no-such-tool-xyz"),
        "{}",
        s.failures[0].1
    );
}

#[test]
fn requires_and_unsupported_follow_features() {
    let text = "// REQUIRES: gpu, fast\n// RUN: echo ok | FileCheck %s\n// CHECK: ok\n";
    assert_eq!(run_one_file(text, &LitConfig::default()).unsupported, 1);
    let mut cfg = LitConfig::default();
    cfg.features.insert("gpu".into());
    assert_eq!(run_one_file(text, &cfg).unsupported, 1);
    cfg.features.insert("fast".into());
    assert_eq!(run_one_file(text, &cfg).passed, 1);
    let text = "// UNSUPPORTED: gpu\n// RUN: echo ok\n";
    let s = run_one_file(text, &cfg);
    assert_eq!((s.unsupported, s.passed), (1, 0));
    assert_eq!(s.closing_line(), "0 passed, 0 failed, 1 skipped");
    assert_eq!(run_one_file(text, &LitConfig::default()).passed, 1);
}

/// The per-file API the `cargo test` harness (tests/lit.rs) uses: a skip is known before the run,
/// and a run gives the file's own outcome.
#[test]
fn one_file_runs_on_its_own() {
    let dir = TempDir::new("single");
    let skipped = dir.write("s.mlir", "// REQUIRES: gpu\n// RUN: echo ok\n");
    let cfg = LitConfig::default();
    assert_eq!(
        skip_reason(&skipped, &cfg).as_deref(),
        Some("requires 'gpu'")
    );
    assert!(matches!(run_file(&skipped, &cfg), Outcome::Unsupported(_)));
    let passes = dir.write("p.mlir", "// RUN: echo ok | FileCheck %s\n// CHECK: ok\n");
    assert_eq!(skip_reason(&passes, &cfg), None);
    assert_eq!(run_file(&passes, &cfg), Outcome::Pass);
    let fails = dir.write("f.mlir", "// RUN: echo ok | FileCheck %s\n// CHECK: nope\n");
    assert!(matches!(run_file(&fails, &cfg), Outcome::Fail(r) if r.contains("nope")));
}

#[test]
fn filter_selects_tests_and_missing_paths_fail() {
    let cfg = LitConfig {
        filter: Some("quot".into()),
        ..LitConfig::default()
    };
    let s = run_tests(&[selftest_dir()], &cfg);
    assert_eq!((s.passed, s.failed, s.unsupported), (1, 0, 0));
    let s = run_tests(
        &[selftest_dir().join("no-such-test.mlir")],
        &LitConfig::default(),
    );
    assert_eq!(s.failed, 1);
}

#[test]
fn substitutions_and_continuations() {
    let dir = TempDir::new("subst");
    dir.write("in.txt", "from input dir\n");
    let path = dir.write(
        "t.mlir",
        "// RUN: echo %%s is \\\n// RUN:   %s > %t\n// RUN: cat %t | FileCheck %s --check-prefix=S\n\
         // RUN: cat %S/in.txt in.txt | FileCheck %s --check-prefix=DIR\n\
         // S: %s is {{/.*}}t.mlir\n// DIR-COUNT-2: from input dir\n",
    );
    let s = run_tests(&[path], &LitConfig::default());
    assert!(s.failures.is_empty(), "{:#?}", s.failures);
}

#[cfg(unix)]
#[test]
fn external_commands_tool_map_and_interleaved_stderr() {
    let dir = TempDir::new("ext");
    let mut cfg = LitConfig::default();
    cfg.tools
        .insert("my-shell".into(), PathBuf::from("/bin/sh"));
    let path = dir.write(
        "t.mlir",
        "// RUN: my-shell -c 'echo out1; echo err >&2; echo out2' 2>&1 | FileCheck %s\n\
         // RUN: my-shell -c 'cat; echo err >&2; exit 3' < %s 2> %t | not my-shell -c 'exit 1'\n\
         // RUN: FileCheck %s --input-file %t --check-prefix=ERR\n\
         // CHECK: out1\n// CHECK-NEXT: err\n// CHECK-NEXT: out2\n// ERR: err\n",
    );
    let s = run_tests(std::slice::from_ref(&path), &cfg);
    // The second RUN line fails: its first stage exits 3 (pipefail).
    assert_eq!(s.failed, 1);
    let report = &s.failures[0].1;
    assert!(report.contains("RUN at line 2"), "{report}");
    assert!(report.contains("# exit code: 3"), "{report}");
    std::fs::write(
        &path,
        std::fs::read_to_string(&path)
            .unwrap()
            .replace("exit 3", "exit 0"),
    )
    .unwrap();
    let s = run_tests(&[path], &cfg);
    assert!(s.failures.is_empty(), "{:#?}", s.failures);
}

#[test]
fn closing_line_format() {
    let s = LitSummary {
        passed: 57,
        ..LitSummary::default()
    };
    assert_eq!(s.closing_line(), "57 passed, 0 failed");
    let s = LitSummary {
        passed: 57,
        unsupported: 2,
        ..LitSummary::default()
    };
    assert_eq!(s.closing_line(), "57 passed, 0 failed, 2 skipped");
}

#[test]
fn binary_prints_closing_line_and_rejects_unknown_flags() {
    let exe = env!("CARGO_BIN_EXE_tile-lit");
    let out = std::process::Command::new(exe)
        .arg(selftest_dir())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.ends_with(" passed, 0 failed, 1 skipped"), "{stdout}");
    assert!(stdout.contains("UNSUPPORTED: "), "{stdout}");
    let out = std::process::Command::new(exe)
        .args(["--bogus", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = std::process::Command::new(exe)
        .args(["--filter", "(", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
