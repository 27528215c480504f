//! Verifiers that run as passes.
//!
//! - [`legality`]: `verify-mem-legality`, the pass, made of the dialect tables (tilec-dialects),
//!   [`target`] (forms against `--target` / `--ptx-isa`) and [`cta_global`] (the cta-scope
//!   atomic on global memory warning).

pub mod cta_global;
pub mod legality;
pub mod races;
pub mod target;

#[cfg(test)]
mod robustness;
