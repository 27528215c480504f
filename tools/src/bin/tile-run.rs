//! `tile-run KERNEL.mlir [--spec FILE] [--ptx FILE] [--launches N] [--timing-launches N] …` —
//! compile a kernel, run it on the GPU as its spec (`KERNEL.run.toml`) says, check the buffers
//! and time it. docs/runner.md describes the spec and the output. `--no-weakest-fence` and
//! `--no-verify-races` compile as `tilec` does with those flags (the conservative baseline of a
//! benchmark); `--save-ptx FILE` keeps the PTX that runs.
//!
//! Exit status: 0 every check passed; 1 a mismatch, a compile error, a JIT/launch error or a
//! timeout; 2 a usage or spec error; 3 no CUDA driver or no CUDA device.

use clap::Parser;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;
use tilec::{compile_file, Options};
use tilec_ir::{Diagnostics, SourceMap};
use tilec_tools::cli;
use tilec_tools::run::cuda::{CudaDevice, OpenError};
use tilec_tools::run::{default_spec_path, execute, exit, report, Overrides, Plan, Spec};

/// Run a compiled tile kernel on the GPU and check its results.
#[derive(Parser)]
#[command(name = "tile-run", version)]
struct Args {
    /// The kernel: a tile program to compile (.mlir), or PTX to load as is (.ptx).
    kernel: Option<String>,
    /// The spec file (default: the kernel's path with `.run.toml` for its extension).
    #[arg(long)]
    spec: Option<String>,
    /// Load this PTX instead of compiling KERNEL.
    #[arg(long)]
    ptx: Option<String>,
    /// Checked launches (overrides the spec's `launches`).
    #[arg(long)]
    launches: Option<u64>,
    /// Timed launches (overrides the spec's `timing_launches`).
    #[arg(long = "timing-launches")]
    timing_launches: Option<u64>,
    /// Target to compile for (overrides the spec's `target`; default sm_90a).
    #[arg(long)]
    target: Option<String>,
    /// Seconds one launch may take (overrides the spec's `timeout_s`).
    #[arg(long)]
    timeout: Option<f64>,
    /// CUDA device ordinal.
    #[arg(long, default_value_t = 0)]
    device: usize,
    /// Read the spec, compile, match the spec with the kernel, print the plan, and stop before
    /// touching the GPU.
    #[arg(long = "no-run")]
    no_run: bool,
    /// Compile without the weakest-fence pass (the conservative baseline), as `tilec
    /// --no-weakest-fence`.
    #[arg(long = "no-weakest-fence")]
    no_weakest_fence: bool,
    /// Compile without verify-races (and so without weakest-fence, whose oracle it is), as
    /// `tilec --no-verify-races`: runs a kernel the race checker rejects, as written.
    #[arg(long = "no-verify-races")]
    no_verify_races: bool,
    /// Compile without TMA tensor maps (`tilec` without `--tma-maps`): the pipelined wgmma
    /// factors are copied with cp.async. By default tile-run compiles with `--tma-maps` and
    /// makes the maps the PTX describes.
    #[arg(long = "no-tma-maps")]
    no_tma_maps: bool,
    /// Write the PTX that is loaded (compiled or read) to this file.
    #[arg(long = "save-ptx")]
    save_ptx: Option<String>,
}

