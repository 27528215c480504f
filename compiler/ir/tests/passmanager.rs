//! The pass manager: running a pipeline, verify-after-each, print-after-all, timing.

use std::cell::Cell;
use std::time::Duration;
use tilec_ir::pass::{render_timings, Pass, PassManager, RunReport};
use tilec_ir::text::{module_to_string, parse_module};
use tilec_ir::verify::{verify_structure, Registry};
use tilec_ir::{AttrData, Diagnostic, Diagnostics, FileId, Loc, Module, Op, Sym, WalkControl};

// ---- toy passes --------------------------------------------------------------------------------

const INPUT: &str = r#"
"t.a"() : () -> ()
"t.two"() ({
  %x = "t.def"() : () -> i32
}, {
  "t.use"() : () -> ()
}) : () -> ()
"t.a"() : () -> ()
"#;

fn input() -> Module {
    parse_module(INPUT, FileId(0)).unwrap_or_else(|d| panic!("{}", d.message))
}

fn find(m: &Module, name: &str) -> Option<Op> {
    let s = Sym::new(name);
    m.all_ops().into_iter().find(|&o| m.op_name(o) == s)
}

/// Renames every `t.a` to `t.b`.
struct Rename;
impl Pass<()> for Rename {
    fn name(&self) -> &'static str {
        "rename"
    }
    fn run(&self, m: &mut Module, _: &()) -> Diagnostics {
        let (from, to) = (Sym::new("t.a"), Sym::new("t.b"));
        for op in m.all_ops() {
            if m.op_name(op) == from {
                m.set_op_name(op, to);
            }
        }
        Diagnostics::new()
    }
}

/// Adds a `seen` unit attribute to every top-level op.
struct AddAttr;
impl Pass<()> for AddAttr {
    fn name(&self) -> &'static str {
        "add-attr"
    }
    fn run(&self, m: &mut Module, _: &()) -> Diagnostics {
        for op in m.top_ops() {
            m.set_attr(op, Sym::new("seen"), AttrData::Unit);
        }
        Diagnostics::new()
    }
}

/// Breaks the IR: `t.use` (second region) uses `%x` from the first region, which it cannot see.
struct BreakVisibility;
impl Pass<()> for BreakVisibility {
    fn name(&self) -> &'static str {
        "break-visibility"
    }
    fn run(&self, m: &mut Module, _: &()) -> Diagnostics {
        let def = find(m, "t.def").expect("t.def");
        let user = find(m, "t.use").expect("t.use");
        let x = m.result(def, 0);
        m.set_operands(user, &[x]);
        Diagnostics::new()
    }
}

/// Counts its runs; reports `diag` (if any) each time.
struct Probe {
    name: &'static str,
    runs: Cell<usize>,
    diag: Option<Diagnostic>,
}
impl Probe {
    fn new(name: &'static str, diag: Option<Diagnostic>) -> Probe {
        Probe {
            name,
            runs: Cell::new(0),
            diag,
        }
    }
}
impl Pass<()> for Probe {
    fn name(&self) -> &'static str {
        self.name
    }
    fn run(&self, _: &mut Module, _: &()) -> Diagnostics {
        self.runs.set(self.runs.get() + 1);
        self.diag.clone().map(Diagnostics::from).unwrap_or_default()
    }
}

fn verify(m: &Module, _: &()) -> Diagnostics {
    verify_structure(m, &Registry::new())
}

fn dump(m: &Module) -> String {
    module_to_string(m)
}

fn header(pass: &str) -> String {
    format!("// -----// IR Dump After {pass} //----- //\n")
}

fn messages(d: &Diagnostics) -> Vec<&str> {
    d.0.iter().map(|d| d.message.as_str()).collect()
}

/// The name of the pass that failed, if any.
fn failed(pm: &PassManager<()>, rep: &RunReport) -> Option<&'static str> {
    let i = rep.failed_at?;
    Some(pm.step_name(tilec_ir::pass::Timed::Pass(i)))
}

/// The names of the timed steps.
fn timed(pm: &PassManager<()>, rep: &RunReport) -> Vec<&'static str> {
    pm.named_timings(rep).into_iter().map(|t| t.0).collect()
}

// ---- tests -------------------------------------------------------------------------------------

