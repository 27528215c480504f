//! Diagnostics: clang-style rendering, `--Werror`, invalid UTF-8 input, and
//! `--verify-diagnostics` annotation matching.

use tilec_ir::expect::verify_expected;
use tilec_ir::{DiagCode, Diagnostic, Diagnostics, FileId, Loc, Severity, SourceMap};

// ---- helpers -----------------------------------------------------------------------------------

/// The byte range of the first `needle` in file `f`.
fn loc_of(sm: &SourceMap, f: FileId, needle: &str) -> Loc {
    let start = sm
        .text(f)
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the source"));
    Loc::new(f, start, start + needle.len())
}

/// A location at the start of 1-based `line` of file `f`.
fn line_loc(sm: &SourceMap, f: FileId, line: usize) -> Loc {
    let start: usize = sm
        .text(f)
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    Loc::new(f, start, start + 1)
}

fn messages(d: &Diagnostics) -> Vec<&str> {
    d.0.iter().map(|d| d.message.as_str()).collect()
}

// ---- rendering ---------------------------------------------------------------------------------

#[test]
fn render_is_clang_style_with_caret_and_tildes() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "line one\n  hello world\n");
    let d = Diagnostics::from(Diagnostic::error(loc_of(&sm, f, "hello"), "bad hello"));
    assert_eq!(
        d.render(&sm),
        "k.mlir:2:3: error: bad hello\n  hello world\n  ^~~~~\n"
    );
}

#[test]
fn render_shows_a_window_of_a_long_line_and_elides_a_long_message() {
    let mut sm = SourceMap::new();
    let line = format!("{}BAD{}", "a".repeat(5000), "b".repeat(5000));
    let f = sm.add("k.mlir", &line);
    let msg = format!("token '{}' is bad", "z".repeat(10_000));
    let d = Diagnostics::from(Diagnostic::error(loc_of(&sm, f, "BAD"), msg));
    let out = d.render(&sm);
    assert!(out.len() < 2000, "{} bytes", out.len());
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("k.mlir:1:5001: error: token 'zzz"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("characters elided"), "{}", lines[0]);
    assert!(lines[0].ends_with("zzz' is bad"), "{}", lines[0]);
    // The caret sits under the B of BAD in the window, which starts and ends with an ellipsis.
    assert!(lines[1].starts_with('…') && lines[1].ends_with('…'));
    let caret = lines[2].chars().position(|c| c == '^').expect("a caret");
    assert_eq!(lines[1].chars().nth(caret), Some('B'));
    assert!(lines[2].ends_with("^~~"));
}

#[test]
fn render_a_location_among_trailing_carriage_returns() {
    // Found by the `pipeline` fuzz target: a location past the last `\r` of a line whose shown
    // text drops them indexed past the end of the line.
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "%v: tile\r\r\r\x0c\r\r");
    let d = Diagnostics::from(Diagnostic::error(Loc::new(f, 13, 14), "at the end"));
    assert_eq!(
        d.render(&sm),
        "k.mlir:1:14: error: at the end\n%v: tile\r\r\r\x0c\n            ^\n"
    );
}

#[test]
fn render_one_character_and_empty_ranges_have_no_tildes() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "abc\n");
    let one = Diagnostic::error(Loc::new(f, 1, 2), "one");
    let empty = Diagnostic::error(Loc::new(f, 2, 2), "empty");
    assert_eq!(
        Diagnostics(vec![one, empty]).render(&sm),
        "k.mlir:1:2: error: one\nabc\n ^\nk.mlir:1:3: error: empty\nabc\n  ^\n"
    );
}

#[test]
fn render_preserves_tabs_in_the_caret_line() {
    let mut sm = SourceMap::new();
    let f = sm.add("tabs.mlir", "\t\tfoo bar\n");
    let d = Diagnostics::from(Diagnostic::error(loc_of(&sm, f, "bar"), "m"));
    assert_eq!(
        d.render(&sm),
        "tabs.mlir:1:7: error: m\n\t\tfoo bar\n\t\t    ^~~\n"
    );
}

#[test]
fn render_a_multi_line_range_underlines_to_the_end_of_the_first_line() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "ab cd\nef\n");
    let d = Diagnostics::from(Diagnostic::error(Loc::new(f, 3, 8), "spans"));
    assert_eq!(d.render(&sm), "k.mlir:1:4: error: spans\nab cd\n   ^~\n");
}

#[test]
fn render_counts_columns_in_characters() {
    let mut sm = SourceMap::new();
    let f = sm.add("u.mlir", "é = x\n");
    let d = Diagnostics::from(Diagnostic::error(loc_of(&sm, f, "x"), "m"));
    assert_eq!(d.render(&sm), "u.mlir:1:5: error: m\né = x\n    ^\n");
}

