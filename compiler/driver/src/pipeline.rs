//! Options, the pipeline per `--emit` stage, and `compile`.

use tilec_dialects::target::Target;
use tilec_ir::pass::{render_timings, Pass, PassManager, PipelineReport};
use tilec_ir::text::{module_to_string, parse_module_with};
use tilec_ir::{Diagnostics, FileId, Module, SourceMap};
use tilec_passes::verify::races::cache::RaceCache;
use tilec_passes::{pass_by_name, verify_after_pass, Cx};

/// What `compile` stops at and prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Emit {
    /// The parsed (and verified) input, generic form.
    CudaTile,
    /// After `lower-cuda-tile-to-aa`.
    NvTileaa,
    /// After `lower-aa-to-as`.
    NvTileas,
    /// After `lower-as-to-ptx`, as IR.
    PtxIr,
    /// PTX text.
    #[default]
    Ptx,
    /// The handoff skeletons of every nv_tileas kernel as PTX litmus tests (after
    /// `lower-aa-to-as`; verify-races' findings become tests, not errors): [`Output::litmus`].
    Litmus,
}

impl Emit {
    /// Parses the `--emit` spelling.
    pub fn parse(s: &str) -> Option<Emit> {
        Some(match s {
            "cuda_tile" => Emit::CudaTile,
            "nv_tileaa" => Emit::NvTileaa,
            "nv_tileas" => Emit::NvTileas,
            "ptx-ir" => Emit::PtxIr,
            "ptx" => Emit::Ptx,
            "litmus" => Emit::Litmus,
            _ => return None,
        })
    }
    /// Every spelling.
    pub const SPELLINGS: &'static [&'static str] = &[
        "cuda_tile",
        "nv_tileaa",
        "nv_tileas",
        "ptx-ir",
        "ptx",
        "litmus",
    ];
}

/// Compilation options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Target (with the optional `--ptx-isa` ceiling).
    pub target: Target,
    /// What to produce.
    pub emit: Emit,
    /// Verify after every pass (on in tests and debug builds by default).
    pub verify_each: bool,
    /// Dump the IR after every pass.
    pub print_after_all: bool,
    /// Time every pass.
    pub time_passes: bool,
    /// Turn warnings into errors.
    pub werror: bool,
    /// Show at most this many errors, then how many more there are (0: all; clang's
    /// `-ferror-limit`). Default 20.
    pub error_limit: usize,
    /// Run `verify-races` after `lower-aa-to-as` (on by default).
    pub verify_races: bool,
    /// Run `weakest-fence` (and `verify-races` again after it); needs `verify_races` (the pass
    /// uses the race checker as its oracle). On by default; off is the conservative baseline.
    pub weakest_fence: bool,
    /// Report, for every fence and sync qualifier of the nv_tileas output, the handoffs it
    /// covers, the rule that chose it and the cost class it saved (remarks).
    pub explain_fences: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: Target::default(),
            emit: Emit::Ptx,
            verify_each: cfg!(debug_assertions),
            print_after_all: false,
            time_passes: false,
            werror: false,
            error_limit: 20,
            verify_races: true,
            weakest_fence: true,
            explain_fences: false,
        }
    }
}

