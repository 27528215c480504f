//! tilec as the backend of a tile DSL (what a Python frontend's native extension would do):
//! build kernels with the cuda_tile builder instead of writing text, compile them with
//! weakest-fence on, and read what the compiler did from the report — the fence decisions and
//! each pass's time — instead of parsing its stderr. A kernel the DSL got wrong comes back as
//! one `tilec::Error` whose diagnostics carry stable codes (docs/diagnostics.md) the frontend
//! can map to its own exceptions.
//!
//! `cargo run -p dsl-backend` prints what it gets; `cargo test -p dsl-backend` checks it.

use tilec::{Error, FenceDecision, FenceOutcome, Module, Options, Output, Target};
use tilec_dialects::cuda_tile::builder::{KernelBuilder, TileType};
use tilec_ir::{MemScope, MemSemantic, RmwKind};

/// A producer/consumer flag handoff between tile blocks, as a DSL that does not trust itself
/// lowers it: the producer stores a tile, fences (acq_rel at gpu scope, to be safe) and bumps a
/// flag with the conservative default `(sc, sys)`; the consumer reads the flag with an acquire
/// load, then the data.
fn handoff() -> Module {
    let mut m = Module::new();
    let data = TileType::ptr_tile(128, TileType::F32);
    let flag = TileType::ptr(TileType::I32);
    let mut p = KernelBuilder::new(
        &mut m,
        "dsl_producer",
        "producer",
        &[data.clone(), flag.clone()],
    );
    let (d, f) = (p.param(0), p.param(1));
    let t0 = p.make_token();
    let ones = p.constant_f32(&[128], 1.0);
    let weak = (MemSemantic::Weak, None);
    let t1 = p
        .store(d, ones)
        .after(&[t0])
        .order(weak.0, weak.1)
        .emit_token();
    let t2 = p
        .fence(MemSemantic::AcqRel, MemScope::Gpu)
        .after(&[t1])
        .emit_token();
    let one = p.constant_i32(&[], 1);
    let _ = p.atomic_rmw(f, RmwKind::Add, one).after(&[t2]).emit();
    p.finish();
    let out = TileType::ptr_tile(128, TileType::F32);
    let mut c = KernelBuilder::new(&mut m, "dsl_consumer", "consumer", &[flag, data, out]);
    let (f, d, o) = (c.param(0), c.param(1), c.param(2));
    let acquire = (MemSemantic::Acquire, Some(MemScope::Gpu));
    let (_seen, t1) = c.load(f).order(acquire.0, acquire.1).emit();
    let (v, t2) = c.load(d).after(&[t1]).order(weak.0, weak.1).emit();
    let _ = c.store(o, v).after(&[t2]).order(weak.0, weak.1).emit();
    c.finish();
    m
}

/// A kernel the DSL got wrong: a store cannot acquire.
fn broken() -> Module {
    let mut m = Module::new();
    let mut k = KernelBuilder::new(&mut m, "dsl", "bad", &[TileType::ptr(TileType::I32)]);
    let flag = k.param(0);
    let one = k.constant_i32(&[], 1);
    let acquire = (MemSemantic::Acquire, Some(MemScope::Gpu));
    let _ = k.store(flag, one).order(acquire.0, acquire.1).emit();
    k.finish();
    m
}

/// The options of the backend: sm_90a, weakest-fence on (the default), its decisions kept as
/// data, every pass timed.
fn options() -> Options {
    Options {
        target: Target::parse("sm_90a").expect("a target tilec knows"),
        fence_decisions: true,
        ..Options::default()
    }
}

fn compile(mut m: Module) -> Result<Output, Error> {
    tilec::compile_module(&mut m, &options())
}

