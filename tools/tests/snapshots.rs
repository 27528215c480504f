//! insta snapshots of every stage of every example kernel (testdata/examples/*.mlir): the
//! generic IR after each lowering and the final PTX. Review changes with `cargo insta review`.

use tilec::{compile, Emit, Options};

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
        for &(stage, emit) in STAGES {
            let opts = Options {
                emit,
                verify_each: true,
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
