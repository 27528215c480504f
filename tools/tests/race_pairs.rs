//! verify-races' pair enumeration (passes/src/verify/races/pairs.rs) leaves out only pairs the
//! full test skips: for every kernel of the corpus, lowered to nv_tileas, and for the generated
//! benchmark kernels, every pair of accesses that the checker's per-pair test reports is among
//! the candidates (`missed_pairs` compares the two over all pairs).

use std::path::Path;
use tilec::{compile_module, Emit, Options};
use tilec_tools::pipeline_bench::{generate, Kind};

/// The nv_tileas module of `text`, when it lowers.
fn lowered(text: &str) -> Option<tilec_ir::Module> {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let mut sources = tilec_ir::SourceMap::new();
    let f = sources.add("t.mlir".to_string(), text.to_string());
    let mut m = tilec_ir::text::parse_module_with(sources.text(f), f, syntaxes).ok()?;
    let opts = Options {
        emit: Emit::NvTileas,
        verify_races: false,
        ..Default::default()
    };
    compile_module(&mut m, &opts, Default::default()).ok()?;
    Some(m)
}

fn check(name: &str, text: &str, bad: &mut Vec<String>) -> bool {
    let Some(m) = lowered(text) else {
        return false;
    };
    for miss in tilec_passes::verify::races::missed_pairs(&m) {
        bad.push(format!("{name}: {miss}"));
    }
    true
}

#[test]
fn the_candidate_pairs_hold_every_pair_the_checker_reports() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    tilec_tools::corpus::walk(&root.join("testdata"), &mut files);
    files.sort();
    let (mut bad, mut checked) = (Vec::new(), 0);
    for p in &files {
        let Ok(text) = std::fs::read_to_string(p) else {
            continue; // a parser test of invalid UTF-8
        };
        checked += usize::from(check(&p.display().to_string(), &text, &mut bad));
    }
    for kind in Kind::ALL {
        assert!(check(kind.name(), &generate(kind, 300), &mut bad));
    }
    assert!(checked > 200, "only {checked} corpus files lowered");
    assert!(bad.is_empty(), "pairs left out:\n{}", bad.join("\n"));
}
