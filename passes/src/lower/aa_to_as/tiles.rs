//! Tile values: the prologue (thread id, element indices, masks, special registers), the scalars
//! of owned elements, and the pure tile ops (`constant`, `iota`, `offset`, `reshape`,
//! `broadcast`, arithmetic, comparisons, `select`, tile-block ids).

use super::{Dims, LResult, Lower, Lowered, Scalars};
use smallvec::SmallVec;
use tilec_dialects::nv_tileaa::{self as aa, OpKind};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{ptr_info, scalar_bytes, tile_info, tile_shape};
use tilec_ir::{sym, AttrData, Loc, Op, OpView, Sym, Type, TypeData, Value};

/// The nv_tileaa ops that are elementwise on owned elements, each with the nv_tileas op of the
/// same name it becomes.
pub(super) fn elementwise(k: OpKind) -> Option<tas::OpKind> {
    macro_rules! same_kind {
        ($($k:ident),*) => {
            match k {
                $(OpKind::$k => Some(tas::OpKind::$k),)*
                _ => None,
            }
        };
    }
    same_kind!(
        AddI, SubI, MulI, DivSI, DivUI, RemSI, RemUI, AndI, OrI, XOrI, ShLI, ShRUI, ShRSI, AddF,
        SubF, MulF, DivF, MaxF, MinF, CmpI, CmpF, Select, ExtSI, ExtUI, TruncI, NegF, AbsF, Exp,
        Exp2, Log, Log2, Sqrt, Rsqrt, TanH, Fma, MaxSI, MaxUI, MinSI, MinUI, AbsI, MulhiI, Floor,
        Ceil, SIToFP, UIToFP, FPToSI, FPToUI, FToF, Bitcast, PtrToInt, PtrToPtr, IntToPtr, Sin,
        Cos, Tan, SinH, CosH, Atan2, Pow, RemF
    )
}

