//! `tile-bench-races [--sizes 1000,10000,100000] [--reps 3] [--shape p2|barriers|flags]` — times `verify-races` on generated
//! nv_tileas kernels of growing size and prints ops, time, ops/s and the growth per 10× ops.
//!
//! The generated kernel repeats one unit per warp pair: a shared buffer and an mbarrier, the
//! barrier initialized by an elected thread and published by a CTA barrier, a producer warp that
//! stores its lanes and arrives, a consumer warp that waits and loads (pattern P2), so every unit
//! is a handoff the checker must prove synchronized. Units cycle over 8 warp roles and over
//! [`SLOTS`] buffer/mbarrier pairs (a kernel may declare only so much shared memory: 227 KiB on
//! sm_90a); unit `u` uses slot `u % SLOTS` in its phase `u / SLOTS`, and the CTA
//! barrier at the start of each unit orders the previous user's reads before the reuse.

use clap::Parser;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(name = "tile-bench-races")]
struct Cli {
    /// Kernel sizes in ops (approximate: whole units).
    #[arg(long, value_delimiter = ',', default_value = "1000,10000,100000")]
    sizes: Vec<usize>,
    /// Timed runs per size (the median is reported).
    #[arg(long, default_value_t = 3)]
    reps: usize,
    /// Time weakest-fence and the whole pipeline on kernels up to this many ops.
    #[arg(long, default_value_t = 100_000)]
    weakest_max: usize,
    /// Give every unit's producer a `fence.acq_rel.gpu` before its arrive (the conservative P2
    /// form), so that weakest-fence has one rewrite per unit to verify.
    #[arg(long)]
    conservative: bool,
    /// The kernel: `p2` (a buffer and an mbarrier per unit, pattern P2), `barriers` (one
    /// shared buffer; each unit stores the thread's slot, a `fence.acq_rel.gpu` when
    /// `--conservative`, a CTA barrier, and loads the neighbour's slot: consecutive barriers
    /// whose handoffs all meet in one buffer) or `flags` (strong accesses of one global
    /// address in two nested loops: each unit is a CTA barrier and [`FLAG_ELEMENTS`] accesses,
    /// what a token-ordered tile load or store of a 32x32 pointer tile broadcast from one
    /// pointer becomes on 32 threads; docs/fuzzing.md, find 5).
    #[arg(long, default_value = "p2")]
    shape: String,
    /// Also write each generated kernel to `DIR/races-<ops>.mlir` (to time the whole pipeline on
    /// it with `tilec --time-passes`).
    #[arg(long)]
    write: Option<std::path::PathBuf>,
}

/// Buffer/mbarrier slots the units cycle over (1024 × 144 bytes: 144 KiB of shared memory, within
/// sm_90a's 227 KiB, the default target).
const SLOTS: usize = 1024;

/// Ops per unit, as generated below (counted by the parser, so only a guide for sizing).
const UNIT_OPS: usize = 20;

/// Ops per unit of the `barriers` shape.
const BARRIER_UNIT_OPS: usize = 6;

/// Element accesses per unit of the `flags` shape (a 32x32 tile on 32 threads).
const FLAG_ELEMENTS: usize = 32;

/// The `flags` kernel: `units` units inside two nested `for` loops of 3 iterations (the loops
/// verify-races models by copying the inner one whole), on 32 threads. Unit `u` is a CTA
/// barrier (the lowering's, between two token-ordered tile ops) and [`FLAG_ELEMENTS`] accesses
/// of the parameter's one address, cycling over relaxed load, relaxed store, acquire load and
/// release store at gpu scope; a store writes what the load before it read (so the loads are
/// subscribing reads). Every access is a strong global access: every store publishes every
/// access before it (open-world handoffs), every load subscribes every access after it.
fn flags(units: usize) -> String {
    let mut s = String::from(
        "\"nv_tileas.kernel\"() ({\n^bb0(%f: !nv_tileas.ptr<global>):\n  %c0 = \"nv_tileas.constant\"() {value = 0 : i32} : () -> i32\n  %c1 = \"nv_tileas.constant\"() {value = 1 : i32} : () -> i32\n  %c3 = \"nv_tileas.constant\"() {value = 3 : i32} : () -> i32\n  \"nv_tileas.for\"(%c0, %c3, %c1) ({\n  ^bb0(%i: i32):\n    \"nv_tileas.for\"(%c0, %c3, %c1) ({\n    ^bb0(%j: i32):\n",
    );
    let attrs = |sem: &str| {
        format!("{{space = #mem.space<global>, mem_semantic = #mem.sem<{sem}>, mem_scope = #mem.scope<gpu>}}")
    };
    let mut last = None;
    for u in 0..units {
        s.push_str("      \"nv_tileas.barrier\"() {id = 0 : i32} : () -> ()\n");
        let sem = ["relaxed", "relaxed", "acquire", "release"][u % 4];
        for e in 0..FLAG_ELEMENTS {
            let _ = if u % 2 == 0 {
                writeln!(
                    s,
                    "      %x{u}_{e} = \"nv_tileas.ld\"(%f) {} : (!nv_tileas.ptr<global>) -> i32",
                    attrs(sem)
                )
            } else {
                let v = last.map_or("%c1".to_string(), |l| format!("%x{l}_{e}"));
                writeln!(
                    s,
                    "      \"nv_tileas.st\"(%f, {v}) {} : (!nv_tileas.ptr<global>, i32) -> ()",
                    attrs(sem)
                )
            };
        }
        if u % 2 == 0 {
            last = Some(u);
        }
    }
    s.push_str("      \"nv_tileas.yield\"() : () -> ()\n    }) : (i32, i32, i32) -> ()\n    \"nv_tileas.yield\"() : () -> ()\n  }) : (i32, i32, i32) -> ()\n  \"nv_tileas.return\"() : () -> ()\n}) {sym_name = \"bench\", num_threads = 32 : i32} : () -> ()\n");
    s
}

