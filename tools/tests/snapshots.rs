//! insta snapshots of every stage of every example kernel (testdata/examples/*.mlir): the
//! generic IR after each lowering and the final PTX, all from one compile per example
//! (`Options::keep_stages`). Review changes with `cargo insta review`.

use tilec::{compile, Emit, Options};

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
        let opts = Options {
            emit: Emit::Ptx,
            verify_each: true,
            keep_stages: true,
            ..Options::default()
        };
        let out = match compile(&text, name, &opts) {
            Ok(o) => o,
            Err(e) => panic!("{name} does not compile:\n{e}"),
        };
        let stages: Vec<Emit> = out.report.stages.iter().map(|s| s.0).collect();
        assert_eq!(stages, Emit::STAGES, "{name}: one text per stage");
        for (emit, stage_text) in &out.report.stages {
            insta::with_settings!({
                snapshot_path => "../../testdata/examples/snapshots",
                prepend_module_to_snapshot => false,
                snapshot_suffix => format!("{stem}.{}", emit.as_str()),
                omit_expression => true,
            }, {
                insta::assert_snapshot!(stage_text);
            });
        }
    });
}