/// A successful compilation.
#[derive(Debug)]
pub struct Output {
    /// The emitted text (PTX or generic IR).
    pub text: String,
    /// Warnings.
    pub diags: Diagnostics,
    /// `--print-after-all` dumps.
    pub dumps: String,
    /// `--time-passes` report.
    pub timings: String,
    /// With `time_passes`: each pass's wall time in pipeline order, `parse` first and
    /// `print-ptx` last (the data behind `timings`); empty otherwise.
    pub pass_times: Vec<(&'static str, std::time::Duration)>,
    /// With [`Emit::Litmus`] through [`compile_file`]: the tests ([`crate::litmus`]).
    pub litmus: crate::litmus::Tests,
}

/// A failed compilation: the diagnostics plus what was dumped before the failure.
#[derive(Debug)]
pub struct Failure {
    /// Errors (and warnings).
    pub diags: Diagnostics,
    /// `--print-after-all` dumps up to the failure.
    pub dumps: String,
    /// `--time-passes` report up to the failure.
    pub timings: String,
    /// With `time_passes`: each pass's wall time up to the failure ([`Output::pass_times`]).
    pub pass_times: Vec<(&'static str, std::time::Duration)>,
}

/// The optimization of nv_tileas sync and the race check of its output: `weakest-fence`, then
/// `fold-barriers` (the barriers a dropped fence left adjacent), then `verify-races` again.
const OPTIMIZE: &[&str] = &["weakest-fence", "fold-barriers", "verify-races"];

/// The pass names run for `emit` with `opts`: without `verify_races` neither race check nor
/// `weakest-fence` (it derives from the checker's handoff graph) runs; without `weakest_fence` the optimization
/// ([`OPTIMIZE`]: the pass, `fold-barriers` and the check after them) is left out, so the
/// conservative baseline is exactly what `lower-aa-to-as` built.
pub fn pipeline_with(opts: &Options) -> Vec<&'static str> {
    let mut v = pipeline_for(opts.emit);
    if let Some(i) = v.iter().position(|n| *n == OPTIMIZE[0]) {
        if !(opts.verify_races && opts.weakest_fence) {
            v.drain(i..i + OPTIMIZE.len());
        }
    }
    if !opts.verify_races {
        v.retain(|n| *n != "verify-races");
    }
    v
}

/// The pass names run for `emit`. `verify-mem-legality` runs on the input and again once
/// pointer spaces are known (after `lower-cuda-tile-to-aa`): that is where the nv_tileaa checks
/// see them, and where their warnings are reported (the verifier after every pass reports only
/// errors, so each warning appears once).
pub fn pipeline_for(emit: Emit) -> Vec<&'static str> {
    let nv_tileas = [&["lower-aa-to-as", "verify-races"][..], OPTIMIZE].concat();
    let stages: &[&[&'static str]] = &[
        &["verify-mem-legality"],
        &["lower-cuda-tile-to-aa", "verify-mem-legality"],
        &nv_tileas,
        &["lower-as-to-ptx"],
    ];
    if emit == Emit::Litmus {
        // The sync lower-aa-to-as built, as verify-races sees it; its findings are tests here.
        return [stages[0], stages[1], &["lower-aa-to-as"]].concat();
    }
    let n = match emit {
        Emit::Litmus => unreachable!(),
        Emit::CudaTile => 1,
        Emit::NvTileaa => 2,
        Emit::NvTileas => 3,
        Emit::PtxIr | Emit::Ptx => 4,
    };
    stages[..n].concat()
}

/// Compiles source text.
pub fn compile(text: &str, name: &str, opts: &Options) -> Result<Output, Failure> {
    let mut sources = SourceMap::new();
    let f = sources.add(name, text);
    compile_file(&sources, f, opts).map_err(|(f, _)| f)
}

/// Compiles a file of `sources`; on failure also returns the rendered diagnostics.
pub fn compile_file(
    sources: &SourceMap,
    file: FileId,
    opts: &Options,
) -> Result<Output, (Failure, String)> {
    let t0 = std::time::Instant::now();
    let syntaxes = tilec_dialects::syntax::syntaxes();
    // A diagnostic before the pipeline (a parse error, no kernel) fails the compile alone.
    let early = |d: tilec_ir::Diagnostic| {
        let diags = Diagnostics::from(d);
        let rendered = diags.render_limited(sources, opts.error_limit);
        let failure = Failure {
            diags,
            dumps: String::new(),
            timings: String::new(),
            pass_times: Vec::new(),
        };
        (failure, rendered)
    };
    let mut m = parse_module_with(sources.text(file), file, syntaxes).map_err(|d| early(*d))?;
    let parse_time = t0.elapsed();
    if let Some(d) = no_kernel(&m, file) {
        return Err(early(d));
    }
    let r = compile_module(&mut m, opts, parse_time);
    let r = r.map(|mut out| {
        if opts.emit == Emit::Litmus {
            out.litmus = crate::litmus::tests(&m, sources);
            out.text = out.litmus.joined();
        }
        out
    });
    r.map_err(|f| {
        let rendered = f.diags.render_limited(sources, opts.error_limit);
        (f, rendered)
    })
}

/// The ptx dialect verifier's errors on the lowered module, each marked as an internal compiler
/// error at its op's location.
fn ptx_invalid(m: &Module, cx: &Cx) -> Diagnostics {
    let mut d = tilec_ir::verify::verify_module(m, cx.registry);
    for x in d.0.iter_mut() {
        if x.severity == tilec_ir::Severity::Error {
            x.message = format!(
                "internal compiler error: the lowering produced invalid ptx: {} (please report it with this input)",
                x.message
            );
            x.code = tilec_ir::DiagCode::InternalPtxInvalid;
        }
    }
    d
}

/// An error at the file's start when the parsed module holds no kernel of any dialect (an empty
/// file, only comments, a module with no entry): there is nothing to compile.
fn no_kernel(m: &Module, file: FileId) -> Option<tilec_ir::Diagnostic> {
    let kernel = |o: tilec_ir::Op| {
        let n = m.op_name(o).as_str();
        n.ends_with(".kernel") || n == "cuda_tile.entry"
    };
    let any = m.all_ops().into_iter().any(kernel);
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
        tilec_ir::Diagnostic::error(
            loc,
            "the input has no kernel (a cuda_tile entry, or an nv_tileaa/nv_tileas/ptx kernel op): nothing to compile",
        )
        .with_code(tilec_ir::DiagCode::InputNoKernel)
    })
}

