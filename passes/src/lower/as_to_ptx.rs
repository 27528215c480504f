//! `lower-as-to-ptx`: nv_tileas (SIMT, structured) → ptx (one op per instruction, flat).
//!
//! - kernel parameters become `ld.param` (+ `cvta.to.global` for global pointers);
//! - `elect` runs on thread 0: `setp.ne` + predicated branch around the region;
//! - `if` becomes branches; its results live in registers declared by `ptx.reg` and written by
//!   `ptx.mov` in each arm;
//! - memory ops keep their (space, semantic, scope); `sc` has no PTX access form, so it is
//!   printed as `fence.sc.S` followed by the access with acquire (ld), release (st) or acq_rel
//!   (atom) — SYNC-MODEL.md §1;
//! - a split `fence.acquire`/`fence.release` needs PTX 8.6 and sm_90: on other targets, or with
//!   a lower `--ptx-isa`, it is widened to `fence.acq_rel` (stronger, never weaker).

mod convert;
mod divide;
mod flow;
mod libm;
mod math;
mod pred;
mod sync;
mod wgmma;

use crate::dense::{self, DenseMap};
use crate::Cx;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tilec_dialects::nv_tileas::{self as tas, OpKind};
use tilec_dialects::opdef;
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_dialects::ptx::form::{self, Instr};
use tilec_dialects::ptx::{self, OpKind as PtxKind};
use tilec_dialects::types::ptr_info;
use tilec_ir::pass::Pass;
use tilec_ir::{
    sym, Attr, AttrData, Block, Builder, Diagnostic, Diagnostics, Dict, Loc, MemSemantic, Module,
    Op, OpView, Space, Sym, Type, Value,
};

/// The pass.
pub struct LowerAsToPtx;

impl Pass<Cx> for LowerAsToPtx {
    fn name(&self) -> &'static str {
        "lower-as-to-ptx"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::LowerInvalid
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        for k in m.top_ops() {
            if tas::Kernel::is(m, k) {
                if let Err(e) = lower_kernel(m, k, cx) {
                    d.push(*e);
                }
            } else if tas::Global::is(m, k) {
                crate::lower::renamed(m, k, ptx::Global::name_sym());
            }
        }
        d
    }
}

type LResult<T> = Result<T, Box<Diagnostic>>;

struct Lower<'a> {
    m: &'a mut Module,
    /// The dialect the user wrote ([`crate::Cx::source`]).
    source: Option<tilec_dialects::Dialect>,
    body: Block,
    /// The ptx value of each nv_tileas value.
    map: DenseMap<Value, Value>,
    tid: Option<Value>,
    labels: u32,
    split_fences: bool,
    /// The target has `cvt.rn.bf16x2.f32` (sm_80 on).
    sm80: bool,
    /// The scalar types the lowering makes everywhere (uniqued once, not per op).
    i1: Type,
    i32t: Type,
    i64t: Type,
    /// Caches of what most ops need: the register type of each value type, the ptx op of each
    /// instruction, the attributes of each `ptx.binary` opcode.
    reg_types: FxHashMap<Type, Type>,
    instr_names: FxHashMap<Instr, Sym>,
    opcodes: FxHashMap<&'static str, Dict>,
    /// One-integer attribute dictionaries ([`Lower::int_dict`]) and proofs that an index is
    /// not negative (`flow`'s `non_negative`, by value and depth).
    int_dicts: FxHashMap<(Sym, i64, Type), Dict>,
    non_negative: FxHashMap<(Value, u32), bool>,
}

/// Attribute entries (key, uniqued attribute) of a dictionary being built.
type Entries = SmallVec<[(Sym, Attr); 4]>;

