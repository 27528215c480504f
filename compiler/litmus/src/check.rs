//! Checks of a syntactically valid [`Test`] that need the whole file: branch labels exist and are
//! unique per thread, thread numbers in the init block and the condition name declared threads,
//! aliases and copies name locations declared before them.

use crate::ast::*;
use rustc_hash::FxHashSet;
use tilec_ir::{Diagnostic, Diagnostics, FileId, Loc};

/// Adds an error to `diags` for each problem of `test`.
pub fn check(test: &Test, _file: FileId, diags: &mut Diagnostics) {
    let n = test.threads.len();
    let mut declared: FxHashSet<&str> = FxHashSet::default();
    for item in &test.init {
        match item {
            InitItem::Location { name, .. } => {
                declared.insert(name);
            }
            InitItem::Register { thread, loc, .. } => thread_exists(*thread, n, *loc, diags),
            InitItem::Copy {
                name,
                from: target,
                loc,
                ..
            }
            | InitItem::Alias {
                name, target, loc, ..
            } => {
                if !declared.contains(target.as_str()) {
                    diags.push(Diagnostic::error(
                        *loc,
                        format!("'{name}' refers to '{target}', which is not declared before it"),
                    ));
                }
                declared.insert(name);
            }
        }
    }
    for t in &test.threads {
        labels(t, diags);
    }
    let conds = test
        .filter
        .iter()
        .chain(std::iter::once(&test.assertion.cond));
    for c in conds {
        cond_threads(c, n, diags);
    }
    crate::check_ext::check(test, diags);
}

fn thread_exists(t: usize, n: usize, loc: Loc, diags: &mut Diagnostics) {
    if t >= n {
        diags.push(Diagnostic::error(
            loc,
            format!(
                "thread P{t} is not declared (the test has {n} thread{})",
                if n == 1 { "" } else { "s" }
            ),
        ));
    }
}

fn cond_threads(c: &Cond, n: usize, diags: &mut Diagnostics) {
    match c {
        Cond::Cmp { lhs, rhs, loc, .. } => {
            for v in [lhs, rhs] {
                if let CondValue::Reg(t, _) = v {
                    thread_exists(*t, n, *loc, diags);
                }
            }
        }
        Cond::Not(a) => cond_threads(a, n, diags),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_threads(a, n, diags);
            cond_threads(b, n, diags);
        }
    }
}

fn labels(t: &Thread, diags: &mut Diagnostics) {
    let mut defined: FxHashSet<&str> = FxHashSet::default();
    for i in &t.code {
        if let InstrKind::Label(l) = &i.kind {
            if !defined.insert(l) {
                diags.push(Diagnostic::error(
                    i.loc,
                    format!("label '{l}' is defined twice in this thread"),
                ));
            }
        }
    }
    for i in &t.code {
        if let InstrKind::Branch { label, .. } | InstrKind::Goto(label) = &i.kind {
            if !defined.contains(label.as_str()) {
                diags.push(Diagnostic::error(
                    i.loc,
                    format!("label '{label}' is not defined in this thread"),
                ));
            }
        }
    }
}
