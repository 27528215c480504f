//! A fused factor load ([`super::fused`]) copied from global into shared memory at the `mmaf`
//! that reads it.
//!
//! Where the view allows it (checked at run time, the same in every thread: the column stride
//! is 1, the base address is 16-byte aligned, and the row stride, the first column and the
//! column bound are multiples of the 16-byte chunk), each thread copies whole 16-byte chunks of
//! a row to the chunk's place, which the staging layouts keep contiguous (a core-matrix row). A
//! chunk past a bound is zeros: the bound is a multiple of the chunk, so a chunk is all in or
//! all out. When every thread has the same number of chunks, each is a `cp_async` (16 bytes, or
//! none read and zeros written), all of a thread's in flight until one `cp_async_wait_all`;
//! otherwise `ld.global.b128` under the bound test and `st.shared.b128`, each under the chunk
//! existing (the stores after all the loads of the `mmaf`'s factors). Where the view does not
//! allow chunks, each element is loaded alone with the view's own mask and address and stored.
//! Every path computes the coordinate `start + k`, the bound test `coordinate < size` and the
//! address `ptr + Σ extsi(coordinate) · stride` exactly as the expansion of `load_view_tko`
//! does, so the loaded values are the same. The test is made once, before the loop, when its
//! inputs are defined there ([`Lower::unswitch`]); else around each copy.

use super::fused::{condition_inputs, Load};
use super::stage::Place;
use super::{LResult, Lower, Lowered};
use tilec_dialects::nv_tileas as tas;
use tilec_ir::{sym, AttrData, Loc, Module, Op, OpView, Space, Type, Value, ValueDef};

/// Whether `v` is defined inside `op` (by an op nested in it, or as an argument of one of its
/// blocks or a nested op's).
pub(super) fn defined_within(m: &Module, v: Value, op: Op) -> bool {
    let mut at = match m.value_def(v) {
        ValueDef::Result(d, _) => m.parent_op(d),
        ValueDef::Arg(b, _) => m.block_parent(b).and_then(|r| m.region_parent(r)),
    };
    while let Some(p) = at {
        if p == op {
            return true;
        }
        at = m.parent_op(p);
    }
    false
}

/// A store of a copied chunk deferred until every load of the `mmaf`'s factors is issued: the
/// address, the value, the chunk's `live` test, the location.
pub(super) type PendingStore = (Value, Value, Option<Value>, Loc);

/// A fused load's operands, lowered: the pointer, and per dimension the start (i32), the
/// stride (i64; None: 1) and the bound (i32; None: unmasked).
struct View {
    ptr: Value,
    start: [Value; 2],
    /// The column start is a multiple of the chunk by construction.
    start_static: bool,
    stride: [Option<Value>; 2],
    size: [Option<Value>; 2],
}

