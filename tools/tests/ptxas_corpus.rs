//! ptxas accepts every PTX the corpus compiles to (issue 14): each corpus file that is no
//! diagnostic test (`tilec_tools::corpus::cases`, with the target and flags of its first `tilec`
//! RUN line) is compiled by default and with `--no-weakest-fence`, and both PTX files are
//! assembled with `ptxas -arch=<target>`. ptxas needs no GPU: `.ci/run` installs it from the
//! pinned `nvidia-cuda-nvcc` wheel. Where neither `$TILEC_PTXAS` nor `ptxas` on `PATH` names
//! one, the test says so on stderr and checks nothing.

use std::path::PathBuf;
use tilec::{compile, Options};
use tilec_tools::corpus::cases;
use tilec_tools::ptxas::{assemble, find as ptxas};

#[test]
fn ptxas_accepts_every_corpus_ptx() {
    let Some(ptxas) = ptxas() else {
        tilec_tools::announce_skip(
            "ptxas_accepts_every_corpus_ptx: no ptxas (set TILEC_PTXAS or put the \
             nvidia-cuda-nvcc wheel's bin/ on PATH; .ci/run does)",
        );
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = std::env::temp_dir().join(format!("tilec-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (mut assembled, mut failures) = (0, Vec::new());
    for c in cases(&root) {
        for weakest_fence in [true, false] {
            let opts = Options {
                target: c.target,
                verify_races: c.flags.verify_races,
                weakest_fence,
                ..Options::default()
            };
            let Ok(out) = compile(&c.text, &c.name, &opts) else {
                continue;
            };
            assembled += 1;
            if let Some(why) = assemble(&ptxas, &dir, &c.name, &c.flags.target, &out.text) {
                failures.push(format!(
                    "{} (weakest-fence {weakest_fence}):\n{why}",
                    c.name
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "ptxas ({}) accepted {} of {assembled} PTX files",
        ptxas.display(),
        assembled - failures.len()
    );
    assert!(assembled > 200, "only {assembled} PTX files compiled");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
