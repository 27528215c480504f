//! ptxas for the tests that assemble tilec's output (`tests/ptxas_corpus.rs`,
//! `tests/generated.rs`): where it is, and whether it accepts a PTX text. ptxas needs no GPU;
//! `.ci/run` installs it from the pinned `nvidia-cuda-nvcc` wheel.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `$TILEC_PTXAS`, else `ptxas` on `PATH`.
pub fn find() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TILEC_PTXAS") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("ptxas"))
        .find(|p| p.is_file())
}

/// ptxas's complaint about `ptx`, or None when it assembles it for `arch`. The PTX is written
/// to `dir/<name>.ptx` (slashes and dots of `name` made underscores) and stays there; the cubin
/// goes to `dir/<name>.cubin`.
pub fn assemble(ptxas: &Path, dir: &Path, name: &str, arch: &str, ptx: &str) -> Option<String> {
    let stem = name.replace(['/', '.'], "_");
    let file = dir.join(format!("{stem}.ptx"));
    if let Err(e) = std::fs::write(&file, ptx) {
        return Some(format!("cannot write {}: {e}", file.display()));
    }
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(&file)
        .arg("-o")
        .arg(dir.join(format!("{stem}.cubin")))
        .output();
    match out {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(String::from_utf8_lossy(&o.stderr).into_owned()),
        Err(e) => Some(format!("cannot run {}: {e}", ptxas.display())),
    }
}