fn barriers(units: usize, conservative: bool) -> String {
    let mut s = String::from(
        "\"nv_tileas.kernel\"() ({\n^bb0(%out: !nv_tileas.ptr<global>):\n  %buf = \"nv_tileas.alloc_shared\"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>\n  %tid = \"nv_tileas.thread_id\"() {dim = 0 : i32} : () -> i32\n  %c1 = \"nv_tileas.constant\"() {value = 1 : i32} : () -> i32\n  %nb = \"nv_tileas.xori\"(%tid, %c1) : (i32, i32) -> i32\n  %p = \"nv_tileas.gep\"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>\n  %q = \"nv_tileas.gep\"(%buf, %nb) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>\n  %v0 = \"nv_tileas.constant\"() {value = 0 : i32} : () -> i32\n",
    );
    for u in 0..units {
        let _ = write!(
            s,
            r#"  "nv_tileas.st"(%p, %v{u}) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>, i32) -> (){fence}
  "nv_tileas.barrier"() {{id = 0 : i32}} : () -> ()
  %x{u} = "nv_tileas.ld"(%q) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>) -> i32
  %v{u1} = "nv_tileas.addi"(%x{u}, %c1) : (i32, i32) -> i32
  "nv_tileas.barrier"() {{id = 0 : i32}} : () -> ()
"#,
            u1 = u + 1,
            fence = if conservative {
                "\n  \"nv_tileas.fence\"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()"
            } else {
                ""
            },
        );
    }
    let _ = write!(
        s,
        "  %o = \"nv_tileas.gep\"(%out, %tid) {{elem_bytes = 4 : i64}} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>\n  \"nv_tileas.st\"(%o, %v{units}) {{space = #mem.space<global>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<global>, i32) -> ()\n  \"nv_tileas.return\"() : () -> ()\n}}) {{sym_name = \"bench\", num_threads = 128 : i32}} : () -> ()\n"
    );
    s
}