impl Lower<'_> {
    // ---- the prologue -------------------------------------------------------------------------

    /// `thread_id` (dim 0) as type `t`, read once in the prologue.
    pub(super) fn tid(&mut self, t: Type) -> Value {
        if let Some(&v) = self.tids.get(&t) {
            return v;
        }
        let i32t = self.i32t;
        let dim = AttrData::Int { value: 0, ty: i32t };
        let v = self.pro().value(
            tas::ThreadId::name_sym(),
            &[],
            t,
            &[(sym!(tas::ThreadId::DIM), dim)],
        );
        self.tids.insert(t, v);
        self.note_range(v, 0, self.threads as i64 - 1);
        v
    }

    /// The flattened index `e*threads + tid` of owned element `e` (type `t`), in the prologue.
    pub(super) fn index(&mut self, per: u64, e: u64, t: Type) -> Value {
        if let Some(&v) = self.idx.get(&(per, e, t)) {
            return v;
        }
        let c = |v: u64| AttrData::Int {
            value: v as i64,
            ty: t,
        };
        // The cyclic layout (mod.rs): owned element e of thread `tid` is `e * threads + tid`.
        let v = if per == 1 || e == 0 {
            self.tid(t)
        } else {
            let tid = self.tid(t);
            let threads = self.threads;
            let mut b = self.pro();
            let off = b.value(
                tas::Constant::name_sym(),
                &[],
                t,
                &[(sym!(tas::Constant::VALUE), c(e * threads))],
            );
            b.value(tas::AddI::name_sym(), &[tid, off], t, &[])
        };
        self.idx.insert((per, e, t), v);
        let lo = (e * self.threads) as i64;
        self.note_range(v, lo, lo + self.threads as i64 - 1);
        v
    }

    /// The mask of owned element `e` when some thread lacks it, else None: in the cyclic layout
    /// element `e` of every thread exists when `(e+1)·threads ≤ n`.
    pub(super) fn partial_mask(&mut self, per: u64, e: u64, n: u64) -> Option<Value> {
        ((e + 1) * self.threads > n).then(|| self.mask(per, e, n))
    }

    /// The mask `e*threads + tid < n` of owned element `e`, in the prologue.
    pub(super) fn mask(&mut self, per: u64, e: u64, n: u64) -> Value {
        if let Some(&v) = self.masks.get(&(per, e, n)) {
            return v;
        }
        let i32t = self.i32t;
        let i1 = self.i1;
        let idx = self.index(per, e, i32t);
        let mut b = self.pro();
        let bound = b.value(
            tas::Constant::name_sym(),
            &[],
            i32t,
            &[(
                sym!(tas::Constant::VALUE),
                AttrData::Int {
                    value: n as i64,
                    ty: i32t,
                },
            )],
        );
        let v = b.value(
            tas::CmpI::name_sym(),
            &[idx, bound],
            i1,
            &[(sym!(tas::CmpI::PREDICATE), AttrData::Str("ult".into()))],
        );
        self.masks.insert((per, e, n), v);
        v
    }

    /// A special register (`nv_tileas.block_id` …) of dimension `dim` as type `t`, in the prologue
    /// (every special register with a dimension names it `dim`).
    fn sreg(&mut self, name: Sym, dim: i64, t: Type) -> Value {
        if let Some(&v) = self.sregs.get(&(name, dim, t)) {
            return v;
        }
        let i32t = self.i32t;
        let attr = AttrData::Int {
            value: dim,
            ty: i32t,
        };
        let v = self
            .pro()
            .value(name, &[], t, &[(sym!(tas::BlockId::DIM), attr)]);
        self.sregs.insert((name, dim, t), v);
        v
    }

    // ---- owned elements -----------------------------------------------------------------------

    /// `base + index * elem_bytes`.
    pub(super) fn gep(&mut self, base: Value, index: Value, elem_bytes: u64, loc: Loc) -> Value {
        let pt = self.m.value_type(base);
        let attrs = match self.gep_attrs.get(&elem_bytes) {
            Some(&d) => d,
            None => {
                let i64t = self.i64t;
                let eb = self.m.attr(AttrData::Int {
                    value: elem_bytes as i64,
                    ty: i64t,
                });
                let d = self.m.dict(&[(sym!(tas::Gep::ELEM_BYTES), eb)]);
                self.gep_attrs.insert(elem_bytes, d);
                d
            }
        };
        self.b(loc)
            .value_with_dict(tas::Gep::name_sym(), &[base, index], pt, attrs)
    }

    /// An element-wise constant (row-major values): a splat when its values are equal, `a·i + b`
    /// of each owned element's flattened index `i` when its integer values are that affine
    /// function (iota-like tables), else a located "cannot lower yet".
    fn elementwise_constant(
        &mut self,
        op: Op,
        items: &[tilec_ir::Attr],
        dims: &[u64],
        elem: Type,
    ) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        let values: Vec<AttrData> = items.iter().map(|a| self.m.attr_data(*a).clone()).collect();
        if values.windows(2).all(|w| w[0] == w[1]) {
            let Some(v) = values.first().cloned() else {
                return Err(self.unsupported(op, "an element-wise constant without values"));
            };
            let v = retype_number(self.m, v, elem);
            return Ok(Self::uniform(self.constant(elem, v, loc), dims));
        }
        let ints: Option<Vec<i64>> = values
            .iter()
            .map(|v| match v {
                AttrData::Int { value, .. } => Some(*value),
                _ => None,
            })
            .collect();
        let affine = ints
            .filter(|_| matches!(self.m.type_data(elem), TypeData::Int(32 | 64)))
            .and_then(|v| {
                let (b, a) = (v[0], v[1].wrapping_sub(v[0]));
                let fits = v
                    .iter()
                    .enumerate()
                    .all(|(i, &x)| (i as i64).wrapping_mul(a).wrapping_add(b) == x);
                fits.then_some((a, b))
            });
        let Some((a, b)) = affine else {
            return Err(self.unsupported(
                op,
                "a constant whose elements differ (other than a·i + b of the element index) is not lowered yet",
            ));
        };
        let per = self.per(dims);
        let mut vs = Scalars::new();
        for e in 0..per {
            let i = self.index(per, e, elem);
            let ca = self.constant(elem, AttrData::Int { value: a, ty: elem }, loc);
            let cb = self.constant(elem, AttrData::Int { value: b, ty: elem }, loc);
            let ai = self
                .b(loc)
                .value(tas::MulI::name_sym(), &[i, ca], elem, &[]);
            vs.push(
                self.b(loc)
                    .value(tas::AddI::name_sym(), &[ai, cb], elem, &[]),
            );
        }
        Ok(Lowered::Owned(vs))
    }

    /// The scalar of owned element `e` of a lowered tile (a value, a mask or a pointer).
    pub(super) fn elem(&mut self, l: &Lowered, e: u64, loc: Loc, at: Op) -> LResult<Value> {
        match l {
            Lowered::Uniform(s) | Lowered::Splat(s) => Ok(*s),
            Lowered::Owned(vs) => vs
                .get(e as usize)
                .copied()
                .ok_or_else(|| self.unsupported(at, "tile shapes do not match")),
            Lowered::PtrTile {
                base,
                per,
                elem_bytes,
            } => {
                let idx = self.index(*per, e, self.i32t);
                Ok(self.gep(*base, idx, *elem_bytes, loc))
            }
            Lowered::Token => Err(self.unsupported(at, "a token is used as a tile")),
            // `get` converts fragments; only the fragment-aware code holds one.
            Lowered::Frag(_) => Err(self.unsupported(
                at,
                "an mmaf accumulator is used where its layout is not converted (internal)",
            )),
        }
    }

    /// The result's dims and its nv_tileas scalar type.
    fn result_tile(&mut self, op: Op) -> LResult<(Dims, Type)> {
        let r = self.m.result(op, 0);
        let (dims, elem) = tile_shape(self.m, self.m.value_type(r))
            .map(|(d, e)| (Dims::from_slice(d), e))
            .ok_or_else(|| self.unsupported(op, "the result is not a tile"))?;
        let s = self.scalar_of(elem);
        Ok((dims, s))
    }

    /// A uniform scalar as a tile of `dims`.
    fn uniform(s: Value, dims: &[u64]) -> Lowered {
        if dims.iter().product::<u64>() <= 1 {
            Lowered::Uniform(s)
        } else {
            Lowered::Splat(s)
        }
    }

    // ---- the pure tile ops --------------------------------------------------------------------

    pub(super) fn lower_tile_op(&mut self, op: Op, kind: Option<OpKind>) -> LResult<()> {
        let loc = self.m.op_loc(op);
        if self.m.num_results(op) != 1 {
            return Err(
                self.unsupported(op, "not part of the nv_tileaa catalog this lowering knows")
            );
        }
        let r = self.m.result(op, 0);
        let l = match kind {
            Some(OpKind::Constant) => {
                let (dims, elem) = self.result_tile(op)?;
                let value = aa::Constant(op)
                    .value(self.m)
                    .cloned()
                    .ok_or_else(|| self.unsupported(op, "no value"))?;
                if let AttrData::Array(items) = &value {
                    self.elementwise_constant(op, items, &dims, elem)?
                } else {
                    let value = retype_number(self.m, value, elem);
                    Self::uniform(self.constant(elem, value, loc), &dims)
                }
            }
            Some(OpKind::Iota) => {
                let (dims, elem) = self.result_tile(op)?;
                if !matches!(self.m.type_data(elem), TypeData::Int(32 | 64)) {
                    return Err(self.unsupported(op, "iota must yield i32 or i64"));
                }
                if dims.iter().product::<u64>() <= 1 {
                    Lowered::Uniform(self.const_int(elem, 0, loc))
                } else {
                    let per = self.per(&dims);
                    let vs = (0..per).map(|e| self.index(per, e, elem)).collect();
                    Lowered::Owned(vs)
                }
            }
            Some(OpKind::Offset) => self.lower_offset(op)?,
            Some(OpKind::Reshape) => {
                let src = self.get(self.m.operands(op)[0], op)?;
                let (dims, _) = self.result_tile(op)?;
                match src {
                    Lowered::Uniform(s) | Lowered::Splat(s) => Self::uniform(s, &dims),
                    Lowered::Owned(vs) => Lowered::Owned(vs),
                    Lowered::PtrTile {
                        base, elem_bytes, ..
                    } => Lowered::PtrTile {
                        base,
                        per: self.per(&dims),
                        elem_bytes,
                    },
                    Lowered::Token => return Err(self.unsupported(op, "a token is used as a tile")),
                    Lowered::Frag(_) => {
                        return Err(self.unsupported(op, "a fragment reached reshape (internal)"))
                    }
                }
            }
            Some(OpKind::Broadcast) => self.lower_broadcast(op)?,
            Some(OpKind::Cat) => self.lower_cat(op)?,
            Some(OpKind::Permute) => self.lower_permute(op)?,
            Some(OpKind::Extract) => self.lower_extract(op)?,
            Some(OpKind::Pack | OpKind::Unpack) => self.lower_pack(op)?,
            Some(k @ (OpKind::GetTileBlockId | OpKind::GetNumTileBlocks)) => {
                let (dims, elem) = self.result_tile(op)?;
                if !dims.is_empty() || !matches!(self.m.type_data(elem), TypeData::Int(32 | 64)) {
                    return Err(self.unsupported(op, "the result must be tile<i32> or tile<i64>"));
                }
                let (dim, name) = if k == OpKind::GetTileBlockId {
                    (aa::GetTileBlockId(op).dim(self.m), tas::BlockId::name_sym())
                } else {
                    (
                        aa::GetNumTileBlocks(op).dim(self.m),
                        tas::NumBlocks::name_sym(),
                    )
                };
                if !(0..=2).contains(&dim) {
                    return Err(self.unsupported(op, format!("dim must be 0, 1 or 2, got {dim}")));
                }
                Lowered::Uniform(self.sreg(name, dim, elem))
            }
            _ => match kind.and_then(elementwise) {
                Some(to) => self.lower_elementwise(op, to)?,
                None => {
                    return Err(self
                        .unsupported(op, "not part of the nv_tileaa catalog this lowering knows"))
                }
            },
        };
        self.map.insert(r, l);
        Ok(())
    }

    /// An elementwise op, lowered to the nv_tileas op `to` per owned element (once when uniform).
    fn lower_elementwise(&mut self, op: Op, to: tas::OpKind) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        let mut ls: SmallVec<[Lowered; 3]> = SmallVec::new();
        for i in 0..self.m.operands(op).len() {
            ls.push(self.get(self.m.operands(op)[i], op)?);
        }
        let (dims, elem) = self.result_tile(op)?;
        let name = self.tileas_name(to);
        // The predicate is the op's own attribute: its dictionary is rebuilt from the uniqued
        // attribute, never from a copy of its text.
        // The predicate is the op's own attribute, and so are a math op's flags
        // (`flush_to_zero`, `rounding_mode`, `propagate_nan`): kept as the uniqued attributes
        // they are.
        let kept: SmallVec<[(Sym, tilec_ir::Attr); 2]> = self
            .m
            .dict_entries(self.m.attrs(op))
            .iter()
            .filter(|e| {
                e.0 == sym!(aa::CmpI::PREDICATE)
                    || e.0 == sym!(aa::Sqrt::FLUSH_TO_ZERO)
                    || e.0 == sym!(aa::Sqrt::ROUNDING_MODE)
                    || e.0 == sym!(aa::MaxF::PROPAGATE_NAN)
            })
            .copied()
            .collect();
        let attrs = self.m.dict(&kept);
        let uniform = ls
            .iter()
            .all(|l| matches!(l, Lowered::Uniform(_) | Lowered::Splat(_)));
        let mut scalars: SmallVec<[Value; 3]> = SmallVec::new();
        if uniform || dims.iter().product::<u64>() <= 1 {
            for l in &ls {
                scalars.push(self.elem(l, 0, loc, op)?);
            }
            let v = self.b(loc).value_with_dict(name, &scalars, elem, attrs);
            self.note_result(to, &scalars, v, elem);
            return Ok(Self::uniform(v, &dims));
        }
        let per = self.per(&dims);
        let mut vs = Scalars::with_capacity(per as usize);
        for e in 0..per {
            scalars.clear();
            for l in &ls {
                scalars.push(self.elem(l, e, loc, op)?);
            }
            let folded = match self.fold_divmod(to, &scalars, elem) {
                Some(v) => Some(v),
                None => self.fold_ext(to, &scalars, elem),
            };
            if let Some(v) = folded {
                vs.push(v);
                continue;
            }
            let v = self.b(loc).value_with_dict(name, &scalars, elem, attrs);
            self.note_result(to, &scalars, v, elem);
            vs.push(v);
        }
        Ok(Lowered::Owned(vs))
    }

    /// The name of nv_tileas op `kind` (interned once per kernel).
    pub(super) fn tileas_name(&mut self, kind: tas::OpKind) -> Sym {
        *self
            .names
            .entry(kind)
            .or_insert_with(|| Sym::new(kind.name()))
    }

    /// `offset(p, i)`: element-wise `p + i` (in elements of the pointee).
    fn lower_offset(&mut self, op: Op) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let lp = self.get(ops[0], op)?;
        let li = self.get(ops[1], op)?;
        let (dims, _) = self.result_tile(op)?;
        let r = self.m.result(op, 0);
        let elem = tile_info(self.m, self.m.value_type(r)).map(|i| i.elem);
        let eb = elem
            .and_then(|e| ptr_info(self.m, e))
            .and_then(|(_, pointee)| pointee)
            .and_then(|p| scalar_bytes(self.m, p))
            .ok_or_else(|| self.unsupported(op, "the result is not a tile of typed pointers"))?;
        let uniform = |l: &Lowered| matches!(l, Lowered::Uniform(_) | Lowered::Splat(_));
        if dims.iter().product::<u64>() <= 1 || (uniform(&lp) && uniform(&li)) {
            let p = self.elem(&lp, 0, loc, op)?;
            let i = self.elem(&li, 0, loc, op)?;
            return Ok(Self::uniform(self.gep(p, i, eb, loc), &dims));
        }
        if let (Lowered::PtrTile { base, .. }, true) = (&lp, uniform(&li)) {
            // A contiguous tile shifted by a uniform index is still contiguous.
            let i = self.elem(&li, 0, loc, op)?;
            let base = self.gep(*base, i, eb, loc);
            return Ok(Lowered::PtrTile {
                base,
                per: self.per(&dims),
                elem_bytes: eb,
            });
        }
        let per = self.per(&dims);
        let mut vs = Scalars::with_capacity(per as usize);
        for e in 0..per {
            let p = self.elem(&lp, e, loc, op)?;
            let i = self.elem(&li, e, loc, op)?;
            vs.push(self.gep(p, i, eb, loc));
        }
        Ok(Lowered::Owned(vs))
    }

    /// `cat %a, %b` along the outermost dimension of size above 1 (every dimension before `dim`
    /// of size 1): the row-major flattened result is `a` then `b`. Owned element `e` of a thread
    /// (flat `e·T + t`) is `a`'s element `e` below `a`'s size N0, `b`'s element `e - N0/T` past
    /// it (the same thread owns it when T divides N0, or `b` is uniform), and where an owned
    /// element straddles N0, a `select` on the flat index between the two (each uniform there).
    fn lower_cat(&mut self, op: Op) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let (da, _) = tile_shape(self.m, self.m.value_type(ops[0]))
            .map(|(d, e)| (d.to_vec(), e))
            .ok_or_else(|| self.unsupported(op, "an operand is not a tile"))?;
        let dim = aa::Cat(op).dim(self.m).unwrap_or(0).max(0) as usize;
        if da.iter().take(dim).any(|&x| x != 1) {
            return Err(self.unsupported(
                op,
                "concatenating along a dimension with outer dimensions above 1 is not supported yet",
            ));
        }
        let (dims, elem) = self.result_tile(op)?;
        let (la, lb) = (self.get(ops[0], op)?, self.get(ops[1], op)?);
        let n0 = tilec_dialects::types::elements(&da);
        let threads = self.threads;
        let uniform = |l: &Lowered| matches!(l, Lowered::Uniform(_) | Lowered::Splat(_));
        let per = self.per(&dims);
        let mut vs = Scalars::with_capacity(per as usize);
        for e in 0..per {
            let (lo, hi) = (e * threads, (e + 1) * threads);
            let v = if hi <= n0 {
                self.elem(&la, e, loc, op)?
            } else if lo >= n0 && (uniform(&lb) || n0 % threads == 0) {
                self.elem(&lb, (lo - n0) / threads, loc, op)?
            } else if uniform(&la) && uniform(&lb) {
                let (x, y) = (self.elem(&la, e, loc, op)?, self.elem(&lb, 0, loc, op)?);
                let i32t = self.i32t;
                let idx = self.index(per, e, i32t);
                let bound = self.const_int(i32t, n0 as i64, loc);
                let i1 = self.i1;
                let first = self.b(loc).value(
                    tas::CmpI::name_sym(),
                    &[idx, bound],
                    i1,
                    &[(sym!(tas::CmpI::PREDICATE), AttrData::Str("ult".into()))],
                );
                self.b(loc)
                    .value(tas::Select::name_sym(), &[first, x, y], elem, &[])
            } else {
                return Err(self.unsupported(
                    op,
                    "the second operand's elements are owned by other threads than the result's (a shared-memory exchange this lowering does not do)",
                ));
            };
            vs.push(v);
        }
        Ok(Lowered::Owned(vs))
    }

    fn lower_broadcast(&mut self, op: Op) -> LResult<Lowered> {
        let loc = self.m.op_loc(op);
        let x = self.m.operands(op)[0];
        let src = self.get(x, op)?;
        let (dims, _) = self.result_tile(op)?;
        let src_dims = tile_info(self.m, self.m.value_type(x))
            .map(|i| i.dims)
            .unwrap_or_default();
        match src {
            Lowered::Uniform(s) | Lowered::Splat(s) => Ok(Self::uniform(s, &dims)),
            Lowered::Token => Err(self.unsupported(op, "a token is used as a tile")),
            l => {
                let Some(local) = broadcast_map(&src_dims, &dims, self.threads) else {
                    return self.broadcast_shared(op, (x, l), &src_dims, &dims);
                };
                let vs = local
                    .into_iter()
                    .map(|s| self.elem(&l, s, loc, op))
                    .collect::<LResult<_>>()?;
                Ok(Lowered::Owned(vs))
            }
        }
    }
}

