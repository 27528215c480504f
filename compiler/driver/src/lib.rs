//! tilec: compile tile programs to PTX — the library embedders use.
//!
//! One entry point per kind of input, all with the same result: [`compile`] (source text),
//! [`compile_module`] (a module built in Rust), [`compile_file`] (a file of a [`SourceMap`] the
//! caller filled, as the command-line tools do). Each returns an [`Output`] or an [`Error`]
//! that renders its diagnostics clang-style, with the sources, on its own:
//!
//! ```
//! let src = r#"
//! "cuda_tile.module"() ({
//!   "cuda_tile.entry"() ({
//!   ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
//!     %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
//!     %old, %t = "cuda_tile.atomic_rmw_tko"(%flag, %one) {kind = #mem.rmw<add>,
//!         mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
//!         : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
//!     "cuda_tile.return"() : () -> ()
//!   }) {sym_name = "bump"} : () -> ()
//! }) : () -> ()
//! "#;
//! let out = tilec::compile(src, "bump.mlir", &tilec::Options::default()).expect("compiles");
//! assert!(out.text.contains("atom.release.gpu.global.add.u32"));
//!
//! // An atomic cannot be weak: the error renders with the source line, and has a stable code.
//! let bad = src.replace("#mem.sem<release>", "#mem.sem<weak>");
//! let err = tilec::compile(&bad, "bump.mlir", &tilec::Options::default()).unwrap_err();
//! assert!(err.render().starts_with("bump.mlir:6:5: error: 'atomic_rmw_tko' does not accept semantic 'weak'"));
//! assert_eq!(err.errors().next().map(|d| d.code), Some(tilec::DiagCode::LegalitySemantic));
//! ```
//!
//! Or build the IR in Rust ([`tilec_dialects::cuda_tile::builder`]) and compile the module.
//! Memory ops the caller does not order explicitly get the conservative `(sc, sys)`:
//!
//! ```
//! use tilec_dialects::cuda_tile::builder::{KernelBuilder, TileType};
//! use tilec_ir::{MemScope, MemSemantic, Module, RmwKind};
//!
//! let mut m = Module::new();
//! let mut k = KernelBuilder::new(&mut m, "counters", "bump", &[TileType::ptr(TileType::I32)]);
//! let flag = k.param(0);
//! let one = k.constant_i32(&[], 1);
//! let (_, t) = k.atomic_rmw(flag, RmwKind::Add, one).emit(); // default (sc, sys)
//! let _ = k.atomic_rmw(flag, RmwKind::Add, one).after(&[t]).order(MemSemantic::Relaxed, Some(MemScope::Gpu)).emit();
//! k.finish();
//! let out = tilec::compile_module(&mut m, &tilec::Options::default()).expect("compiles");
//! assert!(out.text.contains("fence.sc.sys;\n\tatom.acq_rel.sys.global.add.u32"));
//! assert!(out.text.contains("atom.relaxed.gpu.global.add.u32"));
//! ```
//!
//! The pipeline itself is data ([`Pipeline`]: the [`PassId`]s the [`Options`] select, which
//! may be edited), and every compile reports what it did ([`PipelineReport`]: the passes that
//! ran, each step's time, on request the IR of every stage).

mod debug_notes;
pub mod litmus;
mod options;
mod output;
mod pipeline;
mod run;

pub use options::{Backend, Emit, Options};

/// Whether this build has the LLVM path (`--emit llvm`, `--backend llvm`: the `llvm` feature).
pub const HAS_LLVM: bool = cfg!(feature = "llvm");
pub use output::{Error, Output};
pub use pipeline::{NotInPipeline, Pipeline, PipelineReport, Step};
pub use tilec_dialects::ptx::form::PtxForm;
pub use tilec_dialects::target::{ArchVariant, PtxIsa, Target};
pub use tilec_dialects::Dialect;
pub use tilec_ir::{
    DiagCode, Diagnostic, Diagnostics, FileId, Loc, Module, Op, Severity, SourceMap,
};
pub use tilec_passes::cost::Class as CostClass;
pub use tilec_passes::weakest_fence::Rule as FenceRule;
pub use tilec_passes::weakest_fence::{CoveredHandoff, FenceDecision, FenceOutcome, KeptReason};
pub use tilec_passes::PassId;

use std::sync::Arc;

/// Compiles source text with the pipeline of `opts` (`name` is the file name diagnostics
/// show).
pub fn compile(text: &str, name: &str, opts: &Options) -> Result<Output, Error> {
    Pipeline::new(opts).compile(text, name)
}

/// Compiles file `file` of `sources` with the pipeline of `opts` (the command-line tools read
/// their input, stdin or bytes that are not UTF-8, into a source map themselves).
pub fn compile_file(
    sources: &Arc<SourceMap>,
    file: FileId,
    opts: &Options,
) -> Result<Output, Error> {
    Pipeline::new(opts).compile_file(sources, file)
}

/// Runs the pipeline of `opts` over a module built in Rust (the builder-API entry point).
pub fn compile_module(m: &mut Module, opts: &Options) -> Result<Output, Error> {
    Pipeline::new(opts).compile_module(m)
}

/// The text a module lifted from bytecode is entered as: its custom form (cuda_tile as
/// `tileirdisasm` writes it) when that reads back, else its generic form. A well-formed file's
/// module always prints in the custom form; an ill-typed one (a corrupt or hand-made file the
/// reader accepts) may not, and the generic form always reads back, so the verifier then
/// reports what is wrong with it, located in that text.
pub fn lifted_text(m: &Module) -> String {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let custom = tilec_ir::text::module_to_string_with(m, syntaxes);
    match tilec_ir::text::parse_module_with(&custom, FileId(0), syntaxes) {
        Ok(_) => custom,
        Err(_) => tilec_ir::text::module_to_string(m),
    }
}

/// Reads `bytes` as a source file: text (see [`SourceMap::add_bytes`]), or NVIDIA Tile IR
/// bytecode (a `.tilebc` file, recognized by its magic number), which is read
/// (`tilec_bytecode::read`), lifted to cuda_tile ops (`tilec_bytecode::to_module`) and entered
/// as the cuda_tile text of that module (what `tile-opt X.tilebc` prints): everything after the
/// parse is the text path, and a later diagnostic shows the op's line of that text. A file the
/// reader or the lift rejects is an error located in the file (its message names the byte).
pub fn add_source(
    sources: &mut SourceMap,
    name: &str,
    bytes: Vec<u8>,
) -> (FileId, Option<Diagnostic>) {
    if !bytes.starts_with(&tilec_bytecode::MAGIC) {
        return sources.add_bytes(name, bytes);
    }
    let lifted = tilec_bytecode::read(&bytes, FileId(0))
        .map_err(Diagnostics::from)
        .and_then(|bc| tilec_bytecode::to_module(&bc, FileId(0)));
    match lifted {
        Ok(m) => (sources.add(name, lifted_text(&m)), None),
        Err(ds) => {
            let f = sources.add(name, "");
            // The first error, at the top of the file; every message names its byte.
            let mut all = ds.0.into_iter();
            let mut d = all.next().unwrap_or_else(|| {
                Diagnostic::error(Loc::default(), "the bytecode file cannot be read")
            });
            d.loc = Loc::new(f, 0, 0);
            for other in all {
                d = d.with_note(Loc::new(f, 0, 0), other.message);
            }
            (f, Some(d))
        }
    }
}
