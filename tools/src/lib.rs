//! tilec command-line tools.
pub mod cli;
pub mod lit;
pub mod bench;
