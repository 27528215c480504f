//! `verify-mem-legality`: every op against its definition (counts, regions, attribute kinds,
//! operand types, the op's (semantic, scope) pair against SYNC-MODEL.md §1 — the dialect
//! tables), every op's PTX forms against the target ([`super::target`]), and the cta-scope
//! atomic on global memory warning ([`super::cta_global`]). Runs after parsing and, in tests and
//! debug builds, after every pass ([`crate::verify_after_pass`] is [`verify_legality`]).

use super::{cta_global, target};
use crate::Cx;
use rustc_hash::FxHashSet;
use tilec_ir::pass::Pass;
use tilec_ir::Severity;
use tilec_ir::{Diagnostics, Loc, Module};

/// The pass.
pub struct VerifyMemLegality;

impl Pass<Cx> for VerifyMemLegality {
    fn name(&self) -> &'static str {
        "verify-mem-legality"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::VerifyOp
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        verify_legality(m, cx)
    }
}

/// Every check of the pass, collected (the verifier reports all problems, not the first).
pub fn verify_legality(m: &Module, cx: &Cx) -> Diagnostics {
    let mut d = cx.verify_ir(m);
    // An op the tables rejected gets no target diagnostic on top: one mistake, one message.
    // (Ops built by passes may share the unknown location; they are never skipped for it.)
    let flagged: FxHashSet<Loc> =
        d.0.iter()
            .filter(|x| x.severity == Severity::Error && !x.loc.is_unknown())
            .map(|x| x.loc)
            .collect();
    target::check(m, &cx.target, &flagged, &mut d);
    cta_global::check(m, &flagged, &mut d);
    d
}
