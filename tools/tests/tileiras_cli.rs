//! `tilec-tileiras` answers cuTile Python's calls (docs/cutile.md): `--version`, a compile of a
//! cuTile export to a cubin (with ptxas; skipped, and said so, without one), and an error cuTile
//! shows (`error: … (at FILE:LINE:COL)` first, the kernel's Python line when the bytecode
//! names it; exit 1).

use std::path::PathBuf;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tilec-tileiras"))
}

fn testdata(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata")
        .join(rel)
}

#[test]
fn version_and_versions() {
    let out = bin().arg("--version").output().expect("runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("13.4"));
    let out = bin().arg("--list-versions").output().expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "13.1\n13.2\n13.3\n13.4\n"
    );
}

#[test]
fn a_cutile_export_compiles_to_a_cubin() {
    let Some(ptxas) = tilec_tools::ptxas::find() else {
        tilec_tools::announce_skip(
            "a_cutile_export_compiles_to_a_cubin: no ptxas (TILEC_PTXAS or PATH)",
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("tilec-tileiras-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let cubin = dir.join("vector_add.cubin");
    let out = bin()
        .env("TILEC_PTXAS", &ptxas)
        .arg(testdata("bytecode/vector_add.tilebc"))
        .args([
            "-o",
            cubin.to_str().expect("utf-8"),
            "--gpu-name",
            "sm_90",
            "-O3",
            "--lineinfo",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&cubin).expect("the cubin");
    assert_eq!(&bytes[..4], b"\x7fELF");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first line tilec-tileiras writes to stderr compiling `rel` (exit status 1).
fn first_error_line(rel: &str) -> String {
    let out = bin()
        .arg(testdata(rel))
        .args(["-o", "/dev/null", "--gpu-name", "sm_90"])
        .env_remove("TILEC_NO_VERIFY_RACES")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines().next().unwrap_or("").to_string()
}

#[test]
fn what_tilec_cannot_compile_is_a_message_cutile_shows() {
    let first = first_error_line("bytecode/fuzz/empty-partition-tile.tilebc");
    assert!(
        first.starts_with("error: a partition view with a 0-d tile"),
        "{first}"
    );
    // A kernel whose bytecode has debug info: the message names its Python line (verify-races
    // cannot prove this ping-pong, testdata/cutile/README.md).
    let first = first_error_line("cutile/ping_pong.tilebc");
    assert!(
        first.starts_with("error: check 1") && first.ends_with("ping_pong.py:32:12)"),
        "{first}"
    );
    let out = bin()
        .args(["x.tilebc", "--preview=foo"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
