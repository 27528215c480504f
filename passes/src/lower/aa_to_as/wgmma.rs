//! `mmaf` with f16/bf16 factors on sm_90a: `wgmma.mma_async` (m64nNk16, f32 accumulators);
//! `mmai` with 8-bit factors the same way (m64nNk32, s32 accumulators), B staged K-major
//! ([`super::stage::Place::SwzT`]: 8-bit wgmma factors have no MN-major form). Each wgmma step
//! reads 32 bytes of K either way.
//!
//! **Layout.** The accumulator keeps the fragment layout of [`super::mma`] with the grid of all
//! warps along M ([`Grid::for_wgmma`]: `wm = W`, `wn = 1`): warp `w` owns rows
//! `w·Mw..(w+1)·Mw` as m16 tiles `s = 0..Mw/16`, each over all N columns, and a thread's
//! scalars of tile `s` are the `N/2` registers of the m64nNk16 wgmma its warpgroup issues for
//! slab `s`: the D fragment of that wgmma gives warp `i` of the warpgroup rows `16i..16i+16`
//! in the same per-m16n8 order as mma.sync's C fragment (PTX ISA, "Register Fragments and
//! Shared Memory Matrix Layouts", wgmma D for .f32). So staging A's rows in the permuted
//! order of [`super::stage::permute`] makes slab `s` of warpgroup `G` hold, at rows
//! `16i..16i+16`, the rows warp `4G+i` owns; nothing else of the layout changes, and every
//! conversion, splat and loop boundary of the fragment class works as for mma.sync.
//!
//! **Sequence** (each step a nv_tileas op that verify-races checks): (in a loop, a CTA barrier:
//! the previous iteration's wgmmas, waited for by their own warpgroup, read the buffers), the
//! stores of A (`M x K`, rows permuted, K-major core matrices) and B (`K x N`, MN-major core
//! matrices, read with imm-trans-b: a 16-byte run of a B row is one core-matrix row), `fence_proxy_async` (the wgmma reads them through the async proxy), a barrier,
//! `wgmma_fence` (the accumulators were written by other ops), one `wgmma_mma` per (k16 step,
//! slab, N chunk) with the chunk's accumulators chained from step to step, `wgmma_commit`,
//! `wgmma_wait 0`. N chunks are at most 256 columns (the largest wgmma N).

use super::mma::{Grid, MmaForm};
use super::stage::Place;
use super::{LResult, Lower, Scalars};
use tilec_dialects::nv_tileaa::OpKind;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::tile_shape;
use tilec_ir::{sym, AttrData, FloatKind, Loc, Module, Op, OpView, Space, TypeData, Value};

/// The alignment of a factor buffer: the 1024-byte atom of the 128-byte swizzle.
const SWIZZLE_ALIGN: u64 = 1024;

/// The wgmma N of each chunk of `n` columns: the fewest chunks of at most 256 columns, a
/// multiple of 8 each.
fn chunk(n: u64) -> Option<u64> {
    (n.div_ceil(256)..=n / 8)
        .find(|c| n % c == 0 && (n / c) % 8 == 0)
        .map(|c| n / c)
}

impl Grid {
    /// The grid of an `m x n` accumulator a wgmma lowering can use on `threads` threads: all
    /// warps along M (whole warpgroups, each warp an m16 multiple), n a multiple of 8.
    pub(super) fn for_wgmma(m: u64, n: u64, threads: u64) -> Option<Grid> {
        let w = threads / 32;
        (w % 4 == 0 && m % (16 * w) == 0 && n % 8 == 0).then_some(Grid { m, n, wm: w, wn: 1 })
    }
}

/// Whether `mmaf` op `op` lowers to wgmma on `threads` threads (`wgmma`: the target has it),
/// from its types alone (the fused-load analysis asks before lowering, `lower_mmaf` when it
/// reaches the op). Its accumulator's grid is then [`Grid::for_wgmma`]'s.
pub(super) fn applies(m: &Module, op: Op, threads: u64, wgmma: bool) -> bool {
    let ops = m.operands(op);
    let shape = |v: Value| tile_shape(m, m.value_type(v));
    let (Some((da, ea)), Some((_, eb)), Some((dc, ec))) =
        (shape(ops[0]), shape(ops[1]), shape(ops[2]))
    else {
        return false;
    };
    let half = matches!(
        m.type_data(ea),
        TypeData::Float(FloatKind::F16 | FloatKind::BF16)
    );
    // mmaf: f16/bf16 into f32 (k16 steps); mmai: 8-bit integers into i32 (k32 steps).
    let (float, int) = match OpKind::of(m, op) {
        Some(OpKind::MmaF) => (
            half && ea == eb && matches!(m.type_data(ec), TypeData::Float(FloatKind::F32)),
            false,
        ),
        Some(OpKind::MmaI) => (
            false,
            matches!(m.type_data(ea), TypeData::Int(8))
                && matches!(m.type_data(eb), TypeData::Int(8))
                && matches!(m.type_data(ec), TypeData::Int(32)),
        ),
        _ => (false, false),
    };
    let kstep = if int { 32 } else { 16 };
    wgmma
        && (float || int)
        && da.len() == 2
        && dc.len() == 2
        && da[1] % kstep == 0
        && Grid::for_wgmma(dc[0], dc[1], threads).is_some()
        && chunk(dc[1]).is_some()
}

