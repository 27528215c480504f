//! Printers of the final output.

pub mod ptx;
