//! tilec's MLIR bridge: a tilec module handed to real MLIR (MLIR 22, through melior).
//!
//! Everything here is behind the cargo feature `mlir`; without it the crate is empty, so the
//! default build of the workspace needs no LLVM (README, "Building with MLIR and LLVM").
//!
//! - `Mlir::round_trip`: MLIR parses and verifies a module in the generic form (tilec's
//!   dialects are unregistered there: MLIR checks the syntax, the SSA structure, the types and
//!   attributes it can read, and the regions), and prints it in its own generic form. tilec reads
//!   that print back (`through_mlir`), so a module goes out to MLIR and comes back.
//!
//! tilec writes the module for MLIR with `tilec_ir::text::module_to_string_for_mlir`: NVIDIA's
//! debug-info locations as fused locations, which MLIR reads without the cuda_tile dialect.
//!
//! Invariant: nothing here changes a module; `through_mlir` keeps every op, operand, type,
//! attribute and region (not locations: MLIR prints none here), which `tests/round_trip.rs`
//! checks over every module in testdata/.

#![cfg_attr(not(feature = "mlir"), allow(unused))]

#[cfg(feature = "mlir")]
mod bridge;
#[cfg(feature = "mlir")]
pub use bridge::{through_mlir, Mlir};
