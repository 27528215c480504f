//! Verifiers that run as passes.

pub mod legality;