impl Lower<'_> {
    /// A broadcast whose result elements' sources are other threads' (`(8, 1) → (8, 64)`): the
    /// source's shared-memory image, each result element reading its source element (the
    /// broadcast dimensions at 0, [`Lower::gather`]). The ranks must match, as NVIDIA's
    /// broadcast has them.
    fn broadcast_shared(
        &mut self,
        op: Op,
        src: (Value, Lowered),
        src_dims: &[u64],
        dims: &[u64],
    ) -> LResult<Lowered> {
        let elem = tile_info(self.m, self.m.value_type(src.0)).map(|i| i.elem);
        let (Some(elem), true) = (elem, src_dims.len() == dims.len()) else {
            return Err(self.unsupported(
                op,
                format!(
                    "broadcasting a distributed tile<{}> to tile<{}> of another rank needs elements owned by other threads",
                    shape(src_dims),
                    shape(dims)
                ),
            ));
        };
        // The source's row-major strides; a broadcast dimension (size 1) walks nothing.
        let mut walk = super::exchange::strides(src_dims);
        for (w, &n) in walk.iter_mut().zip(src_dims) {
            if n == 1 {
                *w = 0;
            }
        }
        self.gather(op, src, src_dims, elem, dims, None, &walk)
    }
}

fn shape(dims: &[u64]) -> String {
    dims.iter().map(|d| format!("{d}x")).collect::<String>() + "T"
}

