//! Running a [`Pipeline`]: parsing (from text), the passes through the pass manager, the ptx
//! verification before printing, the printed output and the [`PipelineReport`].

use crate::options::{Backend, Emit, Options};
use crate::output::{Error, Output};
use crate::pipeline::{Pipeline, PipelineReport, Step};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tilec_ir::pass::{Pass, PassManager, RunReport, Timed};
use tilec_ir::text::{module_to_string, parse_module_with};
use tilec_ir::{DiagCode, Diagnostic, Diagnostics, FileId, Module, Severity, SourceMap};
use tilec_passes::print::ptx::LineTable;
use tilec_passes::verify::races::cache::RaceCache;
use tilec_passes::{verify_after_pass, Cx, PassId};

impl Pipeline {
    /// Compiles source text (`name` is the file name diagnostics show).
    pub fn compile(&self, text: &str, name: &str) -> Result<Output, Error> {
        let mut sources = SourceMap::new();
        let f = sources.add(name, text);
        self.compile_file(&Arc::new(sources), f)
    }

    /// Compiles file `file` of `sources` (what the command-line tools do: they read the input,
    /// stdin or not valid UTF-8, into a source map of their own).
    pub fn compile_file(&self, sources: &Arc<SourceMap>, file: FileId) -> Result<Output, Error> {
        let t0 = Instant::now();
        let syntaxes = tilec_dialects::syntax::syntaxes();
        // A diagnostic before the pipeline (a parse error, no kernel) fails the compile alone.
        let early =
            |d: Diagnostic| self.error(sources, d.into(), String::new(), Default::default());
        let mut m = parse_module_with(sources.text(file), file, syntaxes).map_err(|d| early(*d))?;
        let parse_time = t0.elapsed();
        if let Some(d) = no_kernel(&m, file) {
            return Err(early(d));
        }
        let lines = crate::debug_notes::source_lines(&m);
        let passes = self.pass_objects();
        let mut out = self
            .run(&mut m, sources, Some(parse_time), passes, &lines)
            .map_err(|mut e| {
                crate::debug_notes::annotate(&mut e.diags, &lines);
                e
            })?;
        crate::debug_notes::annotate(&mut out.diags, &lines);
        if self.opts.emit == Emit::Litmus {
            out.litmus = crate::litmus::tests(&m, sources);
            out.text = out.litmus.joined();
        }
        Ok(out)
    }

    /// Runs the pipeline over a module built in Rust (no source text: its diagnostics render
    /// with unknown locations). A module with no kernel is an error, as from text.
    pub fn compile_module(&self, m: &mut Module) -> Result<Output, Error> {
        let sources = Arc::new(SourceMap::new());
        if let Some(d) = no_kernel(m, FileId::default()) {
            return Err(self.error(&sources, d.into(), String::new(), Default::default()));
        }
        let lines = crate::debug_notes::source_lines(m);
        self.run(m, &sources, None, self.pass_objects(), &lines)
    }