#[test]
fn a_clean_pipeline_runs_every_pass_in_order() {
    let mut m = input();
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &AddAttr, &after]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert!(rep.diags.is_empty(), "{:?}", messages(&rep.diags));
    assert_eq!(rep.failed_at, None);
    assert_eq!(rep.completed, 3);
    assert_eq!(after.runs.get(), 1);
    assert!(
        rep.dumps.is_empty() && rep.kept.is_empty(),
        "off by default"
    );
    let text = module_to_string(&m);
    assert!(!text.contains("\"t.a\""), "{text}");
    assert_eq!(text.matches(r#""t.b"() {seen}"#).count(), 2, "{text}");
    assert!(
        text.contains(r#""t.two"() ({"#) && text.contains("}) {seen} : () -> ()"),
        "{text}"
    );
}

#[test]
fn verify_each_catches_the_pass_that_broke_the_ir() {
    let mut m = input();
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &AddAttr, &BreakVisibility, &after]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());

    assert_eq!(failed(&pm, &rep), Some("break-visibility"));
    assert_eq!(rep.completed, 2);
    assert_eq!(after.runs.get(), 0, "passes after the failure do not run");
    let msgs = messages(&rep.diags);
    assert_eq!(
        msgs[0],
        "the IR produced by pass 'break-visibility' does not verify (this is a compiler bug)"
    );
    assert!(rep.diags.0[0].loc.is_unknown());
    assert_eq!(
        msgs[1..],
        ["operand #0 of 't.use' is not visible here (defined in a region that does not enclose this op)"]
    );
    assert!(rep.diags.has_errors());
    // The earlier passes did run.
    assert!(find(&m, "t.a").is_none() && find(&m, "t.b").is_some());
}

#[test]
fn without_verify_each_the_broken_ir_goes_through() {
    let mut m = input();
    let after = Probe::new("after", None);
    let pm = PassManager::new(vec![&Rename, &BreakVisibility, &after]);
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.failed_at, None);
    assert!(rep.diags.is_empty());
    assert_eq!(after.runs.get(), 1);
    assert!(
        verify(&m, &()).has_errors(),
        "the IR is broken all the same"
    );
}

#[test]
fn a_pass_reporting_an_error_stops_the_pipeline() {
    let mut m = input();
    let failing = Probe::new(
        "failing",
        Some(Diagnostic::error(Loc::default(), "pass gave up")),
    );
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &failing, &after]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert_eq!(failed(&pm, &rep), Some("failing"));
    assert_eq!(messages(&rep.diags), ["pass gave up"]);
    assert_eq!((failing.runs.get(), after.runs.get()), (1, 0));
}

#[test]
fn a_pass_reporting_a_warning_does_not_stop_the_pipeline() {
    let mut m = input();
    let warns = Probe::new("warns", Some(Diagnostic::warning(Loc::default(), "hmm")));
    let after = Probe::new("after", None);
    let pm = PassManager::new(vec![&warns, &after]);
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.failed_at, None);
    assert_eq!(messages(&rep.diags), ["hmm"]);
    assert!(!rep.diags.has_errors());
    assert_eq!(after.runs.get(), 1);
}

#[test]
fn print_after_all_dumps_once_per_pass_run() {
    let mut m = input();
    let mut pm = PassManager::new(vec![&Rename, &AddAttr]);
    pm.print_after_all = Some(&dump);
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.failed_at, None);
    assert_eq!(rep.dumps.matches("// -----// IR Dump After").count(), 2);
    assert_eq!(rep.dumps.matches(&header("rename")).count(), 1);
    assert_eq!(rep.dumps.matches(&header("add-attr")).count(), 1);

    // Each dump shows the IR right after its pass.
    let (first, second) = rep
        .dumps
        .split_once(&header("add-attr"))
        .expect("second header");
    let first = first
        .strip_prefix(&header("rename"))
        .expect("dumps start with the first header");
    assert!(
        first.contains("\"t.b\"()") && !first.contains("seen"),
        "{first}"
    );
    assert!(second.contains("{seen}"), "{second}");
    assert_eq!(second, module_to_string(&m));
}

