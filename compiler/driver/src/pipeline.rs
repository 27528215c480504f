//! The pass pipeline as data: [`Pipeline`], the [`PassId`]s `Options` select (what `tilec`
//! runs), which an embedder may edit (stop early, insert or remove a pass) before compiling
//! with it; and [`PipelineReport`], what a run did. Running it is [`crate::run`].

use crate::options::{Emit, Options};
use std::time::Duration;
use tilec_passes::weakest_fence::FenceDecision;
use tilec_passes::PassId;

/// A step of a compile whose wall time is measured: what `--time-passes` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Parsing the text.
    Parse,
    /// A pass.
    Pass(PassId),
    /// Compacting the module after a pass (`tilec_ir::Module::compact`).
    Compact,
    /// Verifying the module after a pass (`verify_each`).
    Verify,
    /// Printing the PTX text.
    PrintPtx,
    /// Building, optimizing and (for `--backend llvm`) compiling the LLVM module.
    Llvm,
}

impl Step {
    /// The name `--time-passes` prints: `parse`, the pass's name, `(compact)`, `(verify)`,
    /// `print-ptx`, `llvm`.
    pub fn name(self) -> &'static str {
        match self {
            Step::Parse => "parse",
            Step::Pass(p) => p.name(),
            Step::Compact => "(compact)",
            Step::Verify => "(verify)",
            Step::PrintPtx => "print-ptx",
            Step::Llvm => "llvm",
        }
    }
}

/// What one compile did, as data.
#[derive(Clone, Debug, Default)]
pub struct PipelineReport {
    /// The passes that completed (and verified, when verifying), in order.
    pub ran: Vec<PassId>,
    /// The pass that failed, if one did (a parse error or an input with no kernel fails
    /// before any pass).
    pub failed_at: Option<PassId>,
    /// Each step's wall time, in order: `parse` first (from text), every pass with the
    /// compaction and verification after it, `print-ptx` last. Always measured; rendered only
    /// with [`Options::time_passes`].
    pub timings: Vec<(Step, Duration)>,
    /// With [`Options::keep_stages`]: the generic IR after the last pass of each stage the
    /// pipeline reached ([`Emit::CudaTile`] … [`Emit::PtxIr`]), then the PTX ([`Emit::Ptx`]):
    /// each what `--emit` of that stage prints, from this one compile.
    pub stages: Vec<(Emit, String)>,
    /// With [`Options::fence_decisions`] or [`Options::explain_fences`]: what weakest-fence
    /// decided for every fence and sync qualifier, kernel by kernel in program order (a
    /// kernel's removed ops after its others), then each barrier fold-barriers removed: one
    /// per `--explain-fences` remark, in the same order.
    pub fence_decisions: Vec<FenceDecision>,
}

impl PipelineReport {
    /// The kept text of stage `emit`, if it was kept.
    pub fn stage(&self, emit: Emit) -> Option<&str> {
        let kept = self.stages.iter().find(|s| s.0 == emit);
        kept.map(|s| s.1.as_str())
    }
    /// The timings as `--time-passes` prints them (`mlir-opt --mlir-timing`'s layout).
    pub fn render_timings(&self) -> String {
        let named: Vec<(&str, Duration)> =
            self.timings.iter().map(|&(s, d)| (s.name(), d)).collect();
        tilec_ir::pass::render_timings(&named)
    }
}

/// An edit of a [`Pipeline`] named a pass that is not in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotInPipeline(pub PassId);

impl std::fmt::Display for NotInPipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the pipeline does not run '{}'", self.0)
    }
}

impl std::error::Error for NotInPipeline {}

/// The passes of a compile and its options. [`Pipeline::new`] builds the pipeline `tilec`
/// runs for the options; the edits return a new pipeline (or [`NotInPipeline`] when their
/// anchor is missing), and `compile*` run it:
///
/// ```
/// use tilec::{Emit, Options, PassId, Pipeline};
///
/// let opts = Options { emit: Emit::NvTileas, ..Options::default() };
/// let p = Pipeline::new(&opts).stop_after(PassId::VerifyRaces).expect("verify-races runs");
/// assert_eq!(p.passes().last(), Some(&PassId::VerifyRaces));
/// assert!(!p.passes().contains(&PassId::WeakestFence));
/// ```
#[derive(Clone, Debug)]
pub struct Pipeline {
    pub(crate) opts: Options,
    pub(crate) passes: Vec<PassId>,
}

/// The optimization of nv_tileas sync and the race check of its output: `weakest-fence`, then
/// `fold-barriers` (the barriers a dropped fence left adjacent), then `verify-races` again.
const OPTIMIZE: [PassId; 3] = [
    PassId::WeakestFence,
    PassId::FoldBarriers,
    PassId::VerifyRaces,
];

