//! TMA loads of the factors of a pipelined wgmma `mmaf` ([`crate::Cx::tma_maps`], `tilec
//! --tma-maps`): instead of `cp_async` chunks copied by every thread, one thread issues
//! `tma_load`s (`cp.async.bulk.tensor`) of boxes of each factor's tensor map into the stage's
//! slot, completing on the stage's mbarrier.
//!
//! **Maps.** Each factor load whose view the launcher can describe — its base pointer a kernel
//! parameter, its two bounds and its row stride kernel parameters or constants ([`HostVal`]:
//! cuTile's `make_tensor_view` of an entry's arrays) — gets a hidden `!nv_tileas.tensormap`
//! parameter after the kernel's own, and the kernel one hidden i32 `ok`. The kernel attributes
//! `tensor_maps` and `tensor_maps_ok` say what they are ([`tilec_dialects::tensor_maps`]); the
//! PTX printer writes them as `//tilec:` lines that tile-run reads to make the maps
//! (docs/tensor-maps.md).
//! The TMA loop runs when `ok` is nonzero (the launcher made every map) and the chunk copy
//! would apply (16-byte aligned base, a row stride of whole 16 bytes, unit column stride:
//! [`super::copy`]), else the element loop.
//!
//! **Layouts.** A box lands in shared memory row after row (`w` bytes a row), its 16-byte chunks
//! swizzled by the address bits above the row as wgmma's layouts are ([`super::stage::swizzle`];
//! PTX ISA "Tensor-map", swizzle modes: the same `Swizzle<log2(w/16),4,3>` of the address). A's
//! K-major layout is written by boxes of `w` bytes of K by a run of rows its row permutation
//! keeps contiguous; B goes to [`Place::SwzMnCols`], one box per `w`-byte column block.
//! [`boxes`] derives them; the unit tests check every element of every layout the lowering
//! makes against [`Place::at`].
//!
//! **Pipeline** (one mbarrier per stage, count 1). The loop is not nested in another, so each
//! barrier's phases count from the loop's start. Before the loop one thread inits the barriers,
//! `fence_mbarrier_init`, a CTA barrier, then issues iterations 0..S-2, each an
//! `mbarrier_arrive` with the stage's bytes (expect_tx) and its boxes. At the `mmaf` of
//! iteration t every thread waits on barrier t % S for parity (t / S) & 1 (the boxes are
//! async-proxy writes that complete on it, read by the wgmmas through the async proxy:
//! SYNC-MODEL P14, no proxy fence), then a CTA barrier (every warpgroup's wgmmas of t-1 are
//! done: their slot is refilled next), the wgmmas, and the thread issues iteration t+S-1 into
//! slot (t-1) % S. An iteration past the loop's end is not issued, and its slot never waited for.

use super::fused::Load;
use super::pipeline::Pipe;
use super::stage::{permute, swizzle_width, Place};
use super::wgmma::layouts;
use super::{LResult, Lower};
use tilec_dialects::nv_tileaa::{self as aa, OpKind};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::tensor_maps::{HostVal, MapDesc};
use tilec_dialects::types::tile_shape;
use tilec_ir::{
    sym, AttrData, Block, FloatKind, Loc, MemScope, MemSemantic, Module, Op, OpView, Space,
    TypeData, Value, ValueDef,
};

/// A box has at most 256 elements along each dimension (CUDA driver API,
/// `cuTensorMapEncodeTiled`: `boxDim`).
const MAX_BOX: u64 = 256;

/// The bytes of a factor element on the TMA path: it loads f16/bf16 factors ([`Lower::plan_tma`]).
const EB: u64 = 2;

/// Where one box of a staged factor goes: its byte offset in the slot, and its first column and
/// row relative to the load's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BoxAt {
    pub off: u64,
    pub col: u64,
    pub row: u64,
}