impl Lower<'_> {
    /// `mmaf %a, %b, %acc` on wgmma (see the module documentation); [`applies`] held.
    pub(super) fn lower_wgmma(
        &mut self,
        op: Op,
        grid: Grid,
        k: u64,
        form: &MmaForm,
        acc: &Scalars,
    ) -> LResult<Scalars> {
        let loc = self.m.op_loc(op);
        let n = grid.n;
        let nc = chunk(n).unwrap_or(n);
        let pipe = self.pipes.get(&op).copied();
        // The TMA path stages B column block by column block ([`super::tma`]).
        let (pa, pb) = match self.tma_pipes.contains_key(&op) {
            true => super::tma::tma_layouts(grid, k, form.eb)
                .ok_or_else(|| self.unsupported(op, "no TMA layout for this mmaf"))?,
            false => layouts(grid, k, form.eb),
        };
        let ((sa, sb), at) = match pipe {
            Some(p) => {
                let (bufs, at) = self.pipe_step(op, &p)?;
                (bufs, Some((p, at)))
            }
            None => {
                let bufs = self.wgmma_buffers(op, 1);
                self.stage_once(op, bufs, loc)?;
                (bufs, None)
            }
        };
        // This warpgroup's first slab: sa + (warp / 4) · (Mw / 16) slabs.
        let slab = pa.a_slab();
        let wg_off = self.in_prologue(|lw| {
            let i32t = lw.i32t;
            let tid = lw.tid(i32t);
            let (wg, _) = lw.divmod(tid, 128);
            lw.affine(wg, (grid.mw() / 16) * slab, 0)
        });
        let abase = self.gep(sa, wg_off, 1, Loc::default());
        self.b(loc).op(tas::WgmmaFence::name_sym(), &[], &[], &[]);
        let mut d = acc.clone();
        let per = (nc / 2) as usize;
        // Each step reads 32 bytes of K: k16 of 16-bit factors, k32 of 8-bit ones.
        for kk in 0..k * form.eb / 32 {
            for s in 0..grid.tiles_m() {
                let (at_a, koff) = pa.a_operand(s, kk);
                let p_a = self.at_byte(abase, at_a as i64, loc);
                let attrs = self.wgmma_attrs(nc, &form.ab, (pa, pb), (koff, pb.b_koff(kk)));
                for c in 0..n / nc {
                    let at_b = pb.b_operand(c * nc * form.eb, kk);
                    let p_b = self.at_byte(sb, at_b as i64, loc);
                    let at = grid.at(s, c * nc / 8, 0);
                    let mut operands: Vec<Value> = vec![p_a, p_b];
                    operands.extend_from_slice(&d[at..at + per]);
                    let ty = vec![form.acc; per];
                    let w = self
                        .b(loc)
                        .op(tas::WgmmaMma::name_sym(), &operands, &ty, &attrs);
                    for (i, r) in self.m.results(w).enumerate() {
                        d[at + i] = r;
                    }
                }
            }
        }
        self.b(loc).op(tas::WgmmaCommit::name_sym(), &[], &[], &[]);
        if let Some((p, at)) = at {
            self.pipe_prefetch(op, &p, at)?;
        }
        let i32t = self.i32t;
        self.b(loc).op(
            tas::WgmmaWait::name_sym(),
            &[],
            &[],
            &[(
                sym!(tas::WgmmaWait::PENDING),
                AttrData::Int { value: 0, ty: i32t },
            )],
        );
        self.sync.fresh = false;
        Ok(d)
    }

    /// The shared buffers of wgmma `mmaf` `op` (A, then B), each of `stages` slots, allocated on
    /// first use: a loop lowered twice ([`Lower::unswitch`]) stages into the same buffers in both
    /// copies (the pipelined copy, [`super::pipeline`], comes first and allocates every slot).
    pub(super) fn wgmma_buffers(&mut self, op: Op, stages: u64) -> (Value, Value) {
        if let Some(&b) = self.mma_buffers.get(&op) {
            let depth = self.loop_depth;
            if let Some(f) = self.factor_buffers.iter_mut().find(|f| f.0 == b.0) {
                f.2 = f.2.max(depth);
            }
            return b;
        }
        let (a, b) = self.wgmma_factor_bytes(op);
        // One allocation, A's slots then B's, aligned to the largest swizzle atom (8 rows of
        // 128 bytes): the hardware swizzles address bits, which are then the layout's offset
        // bits ([`super::stage::swizzle`]). A's slots are whole atoms, so B's start on one.
        let buf = self.shared_buffer_aligned(stages * (a + b), SWIZZLE_ALIGN);
        let sb = self.in_prologue(|lw| lw.at_byte(buf, (stages * a) as i64, Loc::default()));
        let bufs = (buf, sb);
        self.mma_buffers.insert(op, bufs);
        self.factor_buffers
            .push((buf, stages * (a + b), self.loop_depth));
        bufs
    }

    /// A shared buffer of `bytes` for an accumulator conversion: a wgmma factor buffer when one
    /// is large enough and its `mmaf` runs only in loops this code is outside of (their
    /// copies and wgmmas are complete when they exit: `cp_async_wait_all`, `wgmma_wait 0`),
    /// else a new one. True when reused: the caller's first write then follows a CTA barrier
    /// (every thread's last copies and wgmmas).
    pub(super) fn scratch_buffer(&mut self, bytes: u64) -> (Value, bool) {
        let depth = self.loop_depth;
        let free = self
            .factor_buffers
            .iter()
            .find(|&&(_, size, d)| size >= bytes && d > depth);
        match free {
            Some(&(buf, _, _)) => (buf, true),
            None => (self.shared_buffer(bytes), false),
        }
    }

    /// The bytes of wgmma `mmaf`/`mmai` `op`'s factors as staged.
    fn wgmma_factor_bytes(&self, op: Op) -> (u64, u64) {
        let eb = factor_bytes(self.m, op);
        let bytes = |v: Value| {
            tile_shape(self.m, self.m.value_type(v))
                .map_or(0, |(d, _)| d.iter().product::<u64>() * eb)
        };
        let ops = self.m.operands(op);
        (bytes(ops[0]), bytes(ops[1]))
    }

    /// The single-stage staging of wgmma `mmaf` `op`'s factors into `bufs`: (in a loop, a CTA
    /// barrier: the previous iteration's wgmmas read the buffers), the copies or stores, their
    /// completion, `fence_proxy_async` and a barrier.
    fn stage_once(&mut self, op: Op, bufs: (Value, Value), loc: Loc) -> LResult<()> {
        if self.loop_depth > 0 {
            self.barrier(loc);
        }
        // The chunk copies of both factors load first, then store.
        self.pending_stores = Some(Vec::new());
        let staged = self.stage_factors(op, bufs);
        let pending = self.pending_stores.take().unwrap_or_default();
        staged?;
        self.wait_copies(loc);
        self.flush_stores(pending);
        self.publish_to_wgmma(loc);
        Ok(())
    }

    /// `fence_proxy_async` (the wgmmas read the staged factors through the async proxy) and a
    /// CTA barrier (every thread's stores or completed copies).
    pub(super) fn publish_to_wgmma(&mut self, loc: Loc) {
        let space = AttrData::Space(Space::SharedCta);
        self.b(loc).op(
            tas::FenceProxyAsync::name_sym(),
            &[],
            &[],
            &[(sym!(tas::FenceProxyAsync::SPACE), space)],
        );
        self.sync.fresh = false;
        self.barrier(loc);
    }

    /// Stages both factors of wgmma `mmaf` `op` into `(sa, sb)`: A (`M x K`, rows permuted,
    /// K-major core matrices) and B (`K x N`, MN-major core matrices, read with imm-trans-b).
    pub(super) fn stage_factors(&mut self, op: Op, (sa, sb): (Value, Value)) -> LResult<()> {
        let ops = self.m.operands(op).to_vec();
        let shape = |v: Value| tile_shape(self.m, self.m.value_type(v)).map(|(d, _)| d);
        let (Some(da), Some(dc)) = (shape(ops[0]), shape(ops[2])) else {
            return Err(self.unsupported(op, "an mmaf operand is not a tile"));
        };
        let (m_, k, n) = (dc[0], da[1], dc[1]);
        let Some(grid) = Grid::for_wgmma(m_, n, self.threads) else {
            return Err(self.unsupported(op, "no wgmma grid for this mmaf"));
        };
        // The layouts lower_wgmma's descriptors read.
        let (a_place, b_place) = layouts(grid, k, factor_bytes(self.m, op));
        self.stage_factor(ops[0], sa, (m_, k), a_place, op)?;
        self.stage_factor(ops[1], sb, (k, n), b_place, op)
    }

    /// Stages factor `v` (`rows x cols`) at `place` in `buf`: copied from global memory when its
    /// load is fused ([`super::fused`]), else from its lowered elements.
    fn stage_factor(
        &mut self,
        v: Value,
        buf: Value,
        dims: (u64, u64),
        place: Place,
        at: Op,
    ) -> LResult<()> {
        if let Some(load) = self.fused.loads.get(&v).cloned() {
            let elem = tile_shape(self.m, self.m.value_type(v))
                .map(|(_, e)| e)
                .ok_or_else(|| self.unsupported(at, "a factor is not a tile"))?;
            let elem = self.scalar_of(elem);
            return self.copy_fused(&load, buf, dims, (elem, 2), place, at);
        }
        let l = self.get(v, at)?;
        self.stage(&l, buf, dims, place, at)
    }

    /// The attributes of a `wgmma_mma` of `n` columns with A in layout `pa` (K-major) and B in
    /// `pb` (MN-major: `trans_b`, or K-major), A's and B's starts `koff` bytes into their
    /// swizzle atoms' rows.
    fn wgmma_attrs(
        &mut self,
        n: u64,
        ab: &str,
        (pa, pb): (Place, Place),
        (a_koff, b_koff): (u64, u64),
    ) -> Vec<(tilec_ir::Sym, AttrData)> {
        let i32t = self.i32t;
        let int = |v: u64| AttrData::Int {
            value: v as i64,
            ty: i32t,
        };
        let (a_lbo, a_sbo, a_swz) = pa.descriptor();
        let (b_lbo, b_sbo, b_swz) = pb.descriptor();
        let mut attrs = vec![
            (sym!(tas::WgmmaMma::N), int(n)),
            (sym!(tas::WgmmaMma::AB_TYPE), AttrData::Str(ab.into())),
            (sym!(tas::WgmmaMma::A_LBO), int(a_lbo)),
            (sym!(tas::WgmmaMma::A_SBO), int(a_sbo)),
            (sym!(tas::WgmmaMma::B_LBO), int(b_lbo)),
            (sym!(tas::WgmmaMma::B_SBO), int(b_sbo)),
        ];
        // A 16-bit B is MN-major (read transposed); an 8-bit one K-major ([`layouts`]).
        if matches!(
            pb,
            Place::SwzMn { .. } | Place::SwzMnCols { .. } | Place::CoreMn { .. }
        ) {
            attrs.push((sym!(tas::WgmmaMma::TRANS_B), AttrData::Unit));
        }
        if a_swz != 0 {
            attrs.push((sym!(tas::WgmmaMma::A_SWIZZLE), int(a_swz)));
        }
        if a_koff != 0 {
            attrs.push((sym!(tas::WgmmaMma::A_KOFF), int(a_koff)));
        }
        if b_swz != 0 {
            attrs.push((sym!(tas::WgmmaMma::B_SWIZZLE), int(b_swz)));
        }
        if b_koff != 0 {
            attrs.push((sym!(tas::WgmmaMma::B_KOFF), int(b_koff)));
        }
        attrs
    }
}

