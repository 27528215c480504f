//! `tile-opt INPUT --passes a,b,c [--verify-diagnostics] [--print-generic]` — run named passes
//! like `mlir-opt`. The IR is verified after parsing and after every pass.
//! `tile-opt X.tilebc --dump-bytecode` prints the structure of a Tile IR bytecode file instead
//! (docs/tile-ir-bytecode.md), and `--emit-bytecode` writes the module (cuda_tile kernels) as
//! Tile IR bytecode instead of text.

use clap::Parser;
use tilec_ir::expect::verify_expected;
use tilec_ir::pass::{render_timings, Pass, PassManager};
use tilec_ir::text::{module_to_string, module_to_string_with, parse_module_with};
use tilec_ir::{Diagnostics, Module, SourceMap};
use tilec_passes::{verify_after_pass, Cx, PassId, PASSES};
use tilec_tools::cli;

/// Run tilec passes over IR in the MLIR generic form or a dialect custom syntax (cuda_tile).
#[derive(Parser)]
#[command(name = "tile-opt", version)]
struct Args {
    /// Input file (`-` for stdin; not needed with --list-passes).
    #[arg(required_unless_present = "list_passes")]
    input: Option<String>,
    /// Comma-separated pass pipeline (see --list-passes).
    #[arg(long, default_value = "")]
    passes: String,
    /// Output file (default: stdout).
    #[arg(short = 'o')]
    output: Option<String>,
    /// Check diagnostics against `// expected-error` annotations instead of printing them.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,
    /// Print the generic op form (default: the custom syntax of the ops that have one).
    #[arg(long = "print-generic")]
    print_generic: bool,
    /// Target architecture.
    #[arg(long, default_value = "sm_90a")]
    target: String,
    /// PTX ISA version ceiling.
    #[arg(long = "ptx-isa")]
    ptx_isa: Option<String>,
    /// Dump the IR after every pass (to stderr).
    #[arg(long = "print-after-all")]
    print_after_all: bool,
    /// Report the time of every pass (to stderr).
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// Treat warnings as errors (NVIDIA's `-Werr-hints` for its hint warnings).
    #[arg(long = "Werror")]
    werror: bool,
    /// List the registered passes and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Read INPUT as Tile IR bytecode (`.tilebc`) and print its structure: version, sections,
    /// tables, globals, functions, debug info.
    #[arg(long = "dump-bytecode")]
    dump_bytecode: bool,
    /// Write the module (after the passes) as Tile IR bytecode instead of text: cuda_tile
    /// kernels, what `tileiras` reads (docs/tile-ir-bytecode.md, "Writing bytecode").
    #[arg(long = "emit-bytecode")]
    emit_bytecode: bool,
    /// The bytecode version `--emit-bytecode` writes (13.1 to 13.4).
    #[arg(long = "bytecode-version", default_value = "13.4")]
    bytecode_version: String,
}

