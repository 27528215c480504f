//! tilec command-line tools.
pub mod bench;
pub mod cli;
pub mod corpus;
pub mod gen;
pub mod lit;
pub mod litmus_cli;
pub mod pipeline_bench;
pub mod ptxas;
pub mod run;
