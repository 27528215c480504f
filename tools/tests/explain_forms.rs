//! `--explain-fences` names what the PTX says: over the whole corpus (the files
//! `tile-fence-report` compiles, each with its own flags), every PTX form a remark quotes occurs
//! verbatim as the opcode of an instruction line of that file's PTX — the optimized PTX for the
//! form an op has now, the `--no-weakest-fence` PTX for what an op was before a rewrite (`was
//! '…'`, `which was '…'`) and for what the pass removed (`removed '…'`). And the forms an
//! nv_tileas kernel is named by (`ptx::form::lowered`) are exactly the forms of the ptx ops
//! `lower-as-to-ptx` makes of it.

use std::collections::BTreeSet;
use std::path::PathBuf;
use tilec::{compile, Emit, Options};
use tilec_dialects::ptx::form::{split_fences, PtxForm};
use tilec_dialects::target::Target;
use tilec_ir::text::parse_module;
use tilec_ir::{Module, Severity, WalkControl};
use tilec_passes::cost::line_opcode;
use tilec_tools::corpus::cases;

/// The `'…'` quoted strings of `text` that are PTX forms (op names have no `.`).
fn quoted_forms(text: &str) -> Vec<&str> {
    text.split('\'')
        .skip(1)
        .step_by(2)
        .filter(|q| q.contains('.'))
        .collect()
}

/// The forms of one remark: those the optimized PTX must have, those the conservative one must.
fn split_remark(msg: &str) -> (Vec<&str>, Vec<&str>) {
    if msg.starts_with("removed") {
        return (Vec::new(), quoted_forms(msg));
    }
    // `'<now>' + '<now>' (<class>): …; was '<before>' …` — the head up to the class.
    let (head, rest) = msg.split_once(" (").unwrap_or((msg, ""));
    (quoted_forms(head), quoted_forms(rest))
}

fn opcodes(ptx: &str) -> BTreeSet<&str> {
    ptx.lines().filter_map(line_opcode).collect()
}

/// Each corpus file that is no diagnostic test: its name, text, target and options.
fn corpus() -> Vec<(String, String, Target, Options)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    cases(&root)
        .into_iter()
        .map(|c| {
            let opts = Options {
                target: c.target,
                verify_races: c.flags.verify_races,
                verify_each: false,
                ..Options::default()
            };
            (c.name, c.text, c.target, opts)
        })
        .collect()
}

#[test]
fn every_form_explain_names_is_in_the_ptx() {
    let (mut compiled, mut named, mut found) = (0, 0, 0);
    let mut missing = Vec::new();
    for (name, text, _, base) in corpus() {
        let opts = |weakest_fence| Options {
            weakest_fence,
            explain_fences: weakest_fence,
            ..base.clone()
        };
        let (Ok(after), Ok(before)) = (
            compile(&text, &name, &opts(true)),
            compile(&text, &name, &opts(false)),
        ) else {
            continue;
        };
        compiled += 1;
        let (now, was) = (opcodes(&after.text), opcodes(&before.text));
        for d in after
            .diags
            .0
            .iter()
            .filter(|d| d.severity == Severity::Remark)
        {
            let (heads, befores) = split_remark(&d.message);
            for (forms, ptx, which) in [(heads, &now, "optimized"), (befores, &was, "conservative")]
            {
                for form in forms {
                    named += 1;
                    assert!(
                        PtxForm::parse(form).is_some(),
                        "{name}: '{form}' is no PTX form tilec prints: {}",
                        d.message
                    );
                    if ptx.contains(form) {
                        found += 1;
                    } else {
                        missing.push(format!(
                            "{name}: '{form}' not in the {which} PTX: {}",
                            d.message
                        ));
                    }
                }
            }
        }
    }
    eprintln!("{compiled} files; {named} forms named, {found} found in the PTX");
    assert!(compiled > 100, "only {compiled} corpus files compiled");
    assert!(named > 500, "only {named} forms named");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Every op of `m`, pre-order.
fn ops(m: &Module) -> Vec<tilec_ir::Op> {
    let mut v = Vec::new();
    m.walk(&mut |op| {
        v.push(op);
        WalkControl::Continue
    });
    v
}

#[test]
fn the_lowered_forms_are_the_forms_of_the_lowering() {
    let mut kernels = 0;
    for (name, text, target, base) in corpus() {
        let emit = |emit| {
            compile(
                &text,
                &name,
                &Options {
                    emit,
                    ..base.clone()
                },
            )
        };
        let (Ok(tileas), Ok(ptx)) = (emit(Emit::NvTileas), emit(Emit::PtxIr)) else {
            continue;
        };
        let parse = |t: &str| {
            parse_module(t, Default::default()).unwrap_or_else(|e| panic!("{name}: {}", e.message))
        };
        let (tileas, ptx) = (parse(&tileas.text), parse(&ptx.text));
        let split = split_fences(&target);
        let mut want: Vec<PtxForm> = ops(&tileas)
            .into_iter()
            .flat_map(|o| match PtxForm::of(&tileas, o) {
                // An input already in the ptx dialect stays as it is.
                Some(f) => vec![f],
                None => tilec_passes::weakest_fence::forms::forms(&tileas, o, split),
            })
            .collect();
        let mut got: Vec<PtxForm> = ops(&ptx)
            .into_iter()
            .filter_map(|o| PtxForm::of(&ptx, o))
            .collect();
        want.sort();
        got.sort();
        let text = |v: &[PtxForm]| v.iter().map(|f| f.to_string()).collect::<Vec<_>>();
        assert_eq!(
            text(&want),
            text(&got),
            "{name}: lowered forms ≠ the lowering's"
        );
        assert_eq!(want, got, "{name}");
        kernels += 1;
    }
    assert!(kernels > 100, "only {kernels} files compared");
}
