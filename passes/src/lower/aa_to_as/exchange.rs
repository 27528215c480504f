//! `permute` and `extract`: tiles whose elements are other elements of a source tile, owned by
//! other threads in the cyclic layout, so they go through shared memory ([`Lower::gather`]).
//!
//! Every thread stores its owned source elements at their flat index (the buffer has a slot for
//! every owned element, `per · T`, so the stores past the tile's end need no mask), a CTA
//! barrier, and every thread loads each of its result elements from the flat source index of
//! that element; a later op of the same block that reads the same tile reuses that image
//! ([`Lower::smem_image`]) (a result element past the result's end reads index `j mod N`, in bounds,
//! never used). Inside a loop a barrier before the stores keeps the previous iteration's loads
//! apart from them (the same discipline as `reduce`'s slots). The barrier is the CTA-wide
//! ordering the PTX memory model needs between the weak shared stores of one thread and the
//! weak loads of another (SYNC-MODEL.md §2: `bar.sync` orders them, morally strong at CTA scope).
//!
//! - `permute %x [p…]`: result element `d` (a multi-index) is source element `s` with
//!   `s[p[i]] = d[i]`;
//! - `extract %x[%k…]`: result element `d` is source element `k·r + d` (`r` the result's sizes;
//!   the indices are uniform scalars, read once);
//! - a predicate (`i1`) tile's image holds a word of 1 or 0 per element, read back as "nonzero"
//!   (shared memory holds no predicates);
//! - `pack` / `unpack` (rank-1): the image's bytes read back as the result's element type,
//!   result element `j` at byte `j · size` (PTX is little-endian: byte `b` of element `k` of a
//!   source of `s`-byte elements is byte `k·s + b` of the tile's bytes, NVIDIA's byte array).

use super::{Dims, LResult, Lower, Lowered, Scalars};
use tilec_dialects::nv_tileaa::Permute;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{elements, scalar_bytes, tile_shape};
use tilec_ir::{sym, AttrData, Loc, Op, OpView, Type, TypeData, Value};

