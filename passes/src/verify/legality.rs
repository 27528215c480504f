//! `verify-mem-legality`: every op against its definition (counts, regions, attribute kinds) and
//! every memory op's (semantic, scope) pair against SYNC-MODEL.md §1. Runs after parsing and,
//! in tests and debug builds, after every pass.

use crate::Cx;
use tilec_ir::pass::Pass;
use tilec_ir::{Diagnostics, Module};

/// The pass.
pub struct VerifyMemLegality;

impl Pass<Cx> for VerifyMemLegality {
    fn name(&self) -> &'static str {
        "verify-mem-legality"
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        tilec_ir::verify::verify_module(m, cx.registry)
    }
}
