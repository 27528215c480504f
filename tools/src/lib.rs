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
pub mod tileiras;

/// Says on the terminal that a test skipped part of its work (`SKIPPED: …`), even under
/// `cargo test`, whose harness captures `eprintln!` of passing tests: this writes to the
/// process's stderr directly, so a missing ptxas or GPU is never silent.
pub fn announce_skip(what: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
}
