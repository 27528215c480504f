//! `tilec --emit nvvm-mlir` over the corpus (docs/mlir-bridge.md).
//!
//! Every corpus case (`tilec_tools::corpus::cases`) is either written, or refused with a located
//! "does not write … yet" (never another error). Where LLVM 22's `mlir-translate` and `llc` and
//! ptxas are found, each written module goes through `mlir-translate --mlir-to-llvmir`, `llc
//! -march=nvptx64 -mcpu=<target>` (at -O0 and -O2) and ptxas, and the LLVM path's PTX holds
//! the synchronization instructions of tilec's own PTX, qualifiers included: all of them at -O0,
//! and at -O2 none that tilec did not print (LLVM may delete dead code): the (semantic, scope)
//! pair survives the trip through LLVM. Without those tools the test says so and checks only the
//! first part.

use std::path::{Path, PathBuf};
use std::process::Command;
use tilec::{compile, Emit, Options};
use tilec_tools::corpus::cases;
use tilec_tools::ptxas::{assemble, find as ptxas, sync_lines};

/// LLVM 22's tool `name`: `$TILEC_LLVM22_BIN/name`, `/usr/lib/llvm-22/bin/name`, or `name-22` on
/// `PATH`.
fn llvm_tool(name: &str) -> Option<PathBuf> {
    let dirs = std::env::var_os("TILEC_LLVM22_BIN")
        .map(PathBuf::from)
        .into_iter()
        .chain([PathBuf::from("/usr/lib/llvm-22/bin")]);
    for d in dirs {
        let p = d.join(name);
        if p.is_file() {
            return Some(p);
        }
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(format!("{name}-22")))
        .find(|p| p.is_file())
}

/// `args` run; its stderr when it fails.
fn run(tool: &Path, args: &[&str]) -> Option<String> {
    match Command::new(tool).args(args).output() {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(String::from_utf8_lossy(&o.stderr).into_owned()),
        Err(e) => Some(format!("cannot run {}: {e}", tool.display())),
    }
}

#[test]
fn nvvm_mlir_goes_through_llvm_with_its_sync_intact() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let tools = (llvm_tool("mlir-translate"), llvm_tool("llc"), ptxas());
    let chain = match &tools {
        (Some(t), Some(l), Some(p)) => Some((t.clone(), l.clone(), p.clone())),
        _ => {
            tilec_tools::announce_skip(
                "nvvm_mlir_goes_through_llvm_with_its_sync_intact: no LLVM 22 mlir-translate/llc \
                 or no ptxas: only the refusals are checked (README, \"Building with MLIR and LLVM\")",
            );
            None
        }
    };
    let dir = std::env::temp_dir().join(format!("tilec-nvvm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (mut written, mut refused, mut chained, mut failures) = (0, 0, 0, Vec::new());
    for c in cases(&root) {
        let opts = Options {
            target: c.target,
            verify_races: c.flags.verify_races,
            ..Options::default()
        };
        let Ok(ptx) = compile(&c.text, &c.name, &opts) else {
            continue;
        };
        let nv_opts = Options {
            emit: Emit::NvvmMlir,
            ..opts
        };
        let mlir = match compile(&c.text, &c.name, &nv_opts) {
            Ok(out) => out.text,
            Err(e) => {
                let text = e.render();
                if !text.contains("--emit nvvm-mlir does not write") {
                    failures.push(format!("{}: not a refusal:\n{text}", c.name));
                }
                refused += 1;
                continue;
            }
        };
        written += 1;
        let Some((translate, llc, ptxas)) = &chain else {
            continue;
        };
        let stem = dir.join(c.name.replace(['/', '.'], "_"));
        let (m, ll, out) = (
            stem.with_extension("mlir"),
            stem.with_extension("ll"),
            stem.with_extension("ptx"),
        );
        std::fs::write(&m, &mlir).expect("write the MLIR");
        let cpu = format!("-mcpu={}", c.flags.target);
        if let Some(e) = run(
            translate,
            &[
                "--mlir-to-llvmir",
                m.to_str().unwrap(),
                "-o",
                ll.to_str().unwrap(),
            ],
        ) {
            failures.push(format!("{}: mlir-translate: {e}", c.name));
            continue;
        }
        let ours = sync_lines(&ptx.text);
        // -O0 keeps every instruction: the same sync instructions. -O2 may delete dead ones (a
        // branch on a constant): never one tilec did not print, never more of one.
        for level in ["-O0", "-O2"] {
            let args = [
                "-march=nvptx64",
                &cpu,
                "-mattr=+ptx87",
                level,
                ll.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
            ];
            if let Some(e) = run(llc, &args) {
                failures.push(format!("{}: llc {level}: {e}", c.name));
                continue;
            }
            let llvm_ptx = std::fs::read_to_string(&out).unwrap_or_default();
            if let Some(why) = assemble(ptxas, &dir, &c.name, &c.flags.target, &llvm_ptx) {
                failures.push(format!(
                    "{}: ptxas rejects the LLVM path's PTX ({level}):\n{why}",
                    c.name
                ));
                continue;
            }
            let theirs = sync_lines(&llvm_ptx);
            let kept = if level == "-O0" {
                theirs == ours
            } else {
                theirs
                    .iter()
                    .all(|(k, n)| ours.get(k).is_some_and(|o| n <= o))
            };
            if !kept {
                failures.push(format!(
                    "{}: the sync instructions differ ({level})\n tilec: {ours:?}\n  LLVM: {theirs:?}",
                    c.name
                ));
            }
        }
        chained += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "--emit nvvm-mlir: {written} written ({chained} through mlir-translate, llc and ptxas), {refused} refused"
    );
    assert!(written > 100, "only {written} corpus cases written");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