/// Row-major strides (in elements) of `dims`.
pub(super) fn strides(dims: &[u64]) -> Vec<u64> {
    let mut s = vec![1u64; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

impl Lower<'_> {
    /// `permute` (see the module documentation).
    pub(super) fn lower_permute(&mut self, op: Op) -> LResult<Lowered> {
        let (src, sdims, elem) = self.source_tile(op)?;
        let (rdims, _) = self.result_dims(op)?;
        let perm: Vec<usize> = Permute(op)
            .permutation(self.m)
            .unwrap_or_default()
            .iter()
            .map(|&i| i as usize)
            .collect();
        if perm.len() != rdims.len() || perm.iter().any(|&i| i >= sdims.len()) {
            return Err(self.unsupported(
                op,
                "its permutation does not fit its tiles (run the verifier)",
            ));
        }
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return Ok(src.1);
        }
        let ss = strides(&sdims);
        // Result dimension i walks source stride ss[perm[i]].
        let walk: Vec<u64> = perm.iter().map(|&p| ss[p]).collect();
        self.gather(op, src, &sdims, elem, &rdims, None, &walk)
    }

    /// `extract` (see the module documentation).
    pub(super) fn lower_extract(&mut self, op: Op) -> LResult<Lowered> {
        let (src, sdims, elem) = self.source_tile(op)?;
        let (rdims, _) = self.result_dims(op)?;
        let idx = self.m.operands(op)[1..].to_vec();
        if idx.len() != sdims.len() || rdims.len() != sdims.len() {
            return Err(self.unsupported(op, "its indices do not fit its tiles (run the verifier)"));
        }
        let ss = strides(&sdims);
        // The slice's first element: Σ k_i · r_i · stride_i (i32: a tile has fewer than 2^31
        // elements, and NVIDIA leaves an out-of-range slice undefined).
        let i32t = self.i32t;
        let mut base: Option<Value> = None;
        for (i, &k) in idx.iter().enumerate() {
            let k = match self.get(k, op)? {
                Lowered::Uniform(s) | Lowered::Splat(s) => s,
                _ => return Err(self.unsupported(op, "an index is not a 0-d tile")),
            };
            if self.m.value_type(k) != i32t {
                return Err(self.unsupported(op, "an index is not an i32"));
            }
            let step = rdims[i] * ss[i];
            if sdims[i] == rdims[i] {
                continue; // the only slice: index 0
            }
            let term = self.affine(k, step, 0);
            base = Some(self.plus(base, term));
        }
        self.gather(op, src, &sdims, elem, &rdims, base, &ss)
    }

    /// The source (operand 0) with its lowered form, its dims and its scalar element type.
    fn source_tile(&mut self, op: Op) -> LResult<((Value, Lowered), Dims, Type)> {
        let x = self.m.operands(op)[0];
        let (dims, elem) = tile_shape(self.m, self.m.value_type(x))
            .map(|(d, e)| (Dims::from_slice(d), e))
            .ok_or_else(|| self.unsupported(op, "its source is not a tile"))?;
        let src = self.get(x, op)?;
        Ok(((x, src), dims, elem))
    }

    /// `pack` / `unpack` (see the module documentation).
    pub(super) fn lower_pack(&mut self, op: Op) -> LResult<Lowered> {
        let ((x, src), sdims, elem) = self.source_tile(op)?;
        let (rdims, relem) = self.result_dims(op)?;
        let loc = self.m.op_loc(op);
        if self.is_pred(elem) || self.is_pred(relem) {
            // The image holds a predicate as a word, not as the tile's bytes.
            return Err(self.unsupported(op, "the bytes of an i1 tile are not supported yet"));
        }
        // Even a splat's bytes differ from element to element of the result: always the image.
        let buf = self.smem_image(op, x, &src, &sdims, elem)?;
        if scalar_bytes(self.m, relem).is_none() {
            return Err(self.unsupported(op, "its result elements have no byte size"));
        }
        Ok(self.read_image(buf, &rdims, relem, loc, |_, j| j))
    }

    fn result_dims(&mut self, op: Op) -> LResult<(Dims, Type)> {
        let r = self.m.result(op, 0);
        tile_shape(self.m, self.m.value_type(r))
            .map(|(d, e)| (Dims::from_slice(d), e))
            .ok_or_else(|| self.unsupported(op, "its result is not a tile"))
    }

    /// The owned scalars of a tile of `rdims` whose element `d` (a multi-index) is element
    /// `base + Σ d_i · walk_i` of the source `(x, src)` (a tile of `sdims`), through its
    /// shared-memory image ([`Lower::smem_image`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gather(
        &mut self,
        op: Op,
        (x, src): (Value, Lowered),
        sdims: &[u64],
        elem: Type,
        rdims: &[u64],
        base: Option<Value>,
        walk: &[u64],
    ) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        if let Lowered::Uniform(s) | Lowered::Splat(s) = src {
            return Ok(Self::uniform_of(s, rdims));
        }
        let buf = self.smem_image(op, x, &src, sdims, elem)?;
        // (A one-element result: every thread loads it, its index is `base` everywhere.)
        Ok(self.read_image(buf, rdims, elem, loc, |lw, j| {
            lw.source_index(j, rdims, walk, base)
        }))
    }

    /// The owned elements of a tile of `rdims` (type `elem`) read from the shared image `buf`:
    /// result element `j` at index `at(j)` in units of `elem` (an element past the result's end
    /// reads index `at(j mod N)`, in bounds, never used). One element is every thread's.
    fn read_image(
        &mut self,
        buf: Value,
        rdims: &[u64],
        elem: Type,
        loc: Loc,
        mut at: impl FnMut(&mut Self, Value) -> Value,
    ) -> Lowered {
        let (threads, i32t) = (self.threads, self.i32t);
        let (per, n) = (self.per(rdims), elements(rdims));
        let mut out = Scalars::with_capacity(per as usize);
        for e in 0..per {
            let mut j = self.index(per, e, i32t);
            if (e + 1) * threads > n {
                let (_, r) = self.divmod(j, n);
                j = r;
            }
            let s = at(self, j);
            out.push(self.image_load(buf, s, elem, loc));
        }
        self.sync.fresh = false;
        if n <= 1 {
            Lowered::Uniform(out[0])
        } else {
            Lowered::Owned(out)
        }
    }

    /// A shared buffer holding every element of the nv_tileaa tile `x` (lowered `src`, of
    /// `dims`) at its flat index, readable by every thread: stored by this op (a barrier
    /// before inside a loop, the stores — a slot for every owned element, `per · T`, so those
    /// past the end need no mask — then a barrier), or by an earlier op of the same block,
    /// whose stores and barrier come before this op on every path and, in a loop, again in
    /// every iteration before it.
    pub(super) fn smem_image(
        &mut self,
        op: Op,
        x: Value,
        src: &Lowered,
        dims: &[u64],
        elem: Type,
    ) -> LResult<Value> {
        if let Some(&buf) = self.smem_images.get(&(x, self.cur)) {
            return Ok(buf);
        }
        let loc = self.m.op_loc(op);
        let eb = self.image_bytes(elem);
        let (threads, i32t) = (self.threads, self.i32t);
        let per = self.per(dims);
        let buf = self.shared_buffer((per * threads * eb).next_multiple_of(16));
        if self.loop_depth > 0 {
            self.barrier(loc);
        }
        for e in 0..per {
            let mut v = self.elem(src, e, loc, op)?;
            if self.is_pred(elem) {
                // Shared memory holds no predicates: a word of 1 or 0.
                let (one, zero) = (self.const_int(i32t, 1, loc), self.const_int(i32t, 0, loc));
                v = self
                    .b(loc)
                    .value(tas::Select::name_sym(), &[v, one, zero], i32t, &[]);
            }
            let i = self.index(per, e, i32t);
            let p = self.gep(buf, i, eb, loc);
            self.st_shared(p, v, loc);
        }
        self.sync.fresh = false;
        self.barrier(loc);
        self.smem_images.insert((x, self.cur), buf);
        Ok(buf)
    }

    /// Whether tiles of `elem` are predicates (`i1`), which an image holds as words.
    fn is_pred(&self, elem: Type) -> bool {
        matches!(self.m.type_data(elem), TypeData::Int(1))
    }

    /// The bytes an element of `elem` takes in a shared-memory image (a word for a predicate).
    pub(super) fn image_bytes(&self, elem: Type) -> u64 {
        if self.is_pred(elem) {
            4
        } else {
            scalar_bytes(self.m, elem).unwrap_or(4)
        }
    }

    /// Element `i` (an i32 index) of the image `buf` of a tile of `elem`, as its scalar (a
    /// predicate read back from its word: nonzero).
    pub(super) fn image_load(&mut self, buf: Value, i: Value, elem: Type, loc: Loc) -> Value {
        let eb = self.image_bytes(elem);
        let p = self.gep(buf, i, eb, loc);
        if !self.is_pred(elem) {
            return self.ld_shared(p, elem, loc);
        }
        let (i32t, i1) = (self.i32t, self.i1);
        let w = self.ld_shared(p, i32t, loc);
        let zero = self.const_int(i32t, 0, loc);
        self.b(loc).value(
            tas::CmpI::name_sym(),
            &[w, zero],
            i1,
            &[(sym!(tas::CmpI::PREDICATE), AttrData::Str("ne".into()))],
        )
    }

    /// `base + Σ d_i · walk_i` for the multi-index `d` of flat index `j` in `dims`.
    pub(super) fn source_index(
        &mut self,
        j: Value,
        dims: &[u64],
        walk: &[u64],
        base: Option<Value>,
    ) -> Value {
        let mut rest = j;
        let mut acc = base;
        for i in (0..dims.len()).rev() {
            if dims[i] == 1 {
                continue;
            }
            let outer = dims[..i].iter().product::<u64>();
            let (q, d) = if outer == 1 {
                // The first dimension of size > 1 from the left: what is left is its digit.
                (rest, rest)
            } else {
                self.divmod(rest, dims[i])
            };
            let term = self.affine(d, walk[i], 0);
            acc = Some(self.plus(acc, term));
            rest = q;
        }
        match acc {
            Some(a) => a,
            None => self.const_int(self.i32t, 0, tilec_ir::Loc::default()),
        }
    }

    /// `acc + term` (just `term` when there is no `acc` yet), on i32 values.
    fn plus(&mut self, acc: Option<Value>, term: Value) -> Value {
        match acc {
            None => term,
            Some(a) => self.bin(tas::OpKind::AddI, a, term),
        }
    }

    fn uniform_of(s: Value, dims: &[u64]) -> Lowered {
        if elements(dims) <= 1 {
            Lowered::Uniform(s)
        } else {
            Lowered::Splat(s)
        }
    }
}
