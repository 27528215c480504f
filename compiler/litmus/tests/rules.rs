//! weakest-fence's rewrite rules checked against the PTX memory model (docs/litmus.md, "Rule
//! checking"). Each rule instance is a pair of litmus skeletons under testdata/litmus/rules/: a
//! `…-before` form (the sync as the lowering writes it) and an `…-after` form (what the rule makes
//! of it), loops unrolled to the iterations the rule reasons about. A rewrite is sound on the
//! skeleton iff every outcome the after form allows is one the before form allows, projected on
//! what the condition observes: `outcomes(after) ⊆ outcomes(before)`. A file named
//! `…-UNSOUND-…-after` is a wrong variant of a rule (a scope narrowed one level too far, a proxy
//! fence dropped, …), and the check must catch it: some outcome of it is not one of the before
//! form's. The MICRO'24 ScopeAdvice narrowings (Dat3M's `Manual/MICRO24-Fig4{a,b}`) are checked the
//! same way against their `-correct` forms.
//!
//! The after form names its before form in its comment (`Compare with: NAME`); without one, the
//! before form is the file name with `after` replaced by `before`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tilec_ir::SourceMap;
use tilec_litmus::ast::{Cond, CondValue};
use tilec_litmus::{decide, outcomes, parse_test, Model, Options, Outcome, Test, Verdict};

/// The model the rules are checked under: the PTX model with tilec's extensions.
const MODEL: Model = Model::Tilec;
/// Loop bound (the skeletons are unrolled already).
const BOUND: usize = 1;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/litmus")
}

fn load(path: &Path) -> Test {
    let mut sources = SourceMap::new();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = sources.add(path.display().to_string(), text);
    parse_test(&sources, file).unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// A register or a location the condition reads.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Reg(usize, String),
    Loc(String),
}

fn keys(c: &Cond, out: &mut BTreeSet<Key>) {
    c.visit_values(&mut |v| match v {
        CondValue::Reg(t, r) => {
            out.insert(Key::Reg(*t, r.clone()));
        }
        CondValue::Loc(l) => {
            out.insert(Key::Loc(l.clone()));
        }
        CondValue::Const(_) => {}
    });
}

/// An outcome restricted to `keys` (a key the outcome lacks reads as `None`).
fn project(o: &Outcome, keys: &BTreeSet<Key>) -> Vec<Option<i64>> {
    keys.iter()
        .map(|k| match k {
            Key::Reg(t, r) => o.regs.get(&(*t, r.clone())).copied(),
            Key::Loc(l) => o.mem.get(l).copied(),
        })
        .collect()
}

/// What the after form allows that the before form does not. When the two conditions observe the
/// same registers and locations: the projected outcomes of the after form missing from the before
/// form's. When a rule changes what is observed (R9 turns a whole-CTA spin into one elected poll,
/// so a spin's register is gone), the weak outcome itself: the after form's condition reachable
/// and the before form's not (comparing projected outcomes would count the before form's
/// executions whose spin has not exited yet).
fn new_outcomes(before: &Test, after: &Test) -> Vec<String> {
    let (mut kb, mut ka) = (BTreeSet::new(), BTreeSet::new());
    keys(&before.assertion.cond, &mut kb);
    keys(&after.assertion.cond, &mut ka);
    if kb != ka {
        let reach = |t: &Test| decide(t, MODEL, &Options::default()).verdict == Verdict::Pass;
        return if reach(after) && !reach(before) {
            vec!["the after form reaches its condition, the before form does not".into()]
        } else {
            Vec::new()
        };
    }
    let allowed: BTreeSet<_> = outcomes(before, MODEL, BOUND)
        .iter()
        .map(|o| project(o, &kb))
        .collect();
    let extra: BTreeSet<_> = outcomes(after, MODEL, BOUND)
        .iter()
        .map(|o| project(o, &kb))
        .filter(|o| !allowed.contains(o))
        .collect();
    let names: Vec<String> = kb.iter().map(|k| format!("{k:?}")).collect();
    extra
        .into_iter()
        .map(|o| format!("{}: {o:?}", names.join(" ")))
        .collect()
}

/// The before form an after form is compared with.
fn before_of(after: &Path, test: &Test) -> PathBuf {
    let named = test.comments.iter().find_map(|c| {
        let rest = &c[c.find("Compare with: ")? + "Compare with: ".len()..];
        let name: String = rest
            .chars()
            .take_while(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_'))
            .collect();
        Some(name)
    });
    let stem = after.file_stem().unwrap().to_string_lossy().to_string();
    let name = named.unwrap_or_else(|| stem.replacen("after", "before", 1));
    after.with_file_name(format!("{name}.litmus"))
}

/// Checks every after form of `dir` (and the pairs in `extra`), printing a line per pair; returns
/// the failures.
fn check_pairs(pairs: &[(PathBuf, PathBuf)]) -> Vec<String> {
    let mut failures = Vec::new();
    for (before_path, after_path) in pairs {
        let (before, after) = (load(before_path), load(after_path));
        let unsound_expected = after.name.contains("UNSOUND") || after.name.contains("MICRO24");
        let extra = new_outcomes(&before, &after);
        let verdict = if extra.is_empty() { "sound" } else { "unsound" };
        println!("{:40} vs {:32} {verdict}", after.name, before.name);
        if extra.is_empty() == unsound_expected {
            failures.push(format!(
                "{} against {}: expected {}, the model says {verdict} (new outcomes: {extra:?})",
                after.name,
                before.name,
                if unsound_expected { "unsound" } else { "sound" }
            ));
        }
    }
    failures
}

#[test]
fn every_rule_is_sound_and_every_wrong_variant_is_caught() {
    let dir = root().join("rules");
    let mut pairs = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    files.sort();
    for after in files
        .iter()
        .filter(|p| p.to_string_lossy().contains("after"))
    {
        pairs.push((before_of(after, &load(after)), after.clone()));
    }
    let micro = root().join("dat3m/litmus/PTX/Manual");
    for fig in ["MICRO24-Fig4a", "MICRO24-Fig4b"] {
        let correct = micro.join(format!("{fig}-correct.litmus"));
        let correct = if correct.exists() {
            correct
        } else {
            dir.join(format!("{fig}-correct.litmus"))
        };
        pairs.push((correct, micro.join(format!("{fig}.litmus"))));
    }
    let unsound = pairs
        .iter()
        .filter(|(_, a)| a.to_string_lossy().contains("UNSOUND"))
        .count();
    let failures = check_pairs(&pairs);
    println!(
        "{} pairs ({unsound} wrong variants + 2 MICRO'24 narrowings), {} disagree",
        pairs.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(unsound >= 10, "too few wrong variants: {unsound}");
}