/// For a broadcast from `src` to `dst` dims over `threads` threads (cyclic layout): for each
/// owned result element `e`, the owned source element that holds its value — when every thread
/// owns the source elements of its result elements at the same local positions (else None).
fn broadcast_map(src: &[u64], dst: &[u64], threads: u64) -> Option<Vec<u64>> {
    if src.len() > dst.len() {
        return None;
    }
    let mut s = vec![1u64; dst.len() - src.len()];
    s.extend_from_slice(src);
    if s.iter().zip(dst).any(|(a, b)| *a != 1 && a != b) {
        return None;
    }
    let (ns, nd) = (s.iter().product::<u64>(), dst.iter().product::<u64>());
    let (ps, pd) = (ns.div_ceil(threads), nd.div_ceil(threads));
    let mut local: Vec<Option<u64>> = vec![None; pd as usize];
    for t in 0..threads {
        for e in 0..pd {
            let r = e * threads + t;
            if r >= nd {
                continue;
            }
            // The source element of result element r: its multi-index with broadcast dims at 0.
            let (mut rem, mut src_idx, mut stride) = (r, 0u64, 1u64);
            for d in (0..dst.len()).rev() {
                let i = rem % dst[d];
                rem /= dst[d];
                if s[d] != 1 {
                    src_idx += i * stride;
                }
                stride *= s[d];
            }
            if src_idx % threads != t || src_idx / threads >= ps {
                return None;
            }
            let l = src_idx / threads;
            match local[e as usize] {
                None => local[e as usize] = Some(l),
                Some(x) if x != l => return None,
                _ => {}
            }
        }
    }
    Some(local.into_iter().map(|l| l.unwrap_or(0)).collect())
}