impl Pipeline {
    /// The pipeline `tilec` runs for `opts`: the passes up to `opts.emit`'s stage.
    ///
    /// `verify-mem-legality` runs on the input and again once pointer spaces are known (after
    /// `lower-cuda-tile-to-aa`): that is where the nv_tileaa checks see them, and where their
    /// warnings are reported (the verifier after every pass reports only errors, so each
    /// warning appears once). Without `verify_races` neither race check nor `weakest-fence`
    /// (it derives from the checker's handoff graph) runs; without `weakest_fence` the
    /// optimization (`weakest-fence`, `fold-barriers` and the check after them) is left
    /// out, so the conservative baseline is exactly what `lower-aa-to-as` built.
    pub fn new(opts: &Options) -> Pipeline {
        Pipeline {
            opts: opts.clone(),
            passes: passes_for(opts),
        }
    }

    /// The passes, in order.
    pub fn passes(&self) -> &[PassId] {
        &self.passes
    }
    /// The options.
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// Stops after the first run of `pass`. A pipeline that no longer reaches the ptx dialect
    /// outputs the IR after `pass` (generic form), whatever `emit` asked for.
    pub fn stop_after(mut self, pass: PassId) -> Result<Pipeline, NotInPipeline> {
        let i = self.position(pass)?;
        self.passes.truncate(i + 1);
        Ok(self)
    }
    /// Runs `pass` right after the first run of `anchor`.
    pub fn insert_after(mut self, anchor: PassId, pass: PassId) -> Result<Pipeline, NotInPipeline> {
        let i = self.position(anchor)?;
        self.passes.insert(i + 1, pass);
        Ok(self)
    }
    /// Runs `pass` right before the first run of `anchor`.
    pub fn insert_before(
        mut self,
        anchor: PassId,
        pass: PassId,
    ) -> Result<Pipeline, NotInPipeline> {
        let i = self.position(anchor)?;
        self.passes.insert(i, pass);
        Ok(self)
    }
    /// Leaves out every run of `pass`.
    pub fn remove(mut self, pass: PassId) -> Result<Pipeline, NotInPipeline> {
        self.position(pass)?;
        self.passes.retain(|&p| p != pass);
        Ok(self)
    }
    /// Verifies after every pass, or not ([`Options::verify_each`]).
    pub fn verify_each(mut self, on: bool) -> Pipeline {
        self.opts.verify_each = on;
        self
    }
    /// Keeps the IR of every stage, or not ([`Options::keep_stages`]).
    pub fn keep_stages(mut self, on: bool) -> Pipeline {
        self.opts.keep_stages = on;
        self
    }

    fn position(&self, pass: PassId) -> Result<usize, NotInPipeline> {
        let i = self.passes.iter().position(|&p| p == pass);
        i.ok_or(NotInPipeline(pass))
    }

    /// Does the pipeline lower to the ptx dialect (so that it can print PTX)?
    pub(crate) fn reaches_ptx(&self) -> bool {
        self.passes.contains(&PassId::LowerAsToPtx)
    }

    /// The positions of the passes that end a stage, with the stage: a pass followed by a
    /// lowering (or by nothing) ends the stage of the last lowering before it.
    pub(crate) fn stage_ends(&self) -> Vec<(usize, Emit)> {
        let mut out = Vec::new();
        let mut level = 0;
        for (i, p) in self.passes.iter().enumerate() {
            level = p.lowers_to().unwrap_or(level);
            let next = self.passes.get(i + 1);
            if next.is_none_or(|n| n.lowers_to().is_some()) {
                out.push((i, Emit::STAGES[usize::from(level)]));
            }
        }
        out
    }
}

/// The passes [`Pipeline::new`] selects for `opts`.
fn passes_for(opts: &Options) -> Vec<PassId> {
    use PassId::*;
    let mut v = if opts.pedantic {
        vec![VerifyNvidia, VerifyMemLegality]
    } else {
        vec![VerifyMemLegality]
    };
    if opts.emit == Emit::CudaTile {
        return v;
    }
    v.extend([LowerCudaTileToAa, VerifyMemLegality]);
    if opts.emit == Emit::NvTileaa {
        return v;
    }
    v.push(LowerAaToAs);
    if opts.emit == Emit::Litmus {
        // The sync lower-aa-to-as built, as verify-races sees it; its findings are tests here.
        return v;
    }
    if opts.verify_races {
        v.push(VerifyRaces);
    }
    if opts.verify_races && opts.weakest_fence {
        v.extend(OPTIMIZE);
    }
    if opts.emit == Emit::NvTileas {
        return v;
    }
    v.push(LowerAsToPtx);
    v
}
