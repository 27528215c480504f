//! Memory ops (`load_ptr_tko`, `store_ptr_tko`, `atomic_rmw_tko`, `atomic_cas_tko`), fences,
//! `alloc_shared`, and the CTA barriers of SYNC-MODEL.md §2.
//!
//! Barriers: before a memory op when the accesses its tokens order may come from other threads
//! ([`analysis::needs_barrier`]) or when it has a release side; after it when it has an acquire
//! side. A 0-d op runs in `elect` (thread 0); a used result goes through a shared-memory slot
//! and a barrier (which also serves as the acquire side). Inside a loop the slot is rewritten
//! every iteration, so a barrier is placed before the `elect` unless one already ran in this
//! iteration. n-d ops are one access per owned element, masked past N.

use super::analysis::{self, needs_barrier};
use super::{Dims, LResult, Lower, Lowered, Scalars};
use smallvec::SmallVec;
use tilec_dialects::common::MemOperands;
use tilec_dialects::nv_tileaa::{AtomicRmw, FenceTko, LoadPtr, OpKind};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::opdef;
use tilec_dialects::opdef::PairOp;
use tilec_dialects::types::{as_ptr, ptr_info, scalar_bytes, tile_info, tile_shape};
use tilec_ir::{
    sym, Attr, AttrData, Builder, Dict, FloatKind, Loc, MemScope, MemSemantic, Module, Op, OpView,
    RmwKind, Space, Sym, TypeData, Value,
};

/// The attributes of a weak `ld`/`st` of `space` (the broadcast slot's accesses).
fn weak(space: Space) -> Vec<(Sym, AttrData)> {
    vec![
        (sym!(tas::Ld::SPACE), AttrData::Space(space)),
        opdef::sem_entry(MemSemantic::Weak),
    ]
}

/// Appends the pair an nv_tileaa memory op or fence has (as read through [`PairOp`]), unchanged,
/// under the keys of the nv_tileas op it becomes (fence, ld, st and atom name them alike): the
/// semantic, then the scope.
fn push_pair(m: &mut Module, pair: (Option<MemSemantic>, Option<MemScope>), out: &mut Entries) {
    let entries = [pair.0.map(opdef::sem_entry), pair.1.map(opdef::scope_entry)];
    for (k, a) in entries.into_iter().flatten() {
        out.push((k, m.attr(a)));
    }
}

/// Attribute entries (key, uniqued attribute) of a dictionary being built.
type Entries = SmallVec<[(Sym, Attr); 5]>;

/// Appends `op`'s attributes under `keys` (those it has), as the uniqued attributes they are.
fn copy_attrs(m: &Module, op: Op, keys: &[Sym], out: &mut Entries) {
    let own = m.dict_entries(m.attrs(op));
    for &k in keys {
        out.extend(own.iter().find(|e| e.0 == k).copied());
    }
}