fn main() {
    let a = Args::parse();
    if a.list_passes {
        for p in PASSES {
            println!("{:<24} {}", p.name, p.summary);
        }
        return;
    }
    if a.dump_bytecode {
        dump_bytecode(a.input.as_deref().unwrap_or("-"), a.output.as_deref());
    }
    let target = cli::target(&a.target, a.ptx_isa.as_deref())
        .unwrap_or_else(|e| cli::usage_error("tile-opt", &e));
    let bytecode_version =
        tilec_bytecode::Version::parse(&a.bytecode_version).unwrap_or_else(|| {
            cli::usage_error(
                "tile-opt",
                &format!(
                    "--bytecode-version {}: one of 13.1, 13.2, 13.3, 13.4",
                    a.bytecode_version
                ),
            )
        });
    let mut ids: Vec<PassId> = Vec::new();
    for name in a.passes.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match PassId::from_name(name) {
            Some(id) => ids.push(id),
            None => {
                let known: Vec<&str> = PASSES.iter().map(|p| p.name).collect();
                cli::usage_error(
                    "tile-opt",
                    &format!(
                        "unknown pass '{name}'; registered passes: {}",
                        known.join(", ")
                    ),
                );
            }
        }
    }
    let mut sources = SourceMap::new();
    let (file, utf8_err) = cli::read_input(&mut sources, a.input.as_deref().unwrap_or("-"))
        .unwrap_or_else(|e| {
            eprintln!("tile-opt: error: {e}");
            std::process::exit(1)
        });
    let mut cx = Cx::new(target);
    // As tilec does: weakest-fence builds its graph from the model verify-races kept.
    cx.races = tilec_passes::verify::races::cache::RaceCache::for_pipeline(&ids);
    let passes: Vec<&dyn Pass<Cx>> = ids.iter().map(|id| id.pass() as &dyn Pass<Cx>).collect();
    let (mut diags, module, timings) = run(&sources, file, utf8_err, passes, &cx, &a);
    if a.werror {
        diags.promote_warnings();
    }
    let module = module.filter(|_| !diags.has_errors());
    let ok = if a.verify_diagnostics {
        let mismatches = verify_expected(&sources, file, &diags);
        eprint!("{}", mismatches.render(&sources));
        mismatches.is_empty()
    } else {
        eprint!("{}", diags.render(&sources));
        !diags.has_errors()
    };
    eprint!("{timings}");
    if let (true, Some(m), true) = (ok, &module, a.emit_bytecode) {
        emit_bytecode(m, bytecode_version, &sources, a.output.as_deref());
    }
    if let (true, Some(m)) = (ok, module) {
        let text = if a.print_generic {
            module_to_string(&m)
        } else {
            module_to_string_with(&m, tilec_dialects::syntax::syntaxes())
        };
        if let Err(e) = cli::write_output(a.output.as_deref(), &text) {
            eprintln!("tile-opt: error: {e}");
            std::process::exit(1);
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}

fn run(
    sources: &SourceMap,
    file: tilec_ir::FileId,
    utf8_err: Option<tilec_ir::Diagnostic>,
    passes: Vec<&dyn Pass<Cx>>,
    cx: &Cx,
    a: &Args,
) -> (Diagnostics, Option<Module>, String) {
    if let Some(d) = utf8_err {
        return (Diagnostics::from(d), None, String::new());
    }
    let t0 = std::time::Instant::now();
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let mut m = match parse_module_with(sources.text(file), file, syntaxes) {
        Ok(m) => m,
        Err(d) => return (Diagnostics::from(*d), None, String::new()),
    };
    let parse_time = t0.elapsed();
    let cx = &Cx {
        source: tilec_passes::source_dialect(&m),
        ..cx.clone()
    };
    let parsed = verify_after_pass(&m, cx);
    if parsed.has_errors() {
        return (parsed, None, String::new());
    }
    let mut pm = PassManager::new(passes);
    let verify: &dyn Fn(&Module, &Cx) -> Diagnostics = &verify_after_pass;
    let dump: &dyn Fn(&Module) -> String = &module_to_string;
    pm.verify_each = Some(verify);
    if a.print_after_all {
        pm.print_after_all = Some(dump);
    }
    let rep = pm.run(&mut m, cx);
    eprint!("{}", rep.dumps);
    let mut timings = vec![("parse", parse_time)];
    timings.extend(pm.named_timings(&rep));
    let t = if a.time_passes {
        render_timings(&timings)
    } else {
        String::new()
    };
    // Warnings of the verification after parsing come first, then the pipeline's.
    let mut diags = parsed;
    diags.extend(rep.diags);
    let failed = diags.has_errors();
    (diags, (!failed).then_some(m), t)
}

/// `--emit-bytecode`: writes `m` as bytecode, or prints why it cannot be (located errors);
/// exits.
fn emit_bytecode(
    m: &Module,
    version: tilec_bytecode::Version,
    sources: &SourceMap,
    output: Option<&str>,
) -> ! {
    match tilec_bytecode::from_module(m, version) {
        Ok(bc) => {
            if let Err(e) = cli::write_bytes(output, &tilec_bytecode::encode(&bc)) {
                eprintln!("tile-opt: error: {e}");
                std::process::exit(1);
            }
            std::process::exit(0)
        }
        Err(ds) => {
            eprint!("{}", ds.render(sources));
            std::process::exit(1)
        }
    }
}

/// `--dump-bytecode`: reads `input` as bytes, prints the dump or the reader's diagnostic
/// (`input: error: message`; a bytecode file has no lines to point into), and exits.
fn dump_bytecode(input: &str, output: Option<&str>) -> ! {
    let bytes = if input == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b).map(|_| b)
    } else {
        std::fs::read(input)
    };
    let bytes = bytes.unwrap_or_else(|e| {
        eprintln!("tile-opt: error: cannot read {input}: {e}");
        std::process::exit(1)
    });
    match tilec_bytecode::read(&bytes, tilec_ir::FileId(0)) {
        Ok(bc) => {
            if let Err(e) = cli::write_output(output, &tilec_bytecode::dump(&bc)) {
                eprintln!("tile-opt: error: {e}");
                std::process::exit(1);
            }
            std::process::exit(0)
        }
        Err(d) => {
            eprintln!("{input}: error: {} [{}]", d.message, d.code);
            std::process::exit(1)
        }
    }
}
