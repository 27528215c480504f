//! `tilec --emit llvm` and `tilec --backend llvm` over the corpus (feature `llvm`;
//! docs/llvm-bridge.md).
//!
//! Every corpus case (`tilec_tools::corpus::cases`) is either written as LLVM IR, or refused
//! with the located "does not write … yet" of `--emit nvvm-mlir` (one lowering decides both).
//! Each written case is compiled to PTX by LLVM's NVPTX backend at -O0 and -O2; ptxas assembles
//! it (where ptxas is found), and it holds the synchronization instructions of tilec's own PTX,
//! qualifiers included: each as often at -O0; at -O2 no form that tilec did not print (the counts
//! may change: LLVM unrolls loops whose bounds its native integer arithmetic makes known, and
//! deletes dead code; it duplicates no convergent statement into divergent paths). Without the
//! `llvm` feature the test says so and checks nothing.

use std::path::PathBuf;
use tilec::{compile, Backend, Emit, Options};
use tilec_tools::corpus::cases;
use tilec_tools::ptxas::{assemble, find as ptxas, sync_lines};

#[test]
fn llvm_backend_keeps_the_sync_of_every_corpus_case() {
    if !tilec::HAS_LLVM {
        tilec_tools::announce_skip(
            "llvm_backend_keeps_the_sync_of_every_corpus_case: built without the `llvm` feature \
             (README, \"Building with MLIR and LLVM\")",
        );
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let ptxas = ptxas();
    if ptxas.is_none() {
        tilec_tools::announce_skip("llvm_backend: no ptxas: the LLVM path's PTX is not assembled");
    }
    let dir = std::env::temp_dir().join(format!("tilec-llvm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (mut written, mut refused, mut assembled, mut failures) = (0, 0, 0, Vec::new());
    let mut handoff_checked = 0;
    for c in cases(&root) {
        let opts = Options {
            target: c.target,
            verify_races: c.flags.verify_races,
            ..Options::default()
        };
        let Ok(ours) = compile(&c.text, &c.name, &opts) else {
            continue;
        };
        let ir = Options {
            emit: Emit::Llvm,
            ..opts.clone()
        };
        if let Err(e) = compile(&c.text, &c.name, &ir) {
            let text = e.render();
            if !text.contains("--emit llvm does not write") {
                failures.push(format!("{}: not a refusal:\n{text}", c.name));
            }
            refused += 1;
            continue;
        }
        written += 1;
        let ours = sync_lines(&ours.text);
        for level in [0, 2] {
            let llvm = Options {
                backend: Backend::Llvm,
                llvm_opt: level,
                ..opts.clone()
            };
            let theirs = match compile(&c.text, &c.name, &llvm) {
                Ok(out) => out.text,
                Err(e) => {
                    failures.push(format!("{} (-O{level}):\n{}", c.name, e.render()));
                    continue;
                }
            };
            if let Some(p) = &ptxas {
                let name = format!("{}-O{level}", c.name);
                if let Some(why) = assemble(p, &dir, &name, &c.flags.target, &theirs) {
                    failures.push(format!(
                        "{}: ptxas rejects LLVM's PTX (-O{level}):\n{why}",
                        c.name
                    ));
                    continue;
                }
                assembled += 1;
            }
            // The witness: the release at gpu scope of handoff_release survives LLVM
            // (its own atomicrmw would print a plain `atom.global.add`).
            if c.name.ends_with("examples/handoff_release.mlir") {
                handoff_checked += 1;
                if !theirs.contains("atom.release.gpu.global.add.u32") {
                    failures.push(format!("{}: no atom.release.gpu (-O{level})", c.name));
                }
            }
            let got = sync_lines(&theirs);
            let kept = if level == 0 {
                got == ours
            } else {
                got.keys().all(|k| ours.contains_key(k))
            };
            if !kept {
                failures.push(format!(
                    "{}: the sync instructions differ (-O{level})\n tilec: {ours:?}\n  LLVM: {got:?}",
                    c.name
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "--backend llvm: {written} written ({assembled} PTX files assembled), {refused} refused"
    );
    assert!(written > 100, "only {written} corpus cases written");
    assert_eq!(handoff_checked, 2, "handoff_release at -O0 and -O2");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