    fn pass_objects(&self) -> Vec<&'static dyn Pass<Cx>> {
        let pass = |p: &PassId| p.pass() as &dyn Pass<Cx>;
        self.passes.iter().map(pass).collect()
    }

    /// Runs `passes` (the objects of [`Pipeline::passes`], or a test's stand-ins for them) over
    /// `m` and prints the output.
    pub(crate) fn run(
        &self,
        m: &mut Module,
        sources: &Arc<SourceMap>,
        parse_time: Option<Duration>,
        passes: Vec<&dyn Pass<Cx>>,
        lines: &LineTable,
    ) -> Result<Output, Error> {
        let opts = &self.opts;
        let cx = self.context(m);
        let verify: &dyn Fn(&Module, &Cx) -> Diagnostics = &verify_after_pass;
        let dump: &dyn Fn(&Module) -> String = &module_to_string;
        let stage_ends = self.stage_ends();
        let mut pm = PassManager::new(passes);
        pm.verify_each = opts.verify_each.then_some(verify);
        pm.print_after_all = opts.print_after_all.then_some(dump);
        if opts.keep_stages {
            pm.keep_after = Some((dump, stage_ends.iter().map(|e| e.0).collect()));
        }
        let mut rep = pm.run(m, &cx);
        self.note_rewriter_bug(&pm, &mut rep);
        if opts.werror {
            rep.diags.promote_warnings();
        }
        let mut report = self.report(&rep, parse_time, &stage_ends);
        let text = self.text(m, &cx, &mut rep, &mut report, lines);
        report.fence_decisions = cx.fence_decisions.unwrap_or_default().into_inner();
        let timings = match opts.time_passes {
            true => report.render_timings(),
            false => String::new(),
        };
        if rep.diags.has_errors() {
            let mut e = self.error(sources, rep.diags, timings, report);
            e.dumps = rep.dumps;
            return Err(e);
        }
        Ok(Output {
            text,
            diags: rep.diags,
            dumps: rep.dumps,
            timings,
            report,
            litmus: Default::default(),
            sources: sources.clone(),
        })
    }

    /// The context the passes read, for module `m`.
    fn context(&self, m: &Module) -> Cx {
        let opts = &self.opts;
        let mut cx = Cx::new(opts.target);
        cx.source = tilec_passes::source_dialect(m);
        // nv_tileas lowered from tile ops: a race there may be tilec's own (verify-races says so).
        cx.generated = cx.source.is_some_and(|d| d.is_tile());
        cx.explain_fences = opts.explain_fences;
        cx.tma_maps = opts.tma_maps;
        cx.fence_decisions = (opts.explain_fences || opts.fence_decisions).then(Default::default);
        // weakest-fence builds its handoff graph from the model verify-races built of the same
        // kernel right before it (tilec_passes::verify::races::cache).
        cx.races = RaceCache::for_pipeline(&self.passes);
        cx
    }

    /// The output text of a run that left `m` (empty after a failure): the PTX, or the IR.
    /// The ptx module is verified before anything is printed, in every build (with
    /// verify_each, the verification after the last pass says so already): what the ptx
    /// dialect's verifier rejects is a lowering bug, reported as such, never printed.
    fn text(
        &self,
        m: &Module,
        cx: &Cx,
        rep: &mut RunReport,
        report: &mut PipelineReport,
        lines: &LineTable,
    ) -> String {
        let opts = &self.opts;
        let failed = rep.failed_at.is_some() || rep.diags.has_errors();
        if failed || opts.emit == Emit::Litmus {
            return String::new();
        }
        if !(self.reaches_ptx()
            && matches!(
                opts.emit,
                Emit::Ptx | Emit::PtxIr | Emit::NvvmMlir | Emit::Llvm
            ))
        {
            return module_to_string(m);
        }
        let verified = match cx.verified(m) {
            Ok(v) => v,
            Err(bad) => {
                rep.diags.extend(ptx_invalid(bad));
                return String::new();
            }
        };
        if opts.emit == Emit::PtxIr {
            return module_to_string(m);
        }
        if opts.emit == Emit::NvvmMlir {
            return tilec_passes::print::nvvm::print_nvvm_mlir(m, &opts.target).unwrap_or_else(
                |d| {
                    rep.diags.extend(d);
                    String::new()
                },
            );
        }
        let t = Instant::now();
        let lines = opts.line_info.then_some(lines);
        let printed =
            tilec_passes::print::ptx::print_ptx_versioned(m, &verified, &opts.target, lines);
        report.timings.push((Step::PrintPtx, t.elapsed()));
        let (ptx, version) = match printed {
            Ok(p) => p,
            Err(d) => {
                rep.diags.extend(d);
                return String::new();
            }
        };
        if opts.emit == Emit::Llvm || opts.backend == Backend::Llvm {
            // tilec's printer has checked every form against the target and found the PTX ISA
            // they need: LLVM is asked for that version.
            let t = Instant::now();
            let text = through_llvm(m, opts, version, &mut rep.diags);
            report.timings.push((Step::Llvm, t.elapsed()));
            return text;
        }
        if opts.keep_stages {
            report.stages.push((Emit::Ptx, ptx.clone()));
        }
        ptx
    }

    /// The report of a run: the passes by id, the steps' times (parse first) and the kept
    /// stages by the stage each ends.
    fn report(
        &self,
        rep: &RunReport,
        parse_time: Option<Duration>,
        stage_ends: &[(usize, Emit)],
    ) -> PipelineReport {
        let step = |t: Timed| match t {
            Timed::Pass(i) => Step::Pass(self.passes[i]),
            Timed::Compact => Step::Compact,
            Timed::Verify => Step::Verify,
        };
        let mut timings: Vec<(Step, Duration)> =
            parse_time.map(|d| (Step::Parse, d)).into_iter().collect();
        timings.extend(rep.timings.iter().map(|&(t, d)| (step(t), d)));
        let stage_of = |i: usize| stage_ends.iter().find(|e| e.0 == i).map(|e| e.1);
        let stages = rep
            .kept
            .iter()
            .filter_map(|(i, text)| Some((stage_of(*i)?, text.clone())))
            .collect();
        PipelineReport {
            ran: self.passes[..rep.completed].to_vec(),
            failed_at: rep.failed_at.map(|i| self.passes[i]),
            timings,
            stages,
            fence_decisions: Vec::new(),
        }
    }

    fn error(
        &self,
        sources: &Arc<SourceMap>,
        diags: Diagnostics,
        timings: String,
        report: PipelineReport,
    ) -> Error {
        Error {
            diags,
            dumps: String::new(),
            timings,
            report: Box::new(report),
            sources: sources.clone(),
            error_limit: self.opts.error_limit,
        }
    }

    /// A `verify-races` that fails after an earlier run of it accepted the kernel fails
    /// because a pass between them (weakest-fence, fold-barriers) broke a verified program:
    /// every error gets a note saying so, naming those passes. Read from the passes that ran,
    /// so it holds in every configuration (timed or not).
    fn note_rewriter_bug(&self, pm: &PassManager<Cx>, rep: &mut RunReport) {
        let Some(at) = rep.failed_at else {
            return;
        };
        if self.passes[at] != PassId::VerifyRaces {
            return;
        }
        let ran = &self.passes[..rep.completed];
        let Some(last) = ran.iter().rposition(|&p| p == PassId::VerifyRaces) else {
            return;
        };
        if last + 1 == rep.completed {
            return;
        }
        let rewriters: Vec<&str> = (last + 1..rep.completed)
            .map(|i| pm.step_name(Timed::Pass(i)))
            .collect();
        let note = format!(
            "verify-races accepted this kernel before {} rewrote it: this is a tilec bug (rerun with --no-weakest-fence, and please report it with this input)",
            rewriters.join(" and ")
        );
        let errors = rep.diags.0.iter_mut();
        for d in errors.filter(|d| d.severity == Severity::Error) {
            d.notes.push((d.loc, note.clone()));
        }
    }
}

