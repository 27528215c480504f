//! `mmaf` and `mmai` on tensor cores (`mma.sync.aligned.m16n8k16` with f16/bf16 factors into f32,
//! `m16n8k32` with i8 factors, each signed or unsigned, into s32; sm_80+), and the accumulator
//! layout they need (the same for both: f32 or i32 scalars). On sm_90a an f16/bf16 `mmaf` whose
//! grid allows it uses `wgmma.mma_async` instead ([`super::wgmma`]), in the same layout.
//!
//! **The fragment layout.** An `M x N` f32 accumulator that an `mmaf` reads or yields is held in
//! the layout `mma.sync` gives its C/D operands ([`Lowered::Frag`]), not the cyclic layout of the
//! other tiles: the `W = num_threads / 32` warps form a `wm x wn` grid ([`Grid::of`]), warp
//! `w` owns the `Mw x Nw` block at `(w / wn, w % wn)` (`Mw = M / wm`, `Nw = N / wn`), made of
//! `Mw/16 x Nw/8` m16n8 tiles; in each, lane `l` (group `g = l / 4`, `q = l % 4`) owns
//! `(g, 2q)`, `(g, 2q+1)`, `(g+8, 2q)`, `(g+8, 2q+1)` (PTX ISA, "Matrix Fragments for
//! mma.m16n8k16 with floating point type", C/D). A thread's scalars are ordered by tile row
//! `mi`, tile column `ni`, then those four.
//!
//! On sm_90a the grid is all warps along M where whole warpgroups fit ([`Grid::for_wgmma`]): the
//! layout of wgmma's D fragment too.
//!
//! Which values use it ([`frag_class`]): the accumulators and results of `mmaf`, and every value
//! joined to one through a region boundary (a `for`'s init, body argument, `continue` operand
//! and result; a `loop`'s; an `if`'s `yield`s and results), so a loop-carried accumulator stays
//! in registers across iterations and both sides of every boundary agree on the layout. Any
//! other use converts: [`Lower::get`] gives a cyclic ([`Lowered::Owned`]) copy, a splat
//! becomes a fragment by repetition, and a cyclic tile flowing into the class is converted the
//! other way; conversions go through shared memory, 16 rows per warp row at a time
//! ([`Lower::relayout`]).
//!
//! **`mmaf`.** Each call stages its factors in shared memory — `a` (`M x K`) row-major, `b`
//! (`K x N`) transposed, rows padded by 8 elements so a warp's fragment loads hit distinct banks
//! — between CTA barriers (one before the stores when the op is inside a loop: the previous
//! iteration's fragment loads come first), then every warp loads its A and B fragments as
//! 32-bit pairs (`ld.shared.u32`) and issues one `mma.sync` per m16n8k16 step. The barriers
//! and shared accesses are ordinary nv_tileas ops: verify-races checks them like any other.
//!
//! `mmaf`'s `fast_acc` unit attribute (NVIDIA 13.3) is not read: NVIDIA's description of it is
//! "Enable faster but less precise FP8 MMA on Hopper GPUs" (Hopper's native FP8 accumulation
//! rather than a periodic promotion to full precision), a license for less precise accumulation
//! only. The factors lowered here (f16, bf16) accumulate in f32 with or without it, and f8
//! factors are refused earlier (narrow floats), so an `mmaf` with it lowers exactly as one
//! without (testdata/lower/aa-to-as-mmaf-fast-acc.mlir).
//!
//! The i8 factors are staged as bytes: a 32-bit fragment word then holds four k values instead
//! of two halves, at the same byte positions, so one step covers 32 bytes of K for both forms.
//!
//! Supported: f16 or bf16 factors with an f32 accumulator, i8 factors with an i32 one, `M` a
//! multiple of `16·wm`, `N` of `8·wn`, `K` of 16 (halves) or 32 (bytes), and at most [`MAX_PER_THREAD`](super::MAX_PER_THREAD) accumulators per thread;
//! anything else is a located "cannot lower yet".