/// The box (columns, rows) and the boxes that write a `rows x cols` factor into `place`; None
/// for a layout boxes cannot write.
pub(super) fn boxes(place: Place, rows: u64, cols: u64) -> Option<([u64; 2], Vec<BoxAt>)> {
    let at = |i, j, c: u64, r: u64| BoxAt {
        off: place.lin_at(i, j),
        col: c,
        row: r,
    };
    match place {
        Place::Swz {
            w,
            rows: r,
            eb,
            perm,
        } if r == rows && (cols * eb) % w == 0 => {
            let bc = w / eb;
            let run = row_run(rows, perm)?;
            let v = (0..cols / bc)
                .flat_map(|cb| (0..rows / run).map(move |j| (cb * bc, j * run)))
                .map(|(c, r)| at(r, c, c, r))
                .collect();
            Some(([bc, run], v))
        }
        Place::SwzMnCols { w, kdim, eb } if kdim == rows && kdim <= MAX_BOX => {
            let bc = w / eb;
            if cols % bc != 0 {
                return None;
            }
            let v = (0..cols / bc)
                .map(|cb| at(0, cb * bc, cb * bc, 0))
                .collect();
            Some(([bc, kdim], v))
        }
        _ => None,
    }
}

/// The longest run of rows (at most [`MAX_BOX`], dividing `rows`) that A's row permutation
/// keeps contiguous, each run starting on a swizzle atom (8 rows).
fn row_run(rows: u64, perm: Option<u64>) -> Option<u64> {
    let at = |i: u64| perm.map_or(i, |mw| permute(i, mw));
    let mut run = rows.min(MAX_BOX);
    while run >= 8 {
        let ok = rows % run == 0
            && (0..rows).all(|i| {
                if i % run == 0 {
                    at(i) % 8 == 0
                } else {
                    at(i) == at(i - 1) + 1
                }
            });
        if ok {
            return Some(run);
        }
        run /= 2;
    }
    None
}

/// The layouts of the TMA path: A as the copy path stages it, B in [`Place::SwzMnCols`]
/// (None when B's wgmma N chunk allows no swizzle).
pub(super) fn tma_layouts(grid: super::mma::Grid, k: u64, eb: u64) -> Option<(Place, Place)> {
    let (a, b) = layouts(grid, k, eb);
    let Place::SwzMn { w, .. } = b else {
        return None;
    };
    swizzle_width(w)?;
    Some((a, Place::SwzMnCols { w, kdim: k, eb }))
}