/// `--emit llvm` or `--backend llvm`: the LLVM IR or LLVM's PTX of the verified ptx module `m`
/// (tilec-llvm), with LLVM asked for PTX ISA `version`; empty after an error, which goes into
/// `diags`.
fn through_llvm(
    m: &Module,
    opts: &Options,
    version: tilec_dialects::target::PtxIsa,
    diags: &mut Diagnostics,
) -> String {
    let r = tilec_llvm::Request {
        target: &opts.target,
        ptx: version,
        opt: opts.llvm_opt,
        device_functions: opts.device_functions,
    };
    let out = if opts.emit == Emit::Llvm {
        tilec_llvm::llvm_ir(m, r)
    } else {
        tilec_llvm::ptx(m, r)
    };
    match out {
        Ok(text) => return text,
        Err(tilec_llvm::Error::Diagnostics(d)) => diags.extend(d),
        Err(tilec_llvm::Error::Llvm(why)) => diags.error_code(
            DiagCode::InternalPrint,
            m.module_loc,
            format!("internal compiler error: LLVM: {why} (please report it with this input)"),
        ),
        Err(tilec_llvm::Error::Unavailable) => diags.error_code(
            DiagCode::LowerUnsupported,
            m.module_loc,
            tilec_llvm::UNAVAILABLE,
        ),
    }
    String::new()
}

/// The ptx dialect verifier's errors `d` on the lowered module, each marked as an internal
/// compiler error at its op's location.
fn ptx_invalid(mut d: Diagnostics) -> Diagnostics {
    for x in d.0.iter_mut() {
        if x.severity == Severity::Error {
            x.message = format!(
                "internal compiler error: the lowering produced invalid ptx: {} (please report it with this input)",
                x.message
            );
            x.code = DiagCode::InternalPtxInvalid;
        }
    }
    d
}

/// An error at the file's start when the parsed module holds no kernel of any dialect (an empty
/// file, only comments, a module with no entry): there is nothing to compile. A kernel is an op
/// with the isolated-from-above trait ([`tilec_dialects::opdef::is_kernel`]).
fn no_kernel(m: &Module, file: FileId) -> Option<Diagnostic> {
    let any = m
        .all_ops()
        .into_iter()
        .any(|o| tilec_dialects::opdef::is_kernel(m, o));
    (!any).then(|| {
        // The first top-level op (a module with no entry), else the file's start.
        let loc = m
            .top_ops()
            .first()
            .map(|&o| m.op_loc(o))
            .filter(|l| !l.is_unknown())
            .unwrap_or(tilec_ir::Loc {
                file,
                start: 0,
                end: 0,
            });
        Diagnostic::error(
            loc,
            "the input has no kernel (a cuda_tile entry, or an nv_tileaa/nv_tileas/ptx kernel op): nothing to compile",
        )
        .with_code(DiagCode::InputNoKernel)
    })
}

#[cfg(test)]
mod tests;
