//! `scan` (NVIDIA's inclusive prefix along `dim`, one input tile: NVIDIA's own restriction).
//!
//! The tile's `L` lines along `dim` (`N` elements each, `inner` apart) are cut into `C` chunks
//! of `S` elements, `L·C` units spread over the threads (unit `u = g·T + t` for `g` in
//! `0..ceil(L·C / T)`). Through shared memory:
//!
//! 1. every thread stores its owned elements at their flat index; a CTA barrier (the tile's
//!    shared image, [`Lower::smem_image`]: shared with `permute`/`extract` of the same tile);
//! 2. each unit folds its chunk in scan order from the identity, storing every inclusive value
//!    at its flat index in a second buffer and the chunk's total in a slot; a CTA barrier;
//! 3. (`C > 1`) each unit folds the totals of its line's chunks before it in order (its prefix
//!    `P`; the identity for a line's first chunk) and writes each of its values `Q` as
//!    `body(Q, P)` into a third buffer: with the body
//!    `f(cur, acc) = acc ⊕ cur` of an associative `⊕`, that is `P ⊕ Q`, the fold of everything
//!    before; a CTA barrier. Reading one buffer and writing the other keeps every cross-thread
//!    pair of accesses apart by a barrier, which `verify-races` checks like any other sync;
//! 4. every thread loads its owned results.
//!
//! Regrouping the fold this way relies on what NVIDIA asks of a scan: the body is associative
//! and the identity is its identity (`body(Q, id) = Q`).
//!
//! The order of every fold is fixed, so the result is the same on every run (NVIDIA asks for
//! determinism, not for a particular order). `reverse` walks each line from its end. Inside a
//! loop a barrier before the first stores keeps the previous iteration's loads apart.

use super::{LResult, Lower, Lowered, Scalars};
use tilec_dialects::nv_tileaa::Scan;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{elements, scalar_bytes, tile_shape};
use tilec_ir::{sym, AttrData, Builder, Loc, Op, OpView, Type, TypeData, Value};

/// How the lines are cut: `lines` of `n` elements `inner` apart, `chunks` per line of `size`.
#[derive(Clone, Copy)]
struct Cut {
    n: u64,
    inner: u64,
    lines: u64,
    chunks: u64,
    size: u64,
    reverse: bool,
}

impl Cut {
    fn new(dims: &[u64], dim: usize, threads: u64, reverse: bool) -> Cut {
        let n = dims[dim];
        let inner: u64 = dims[dim + 1..].iter().product();
        let lines = elements(dims) / n.max(1);
        let want = (threads / lines.max(1)).clamp(1, n.max(1));
        let size = n.div_ceil(want);
        Cut {
            n,
            inner,
            lines,
            chunks: n.div_ceil(size),
            size,
            reverse,
        }
    }
    fn units(&self) -> u64 {
        self.lines * self.chunks
    }
}

/// Loops of at most this many steps are unrolled (the chunk walks, the prefix over the totals).
const UNROLL: u64 = 16;

/// A loop's trip count: known when the lowering is built, or a per-thread value.
#[derive(Clone, Copy)]
pub(super) enum Bound {
    Static(u64),
    Dynamic(Value),
}

/// The per-unit values phase 2 and 3 share.
#[derive(Clone, Copy)]
struct Unit {
    /// The line's first element's flat index.
    base: Value,
    /// The chunk's number in its line, and its first position in scan order.
    chunk: Value,
    start: Value,
    /// The chunk's length.
    len: Bound,
    /// The totals slot of the line's first chunk, and this unit's.
    line_slot: Value,
    slot: Value,
}