#[test]
fn print_after_all_stops_with_the_failing_pass() {
    let mut m = input();
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &BreakVisibility, &after]);
    pm.verify_each = Some(&verify);
    pm.print_after_all = Some(&dump);
    let rep = pm.run(&mut m, &());
    assert_eq!(failed(&pm, &rep), Some("break-visibility"));
    assert_eq!(rep.dumps.matches("// -----// IR Dump After").count(), 2);
    assert_eq!(rep.dumps.matches(&header("rename")).count(), 1);
    assert_eq!(rep.dumps.matches(&header("break-visibility")).count(), 1);
    assert_eq!(rep.dumps.matches(&header("after")).count(), 0);
}

#[test]
fn every_pass_and_verification_is_timed() {
    let mut m = input();
    let mut pm = PassManager::new(vec![&Rename, &AddAttr]);
    let rep = pm.run(&mut m, &());
    assert_eq!(timed(&pm, &rep), ["rename", "add-attr"]);

    let mut m = input();
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert_eq!(
        timed(&pm, &rep),
        ["rename", "(verify)", "add-attr", "(verify)"]
    );

    // A failing verification is timed too; nothing after it is.
    let mut m = input();
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &BreakVisibility, &after]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert_eq!(
        timed(&pm, &rep),
        ["rename", "(verify)", "break-visibility", "(verify)"]
    );
}

/// The IR kept after chosen passes is what the next pass sees; a pass that failed keeps none.
#[test]
fn keep_after_keeps_the_ir_after_the_chosen_passes() {
    let mut m = input();
    let after = Probe::new("after", None);
    let mut pm = PassManager::new(vec![&Rename, &AddAttr, &BreakVisibility, &after]);
    pm.verify_each = Some(&verify);
    pm.keep_after = Some((&dump, vec![0, 2]));
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.kept.len(), 1, "the failing pass's output is not kept");
    assert_eq!(rep.kept[0].0, 0);
    assert!(rep.kept[0].1.contains("\"t.b\"()") && !rep.kept[0].1.contains("seen"));

    let mut m = input();
    let mut pm = PassManager::new(vec![&Rename, &AddAttr]);
    pm.keep_after = Some((&dump, vec![1]));
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.kept, [(1, module_to_string(&m))]);
}

#[test]
fn render_timings_lists_the_total_and_every_pass() {
    let mut m = input();
    let mut pm = PassManager::new(vec![&Rename, &AddAttr]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    let text = render_timings(&pm.named_timings(&rep));
    assert!(text.contains("Total Execution Time"), "{text}");
    for name in ["rename", "add-attr", "(verify)"] {
        assert!(
            text.contains(&format!("  {name}\n")),
            "{name} missing:\n{text}"
        );
    }
    assert!(text.ends_with("(100.0%)  Total\n"), "{text}");
}

#[test]
fn render_timings_computes_totals_and_percentages() {
    let text = render_timings(&[
        ("one", Duration::from_millis(250)),
        ("three", Duration::from_millis(750)),
    ]);
    assert!(
        text.contains("  Total Execution Time: 1.0000 seconds\n"),
        "{text}"
    );
    assert!(text.contains("    0.2500 ( 25.0%)  one\n"), "{text}");
    assert!(text.contains("    0.7500 ( 75.0%)  three\n"), "{text}");
    assert!(text.contains("    1.0000 (100.0%)  Total\n"), "{text}");

    // No time at all must not divide by zero.
    let text = render_timings(&[("idle", Duration::ZERO)]);
    assert!(text.contains("(  0.0%)  idle\n"), "{text}");
    assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
    let text = render_timings(&[]);
    assert!(
        text.contains("Total Execution Time: 0.0000 seconds"),
        "{text}"
    );
}

#[test]
fn passes_can_walk_and_mutate() {
    // A pass built from a closure-like struct that erases every `t.a`.
    struct EraseA;
    impl Pass<()> for EraseA {
        fn name(&self) -> &'static str {
            "erase-a"
        }
        fn run(&self, m: &mut Module, _: &()) -> Diagnostics {
            let mut doomed = Vec::new();
            let a = Sym::new("t.a");
            m.walk(&mut |op| {
                if m.op_name(op) == a {
                    doomed.push(op);
                }
                WalkControl::Continue
            });
            for op in doomed {
                m.erase_op(op);
            }
            Diagnostics::new()
        }
    }
    let mut m = input();
    let mut pm = PassManager::new(vec![&EraseA]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert_eq!(rep.failed_at, None);
    assert_eq!(m.top_ops().len(), 1);
}