/// The kernel's `alloc_shared`s (each placed at its alignment) fit the target's static shared
/// memory; ptxas rejects the PTX otherwise.
fn check_static_shared(m: &Module, k: Op, target: &tilec_dialects::target::Target) -> LResult<()> {
    let total = tas::views::shared_total(m, m.nested_ops(k));
    let mut largest: Option<(u64, Op)> = None;
    for op in m.nested_ops(k) {
        if let Some(a) = tas::AllocShared::cast(m, op) {
            let size = a.size(m).unwrap_or(0).max(0) as u64;
            if largest.is_none_or(|(s, _)| size > s) {
                largest = Some((size, op));
            }
        }
    }
    let max = target.max_static_shared();
    match largest {
        Some((_, op)) if total > max => Err(Box::new(
            Diagnostic::error(
                m.op_loc(k),
                format!(
                    "the kernel declares {total} bytes of shared memory; {} allows at most {max} bytes of static shared memory per kernel",
                    target.name()
                ),
            )
            .with_note(m.op_loc(op), "its largest shared allocation")
            .with_code(tilec_ir::DiagCode::TargetLimit),
        )),
        _ => Ok(()),
    }
}

fn lower_kernel(m: &mut Module, k: Op, cx: &Cx) -> LResult<()> {
    let loc = m.op_loc(k);
    let Some(old) = m.regions(k).first().and_then(|r| m.entry_block(*r)) else {
        return Err(Box::new(Diagnostic::error(
            loc,
            format!("{} has no body", tas::Kernel::NAME),
        )));
    };
    check_static_shared(m, k, &cx.target)?;
    // ptxas: "Entry function … uses too much parameter space (…, 0x7ffc max)".
    let params = crate::verify::target::param_bytes(m, k);
    if params > 0x7ffc {
        return Err(Box::new(
            Diagnostic::error(
                loc,
                format!("the kernel's parameters take {params} bytes; PTX allows at most 32764 bytes of kernel parameters"),
            )
            .with_code(tilec_ir::DiagCode::TargetLimit),
        ));
    }
    let args = m.block_args(old).to_vec();
    for &a in &args {
        if matches!(m.type_data(m.value_type(a)), tilec_ir::TypeData::Int(1)) {
            return Err(Box::new(Diagnostic::error(
                m.value_loc(a),
                "a kernel parameter of type i1 cannot be lowered: PTX has no .pred parameters (pass an i32 and compare it)",
            )));
        }
    }
    let mut param_types = Vec::new();
    for &a in &args {
        let t = m.value_type(a);
        // A tensor map stays a 128-byte parameter; its value is the map's address.
        let t = if tilec_dialects::types::is_tensormap(m, t) {
            tilec_dialects::types::tensormap(m, "ptx")
        } else {
            reg_type(m, t)
        };
        let ta = m.attr(AttrData::Type(t));
        param_types.push(ta);
    }
    // The kernel's name, thread count, cluster shape and occupancy carry over under their keys.
    let mut attrs: Vec<(Sym, AttrData)> = Vec::new();
    for key in [
        tas::Kernel::SYM_NAME,
        tas::Kernel::NUM_THREADS,
        tas::Kernel::CLUSTER_DIMS,
        tas::Kernel::MIN_CTAS_PER_SM,
        tas::Kernel::TENSOR_MAPS,
        tas::Kernel::TENSOR_MAPS_OK,
    ] {
        if let Some(a) = m.get_attr(k, Sym::new(key)) {
            attrs.push((Sym::new(key), a.clone()));
        }
    }
    attrs.insert(
        1,
        (
            sym!(ptx::Kernel::PARAM_TYPES),
            AttrData::Array(param_types.into()),
        ),
    );
    let kernel =
        Builder::before(m, k, loc).op_with_regions(ptx::Kernel::name_sym(), &[], &[], &attrs, 1);
    let r = m.regions(kernel)[0];
    let body = m.append_block(r, &[]);
    let split_fences = form::split_fences(&cx.target);
    let (i1, i32t, i64t) = (m.int_type(1), m.int_type(32), m.int_type(64));
    let values = dense::kernel_ranges(m, old).0;
    let mut lw = Lower {
        m,
        source: cx.source,
        body,
        map: DenseMap::new(values),
        tid: None,
        labels: 0,
        split_fences,
        sm80: cx.target.sm >= 80,
        i1,
        i32t,
        i64t,
        reg_types: FxHashMap::default(),
        instr_names: FxHashMap::default(),
        opcodes: FxHashMap::default(),
        int_dicts: FxHashMap::default(),
        non_negative: FxHashMap::default(),
    };
    for (i, &a) in args.iter().enumerate() {
        let t = lw.m.value_type(a);
        let rt = reg_type(lw.m, t);
        let aloc = lw.m.value_loc(a);
        let mut b = Builder::at_end(lw.m, body, aloc);
        let v = b.value(
            ptx::LdParam::name_sym(),
            &[],
            rt,
            &[(
                sym!(ptx::LdParam::INDEX),
                AttrData::Int {
                    value: i as i64,
                    ty: i32t,
                },
            )],
        );
        let v = match ptr_info(b.m, t) {
            Some((Some(Space::Global), _)) => b.value(ptx::CvtaGlobal::name_sym(), &[v], rt, &[]),
            _ => v,
        };
        lw.map.insert(a, v);
    }
    lw.block(old)?;
    m.erase_op(k);
    Ok(())
}

