//! tilec's LLVM bridge: kernels as LLVM IR built with inkwell (LLVM 22), and PTX through LLVM's
//! NVPTX backend (`tilec --emit llvm`, `tilec --backend llvm`; docs/llvm-bridge.md).
//!
//! What is written natively and what as inline asm is decided in `tilec_passes::print::lower`,
//! shared with `--emit nvvm-mlir`; `build` spells those decisions with inkwell's builder:
//! `ptx_kernel` functions with `nvvm.reqntid`/`nvvm.minctasm`/`nvvm.cluster_dim`, address
//! spaces, `syncscope`d fences, loads and stores, and inline asm wherever LLVM would drop
//! ordering or scope. The module is verified, optimized with LLVM's `default<On>` pipeline
//! (mem2reg turns the slots into registers) and, for PTX, compiled for the target's `sm_XX`
//! with `+ptxNN` at least the PTX ISA tilec's own printer needs for the same module.
//!
//! Everything here is behind the cargo feature `llvm`; without it every request is refused with
//! [`Error::Unavailable`], so the default build needs no LLVM.
//!
//! Invariant: nothing here changes the module.

#![cfg_attr(not(feature = "llvm"), allow(unused))]

#[cfg(feature = "llvm")]
mod build;
#[cfg(feature = "llvm")]
mod scope;

use tilec_dialects::target::{PtxIsa, Target};
use tilec_ir::{Diagnostics, Module};

/// What the LLVM path is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The target (`sm_90a`: LLVM's CPU of that name).
    pub target: &'a Target,
    /// The PTX ISA the module needs (what tilec's printer writes as `.version`): LLVM's
    /// `+ptxNN` feature, so that every inline-asm form assembles.
    pub ptx: PtxIsa,
    /// LLVM's optimization level, 0 to 3 (`default<On>` and the code generator's level).
    pub opt: u8,
    /// Write each kernel as a device function (C calling convention, external, `convergent`,
    /// no launch attributes) for CUDA C++ device code to call, instead of a kernel entry.
    pub device_functions: bool,
}

/// Why the LLVM path gave no output.
#[derive(Debug)]
pub enum Error {
    /// Ops it cannot write, each located.
    Diagnostics(Diagnostics),
    /// LLVM refused the module or the target: a bug in tilec or a missing LLVM component.
    Llvm(String),
    /// Built without the `llvm` feature.
    Unavailable,
}

/// The message of [`Error::Unavailable`].
pub const UNAVAILABLE: &str = "this tilec was built without LLVM: build it with `--features llvm` \
     (LLVM 22 needed; README, \"Building with MLIR and LLVM\")";

/// The module's kernels as LLVM IR text, optimized at `r.opt`.
pub fn llvm_ir(m: &Module, r: Request) -> Result<String, Error> {
    #[cfg(feature = "llvm")]
    {
        build::with_module(m, r, |module, _| Ok(module.print_to_string().to_string()))
    }
    #[cfg(not(feature = "llvm"))]
    {
        Err(Error::Unavailable)
    }
}

/// The module's kernels compiled to PTX by LLVM's NVPTX backend.
pub fn ptx(m: &Module, r: Request) -> Result<String, Error> {
    #[cfg(feature = "llvm")]
    {
        build::with_module(m, r, |module, tm| {
            let buf = tm
                .write_to_memory_buffer(module, inkwell::targets::FileType::Assembly)
                .map_err(|e| Error::Llvm(e.to_string()))?;
            Ok(String::from_utf8_lossy(buf.as_slice()).into_owned())
        })
    }
    #[cfg(not(feature = "llvm"))]
    {
        Err(Error::Unavailable)
    }
}
