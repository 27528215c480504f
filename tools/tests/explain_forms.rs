//! `--explain-fences` names what the PTX says: over the whole corpus (the files
//! `tile-fence-report` compiles, each with its own flags), every PTX form a remark quotes occurs
//! verbatim as the opcode of an instruction line of that file's PTX — the optimized PTX for the
//! form an op has now, the `--no-weakest-fence` PTX for what an op was before a rewrite (`was
//! '…'`, `which was '…'`) and for what the pass removed (`removed '…'`).

use std::collections::BTreeSet;
use std::path::PathBuf;
use tilec::{compile, Options};
use tilec_dialects::ptx::form::PtxForm;
use tilec_ir::Severity;
use tilec_passes::cost::line_opcode;
use tilec_tools::corpus::{flags, walk};

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

#[test]
fn every_form_explain_names_is_in_the_ptx() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    walk(&root.join("testdata"), &mut files);
    files.sort();
    let (mut compiled, mut named, mut found) = (0, 0, 0);
    let mut missing = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        if text.contains("expected-error") {
            continue;
        }
        let fl = flags(&text);
        let Ok(target) = tilec_tools::cli::target(&fl.target, fl.ptx_isa.as_deref()) else {
            continue;
        };
        let opts = |weakest_fence| Options {
            target,
            verify_races: fl.verify_races,
            weakest_fence,
            explain_fences: weakest_fence,
            verify_each: false,
            ..Options::default()
        };
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
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
