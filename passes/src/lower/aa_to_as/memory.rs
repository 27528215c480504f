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
use super::{LResult, Lower, Lowered};
use tilec_dialects::types::{as_ptr, ptr_info, scalar_bytes, tile_info};
use tilec_ir::{
    sym, AttrData, Builder, FloatKind, Loc, MemSemantic, Module, Op, RmwKind, Space, Sym, TypeData,
    Value, WalkControl,
};

fn weak(space: Space) -> Vec<(Sym, AttrData)> {
    vec![
        (sym!("space"), AttrData::Space(space)),
        (sym!("mem_semantic"), AttrData::Sem(MemSemantic::Weak)),
    ]
}

fn copy_attrs(m: &Module, op: Op, keys: &[&str]) -> Vec<(Sym, AttrData)> {
    keys.iter()
        .filter_map(|k| {
            m.get_attr(op, Sym::new(k))
                .map(|a| (Sym::new(k), a.clone()))
        })
        .collect()
}

impl Lower<'_> {
    /// A CTA barrier, unless one was emitted after the last memory op.
    pub(super) fn barrier(&mut self, loc: Loc) {
        if self.sync.fresh {
            return;
        }
        let i32t = self.m.int_type(32);
        self.b(loc).op(
            sym!("nv_tileas.barrier"),
            &[],
            &[],
            &[(sym!("id"), AttrData::Int { value: 0, ty: i32t })],
        );
        self.sync.fresh = true;
        self.sync.iter = true;
    }

    /// `fence_tko`: executed by every thread; a release side is preceded by a barrier (the whole
    /// block's earlier accesses), an acquire side followed by one.
    pub(super) fn lower_fence(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let sem = self
            .m
            .attr_as::<MemSemantic>(op, sym!("mem_semantic"))
            .unwrap_or(MemSemantic::Sc);
        if sem.has_release() {
            self.barrier(loc);
        }
        let attrs = copy_attrs(self.m, op, &["mem_semantic", "mem_scope"]);
        self.b(loc).op(sym!("nv_tileas.fence"), &[], &[], &attrs);
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
        let i64t = self.m.int_type(64);
        let int = |v: u64| AttrData::Int {
            value: v as i64,
            ty: i64t,
        };
        let p = self.pro().value(
            sym!("nv_tileas.alloc_shared"),
            &[],
            sp,
            &[(sym!("size"), int(n * eb)), (sym!("align"), int(eb.max(4)))],
        );
        let l = if n <= 1 {
            Lowered::Uniform(p)
        } else {
            Lowered::PtrTile {
                base: p,
                dims: info.dims,
                elem_bytes: eb,
            }
        };
        self.map.insert(r, l);
        Ok(())
    }

    pub(super) fn lower_mem(&mut self, op: Op, short: &str) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let nvals = analysis::mem_values(short).unwrap_or(0);
        if ops.len() < 1 + nvals {
            return Err(self.unsupported(op, "missing operands"));
        }
        let ptr_tile = tile_info(self.m, self.m.value_type(ops[0]))
            .ok_or_else(|| self.unsupported(op, "the pointer operand is not a tile"))?;
        let (space, pointee) = ptr_info(self.m, ptr_tile.elem)
            .ok_or_else(|| self.unsupported(op, "the pointer operand is not a pointer tile"))?;
        let space = space.unwrap_or(Space::Global);
        let data_ok = pointee.is_some_and(|t| {
            matches!(
                self.m.type_data(t),
                TypeData::Int(32 | 64) | TypeData::Float(FloatKind::F32 | FloatKind::F64)
            )
        });
        if !data_ok {
            return Err(
                self.unsupported(op, "memory ops access i32, i64, f32 or f64 elements only")
            );
        }
        let ptr = self.get(ops[0], op)?;
        let vals: Vec<Lowered> = ops[1..1 + nvals]
            .iter()
            .map(|v| self.get(*v, op))
            .collect::<LResult<_>>()?;
        let before = self.flow.before(self.m, op);
        let who = self.flow.access(op);
        let sem = self
            .m
            .attr_as::<MemSemantic>(op, sym!("mem_semantic"))
            .unwrap_or(MemSemantic::Sc);
        if needs_barrier(before, who) || sem.has_release() {
            self.barrier(loc);
        }
        let mut attrs = copy_attrs(self.m, op, &["kind"]);
        if short == "atomic_cas_tko" {
            // nv_tileas.atom with a compare operand is a CAS (`atom.cas`); its `kind` is
            // required by the op and names the exchange.
            attrs.push((sym!("kind"), AttrData::Rmw(RmwKind::Exch)));
        }
        attrs.push((sym!("space"), AttrData::Space(space)));
        attrs.extend(copy_attrs(self.m, op, &["mem_semantic", "mem_scope"]));
        let access = Access {
            name: match short {
                "load_ptr_tko" => sym!("nv_tileas.ld"),
                "store_ptr_tko" => sym!("nv_tileas.st"),
                _ => sym!("nv_tileas.atom"),
            },
            attrs,
            result: if short == "store_ptr_tko" {
                None
            } else {
                pointee
            },
        };
        match ptr {
            Lowered::Uniform(p) => self.elected(op, p, &vals, &access)?,
            Lowered::Token => return Err(self.unsupported(op, "a token is used as a tile")),
            ptr => self.distributed(op, &ptr, &vals, &access, &ptr_tile.dims)?,
        }
        if sem.has_acquire() {
            self.barrier(loc);
        }
        let tok = self.m.result(op, self.m.num_results(op) - 1);
        self.map.insert(tok, Lowered::Token);
        Ok(())
    }

    /// A 0-d access by the elected thread; a used result is broadcast through shared memory.
    fn elected(&mut self, op: Op, p: Value, vals: &[Lowered], a: &Access) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let mut scalars = vec![p];
        for v in vals {
            match v {
                Lowered::Uniform(s) | Lowered::Splat(s) => scalars.push(*s),
                _ => return Err(self.unsupported(op, "a 0-d access takes 0-d values")),
            }
        }
        let used = a.result.is_some() && self.result_used(op);
        if used && self.loop_depth > 0 && !self.sync.iter {
            // The slot's previous value may still be read by threads of the last iteration.
            self.barrier(loc);
        }
        let elect = self
            .b(loc)
            .op_with_regions(sym!("nv_tileas.elect"), &[], &[], &[], 1);
        let r = self.m.regions(elect)[0];
        let eb = self.m.append_block(r, &[]);
        let res =
            Builder::at_end(self.m, eb, loc).op(a.name, &scalars, a.result.as_slice(), &a.attrs);
        let mut slot = None;
        if let (true, Some(elem)) = (used, a.result) {
            let bytes = scalar_bytes(self.m, elem).unwrap_or(4) as i64;
            let i64t = self.m.int_type(64);
            let sp = as_ptr(self.m, Space::SharedCta);
            let int = AttrData::Int {
                value: bytes,
                ty: i64t,
            };
            let s = self.pro().value(
                sym!("nv_tileas.alloc_shared"),
                &[],
                sp,
                &[(sym!("size"), int.clone()), (sym!("align"), int)],
            );
            let rv = self.m.result(res, 0);
            Builder::at_end(self.m, eb, loc).op(
                sym!("nv_tileas.st"),
                &[s, rv],
                &[],
                &weak(Space::SharedCta),
            );
            slot = Some((s, elem));
        }
        Builder::at_end(self.m, eb, loc).op(sym!("nv_tileas.yield"), &[], &[], &[]);
        self.sync.fresh = false;
        if let Some((s, elem)) = slot {
            // One barrier serves the broadcast and the acquire side. The broadcast load reads a
            // compiler-owned slot, not a token-ordered location, so the barrier still orders
            // every later access of the block.
            self.barrier(loc);
            let x = self
                .b(loc)
                .value(sym!("nv_tileas.ld"), &[s], elem, &weak(Space::SharedCta));
            let r = self.m.result(op, 0);
            self.map.insert(r, Lowered::Uniform(x));
        }
        Ok(())
    }

    /// One access per owned element, each masked when the tile does not fill the threads.
    fn distributed(
        &mut self,
        op: Op,
        ptr: &Lowered,
        vals: &[Lowered],
        a: &Access,
        dims: &[u64],
    ) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let n: u64 = tilec_dialects::types::elements(dims);
        let per = self.per(dims);
        let masked = per * self.threads != n;
        let mut results = Vec::new();
        for e in 0..per {
            let args: Vec<Value> = vals
                .iter()
                .map(|v| self.elem(v, e, loc, op))
                .collect::<LResult<_>>()?;
            if !masked {
                let addr = self.elem(ptr, e, loc, op)?;
                let mut operands = vec![addr];
                operands.extend(args);
                let acc = self
                    .b(loc)
                    .op(a.name, &operands, a.result.as_slice(), &a.attrs);
                results.extend(self.m.results(acc));
                continue;
            }
            let cond = self.mask(per, e, n);
            let iff = self.b(loc).op_with_regions(
                sym!("nv_tileas.if"),
                &[cond],
                a.result.as_slice(),
                &[],
                2,
            );
            let regions = self.m.regions(iff).to_vec();
            let outer = self.cur;
            self.cur = self.m.append_block(regions[0], &[]);
            let addr = self.elem(ptr, e, loc, op)?;
            let mut operands = vec![addr];
            operands.extend(args);
            let acc = self
                .b(loc)
                .op(a.name, &operands, a.result.as_slice(), &a.attrs);
            let ys: Vec<Value> = self.m.results(acc).collect();
            self.b(loc).op(sym!("nv_tileas.yield"), &ys, &[], &[]);
            // The masked-off elements yield a zero of the element type.
            self.cur = self.m.append_block(regions[1], &[]);
            let zero = match a.result {
                Some(t) => vec![self.dummy(t, op)?],
                None => Vec::new(),
            };
            self.b(loc).op(sym!("nv_tileas.yield"), &zero, &[], &[]);
            self.cur = outer;
            results.extend(self.m.results(iff));
        }
        self.sync.fresh = false;
        if a.result.is_some() {
            let r = self.m.result(op, 0);
            self.map.insert(r, Lowered::Owned(results));
        }
        Ok(())
    }

    /// Whether result #0 of `op` is used (uses are dominated, so they are in `op`'s block).
    fn result_used(&self, op: Op) -> bool {
        let r = self.m.result(op, 0);
        let mut used = false;
        let Some(block) = self.m.op_block(op) else {
            return false;
        };
        self.m.walk_block(block, &mut |o| {
            if self.m.operands(o).contains(&r) {
                used = true;
                return WalkControl::Stop;
            }
            WalkControl::Continue
        });
        used
    }
}

/// The SIMT access an nv_tileaa memory op becomes.
struct Access {
    name: Sym,
    attrs: Vec<(Sym, AttrData)>,
    /// The scalar result type (loads and atomics).
    result: Option<tilec_ir::Type>,
}
