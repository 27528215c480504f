//! Passes and the pass manager.
//!
//! A pass is a small object with a name and a `run` over a [`Module`]; the pass *registry* (the
//! one table mapping names to passes) lives with the passes (crate tilec-passes). The manager
//! runs a pipeline — a list of passes — and, per options, verifies after each pass (on in tests
//! and debug builds: a pass that breaks the IR is caught at the pass, not three passes later),
//! dumps the IR after each pass (`--print-after-all`) or after chosen ones (the stages a caller
//! keeps), and times each step (what `--time-passes` renders). Its report names passes by their
//! position in the pipeline; what they are is the caller's (the driver's `PassId`s).
//! Between passes it compacts the module ([`Module::compact`]) once a third of its op records
//! are erased ops: no handle into the module survives a pass.
//!
//! `C` is the context passes read (target, registry, options); this crate does not fix it.

use crate::diag::{DiagCode, Diagnostic, Diagnostics};
use crate::module::Module;
use crate::source::Loc;
use std::time::{Duration, Instant};

/// One transformation or analysis over a module.
pub trait Pass<C> {
    /// The registered name (`lower-cuda-tile-to-aa`).
    fn name(&self) -> &'static str;
    /// Runs over `m`; reports problems (errors fail the pipeline, warnings do not).
    fn run(&self, m: &mut Module, cx: &C) -> Diagnostics;
    /// The code of what the pass reports without a more specific one (the manager gives it to
    /// them).
    fn diag_code(&self) -> DiagCode {
        DiagCode::Unclassified
    }
}

/// The verifier the manager calls after each pass.
pub type VerifyHook<'a, C> = &'a dyn Fn(&Module, &C) -> Diagnostics;
/// The printer used for `--print-after-all` dumps and kept stages.
pub type DumpHook<'a> = &'a dyn Fn(&Module) -> String;

/// How to run a pipeline.
pub struct PassManager<'a, C> {
    passes: Vec<&'a dyn Pass<C>>,
    /// Verify after every pass with this hook.
    pub verify_each: Option<VerifyHook<'a, C>>,
    /// Dump the IR after every pass through this printer.
    pub print_after_all: Option<DumpHook<'a>>,
    /// Keep the IR after the passes at these positions of the pipeline, printed through this
    /// printer, as the next pass will see it (after compaction and verification):
    /// [`RunReport::kept`]. A caller that wants each stage of a lowering from one run names the
    /// last pass of each.
    pub keep_after: Option<(DumpHook<'a>, Vec<usize>)>,
}

/// A step of a run whose wall time is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timed {
    /// The pass at this position of the pipeline.
    Pass(usize),
    /// The compaction after a pass ([`Module::compact`]).
    Compact,
    /// The verification after a pass.
    Verify,
}

/// What running a pipeline produced. Passes are named by their position in the pipeline.
#[derive(Default)]
pub struct RunReport {
    /// Every diagnostic, in order.
    pub diags: Diagnostics,
    /// Each step's wall time, in order: every pass run, and every compaction and verification
    /// after one.
    pub timings: Vec<(Timed, Duration)>,
    /// `--print-after-all` text, one dump per pass.
    pub dumps: String,
    /// The position of the pass that failed, if any.
    pub failed_at: Option<usize>,
    /// How many passes completed (and, when verifying, whose output verified): the passes
    /// `0..completed`. With `failed_at`, where the pipeline stopped, whatever is dumped.
    pub completed: usize,
    /// The IR after the passes of [`PassManager::keep_after`] that completed: (position, text).
    pub kept: Vec<(usize, String)>,
}

impl<'a, C> PassManager<'a, C> {
    /// A manager for `passes`, with no verification, dumps or kept stages.
    pub fn new(passes: Vec<&'a dyn Pass<C>>) -> Self {
        PassManager {
            passes,
            verify_each: None,
            print_after_all: None,
            keep_after: None,
        }
    }

    /// What `--time-passes` calls a step: the pass's name, `(compact)` or `(verify)`.
    pub fn step_name(&self, t: Timed) -> &'static str {
        match t {
            Timed::Pass(i) => self.passes[i].name(),
            Timed::Compact => "(compact)",
            Timed::Verify => "(verify)",
        }
    }

    /// `rep`'s timings with each step's name, for [`render_timings`].
    pub fn named_timings(&self, rep: &RunReport) -> Vec<(&'static str, Duration)> {
        let named = rep.timings.iter().map(|&(t, d)| (self.step_name(t), d));
        named.collect()
    }

    /// Runs the pipeline; stops at the first pass that reports an error (or whose output fails
    /// verification).
    pub fn run(&self, m: &mut Module, cx: &C) -> RunReport {
        let mut rep = RunReport::default();
        for (i, pass) in self.passes.iter().enumerate() {
            let t0 = Instant::now();
            let mut d = pass.run(m, cx);
            rep.timings.push((Timed::Pass(i), t0.elapsed()));
            d.default_code_from(0, pass.diag_code());
            let failed = d.has_errors();
            rep.diags.extend(d);
            if let Some(dump) = self.print_after_all {
                rep.dumps.push_str(&format!(
                    "// -----// IR Dump After {} //----- //\n",
                    pass.name()
                ));
                rep.dumps.push_str(&dump(m));
            }
            if failed {
                rep.failed_at = Some(i);
                return rep;
            }
            // A lowering erases the dialect it leaves: once a third of the records are dead,
            // the next passes would walk and copy them for nothing (verified below, like the
            // pass's own output).
            if m.erased_ops() * 3 > m.op_capacity() {
                let t2 = Instant::now();
                m.compact();
                rep.timings.push((Timed::Compact, t2.elapsed()));
            }
            if let Some(verify) = self.verify_each {
                let t1 = Instant::now();
                let v = verify(m, cx);
                rep.timings.push((Timed::Verify, t1.elapsed()));
                if v.has_errors() {
                    rep.diags.push(
                        Diagnostic::error(
                            Loc::default(),
                            format!(
                                "the IR produced by pass '{}' does not verify (this is a compiler bug)",
                                pass.name()
                            ),
                        )
                        .with_code(DiagCode::InternalVerifyAfterPass),
                    );
                    rep.diags.extend(v);
                    rep.failed_at = Some(i);
                    return rep;
                }
            }
            rep.completed = i + 1;
            if let Some((print, at)) = &self.keep_after {
                if at.contains(&i) {
                    rep.kept.push((i, print(m)));
                }
            }
        }
        rep
    }
}

/// Renders timings like `mlir-opt --mlir-timing`: total first, then one line per pass.
pub fn render_timings(timings: &[(&str, Duration)]) -> String {
    let total: Duration = timings.iter().map(|t| t.1).sum();
    let secs = total.as_secs_f64().max(1e-12);
    let mut s = String::new();
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str("                         ... Pass execution timing report ...\n");
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str(&format!(
        "  Total Execution Time: {:.4} seconds\n\n",
        total.as_secs_f64()
    ));
    s.push_str("  ----Wall Time----  ----Name----\n");
    for (name, d) in timings {
        s.push_str(&format!(
            "  {:>8.4} ({:>5.1}%)  {}\n",
            d.as_secs_f64(),
            100.0 * d.as_secs_f64() / secs,
            name
        ));
    }
    s.push_str(&format!("  {:>8.4} (100.0%)  Total\n", total.as_secs_f64()));
    s
}
