//! Passes and the pass manager.
//!
//! A pass is a small object with a name and a `run` over a [`Module`]; the pass *registry* (the
//! one table mapping names to passes) lives with the passes (crate tilec-passes). The manager
//! runs a pipeline — a list of passes — and, per options, verifies after each pass (on in tests
//! and debug builds: a pass that breaks the IR is caught at the pass, not three passes later),
//! dumps the IR after each pass (`--print-after-all`) and times each pass (`--time-passes`).
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
/// The printer used for `--print-after-all` dumps.
pub type DumpHook<'a> = &'a dyn Fn(&Module) -> String;

/// How to run a pipeline.
pub struct PassManager<'a, C> {
    passes: Vec<&'a dyn Pass<C>>,
    /// Verify after every pass with this hook.
    pub verify_each: Option<VerifyHook<'a, C>>,
    /// Dump the IR after every pass through this printer.
    pub print_after_all: Option<DumpHook<'a>>,
    /// Record the wall time of every pass.
    pub time_passes: bool,
}

/// What running a pipeline produced.
#[derive(Default)]
pub struct PipelineReport {
    /// Every diagnostic, in order.
    pub diags: Diagnostics,
    /// `(pass, wall time)` for each pass run (when timing).
    pub timings: Vec<(&'static str, Duration)>,
    /// `--print-after-all` text, one dump per pass.
    pub dumps: String,
    /// The pass that failed, if any.
    pub failed_at: Option<&'static str>,
    /// The passes that completed (and, when verifying, whose output verified), in order: with
    /// `failed_at`, where in the pipeline it stopped, whatever is timed or dumped.
    pub ran: Vec<&'static str>,
}

impl<'a, C> PassManager<'a, C> {
    /// A manager for `passes`, with no verification, dumps or timing.
    pub fn new(passes: Vec<&'a dyn Pass<C>>) -> Self {
        PassManager {
            passes,
            verify_each: None,
            print_after_all: None,
            time_passes: false,
        }
    }

    /// Runs the pipeline; stops at the first pass that reports an error (or whose output fails
    /// verification).
    pub fn run(&self, m: &mut Module, cx: &C) -> PipelineReport {
        let mut rep = PipelineReport::default();
        for pass in &self.passes {
            let t0 = Instant::now();
            let mut d = pass.run(m, cx);
            d.default_code_from(0, pass.diag_code());
            if self.time_passes {
                rep.timings.push((pass.name(), t0.elapsed()));
            }
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
                rep.failed_at = Some(pass.name());
                return rep;
            }
            // A lowering erases the dialect it leaves: once a third of the records are dead,
            // the next passes would walk and copy them for nothing (verified below, like the
            // pass's own output).
            if m.erased_ops() * 3 > m.op_capacity() {
                let t2 = Instant::now();
                m.compact();
                if self.time_passes {
                    rep.timings.push(("(compact)", t2.elapsed()));
                }
            }
            if let Some(verify) = self.verify_each {
                let t1 = Instant::now();
                let v = verify(m, cx);
                if self.time_passes {
                    rep.timings.push(("(verify)", t1.elapsed()));
                }
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
                    rep.failed_at = Some(pass.name());
                    return rep;
                }
            }
            rep.ran.push(pass.name());
        }
        rep
    }
}

/// Renders timings like `mlir-opt --mlir-timing`: total first, then one line per pass.
pub fn render_timings(timings: &[(&'static str, Duration)]) -> String {
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