fn kernel(units: usize, conservative: bool) -> String {
    let mut s = String::from(
        "\"nv_tileas.kernel\"() ({\n^bb0(%out: !nv_tileas.ptr<global>):\n  %c0 = \"nv_tileas.constant\"() {value = 0 : i32} : () -> i32\n  %c1 = \"nv_tileas.constant\"() {value = 1 : i32} : () -> i32\n  %c32 = \"nv_tileas.constant\"() {value = 32 : i32} : () -> i32\n",
    );
    for u in 0..units {
        let w = (u % 4) * 2;
        let (slot, phase) = (u % SLOTS, (u / SLOTS) % 2);
        if u < SLOTS {
            let _ = write!(
                s,
                r#"  %bar{slot} = "nv_tileas.alloc_shared"() {{size = 8 : i64, align = 8 : i64}} : () -> !nv_tileas.ptr<shared_cta>
  %buf{slot} = "nv_tileas.alloc_shared"() {{size = 128 : i64, align = 16 : i64}} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({{
    "nv_tileas.mbarrier_init"(%bar{slot}, %c32) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }}) : () -> ()
"#
            );
        }
        let _ = write!(
            s,
            r#"  "nv_tileas.barrier"() {{id = 0 : i32}} : () -> ()
  "nv_tileas.warp_role"() ({{
    %l{u} = "nv_tileas.lane_id"() : () -> i32
    %p{u} = "nv_tileas.gep"(%buf{slot}, %l{u}) {{elem_bytes = 4 : i64}} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    "nv_tileas.st"(%p{u}, %l{u}) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>, i32) -> (){fence}
    "nv_tileas.mbarrier_arrive"(%bar{slot}) {{space = #mem.space<shared_cta>}} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }}) {{warps = array<i32: {w}, {w1}>}} : () -> ()
  "nv_tileas.warp_role"() ({{
    "nv_tileas.mbarrier_wait"(%bar{slot}, %c{phase}) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    %m{u} = "nv_tileas.lane_id"() : () -> i32
    %q{u} = "nv_tileas.gep"(%buf{slot}, %m{u}) {{elem_bytes = 4 : i64}} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
    %x{u} = "nv_tileas.ld"(%q{u}) {{space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>}} : (!nv_tileas.ptr<shared_cta>) -> i32
    "nv_tileas.yield"() : () -> ()
  }}) {{warps = array<i32: {w1}, {w2}>}} : () -> ()
"#,
            w1 = w + 1,
            w2 = w + 2,
            fence = if conservative {
                "\n    \"nv_tileas.fence\"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()"
            } else {
                ""
            },
        );
    }
    s.push_str("  \"nv_tileas.return\"() : () -> ()\n}) {sym_name = \"bench\", num_threads = 256 : i32} : () -> ()\n");
    s
}

fn main() {
    let cli = Cli::parse();
    let mut prev: Option<(usize, Duration)> = None;
    let mut wf = Vec::new();
    println!("| ops | units | findings | verify-races median | ops/s | growth vs previous size |");
    println!("|---:|---:|---:|---:|---:|---|");
    for &n in &cli.sizes {
        let (units, src) = match cli.shape.as_str() {
            "p2" => {
                let units = (n / UNIT_OPS).max(1);
                (units, kernel(units, cli.conservative))
            }
            "barriers" => {
                let units = (n / BARRIER_UNIT_OPS).max(1);
                (units, barriers(units, cli.conservative))
            }
            "flags" => {
                let units = (n / (FLAG_ELEMENTS + 1)).max(1);
                (units, flags(units))
            }
            other => {
                eprintln!("tile-bench-races: unknown --shape '{other}' (p2, barriers, flags)");
                std::process::exit(2);
            }
        };
        if let Some(dir) = &cli.write {
            let f = dir.join(format!("races-{n}.mlir"));
            if let Err(e) = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&f, &src)) {
                eprintln!("tile-bench-races: cannot write {}: {e}", f.display());
                std::process::exit(1);
            }
        }
        let m = match tilec_ir::text::parse_module(&src, Default::default()) {
            Ok(m) => m,
            Err(d) => {
                eprintln!(
                    "tile-bench-races: generated kernel does not parse: {}",
                    d.message
                );
                std::process::exit(1);
            }
        };
        let mut ops = 0usize;
        m.walk(&mut |_| {
            ops += 1;
            tilec_ir::WalkControl::Continue
        });
        // The checker reads verified IR (verified once, outside the timed runs).
        let (bad, verified) = tilec_ir::verify::verified(&m, tilec_dialects::registry());
        let Some(verified) = verified else {
            let shown = bad.render(&tilec_ir::SourceMap::new());
            eprintln!("tile-bench-races: generated kernel does not verify:\n{shown}");
            std::process::exit(1);
        };
        let mut times = Vec::new();
        let mut findings = 0;
        for _ in 0..cli.reps.max(1) {
            let t = Instant::now();
            let d = tilec_passes::verify::races::check_module(&m, &verified);
            times.push(t.elapsed());
            findings = d.0.len();
        }
        times.sort();
        let med = times[times.len() / 2];
        let growth = match prev {
            Some((po, pt)) => format!(
                "×{:.1} time for ×{:.1} ops",
                med.as_secs_f64() / pt.as_secs_f64(),
                ops as f64 / po as f64
            ),
            None => "—".into(),
        };
        println!(
            "| {ops} | {units} | {findings} | {:.3} ms | {:.0} | {growth} |",
            med.as_secs_f64() * 1e3,
            ops as f64 / med.as_secs_f64()
        );
        prev = Some((ops, med));
        // weakest-fence alone (the library call), and the whole default pipeline on the same
        // text: the pass should cost no more than the rest of the pipeline.
        if ops <= cli.weakest_max {
            let mut m2 =
                tilec_ir::text::parse_module(&src, Default::default()).expect("parsed above");
            let k = m2.top_ops()[0];
            let target = tilec_dialects::target::Target::parse("sm_90a").expect("target");
            let t = Instant::now();
            let dec = tilec_passes::weakest_fence::optimize(&mut m2, k, &target);
            let w = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let ok = tilec::compile(&src, "bench.mlir", &tilec::Options::default()).is_ok();
            let total = t.elapsed().as_secs_f64();
            let rest = (total - w).max(f64::EPSILON);
            wf.push(format!(
                "| {ops} | {} | {:.1} ms | {:.1} ms{} | {:.1} ms | {:.2} |",
                dec.len(),
                w * 1e3,
                total * 1e3,
                if ok { "" } else { " (failed)" },
                rest * 1e3,
                w / rest
            ));
        }
    }
    if !wf.is_empty() {
        println!();
        println!("| ops | weakest-fence rewrites | weakest-fence | whole pipeline | rest of the pipeline | weakest-fence / rest |");
        println!("|---:|---:|---:|---:|---:|---:|");
        for l in wf {
            println!("{l}");
        }
    }
}
