//! A structured generator of legal cuda_tile programs (issue 14, "Fuzzing in the repo"): from a
//! seed ([`generate`]) or from a fuzzer's bytes ([`generate_from_bytes`]), a `cuda_tile.module`
//! in the custom syntax (docs/cuda-tile-syntax.md) holding one to three `entry` kernels.
//!
//! What it draws over:
//! - every op of tilec's cuda_tile catalog (`tilec_dialects::cuda_tile::ops`): the memory ops
//!   ([`memory`]), the pure ops ([`compute`]), `if`/`for`/`loop` with `yield`/`continue`/`break`
//!   ([`control`]), tokens (`make_token`, `join_tokens`, chains through loops and `if`s);
//! - element types i1 … f64 where the op takes them ([`ty`]); i8/i16/f16/bf16 only in a
//!   "narrow" entry (about one in ten), since tilec's lowering rejects them;
//! - shapes: 0-d, 1-d of 1 … 1024 elements (powers of two and not), 2-d and 3-d;
//! - every legal (semantic, scope) pair of load/store/atomic_rmw/atomic_cas/fence, with NVIDIA's
//!   and tilec's scope keywords;
//! - entry attributes: `num_threads` (or its default), `cluster_dims`, `grid_dims`, before or
//!   after the body; scalar parameters, `tile<ptr<T>>` and `tile<Nxptr<T>>` parameters.
//!
//! "Legal" means accepted by tilec's parser and `verify-mem-legality`. Programs are meant to
//! compile: each tile block accesses its own window of a buffer, and every two accesses of a
//! buffer in a tile block are ordered by tokens ([`kernel`]), so the lowering inserts the
//! barriers; about one access in fifty is left unordered, and `verify-races` may reject those
//! ([`Program`] counts them, and the accesses indexed by a counted loop's variable).
//! Narrow types and a few op/type pairs (shifts, division on i1) are rejected by the lowering
//! with a located diagnostic: part of what is tested is that such rejections are located.

pub mod choice;
mod compute;
mod control;
mod convert;
pub mod coverage;
mod kernel;
mod memory;
pub mod oracle;
pub mod ty;

pub use choice::Choices;
pub use oracle::bad_rejection;

/// tilec bugs the generator found, each steered around while it is open (set the field to
/// false to generate the construct again; docs/fuzzing.md has the reproducers).
pub struct Known {
    /// `divi`/`remi … unsigned` of i64 by a constant: the PTX lowering's division by a
    /// constant (`lower/as_to_ptx/divide.rs`) shifts by an i64 amount, which its own PTX
    /// verifier rejects as an internal compiler error.
    pub i64_udiv_by_constant: bool,
    /// A reversed pointer tile (`n-1-iota`) in a masked tile (fewer elements than threads, or
    /// not a multiple of them): verify-races reports two token-ordered accesses of a tile
    /// block's own window as a check-1 race with another CTA (the masked-off threads' indices
    /// are taken for accesses).
    pub masked_reversed_race: bool,
}

/// The open finds ([`Known`]): none (both were fixed in session 9, docs/fuzzing.md; the switches
/// stay for the next find).
pub const KNOWN: Known = Known {
    i64_udiv_by_constant: false,
    masked_reversed_race: false,
};
use kernel::{Buffer, Kernel};
use ty::{Elem, Ty};

/// A generated module.
#[derive(Clone, Debug)]
pub struct Program {
    /// The cuda_tile text.
    pub text: String,
    /// Accesses the generator left unordered on purpose (0: every two accesses of a buffer in
    /// a tile block are ordered by tokens).
    pub unordered: usize,
    /// Accesses at `bid·W + s + iv·n` in a counted loop (ordered; verify-races bounds `iv` by
    /// the loop's constant bounds, docs/fuzzing.md find 4, so they stay in the tile block's
    /// window). A program without unordered accesses has, by construction, no race for
    /// verify-races to report.
    pub loop_indexed: usize,
}

/// The module for `seed` (the same text for the same seed, on every machine).
pub fn generate(seed: u64) -> Program {
    module(&mut Choices::seeded(seed))
}

/// The module the bytes choose (every byte string gives a program; see [`Choices`]).
pub fn generate_from_bytes(bytes: &[u8]) -> Program {
    module(&mut Choices::from_bytes(bytes))
}

/// A module of one to three entries.
pub fn module(c: &mut Choices) -> Program {
    let mut p = Program {
        text: format!("cuda_tile.module @gen{} {{\n", c.below(1000)),
        unordered: 0,
        loop_indexed: 0,
    };
    // Now and then a module global (NVIDIA's `global`), which the entries may read.
    let global = c.flip(15);
    if global {
        p.text += "  global @table <i32: [3, 1, 4, 1]> : tile<4xi32>\n";
    }
    for k in 0..1 + c.below(3) {
        entry(c, k, &mut p, global);
    }
    p.text += "}\n";
    p
}