/// `v` (an nv_tileaa value) as the launcher knows it: a parameter of the kernel body `params`
/// (through reshape, broadcast and sign extension), or an integer constant that fits an i32.
fn host_val(m: &Module, params: Block, v: Value) -> Option<HostVal> {
    match m.value_def(v) {
        ValueDef::Arg(b, i) if b == params => Some(HostVal::Param(i)),
        ValueDef::Result(d, _) => match OpKind::of(m, d)? {
            OpKind::Reshape | OpKind::Broadcast | OpKind::ExtSI => {
                host_val(m, params, *m.operands(d).first()?)
            }
            OpKind::Constant => match m.get_attr(d, sym!(aa::Constant::VALUE))? {
                AttrData::Int { value, .. } => i32::try_from(*value).ok().map(HostVal::Const),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// What the TMA path of one pipelined `mmaf` uses ([`Lower::plan_tma`]).
#[derive(Clone, Debug)]
pub(super) struct TmaPipe {
    /// The factors' maps (A, B): hidden kernel parameters.
    maps: [Value; 2],
    /// The factors' loads (A, B).
    loads: [Load; 2],
    /// Each factor's box (columns, rows) and boxes.
    boxes: [([u64; 2], Vec<BoxAt>); 2],
    /// One mbarrier per stage (8 bytes each).
    bars: Value,
    /// Bytes of one stage (both factors).
    bytes: u64,
}

impl Lower<'_> {
    /// The TMA path of the pipeline `p` of `mmaf` in loop `lp`, when it applies (module docs):
    /// creates its maps (hidden parameters, described for the launcher) and its barriers.
    pub(super) fn plan_tma(&mut self, mmaf: Op, p: &Pipe) -> Option<TmaPipe> {
        if !self.tma_maps || self.loop_depth > 0 {
            return None;
        }
        let m = &*self.m;
        let ops = m.operands(mmaf);
        let [a, b] = [ops[0], ops[1]].map(|v| self.fused.loads.get(&v).cloned());
        let (a, b) = (a?, b?);
        let shape = |v: Value| tile_shape(m, m.value_type(v));
        let ((da, ea), (dc, _)) = (shape(ops[0])?, shape(ops[2])?);
        let (m_, k, n) = (dc[0], da[1], dc[1]);
        let bf16 = match m.type_data(ea) {
            TypeData::Float(FloatKind::BF16) => true,
            TypeData::Float(FloatKind::F16) => false,
            _ => return None,
        };
        let grid = super::mma::Grid::for_wgmma(m_, n, self.threads)?;
        let (pa, pb) = tma_layouts(grid, k, EB)?;
        let boxes = [boxes(pa, m_, k)?, boxes(pb, k, n)?];
        let swz = [pa.swizzle_width()?, pb.swizzle_width()?];
        let views = [&a, &b].map(|l| self.host_view(l));
        let [Some(va), Some(vb)] = views else {
            return None;
        };
        // Commit: the hidden parameters, the barriers.
        let loc = self.m.op_loc(mmaf);
        let mut maps = Vec::new();
        for (i, (base, dims, stride)) in [va, vb].into_iter().enumerate() {
            let t = tilec_dialects::types::tensormap(self.m, "nv_tileas");
            let v = self.m.add_block_arg(self.body, t, loc);
            let index = self.m.block_args(self.body).len() as u32 - 1;
            let desc = MapDesc {
                map: index,
                base,
                dims,
                stride,
                bf16,
                boxes: boxes[i].0.map(|b| b as u32),
                swizzle: swz[i] as u32,
            };
            self.tma_descs.extend(desc.encode());
            maps.push(v);
        }
        if self.tma_ok.is_none() {
            let i32t = self.i32t;
            let ok = self.m.add_block_arg(self.body, i32t, loc);
            self.tma_ok = Some(ok);
        }
        let bars = self.shared_buffer_aligned(8 * p.stages, 8);
        Some(TmaPipe {
            maps: [maps[0], maps[1]],
            loads: [a, b],
            boxes,
            bars,
            bytes: (m_ * k + k * n) * EB,
        })
    }

    /// The launcher's view of load `l`: its base parameter, its bounds (columns, rows) and
    /// its row stride in elements.
    fn host_view(&self, l: &Load) -> Option<(u32, [HostVal; 2], HostVal)> {
        let (m, params) = (&*self.m, self.params);
        let HostVal::Param(base) = host_val(m, params, l.ptr)? else {
            return None;
        };
        let [d0, d1] = l.dims;
        let dims = [
            host_val(m, params, d1.size?)?,
            host_val(m, params, d0.size?)?,
        ];
        let stride = match d0.stride {
            Some(s) => host_val(m, params, s)?,
            None => HostVal::Const(1),
        };
        Some((base, dims, stride))
    }

    /// `cond && ok != 0`: the unswitched loop's chunk arm runs the TMA path only when the
    /// launcher made the maps.
    pub(super) fn with_maps(&mut self, cond: Value) -> Value {
        let Some(ok) = self.tma_ok else {
            return cond;
        };
        let i32t = self.i32t;
        let zero = self.const_int(i32t, 0, Loc::default());
        let made = self.cmp("ne", ok, zero);
        let i1 = self.i1;
        self.typed(tas::OpKind::AndI, cond, made, i1)
    }

    /// Before the loop: the barriers, then iterations 0..S-2 issued.
    pub(super) fn tma_prologue(&mut self, mmaf: Op, p: &Pipe, tp: &TmaPipe) -> LResult<()> {
        let loc = self.m.op_loc(mmaf);
        let i32t = self.i32t;
        self.elected_only(loc, |lw| {
            let one = lw.const_int(i32t, 1, loc);
            for j in 0..p.stages {
                let bar = lw.at_byte(tp.bars, 8 * j as i64, loc);
                lw.b(loc)
                    .op(tas::MbarrierInit::name_sym(), &[bar, one], &[], &[]);
            }
            lw.b(loc)
                .op(tas::FenceMbarrierInit::name_sym(), &[], &[], &[]);
        });
        self.sync.fresh = false;
        self.barrier(loc);
        for j in 0..p.stages - 1 {
            let at_iv = self.const_int(i32t, p.lb + j as i64 * p.step, loc);
            let slot = self.const_int(i32t, j as i64, loc);
            self.tma_issue(mmaf, p, tp, at_iv, slot)?;
        }
        Ok(())
    }

    /// At the `mmaf` of iteration t: the wait for slot t % S, then a CTA barrier; the slots.
    pub(super) fn tma_wait(&mut self, mmaf: Op, tp: &TmaPipe, t: Value, stages: u64) -> Value {
        let loc = self.m.op_loc(mmaf);
        let i32t = self.i32t;
        let n = self.const_int(i32t, stages as i64, loc);
        let cur = self.bin(tas::OpKind::RemUI, t, n);
        let round = self.bin(tas::OpKind::DivUI, t, n);
        let one = self.const_int(i32t, 1, loc);
        let parity = self.bin(tas::OpKind::AndI, round, one);
        let bar = self.gep(tp.bars, cur, 8, loc);
        self.b(loc).op(
            tas::MbarrierWait::name_sym(),
            &[bar, parity],
            &[],
            &[
                (
                    sym!(tas::MbarrierWait::MEM_SEMANTIC),
                    AttrData::Sem(MemSemantic::Acquire),
                ),
                (
                    sym!(tas::MbarrierWait::MEM_SCOPE),
                    AttrData::Scope(MemScope::Cta),
                ),
            ],
        );
        self.sync.fresh = false;
        self.barrier(loc);
        cur
    }

    /// The iteration whose induction variable is `at_iv`, issued into slot `slot` by one
    /// thread when the loop runs it: the barrier armed with the stage's bytes, then every box.
    pub(super) fn tma_issue(
        &mut self,
        mmaf: Op,
        p: &Pipe,
        tp: &TmaPipe,
        at_iv: Value,
        slot: Value,
    ) -> LResult<()> {
        let loc = self.m.op_loc(mmaf);
        let ub = self.m.operands(p.lp)[1];
        let ub = self.uniform_scalar(ub, mmaf)?;
        let live = self.cmp("slt", at_iv, ub);
        let mut starts = Vec::new();
        for l in &tp.loads {
            let r = self.shifted(l.dims[0].start, p, at_iv, mmaf)?;
            let c = self.shifted(l.dims[1].start, p, at_iv, mmaf)?;
            starts.push((c, r));
        }
        let bufs = self.wgmma_buffers(mmaf, p.stages);
        let dsts = self.stage_slots(bufs, slot, p);
        let bar = self.gep(tp.bars, slot, 8, loc);
        let i64t = self.i64t;
        self.elected_only(loc, |lw| {
            lw.when(live, loc, |lw| {
                let tx = AttrData::Int {
                    value: tp.bytes as i64,
                    ty: i64t,
                };
                lw.b(loc).op(
                    tas::MbarrierArrive::name_sym(),
                    &[bar],
                    &[],
                    &[
                        (sym!(tas::MbarrierArrive::TX_BYTES), tx),
                        (
                            sym!(tas::MbarrierArrive::MEM_SEMANTIC),
                            AttrData::Sem(MemSemantic::Release),
                        ),
                        (
                            sym!(tas::MbarrierArrive::MEM_SCOPE),
                            AttrData::Scope(MemScope::Cta),
                        ),
                        (
                            sym!(tas::MbarrierArrive::SPACE),
                            AttrData::Space(Space::SharedCta),
                        ),
                    ],
                );
                for (f, dst) in [dsts.0, dsts.1].into_iter().enumerate() {
                    lw.tma_boxes(tp, f, dst, bar, starts[f], loc);
                }
            })
        });
        self.sync.fresh = false;
        Ok(())
    }

    /// Factor `f`'s boxes into `dst`, at the load's start `(column, row)`.
    fn tma_boxes(
        &mut self,
        tp: &TmaPipe,
        f: usize,
        dst: Value,
        bar: Value,
        (c0, r0): (Value, Value),
        loc: Loc,
    ) {
        let (shape, boxes) = &tp.boxes[f];
        let i64t = self.i64t;
        let bytes = AttrData::Int {
            value: (shape[0] * shape[1] * EB) as i64,
            ty: i64t,
        };
        for b in boxes {
            let to = self.at_byte(dst, b.off as i64, loc);
            let c = self.affine(c0, 1, b.col);
            let r = self.affine(r0, 1, b.row);
            self.b(loc).op(
                tas::TmaLoad::name_sym(),
                &[to, tp.maps[f], bar, c, r],
                &[],
                &[(sym!(tas::TmaLoad::BYTES), bytes.clone())],
            );
        }
    }

    /// The `tensor_maps` and `tensor_maps_ok` attributes of the lowered kernel `k`.
    pub(super) fn describe_maps(&self) -> Vec<(tilec_ir::Sym, AttrData)> {
        let Some(ok) = self.tma_ok else {
            return Vec::new();
        };
        let i32t = self.i32t;
        let ok_index = self
            .m
            .block_args(self.body)
            .iter()
            .position(|&a| a == ok)
            .unwrap_or(0);
        vec![
            (
                sym!(tas::Kernel::TENSOR_MAPS),
                AttrData::DenseI32(self.tma_descs.clone().into()),
            ),
            (
                sym!(tas::Kernel::TENSOR_MAPS_OK),
                AttrData::Int {
                    value: ok_index as i64,
                    ty: i32t,
                },
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::super::mma::Grid;
    use super::super::stage::swizzle;
    use super::*;

    /// Every element of the box that covers `(i, j)` lands where `place` puts it: the box's
    /// row `i - row` at `w` bytes a row, swizzled by the address.
    fn check(place: Place, rows: u64, cols: u64) {
        let ([bc, br], bs) = boxes(place, rows, cols).expect("boxes");
        let w = place.swizzle_width().expect("swizzled");
        assert_eq!(bc * EB, w, "a box row is one swizzle span");
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..rows {
            for j in 0..cols {
                let hits: Vec<&BoxAt> = bs
                    .iter()
                    .filter(|b| {
                        (b.row..b.row + br).contains(&i) && (b.col..b.col + bc).contains(&j)
                    })
                    .collect();
                assert_eq!(hits.len(), 1, "({i}, {j}) is in one box");
                let b = hits[0];
                let lin = b.off + (i - b.row) * w + (j - b.col) * EB;
                assert_eq!(b.off % (8 * w), 0, "a box starts on a swizzle atom");
                assert_eq!(swizzle(lin, w), place.at(i, j), "({i}, {j}) in {place:?}");
                seen.insert(place.at(i, j));
            }
        }
        assert_eq!(seen.len() as u64, rows * cols);
    }

    #[test]
    fn boxes_write_the_wgmma_layouts() {
        // (M, N, K, threads): the matmuls of the corpus and the lowering tests.
        for (m, n, k, t) in [
            (128, 128, 32, 128),
            (128, 128, 64, 128),
            (128, 256, 64, 256),
            (64, 64, 16, 128),
            (256, 128, 64, 256),
            (128, 64, 128, 128),
        ] {
            let grid = Grid::for_wgmma(m, n, t).expect("grid");
            let (pa, pb) = tma_layouts(grid, k, EB).expect("layouts");
            check(pa, m, k);
            check(pb, k, n);
        }
    }

    #[test]
    fn permuted_rows_come_in_runs_of_16() {
        // 4 warps of 32 rows: warp w's m16 tiles go to slabs 0 and 1.
        assert_eq!(row_run(128, Some(32)), Some(16));
        // One m16 tile per warp: the permutation is the identity.
        assert_eq!(row_run(64, Some(16)), Some(64));
        assert_eq!(row_run(512, None), Some(256));
    }
}
