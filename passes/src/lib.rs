//! tilec-passes: every pass of the pipeline, registered by name in one table ([`PASSES`]).
//!
//! - `lower/`: one file per lowering (`cuda_tile_to_aa`, `aa_to_as`, `as_to_ptx`);
//! - `verify/`: verifiers that run as passes (`verify-mem-legality`, later `verify-races`);
//! - `print/`: the PTX text printer (the pipeline's last step, a function, not a pass).
//!
//! Passes read a [`Cx`]: the target and the dialect registry.

pub mod lower;
pub mod print;
pub mod verify;

use tilec_dialects::target::Target;
use tilec_ir::pass::Pass;
use tilec_ir::verify::Registry;
use tilec_ir::{Diagnostics, Module};

/// What every pass can read.
pub struct Cx {
    /// The target being compiled for.
    pub target: Target,
    /// The dialect registry.
    pub registry: &'static Registry,
}

impl Cx {
    /// A context for `target` with all tilec dialects registered.
    pub fn new(target: Target) -> Cx {
        Cx {
            target,
            registry: tilec_dialects::registry(),
        }
    }
}

/// A registered pass: its name, a one-line summary, and the pass object.
pub struct PassEntry {
    /// The name used in pipelines (`--passes a,b`).
    pub name: &'static str,
    /// One line for `--help` and docs.
    pub summary: &'static str,
    /// The pass.
    pub pass: &'static (dyn Pass<Cx> + Sync),
}

/// The one table of passes.
pub static PASSES: &[PassEntry] = &[
    PassEntry {
        name: "verify-mem-legality",
        summary: "check every op against its definition, every (semantic, scope) pair against SYNC-MODEL §1 and every PTX form against --target/--ptx-isa; warn on cta-scope atomics on global memory",
        pass: &verify::legality::VerifyMemLegality,
    },
    PassEntry {
        name: "lower-cuda-tile-to-aa",
        summary: "cuda_tile → nv_tileaa: resolve pointer spaces, normalize scopes, copy every pair",
        pass: &lower::cuda_tile_to_aa::LowerCudaTileToAa,
    },
    PassEntry {
        name: "lower-aa-to-as",
        summary: "nv_tileaa → nv_tileas: distribute tiles over threads, elect 0-d ops, insert CTA sync",
        pass: &lower::aa_to_as::LowerAaToAs,
    },
    PassEntry {
        name: "lower-as-to-ptx",
        summary: "nv_tileas → ptx: one op per PTX instruction form; sc → fence.sc + acq_rel",
        pass: &lower::as_to_ptx::LowerAsToPtx,
    },
];

/// The registered pass named `name`.
pub fn pass_by_name(name: &str) -> Option<&'static PassEntry> {
    PASSES.iter().find(|p| p.name == name)
}

/// The verifier run after parsing and after every pass in tests and debug builds: the whole of
/// `verify-mem-legality` (structure, op definitions and types, §1 pairs, target forms). A pass
/// whose output needs a form the target lacks is caught here, at the pass.
pub fn verify_after_pass(m: &Module, cx: &Cx) -> Diagnostics {
    verify::legality::verify_legality(m, cx)
}
