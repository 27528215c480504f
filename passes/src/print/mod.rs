//! Printers of the final output.

pub mod lower;
pub mod native;
pub mod nvvm;
pub mod ptx;
pub mod upstream;
