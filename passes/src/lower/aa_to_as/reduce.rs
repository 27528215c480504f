//! `reduce` (NVIDIA's). A result of one element (a whole 1-d tile, or an n-d tile whose other
//! dimensions are 1, as cuTile's row reductions `(1, N) → (1)` are):
//!
//! Each thread folds its owned elements into the identities with the op's body (the body is
//! lowered once per fold step, its (element, accumulator) arguments bound to the step's scalars;
//! elements past the tile's end fold the identity, which leaves the accumulator as it is). The
//! partial results are combined across the warp by a butterfly of `shfl_bfly` (32-bit values;
//! every lane ends with its warp's result), then across warps through shared memory: lane 0 of
//! each warp stores at its warp's slot, a CTA barrier, and every thread folds the slots in warp
//! order (the same order everywhere, so every thread computes the same, deterministic result:
//! NVIDIA asks a reduction to be deterministic across runs, not to be in any particular order).
//! Other types (64-bit) go through one slot per thread, folded in thread order in an
//! `nv_tileas.for`. Inside a loop a barrier before the stores keeps the previous iteration's
//! reads apart from them.
//! A one-element input needs no exchange.
//!
//! A result of several elements (`(R, C) → (C)` along 0, any rank): through the input's
//! shared-memory image, each thread folding the lines of its own result elements
//! ([`Lower::reduce_along`]).

use super::scan::Bound;
use super::{LResult, Lower, Lowered};
use tilec_dialects::nv_tileaa::Reduce;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::opdef;
use tilec_dialects::types::{as_ptr, elements, scalar_bytes, tile_shape};
use tilec_ir::{sym, Attr, AttrData, MemSemantic, Op, OpView, Space, Type, TypeData, Value};

/// The attributes of a weak shared-memory `ld`/`st`.
pub(super) fn weak_shared() -> Vec<(tilec_ir::Sym, AttrData)> {
    vec![
        (sym!(tas::Ld::SPACE), AttrData::Space(Space::SharedCta)),
        opdef::sem_entry(MemSemantic::Weak),
    ]
}

