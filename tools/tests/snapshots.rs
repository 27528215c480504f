//! insta snapshots of every stage of every example kernel (testdata/examples/*.mlir): the
//! generic IR after each lowering and the final PTX. Review changes with `cargo insta review`.

use tilec::{compile, Emit, Options};

/// Examples that verify-races rejects today, with the checks it reports: the loop examples of
/// issue 13, written as test vehicles for the loop-aware checker. Check 8: an mbarrier object is
/// an allocation and an exact affine offset, so the slot barrier `gep(full, i & 3)` of the ring
/// loop is not the `gep(full, j)` the init loop initialized (nor any constant offset). Check 1:
/// the producer's and the consumers' `gep(full, …)` are different values, so the copy's
/// completion and the wait are not one edge (and the prologue's copies are on `gep(full, j)`).
/// These are snapshotted as written (compiled with verify-races off: the conservative form).
/// When the checker accepts one, this test fails: take it off the list.
const REJECTED: &[(&str, &[u32])] = &[
    ("bulk_copy_ring", &[1, 8]),
    ("cluster_pull_ring", &[8]),
    ("cluster_push_ring", &[8]),
    ("tma_pipeline", &[1, 8]),
];

/// The checks (`check N (…)`) named in a failed compilation's diagnostics, sorted, each once.
fn checks_named(diags: &str) -> Vec<u32> {
    let mut found: Vec<u32> = diags
        .match_indices("check ")
        .filter_map(|(at, _)| {
            let rest = &diags[at + "check ".len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            rest[digits.len()..]
                .starts_with(" (")
                .then(|| digits.parse().ok())
                .flatten()
        })
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

const STAGES: &[(&str, Emit)] = &[
    ("cuda_tile", Emit::CudaTile),
    ("nv_tileaa", Emit::NvTileaa),
    ("nv_tileas", Emit::NvTileas),
    ("ptx-ir", Emit::PtxIr),
    ("ptx", Emit::Ptx),
];

#[test]
fn every_stage_of_every_example() {
    insta::glob!("../../testdata/examples", "*.mlir", |path| {
        let text = std::fs::read_to_string(path).expect("example is readable");
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("example");
        let stem = path
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or("example");
        let rejected = REJECTED.iter().find(|r| r.0 == stem).map(|r| r.1);
        if let Some(checks) = rejected {
            let opts = Options {
                verify_each: true,
                ..Options::default()
            };
            match compile(&text, name, &opts) {
                Ok(_) => panic!("verify-races accepts {name} now: take it off REJECTED"),
                Err(f) => {
                    let diags = format!("{:?}", f.diags);
                    assert_eq!(checks_named(&diags), *checks, "{name}: {diags}");
                }
            }
        }
        for &(stage, emit) in STAGES {
            let opts = Options {
                emit,
                verify_each: true,
                verify_races: rejected.is_none(),
                ..Options::default()
            };
            let out = match compile(&text, name, &opts) {
                Ok(o) => o.text,
                Err(f) => panic!("{name} fails at --emit {stage}: {:?}", f.diags),
            };
            insta::with_settings!({
                snapshot_path => "../../testdata/examples/snapshots",
                prepend_module_to_snapshot => false,
                snapshot_suffix => format!("{stem}.{stage}"),
                omit_expression => true,
            }, {
                insta::assert_snapshot!(out);
            });
        }
    });
}
