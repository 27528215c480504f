//! Verifiers that run as passes.
//!
//! - [`legality`]: `verify-mem-legality`, the pass, made of the dialect tables (tilec-dialects),
//!   [`target`] (forms against `--target` / `--ptx-isa`) and [`cta_global`] (the cta-scope
//!   atomic on global memory warning).
//! - [`nvidia`]: `verify-nvidia`, NVIDIA's cuda_tile rules that tilec's extensions relax
//!   (`--pedantic`).

pub mod cta_global;
pub mod legality;
pub mod nvidia;
pub mod races;
pub mod target;

#[cfg(test)]
mod robustness;
