//! examples/cuda-link: tilec's `--emit llvm --device-functions` output linked with CUDA C++
//! device code (clang, llvm-link, opt, llc) into one PTX module that ptxas accepts, with tilec's
//! body inlined into the C++ kernel and its (semantic, scope) pair intact (docs/llvm-bridge.md).
//! The launch itself is on the GPU machine (host.cu). Skipped, visibly, without the `llvm`
//! feature, LLVM 22's clang/llvm-link/opt/llc, or ptxas.

use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn tilec_llvm_ir_links_with_cuda_cxx() {
    let llvm = PathBuf::from(
        std::env::var_os("LLVM22_BIN").unwrap_or_else(|| "/usr/lib/llvm-22/bin".into()),
    );
    let missing: Vec<&str> = ["clang", "llvm-link", "opt", "llc"]
        .into_iter()
        .filter(|t| !llvm.join(t).is_file())
        .collect();
    let ptxas = tilec_tools::ptxas::find();
    if !tilec::HAS_LLVM || !missing.is_empty() || ptxas.is_none() {
        tilec_tools::announce_skip(&format!(
            "tilec_llvm_ir_links_with_cuda_cxx: needs the `llvm` feature ({}), LLVM 22's {:?} \
             and ptxas ({})",
            tilec::HAS_LLVM,
            missing,
            ptxas.is_some()
        ));
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let tilec = PathBuf::from(env!("CARGO_BIN_EXE_tilec"));
    let ptxas = ptxas.unwrap_or_default();
    let old_path = std::env::var_os("PATH").unwrap_or_default();
    let path = [tilec.parent(), ptxas.parent()]
        .into_iter()
        .flatten()
        .map(Path::to_path_buf)
        .chain(std::env::split_paths(&old_path));
    let out = std::env::temp_dir().join(format!("tilec-cuda-link-{}", std::process::id()));
    let run = Command::new("bash")
        .arg(root.join("examples/cuda-link/build.sh"))
        .arg(&out)
        .env("PATH", std::env::join_paths(path).expect("a PATH"))
        .env("LLVM22_BIN", &llvm)
        .output()
        .expect("bash runs");
    assert!(
        run.status.success(),
        "examples/cuda-link/build.sh failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let ptx = std::fs::read_to_string(out.join("linked.ptx")).expect("linked.ptx");
    let _ = std::fs::remove_dir_all(&out);
    // The C++ kernel, with tilec's body inlined: its release atomic and both CTA barriers.
    let kernel = ptx
        .split(".visible .entry publish_then_read(")
        .nth(1)
        .and_then(|k| k.split(".visible .func").next())
        .expect("the C++ kernel in the linked PTX");
    assert!(
        !kernel.contains("call"),
        "tilec's body is not inlined:\n{kernel}"
    );
    assert_eq!(
        kernel.matches("atom.release.gpu.global.add.u32").count(),
        1,
        "{kernel}"
    );
    assert_eq!(kernel.matches("bar.sync").count(), 2, "{kernel}");
    assert!(kernel.contains("st.global.f32"), "{kernel}");
}