#[test]
fn render_notes_with_their_own_locations() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "%v = def\nuse %v\n");
    let g = sm.add("other.mlir", "elsewhere\n");
    let d = Diagnostic::error(Loc::new(f, 13, 15), "bad use")
        .with_note(Loc::new(f, 0, 2), "defined here")
        .with_note(loc_of(&sm, g, "else"), "also see")
        .with_note(Loc::default(), "no location");
    assert_eq!(
        Diagnostics::from(d).render(&sm),
        "k.mlir:2:5: error: bad use\n\
         use %v\n    ^~\n\
         k.mlir:1:1: note: defined here\n\
         %v = def\n^~\n\
         other.mlir:1:1: note: also see\n\
         elsewhere\n^~~~\n\
         <unknown>: note: no location\n"
    );
}

#[test]
fn render_unknown_location_and_severities() {
    let sm = SourceMap::new();
    let mut w = Diagnostic::warning(Loc::default(), "careful");
    let d = Diagnostics(vec![
        Diagnostic::error(Loc::default(), "oops"),
        w.clone(),
        Diagnostic {
            severity: Severity::Remark,
            ..w.clone()
        },
    ]);
    assert_eq!(
        d.render(&sm),
        "<unknown>: error: oops\n<unknown>: warning: careful\n<unknown>: remark: careful\n"
    );
    w.severity = Severity::Note;
    assert_eq!(
        Diagnostics::from(w).render(&sm),
        "<unknown>: note: careful\n"
    );
}

/// Codes are data: the default rendering shows none (the tools' output is unchanged); asked
/// for, each classified diagnostic shows its code after the message, its notes none.
#[test]
fn codes_render_only_when_asked() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "st %p\n");
    let d = Diagnostics(vec![
        Diagnostic::error(Loc::new(f, 0, 2), "bad pair")
            .with_code(DiagCode::LegalitySemantic)
            .with_note(Loc::new(f, 3, 5), "here"),
        Diagnostic::warning(Loc::default(), "plain"),
    ]);
    let plain = "k.mlir:1:1: error: bad pair\nst %p\n^~\nk.mlir:1:4: note: here\nst %p\n   ^~\n<unknown>: warning: plain\n";
    assert_eq!(d.render(&sm), plain);
    assert_eq!(
        d.render_with_codes(&sm, 0),
        plain.replacen("bad pair", "bad pair [legality.semantic]", 1)
    );
}

/// A stage's default code fills in only what its specific producers left unclassified.
#[test]
fn default_codes_keep_specific_ones() {
    let mut d = Diagnostics(vec![Diagnostic::error(Loc::default(), "earlier")]);
    let start = d.len();
    d.push(Diagnostic::error(Loc::default(), "specific").with_code(DiagCode::TargetSm));
    d.push(Diagnostic::error(Loc::default(), "plain"));
    d.default_code_from(start, DiagCode::VerifyOp);
    let codes: Vec<DiagCode> = d.0.iter().map(|x| x.code).collect();
    assert_eq!(
        codes,
        [
            DiagCode::Unclassified,
            DiagCode::TargetSm,
            DiagCode::VerifyOp
        ]
    );
}

#[test]
fn render_location_on_an_empty_line_has_no_source_line() {
    let mut sm = SourceMap::new();
    let f = sm.add("k.mlir", "abc\n");
    let d = Diagnostics::from(Diagnostic::error(Loc::new(f, 4, 4), "at eof"));
    assert_eq!(d.render(&sm), "k.mlir:2:1: error: at eof\n");
}

#[test]
fn promote_warnings_turns_warnings_into_errors_only() {
    let mut d = Diagnostics(vec![
        Diagnostic::warning(Loc::default(), "w1"),
        Diagnostic {
            severity: Severity::Remark,
            ..Diagnostic::warning(Loc::default(), "r")
        },
        Diagnostic::warning(Loc::default(), "w2").with_note(Loc::default(), "n"),
    ]);
    assert!(!d.has_errors());
    d.promote_warnings();
    assert!(d.has_errors());
    let sev: Vec<Severity> = d.0.iter().map(|d| d.severity).collect();
    assert_eq!(sev, [Severity::Error, Severity::Remark, Severity::Error]);
    assert_eq!(
        d.render(&SourceMap::new()),
        "<unknown>: error: w1\n<unknown>: remark: r\n<unknown>: error: w2\n<unknown>: note: n\n"
    );
}

