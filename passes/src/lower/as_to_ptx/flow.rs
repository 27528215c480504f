//! `lower-as-to-ptx` for what `lower-aa-to-as` emits beyond the memory and sync ops: structured
//! loops (`for`, `while`), `select`, float comparisons (`cmpf`), the remaining arithmetic
//! (`divsi divui remsi remui`, and `maxf minf` with their `.ftz`/`.NaN` forms), special registers (`block_id`, `num_blocks`,
//! `num_threads`, `lane_id`, `cluster_ctarank`, `cluster_id`, `warp_id` = tid.x >> 5, and any of
//! them or `thread_id` as i64) and `gep`. Kept apart from the memory
//! and sync lowering of the parent module.
//!
//! - Loops are uniform (every thread runs every iteration), so the back edge is `bra.uni`.
//!   Loop-carried values live in registers declared by `ptx.reg` and written by `ptx.mov`.
//! - `for(lb, ub, step, inits…)`: `iv = lb`; head: `setp.lt.s iv, ub` (signed), exit when
//!   false; body; carried ← yields; `iv += step`; `bra.uni` head.
//! - `while(inits…)` (first region: the condition, yielding `(i1, values…)`; second: the body
//!   on those values, yielding the next carried values): carried ← inits; head: condition;
//!   results ← its values; exit when the i1 is false; body; carried ← yields; `bra.uni` head.
//!   The results are the values of the last condition.
//! - `select(c, a, b)`: `selp.T d, a, b, c` for 32/64-bit integers and f32/f64; for predicates
//!   and 16-bit floats `r = b; @!c bra L; r = a; L:`.
//! - `gep(base, i)` on a 64-bit base with an i32 index (signed): `mad.wide.u32 d, i, size, base`
//!   when `i` is provably non-negative (built from thread/block ids and non-negative constants
//!   by `addi`/`muli`/…: every index the tile lowering forms itself); otherwise the sign is
//!   handled with the ops the ptx dialect has (no `cvt` yet): `mad.wide.u32` of `i ^ 0x80000000`
//!   (= i + 2^31 as unsigned) then `add.s64` of `-2^31 * size`. An i64 index: `mul.lo.s64` +
//!   `add.s64`; a 32-bit (shared) base: `mul.lo.s32` + `add.s32`.
//! - `divui`/`remui`: by a constant, multiply-high and shifts ([`super::divide`]); else
//!   ptx.binary's `div.u`/`rem.u` (`div.u32`, `rem.u32`); `divsi`/`remsi`: `div`/`rem`
//!   (`div.s32`, `rem.s32`).
//! - A special register read as i64 is zero-extended with `mad.wide.u32 d, r, 1, 0`.

use super::{reg_type, LResult, Lower};
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::{self as tas, OpKind};
use tilec_dialects::ptx;
use tilec_ir::{sym, AttrData, Dict, Loc, Module, Op, OpView, Sym, Type, TypeData, Value};

/// Whether [`Lower::op_ext`] lowers the nv_tileas op `op` (of kind `kind`).
pub(super) fn handles(m: &Module, op: Op, kind: OpKind) -> bool {
    use OpKind as K;
    match kind {
        K::For
        | K::While
        | K::Select
        | K::CmpF
        | K::BlockId
        | K::NumBlocks
        | K::NumThreads
        | K::LaneId
        | K::WarpId
        | K::ClusterCtaRank
        | K::ClusterId
        | K::DivSI
        | K::DivUI
        | K::RemSI
        | K::RemUI
        | K::MaxF
        | K::MinF
        | K::Gep => true,
        K::ThreadId => m
            .results(op)
            .next()
            .is_some_and(|r| !matches!(m.type_data(m.value_type(r)), TypeData::Int(32))),
        _ => false,
    }
}

