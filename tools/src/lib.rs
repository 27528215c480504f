//! tilec command-line tools.
pub mod bench;
pub mod cli;
pub mod lit;
pub mod run;