#[test]
fn diagnostics_list_basics() {
    let mut d = Diagnostics::new();
    assert!(d.is_empty() && !d.has_errors());
    d.push(Diagnostic::warning(Loc::default(), "w"));
    assert!(!d.is_empty() && !d.has_errors());
    let mut more = Diagnostics::new();
    more.error(Loc::default(), "e");
    d.extend(more);
    assert_eq!(messages(&d), ["w", "e"]);
    assert!(d.has_errors());
}

// ---- source map --------------------------------------------------------------------------------

#[test]
fn add_bytes_with_valid_utf8_adds_the_text() {
    let mut sm = SourceMap::new();
    let (f, err) = sm.add_bytes("ok.mlir", "héllo\n".as_bytes().to_vec());
    assert!(err.is_none());
    assert_eq!(sm.text(f), "héllo\n");
    assert_eq!(sm.name(f), "ok.mlir");
}

#[test]
fn add_bytes_with_invalid_utf8_reports_the_first_bad_byte() {
    let mut sm = SourceMap::new();
    let bytes = b"ok line\nab\xffcd\xfe\n".to_vec();
    let (f, err) = sm.add_bytes("bad.mlir", bytes);
    let err = err.expect("an error");
    assert_eq!(err.severity, Severity::Error);
    assert_eq!(
        err.message,
        "the input is not valid UTF-8 (invalid byte at offset 10)"
    );
    assert_eq!(sm.line_col(f, err.loc.start), (2, 3));
    assert_eq!(sm.text(f), "ok line\nab\u{fffd}cd\u{fffd}\n");
    assert_eq!(
        Diagnostics::from(err).render(&sm),
        "bad.mlir:2:3: error: the input is not valid UTF-8 (invalid byte at offset 10)\n\
         ab\u{fffd}cd\u{fffd}\n  ^\n"
    );
}

#[test]
fn add_bytes_columns_count_characters_before_the_bad_byte() {
    let mut sm = SourceMap::new();
    let mut bytes = "éé".as_bytes().to_vec();
    bytes.push(0x80);
    let (f, err) = sm.add_bytes("b.mlir", bytes);
    let err = err.expect("an error");
    assert!(
        err.message.ends_with("(invalid byte at offset 4)"),
        "{}",
        err.message
    );
    assert_eq!(sm.line_col(f, err.loc.start), (1, 3));
}

#[test]
fn source_map_names_and_unknown_file() {
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", "x\ny\n");
    assert_eq!(f, FileId(1));
    assert_eq!(sm.add("b.mlir", ""), FileId(2));
    assert_eq!(sm.name(FileId(0)), "<unknown>");
    assert_eq!(sm.text(FileId(0)), "");
    assert_eq!(sm.line_col(FileId(0), 3), (0, 0));
    assert_eq!(sm.line_text(f, 2), "y");
    assert!(Loc::default().is_unknown());
    assert_eq!(
        Loc::new(f, 5, 2),
        Loc::new(f, 5, 5),
        "end is clamped to start"
    );
}

// ---- verify_expected ---------------------------------------------------------------------------

const ANNOTATED: &str = r#""t.a"() : () -> ()   // expected-error {{same line}}
// expected-error@+1 {{plus one}}
"t.b"() : () -> ()
"t.c"() : () -> ()
// expected-warning@-1 {{minus one}}
"t.d"() : () -> ()
// expected-remark@above {{above}}
// expected-error@below {{below}}
"t.e"() : () -> ()
// expected-error@+2 {{two ahead}} expected-note@-3 {{note for d}}

"t.f"() : () -> ()
"#;

#[test]
fn verify_expected_matches_every_annotation_form() {
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", ANNOTATED);
    let at = |l| line_loc(&sm, f, l);
    let diags = Diagnostics(vec![
        Diagnostic::error(at(1), "text on the same line"),
        // An unannotated note is not checked.
        Diagnostic::error(at(3), "plus one").with_note(at(1), "unchecked note"),
        Diagnostic::warning(at(4), "minus one"),
        Diagnostic {
            severity: Severity::Remark,
            ..Diagnostic::warning(at(6), "above")
        }
        .with_note(at(7), "the note for d"),
        Diagnostic::error(at(9), "below"),
        Diagnostic::error(at(12), "two ahead"),
    ]);
    let out = verify_expected(&sm, f, &diags);
    assert!(out.is_empty(), "{}", out.render(&sm));
}