/// The `selp` type of a selected value's register: 32- and 64-bit integers, pointers and f32/f64
/// (predicates and 16-bit floats keep the branch: `selp` has no `.pred` form, and a half's
/// register holds bits the printer must not compute on).
fn selp_type(m: &Module, t: Type) -> Option<&'static str> {
    match m.type_data(t) {
        TypeData::Int(32) => Some("b32"),
        TypeData::Int(64) | TypeData::Index => Some("b64"),
        TypeData::Float(tilec_ir::FloatKind::F32) => Some("f32"),
        TypeData::Float(tilec_ir::FloatKind::F64) => Some("f64"),
        _ => None,
    }
}

impl Lower<'_> {
    pub(super) fn reg(&mut self, t: Type, loc: Loc) -> Value {
        self.b(loc).value(ptx::Reg::name_sym(), &[], t, &[])
    }

    pub(super) fn mov(&mut self, dst: Value, src: Value, loc: Loc) {
        self.b(loc).op(ptx::Mov::name_sym(), &[dst, src], &[], &[]);
    }

    pub(super) fn put_label(&mut self, name: &str, loc: Loc) {
        let label = self.b(loc).op(ptx::Label::name_sym(), &[], &[], &[]);
        ptx::Label(label).set_name(self.m, name.to_string());
    }

    pub(super) fn branch(&mut self, pred: Option<Value>, negate: bool, label: &str, loc: Loc) {
        let mut attrs = vec![(sym!(ptx::Bra::LABEL), AttrData::Str(label.into()))];
        if negate {
            attrs.push((sym!(ptx::Bra::NEGATE), AttrData::Unit));
        }
        self.b(loc)
            .op(ptx::Bra::name_sym(), pred.as_slice(), &[], &attrs);
    }

    pub(super) fn binary(
        &mut self,
        opcode: &'static str,
        a: Value,
        b: Value,
        t: Type,
        loc: Loc,
    ) -> Value {
        let attrs = self.opcode_dict(opcode);
        self.b(loc)
            .value_with_dict(ptx::Binary::name_sym(), &[a, b], t, attrs)
    }

    pub(super) fn imm(&mut self, t: Type, v: i64, loc: Loc) -> Value {
        let attrs = self.int_dict(sym!(ptx::MovImm::VALUE), v, t);
        self.b(loc)
            .value_with_dict(ptx::MovImm::name_sym(), &[], t, attrs)
    }

    /// `{key = v : t}`, uniqued once per kernel (immediates repeat: offsets, masks, sizes).
    pub(super) fn int_dict(&mut self, key: Sym, v: i64, t: Type) -> Dict {
        if let Some(&d) = self.int_dicts.get(&(key, v, t)) {
            return d;
        }
        let a = self.m.attr(AttrData::Int { value: v, ty: t });
        let d = self.m.dict(&[(key, a)]);
        self.int_dicts.insert((key, v, t), d);
        d
    }

    /// Writes `src` into the loop registers `dst` as one parallel copy (through temporaries when
    /// a source is itself one of the destinations).
    fn parallel_mov(&mut self, dst: &[Value], src: &[Value], loc: Loc) {
        let hazard = src.iter().any(|s| dst.contains(s));
        let src: Vec<Value> = if hazard {
            src.iter()
                .map(|s| {
                    let t = self.m.value_type(*s);
                    let r = self.reg(t, loc);
                    self.mov(r, *s, loc);
                    r
                })
                .collect()
        } else {
            src.to_vec()
        };
        for (d, s) in dst.iter().zip(src) {
            self.mov(*d, s, loc);
        }
    }

    /// Lowers `op` (one of [`handles`]) and maps its results.
    pub(super) fn op_ext(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<()> {
        use OpKind as K;
        let results: Vec<Value> = match kind {
            K::For => self.lower_for(op, operands, result_types, loc)?,
            K::While => self.lower_while(op, operands, result_types, loc)?,
            K::Select if selp_type(self.m, result_types[0]).is_some() => {
                // selp.T d, a, b, c: d = c ? a : b (PTX ISA 9.7.8.3), no branch.
                let ty = selp_type(self.m, result_types[0]).unwrap_or("b32");
                vec![self.b(loc).value(
                    ptx::Math::name_sym(),
                    &[operands[1], operands[2], operands[0]],
                    result_types[0],
                    &[(
                        sym!(ptx::Math::OPCODE),
                        AttrData::Str(format!("selp.{ty}").into()),
                    )],
                )]
            }
            K::Select => {
                let r = self.reg(result_types[0], loc);
                self.mov(r, operands[2], loc);
                let skip = self.label();
                self.branch(Some(operands[0]), true, &skip, loc);
                self.mov(r, operands[1], loc);
                self.put_label(&skip, loc);
                vec![r]
            }
            K::CmpF => {
                let cmp = tas::CmpF(op).predicate(self.m).unwrap_or("oeq").to_string();
                vec![self.b(loc).value(
                    ptx::Setp::name_sym(),
                    operands,
                    result_types[0],
                    &[(sym!(ptx::Setp::CMP), AttrData::Str(cmp.into()))],
                )]
            }
            K::ThreadId
            | K::BlockId
            | K::NumBlocks
            | K::NumThreads
            | K::LaneId
            | K::ClusterCtaRank
            | K::ClusterId => {
                let m = &*self.m;
                let axis = |dim: i64| ["x", "y", "z"].get(dim as usize).copied().unwrap_or("x");
                let reg = match kind {
                    K::ThreadId => format!("tid.{}", axis(tas::ThreadId(op).dim(m))),
                    K::BlockId => format!("ctaid.{}", axis(tas::BlockId(op).dim(m))),
                    K::NumBlocks => format!("nctaid.{}", axis(tas::NumBlocks(op).dim(m))),
                    K::NumThreads => format!("ntid.{}", axis(tas::NumThreads(op).dim(m))),
                    K::ClusterId => format!("clusterid.{}", axis(tas::ClusterId(op).dim(m))),
                    K::LaneId => "laneid".into(),
                    _ => "cluster_ctarank".into(),
                };
                let i32t = self.i32t;
                let r = self.b(loc).value(
                    ptx::MovSreg::name_sym(),
                    &[],
                    i32t,
                    &[(sym!(ptx::MovSreg::REG), AttrData::Str(reg.into()))],
                );
                vec![self.widen(r, result_types[0], op, loc)?]
            }
            // %warpid is not stable (the PTX ISA: a thread's warp may move); the model's warp is
            // tid.x / 32, the warp `warp_role` selects.
            K::WarpId => {
                let tid = self.tid();
                let i32t = self.i32t;
                let five = self.imm(i32t, 5, loc);
                let w = self.binary("shr.u", tid, five, i32t, loc);
                vec![self.widen(w, result_types[0], op, loc)?]
            }
            K::Gep => vec![self.gep(op, operands, result_types[0], loc)?],
            K::MaxF | K::MinF => vec![self.min_max(op, kind, operands, result_types[0], loc)],
            _ => {
                let (x, t) = (operands[0], result_types[0]);
                vec![match self.by_constant(op, kind, x, t, loc) {
                    Some(v) => v,
                    None => {
                        let opcode = match kind {
                            K::DivSI => "div",
                            K::DivUI => "div.u",
                            K::RemSI => "rem",
                            _ => "rem.u",
                        };
                        self.binary(opcode, x, operands[1], t, loc)
                    }
                }]
            }
        };
        self.map_results(op, results);
        Ok(())
    }

    /// `maxf`/`minf`: PTX `max`/`min`, IEEE 754-2019's maximumNumber/minimumNumber (NaN only
    /// when both are; +0.0 above -0.0), `.ftz` for `flush_to_zero` and `.NaN` for
    /// `propagate_nan` (maximum/minimum: NaN when either is). PTX ISA, "Floating Point
    /// Instructions: max": `max{.ftz}{.NaN}{.xorsign.abs}.f32`, `.NaN` from PTX 7.0 on sm_80
    /// (the ISA table's `max.NaN` row), and `max.f64` with no `.NaN`: there `propagate_nan` is
    /// [`Lower::nan_if_either`] around the plain form.
    fn min_max(&mut self, op: Op, kind: OpKind, ops: &[Value], t: Type, loc: Loc) -> Value {
        let m = &*self.m;
        let flag = |key: &str| m.get_attr(op, Sym::new(key)).is_some();
        let (ftz, nan) = (
            flag(tas::MaxF::FLUSH_TO_ZERO),
            flag(tas::MaxF::PROPAGATE_NAN),
        );
        let f64 = matches!(m.type_data(t), TypeData::Float(tilec_ir::FloatKind::F64));
        let opcode = if kind == OpKind::MaxF { "max" } else { "min" };
        let mut attrs = vec![(sym!(ptx::Binary::OPCODE), AttrData::Str(opcode.into()))];
        if ftz {
            attrs.push((sym!(ptx::Binary::FTZ), AttrData::Unit));
        }
        if nan && !f64 {
            attrs.push((sym!(ptx::Binary::NAN), AttrData::Unit));
        }
        let r = self
            .b(loc)
            .value(ptx::Binary::name_sym(), &[ops[0], ops[1]], t, &attrs);
        if nan && f64 {
            return self.nan_if_either(ops[0], ops[1], r, t, loc);
        }
        r
    }

    /// `r`, or the canonical NaN where `a` or `b` is NaN: `setp.nan.f64 p, a, b` (true when
    /// either is NaN) and `selp.f64 d, NaN, r, p`: exactly `max.NaN`'s result for f64, whose
    /// `max` has no `.NaN` form. The NaN is the one PTX's arithmetic returns (all ones but the
    /// sign: 0x7FFFFFFFFFFFFFFF), as `max.NaN.f32` returns 0x7FFFFFFF.
    fn nan_if_either(&mut self, a: Value, b: Value, r: Value, t: Type, loc: Loc) -> Value {
        let pred_t = self.m.int_type(1);
        let p = self.b(loc).value(
            ptx::Setp::name_sym(),
            &[a, b],
            pred_t,
            &[(sym!(ptx::Setp::CMP), AttrData::Str("uno".into()))],
        );
        let bits = 0x7FFF_FFFF_FFFF_FFFF;
        let nan = AttrData::Float {
            bits,
            kind: tilec_ir::FloatKind::F64,
            ty: t,
        };
        let n = self.b(loc).value(
            ptx::MovImm::name_sym(),
            &[],
            t,
            &[(sym!(ptx::MovImm::VALUE), nan)],
        );
        self.b(loc).value(
            ptx::Math::name_sym(),
            &[n, r, p],
            t,
            &[(sym!(ptx::Math::OPCODE), AttrData::Str("selp.f64".into()))],
        )
    }

    /// A u32 as type `t` (i32 as is; i64 zero-extended).
    fn widen(&mut self, r: Value, t: Type, op: Op, loc: Loc) -> LResult<Value> {
        match self.m.type_data(t) {
            TypeData::Int(32) => Ok(r),
            TypeData::Int(64) => {
                let zero = self.imm(t, 0, loc);
                let i64t = self.i64t;
                Ok(self.b(loc).value(
                    ptx::MadWide::name_sym(),
                    &[r, zero],
                    t,
                    &[(
                        sym!(ptx::MadWide::IMM),
                        AttrData::Int { value: 1, ty: i64t },
                    )],
                ))
            }
            _ => Err(self.unsupported(op, "special registers are read as i32 or i64")),
        }
    }

    fn gep(&mut self, op: Op, operands: &[Value], rt: Type, loc: Loc) -> LResult<Value> {
        let eb = tas::Gep(op).elem_bytes(self.m).unwrap_or(1);
        let (base, idx) = (operands[0], operands[1]);
        let base_t = self.m.value_type(base);
        let idx_t = self.m.value_type(idx);
        let wide_base = matches!(self.m.type_data(base_t), TypeData::Int(64));
        let i64t = self.i64t;
        let mad = |lw: &mut Self, a: Value, b: Value| {
            let attrs = lw.int_dict(sym!(ptx::MadWide::IMM), eb, i64t);
            lw.b(loc)
                .value_with_dict(ptx::MadWide::name_sym(), &[a, b], rt, attrs)
        };
        match (wide_base, self.m.type_data(idx_t)) {
            (true, TypeData::Int(32)) => {
                let orig = self.m.operands(op)[1];
                if self.non_negative(orig, 16) {
                    return Ok(mad(self, idx, base));
                }
                // sext(i) * size = zext(i ^ 0x80000000) * size - 2^31 * size.
                let flip = self.imm(idx_t, i64::from(i32::MIN), loc);
                let x = self.binary("xor", idx, flip, idx_t, loc);
                let w = mad(self, x, base);
                let back = self.imm(i64t, -(1i64 << 31) * eb, loc);
                Ok(self.binary("add", w, back, rt, loc))
            }
            (true, TypeData::Int(64)) | (false, TypeData::Int(32)) => {
                let c = self.imm(idx_t, eb, loc);
                let off = self.binary("mul", idx, c, idx_t, loc);
                Ok(self.binary("add", base, off, rt, loc))
            }
            _ => Err(self.unsupported(op, "the index must be i32, or i64 on a 64-bit pointer")),
        }
    }

    /// Whether the nv_tileas integer `v` is known to be non-negative (as a signed number): special
    /// registers, non-negative constants, the induction variable of a `for` counting up from a
    /// non-negative bound, and `addi`/`muli`/`divsi`/`remsi`/`divui`/`remui`/
    /// `shrui`/`andi` of such values (within `depth` ops). Sums and products are assumed not to
    /// overflow (they are thread and element indices, far below 2^31).
    fn non_negative(&mut self, v: Value, depth: u32) -> bool {
        // Indices share their subexpressions (thread and block ids, strides): each is proved
        // once per depth, not once per gep that uses it.
        if let Some(&known) = self.non_negative.get(&(v, depth)) {
            return known;
        }
        let known = self.prove_non_negative(v, depth);
        self.non_negative.insert((v, depth), known);
        known
    }

    /// [`Lower::non_negative`], not memoized.
    fn prove_non_negative(&mut self, v: Value, depth: u32) -> bool {
        let m = &*self.m;
        let Some(d) = m.defining_op(v) else {
            return self.non_negative_counter(v, depth);
        };
        let Some(kind) = OpKind::of(m, d) else {
            return false;
        };
        let ops: SmallVec<[Value; 2]> = m.operands(d).iter().take(2).copied().collect();
        let rec = |lw: &mut Self, i: usize| {
            depth > 0 && ops.get(i).is_some_and(|x| lw.non_negative(*x, depth - 1))
        };
        use OpKind as K;
        match kind {
            K::ThreadId
            | K::BlockId
            | K::NumBlocks
            | K::NumThreads
            | K::LaneId
            | K::WarpId
            | K::ClusterCtaRank
            | K::ClusterId => true,
            K::Constant => tas::Constant(d).int_value(m).is_some_and(|v| v >= 0),
            K::AddI | K::MulI | K::DivSI | K::RemSI | K::DivUI | K::RemUI => {
                rec(self, 0) && rec(self, 1)
            }
            K::ShRUI => rec(self, 0),
            K::AndI => rec(self, 0) || rec(self, 1),
            _ => false,
        }
    }

    /// A `for`'s induction variable counts up from a non-negative lower bound by a
    /// non-negative step (and, like the sums above, is assumed not to overflow).
    fn non_negative_counter(&mut self, v: Value, depth: u32) -> bool {
        let m = &*self.m;
        let tilec_ir::ValueDef::Arg(b, 0) = m.value_def(v) else {
            return false;
        };
        let Some(l) = m.block_parent(b).and_then(|r| m.region_parent(r)) else {
            return false;
        };
        let ops = m.operands(l);
        if !tas::For::is(m, l) || depth == 0 || ops.len() < 3 {
            return false;
        }
        let (lb, step) = (ops[0], ops[2]);
        self.non_negative(lb, depth - 1) && self.non_negative(step, depth - 1)
    }

    fn lower_for(
        &mut self,
        op: Op,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<Vec<Value>> {
        let Some(body) = self
            .m
            .regions(op)
            .first()
            .and_then(|r| self.m.entry_block(*r))
        else {
            return Err(self.unsupported(op, "no body"));
        };
        let (lb, ub, step) = (operands[0], operands[1], operands[2]);
        let iv_t = self.m.value_type(lb);
        let iv = self.reg(iv_t, loc);
        self.mov(iv, lb, loc);
        let carried: Vec<Value> = result_types.iter().map(|t| self.reg(*t, loc)).collect();
        self.parallel_mov(&carried, &operands[3..], loc);
        let (head, exit) = (self.label(), self.label());
        self.put_label(&head, loc);
        let i1 = self.i1;
        let more = self.b(loc).value(
            ptx::Setp::name_sym(),
            &[iv, ub],
            i1,
            &[(sym!(ptx::Setp::CMP), AttrData::Str("slt".into()))],
        );
        self.branch(Some(more), true, &exit, loc);
        let args = self.m.block_args(body).to_vec();
        self.map.insert(args[0], iv);
        for (a, r) in args[1..].iter().zip(&carried) {
            self.map.insert(*a, *r);
        }
        let ys = self.block(body)?;
        self.parallel_mov(&carried, &ys, loc);
        let next = self.binary("add", iv, step, iv_t, loc);
        self.mov(iv, next, loc);
        self.branch(None, false, &head, loc);
        self.put_label(&exit, loc);
        Ok(carried)
    }

    fn lower_while(
        &mut self,
        op: Op,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<Vec<Value>> {
        let regions = self.m.regions(op).to_vec();
        let blocks: Vec<_> = regions
            .iter()
            .filter_map(|r| self.m.entry_block(*r))
            .collect();
        let [cond, body] = blocks[..] else {
            return Err(self.unsupported(op, "a while needs two regions with a block each"));
        };
        let cargs = self.m.block_args(cond).to_vec();
        let ctys: Vec<Type> = cargs
            .iter()
            .map(|a| {
                let t = self.m.value_type(*a);
                reg_type(self.m, t)
            })
            .collect();
        let carried: Vec<Value> = ctys.iter().map(|t| self.reg(*t, loc)).collect();
        let after: Vec<Value> = result_types.iter().map(|t| self.reg(*t, loc)).collect();
        self.parallel_mov(&carried, operands, loc);
        let (head, exit) = (self.label(), self.label());
        self.put_label(&head, loc);
        for (a, r) in cargs.iter().zip(&carried) {
            self.map.insert(*a, *r);
        }
        let ys = self.block(cond)?;
        let Some((&go, vals)) = ys.split_first() else {
            return Err(self.unsupported(op, "the condition region yields no i1"));
        };
        for (r, v) in after.iter().zip(vals) {
            self.mov(*r, *v, loc);
        }
        self.branch(Some(go), true, &exit, loc);
        for (a, r) in self.m.block_args(body).to_vec().iter().zip(&after) {
            self.map.insert(*a, *r);
        }
        let ys = self.block(body)?;
        self.parallel_mov(&carried, &ys, loc);
        self.branch(None, false, &head, loc);
        self.put_label(&exit, loc);
        Ok(after)
    }
}