/// Runs the pipeline over an already-built module (the builder-API entry point).
pub fn compile_module(
    m: &mut Module,
    opts: &Options,
    parse_time: std::time::Duration,
) -> Result<Output, Failure> {
    let names = pipeline_with(opts);
    let passes: Vec<&dyn Pass<Cx>> = names
        .iter()
        .map(|n| pass_by_name(n).expect("pipeline names are registered").pass as &dyn Pass<Cx>)
        .collect();
    run_pipeline(m, opts, parse_time, passes)
}

/// Runs `passes` (the pipeline of `opts`, or a test's stand-in for it) and prints the output.
fn run_pipeline(
    m: &mut Module,
    opts: &Options,
    parse_time: std::time::Duration,
    passes: Vec<&dyn Pass<Cx>>,
) -> Result<Output, Failure> {
    let mut cx = Cx::new(opts.target);
    cx.generated = m.top_ops().iter().any(|&o| {
        let n = m.op_name(o).as_str();
        n.starts_with("cuda_tile.") || n.starts_with("nv_tileaa.")
    });
    cx.explain_fences = opts.explain_fences;
    cx.source = tilec_passes::source_dialect(m);
    // weakest-fence builds its handoff graph from the model verify-races built of the same
    // kernel right before it (tilec_passes::verify::races::cache).
    let names: Vec<&str> = passes.iter().map(|p| p.name()).collect();
    cx.races = RaceCache::for_pipeline(&names);
    let mut pm = PassManager::new(passes);
    let verify: &dyn Fn(&Module, &Cx) -> Diagnostics = &verify_after_pass;
    let dump: &dyn Fn(&Module) -> String = &module_to_string;
    if opts.verify_each {
        pm.verify_each = Some(verify);
    }
    if opts.print_after_all {
        pm.print_after_all = Some(dump);
    }
    pm.time_passes = opts.time_passes;
    let mut rep = pm.run(m, &cx);
    note_rewriter_bug(&mut rep);
    if opts.werror {
        rep.diags.promote_warnings();
    }
    let mut timings = vec![("parse", parse_time)];
    timings.extend(rep.timings.iter().copied());
    let mut failed = rep.failed_at.is_some() || rep.diags.has_errors();
    if !failed && matches!(opts.emit, Emit::Ptx | Emit::PtxIr) && !opts.verify_each {
        // The ptx dialect's verifier runs before anything is printed, in every build: what it
        // rejects is a lowering bug, reported as such, never printed as PTX.
        let bad = ptx_invalid(m, &cx);
        failed = bad.has_errors();
        rep.diags.extend(bad);
    }
    let text = if failed || opts.emit == Emit::Litmus {
        String::new()
    } else if opts.emit == Emit::Ptx {
        let t = std::time::Instant::now();
        let r = tilec_passes::print::ptx::print_ptx(m, &opts.target);
        timings.push(("print-ptx", t.elapsed()));
        match r {
            Ok(s) => s,
            Err(d) => {
                rep.diags.extend(d);
                String::new()
            }
        }
    } else {
        module_to_string(m)
    };
    let (timings, pass_times) = if opts.time_passes {
        (render_timings(&timings), timings)
    } else {
        (String::new(), Vec::new())
    };
    if rep.diags.has_errors() {
        return Err(Failure {
            diags: rep.diags,
            dumps: rep.dumps,
            timings,
            pass_times,
        });
    }
    Ok(Output {
        text,
        diags: rep.diags,
        dumps: rep.dumps,
        timings,
        pass_times,
        litmus: Default::default(),
    })
}

/// A `verify-races` that fails after an earlier run of it accepted the kernel fails because a
/// pass between them (weakest-fence, fold-barriers) broke a verified program: every error gets a
/// note saying so, naming those passes. Read from the passes that ran, so it holds in every
/// configuration (timed or not).
fn note_rewriter_bug(rep: &mut PipelineReport) {
    if rep.failed_at != Some("verify-races") {
        return;
    }
    let Some(last) = rep.ran.iter().rposition(|n| *n == "verify-races") else {
        return;
    };
    let rewriters = &rep.ran[last + 1..];
    if rewriters.is_empty() {
        return;
    }
    let note = format!(
        "verify-races accepted this kernel before {} rewrote it: this is a tilec bug (rerun with --no-weakest-fence, and please report it with this input)",
        rewriters.join(" and ")
    );
    for d in rep
        .diags
        .0
        .iter_mut()
        .filter(|d| d.severity == tilec_ir::Severity::Error)
    {
        d.notes.push((d.loc, note.clone()));
    }
}

#[cfg(test)]
mod tests;