impl Lower<'_> {
    /// `scan` (see the module documentation).
    pub(super) fn lower_scan(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ins = self.m.operands(op).to_vec();
        if ins.len() != 1 || self.m.num_results(op) != 1 {
            return Err(self.unsupported(
                op,
                "a scan of several tiles is not supported (NVIDIA's own restriction: one input)",
            ));
        }
        let (dims, elem) = tile_shape(self.m, self.m.value_type(ins[0]))
            .map(|(d, e)| (d.to_vec(), e))
            .ok_or_else(|| self.unsupported(op, "its input is not a tile"))?;
        let dim = Scan(op).dim(self.m).unwrap_or(-1);
        if dim < 0 || dim as usize >= dims.len() {
            return Err(self.unsupported(op, "'dim' is not a dimension of the input"));
        }
        let t = self.scalar_of(elem);
        if matches!(self.m.type_data(t), TypeData::Int(1)) {
            return Err(self.unsupported(
                op,
                "a scan of an i1 tile is not supported yet (shared memory holds no predicates)",
            ));
        }
        let id = self.identities(op, &ins)?.0[0];
        let src = self.get(ins[0], op)?;
        let r = self.m.result(op, 0);
        if elements(&dims) <= 1 {
            let x = self.elem(&src, 0, loc, op)?;
            let y = self.fold(op, &[x], &[id])?[0];
            self.map.insert(r, Lowered::Uniform(y));
            return Ok(());
        }
        let reverse = Scan(op).reverse(self.m).unwrap_or(false);
        let cut = Cut::new(&dims, dim as usize, self.threads, reverse);
        let out = self.scan_through_shared(op, &src, &dims, t, id, cut)?;
        self.map.insert(r, Lowered::Owned(out));
        Ok(())
    }

    /// Phases 1–4 of the module documentation.
    fn scan_through_shared(
        &mut self,
        op: Op,
        src: &Lowered,
        dims: &[u64],
        t: Type,
        id: Value,
        cut: Cut,
    ) -> LResult<Scalars> {
        let loc = self.m.op_loc(op);
        let (threads, i32t) = (self.threads, self.i32t);
        let eb = scalar_bytes(self.m, t).unwrap_or(4);
        let total = elements(dims);
        let per = self.per(dims);
        let x = self.m.operands(op)[0];
        let input = self.smem_image(op, x, src, dims, t)?;
        let output = self.shared_buffer((total * eb).next_multiple_of(16));
        let totals = self.shared_buffer((cut.units() * eb).next_multiple_of(16));
        let groups = cut.units().div_ceil(threads);
        for g in 0..groups {
            self.for_unit(g, cut, |lw, u| {
                lw.chunk_walk(op, u, cut, (input, output), eb, t, id, false)
                    .map(|acc| {
                        let p = lw.gep(totals, u.slot, eb, loc);
                        lw.st_shared(p, acc, loc);
                    })
            })?;
        }
        self.sync.fresh = false;
        self.barrier(loc);
        // Phase 3 writes a third buffer: the input is a shared image other ops may read.
        let last = if cut.chunks > 1 {
            self.shared_buffer((total * eb).next_multiple_of(16))
        } else {
            output
        };
        if cut.chunks > 1 {
            for g in 0..groups {
                self.for_unit(g, cut, |lw, u| {
                    // The prefix: the totals of the line's chunks before this one, in order.
                    // Few chunks: every earlier slot, unrolled, the identity for those at or
                    // past this chunk (the same fold: the identity changes nothing).
                    let prefix = if cut.chunks <= UNROLL {
                        let mut acc = id;
                        for k in 0..cut.chunks - 1 {
                            let slot = lw.affine(u.line_slot, 1, k);
                            let p = lw.gep(totals, slot, eb, loc);
                            let x = lw.ld_shared(p, t, loc);
                            let kc = lw.const_int(i32t, k as i64, loc);
                            let before = lw.cmp("slt", kc, u.chunk);
                            let x =
                                lw.b(loc)
                                    .value(tas::Select::name_sym(), &[before, x, id], t, &[]);
                            acc = lw.fold(op, &[x], &[acc])?[0];
                        }
                        acc
                    } else {
                        lw.counted(op, Bound::Dynamic(u.chunk), &[id], &[t], |lw, k, acc| {
                            let s = lw.bin(tas::OpKind::AddI, u.line_slot, k);
                            let p = lw.gep(totals, s, eb, loc);
                            let x = lw.ld_shared(p, t, loc);
                            lw.fold(op, &[x], acc)
                        })?[0]
                    };
                    lw.chunk_walk(op, u, cut, (output, last), eb, t, prefix, true)
                        .map(|_| ())
                })?;
            }
            self.sync.fresh = false;
            self.barrier(loc);
        }
        let results = last;
        let mut out = Scalars::with_capacity(per as usize);
        for e in 0..per {
            let mut j = self.index(per, e, i32t);
            if (e + 1) * threads > total {
                j = self.divmod(j, total).1;
            }
            let p = self.gep(results, j, eb, loc);
            out.push(self.ld_shared(p, t, loc));
        }
        self.sync.fresh = false;
        Ok(out)
    }

    /// Runs `f` for unit `g·T + tid` of `cut` when it exists, inside an `if` when not every
    /// thread has one.
    fn for_unit(
        &mut self,
        g: u64,
        cut: Cut,
        f: impl FnOnce(&mut Self, Unit) -> LResult<()>,
    ) -> LResult<()> {
        let loc = Loc::default();
        let (threads, i32t) = (self.threads, self.i32t);
        let tid = self.tid(i32t);
        let u = self.affine(tid, 1, g * threads);
        let (line, chunk) = if cut.chunks == 1 {
            (u, self.const_int(i32t, 0, loc))
        } else {
            self.divmod(u, cut.chunks)
        };
        let cond = ((g + 1) * threads > cut.units()).then(|| {
            let n = self.const_int(i32t, cut.units() as i64, loc);
            self.cmp("ult", u, n)
        });
        let unit = |lw: &mut Self| {
            let (outer, ii) = if cut.inner == 1 {
                (line, lw.const_int(i32t, 0, loc))
            } else {
                lw.divmod(line, cut.inner)
            };
            let o = lw.affine(outer, cut.n * cut.inner, 0);
            let base = lw.bin(tas::OpKind::AddI, o, ii);
            let start = lw.affine(chunk, cut.size, 0);
            let len = if cut.n % cut.size == 0 {
                Bound::Static(cut.size)
            } else {
                let n = lw.const_int(i32t, cut.n as i64, loc);
                let left = lw.bin(tas::OpKind::SubI, n, start);
                let s = lw.const_int(i32t, cut.size as i64, loc);
                Bound::Dynamic(lw.bin(tas::OpKind::MinSI, left, s))
            };
            let line_slot = lw.affine(line, cut.chunks, 0);
            Unit {
                base,
                chunk,
                start,
                len,
                line_slot,
                slot: u,
            }
        };
        let Some(cond) = cond else {
            let u = unit(self);
            return f(self, u);
        };
        self.when(cond, loc, |lw| {
            let u = unit(lw);
            f(lw, u)
        })
    }

    /// Walks unit `u`'s chunk in scan order from `init`: each value `x` read from `from` at its
    /// flat index becomes `body(x, acc)`, written to `to` there and carried; with `combine`
    /// (phase 3) `acc` stays `init` (`body(Q, P)`). Returns the last carried value.
    #[allow(clippy::too_many_arguments)]
    fn chunk_walk(
        &mut self,
        op: Op,
        u: Unit,
        cut: Cut,
        (from, to): (Value, Value),
        eb: u64,
        t: Type,
        init: Value,
        combine: bool,
    ) -> LResult<Value> {
        let loc = Loc::default();
        let i32t = self.i32t;
        let out = self.counted(op, u.len, &[init], &[t], |lw, i, acc| {
            let pos = lw.bin(tas::OpKind::AddI, u.start, i);
            let idx = if cut.reverse {
                let last = lw.const_int(i32t, cut.n as i64 - 1, loc);
                lw.bin(tas::OpKind::SubI, last, pos)
            } else {
                pos
            };
            let off = lw.affine(idx, cut.inner, 0);
            let flat = lw.bin(tas::OpKind::AddI, u.base, off);
            let p = lw.gep(from, flat, eb, loc);
            let x = lw.ld_shared(p, t, loc);
            let fixed = [init];
            let y = lw.fold(op, &[x], if combine { &fixed } else { acc })?;
            let q = lw.gep(to, flat, eb, loc);
            lw.st_shared(q, y[0], loc);
            Ok(if combine { acc.to_vec() } else { y })
        })?;
        Ok(out[0])
    }

    /// `for i in 0..ub` carrying `inits` of `types`: `step(i, carried)` gives the next carried
    /// values; returns the last. A static bound of at most [`UNROLL`] is unrolled (`i` a
    /// constant), anything else an `nv_tileas.for`.
    pub(super) fn counted(
        &mut self,
        op: Op,
        ub: Bound,
        inits: &[Value],
        types: &[Type],
        mut step: impl FnMut(&mut Self, Value, &[Value]) -> LResult<Vec<Value>>,
    ) -> LResult<Vec<Value>> {
        let ub = match ub {
            Bound::Static(n) if n <= UNROLL => {
                let mut carried = inits.to_vec();
                for k in 0..n {
                    let i = self.const_int(self.i32t, k as i64, Loc::default());
                    carried = step(self, i, &carried)?;
                }
                return Ok(carried);
            }
            Bound::Static(n) => self.const_int(self.i32t, n as i64, Loc::default()),
            Bound::Dynamic(v) => v,
        };
        let loc = self.m.op_loc(op);
        let i32t = self.i32t;
        let lb = self.const_int(i32t, 0, loc);
        let one = self.const_int(i32t, 1, loc);
        let mut operands = vec![lb, ub, one];
        operands.extend_from_slice(inits);
        let nfor = self
            .b(loc)
            .op_with_regions(tas::For::name_sym(), &operands, types, &[], 1);
        let region = self.m.regions(nfor)[0];
        let mut arg_tys = vec![i32t];
        arg_tys.extend_from_slice(types);
        let nb = self.m.append_block(region, &arg_tys);
        let args = self.m.block_args(nb).to_vec();
        let outer = self.cur;
        self.cur = nb;
        let ys = step(self, args[0], &args[1..]);
        self.cur = outer;
        let ys = ys?;
        Builder::at_end(self.m, nb, loc).op(tas::Yield::name_sym(), &ys, &[], &[]);
        Ok(self.m.results(nfor).collect())
    }

    /// `a <pred> b` (`slt`, `ult`, `eq`, …) on two integers of one type.
    pub(super) fn cmp(&mut self, pred: &str, a: Value, b: Value) -> Value {
        let i1 = self.i1;
        self.b(Loc::default()).value(
            tas::CmpI::name_sym(),
            &[a, b],
            i1,
            &[(sym!(tas::CmpI::PREDICATE), AttrData::Str(pred.into()))],
        )
    }
}