#[test]
fn verify_expected_reports_unexpected_and_unproduced() {
    let src = r#""t.a"  // expected-error {{produced}}
"t.b"  // expected-error {{never produced}}
"t.c"  // expected-warning {{wrong severity}}
"t.d"  // expected-note {{missing note}}
"t.e"
"#;
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", src);
    let at = |l| line_loc(&sm, f, l);
    let diags = Diagnostics(vec![
        Diagnostic::error(at(1), "produced"),
        Diagnostic::error(at(3), "wrong severity"),
        Diagnostic::error(at(5), "surprise").with_note(at(4), "a different note"),
        Diagnostic::error(Loc::default(), "nowhere"),
    ]);
    let out = verify_expected(&sm, f, &diags);
    assert_eq!(
        messages(&out),
        [
            "unexpected error: wrong severity",
            "unexpected error: surprise",
            "unexpected error: nowhere",
            "expected error \"never produced\" was not produced (on line 2)",
            "expected warning \"wrong severity\" was not produced (on line 3)",
            "expected note \"missing note\" was not produced (on line 4)",
        ]
    );
    assert!(out.0.iter().all(|d| d.severity == Severity::Error));
    // Unexpected diagnostics point at themselves, unproduced ones at their annotation.
    assert_eq!(out.0[1].loc, at(5));
    assert!(out.0[2].loc.is_unknown());
    let rendered = out.render(&sm);
    assert!(
        rendered.contains("a.mlir:2:11: error: expected error \"never produced\""),
        "{rendered}"
    );
}

#[test]
fn verify_expected_matches_substrings_once_each() {
    let src = "x // expected-error {{dup}} expected-error {{dup}}\ny // expected-error {{one}}\n";
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", src);
    let at = |l| line_loc(&sm, f, l);
    let diags = Diagnostics(vec![
        Diagnostic::error(at(1), "a dup here"),
        Diagnostic::error(at(1), "dup again"),
        Diagnostic::error(at(2), "only one"),
        Diagnostic::error(at(2), "only one"),
    ]);
    let out = verify_expected(&sm, f, &diags);
    assert_eq!(messages(&out), ["unexpected error: only one"]);
}

#[test]
fn verify_expected_checks_the_line_not_just_the_text() {
    let src = "x\n// expected-error@-1 {{msg}}\n";
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", src);
    let diags = Diagnostics::from(Diagnostic::error(line_loc(&sm, f, 2), "msg"));
    let out = verify_expected(&sm, f, &diags);
    assert_eq!(
        messages(&out),
        [
            "unexpected error: msg",
            "expected error \"msg\" was not produced (on line 1)",
        ]
    );
}

#[test]
fn verify_expected_treats_other_files_as_unannotated() {
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", "x // expected-error {{msg}}\n");
    let g = sm.add("b.mlir", "x\n");
    let diags = Diagnostics(vec![
        Diagnostic::error(line_loc(&sm, f, 1), "msg"),
        Diagnostic::error(line_loc(&sm, g, 1), "msg"),
    ]);
    let out = verify_expected(&sm, f, &diags);
    assert_eq!(messages(&out), ["unexpected error: msg"]);
    assert_eq!(out.0[0].loc.file, g);
}

#[test]
fn verify_expected_reports_malformed_annotations() {
    let src = "a\n\
               // expected-error@-9 {{far}}\n\
               // expected-error@up {{bad}}\n\
               // expected-warning no braces\n\
               // expected-note {{unterminated\n\
               // expected-nothing {{ignored}}\n";
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", src);
    let out = verify_expected(&sm, f, &Diagnostics::new());
    assert_eq!(
        messages(&out),
        [
            "invalid line offset '@-9' in expected-error",
            "invalid line offset '@up' in expected-error",
            "expected-warning needs its text in {{…}}",
            "unterminated {{ in expected-note",
        ]
    );
    let lines: Vec<usize> = out
        .0
        .iter()
        .map(|d| sm.line_col(f, d.loc.start).0)
        .collect();
    assert_eq!(lines, [2, 3, 4, 5]);
}

#[test]
fn verify_expected_rejects_annotations_targeting_line_0() {
    let mut sm = SourceMap::new();
    let f = sm.add("a.mlir", "// expected-error@above {{lost}}\n");
    let g = sm.add("b.mlir", "x\n");
    let diags = Diagnostics(vec![
        Diagnostic::error(Loc::default(), "lost"),
        Diagnostic::error(line_loc(&sm, g, 1), "lost"),
    ]);
    let out = verify_expected(&sm, f, &diags);
    // Expected: the annotation is rejected like `@-2` on line 1 is, and both diagnostics are
    // unexpected. Actual: the annotation silently matches the unknown-location error.
    assert_eq!(
        messages(&out),
        [
            "invalid line offset '@above' in expected-error",
            "unexpected error: lost",
            "unexpected error: lost",
        ]
    );
}