impl Lower<'_> {
    pub(super) fn lower_reduce(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ins = self.m.operands(op).to_vec();
        let n = ins.len();
        let body = self
            .block_of(op, 0)
            .ok_or_else(|| self.unsupported(op, "no body"))?;
        if n == 0 || self.m.num_results(op) != n || self.m.block_args(body).len() != 2 * n {
            return Err(self.unsupported(op, "its inputs, results and body arguments do not match"));
        }
        let (dims, _) = tile_shape(self.m, self.m.value_type(ins[0]))
            .map(|(d, e)| (d.to_vec(), e))
            .ok_or_else(|| self.unsupported(op, "its input is not a tile"))?;
        let dim = Reduce(op).dim(self.m).unwrap_or(-1);
        let kept: u64 = dims
            .iter()
            .enumerate()
            .filter(|&(i, _)| i as i64 != dim)
            .map(|(_, &d)| d)
            .product();
        if kept != 1 {
            return self.reduce_along(op, &ins, &dims, dim);
        }
        let total = elements(&dims);
        let (ids, types) = self.identities(op, &ins)?;
        let lowered: Vec<Lowered> = ins
            .iter()
            .map(|&v| self.get(v, op))
            .collect::<LResult<_>>()?;
        let mut acc = ids.clone();
        if total <= 1 || lowered.iter().all(|l| matches!(l, Lowered::Uniform(_))) {
            let xs = lowered
                .iter()
                .map(|l| self.elem(l, 0, loc, op))
                .collect::<LResult<Vec<_>>>()?;
            acc = self.fold(op, &xs, &acc)?;
        } else {
            let per = self.per(&dims);
            let masked = per * self.threads != total;
            for e in 0..per {
                let mut xs = Vec::with_capacity(n);
                for (i, l) in lowered.iter().enumerate() {
                    let x = self.elem(l, e, loc, op)?;
                    xs.push(if masked && (e + 1) * self.threads > total {
                        let valid = self.mask(per, e, total);
                        self.b(loc).value(
                            tas::Select::name_sym(),
                            &[valid, x, ids[i]],
                            types[i],
                            &[],
                        )
                    } else {
                        x
                    });
                }
                acc = self.fold(op, &xs, &acc)?;
            }
            acc = self.exchange(op, &acc, &ids, &types)?;
        }
        let results: Vec<Value> = self.m.results(op).collect();
        for (r, a) in results.into_iter().zip(acc) {
            self.map.insert(r, Lowered::Uniform(a));
        }
        Ok(())
    }

    /// A reduction along `dim` that keeps other elements (`(R, C) → (C)` along 0): every input
    /// goes to its shared-memory image ([`Lower::smem_image`]: stores, a CTA barrier), and each
    /// thread folds, for each result element it owns, the `R` inputs of its line in order
    /// `0..R` from the image (a loop past [`super::scan::Bound`]'s unrolling). Every result
    /// element is one thread's fold in one fixed order: deterministic, as NVIDIA asks.
    fn reduce_along(&mut self, op: Op, ins: &[Value], dims: &[u64], dim: i64) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let d = usize::try_from(dim)
            .ok()
            .filter(|&d| d < dims.len())
            .ok_or_else(|| self.unsupported(op, "its 'dim' is not a dimension of its input"))?;
        let (ids, types) = self.identities(op, ins)?;
        let mut bufs = Vec::with_capacity(ins.len());
        for (&x, &t) in ins.iter().zip(&types) {
            let src = self.get(x, op)?;
            let elem = tile_shape(self.m, self.m.value_type(x)).map_or(t, |(_, e)| e);
            bufs.push((self.smem_image(op, x, &src, dims, elem)?, elem));
        }
        // The result's dimensions are the input's but `d`.
        let strides = super::exchange::strides(dims);
        let rdims: Vec<u64> = (0..dims.len())
            .filter(|&i| i != d)
            .map(|i| dims[i])
            .collect();
        let walk: Vec<u64> = (0..dims.len())
            .filter(|&i| i != d)
            .map(|i| strides[i])
            .collect();
        let (per, n, i32t) = (self.per(&rdims), elements(&rdims), self.i32t);
        let mut outs: Vec<super::Scalars> = vec![super::Scalars::new(); ins.len()];
        for e in 0..per {
            let mut j = self.index(per, e, i32t);
            if (e + 1) * self.threads > n {
                // An element past the result's end folds a line in bounds, never used.
                j = self.divmod(j, n).1;
            }
            // The line's first input element: `Σ j_i · walk_i` over `j`'s multi-index.
            let base = self.source_index(j, &rdims, &walk, None);
            let step = strides[d];
            let acc = self.counted(op, Bound::Static(dims[d]), &ids, &types, |lw, r, acc| {
                let at = lw.affine(r, step, 0);
                let at = lw.bin(tas::OpKind::AddI, base, at);
                let xs: Vec<Value> = bufs
                    .iter()
                    .map(|&(buf, elem)| lw.image_load(buf, at, elem, loc))
                    .collect();
                lw.fold(op, &xs, acc)
            })?;
            for (out, a) in outs.iter_mut().zip(acc) {
                out.push(a);
            }
        }
        self.sync.fresh = false;
        let results: Vec<Value> = self.m.results(op).collect();
        for (r, out) in results.into_iter().zip(outs) {
            self.map.insert(r, Lowered::Owned(out));
        }
        Ok(())
    }

    /// The identities of a `reduce` or `scan` (attribute `identities`, one per input, each a
    /// number of its input's element type) as constants, with the inputs' scalar types.
    pub(super) fn identities(&mut self, op: Op, ins: &[Value]) -> LResult<(Vec<Value>, Vec<Type>)> {
        let loc = self.m.op_loc(op);
        let identities: Vec<Attr> = match self.m.get_attr(op, sym!(Reduce::IDENTITIES)) {
            Some(AttrData::Array(a)) if a.len() == ins.len() => a.to_vec(),
            _ => return Err(self.unsupported(op, "it needs one identity per input")),
        };
        let (mut ids, mut types) = (Vec::with_capacity(ins.len()), Vec::with_capacity(ins.len()));
        for (i, &v) in ins.iter().enumerate() {
            let elem = tile_shape(self.m, self.m.value_type(v)).map(|(_, e)| e);
            let t = self.scalar_of(elem.unwrap_or(self.i32t));
            let data = self.m.attr_data(identities[i]).clone();
            if !matches!(data, AttrData::Int { ty, .. } | AttrData::Float { ty, .. } if ty == t) {
                return Err(self.unsupported(
                    op,
                    format!("identity #{i} is not a number of the input's element type"),
                ));
            }
            ids.push(self.constant(t, data, loc));
            types.push(t);
        }
        Ok((ids, types))
    }

    /// One fold step: the body with its (element, accumulator) arguments bound to `xs`, `accs`.
    pub(super) fn fold(&mut self, op: Op, xs: &[Value], accs: &[Value]) -> LResult<Vec<Value>> {
        let body = self
            .block_of(op, 0)
            .ok_or_else(|| self.unsupported(op, "no body"))?;
        let args = self.m.block_args(body).to_vec();
        for (i, (&x, &a)) in xs.iter().zip(accs).enumerate() {
            self.map.insert(args[2 * i], Lowered::Uniform(x));
            self.map.insert(args[2 * i + 1], Lowered::Uniform(a));
        }
        let ys = self.lower_plain_arm(body, op)?;
        if ys.len() != xs.len() {
            return Err(self.unsupported(op, "its body yields a value per input"));
        }
        Ok(ys)
    }

    /// The cross-thread step through warp shuffles (32-bit values, whole warps): a butterfly of
    /// five `shfl_bfly` folds leaves every lane with its warp's result; lane 0 of each warp
    /// stores it at the warp's slot, a barrier, and every thread folds the warps' slots in warp
    /// order. Other types or thread counts take [`Lower::exchange_slots`].
    fn exchange(
        &mut self,
        op: Op,
        acc: &[Value],
        ids: &[Value],
        types: &[Type],
    ) -> LResult<Vec<Value>> {
        let threads = self.threads;
        let word = |m: &tilec_ir::Module, t: Type| {
            matches!(
                m.type_data(t),
                TypeData::Int(32) | TypeData::Float(tilec_ir::FloatKind::F32)
            )
        };
        if threads % 32 != 0 || !types.iter().all(|&t| word(self.m, t)) {
            return self.exchange_slots(op, acc, ids, types);
        }
        let loc = self.m.op_loc(op);
        let i32t = self.i32t;
        let mut acc = acc.to_vec();
        for mask in [16, 8, 4, 2, 1] {
            let mut xs = Vec::with_capacity(acc.len());
            for (i, &a) in acc.iter().enumerate() {
                let lane_mask = AttrData::Int {
                    value: mask,
                    ty: i32t,
                };
                xs.push(self.b(loc).value(
                    tas::ShflBfly::name_sym(),
                    &[a],
                    types[i],
                    &[(sym!(tas::ShflBfly::LANE_MASK), lane_mask)],
                ));
            }
            acc = self.fold(op, &xs, &acc)?;
        }
        let warps = threads / 32;
        if warps == 1 {
            return Ok(acc);
        }
        let slots = self.slots(types, warps);
        if self.loop_depth > 0 {
            // The slots' reads of the previous iteration come before these writes.
            self.barrier(loc);
        }
        let tid = self.tid(i32t);
        let c31 = self.const_int(i32t, 31, loc);
        let c5 = self.const_int(i32t, 5, loc);
        let zero = self.const_int(i32t, 0, loc);
        let lane = self
            .b(loc)
            .value(tas::AndI::name_sym(), &[tid, c31], i32t, &[]);
        let warp = self
            .b(loc)
            .value(tas::ShRUI::name_sym(), &[tid, c5], i32t, &[]);
        let i1 = self.i1;
        let first = self.b(loc).value(
            tas::CmpI::name_sym(),
            &[lane, zero],
            i1,
            &[(sym!(tas::CmpI::PREDICATE), AttrData::Str("eq".into()))],
        );
        self.when(first, loc, |lw| {
            for (&(s, bytes), &a) in slots.iter().zip(&acc) {
                let p = lw.gep(s, warp, bytes, loc);
                lw.b(loc)
                    .op(tas::St::name_sym(), &[p, a], &[], &weak_shared());
            }
        });
        self.sync.fresh = false;
        self.barrier(loc);
        let mut total = ids.to_vec();
        for w in 0..warps {
            let wi = self.const_int(i32t, w as i64, loc);
            let mut xs = Vec::with_capacity(slots.len());
            for (i, &(s, bytes)) in slots.iter().enumerate() {
                let p = self.gep(s, wi, bytes, loc);
                xs.push(
                    self.b(loc)
                        .value(tas::Ld::name_sym(), &[p], types[i], &weak_shared()),
                );
            }
            total = self.fold(op, &xs, &total)?;
        }
        self.sync.fresh = false;
        Ok(total)
    }

    /// One shared-memory array of `count` slots per input (allocated in the prologue).
    fn slots(&mut self, types: &[Type], count: u64) -> Vec<(Value, u64)> {
        let i64t = self.i64t;
        let sp = as_ptr(self.m, Space::SharedCta);
        let mut slots = Vec::with_capacity(types.len());
        for &t in types {
            let bytes = scalar_bytes(self.m, t).unwrap_or(4);
            let size = AttrData::Int {
                value: (bytes * count) as i64,
                ty: i64t,
            };
            let align = AttrData::Int {
                value: bytes as i64,
                ty: i64t,
            };
            let s = self.pro().value(
                tas::AllocShared::name_sym(),
                &[],
                sp,
                &[
                    (sym!(tas::AllocShared::SIZE), size),
                    (sym!(tas::AllocShared::ALIGN), align),
                ],
            );
            slots.push((s, bytes));
        }
        slots
    }

    /// The cross-thread step through one slot per thread: a barrier, every thread folds all
    /// slots in thread order.
    fn exchange_slots(
        &mut self,
        op: Op,
        acc: &[Value],
        ids: &[Value],
        types: &[Type],
    ) -> LResult<Vec<Value>> {
        let loc = self.m.op_loc(op);
        let threads = self.threads;
        let i32t = self.i32t;
        let slots = self.slots(types, threads);
        if self.loop_depth > 0 {
            // The slots' reads of the previous iteration come before these writes.
            self.barrier(loc);
        }
        let tid = self.tid(i32t);
        for (&(s, bytes), &a) in slots.iter().zip(acc) {
            let p = self.gep(s, tid, bytes, loc);
            self.b(loc)
                .op(tas::St::name_sym(), &[p, a], &[], &weak_shared());
        }
        self.sync.fresh = false;
        self.barrier(loc);
        // for t in 0..threads: acc = body(slot[t], acc)
        let ub = self.const_int(i32t, threads as i64, loc);
        let total = self.counted(op, Bound::Dynamic(ub), ids, types, |lw, t, acc| {
            let mut xs = Vec::with_capacity(slots.len());
            for (i, &(s, bytes)) in slots.iter().enumerate() {
                let p = lw.gep(s, t, bytes, loc);
                xs.push(
                    lw.b(loc)
                        .value(tas::Ld::name_sym(), &[p], types[i], &weak_shared()),
                );
            }
            lw.fold(op, &xs, acc)
        })?;
        self.sync.fresh = false;
        Ok(total)
    }
}