/// A constant's value with the element type's width (a tile constant may spell `1 : i32` for an
/// i32 tile or `1.0 : f32` for an f32 tile; an integer literal for a float tile becomes a float).
fn retype_number(m: &mut tilec_ir::Module, v: AttrData, elem: Type) -> AttrData {
    match (v, m.type_data(elem).clone()) {
        (AttrData::Int { value, .. }, TypeData::Float(k)) => AttrData::float(value as f64, k, elem),
        (AttrData::Int { value, .. }, _) => AttrData::Int { value, ty: elem },
        (AttrData::Float { bits, kind, .. }, TypeData::Float(k)) => {
            AttrData::float(kind.value_of(bits), k, elem)
        }
        (other, _) => other,
    }
}

#[cfg(test)]
mod tests {
    use super::broadcast_map;

    #[test]
    fn broadcast_along_a_dimension_each_thread_owns() {
        // 1x128 → 2x128 on 128 threads (cyclic): thread t owns column t of every row, and
        // column t of the source.
        assert_eq!(broadcast_map(&[1, 128], &[2, 128], 128), Some(vec![0, 0]));
        // 1x64 → 4x64 on 64 threads: 4 result elements per thread, one source element.
        assert_eq!(
            broadcast_map(&[1, 64], &[4, 64], 64),
            Some(vec![0, 0, 0, 0])
        );
    }

    #[test]
    fn broadcast_that_needs_other_threads_elements() {
        // 128x1 → 128x2: result element t (row t/2) is owned by thread t, its source row t/2 by
        // thread t/2.
        assert_eq!(broadcast_map(&[128, 1], &[128, 2], 128), None);
        // Incompatible shapes.
        assert_eq!(broadcast_map(&[3], &[4], 128), None);
    }
}
