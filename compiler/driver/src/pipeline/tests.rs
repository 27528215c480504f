//! The driver's own behaviour around the pass pipeline: the note on a `verify-races` failure after
//! the optimization, in every configuration.

use super::*;
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
fn run_broken(text: &str) -> Result<Output, Failure> {
    let opts = Options::default();
    assert!(!opts.time_passes);
    let passes: Vec<&dyn Pass<Cx>> = pipeline_with(&opts)
        .iter()
        .map(|&n| match n {
            "weakest-fence" => &DropBarriers as &dyn Pass<Cx>,
            _ => pass_by_name(n).expect("registered").pass as &dyn Pass<Cx>,
        })
        .collect();
    run_pipeline(&mut parse(text), &opts, Default::default(), passes)
}

fn notes(f: &Failure) -> Vec<String> {
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
    let out = compile(HANDOFF, "handoff.mlir", &Options::default()).expect("compiles");
    assert!(out.text.contains("bar.sync 0;"));
}
