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

/// The synchronization instructions of a PTX text with their qualifiers, counted: what two
/// compilers of one module must agree on (tests/nvvm_mlir.rs and tests/llvm_backend.rs compare
/// tilec's PTX with the LLVM path's). A guarded instruction (`@%p1 atom…`) counts as the
/// instruction. The data type of a strong `ld`/`st` counts as its size only (`.u32`, `.s32`,
/// `.f32` and LLVM's `.b32` are one `.b32`): the type says nothing about ordering.
pub fn sync_lines(ptx: &str) -> std::collections::BTreeMap<String, usize> {
    const SYNC: &[&str] = &[
        "fence",
        "membar",
        "atom",
        "red",
        "bar.",
        "barrier",
        "mbarrier",
        "ld.acquire",
        "ld.relaxed",
        "st.release",
        "st.relaxed",
        "cp.async",
        "wgmma.fence",
        "wgmma.commit",
        "wgmma.wait",
        "st.async",
        "red.async",
    ];
    let mut out = std::collections::BTreeMap::new();
    for line in ptx.lines() {
        let mut words = line.split_whitespace().skip_while(|w| w.starts_with('@'));
        let Some(word) = words.next() else {
            continue;
        };
        if SYNC.iter().any(|s| word.starts_with(s)) {
            *out.entry(access_size_only(word)).or_insert(0) += 1;
        }
    }
    out
}

/// `ld.acquire.gpu.global.u32` → `ld.acquire.gpu.global.b32` (strong ld/st only).
fn access_size_only(word: &str) -> String {
    if word.starts_with("ld.") || word.starts_with("st.") && !word.starts_with("st.async") {
        if let Some((head, ty)) = word.rsplit_once('.') {
            let bits = ty.get(1..).filter(|b| b.parse::<u32>().is_ok());
            if let (Some(b'u' | b's' | b'f' | b'b'), Some(bits)) = (ty.bytes().next(), bits) {
                return format!("{head}.b{bits}");
            }
        }
    }
    word.to_string()
}
