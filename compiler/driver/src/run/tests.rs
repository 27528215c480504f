//! The driver's own behaviour around the pass pipeline: the note on a `verify-races` failure after
//! the optimization, in every configuration; the pipeline's edits; the stages of one compile.

use super::*;
use crate::{NotInPipeline, Options};
use tilec_ir::Op;

/// A shared-memory handoff through a barrier: verify-races accepts it; without the barrier it
/// is a race.
const HANDOFF: &str = r#"
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "handoff", num_threads = 128 : i32} : () -> ()
"#;

const BUG_NOTE: &str = "verify-races accepted this kernel before drop-barriers and fold-barriers rewrote it: this is a tilec bug";

/// A deliberately wrong optimization: removes every CTA barrier.
struct DropBarriers;

impl Pass<Cx> for DropBarriers {
    fn name(&self) -> &'static str {
        "drop-barriers"
    }
    fn run(&self, m: &mut Module, _cx: &Cx) -> Diagnostics {
        let mut bars: Vec<Op> = Vec::new();
        m.walk(&mut |o| {
            if m.op_name(o).as_str() == "nv_tileas.barrier" {
                bars.push(o);
            }
            tilec_ir::WalkControl::Continue
        });
        for b in bars {
            m.erase_op(b);
        }
        Diagnostics::new()
    }
}

fn parse(text: &str) -> Module {
    let mut sources = SourceMap::new();
    let f = sources.add("handoff.mlir", text);
    parse_module_with(text, f, tilec_dialects::syntax::syntaxes()).expect("the test input parses")
}

/// The default pipeline (no `--time-passes`) with `weakest-fence` replaced by [`DropBarriers`].
fn run_broken(text: &str) -> Result<Output, Error> {
    let opts = Options::default();
    assert!(!opts.time_passes);
    let p = Pipeline::new(&opts);
    let passes: Vec<&dyn Pass<Cx>> = p
        .passes()
        .iter()
        .map(|&id| match id {
            PassId::WeakestFence => &DropBarriers as &dyn Pass<Cx>,
            _ => id.pass() as &dyn Pass<Cx>,
        })
        .collect();
    let sources = Arc::new(SourceMap::new());
    p.run(
        &mut parse(text),
        &sources,
        None,
        passes,
        &Default::default(),
    )
}

fn notes(f: &Error) -> Vec<String> {
    f.diags
        .0
        .iter()
        .flat_map(|d| d.notes.iter().map(|n| n.1.clone()))
        .collect()
}

#[test]
fn a_race_after_the_optimization_is_reported_as_a_tilec_bug_without_time_passes() {
    let f = run_broken(HANDOFF).expect_err("the broken optimization makes a race");
    assert!(f.timings.is_empty(), "not timed");
    assert!(f.diags.has_errors());
    let notes = notes(&f);
    assert!(
        notes.iter().any(|n| n.starts_with(BUG_NOTE)),
        "no tilec-bug note in {notes:#?}"
    );
}