fn main() {
    let a = Args::parse();
    let usage = |m: &str| -> ! {
        eprintln!("tile-run: error: {m}");
        std::process::exit(exit::USAGE)
    };
    let Some(anchor) = a.kernel.as_deref().or(a.ptx.as_deref()) else {
        usage("give a kernel (KERNEL.mlir or KERNEL.ptx) or --ptx FILE");
    };
    let spec_path = a.spec.clone().unwrap_or_else(|| default_spec_path(anchor));
    let spec_text = std::fs::read_to_string(&spec_path)
        .unwrap_or_else(|e| usage(&format!("cannot read spec '{spec_path}': {e}")));
    let spec = Spec::parse(&spec_text, &spec_path).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(exit::USAGE)
    });
    let timeout = match a.timeout {
        Some(s) if s > 0.0 && s.is_finite() => Some(Duration::from_secs_f64(s)),
        Some(_) => usage("--timeout must be a positive number of seconds"),
        None => None,
    };
    let ov = Overrides {
        target: a.target.clone(),
        launches: a.launches,
        timing_launches: a.timing_launches,
        timeout,
    };
    let ptx = load_ptx(&a, &Plan::target_of(&spec, &ov));
    if let Some(p) = &a.save_ptx {
        std::fs::write(p, &ptx).unwrap_or_else(|e| usage(&format!("cannot write '{p}': {e}")));
    }
    let mut plan = Plan::resolve(&spec, &ptx, &ov).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(exit::USAGE)
    });
    if !is_ptx_input(&a) {
        plan.compiled_with = compile_flags(&a);
    }
    if a.no_run {
        print!("{}", report::describe(&plan));
        return;
    }
    // cudarc panics on a driver that lacks a function it binds (an old libcuda); that is a
    // missing-driver condition to report, not a crash.
    let run = catch_unwind(AssertUnwindSafe(|| {
        let mut dev = match CudaDevice::open(&plan, &ptx, a.device) {
            Ok(d) => d,
            Err(OpenError::NoDriver) => {
                eprintln!("tile-run: no CUDA driver found (libcuda.so could not be loaded)");
                std::process::exit(exit::NO_GPU)
            }
            Err(OpenError::NoDevice(why)) => {
                eprintln!("tile-run: no CUDA device ({why})");
                std::process::exit(exit::NO_GPU)
            }
            Err(OpenError::Failed(m)) => {
                eprintln!("tile-run: error: {m}");
                std::process::exit(exit::FAIL)
            }
        };
        let r = execute(&plan, &mut dev);
        print!("{}", r.render());
        let _ = std::io::stdout().flush();
        // Exit here, with the device still open: after a timeout the kernel may still be
        // running, and tearing down its buffers would wait for it. Process exit ends it.
        std::process::exit(r.exit_code())
    }));
    if let Err(p) = run {
        let msg = p
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| p.downcast_ref::<&str>().copied())
            .unwrap_or("");
        eprintln!("tile-run: the CUDA driver could not be used: {msg}");
        std::process::exit(exit::NO_GPU)
    }
}

/// The PTX file to load as is: `--ptx`, or a `.ptx` KERNEL.
fn ptx_file(a: &Args) -> Option<&str> {
    a.ptx
        .as_deref()
        .or(a.kernel.as_deref().filter(|k| k.ends_with(".ptx")))
}

fn is_ptx_input(a: &Args) -> bool {
    ptx_file(a).is_some()
}

/// The compiler flags given, as `tilec` spells them.
fn compile_flags(a: &Args) -> Vec<String> {
    let mut f = Vec::new();
    if a.no_verify_races {
        f.push("--no-verify-races".to_string());
    }
    if a.no_weakest_fence {
        f.push("--no-weakest-fence".to_string());
    }
    if a.no_tma_maps {
        f.push("--no-tma-maps".to_string());
    }
    f
}

/// The PTX to run: `--ptx`, a `.ptx` KERNEL, or KERNEL compiled for `target` (diagnostics go to
/// stderr; a compile error exits 1).
fn load_ptx(a: &Args, target: &str) -> String {
    if let Some(p) = ptx_file(a) {
        if a.no_weakest_fence || a.no_verify_races {
            eprintln!("tile-run: error: --no-weakest-fence and --no-verify-races apply to a compiled kernel, not to PTX loaded as is");
            std::process::exit(exit::USAGE)
        }
        return std::fs::read_to_string(p).unwrap_or_else(|e| {
            eprintln!("tile-run: error: cannot read '{p}': {e}");
            std::process::exit(exit::USAGE)
        });
    }
    let kernel = a.kernel.as_deref().unwrap_or("-");
    let target = cli::target(target, None).unwrap_or_else(|e| {
        eprintln!("tile-run: error: {e}");
        std::process::exit(exit::USAGE)
    });
    let opts = Options {
        target,
        verify_races: !a.no_verify_races,
        weakest_fence: !a.no_weakest_fence,
        tma_maps: !a.no_tma_maps,
        ..Options::default()
    };
    let mut sources = SourceMap::new();
    let (file, utf8_err) = cli::read_input(&mut sources, kernel).unwrap_or_else(|e| {
        eprintln!("tile-run: error: {e}");
        std::process::exit(exit::USAGE)
    });
    if let Some(d) = utf8_err {
        eprint!("{}", Diagnostics::from(d).render(&sources));
        std::process::exit(exit::FAIL);
    }
    match compile_file(&std::sync::Arc::new(sources), file, &opts) {
        Ok(out) => {
            eprint!("{}", out.render_diags());
            out.text
        }
        Err(e) => {
            eprint!("{e}");
            std::process::exit(exit::FAIL)
        }
    }
}