impl Lower<'_> {
    /// A CTA barrier, unless one was emitted after the last memory op.
    pub(super) fn barrier(&mut self, loc: Loc) {
        // One thread needs no barrier: its program order orders its accesses.
        if self.sync.fresh || self.solo {
            return;
        }
        let attrs = self.barrier_attrs;
        self.b(loc)
            .op_with_dict(tas::Barrier::name_sym(), &[], &[], attrs, 0);
        self.sync.fresh = true;
        self.sync.iter = true;
    }

    /// `fence_tko`: executed by every thread; a release side is preceded by a barrier (the whole
    /// block's earlier accesses), an acquire side followed by one.
    pub(super) fn lower_fence(&mut self, fence: FenceTko) -> LResult<()> {
        let op = fence.0;
        let loc = self.m.op_loc(op);
        let pair = fence.pair(self.m);
        let sem = pair.0.unwrap_or(MemSemantic::Sc);
        if sem.has_release() {
            self.barrier(loc);
        }
        let mut attrs = Entries::new();
        push_pair(self.m, pair, &mut attrs);
        let attrs = self.m.dict(&attrs);
        self.b(loc)
            .op_with_dict(tas::Fence::name_sym(), &[], &[], attrs, 0);
        self.sync.fresh = false;
        if sem.has_acquire() {
            self.barrier(loc);
        }
        let r = self.m.result(op, 0);
        self.map.insert(r, Lowered::Token);
        Ok(())
    }

    /// `alloc_shared`: a CTA shared-memory tile, allocated once in the prologue.
    pub(super) fn lower_alloc_shared(&mut self, op: Op) -> LResult<()> {
        let r = self.m.result(op, 0);
        let info = tile_info(self.m, self.m.value_type(r))
            .ok_or_else(|| self.unsupported(op, "the result is not a tile"))?;
        let (space, pointee) = ptr_info(self.m, info.elem).unwrap_or((None, None));
        if space != Some(Space::SharedCta) {
            return Err(self.unsupported(op, "only shared_cta allocations are supported"));
        }
        let eb = pointee.and_then(|p| scalar_bytes(self.m, p)).unwrap_or(4);
        let n = info.num_elements().max(1);
        let sp = as_ptr(self.m, Space::SharedCta);
        let i64t = self.i64t;
        let int = |v: u64| AttrData::Int {
            value: v as i64,
            ty: i64t,
        };
        let p = self.pro().value(
            tas::AllocShared::name_sym(),
            &[],
            sp,
            &[
                (sym!(tas::AllocShared::SIZE), int(n * eb)),
                (sym!(tas::AllocShared::ALIGN), int(eb.max(4))),
            ],
        );
        let l = if n <= 1 {
            Lowered::Uniform(p)
        } else {
            Lowered::PtrTile {
                base: p,
                per: self.per(&info.dims),
                elem_bytes: eb,
            }
        };
        self.map.insert(r, l);
        Ok(())
    }

    pub(super) fn lower_mem(&mut self, op: Op, kind: OpKind) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops: SmallVec<[Value; 4]> = SmallVec::from_slice(self.m.operands(op));
        let nvals = analysis::mem_values(kind).unwrap_or(0);
        if ops.len() < 1 + nvals {
            return Err(self.unsupported(op, "missing operands"));
        }
        let (dims, elem) = tile_shape(self.m, self.m.value_type(ops[0]))
            .map(|(d, e)| (Dims::from_slice(d), e))
            .ok_or_else(|| self.unsupported(op, "the pointer operand is not a tile"))?;
        let (space, pointee) = ptr_info(self.m, elem)
            .ok_or_else(|| self.unsupported(op, "the pointer operand is not a pointer tile"))?;
        let space = space.unwrap_or(Space::Global);
        // Bytes (i8) are loaded and stored (`ld.u8`/`st.u8`), never the operand of an atomic.
        let plain = matches!(kind, OpKind::LoadPtr | OpKind::StorePtr);
        let data_ok = pointee.is_some_and(|t| match self.m.type_data(t) {
            TypeData::Int(8) => plain,
            TypeData::Int(32 | 64) => true,
            TypeData::Float(k) => matches!(
                k,
                FloatKind::F32 | FloatKind::F64 | FloatKind::F16 | FloatKind::BF16
            ),
            _ => false,
        });
        if !data_ok {
            return Err(self.unsupported(
                op,
                "memory ops access i32, i64, f16, bf16, f32 or f64 elements only (and i8 in loads and stores)",
            ));
        }
        let ptr = self.get(ops[0], op)?;
        let vals: SmallVec<[Lowered; 2]> = ops[1..1 + nvals]
            .iter()
            .map(|v| self.get(*v, op))
            .collect::<LResult<_>>()?;
        // NVIDIA's optional mask and padding value (SYNC-MODEL.md §2: a masked-off element is
        // not accessed; a masked-off load element is the padding, else unspecified: 0 here).
        let split = MemOperands::of(self.m, op, nvals, kind == OpKind::LoadPtr);
        if split.extra > 0 {
            return Err(self.unsupported(op, "unexpected operands after the mask"));
        }
        let guard = Guard {
            mask: split.mask.map(|i| self.get(ops[i], op)).transpose()?,
            padding: split.padding.map(|i| self.get(ops[i], op)).transpose()?,
        };
        let before = self.flow.before(self.m, op);
        let who = self.flow.access(op);
        let pair = analysis::pair(self.m, op);
        let sem = pair.0.unwrap_or(MemSemantic::Sc);
        if needs_barrier(before, who) || sem.has_release() {
            self.barrier(loc);
        }
        let mut attrs = Entries::new();
        copy_attrs(self.m, op, &[sym!(AtomicRmw::KIND)], &mut attrs);
        // The `streaming` hint (`.cs`) is PTX's on global accesses only; elsewhere it goes.
        if space == Space::Global {
            copy_attrs(self.m, op, &[sym!(LoadPtr::STREAMING)], &mut attrs);
        }
        if kind == OpKind::AtomicCas {
            // nv_tileas.atom with a compare operand is a CAS (`atom.cas`); its `kind` is
            // required by the op and names the exchange.
            let exch = self.m.attr(AttrData::Rmw(RmwKind::Exch));
            attrs.push((sym!(tas::Atom::KIND), exch));
        }
        let space_attr = self.m.attr(AttrData::Space(space));
        attrs.push((sym!(tas::Ld::SPACE), space_attr));
        push_pair(self.m, pair, &mut attrs);
        let attrs = self.m.dict(&attrs);
        let access = Access {
            name: match kind {
                OpKind::LoadPtr => tas::Ld::name_sym(),
                OpKind::StorePtr => tas::St::name_sym(),
                _ => tas::Atom::name_sym(),
            },
            attrs,
            result: if kind == OpKind::StorePtr {
                None
            } else {
                pointee
            },
        };
        match ptr {
            Lowered::Uniform(p) => self.elected(op, p, &vals, &access, &guard)?,
            Lowered::Token => return Err(self.unsupported(op, "a token is used as a tile")),
            ptr => self.distributed(op, &ptr, &vals, &access, &dims, &guard)?,
        }
        if sem.has_acquire() {
            self.barrier(loc);
        }
        let tok = self.m.result(op, self.m.num_results(op) - 1);
        self.map.insert(tok, Lowered::Token);
        Ok(())
    }

    /// A 0-d access by the elected thread (inside `if mask` when masked); a used result is
    /// broadcast through shared memory.
    fn elected(
        &mut self,
        op: Op,
        p: Value,
        vals: &[Lowered],
        a: &Access,
        guard: &Guard,
    ) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let mut scalars = vec![p];
        for v in vals {
            match v {
                Lowered::Uniform(s) | Lowered::Splat(s) => scalars.push(*s),
                _ => return Err(self.unsupported(op, "a 0-d access takes 0-d values")),
            }
        }
        let used = a.result.is_some() && self.flow.result_used(self.m, op);
        if self.solo {
            // Thread 0 is already the only thread: the access is its own, the value its own.
            let rv = self.guarded(op, guard, 0, None, a, |this| {
                let acc =
                    this.b(loc)
                        .op_with_dict(a.name, &scalars, a.result.as_slice(), a.attrs, 0);
                this.m.results(acc).next()
            })?;
            if let (true, Some(rv)) = (used, rv) {
                let r = self.m.result(op, 0);
                self.map.insert(r, Lowered::Uniform(rv));
            }
            self.sync.fresh = false;
            return Ok(());
        }
        if used && self.loop_depth > 0 && !self.sync.iter {
            // The slot's previous value may still be read by threads of the last iteration.
            self.barrier(loc);
        }
        let (eb, rv) = self.elect_block(loc, |this| {
            this.guarded(op, guard, 0, None, a, |this| {
                let acc =
                    this.b(loc)
                        .op_with_dict(a.name, &scalars, a.result.as_slice(), a.attrs, 0);
                this.m.results(acc).next()
            })
        });
        let rv = rv?;
        let mut slot = None;
        if let (true, Some(elem)) = (used, a.result) {
            let bytes = scalar_bytes(self.m, elem).unwrap_or(4) as i64;
            let i64t = self.i64t;
            let sp = as_ptr(self.m, Space::SharedCta);
            let int = AttrData::Int {
                value: bytes,
                ty: i64t,
            };
            let s = self.pro().value(
                tas::AllocShared::name_sym(),
                &[],
                sp,
                &[
                    (sym!(tas::AllocShared::SIZE), int.clone()),
                    (sym!(tas::AllocShared::ALIGN), int),
                ],
            );
            let Some(rv) = rv else {
                return Err(self.unsupported(op, "the access has no result"));
            };
            Builder::at_end(self.m, eb, loc).op(
                tas::St::name_sym(),
                &[s, rv],
                &[],
                &weak(Space::SharedCta),
            );
            slot = Some((s, elem));
        }
        Builder::at_end(self.m, eb, loc).op(tas::Yield::name_sym(), &[], &[], &[]);
        self.sync.fresh = false;
        if let Some((s, elem)) = slot {
            // One barrier serves the broadcast and the acquire side. The broadcast load reads a
            // compiler-owned slot, not a token-ordered location, so the barrier still orders
            // every later access of the block.
            self.barrier(loc);
            let x = self
                .b(loc)
                .value(tas::Ld::name_sym(), &[s], elem, &weak(Space::SharedCta));
            let r = self.m.result(op, 0);
            self.map.insert(r, Lowered::Uniform(x));
        }
        Ok(())
    }

    /// One access per owned element, each masked when the tile does not fill the threads or the
    /// op has a mask.
    fn distributed(
        &mut self,
        op: Op,
        ptr: &Lowered,
        vals: &[Lowered],
        a: &Access,
        dims: &[u64],
        guard: &Guard,
    ) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let n: u64 = tilec_dialects::types::elements(dims);
        let per = self.per(dims);
        let mut results = Scalars::new();
        for e in 0..per {
            let mut args: SmallVec<[Value; 3]> = SmallVec::new();
            for v in vals {
                args.push(self.elem(v, e, loc, op)?);
            }
            let range = self.partial_mask(per, e, n);
            let r = self.guarded(op, guard, e, range, a, |this| {
                // The access's operands: the address (formed where the access is), then the
                // values.
                let addr = this.elem(ptr, e, loc, op).ok()?;
                let operands: SmallVec<[Value; 3]> =
                    std::iter::once(addr).chain(args.iter().copied()).collect();
                let acc =
                    this.b(loc)
                        .op_with_dict(a.name, &operands, a.result.as_slice(), a.attrs, 0);
                Some(this.m.results(acc).next().unwrap_or(addr))
            })?;
            if let (Some(_), Some(r)) = (a.result, r) {
                results.push(r);
            }
        }
        self.sync.fresh = false;
        if a.result.is_some() {
            let r = self.m.result(op, 0);
            self.map.insert(r, Lowered::Owned(results));
        }
        Ok(())
    }

    /// Emits `access` at the current block, inside `nv_tileas.if` when element `e` is guarded:
    /// by `range` (the element exists: `t*E+e < N`) and by the op's mask. The guarded-off arm
    /// yields element `e` of the padding value, or a zero of the access's result type. Returns
    /// the access's result (or the `if`'s).
    fn guarded(
        &mut self,
        op: Op,
        guard: &Guard,
        e: u64,
        range: Option<Value>,
        a: &Access,
        access: impl FnOnce(&mut Self) -> Option<Value>,
    ) -> LResult<Option<Value>> {
        let loc = self.m.op_loc(op);
        let user = match &guard.mask {
            Some(m) => Some(self.elem(m, e, loc, op)?),
            None => None,
        };
        let cond = match (range, user) {
            (None, None) => {
                let r = access(self);
                return Ok(r.filter(|_| a.result.is_some()));
            }
            (Some(c), None) | (None, Some(c)) => c,
            (Some(r), Some(u)) => {
                let i1 = self.i1;
                self.b(loc).value(tas::AndI::name_sym(), &[r, u], i1, &[])
            }
        };
        let iff =
            self.b(loc)
                .op_with_regions(tas::If::name_sym(), &[cond], a.result.as_slice(), &[], 2);
        let regions: [_; 2] = [self.m.regions(iff)[0], self.m.regions(iff)[1]];
        let outer = self.cur;
        self.cur = self.m.append_block(regions[0], &[]);
        let r = access(self).filter(|_| a.result.is_some());
        self.b(loc)
            .op(tas::Yield::name_sym(), r.as_slice(), &[], &[]);
        // The guarded-off elements yield the padding, or a zero of the element type.
        self.cur = self.m.append_block(regions[1], &[]);
        let other = match (a.result, &guard.padding) {
            (Some(_), Some(pad)) => Some(self.elem(pad, e, loc, op)?),
            (Some(t), None) => Some(self.dummy(t, op)?),
            (None, _) => None,
        };
        self.b(loc)
            .op(tas::Yield::name_sym(), other.as_slice(), &[], &[]);
        self.cur = outer;
        Ok(self.m.results(iff).next())
    }
}

/// NVIDIA's optional mask and padding operands of a memory op, lowered.
struct Guard {
    /// Per element: whether it is accessed.
    mask: Option<Lowered>,
    /// Per element: what a masked-off load element is.
    padding: Option<Lowered>,
}

/// The SIMT access an nv_tileaa memory op becomes.
struct Access {
    name: Sym,
    attrs: Dict,
    /// The scalar result type (loads and atomics).
    result: Option<tilec_ir::Type>,
}