/// The register type of a value type: pointers are 64-bit (global, generic) or 32-bit (shared,
/// TMEM).
fn reg_type(m: &mut Module, t: Type) -> Type {
    if tilec_dialects::types::is_tensormap(m, t) {
        return m.int_type(64);
    }
    match ptr_info(m, t) {
        Some((Some(Space::SharedCta | Space::SharedCluster | Space::Tmem), _)) => m.int_type(32),
        Some(_) => m.int_type(64),
        None => t,
    }
}

impl Lower<'_> {
    /// The error for an op this lowering cannot handle yet, in the user's terms.
    fn unsupported(&self, op: Op, why: impl std::fmt::Display) -> Box<Diagnostic> {
        crate::lower::cannot_lower("lower-as-to-ptx", self.m, op, why, self.source)
    }

    fn b(&mut self, loc: Loc) -> Builder<'_> {
        Builder::at_end(self.m, self.body, loc)
    }
    fn v(&self, v: Value, user: Op) -> LResult<Value> {
        self.map.get(v).copied().ok_or_else(|| {
            self.unsupported(user, "an operand comes from an op that was not lowered")
        })
    }
    fn label(&mut self) -> String {
        self.labels += 1;
        format!("$L__tilec_{}", self.labels)
    }
    fn tid(&mut self) -> Value {
        if let Some(t) = self.tid {
            return t;
        }
        let i32t = self.i32t;
        let reg = AttrData::Str("tid.x".into());
        // After the parameter loads, so every later use is dominated.
        let at = self.m.block_ops(self.body).find(|o| {
            !matches!(
                PtxKind::of(self.m, *o),
                Some(PtxKind::LdParam | PtxKind::CvtaGlobal)
            )
        });
        let attrs = [(sym!(ptx::MovSreg::REG), reg)];
        let t = match at {
            Some(o) => Builder::before(self.m, o, Loc::default()).value(
                ptx::MovSreg::name_sym(),
                &[],
                i32t,
                &attrs,
            ),
            None => self
                .b(Loc::default())
                .value(ptx::MovSreg::name_sym(), &[], i32t, &attrs),
        };
        self.tid = Some(t);
        t
    }

    fn block(&mut self, b: Block) -> LResult<Vec<Value>> {
        let mut yielded = Vec::new();
        // A cursor, not a copy of the block: lowering appends to the ptx kernel, never here.
        let mut next = self.m.first_op(b);
        while let Some(op) = next {
            next = self.m.next_op(op);
            if tas::Yield::is(self.m, op) {
                yielded = self
                    .m
                    .operands(op)
                    .iter()
                    .map(|v| self.v(*v, op))
                    .collect::<LResult<_>>()?;
                continue;
            }
            self.op(op)?;
        }
        Ok(yielded)
    }

    /// `op`'s attributes under `keys` (those it has), as the uniqued attributes they are.
    fn entries(&self, op: Op, keys: &[Sym]) -> Entries {
        let own = self.m.dict_entries(self.m.attrs(op));
        keys.iter()
            .filter_map(|k| own.iter().find(|e| e.0 == *k).copied())
            .collect()
    }

    /// The register type of value type `t` ([`reg_type`], cached).
    fn reg_type(&mut self, t: Type) -> Type {
        if let Some(&r) = self.reg_types.get(&t) {
            return r;
        }
        let r = reg_type(self.m, t);
        self.reg_types.insert(t, r);
        r
    }

    /// The ptx op of `instr`.
    fn instr_name(&mut self, instr: Instr) -> Sym {
        *self
            .instr_names
            .entry(instr)
            .or_insert_with(|| Sym::new(instr.ptx_op().name()))
    }

    /// `{opcode = "…"}` of a `ptx.binary`.
    fn opcode_dict(&mut self, opcode: &'static str) -> Dict {
        if let Some(&d) = self.opcodes.get(opcode) {
            return d;
        }
        let a = self.m.attr(AttrData::Str(opcode.into()));
        let d = self.m.dict(&[(sym!(ptx::Binary::OPCODE), a)]);
        self.opcodes.insert(opcode, d);
        d
    }

    /// `op`'s attributes under `keys` (those it has), as owned attributes.
    fn copy(&self, op: Op, keys: &[&str]) -> Vec<(Sym, AttrData)> {
        keys.iter()
            .filter_map(|k| {
                self.m
                    .get_attr(op, Sym::new(k))
                    .map(|a| (Sym::new(k), a.clone()))
            })
            .collect()
    }

    /// Lowers `op`: the ops of `pred.rs`, `flow.rs` and `sync.rs` there, the rest here.
    fn op(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let operands: SmallVec<[Value; 4]> = self
            .m
            .operands(op)
            .iter()
            .map(|v| self.v(*v, op))
            .collect::<LResult<_>>()?;
        let mut result_types: SmallVec<[Type; 2]> = SmallVec::new();
        for i in 0..self.m.num_results(op) {
            let t = self.m.value_type(self.m.result(op, i));
            result_types.push(self.reg_type(t));
        }
        let Some(kind) = OpKind::of(self.m, op) else {
            return Err(self.unsupported(op, "no lowering rule for this op"));
        };
        // Integer ops on i1 (predicate registers): see `pred.rs`.
        if pred::handles(self.m, op, kind) {
            return self.op_pred(op, kind, &operands, loc);
        }
        // Control flow, float compares, the remaining arithmetic, special registers and gep:
        // see `flow.rs`.
        if flow::handles(self.m, op, kind) {
            return self.op_ext(op, kind, &operands, &result_types, loc);
        }
        // Integer min/max/abs/high product and conversions: see `convert.rs`.
        if convert::handles(kind) {
            return self.op_convert(op, kind, &operands, result_types[0], loc);
        }
        // Float math: see `math.rs`.
        if math::handles(kind) {
            return self.op_math(op, kind, &operands, result_types[0], loc);
        }
        // Sync, async copies, tensor-core sync and warp roles: see `sync.rs`.
        if sync::handles(self.m, op, kind) {
            return self.op_sync(op, kind, &operands, &result_types, loc);
        }
        use OpKind as K;
        let new = match kind {
            K::ThreadId => self.thread_id(op, &result_types, loc),
            K::Constant => {
                let attrs = self.entries(op, &[sym!(tas::Constant::VALUE)]);
                let attrs = self.m.dict(&attrs);
                self.b(loc)
                    .op_with_dict(ptx::MovImm::name_sym(), &[], &result_types, attrs, 0)
            }
            K::AddI
            | K::SubI
            | K::MulI
            | K::AndI
            | K::OrI
            | K::XOrI
            | K::ShLI
            | K::ShRUI
            | K::ShRSI => self.arith(kind, &operands, &result_types, loc),
            K::AddF | K::SubF | K::MulF | K::DivF => {
                let modifiers = self.float_modifiers(op)?;
                let new = self.arith(kind, &operands, &result_types, loc);
                for (key, value) in modifiers {
                    self.m.set_attr(new, key, value);
                }
                new
            }
            K::MmaSync => {
                let ab = tas::MmaSync(op)
                    .ab_type(self.m)
                    .unwrap_or("f16")
                    .to_string();
                self.b(loc).op(
                    ptx::MmaSync::name_sym(),
                    &operands,
                    &result_types,
                    &[(sym!(ptx::MmaSync::AB_TYPE), AttrData::Str(ab.into()))],
                )
            }
            K::WgmmaMma => self.wgmma(op, &operands, &result_types, loc)?,
            K::CpAsync => self
                .b(loc)
                .op(ptx::CpAsync::name_sym(), &operands, &[], &[]),
            K::CpAsyncWaitAll => self
                .b(loc)
                .op(ptx::CpAsyncWaitAll::name_sym(), &[], &[], &[]),
            K::CpAsyncCommit => self
                .b(loc)
                .op(ptx::CpAsyncCommit::name_sym(), &[], &[], &[]),
            K::CpAsyncWait => {
                let pending = tas::CpAsyncWait(op).pending(self.m).unwrap_or(0);
                let i32t = self.i32t;
                let attr = AttrData::Int {
                    value: pending,
                    ty: i32t,
                };
                self.b(loc).op(
                    ptx::CpAsyncWait::name_sym(),
                    &[],
                    &[],
                    &[(sym!(ptx::CpAsyncWait::PENDING), attr)],
                )
            }
            K::ShflBfly => {
                let mask = tas::ShflBfly(op).lane_mask(self.m).unwrap_or(1);
                let i32t = self.i32t;
                self.b(loc).op(
                    ptx::Shfl::name_sym(),
                    &operands,
                    &result_types,
                    &[(
                        sym!(ptx::Shfl::LANE_MASK),
                        AttrData::Int {
                            value: mask,
                            ty: i32t,
                        },
                    )],
                )
            }
            K::ExtSI | K::ExtUI | K::TruncI => {
                self.int_cast(op, kind, &operands, &result_types, loc)?
            }
            K::CmpI => {
                let cmp = match self.entries(op, &[sym!(tas::CmpI::PREDICATE)]).first() {
                    Some(&(_, a)) => a,
                    None => self.m.attr(AttrData::Str("eq".into())),
                };
                let attrs = self.m.dict(&[(sym!(ptx::Setp::CMP), cmp)]);
                self.b(loc)
                    .op_with_dict(ptx::Setp::name_sym(), &operands, &result_types, attrs, 0)
            }
            K::Ld | K::St | K::Atom | K::Red => self.mem(op, &operands, &result_types, loc),
            K::Fence => self.fence(tas::Fence(op), loc),
            K::Barrier => self.bar_sync(op, loc),
            K::AllocShared => self.alloc_shared(op, &result_types, loc),
            K::Elect => return self.elect(op, loc),
            // A global pointer is its address in a 64-bit register already (whatever it points
            // to), and an address in a 64-bit register is that pointer (the global window is the
            // generic one: ptr_to_int gives what int_to_ptr takes).
            K::GetGlobal => {
                let attrs = self.m.attrs(op);
                let i64t = self.i64t;
                self.b(loc)
                    .op_with_dict(ptx::GetGlobal::name_sym(), &[], &[i64t], attrs, 0)
            }
            K::PtrToInt | K::PtrToPtr | K::IntToPtr => {
                self.map_results(op, [operands[0]]);
                return Ok(());
            }
            K::If => return self.lower_if(op, &operands, &result_types, loc),
            K::Return => self.b(loc).op(ptx::Ret::name_sym(), &[], &[], &[]),
            // Their ptx ops take the same operands and attribute (the format, the message).
            K::Printf | K::AssertFail => {
                let name = match kind {
                    K::Printf => ptx::Printf::name_sym(),
                    _ => ptx::AssertFail::name_sym(),
                };
                let attrs = self.m.attrs(op);
                self.b(loc).op_with_dict(name, &operands, &[], attrs, 0)
            }
            _ => return Err(self.unsupported(op, "no lowering rule for this op")),
        };
        let news: SmallVec<[Value; 2]> = self.m.results(new).collect();
        self.map_results(op, news);
        Ok(())
    }

    /// `thread_id` as i32 (other types are `flow.rs`'s): `mov.u32 %r, %tid.x`.
    fn thread_id(&mut self, op: Op, result_types: &[Type], loc: Loc) -> Op {
        let dim = tas::ThreadId(op).dim(self.m);
        let reg = ["tid.x", "tid.y", "tid.z"]
            .get(dim as usize)
            .copied()
            .unwrap_or("tid.x");
        let mov = self.b(loc).op(
            ptx::MovSreg::name_sym(),
            &[],
            result_types,
            &[(sym!(ptx::MovSreg::REG), AttrData::Str(reg.into()))],
        );
        // A %tid.x read in the kernel's top block dominates everything after it: reuse it for
        // `elect` instead of reading the register again.
        if dim == 0
            && self.tid.is_none()
            && self
                .m
                .parent_op(op)
                .is_some_and(|p| tas::Kernel::is(self.m, p))
        {
            self.tid = Some(self.m.result(mov, 0));
        }
        mov
    }

    /// The PTX rounding and `ftz` of a float `addf`/`subf`/`mulf`/`divf` (NVIDIA's
    /// `rounding<…>`: `nearest_even` is `rn` — explicit, so that ptxas does not contract the
    /// operation into an fma; `zero`, `negative_inf`, `positive_inf` are `rz`, `rm`, `rp`;
    /// divf's `approx` and `full` are `div.approx`/`div.full`). Without a rounding the op is
    /// printed as before (`add.f32`, `div.rn.f32`). The verifier of cuda_tile allows only
    /// these; anything else reaching here is a located error.
    fn float_modifiers(&self, op: Op) -> LResult<Vec<(Sym, AttrData)>> {
        let mut out = Vec::new();
        if let Some(w) = tilec_dialects::cuda_tile::words::word(self.m, op, "rounding_mode") {
            let r = match w {
                "nearest_even" => "rn",
                "zero" => "rz",
                "negative_inf" => "rm",
                "positive_inf" => "rp",
                "approx" | "full" if tas::OpKind::of(self.m, op) == Some(tas::OpKind::DivF) => w,
                _ => {
                    return Err(
                        self.unsupported(op, format!("rounding<{w}> has no PTX form for this op"))
                    );
                }
            };
            out.push((sym!(ptx::Binary::ROUNDING), AttrData::Str(r.into())));
        }
        if self
            .m
            .get_attr(op, sym!(tas::AddF::FLUSH_TO_ZERO))
            .is_some()
        {
            out.push((sym!(ptx::Binary::FTZ), AttrData::Unit));
        }
        Ok(out)
    }

    /// The integer and float arithmetic that is one `ptx.binary` (shift amounts as `.u32`).
    fn arith(&mut self, kind: OpKind, operands: &[Value], result_types: &[Type], loc: Loc) -> Op {
        use OpKind as K;
        let opcode = match kind {
            K::AddI | K::AddF => "add",
            K::SubI | K::SubF => "sub",
            K::MulI | K::MulF => "mul",
            K::AndI => "and",
            K::OrI => "or",
            K::XOrI => "xor",
            K::ShLI => "shl",
            K::ShRUI => "shr.u",
            K::ShRSI => "shr.s",
            _ => "div",
        };
        let mut operands: SmallVec<[Value; 4]> = SmallVec::from_slice(operands);
        let shift = matches!(kind, K::ShLI | K::ShRUI | K::ShRSI);
        let i32t = self.i32t;
        if shift && self.m.value_type(operands[1]) != i32t {
            // PTX shifts take a .u32 amount whatever the shifted type. An amount of 64 or more
            // is poison (MLIR arith semantics), so only amounts below 64 have a meaning, and the
            // low 32 bits keep it.
            operands[1] = self
                .b(loc)
                .value(ptx::Cvt::name_sym(), &[operands[1]], i32t, &[]);
        }
        let attrs = self.opcode_dict(opcode);
        self.b(loc)
            .op_with_dict(ptx::Binary::name_sym(), &operands, result_types, attrs, 0)
    }

    /// `extsi`/`extui`/`trunci` between i32 and i64: `cvt` (sign-extending for `extsi`).
    /// Other widths have no register class of their own in the printer yet: a located error.
    fn int_cast(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<Op> {
        let width = |m: &Module, t: Type| match m.type_data(t) {
            tilec_ir::TypeData::Int(w) => *w,
            _ => 0,
        };
        let (from, to) = (
            width(self.m, self.m.value_type(operands[0])),
            width(self.m, result_types[0]),
        );
        // An i8 is held in a 32-bit register (loaded with `ld.u8`): widening it to i32 is a
        // `cvt.s32.s8`/`cvt.u32.u8` of that register.
        let widen_byte = (from, to) == (8, 32) && kind != OpKind::TruncI;
        if !matches!((from, to), (32, 64) | (64, 32)) && !widen_byte {
            return Err(self.unsupported(
                op,
                format!("integer conversions are lowered between i32 and i64 (and from i8 to i32) only, not i{from} to i{to}"),
            ));
        }
        let attrs: Vec<(Sym, AttrData)> = if kind == OpKind::ExtSI {
            vec![(sym!(ptx::Cvt::SIGNED), AttrData::Unit)]
        } else {
            vec![]
        };
        Ok(self
            .b(loc)
            .op(ptx::Cvt::name_sym(), operands, result_types, &attrs))
    }

    /// `fence`: its pair and restriction, widened where the target has no split or
    /// `sync_restrict` fences.
    fn fence(&mut self, fence: tas::Fence, loc: Loc) -> Op {
        let scope = fence.scope(self.m);
        let mut attrs: Vec<(Sym, AttrData)> = scope.map(opdef::scope_entry).into_iter().collect();
        // Without PTX 8.6 there are neither split nor sync_restrict fences: widen to the plain
        // acq_rel fence of the same scope (stronger, never weaker).
        if let Some(sem) = fence.sem(self.m) {
            let restrict = fence.restrict(self.m);
            let (sem, restrict) = form::widen_fence(sem, restrict, self.split_fences);
            attrs.insert(0, opdef::sem_entry(sem));
            attrs.extend(restrict.map(|r| (sym!(ptx::Fence::RESTRICT), AttrData::Space(r))));
        }
        self.b(loc).op(ptx::Fence::name_sym(), &[], &[], &attrs)
    }

    /// `barrier`: `bar.sync id{, count}` (id 0 when the op has none).
    fn bar_sync(&mut self, op: Op, loc: Loc) -> Op {
        let i32t = self.i32t;
        let id = sym!(tas::Barrier::ID);
        let mut attrs = self.entries(op, &[id, sym!(tas::Barrier::COUNT)]);
        if attrs.iter().all(|a| a.0 != id) {
            let zero = self.m.attr(AttrData::Int { value: 0, ty: i32t });
            attrs.insert(0, (sym!(ptx::BarSync::ID), zero));
        }
        let attrs = self.m.dict(&attrs);
        self.b(loc)
            .op_with_dict(ptx::BarSync::name_sym(), &[], &[], attrs, 0)
    }

    /// `alloc_shared`: a `.shared` array declared first in the kernel body, and its address.
    fn alloc_shared(&mut self, op: Op, result_types: &[Type], loc: Loc) -> Op {
        let n = self.labels;
        self.labels += 1;
        let symbol = format!("__tilec_smem_{n}");
        let mut attrs = vec![(
            sym!(ptx::SharedDecl::SYMBOL),
            AttrData::Str(symbol.clone().into()),
        )];
        attrs.extend(self.copy(op, &[tas::AllocShared::SIZE, tas::AllocShared::ALIGN]));
        // Declarations go first in the kernel body.
        let decl = ptx::SharedDecl::name_sym();
        match self.m.first_op(self.body) {
            Some(f) => {
                Builder::before(self.m, f, loc).op(decl, &[], &[], &attrs);
            }
            None => {
                self.b(loc).op(decl, &[], &[], &attrs);
            }
        }
        self.b(loc).op(
            ptx::SharedAddr::name_sym(),
            &[],
            result_types,
            &[(sym!(ptx::SharedAddr::SYMBOL), AttrData::Str(symbol.into()))],
        )
    }

    /// `elect`: thread 0 runs the region (`setp.ne` on %tid.x, a branch around it).
    fn elect(&mut self, op: Op, loc: Loc) -> LResult<()> {
        let tid = self.tid();
        let skip = self.label();
        let (i32t, i1) = (self.i32t, self.i1);
        let zero = self.imm(i32t, 0, loc);
        let p = self.b(loc).value(
            ptx::Setp::name_sym(),
            &[tid, zero],
            i1,
            &[(sym!(ptx::Setp::CMP), AttrData::Str("ne".into()))],
        );
        self.branch(Some(p), false, &skip, loc);
        let region = self.m.regions(op)[0];
        for blk in self.m.region_blocks(region).to_vec() {
            self.block(blk)?;
        }
        self.put_label(&skip, loc);
        Ok(())
    }

    /// `if`: branches around the arms; the results live in registers each arm writes.
    fn lower_if(
        &mut self,
        op: Op,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<()> {
        let els = self.label();
        let end = self.label();
        let regs: Vec<Value> = result_types.iter().map(|t| self.reg(*t, loc)).collect();
        self.branch(Some(operands[0]), true, &els, loc);
        let regions = self.m.regions(op).to_vec();
        for (i, &r) in regions.iter().enumerate() {
            if i == 1 {
                self.branch(None, false, &end, loc);
                self.put_label(&els, loc);
            }
            let mut ys = Vec::new();
            for blk in self.m.region_blocks(r).to_vec() {
                ys = self.block(blk)?;
            }
            for (reg, y) in regs.iter().zip(ys) {
                self.mov(*reg, y, loc);
            }
        }
        if regions.len() < 2 {
            self.put_label(&els, loc);
        }
        self.put_label(&end, loc);
        let results: Vec<Value> = self.m.results(op).collect();
        for (r, reg) in results.into_iter().zip(regs) {
            self.map.insert(r, reg);
        }
        Ok(())
    }

    /// Records `news` as the lowered values of `op`'s results, in order.
    fn map_results(&mut self, op: Op, news: impl IntoIterator<Item = Value>) {
        for (o, n) in self.m.results(op).zip(news) {
            self.map.insert(o, n);
        }
    }

    /// ld / st / atom / red: the pair, space, rmw kind and `streaming` carry over; `sc` is `fence.sc` then
    /// the access with the semantic `form::sc_access_sem` gives it.
    fn mem(&mut self, op: Op, operands: &[Value], result_types: &[Type], loc: Loc) -> Op {
        let instr = form::lowers_to(self.m.op_name(op)).unwrap_or(Instr::Ld);
        // Atom's keys: the rmw kind, the space and the pair (ld, st and red have some of them).
        let sem_key = opdef::sem_key();
        let keys = [
            sym!(tas::Atom::KIND),
            sym!(tas::Atom::SPACE),
            sem_key,
            opdef::scope_key(),
            sym!(tas::Ld::STREAMING),
        ];
        let mut attrs = self.entries(op, &keys);
        let (sem, scope) = AnyPair::cast(self.m, op).map_or((None, None), |p| p.pair(self.m));
        if sem == Some(MemSemantic::Sc) {
            let entries = [
                Some(opdef::sem_entry(MemSemantic::Sc)),
                scope.map(opdef::scope_entry),
            ];
            let mut fence = Entries::new();
            for (k, a) in entries.into_iter().flatten() {
                fence.push((k, self.m.attr(a)));
            }
            let fence = self.m.dict(&fence);
            self.b(loc)
                .op_with_dict(ptx::Fence::name_sym(), &[], &[], fence, 0);
            let strong = self.m.attr(AttrData::Sem(form::sc_access_sem(instr)));
            for a in attrs.iter_mut() {
                if a.0 == sem_key {
                    a.1 = strong;
                }
            }
        }
        let name = self.instr_name(instr);
        let attrs = self.m.dict(&attrs);
        self.b(loc)
            .op_with_dict(name, operands, result_types, attrs, 0)
    }
}
