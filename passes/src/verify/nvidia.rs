//! `verify-nvidia`: the cuda_tile input against NVIDIA's dialect, without tilec's extensions
//! (`tilec --pedantic`; the rules are `tilec_dialects::cuda_tile::nvidia_strict`). Reports every
//! extension the module uses, as errors (`verify.nvidia`); changes nothing. A module of another
//! dialect passes (it holds no cuda_tile op).

use crate::Cx;
use tilec_dialects::cuda_tile::nvidia_strict;
use tilec_ir::pass::Pass;
use tilec_ir::{Diagnostics, Module};

/// The pass.
pub struct VerifyNvidia;

impl Pass<Cx> for VerifyNvidia {
    fn name(&self) -> &'static str {
        "verify-nvidia"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::VerifyNvidia
    }
    fn run(&self, m: &mut Module, _cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::default();
        nvidia_strict::check(m, &mut d);
        d
    }
}