#[test]
fn a_race_in_the_input_is_not_reported_as_a_tilec_bug() {
    let racy = HANDOFF.replace(r#""nv_tileas.barrier"() {id = 0 : i32} : () -> ()"#, "");
    let f = run_broken(&racy).expect_err("the input has a race");
    assert!(f.diags.has_errors());
    assert!(notes(&f).iter().all(|n| !n.contains("tilec bug")));
}

#[test]
fn the_default_pipeline_accepts_the_handoff() {
    let out = crate::compile(HANDOFF, "handoff.mlir", &Options::default()).expect("compiles");
    assert!(out.text.contains("bar.sync 0;"));
}

#[test]
fn the_options_select_the_pipeline_tilec_runs() {
    use PassId::*;
    let with = |emit, verify_races, weakest_fence| {
        let opts = Options {
            emit,
            verify_races,
            weakest_fence,
            ..Options::default()
        };
        Pipeline::new(&opts).passes().to_vec()
    };
    let tileas = [
        VerifyMemLegality,
        LowerCudaTileToAa,
        VerifyMemLegality,
        LowerAaToAs,
    ];
    assert_eq!(with(Emit::CudaTile, true, true), [VerifyMemLegality]);
    assert_eq!(with(Emit::NvTileaa, true, true), tileas[..3]);
    assert_eq!(with(Emit::Litmus, true, true), tileas);
    let optimized = [
        &tileas[..],
        &[VerifyRaces, WeakestFence, FoldBarriers, VerifyRaces],
    ]
    .concat();
    assert_eq!(with(Emit::NvTileas, true, true), optimized);
    assert_eq!(
        with(Emit::Ptx, true, true),
        [&optimized[..], &[LowerAsToPtx]].concat()
    );
    assert_eq!(with(Emit::PtxIr, true, true), with(Emit::Ptx, true, true));
    assert_eq!(
        with(Emit::Ptx, true, false),
        [&tileas[..], &[VerifyRaces, LowerAsToPtx]].concat()
    );
    // weakest-fence needs the race checker: without it, neither runs.
    for wf in [true, false] {
        assert_eq!(
            with(Emit::Ptx, false, wf),
            [&tileas[..], &[LowerAsToPtx]].concat()
        );
    }
}

#[test]
fn pipeline_edits_name_passes_by_id() {
    use PassId::*;
    let p = Pipeline::new(&Options::default());
    let n = p.passes().len();
    let q = p
        .clone()
        .stop_after(VerifyRaces)
        .expect("runs verify-races");
    assert_eq!(q.passes(), &p.passes()[..5], "the first run");
    let q = p.clone().remove(VerifyRaces).expect("runs verify-races");
    assert_eq!(q.passes().len(), n - 2, "every run");
    let q = p
        .clone()
        .insert_after(LowerAaToAs, FoldBarriers)
        .expect("lowers");
    assert_eq!(q.passes()[4], FoldBarriers);
    let q = p
        .clone()
        .insert_before(LowerAaToAs, FoldBarriers)
        .expect("lowers");
    assert_eq!(q.passes()[3..5], [FoldBarriers, LowerAaToAs]);
    let base = Options {
        emit: Emit::CudaTile,
        ..Options::default()
    };
    let e = Pipeline::new(&base).remove(WeakestFence).unwrap_err();
    assert_eq!(e, NotInPipeline(WeakestFence));
    assert_eq!(e.to_string(), "the pipeline does not run 'weakest-fence'");
}

/// A pipeline stopped before the ptx dialect prints the IR it stopped at, not PTX.
#[test]
fn a_pipeline_stopped_early_prints_its_ir() {
    let p = Pipeline::new(&Options::default())
        .stop_after(PassId::LowerAaToAs)
        .expect("lowers");
    let out = p.compile(HANDOFF, "handoff.mlir").expect("compiles");
    assert!(out.text.contains("\"nv_tileas.kernel\"()"), "{}", out.text);
    assert_eq!(out.report.ran.last(), Some(&PassId::LowerAaToAs));
}

/// Every stage of one compile is what a compile stopping at that stage prints.
#[test]
fn one_compile_keeps_every_stage() {
    let opts = Options {
        keep_stages: true,
        ..Options::default()
    };
    let out = crate::compile(HANDOFF, "handoff.mlir", &opts).expect("compiles");
    let kept: Vec<Emit> = out.report.stages.iter().map(|s| s.0).collect();
    assert_eq!(kept, Emit::STAGES);
    for emit in Emit::STAGES {
        let alone = Options {
            emit,
            ..Options::default()
        };
        let text = crate::compile(HANDOFF, "handoff.mlir", &alone)
            .expect("compiles")
            .text;
        assert_eq!(out.report.stage(emit), Some(text.as_str()), "{emit:?}");
    }
}

/// The times are data, parse first and print-ptx last, one per pass run; `--time-passes`
/// renders them.
#[test]
fn timings_are_data() {
    let opts = Options {
        time_passes: true,
        ..Options::default()
    };
    let out = crate::compile(HANDOFF, "handoff.mlir", &opts).expect("compiles");
    let t = &out.report.timings;
    assert_eq!(t.first().map(|x| x.0), Some(Step::Parse));
    assert_eq!(t.last().map(|x| x.0), Some(Step::PrintPtx));
    let passes: Vec<PassId> = t
        .iter()
        .filter_map(|x| match x.0 {
            Step::Pass(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(passes, out.report.ran);
    assert_eq!(out.timings, out.report.render_timings());
    for (step, _) in t {
        assert!(out.timings.contains(&format!("  {}\n", step.name())));
    }
    let quiet = crate::compile(HANDOFF, "handoff.mlir", &Options::default()).expect("compiles");
    assert!(quiet.timings.is_empty() && !quiet.report.timings.is_empty());
}

/// An error renders on its own, with the source line and the error limit of the options.
#[test]
fn an_error_renders_with_its_sources() {
    let bad = r#""nv_tileas.barrier"() {id = 0 : i32} : () -> ()"#;
    let three = HANDOFF.replace(
        bad,
        &[r#""nv_tileas.barrier"() {id = 16 : i32} : () -> ()"#; 3].join("\n  "),
    );
    let opts = Options {
        error_limit: 1,
        ..Options::default()
    };
    let e = crate::compile(&three, "three.mlir", &opts).expect_err("bad barrier ids");
    assert_eq!(e.errors().count(), 3);
    assert!(e.errors().all(|d| d.code == DiagCode::VerifyOp));
    assert_eq!(e.report.failed_at, Some(PassId::VerifyMemLegality));
    let text = e.render();
    assert!(
        text.starts_with("three.mlir:9:3: error: 'barrier' attribute 'id' must be in 0..15"),
        "{text}"
    );
    assert!(
        text.contains("\n  \"nv_tileas.barrier\"() {id = 16 : i32}"),
        "{text}"
    );
    assert!(text.ends_with("2 more errors not shown (the limit is 1; --error-limit 0 shows all)\n"));
    assert_eq!(e.to_string(), text);
    assert!(e
        .render_with_codes()
        .contains("0..15, but it is 16 [verify.op]\n"));
}

/// A module built in Rust has no sources: its errors render with unknown locations.
#[test]
fn a_built_module_renders_with_unknown_locations() {
    use tilec_dialects::cuda_tile::builder::{KernelBuilder, TileType};
    let mut m = Module::new();
    let mut k = KernelBuilder::new(&mut m, "m", "k", &[TileType::ptr(TileType::I32)]);
    let (flag, one) = (k.param(0), k.constant_i32(&[], 1));
    let _ = k
        .atomic_rmw(flag, tilec_ir::RmwKind::Add, one)
        .order(tilec_ir::MemSemantic::Weak, None)
        .emit();
    k.finish();
    let e = crate::compile_module(&mut m, &Options::default()).expect_err("a weak atomic");
    assert_eq!(
        e.render(),
        "<unknown>: error: 'atomic_rmw_tko' does not accept semantic 'weak'; expected one of: relaxed, acquire, release, acq_rel, sc\n"
    );
    let d = e.errors().next().expect("an error");
    assert_eq!(d.code, DiagCode::LegalitySemantic);
    assert_eq!(
        d.op.map(|o| m.op_name(o).as_str()),
        Some("cuda_tile.atomic_rmw_tko")
    );
}

fn example(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/examples/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("the example is readable")
}

/// The fence decisions are data; `--explain-fences`' remarks are rendered from them, one each,
/// in the same order; without `explain_fences` the data comes without the remarks.
#[test]
fn fence_decisions_are_the_remarks_as_data() {
    use crate::{FenceOutcome, KeptReason};
    let text = example("handoff_release.mlir");
    let explain = Options {
        explain_fences: true,
        ..Options::default()
    };
    let out = crate::compile(&text, "handoff_release.mlir", &explain).expect("compiles");
    let remarks: Vec<&Diagnostic> = out
        .diags
        .0
        .iter()
        .filter(|d| d.severity == Severity::Remark)
        .collect();
    let data = &out.report.fence_decisions;
    assert!(!data.is_empty());
    assert_eq!(remarks.len(), data.len());
    for (r, x) in remarks.iter().zip(data) {
        assert_eq!(**r, x.remark());
        assert_eq!(x.kernel, "producer");
    }
    // The example's barrier that fold-barriers removes, and a kept free op.
    assert!(data
        .iter()
        .any(|x| matches!(x.outcome, FenceOutcome::Folded { .. })));
    assert!(data
        .iter()
        .any(|x| x.outcome == FenceOutcome::Kept(KeptReason::Free)));
    let quiet = Options {
        fence_decisions: true,
        ..Options::default()
    };
    let out2 = crate::compile(&text, "handoff_release.mlir", &quiet).expect("compiles");
    assert!(out2.diags.is_empty());
    assert_eq!(&out2.report.fence_decisions, data);
    let none =
        crate::compile(&text, "handoff_release.mlir", &Options::default()).expect("compiles");
    assert!(none.report.fence_decisions.is_empty());
}

/// A form the target lacks is `target.sm`, about the op that needs it.
#[test]
fn a_target_error_names_its_code_and_op() {
    let src = r#"
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t = "cuda_tile.atomic_rmw_tko"(%flag, %one) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>} : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "bump"} : () -> ()
}) : () -> ()
"#;
    let opts = Options {
        target: crate::Target::parse("sm_80").expect("a target"),
        ..Options::default()
    };
    let e = crate::compile(src, "bump.mlir", &opts).expect_err("no cluster scope on sm_80");
    let d = e.errors().next().expect("an error");
    assert_eq!(d.code, DiagCode::TargetSm);
    assert!(
        d.message
            .ends_with("needs sm_90 or later; the target is sm_80"),
        "{}",
        d.message
    );
    assert!(d.op.is_some(), "about the atomic");
}