impl Lower<'_> {
    /// The uniform scalar of a 0-d or splat value.
    pub(super) fn uniform_scalar(&mut self, v: Value, at: Op) -> LResult<Value> {
        match self.get(v, at)? {
            Lowered::Uniform(x) | Lowered::Splat(x) => Ok(x),
            _ => Err(self.unsupported(at, "a view operand of a fused load is not uniform")),
        }
    }

    /// The lowered operands of `l`; without `starts`, only what [`Lower::chunkable`] reads
    /// (the starts may be defined later, in the loop being unswitched).
    fn view(&mut self, l: &Load, ce: u64, starts: bool, at: Op) -> LResult<View> {
        let ptr = self.uniform_scalar(l.ptr, at)?;
        let mut v = View {
            ptr,
            start: [ptr; 2],
            start_static: l.dims[1].start_multiple % ce == 0,
            stride: [None; 2],
            size: [None; 2],
        };
        let i64t = self.i64t;
        for (d, dim) in l.dims.iter().enumerate() {
            if let (true, Some((p, at_iv))) = (starts, self.shift) {
                // A pipelined copy of another iteration ([`super::pipeline`]).
                v.start[d] = self.shifted(dim.start, &p, at_iv, at)?;
            } else if starts || (d == 1 && !v.start_static) {
                v.start[d] = self.uniform_scalar(dim.start, at)?;
            }
            v.stride[d] = dim.stride.map(|s| self.uniform_scalar(s, at)).transpose()?;
            if let (Some(s), false) = (v.stride[d], dim.wide) {
                let w = self
                    .b(Loc::default())
                    .value(tas::ExtSI::name_sym(), &[s], i64t, &[]);
                v.stride[d] = Some(w);
            }
            v.size[d] = dim.size.map(|s| self.uniform_scalar(s, at)).transpose()?;
        }
        Ok(v)
    }

    /// Loop unswitching for the fused loads in `op`'s body (a `for`): when whether each one's
    /// chunk copy applies depends only on values defined before the loop, the test is made once
    /// and the loop lowered twice, `if chunks { loop copying chunks } else { loop copying
    /// elements }`, so neither loop carries the other path. False (nothing emitted) otherwise.
    pub(super) fn unswitch(&mut self, op: Op) -> LResult<bool> {
        let Some(body) = self.block_of(op, 0) else {
            return Ok(false);
        };
        let m = &*self.m;
        let mut loads: Vec<Load> = self
            .fused
            .loads
            .values()
            .filter(|l| m.op_block(l.op) == Some(body))
            .cloned()
            .collect();
        // Chunks are 16 bytes of 2-byte elements (the wgmma factors).
        let ce = 8;
        let invariant = loads.iter().all(|l| {
            condition_inputs(l, ce)
                .iter()
                .all(|&v| !defined_within(m, v, op))
        });
        if loads.is_empty() || !invariant {
            return Ok(false);
        }
        loads.sort_by_key(|l| l.op);
        let mut conds = Vec::new();
        for l in &loads {
            let v = self.view(l, ce, false, op)?;
            conds.push(self.chunkable(&v, ce));
        }
        let cond = self.all(&conds).unwrap_or(conds[0]);
        // The chunk arm's pipeline, and its TMA path when the launcher can make the maps
        // ([`super::tma`]): that arm then also needs the maps.
        let planned = self.plan_pipe(op, &loads);
        let tma = planned.and_then(|(mmaf, p)| self.plan_tma(mmaf, &p).map(|t| (mmaf, t)));
        let cond = if tma.is_some() {
            self.with_maps(cond)
        } else {
            cond
        };
        let res: Vec<Value> = self.m.results(op).collect();
        let res_tys: Vec<Type> = res.iter().map(|&v| self.m.value_type(v)).collect();
        let flat_tys = self.flat_types_all(&res_tys, op)?;
        let loc = self.m.op_loc(op);
        let iff = self
            .b(loc)
            .op_with_regions(tas::If::name_sym(), &[cond], &flat_tys, &[], 2);
        let regions = self.m.regions(iff).to_vec();
        let outer = self.cur;
        let sync = self.sync;
        for (arm, chunks) in [(0, true), (1, false)] {
            self.cur = self.m.append_block(regions[arm], &[]);
            self.sync = sync;
            for l in &loads {
                self.unswitched.insert(l.op, chunks);
            }
            let pipe = if chunks { planned } else { None };
            if let (true, Some((mmaf, t))) = (chunks, &tma) {
                self.tma_pipes.insert(*mmaf, t.clone());
            }
            if let Some((mmaf, p)) = pipe {
                self.pipe_prologue(mmaf, &p)?;
                self.pipes.insert(mmaf, p);
                if !self.pipelined.contains(&mmaf) {
                    self.pipelined.push(mmaf);
                }
            }
            self.lower_for_once(op)?;
            if let Some((mmaf, _)) = pipe {
                self.pipes.remove(&mmaf);
                self.pipe_drain(mmaf);
                self.tma_pipes.remove(&mmaf);
            }
            let flat = self.flat_all(&res, op)?;
            self.b(loc).op(tas::Yield::name_sym(), &flat, &[], &[]);
        }
        for l in &loads {
            self.unswitched.remove(&l.op);
        }
        self.cur = outer;
        self.sync.fresh = false;
        let rs: Vec<Value> = self.m.results(iff).collect();
        self.unflat_into(&res, &rs);
        Ok(true)
    }

    fn all(&mut self, conds: &[Value]) -> Option<Value> {
        let i1 = self.i1;
        conds
            .iter()
            .copied()
            .reduce(|a, b| self.typed(tas::OpKind::AndI, a, b, i1))
    }

    /// `x % m == 0` for a constant power of two `m`.
    fn multiple(&mut self, x: Value, m: u64) -> Value {
        let t = self.m.value_type(x);
        let mask = self.const_int(t, m as i64 - 1, Loc::default());
        let low = self.typed(tas::OpKind::AndI, x, mask, t);
        let zero = self.const_int(t, 0, Loc::default());
        self.cmp("eq", low, zero)
    }

    /// Whether the chunk copy applies (see the module documentation); `ce` elements a chunk.
    fn chunkable(&mut self, v: &View, ce: u64) -> Value {
        let i64t = self.i64t;
        let mut conds = Vec::new();
        if let Some(s1) = v.stride[1] {
            let one = self.const_int(i64t, 1, Loc::default());
            conds.push(self.cmp("eq", s1, one));
        }
        let addr = self
            .b(Loc::default())
            .value(tas::PtrToInt::name_sym(), &[v.ptr], i64t, &[]);
        conds.push(self.multiple(addr, 16));
        if let Some(s0) = v.stride[0] {
            conds.push(self.multiple(s0, ce));
        }
        if !v.start_static {
            conds.push(self.multiple(v.start[1], ce));
        }
        if let Some(n1) = v.size[1] {
            conds.push(self.multiple(n1, ce));
        }
        self.all(&conds).unwrap_or(addr)
    }

    /// `ptr + Σ extsi(coordinate_d) · stride_d` elements of `eb` bytes.
    fn address(&mut self, v: &View, coords: [Value; 2], eb: u64) -> Value {
        // `ptr + (Σ extsi(c)·s)·eb` as `ptr + Σ extsi(c)·(s·eb)`: the same bits (i64
        // arithmetic is modular), and a coordinate's term no longer waits for the others, so
        // ptxas keeps the loop-invariant ones out of a loop.
        let i64t = self.i64t;
        let scale = self.const_int(i64t, eb as i64, Loc::default());
        let mut sum = None;
        for (&coord, &stride) in coords.iter().zip(&v.stride) {
            let c = self
                .b(Loc::default())
                .value(tas::ExtSI::name_sym(), &[coord], i64t, &[]);
            let step = match stride {
                Some(s) => self.typed(tas::OpKind::MulI, s, scale, i64t),
                None => scale,
            };
            let term = self.typed(tas::OpKind::MulI, c, step, i64t);
            sum = Some(match sum {
                Some(a) => self.typed(tas::OpKind::AddI, a, term, i64t),
                None => term,
            });
        }
        match sum {
            Some(off) => self.gep(v.ptr, off, 1, Loc::default()),
            None => self.gep(v.ptr, coords[0], eb, Loc::default()),
        }
    }

    /// The bound tests of `coords` (none for an unmasked view).
    fn in_bounds(&mut self, v: &View, coords: [Value; 2]) -> Vec<Value> {
        (0..2)
            .filter_map(|d| v.size[d].map(|n| (d, n)))
            .map(|(d, n)| self.cmp("slt", coords[d], n))
            .collect()
    }

    fn global_ld(&mut self, p: Value, t: Type) -> Value {
        let attrs = [
            (sym!(tas::Ld::SPACE), AttrData::Space(Space::Global)),
            (
                sym!(tas::Ld::MEM_SEMANTIC),
                AttrData::Sem(tilec_ir::MemSemantic::Weak),
            ),
        ];
        self.b(Loc::default())
            .value(tas::Ld::name_sym(), &[p], t, &attrs)
    }

    /// Copies the fused load `l` (an `R x C` tile of `eb`-byte elements of type `elem`) into
    /// `buf` at `place` (see the module documentation). Thread `t` copies chunks `e·T + t` in
    /// both paths, so each thread writes the same bytes whichever path the CTA takes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn copy_fused(
        &mut self,
        l: &Load,
        buf: Value,
        (rows, cols): (u64, u64),
        (elem, eb): (Type, u64),
        place: Place,
        at: Op,
    ) -> LResult<()> {
        let loc = self.m.op_loc(at);
        let ce = 16 / eb;
        let v = self.view(l, ce, true, at)?;
        let zero = self.dummy(elem, at)?;
        // In a loop unswitched on this load's condition ([`Lower::unswitch`]), one path.
        if let Some(chunks) = self.unswitched.get(&l.op).copied() {
            let z = (!chunks).then_some(zero);
            self.copy_chunks(&v, buf, (rows, cols), (elem, eb), place, z, loc);
            self.sync.fresh = false;
            return Ok(());
        }
        let fast = self.chunkable(&v, ce);
        // The stores stay in their arm (a value of one arm is not seen after the `if`).
        let held = self.pending_stores.take();
        self.either(
            fast,
            None,
            Loc::default(),
            |lw| {
                lw.copy_chunks(&v, buf, (rows, cols), (elem, eb), place, None, loc);
                None
            },
            |lw| {
                lw.copy_chunks(&v, buf, (rows, cols), (elem, eb), place, Some(zero), loc);
                None
            },
        );
        self.pending_stores = held;
        self.sync.fresh = false;
        Ok(())
    }

    /// Thread `t`'s chunks `q = e·T + t` (16 bytes of a row each, row-major): one `b128`
    /// load and store each, or (`zero`: the element path) each element loaded alone, zero when
    /// out of bounds, and stored alone.
    #[allow(clippy::too_many_arguments)]
    fn copy_chunks(
        &mut self,
        v: &View,
        buf: Value,
        (rows, cols): (u64, u64),
        (elem, eb): (Type, u64),
        place: Place,
        zero: Option<Value>,
        loc: Loc,
    ) {
        let ce = 16 / eb;
        let i32t = self.i32t;
        let i128t = self.m.int_type(128);
        let cpr = cols / ce;
        let n = rows * cpr;
        let per = n.div_ceil(self.threads);
        let placing = self.placing(place, n, |q| (q / cpr, (q % cpr) * ce));
        // The thread's offset once, in the prologue; `buf` may be a slot chosen in the loop.
        let base = self.placing_base(&placing, (buf, place), |lw| {
            let tid = lw.tid(i32t);
            let (r, c) = lw.divmod(tid, cpr);
            (r, lw.affine(c, ce, 0))
        });
        // Every load first, then every store: the loads of a thread are then in flight
        // together (a store right after its load would wait for it before the next load).
        let mut stores: Vec<(Value, Value, Option<Value>)> = Vec::new();
        // With `T` a multiple of the chunks per row, chunk `q = e·T + t` is row `t / cpr` plus
        // `e·T/cpr` and column chunk `t % cpr` for every `e`: one row base and one column per
        // thread (in the prologue), so the chunks share their column's bound test and address
        // term, which ptxas then computes once per iteration.
        let per_thread = (self.threads % cpr == 0).then(|| {
            self.in_prologue(|lw| {
                let tid = lw.tid(i32t);
                let (r, c) = lw.divmod(tid, cpr);
                (r, lw.affine(c, ce, 0))
            })
        });
        for e in 0..per {
            let live = self.partial_mask(per, e, n);
            let (r, c) = match per_thread {
                Some((rt, ct)) => (self.affine(rt, 1, e * self.threads / cpr), ct),
                None => {
                    let q = self.index(per, e, i32t);
                    let (r, c) = self.divmod(q, cpr);
                    (r, self.affine(c, ce, 0))
                }
            };
            let dst = self.item_place(&placing, base, (buf, place), e, |_| (r, c), loc);
            let row = self.bin(tas::OpKind::AddI, v.start[0], r);
            match zero {
                // Every chunk of every thread exists: an async copy (no register holds it;
                // past a bound it reads nothing and writes zeros).
                None if live.is_none() => {
                    let col = self.bin(tas::OpKind::AddI, v.start[1], c);
                    self.cp_async_chunk(v, [row, col], eb, dst, loc);
                }
                None => {
                    // The masked loads are `if`s: the copies issued so far complete first.
                    self.wait_copies(loc);
                    let col = self.bin(tas::OpKind::AddI, v.start[1], c);
                    let val = self.load_masked(v, [row, col], (i128t, eb), None, live);
                    stores.push((dst, val, live));
                }
                Some(z) => {
                    // The element path stores each chunk's elements after its loads: holding
                    // every element of the tile at once would take registers from the chunk
                    // path's loop too (ptxas allocates the kernel as a whole).
                    let mut chunk = Vec::new();
                    for j in 0..ce {
                        let cj = self.affine(c, 1, j);
                        let col = self.bin(tas::OpKind::AddI, v.start[1], cj);
                        let val = self.load_masked(v, [row, col], (elem, eb), Some(z), live);
                        let d = self.at_byte(dst, (j * eb) as i64, loc);
                        chunk.push((d, val, live, loc));
                    }
                    self.flush_stores(chunk);
                }
            }
        }
        match self.pending_stores.as_mut() {
            Some(p) => p.extend(stores.into_iter().map(|(d, v, l)| (d, v, l, loc))),
            None => {
                self.wait_copies(loc);
                self.flush_stores(stores.into_iter().map(|(d, v, l)| (d, v, l, loc)));
            }
        }
    }

    /// `cp_async` of the chunk at `coords` to `dst`: 16 bytes when in bounds, else none read
    /// (zeros written) from the view's base.
    fn cp_async_chunk(&mut self, v: &View, coords: [Value; 2], eb: u64, dst: Value, loc: Loc) {
        let i32t = self.i32t;
        // `live`, then the column's test, then the row's: a thread's chunks of one load share
        // their column (and `live`), so the first two are one value for all of them.
        let mut tests: Vec<Value> = self.copy_live.into_iter().collect();
        tests.extend(self.in_bounds(v, coords).into_iter().rev());
        let addr = self.address(v, coords, eb);
        let full = self.const_int(i32t, 16, loc);
        let (src, bytes) = match self.all(&tests) {
            Some(inb) => {
                let none = self.const_int(i32t, 0, loc);
                let pt = self.m.value_type(addr);
                let src = self
                    .b(loc)
                    .value(tas::Select::name_sym(), &[inb, addr, v.ptr], pt, &[]);
                let bytes =
                    self.b(loc)
                        .value(tas::Select::name_sym(), &[inb, full, none], i32t, &[]);
                (src, bytes)
            }
            None => (addr, full),
        };
        self.b(loc)
            .op(tas::CpAsync::name_sym(), &[dst, src, bytes], &[], &[]);
        self.copies_in_flight = true;
    }

    /// The `cp_async_wait_all` of the copies issued since the last one, if any.
    pub(super) fn wait_copies(&mut self, loc: Loc) {
        if std::mem::take(&mut self.copies_in_flight) {
            self.b(loc)
                .op(tas::CpAsyncWaitAll::name_sym(), &[], &[], &[]);
        }
    }

    /// The shared-memory stores of copied chunks (each under its `live` test, if any).
    pub(super) fn flush_stores(&mut self, stores: impl IntoIterator<Item = PendingStore>) {
        for (dst, val, live, loc) in stores {
            match live {
                Some(l) => self.when(l, Loc::default(), |lw| lw.st_shared(dst, val, loc)),
                None => self.st_shared(dst, val, loc),
            }
        }
    }

    /// The element at `coords` (type `t`, the address scaled by `eb`; a `b128` chunk is
    /// addressed by its first element, so `eb` is the element size there too): loaded when in
    /// bounds (and `live`), else `zero` (a zero of `t` when None).
    fn load_masked(
        &mut self,
        v: &View,
        coords: [Value; 2],
        (t, eb): (Type, u64),
        zero: Option<Value>,
        live: Option<Value>,
    ) -> Value {
        let mut tests = self.in_bounds(v, coords);
        tests.extend(live);
        let Some(inb) = self.all(&tests) else {
            let p = self.address(v, coords, eb);
            return self.global_ld(p, t);
        };
        let r = self.either(
            inb,
            Some(t),
            Loc::default(),
            |lw| {
                let p = lw.address(v, coords, eb);
                Some(lw.global_ld(p, t))
            },
            |lw| Some(zero.unwrap_or_else(|| lw.const_int(t, 0, Loc::default()))),
        );
        r.unwrap_or(coords[0])
    }
}
