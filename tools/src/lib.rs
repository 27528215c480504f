//! tilec command-line tools.
pub mod lit;