use super::reduce::weak_shared;
use super::stage::Place;
use super::{LResult, Lower, Lowered, Scalars};
use rustc_hash::FxHashSet;
use smallvec::smallvec;
use tilec_dialects::nv_tileaa::OpKind;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{as_ptr, tile_shape};
use tilec_ir::{
    sym, AttrData, Block, FloatKind, Loc, Module, Op, OpView, Space, Type, TypeData, Value,
};

/// Shared-memory row padding of the staged factors, in bytes (8 halves, 16 bytes).
const PAD_AB_BYTES: u64 = 16;

/// The form of one mma.sync: the op it lowers, the factor element bytes, the `ab_type`
/// (`f16`, `bf16`, or `s8.u8`-style for the two i8 factors) and the accumulator's type.
pub(super) struct MmaForm {
    pub(super) name: &'static str,
    pub(super) eb: u64,
    pub(super) ab: String,
    pub(super) acc: Type,
}
/// Shared-memory row padding of a layout conversion, in elements.
const PAD_C: u64 = 4;

/// The warp grid of an `M x N` fragment tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Grid {
    pub(super) m: u64,
    pub(super) n: u64,
    pub(super) wm: u64,
    pub(super) wn: u64,
}

impl Grid {
    /// The grid for `m x n` on `threads` threads: with `wgmma`, the wgmma grid where one
    /// fits ([`Grid::for_wgmma`]); else `wm · wn` warps with `16·wm | m` and `8·wn | n`, the
    /// per-warp block as square as possible (fewest fragment loads per mma).
    pub(super) fn of(m: u64, n: u64, threads: u64, wgmma: bool) -> Option<Grid> {
        if let Some(g) = Grid::for_wgmma(m, n, threads).filter(|_| wgmma) {
            return Some(g);
        }
        let w = threads / 32;
        (1..=w)
            .filter(|wm| w % wm == 0)
            .map(|wm| Grid {
                m,
                n,
                wm,
                wn: w / wm,
            })
            .filter(|g| g.m % (16 * g.wm) == 0 && g.n % (8 * g.wn) == 0)
            .min_by_key(|g| (g.mw().abs_diff(g.nw()), g.wn))
    }
    pub(super) fn mw(&self) -> u64 {
        self.m / self.wm
    }
    pub(super) fn nw(&self) -> u64 {
        self.n / self.wn
    }
    pub(super) fn tiles_m(&self) -> u64 {
        self.mw() / 16
    }
    pub(super) fn tiles_n(&self) -> u64 {
        self.nw() / 8
    }
    /// Scalars per thread.
    pub(super) fn count(&self) -> u64 {
        self.tiles_m() * self.tiles_n() * 4
    }
    /// The position of scalar `c` (0..4) of m16n8 tile `(mi, ni)` in a thread's list.
    pub(super) fn at(&self, mi: u64, ni: u64, c: u64) -> usize {
        ((mi * self.tiles_n() + ni) * 4 + c) as usize
    }
}

/// The nv_tileaa values held in the fragment layout (see the module documentation).
pub(super) fn frag_class(m: &Module, body: Block) -> FxHashSet<Value> {
    let mut edges: Vec<(Value, Value)> = Vec::new();
    let mut seeds = Vec::new();
    collect(m, body, &mut Vec::new(), None, &mut edges, &mut seeds);
    let mut class: FxHashSet<Value> = seeds.iter().copied().collect();
    let mut work = seeds;
    while let Some(v) = work.pop() {
        for &(a, b) in &edges {
            for (x, y) in [(a, b), (b, a)] {
                if x == v && class.insert(y) {
                    work.push(y);
                }
            }
        }
    }
    class
}

