//! Printers of the final output.

pub mod nvvm;
pub mod ptx;
