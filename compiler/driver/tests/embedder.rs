//! What an embedder sees: every type of the public signatures of `tilec` is named from `tilec`
//! itself (no dependency on tilec-ir, tilec-dialects or tilec-passes needed). Each binding
//! below is annotated with the re-exported type, so a signature that used a type `tilec` does
//! not re-export would not compile.

use std::time::Duration;

const FLAG: &str = r#"
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %t1 = "cuda_tile.fence_tko"(%t0) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (!cuda_tile.token) -> !cuda_tile.token
    %old, %t = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1) {kind = #mem.rmw<add>,
        mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "bump"} : () -> ()
}) : () -> ()
"#;

#[test]
fn every_type_of_the_public_api_is_named_from_tilec() {
    let opts: tilec::Options = tilec::Options {
        fence_decisions: true,
        keep_stages: true,
        ..tilec::Options::default()
    };
    let target: tilec::Target = opts.target;
    let _: tilec::ArchVariant = target.variant;
    let isa: Option<tilec::PtxIsa> = target.ptx_isa;
    assert!(isa.is_none(), "no ceiling by default");
    let emit: tilec::Emit = opts.emit;
    assert_eq!(emit, tilec::Emit::Ptx);
    let pipeline: tilec::Pipeline = tilec::Pipeline::new(&opts);
    let passes: &[tilec::PassId] = pipeline.passes();
    assert_eq!(passes.first(), Some(&tilec::PassId::VerifyMemLegality));

    let out: tilec::Output = pipeline.compile(FLAG, "flag.mlir").expect("compiles");
    let report: &tilec::PipelineReport = &out.report;
    let timings: &[(tilec::Step, Duration)] = &report.timings;
    assert_eq!(timings[0].0, tilec::Step::Parse);
    assert!(report.stage(tilec::Emit::Ptx).is_some());
    let decisions: &[tilec::FenceDecision] = &report.fence_decisions;
    let fence = decisions
        .iter()
        .find(|d| d.op == "fence")
        .expect("the fence");
    let outcome: &tilec::FenceOutcome = &fence.outcome;
    let rules: &[tilec::FenceRule] = match outcome {
        tilec::FenceOutcome::Removed { rules } => rules,
        other => panic!("the fence is not removed: {other:?}"),
    };
    assert!(!rules.is_empty());
    let before: &[tilec::PtxForm] = &fence.before;
    assert!(!before.is_empty());
    let class: Option<tilec::CostClass> = fence.class_before();
    assert_eq!(class, Some(tilec::CostClass::Gpu));
    let covers: &[tilec::CoveredHandoff] = &fence.covers;
    assert!(covers.is_empty(), "a removed op covers nothing");
    let _: Option<tilec::KeptReason> = None;
    let at: tilec::Loc = fence.loc;
    let file: tilec::FileId = at.file;
    assert_eq!(out.sources().name(file), "flag.mlir");
    let tests: &tilec::litmus::Tests = &out.litmus;
    assert!(tests.files.is_empty());

    let bad = FLAG.replace("#mem.sem<release>", "#mem.sem<weak>");
    let err: tilec::Error = tilec::compile(&bad, "flag.mlir", &opts).expect_err("weak atomic");
    let diags: &tilec::Diagnostics = &err.diags;
    let d: &tilec::Diagnostic = &diags.0[0];
    let code: tilec::DiagCode = d.code;
    let severity: tilec::Severity = d.severity;
    let op: Option<tilec::Op> = d.op;
    assert_eq!(
        (code, severity),
        (tilec::DiagCode::LegalitySemantic, tilec::Severity::Error)
    );
    assert!(op.is_some());
    let sources: &tilec::SourceMap = err.sources();
    assert_eq!(sources.name(d.loc.file), "flag.mlir");
    let dialect: Option<tilec::Dialect> = tilec::Dialect::of_op("cuda_tile.entry");
    assert_eq!(dialect, Some(tilec::Dialect::CudaTile));

    let cut: Result<tilec::Pipeline, tilec::NotInPipeline> =
        tilec::Pipeline::new(&tilec::Options {
            emit: tilec::Emit::CudaTile,
            ..opts.clone()
        })
        .remove(tilec::PassId::VerifyRaces);
    assert_eq!(
        cut.unwrap_err(),
        tilec::NotInPipeline(tilec::PassId::VerifyRaces)
    );

    let mut m: tilec::Module = tilec::Module::new();
    let empty = tilec::compile_module(&mut m, &opts).expect_err("nothing to compile");
    let codes: Vec<tilec::DiagCode> = empty.errors().map(|d| d.code).collect();
    assert_eq!(codes, [tilec::DiagCode::InputNoKernel]);
    assert_eq!(
        empty.render(),
        "<unknown>: error: the input has no kernel (a cuda_tile entry, or an nv_tileaa/nv_tileas/ptx kernel op): nothing to compile\n"
    );
}
