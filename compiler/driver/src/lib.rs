//! tilec: compile tile programs to PTX — the library embedders use.
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
//! let out = tilec::compile_module(&mut m, &tilec::Options::default(), Default::default()).expect("compiles");
//! assert!(out.text.contains("fence.sc.sys;\n\tatom.acq_rel.sys.global.add.u32"));
//! assert!(out.text.contains("atom.relaxed.gpu.global.add.u32"));
//! ```

pub mod litmus;
mod pipeline;

pub use pipeline::{compile, compile_file, compile_module, Emit, Failure, Options, Output};
pub use tilec_dialects::target::{PtxIsa, Target};
pub use tilec_ir::{Diagnostic, Diagnostics, Module, SourceMap};

/// Reads `bytes` as a source file (see [`SourceMap::add_bytes`]).
pub fn add_source(
    sources: &mut SourceMap,
    name: &str,
    bytes: Vec<u8>,
) -> (tilec_ir::FileId, Option<Diagnostic>) {
    sources.add_bytes(name, bytes)
}