/// Appends entry `@k{k}` to `p` (`global`: the module has `@table`).
fn entry(c: &mut Choices, k: usize, p: &mut Program, global: bool) {
    let narrow = c.flip(10);
    let bufs = buffers(c, narrow);
    let scalars = scalars(c);
    let mut params: Vec<String> = bufs.iter().map(param).collect();
    params.extend(scalars.iter().map(|(n, t)| format!("{n}: {}", t.text())));
    let budget = 4 + c.below(30);
    let (attrs, threads) = attributes(c);
    let mut kern = Kernel::new(c, bufs, budget, narrow, threads);
    for (n, t) in &scalars {
        kern.define(n, t.clone());
    }
    if global && kern.c.flip(60) {
        // Its first entry, through `get_global`: a 0-d i32 later ops may use.
        kern.emit("%gp = get_global @table : tile<ptr<i32>>".into());
        kern.emit("%gv, %gt = load_ptr_tko weak %gp : tile<ptr<i32>> -> tile<i32>, token".into());
        kern.define("%gv", Ty::new(&[], Elem::I32));
    }
    while kern.budget > 0 {
        kern.stmts(kern.budget);
    }
    let before = !attrs.is_empty() && kern.c.flip(30);
    let mut s = format!("  entry @k{k}({})", params.join(", "));
    if before {
        s += &format!(" attributes {attrs}");
    }
    s += " {\n";
    for l in std::mem::take(&mut kern.frames[0].lines) {
        s += &format!("    {l}\n");
    }
    if kern.c.flip(80) {
        s += "    return\n";
    }
    s += "  }";
    if !before && !attrs.is_empty() {
        s += &format!(" {attrs}");
    }
    p.text += &(s + "\n");
    p.unordered += kern.unordered;
    p.loop_indexed += kern.loop_indexed;
}

/// One to four pointer parameters.
fn buffers(c: &mut Choices, narrow: bool) -> Vec<Buffer> {
    (0..1 + c.below(4))
        .map(|i| {
            let elem = if narrow {
                ty::data_elem(c)
            } else {
                *c.pick(&[Elem::I32, Elem::I32, Elem::F32, Elem::I64, Elem::F64])
            };
            let tile = c.flip(20).then(|| {
                c.pick(&[&[128][..], &[256], &[96], &[4, 32], &[1000]])
                    .to_vec()
            });
            Buffer {
                name: format!("%buf{i}"),
                elem,
                shared: c.flip(25),
                tile,
            }
        })
        .collect()
}

fn param(b: &Buffer) -> String {
    let shape = b.tile.clone().unwrap_or_default();
    format!("{}: {}", b.name, ty::ptr_tile(&shape, b.elem))
}

/// Zero to two 0-d value parameters.
fn scalars(c: &mut Choices) -> Vec<(String, Ty)> {
    (0..c.below(3))
        .map(|i| {
            let e = *c.pick(&[Elem::I32, Elem::I1, Elem::I64, Elem::F32, Elem::F64]);
            (format!("%arg{i}"), Ty::new(&[], e))
        })
        .collect()
}

/// The entry's attribute dictionary (`{}` left out: empty string) and its thread count.
fn attributes(c: &mut Choices) -> (String, u64) {
    let mut a = Vec::new();
    let mut threads = 128;
    if c.below(10) > 1 {
        threads = *c.pick(&[32, 64, 96, 128, 128, 256, 512, 1024]);
        a.push(format!("num_threads = {threads} : i32"));
    }
    if c.flip(15) {
        let d = c.pick(&["2, 1, 1", "1, 1, 1", "4, 1, 1", "2, 2, 1"]);
        a.push(format!("cluster_dims = array<i32: {d}>"));
    }
    if c.flip(10) {
        let d = c.pick(&["4, 1, 1", "1, 1, 1", "128, 1, 1"]);
        a.push(format!("grid_dims = array<i32: {d}>"));
    }
    if a.is_empty() {
        (String::new(), threads)
    } else {
        (format!("{{{}}}", a.join(", ")), threads)
    }
}

impl Kernel<'_, '_> {
    /// Up to `n` statements (fewer when the entry's budget runs out; none when a byte string
    /// is exhausted).
    pub(crate) fn stmts(&mut self, n: usize) {
        for _ in 0..n {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            self.stmt();
        }
    }

    /// One statement, by weight; control flow only above [`control::MAX_DEPTH`].
    fn stmt(&mut self) {
        let nested = self.frames.len() <= control::MAX_DEPTH;
        let in_loop = self.top().exit.is_some();
        let w = [
            40,
            20,
            6,
            4,
            3,
            3,
            2,
            2,
            4,
            3,
            if nested { 7 } else { 0 },
            if nested { 6 } else { 0 },
            if nested { 5 } else { 0 },
            if in_loop { 3 } else { 0 },
            1,
        ];
        match self.c.weighted(&w) {
            0 => self.access(),
            1 => self.arith(),
            2 => {
                self.compare();
            }
            3 => self.select(),
            4 => self.reshape(),
            5 => self.broadcast(),
            6 => self.iota_stmt(),
            7 => self.block_query(),
            8 => self.fence(),
            9 => self.merge_tokens(),
            10 => self.if_stmt(),
            11 => self.for_stmt(),
            12 => self.loop_stmt(),
            13 => self.early_exit(),
            _ => self.print_stmt(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_module() {
        assert_eq!(generate(3).text, generate(3).text);
        assert_ne!(generate(3).text, generate(4).text);
    }

    #[test]
    fn every_byte_string_gives_a_module() {
        // Runs of one byte, then zeros: each decision in turn sees every value and then the
        // exhausted input (a decision that retried on 0 once hung here).
        let runs = (0..=255u8).flat_map(|b| [1, 5, 40].map(|n| vec![b; n]));
        for bytes in runs.chain([b"cuda_tile".to_vec(), Vec::new()]) {
            let m = generate_from_bytes(&bytes).text;
            assert!(m.starts_with("cuda_tile.module @gen"), "{m}");
            assert!(m.contains("entry @k0("), "{m}");
        }
    }
}
