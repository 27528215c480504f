//! `tilec INPUT [-o OUT] [--target sm_90a] [--ptx-isa X.Y] [--emit STAGE] …` — compile a tile
//! program to PTX. Exit status: 0 success, 1 diagnostics, 2 usage error.
//!
//! `tilec litmus …` decides PTX litmus tests instead (`tilec_tools::litmus_cli`, docs/litmus.md).

use clap::Parser;
use std::sync::Arc;
use tilec::{compile_file, Backend, Emit, Options};
use tilec_ir::{Diagnostics, SourceMap};
use tilec_tools::cli;

/// Compile tile programs (cuda_tile, nv_tileaa, nv_tileas or ptx dialect, MLIR generic form) to PTX.
#[derive(Parser)]
#[command(name = "tilec", version)]
struct Args {
    /// Input file (`-` for stdin).
    input: String,
    /// Output file (default: stdout).
    #[arg(short = 'o')]
    output: Option<String>,
    /// Target architecture, e.g. sm_80, sm_90, sm_90a, sm_100a.
    #[arg(long, default_value = "sm_90a")]
    target: String,
    /// PTX ISA version ceiling, e.g. 8.7 (default: the lowest version that covers the output).
    #[arg(long = "ptx-isa")]
    ptx_isa: Option<String>,
    /// What to emit (`litmus`: the sync handoffs of every nv_tileas kernel as PTX litmus tests,
    /// docs/verify-races.md "Litmus skeletons"; `nvvm-mlir`: MLIR's llvm and nvvm dialects for
    /// mlir-translate, docs/mlir-bridge.md; `llvm`: LLVM IR for nvptx64-nvidia-cuda, with the
    /// `llvm` feature, docs/llvm-bridge.md).
    #[arg(long, default_value = "ptx", value_parser = clap::builder::PossibleValuesParser::new(Emit::SPELLINGS))]
    emit: String,
    /// Where the PTX comes from: tilec's own printer, or LLVM's NVPTX backend from the IR of
    /// `--emit llvm` (with the `llvm` feature; docs/llvm-bridge.md).
    #[arg(long, default_value = "tilec", value_parser = clap::builder::PossibleValuesParser::new(Backend::SPELLINGS))]
    backend: String,
    /// LLVM's optimization level for `--emit llvm` and `--backend llvm`.
    #[arg(long = "llvm-opt", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=3))]
    llvm_opt: u8,
    /// With `--emit llvm` (or `--backend llvm`): write each kernel as an external device function
    /// (`extern "C" __device__ void name(…)` to CUDA C++, every address a 64-bit integer) that
    /// every thread of a CTA of the kernel's size calls, instead of a kernel entry.
    #[arg(long = "device-functions")]
    device_functions: bool,
    /// Do not run the weakest-fence optimization, nor fold-barriers after it (the conservative
    /// baseline).
    #[arg(long = "no-weakest-fence")]
    no_weakest_fence: bool,
    /// Report every fence and sync qualifier: the handoffs it covers, the rule that chose it
    /// and the cost class it saved (remarks on stderr).
    #[arg(long = "explain-fences")]
    explain_fences: bool,
    /// Write one `.litmus` test per sync handoff of every nv_tileas kernel into DIR (the
    /// handoffs verify-races checks and the ones it reports), instead of compiling; implies
    /// `--emit litmus`.
    #[arg(long = "emit-litmus", value_name = "DIR")]
    emit_litmus: Option<String>,
    /// Skip `verify-races` (for tests of isolated sync forms that are not whole, race-free
    /// programs; docs/verify-races.md).
    #[arg(long = "no-verify-races")]
    no_verify_races: bool,
    /// Dump the IR after every pass (to stderr).
    #[arg(long = "print-after-all")]
    print_after_all: bool,
    /// Report the time of every pass (to stderr).
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// Verify the IR after every pass (default in debug builds).
    #[arg(long = "verify-each")]
    verify_each: bool,
    /// Treat warnings as errors.
    #[arg(long = "Werror")]
    werror: bool,
    /// Show at most N errors, then how many more there are (0: all).
    #[arg(long = "error-limit", default_value_t = 20)]
    error_limit: usize,
    /// Show each diagnostic's stable code after its message (`[legality.semantic]`;
    /// docs/diagnostics.md), as clang's `-fdiagnostics-show-option` shows a warning's flag.
    #[arg(long = "show-codes")]
    show_codes: bool,
    /// Write the kernel's source lines (the input's `loc(…)` locations, a cuTile kernel's
    /// Python lines) into the PTX as `.file`/`.loc` directives, for `ptxas -lineinfo` and the
    /// profilers' source view.
    #[arg(long = "lineinfo")]
    lineinfo: bool,
    /// Load the factors of pipelined wgmma matmuls with TMA through tensor maps passed as
    /// hidden kernel parameters after the kernel's own, described in the PTX for the launcher
    /// (tile-run makes them; docs/tensor-maps.md).
    #[arg(long = "tma-maps")]
    tma_maps: bool,
    /// Reject tilec's extensions of cuda_tile that NVIDIA's dialect does not have (the
    /// `verify-nvidia` pass, first): what passes is NVIDIA's cuda_tile as far as its verifier's
    /// rules go (docs/cuda-tile-ops.md).
    #[arg(long = "pedantic")]
    pedantic: bool,
}