/// The region-boundary edges and the `mmaf` seeds of `block` (`loops`: the enclosing `for` and
/// `loop` ops, innermost last; `arm_of`: the `if` whose arm this is).
fn collect(
    m: &Module,
    block: Block,
    loops: &mut Vec<Op>,
    arm_of: Option<Op>,
    edges: &mut Vec<(Value, Value)>,
    seeds: &mut Vec<Value>,
) {
    let args = |op: Op| -> Vec<Value> {
        m.regions(op)
            .first()
            .and_then(|r| m.entry_block(*r))
            .map(|b| m.block_args(b).to_vec())
            .unwrap_or_default()
    };
    // The body arguments a loop's carried values land in (a `for`'s first is its counter).
    let carried = |op: Op| -> Vec<Value> {
        let a = args(op);
        match OpKind::of(m, op) {
            Some(OpKind::For) => a.into_iter().skip(1).collect(),
            _ => a,
        }
    };
    for op in m.block_ops(block) {
        let ops = m.operands(op);
        let kind = OpKind::of(m, op);
        match kind {
            Some(OpKind::MmaF | OpKind::MmaI) => {
                seeds.extend(ops.get(2).copied());
                seeds.extend(m.results(op));
            }
            Some(OpKind::For) => {
                let c = carried(op);
                edges.extend(ops.iter().skip(3).copied().zip(c.iter().copied()));
                edges.extend(m.results(op).zip(c.iter().copied()));
            }
            Some(OpKind::Loop) => edges.extend(ops.iter().copied().zip(carried(op))),
            Some(OpKind::Yield) => {
                if let Some(i) = arm_of {
                    edges.extend(ops.iter().copied().zip(m.results(i)));
                }
            }
            Some(OpKind::Continue) => {
                if let Some(&l) = loops.last() {
                    edges.extend(ops.iter().copied().zip(carried(l)));
                }
            }
            Some(OpKind::Break) => {
                if let Some(&l) = loops.last() {
                    edges.extend(ops.iter().copied().zip(m.results(l)));
                }
            }
            _ => {}
        }
        let is_loop = matches!(kind, Some(OpKind::For | OpKind::Loop));
        let arm = matches!(kind, Some(OpKind::If)).then_some(op);
        if is_loop {
            loops.push(op);
        }
        for &r in m.regions(op) {
            for &b in m.region_blocks(r) {
                collect(m, b, loops, arm, edges, seeds);
            }
        }
        if is_loop {
            loops.pop();
        }
    }
}

/// The 16-bit float kind of a factor element type (`None` for any other type).
fn half_kind(m: &Module, t: Type) -> Option<&'static str> {
    match m.type_data(t) {
        TypeData::Float(FloatKind::F16) => Some("f16"),
        TypeData::Float(FloatKind::BF16) => Some("bf16"),
        _ => None,
    }
}