/// The bytes of an element of wgmma `mmaf`/`mmai` `op`'s factors: 2 (f16, bf16) or 1 (i8).
fn factor_bytes(m: &Module, op: Op) -> u64 {
    let a = m.operands(op)[0];
    tile_shape(m, m.value_type(a))
        .and_then(|(_, e)| tilec_dialects::types::scalar_bytes(m, e))
        .unwrap_or(2)
}

/// The shared-memory layouts of the factors of an `m x n` (`grid`) by `k` wgmma `mmaf` with
/// `eb`-byte elements: A (`M x K`, rows permuted, K-major, swizzled) and B (`K x N`,
/// MN-major, read with imm-trans-b; swizzled when a wgmma's N chunk allows).
pub(super) fn layouts(grid: Grid, k: u64, eb: u64) -> (Place, Place) {
    let n = grid.n;
    let nc = chunk(n).unwrap_or(n);
    let a = Place::k_major(grid.m, k * eb, eb, Some(grid.mw()));
    if eb == 1 {
        // 8-bit factors are K-major only (PTX ISA, wgmma.mma_async): B transposed.
        let w = super::stage::swizzle_width(k).unwrap_or(32);
        return (a, Place::SwzT { w, rows: n, eb });
    }
    let b = Place::mn_major(k, n * eb, nc * eb, eb);
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_at_most_256_columns() {
        assert_eq!(chunk(128), Some(128));
        assert_eq!(chunk(256), Some(256));
        assert_eq!(chunk(512), Some(256));
        assert_eq!(chunk(384), Some(192));
        assert_eq!(chunk(8), Some(8));
        assert_eq!(chunk(264), Some(88));
    }
}