/// Why the LLVM path is missing from this build.
fn tilec_llvm_unavailable() -> &'static str {
    "this tilec was built without LLVM: build it with `--features llvm` (LLVM 22 needed; README, \"Building with MLIR and LLVM\")"
}

fn main() {
    let mut argv = std::env::args();
    if argv.nth(1).as_deref() == Some("litmus") {
        std::process::exit(tilec_tools::litmus_cli::main(argv.collect()));
    }
    let a = Args::parse();
    let target = cli::target(&a.target, a.ptx_isa.as_deref())
        .unwrap_or_else(|e| cli::usage_error("tilec", &e));
    if (a.emit == "llvm" || a.backend == "llvm") && !tilec::HAS_LLVM {
        cli::usage_error(
            "tilec",
            &format!(
                "--emit llvm and --backend llvm: {}",
                tilec_llvm_unavailable()
            ),
        );
    }
    let mut opts = Options {
        target,
        emit: if a.emit_litmus.is_some() {
            Emit::Litmus
        } else {
            Emit::parse(&a.emit).unwrap_or_default()
        },
        print_after_all: a.print_after_all,
        time_passes: a.time_passes,
        werror: a.werror,
        error_limit: a.error_limit,
        verify_races: !a.no_verify_races,
        weakest_fence: !a.no_weakest_fence,
        explain_fences: a.explain_fences,
        line_info: a.lineinfo,
        tma_maps: a.tma_maps,
        pedantic: a.pedantic,
        backend: Backend::parse(&a.backend).unwrap_or_default(),
        llvm_opt: a.llvm_opt,
        device_functions: a.device_functions,
        ..Options::default()
    };
    opts.verify_each |= a.verify_each;
    let mut sources = SourceMap::new();
    let (file, utf8_err) = cli::read_input(&mut sources, &a.input).unwrap_or_else(|e| {
        eprintln!("tilec: error: {e}");
        std::process::exit(1)
    });
    if let Some(d) = utf8_err {
        eprint!("{}", Diagnostics::from(d).render(&sources));
        std::process::exit(1);
    }
    match compile_file(&Arc::new(sources), file, &opts) {
        Ok(out) => {
            let diags = match a.show_codes {
                true => out.diags.render_with_codes(out.sources(), 0),
                false => out.render_diags(),
            };
            eprint!("{}{}{}", out.dumps, diags, out.timings);
            for s in &out.litmus.skipped {
                eprintln!("tilec: note: handoff left out of the litmus tests: {s}");
            }
            if let Some(dir) = &a.emit_litmus {
                if let Err(e) = write_litmus(dir, &out.litmus) {
                    eprintln!("tilec: error: {dir}: {e}");
                    std::process::exit(1);
                }
                return;
            }
            if let Err(e) = cli::write_output(a.output.as_deref(), &out.text) {
                eprintln!("tilec: error: {e}");
                std::process::exit(1);
            }
        }
        Err(e) => {
            let diags = match a.show_codes {
                true => e.render_with_codes(),
                false => e.render(),
            };
            eprint!("{}{}{}", e.dumps, diags, e.timings);
            std::process::exit(1);
        }
    }
}

/// Writes each test of `t` into `dir` (created if missing).
fn write_litmus(dir: &str, t: &tilec::litmus::Tests) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in &t.files {
        std::fs::write(std::path::Path::new(dir).join(name), text)?;
    }
    Ok(())
}