/// One line per fence decision: kernel, op, PTX before → after, and what was done.
fn describe(d: &FenceDecision) -> String {
    let forms = |f: &[tilec::PtxForm]| {
        let v: Vec<String> = f.iter().map(|x| x.to_string()).collect();
        if v.is_empty() {
            "nothing".to_string()
        } else {
            v.join(" + ")
        }
    };
    let what = match &d.outcome {
        FenceOutcome::Kept(why) => format!("kept ({why:?})"),
        FenceOutcome::Rewritten { rules } => format!("rewritten by {rules:?}"),
        FenceOutcome::Inserted { rules, site, .. } => format!("inserted by {rules:?} at {site}"),
        FenceOutcome::Removed { rules } => format!("removed by {rules:?}"),
        FenceOutcome::InsertedThenRemoved { by, .. } => format!("inserted by {by:?}, removed"),
        FenceOutcome::Folded { .. } => "folded into the barrier before it".to_string(),
    };
    let saved = match d.saved() {
        Some((before, after)) => format!(", saved {before:?} → {after:?}"),
        None => String::new(),
    };
    format!(
        "{}: {} {} → {}: {what}{saved}",
        d.kernel,
        d.op,
        forms(&d.before),
        forms(&d.after)
    )
}

fn main() {
    let out = compile(handoff()).unwrap_or_else(|e| panic!("the handoff compiles:\n{e}"));
    println!("fence decisions:");
    for d in &out.report.fence_decisions {
        println!("  {}", describe(d));
    }
    println!("pass times:");
    for (step, t) in &out.report.timings {
        println!("  {:<24} {:>9.3} ms", step.name(), t.as_secs_f64() * 1e3);
    }
    println!("{} bytes of PTX", out.text.len());
    match compile(broken()) {
        Ok(_) => println!("the broken kernel compiled?"),
        Err(e) => {
            println!("the broken kernel:");
            print!("{}", e.render_with_codes());
            for d in e.errors() {
                println!("  code {} (as data: {:?})", d.code, d.code);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec::{CostClass, DiagCode, FenceRule, Step};

    #[test]
    fn the_handoff_compiles_with_its_fences_weakened() {
        let out = compile(handoff()).expect("compiles");
        assert!(out.text.contains(".visible .entry producer("));
        assert!(out.text.contains(".visible .entry consumer("));
        let ds = &out.report.fence_decisions;
        let kernels: Vec<&str> = ds.iter().map(|d| d.kernel.as_str()).collect();
        assert!(kernels.contains(&"producer") && kernels.contains(&"consumer"));
        // The DSL's acq_rel fence costs a GPU-wide barrier: the flag's release already covers
        // the handoff, so weakest-fence drops it.
        let fence = ds
            .iter()
            .find(|d| d.kernel == "producer" && d.op == "fence")
            .expect("a decision for the producer's fence");
        assert_eq!(
            fence.outcome,
            FenceOutcome::Removed {
                rules: vec![FenceRule::Drop]
            }
        );
        assert_eq!(fence.saved(), Some((CostClass::Gpu, None)));
        // The default (sc, sys) atomic loses its fence.sc (R10), keeping its acq_rel.sys.
        let atom = ds
            .iter()
            .find(|d| d.op == "atom")
            .expect("the flag's atomic");
        assert!(
            matches!(&atom.outcome, FenceOutcome::Rewritten { rules } if rules.contains(&FenceRule::R10))
        );
        assert_eq!((atom.before.len(), atom.after.len()), (2, 1));
        // The consumer's acquire load is what the handoff needs: kept.
        let ld = ds.iter().find(|d| d.op == "ld").expect("the acquire load");
        assert!(matches!(ld.outcome, FenceOutcome::Kept(_)));
        // Asked for the data only: no remarks among the diagnostics.
        assert!(out.diags.is_empty());
    }

    #[test]
    fn every_pass_is_timed() {
        let out = compile(handoff()).expect("compiles");
        let steps: Vec<Step> = out.report.timings.iter().map(|t| t.0).collect();
        for p in &out.report.ran {
            assert!(steps.contains(&Step::Pass(*p)), "{p} is timed");
        }
        assert_eq!(steps.last(), Some(&Step::PrintPtx));
        assert!(
            !steps.contains(&Step::Parse),
            "a built module is not parsed"
        );
    }

    #[test]
    fn the_broken_kernel_is_one_error_with_a_code() {
        let e = compile(broken()).expect_err("a store cannot acquire");
        let codes: Vec<DiagCode> = e.errors().map(|d| d.code).collect();
        assert_eq!(codes, [DiagCode::LegalitySemantic]);
        assert_eq!(
            e.render_with_codes(),
            "<unknown>: error: 'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc [legality.semantic]\n"
        );
        assert_eq!(e.report.failed_at, Some(tilec::PassId::VerifyMemLegality));
    }
}
