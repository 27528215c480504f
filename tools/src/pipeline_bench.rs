//! Support code for `tile-bench-pipeline`, the whole-pipeline compile-time benchmark (issue 14's
//! linear-compile-time targets; docs/benchmarks.md).
//!
//! [`generate`] writes one cuda_tile entry of N ops in the custom syntax, made of units of
//! [`UNIT_OPS`] ops over 128-element tiles of one global buffer, each unit at its own offset in
//! the CTA's block (`block_id · stride + 128·u + lane`), so that every pair of units is a pair of
//! accesses of one buffer the race checker must tell apart:
//!
//! - [`Kind::Plain`]: load a tile, add, store it to a second buffer (no handoff at all);
//! - [`Kind::Sync`]: store a tile, then load the same 128 elements reversed (every thread reads
//!   another thread's element) with the store's token: the lowering puts a CTA barrier between,
//!   and each unit's store takes the previous load's token (a barrier before it too); every
//!   [`FENCE_EVERY`]-th unit ends with a `fence_tko acq_rel device` on the chain, the
//!   conservative sync weakest-fence weakens;
//! - [`Kind::Racy`]: as `Sync`, but the load takes no token: every unit is a race
//!   (`verify-races` reports each; the compile fails with the error limit's count).
//!
//! [`measure`] compiles a file in this process with `--time-passes` and reports the wall time,
//! each pass's time, the peak RSS and the outcome; `tile-bench-pipeline` runs it in a fresh
//! child per size so the peak memory belongs to one compile.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// Ops per unit of every kind (a `Sync` unit also has a fence every [`FENCE_EVERY`] units).
pub const UNIT_OPS: usize = 7;
/// A `Sync` kernel has a fence after every this many units.
pub const FENCE_EVERY: usize = 16;
/// Ops of the entry before the units (the entry, the setup, the return).
const SETUP_OPS: usize = 19;

/// What the generated kernel does (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Loads and stores, no handoff.
    Plain,
    /// Token-ordered store/load handoffs inside the CTA.
    Sync,
    /// The same handoffs without the tokens: every unit races.
    Racy,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 3] = [Kind::Plain, Kind::Sync, Kind::Racy];
    /// The kind's name (`plain`, `sync`, `racy`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Sync => "sync",
            Kind::Racy => "racy",
        }
    }
    /// Parses [`Kind::name`].
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// A cuda_tile module of about `ops` ops (whole units, at least one) of `kind`.
pub fn generate(kind: Kind, ops: usize) -> String {
    let units = (ops.saturating_sub(SETUP_OPS) / UNIT_OPS).max(1);
    let mut s = String::with_capacity(units * 8 * 100);
    let stride = units * 128;
    let _ = write!(
        s,
        "cuda_tile.module @bench {{
  entry @{kind}(%a: tile<ptr<i32>>, %c: tile<ptr<i32>>) {{
    %bid = get_tile_block_id : tile<i32>
    %stride = constant <i32: {stride}> : tile<i32>
    %base0 = muli %bid, %stride : tile<i32>
    %base1 = reshape %base0 : tile<i32> -> tile<1xi32>
    %base = broadcast %base1 : tile<1xi32> -> tile<128xi32>
    %lane0 = iota : tile<128xi32>
    %lane = addi %lane0, %base : tile<128xi32>
    %last = constant <i32: 127> : tile<128xi32>
    %rev0 = subi %last, %lane0 : tile<128xi32>
    %rev = addi %rev0, %base : tile<128xi32>
    %a1 = reshape %a : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ab = broadcast %a1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %c1 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %t0 = make_token : token
",
        kind = kind.name()
    );
    let ty = "tile<128xptr<i32>>";
    let mut prev = "%t0".to_string();
    for u in 0..units {
        let _ = writeln!(s, "    %o{u} = constant <i32: {}> : tile<128xi32>", u * 128);
        let _ = writeln!(s, "    %i{u} = addi %lane, %o{u} : tile<128xi32>");
        match kind {
            Kind::Plain => {
                let _ = write!(
                    s,
                    "    %p{u} = offset %ab, %i{u} : {ty}, tile<128xi32> -> {ty}
    %v{u}, %l{u} = load_ptr_tko weak %p{u} token=%t0 : {ty} -> tile<128xi32>, token
    %q{u} = offset %cb, %i{u} : {ty}, tile<128xi32> -> {ty}
    %w{u} = addi %v{u}, %o{u} : tile<128xi32>
    %s{u} = store_ptr_tko weak %q{u}, %w{u} token=%t0 : {ty}, tile<128xi32> -> token
"
                );
            }
            Kind::Sync | Kind::Racy => {
                let load_token = if kind == Kind::Sync {
                    format!("%s{u}")
                } else {
                    "%t0".into()
                };
                let _ = write!(
                    s,
                    "    %j{u} = addi %rev, %o{u} : tile<128xi32>
    %p{u} = offset %cb, %i{u} : {ty}, tile<128xi32> -> {ty}
    %q{u} = offset %cb, %j{u} : {ty}, tile<128xi32> -> {ty}
    %s{u} = store_ptr_tko weak %p{u}, %o{u} token={prev} : {ty}, tile<128xi32> -> token
    %v{u}, %l{u} = load_ptr_tko weak %q{u} token={load_token} : {ty} -> tile<128xi32>, token
"
                );
                prev = format!("%l{u}");
                // Conservative sync as written by hand: a device-scope fence after every
                // FENCE_EVERY-th handoff (weakest-fence has sites to weaken).
                if kind == Kind::Sync && u % FENCE_EVERY == FENCE_EVERY - 1 {
                    let _ = writeln!(
                        s,
                        "    %f{u} = fence_tko acq_rel device token=%l{u} : token"
                    );
                    prev = format!("%f{u}");
                }
            }
        }
    }
    s.push_str("    return\n  }\n}\n");
    s
}

/// One compile's measurements.
#[derive(Debug)]
pub struct Sample {
    /// Ops of the parsed input.
    pub ops: usize,
    /// Wall time of the whole compile (parse to PTX text).
    pub total: Duration,
    /// Each pass's time, in pipeline order (`parse` and `print-ptx` included).
    pub passes: Vec<(String, Duration)>,
    /// Peak RSS of the process, KiB.
    pub peak_kib: Option<u64>,
    /// Errors reported (0: the compile succeeded).
    pub errors: usize,
}

/// Compiles `file` with the default options and `--time-passes` in this process.
pub fn measure(file: &Path) -> Result<Sample, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let ops = text
        .lines()
        .filter(|l| l.contains(" = ") || l.trim() == "return")
        .count()
        + 2;
    let opts = tilec::Options {
        time_passes: true,
        ..Default::default()
    };
    let mut sources = tilec_ir::SourceMap::new();
    let f = sources.add(file.to_string_lossy().into_owned(), text);
    let sources = std::sync::Arc::new(sources);
    let t0 = Instant::now();
    let r = tilec::compile_file(&sources, f, &opts);
    let total = t0.elapsed();
    let (report, errors) = match &r {
        Ok(out) => (&out.report, 0),
        Err(e) => (&*e.report, e.diags.error_count()),
    };
    let passes = report
        .timings
        .iter()
        .map(|&(step, d)| (step.name().to_string(), d))
        .collect();
    Ok(Sample {
        ops,
        total,
        passes,
        peak_kib: crate::bench::peak_rss_kib(),
        errors,
    })
}