impl Lower<'_> {
    /// Runs `f` with ops appended to the prologue.
    pub(super) fn in_prologue<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = self.cur;
        self.cur = self.body;
        let r = f(self);
        self.cur = saved;
        r
    }

    /// `op(a, b)` on i32 values.
    pub(super) fn bin(&mut self, k: tas::OpKind, a: Value, b: Value) -> Value {
        let i32t = self.i32t;
        self.typed(k, a, b, i32t)
    }

    /// `op(a, b)` with a result of type `t`.
    pub(super) fn typed(&mut self, k: tas::OpKind, a: Value, b: Value, t: Type) -> Value {
        let name = tilec_ir::Sym::new(k.name());
        self.b(Loc::default()).value(name, &[a, b], t, &[])
    }

    /// `a * x + y` on i32 values with constants `x`, `y` (folded where trivial).
    pub(super) fn affine(&mut self, a: Value, x: u64, y: u64) -> Value {
        let i32t = self.i32t;
        let mut v = a;
        if x != 1 {
            let c = self.const_int(i32t, x as i64, Loc::default());
            v = self.bin(tas::OpKind::MulI, v, c);
        }
        if y != 0 {
            let c = self.const_int(i32t, y as i64, Loc::default());
            v = self.bin(tas::OpKind::AddI, v, c);
        }
        v
    }

    /// `a / d` and `a % d` on an i32 value and a constant.
    pub(super) fn divmod(&mut self, a: Value, d: u64) -> (Value, Value) {
        let i32t = self.i32t;
        let c = self.const_int(i32t, d as i64, Loc::default());
        (
            self.bin(tas::OpKind::DivUI, a, c),
            self.bin(tas::OpKind::RemUI, a, c),
        )
    }

    /// In the prologue: this thread's warp coordinates in `grid` and lane parts:
    /// `(wy, wx, g, q)`.
    fn lane_parts(&mut self, grid: Grid) -> (Value, Value, Value, Value) {
        self.in_prologue(|lw| {
            let i32t = lw.i32t;
            let tid = lw.tid(i32t);
            let (warp, lane) = lw.divmod(tid, 32);
            let (wy, wx) = lw.divmod(warp, grid.wn);
            let (g, q) = lw.divmod(lane, 4);
            (wy, wx, g, q)
        })
    }

    /// A shared-memory buffer of `bytes` (16-byte aligned), allocated in the prologue.
    pub(super) fn shared_buffer(&mut self, bytes: u64) -> Value {
        self.shared_buffer_aligned(bytes, 16)
    }

    /// A shared-memory buffer of `bytes` aligned to `align` bytes, allocated in the prologue.
    pub(super) fn shared_buffer_aligned(&mut self, bytes: u64, align: u64) -> Value {
        let i64t = self.i64t;
        let sp = as_ptr(self.m, Space::SharedCta);
        let int = |v: u64| AttrData::Int {
            value: v as i64,
            ty: i64t,
        };
        self.pro().value(
            tas::AllocShared::name_sym(),
            &[],
            sp,
            &[
                (sym!(tas::AllocShared::SIZE), int(bytes)),
                (sym!(tas::AllocShared::ALIGN), int(align)),
            ],
        )
    }

    pub(super) fn st_shared(&mut self, p: Value, v: Value, loc: Loc) {
        self.b(loc)
            .op(tas::St::name_sym(), &[p, v], &[], &weak_shared());
    }

    pub(super) fn ld_shared(&mut self, p: Value, t: Type, loc: Loc) -> Value {
        self.b(loc)
            .value(tas::Ld::name_sym(), &[p], t, &weak_shared())
    }

    /// The grid of a fragment value of type `t`, or why there is none.
    fn grid_of(&self, t: Type, at: Op) -> LResult<Grid> {
        let (dims, elem) = tile_shape(self.m, t)
            .ok_or_else(|| self.unsupported(at, "an mmaf accumulator is not a tile"))?;
        let word = matches!(
            self.m.type_data(elem),
            TypeData::Float(FloatKind::F32) | TypeData::Int(32)
        );
        if dims.len() != 2 || !word {
            return Err(self.unsupported(
                at,
                "mmaf/mmai support a 2-d f32/i32 accumulator only (batched or f16/f64 accumulators are not lowered yet)",
            ));
        }
        Grid::of(dims[0], dims[1], self.threads, self.wgmma).ok_or_else(|| {
            self.unsupported(
                at,
                format!(
                    "an mmaf/mmai accumulator of {}x{} does not split into m16n8 tiles over {} warps",
                    dims[0],
                    dims[1],
                    self.threads / 32
                ),
            )
        })
    }

    /// The fragment scalars of `v`, a value of the fragment class (a splat is repeated, a
    /// cyclic tile converted).
    pub(super) fn frag_of(&mut self, v: Value, at: Op) -> LResult<Scalars> {
        let t = self.m.value_type(v);
        let grid = self.grid_of(t, at)?;
        match self.get_raw(v, at)? {
            Lowered::Frag(s) => Ok(s),
            Lowered::Uniform(x) | Lowered::Splat(x) => Ok(smallvec![x; grid.count() as usize]),
            Lowered::Owned(s) => self.relayout(&s, grid, t, true, at),
            _ => Err(self.unsupported(at, "an mmaf accumulator is not a value tile")),
        }
    }

    /// A cyclic copy of fragment scalars `s` of a value of type `t`.
    pub(super) fn frag_to_owned(&mut self, s: &Scalars, t: Type, at: Op) -> LResult<Lowered> {
        let grid = self.grid_of(t, at)?;
        Ok(Lowered::Owned(self.relayout(s, grid, t, false, at)?))
    }

    /// Converts between the fragment and the cyclic layout of an `M x N` f32 tile through a
    /// shared buffer of 16 rows per warp row: chunk `mi` holds the rows of every warp's m16
    /// tile row `mi`. Each chunk: (a barrier when the buffer may still be read,) the writers
    /// store, a barrier, the readers load. A cyclic element's chunk must not depend on the
    /// thread (true when `N % T == 0`, or `T % N == 0` and `T / N` divides 16).
    fn relayout(
        &mut self,
        src: &Scalars,
        grid: Grid,
        t: Type,
        to_frag: bool,
        at: Op,
    ) -> LResult<Scalars> {
        let loc = self.m.op_loc(at);
        let threads = self.threads;
        let n = grid.n;
        let static_rows = n % threads == 0 || (threads % n == 0 && 16 % (threads / n) == 0);
        if !static_rows || grid.count() != src.len() as u64 {
            return Err(self.unsupported(
                at,
                format!(
                    "converting an mmaf/mmai accumulator of {}x{} between layouts on {threads} threads is not supported yet",
                    grid.m, grid.n
                ),
            ));
        }
        // The accumulator's element type (f32 or i32: both 4 bytes).
        let acc_t = tile_shape(self.m, t)
            .map(|(_, e)| e)
            .unwrap_or_else(|| self.m.float_type(FloatKind::F32));
        let acc_t = self.scalar_of(acc_t);
        let eb = 4;
        let stride = (n + PAD_C) * eb;
        let (buf, reused) = self.scratch_buffer(16 * grid.wm * stride);
        let (wy, wx, g, q) = self.lane_parts(grid);
        // Per-thread bases, in the prologue.
        let (fbase, obase) = self.in_prologue(|lw| {
            let i32t = lw.i32t;
            let r = lw.affine(wy, 16, 0);
            let r = lw.bin(tas::OpKind::AddI, r, g);
            let r = lw.affine(r, stride, 0);
            let c = lw.affine(wx, grid.nw(), 0);
            let q2 = lw.affine(q, 2, 0);
            let c = lw.bin(tas::OpKind::AddI, c, q2);
            let c = lw.affine(c, eb, 0);
            let off = lw.bin(tas::OpKind::AddI, r, c);
            let fbase = lw.gep(buf, off, 1, Loc::default());
            let tid = lw.tid(i32t);
            let (row, col) = lw.divmod(tid, n);
            let row = lw.affine(row, stride, 0);
            let col = lw.affine(col, eb, 0);
            let off = lw.bin(tas::OpKind::AddI, row, col);
            (fbase, lw.gep(buf, off, 1, Loc::default()))
        });
        let mut out: Scalars = smallvec![src[0]; src.len()];
        let mw = grid.mw();
        for mi in 0..grid.tiles_m() {
            if mi > 0 || self.loop_depth > 0 || reused {
                self.barrier(loc);
            }
            // Fragment side: this chunk's scalars (tile row mi).
            let frag: Vec<(usize, u64)> = (0..grid.tiles_n())
                .flat_map(|ni| (0..4).map(move |c| (ni, c)))
                .map(|(ni, c)| {
                    let off = ((8 * (c >> 1)) * (n + PAD_C) + ni * 8 + (c & 1)) * eb;
                    (grid.at(mi, ni, c), off)
                })
                .collect();
            // Cyclic side: owned elements whose row falls in chunk mi.
            let owned: Vec<(usize, u64)> = (0..src.len() as u64)
                .filter_map(|e| {
                    let (row0, col0) = ((e * threads) / n, (e * threads) % n);
                    ((row0 % mw) / 16 == mi).then(|| {
                        let lr = (row0 / mw) * 16 + row0 % 16;
                        (e as usize, (lr * (n + PAD_C) + col0) * eb)
                    })
                })
                .collect();
            let (writers, wbase, readers, rbase) = if to_frag {
                (&owned, obase, &frag, fbase)
            } else {
                (&frag, fbase, &owned, obase)
            };
            for &(i, off) in writers {
                let p = self.at_byte(wbase, off as i64, loc);
                self.st_shared(p, src[i], loc);
            }
            self.sync.fresh = false;
            self.barrier(loc);
            for &(i, off) in readers {
                let p = self.at_byte(rbase, off as i64, loc);
                out[i] = self.ld_shared(p, acc_t, loc);
            }
            self.sync.fresh = false;
        }
        Ok(out)
    }

    /// `mmaf %a, %b, %acc` and `mmai` (see the module documentation).
    pub(super) fn lower_mmaf(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let r = self.m.result(op, 0);
        let grid = self.grid_of(self.m.value_type(r), op)?;
        let (ta, tb) = (self.m.value_type(ops[0]), self.m.value_type(ops[1]));
        let (Some((da, ea)), Some((_, eb_))) = (tile_shape(self.m, ta), tile_shape(self.m, tb))
        else {
            return Err(self.unsupported(op, "the factors are not tiles"));
        };
        let k = da[1];
        let form = self.mma_form(op, ea, eb_)?;
        // One mma.sync step takes 32 bytes of K: 16 halves or 32 bytes.
        let step = 32 / form.eb;
        if k % step != 0 {
            return Err(self.unsupported(
                op,
                format!("{} needs K a multiple of {step}, got {k}", form.name),
            ));
        }
        let acc = self.frag_of(ops[2], op)?;
        if super::wgmma::applies(self.m, op, self.threads, self.wgmma) {
            let d = self.lower_wgmma(op, grid, k, &form, &acc)?;
            self.map.insert(r, Lowered::Frag(d));
            return Ok(());
        }
        let la = self.get(ops[0], op)?;
        let lb = self.get(ops[1], op)?;
        let (m_, n) = (grid.m, grid.n);
        let row = k * form.eb + PAD_AB_BYTES;
        let sa = self.shared_buffer(m_ * row);
        let sb = self.shared_buffer(n * row);
        if self.loop_depth > 0 {
            // The previous iteration's fragment loads read these buffers.
            self.barrier(loc);
        }
        // a: element (i, j) at sa + i*row + eb*j; b: element (i, j) at sb + j*row + eb*i.
        self.stage(&la, sa, (m_, k), Place::Linear(row, form.eb), op)?;
        self.stage(&lb, sb, (k, n), Place::Linear(form.eb, row), op)?;
        self.sync.fresh = false;
        self.barrier(loc);
        let d = self.mma_steps(grid, k * form.eb, row, (sa, sb), &acc, &form, loc);
        self.sync.fresh = false;
        self.map.insert(r, Lowered::Frag(d));
        Ok(())
    }

    /// The mma.sync form of `op`'s factor types: f16/bf16 (`mmaf`, f32 accumulator) or i8 with
    /// each factor's signedness (`mmai`, i32 accumulator).
    fn mma_form(&mut self, op: Op, ea: Type, eb: Type) -> LResult<MmaForm> {
        if OpKind::of(self.m, op) == Some(OpKind::MmaI) {
            let s = |lw: &Self, key| tilec_dialects::cuda_tile::words::signedness(lw.m, op, key);
            let (Some(sa), Some(sb)) = (s(self, "signedness_lhs"), s(self, "signedness_rhs"))
            else {
                return Err(self.unsupported(op, "mmai needs its two signedness words"));
            };
            let w = |signed: bool| if signed { "s8" } else { "u8" };
            let acc = self.i32t;
            return Ok(MmaForm {
                name: "mmai",
                eb: 1,
                ab: format!("{}.{}", w(sa), w(sb)),
                acc,
            });
        }
        let ab = half_kind(self.m, ea).filter(|_| ea == eb).ok_or_else(|| {
            self.unsupported(
                op,
                "mmaf supports f16 and bf16 factors only (tf32, f8 and f64 are not lowered yet)",
            )
        })?;
        let acc = self.m.float_type(FloatKind::F32);
        Ok(MmaForm {
            name: "mmaf",
            eb: 2,
            ab: ab.to_string(),
            acc,
        })
    }

    /// Every warp's fragment loads and `mma_sync`s over the `kbytes` bytes of K (rows of `row`
    /// bytes in `sa`, `sb`); returns the new accumulators. One step covers 32 bytes of K (16
    /// halves, 32 bytes): the fragment words are the same 32-bit words for both forms (PTX ISA,
    /// "Matrix Fragments for mma.m16n8k16" / ".m16n8k32"): A's `a0..a3` at rows g, g+8 and
    /// byte columns 4q, 4q+16; B's `b0, b1` at (transposed) row g, byte columns 4q, 4q+16.
    #[allow(clippy::too_many_arguments)]
    fn mma_steps(
        &mut self,
        grid: Grid,
        kbytes: u64,
        row: u64,
        (sa, sb): (Value, Value),
        acc: &Scalars,
        form: &MmaForm,
        loc: Loc,
    ) -> Scalars {
        let (wy, wx, g, q) = self.lane_parts(grid);
        // A fragment base: row wy*Mw + g, byte column 4q; B (transposed): row wx*Nw + g.
        let (abase, bbase) = self.in_prologue(|lw| {
            let q4 = lw.affine(q, 4, 0);
            let mut base = |w: Value, span: u64, buf: Value| {
                let r = lw.affine(w, span, 0);
                let r = lw.bin(tas::OpKind::AddI, r, g);
                let r = lw.affine(r, row, 0);
                let o = lw.bin(tas::OpKind::AddI, r, q4);
                lw.gep(buf, o, 1, Loc::default())
            };
            let a = base(wy, grid.mw(), sa);
            let b = base(wx, grid.nw(), sb);
            (a, b)
        });
        let i32t = self.i32t;
        let mut d = acc.clone();
        let ab_attr = AttrData::Str(form.ab.clone().into());
        for ks in 0..kbytes / 32 {
            let kb = ks * 32;
            let afr: Vec<[Value; 4]> = (0..grid.tiles_m())
                .map(|mi| {
                    let o = mi * 16 * row + kb;
                    [o, o + 8 * row, o + 16, o + 8 * row + 16].map(|off| {
                        let p = self.at_byte(abase, off as i64, loc);
                        self.ld_shared(p, i32t, loc)
                    })
                })
                .collect();
            let bfr: Vec<[Value; 2]> = (0..grid.tiles_n())
                .map(|ni| {
                    let o = ni * 8 * row + kb;
                    [o, o + 16].map(|off| {
                        let p = self.at_byte(bbase, off as i64, loc);
                        self.ld_shared(p, i32t, loc)
                    })
                })
                .collect();
            for (mi, a) in afr.iter().enumerate() {
                for (ni, b) in bfr.iter().enumerate() {
                    let at = grid.at(mi as u64, ni as u64, 0);
                    let mut operands: Vec<Value> = a.to_vec();
                    operands.extend_from_slice(b);
                    operands.extend_from_slice(&d[at..at + 4]);
                    let mma = self.b(loc).op(
                        tas::MmaSync::name_sym(),
                        &operands,
                        &[form.acc; 4],
                        &[(sym!(tas::MmaSync::AB_TYPE), ab_attr.clone())],
                    );
                    for c in 0..4 {
                        d[at + c] = self.m.result(mma, c);
                    }
                }
            }
        }
        d
    }
}
