//! The LLVM module of a tilec module, built with inkwell: a [`Sink`] that spells each decision
//! of `tilec_passes::print::lower` as LLVM's builder calls, then verification, the `default<On>`
//! pipeline and the NVPTX target machine.
//!
//! A builder call fails only when the builder is misused (no insertion point, a type mismatch):
//! a bug here. The first such failure is kept and reported as [`Error::Llvm`]; the value handed
//! back in its place is `poison`, so writing goes on without a panic.

use crate::{scope, Error, Request};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target as LlvmTarget, TargetMachine, TargetTriple,
};
use inkwell::types::{AnyType, BasicType, BasicTypeEnum};
use inkwell::values::{
    BasicValue, BasicValueEnum, FunctionValue, InstructionValue, PointerValue, ValueKind,
};
use inkwell::{AddressSpace, AtomicOrdering, FloatPredicate, IntPredicate, OptimizationLevel};
use std::collections::HashMap;
use tilec_passes::print::lower::{
    lower_module, Asm, Cast, Cmp, Const, FuncDef, GlobalDef, IntOp, Ordering, Sink, SyncScope, Ty,
};
use tilec_passes::print::upstream::{Resolved, Upstream};

/// NVPTX's calling convention of a kernel entry (`ptx_kernel`, LLVM's `CallingConv::PTX_Kernel`).
const PTX_KERNEL: u32 = 71;

/// The LLVM target triple of every module.
const TRIPLE: &str = "nvptx64-nvidia-cuda";

/// Builds, verifies and optimizes the LLVM module of `m`, then hands it and the target machine
/// to `f`.
pub fn with_module<T>(
    m: &tilec_ir::Module,
    r: Request,
    f: impl FnOnce(&Module, &TargetMachine) -> Result<T, Error>,
) -> Result<T, Error> {
    let tm = target_machine(r)?;
    let cx = Context::create();
    let module = cx.create_module("tilec");
    module.set_triple(&TargetTriple::create(TRIPLE));
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    let mut w = Writer {
        cx: &cx,
        module: &module,
        b: cx.create_builder(),
        func: None,
        slots: HashMap::new(),
        blocks: HashMap::new(),
        failed: None,
        device_functions: r.device_functions,
    };
    lower_module(m, r.target, "llvm", &mut w).map_err(Error::Diagnostics)?;
    if let Some(e) = w.failed {
        return Err(Error::Llvm(format!("building the LLVM module: {e}")));
    }
    module
        .verify()
        .map_err(|e| Error::Llvm(format!("LLVM's verifier rejects the module: {e}")))?;
    let passes = format!("default<O{}>", r.opt.min(3));
    module
        .run_passes(&passes, &tm, PassBuilderOptions::create())
        .map_err(|e| Error::Llvm(format!("{passes}: {e}")))?;
    f(&module, &tm)
}

/// The NVPTX target machine for `r`'s target and PTX ISA.
fn target_machine(r: Request) -> Result<TargetMachine, Error> {
    LlvmTarget::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create(TRIPLE);
    let target = LlvmTarget::from_triple(&triple).map_err(|e| Error::Llvm(e.to_string()))?;
    let level = match r.opt {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let features = format!("+ptx{}{}", r.ptx.0, r.ptx.1);
    target
        .create_target_machine(
            &triple,
            &r.target.name(),
            &features,
            level,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            Error::Llvm(format!(
                "LLVM's NVPTX backend has no target machine for {} with {features}",
                r.target.name()
            ))
        })
}

/// The writer: the module, the function being written, its slots and its blocks by name.
struct Writer<'a, 'ctx> {
    cx: &'ctx Context,
    module: &'a Module<'ctx>,
    b: Builder<'ctx>,
    func: Option<FunctionValue<'ctx>>,
    slots: HashMap<tilec_ir::Value, PointerValue<'ctx>>,
    blocks: HashMap<String, BasicBlock<'ctx>>,
    /// The first builder failure.
    failed: Option<String>,
    /// Kernels as device functions ([`Request::device_functions`]).
    device_functions: bool,
}

impl<'ctx> Writer<'_, 'ctx> {
    fn ty(&self, t: Ty) -> BasicTypeEnum<'ctx> {
        let cx = self.cx;
        match t {
            Ty::I1 => cx.bool_type().into(),
            Ty::I8 => cx.i8_type().into(),
            Ty::I16 => cx.i16_type().into(),
            Ty::I32 => cx.i32_type().into(),
            Ty::I64 => cx.i64_type().into(),
            Ty::I128 => cx.i128_type().into(),
            Ty::F16 => cx.f16_type().into(),
            Ty::BF16 => cx.bf16_type().into(),
            Ty::F32 => cx.f32_type().into(),
            Ty::F64 => cx.f64_type().into(),
            Ty::Ptr(n) => cx.ptr_type(space(n)).into(),
        }
    }

    /// The builder's result, or `poison` of `t` after keeping the failure.
    fn ok<V: BasicValue<'ctx>>(
        &mut self,
        r: Result<V, BuilderError>,
        t: Ty,
    ) -> BasicValueEnum<'ctx> {
        match r {
            Ok(v) => v.as_basic_value_enum(),
            Err(e) => {
                self.fail(e);
                poison(self.ty(t))
            }
        }
    }

    fn fail(&mut self, e: impl std::fmt::Display) {
        self.failed.get_or_insert_with(|| e.to_string());
    }

    /// The block `name` of the current function, made on first mention.
    fn block(&mut self, name: &str) -> Option<BasicBlock<'ctx>> {
        let f = self.func?;
        Some(
            *self
                .blocks
                .entry(name.to_string())
                .or_insert_with(|| self.cx.append_basic_block(f, name)),
        )
    }

    /// Makes the load or store `i` of `t` atomic: natural alignment, ordering `o`, scope `s`.
    fn make_atomic(&mut self, i: InstructionValue<'ctx>, t: Ty, o: Ordering, s: SyncScope) {
        let set = i
            .set_alignment(t.align())
            .and_then(|_| i.set_atomic_ordering(ordering(o)));
        if let Err(e) = set {
            self.fail(e);
        }
        scope::set(self.cx, i, s);
    }

    fn slot(&mut self, v: tilec_ir::Value) -> Option<PointerValue<'ctx>> {
        let p = self.slots.get(&v).copied();
        if p.is_none() {
            self.fail(format_args!("no slot for value {v:?}"));
        }
        p
    }
}

/// Address space `n`.
fn space(n: u32) -> AddressSpace {
    AddressSpace::from(n as u16)
}

fn poison(t: BasicTypeEnum) -> BasicValueEnum {
    match t {
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    }
}

fn ordering(o: Ordering) -> AtomicOrdering {
    match o {
        Ordering::Monotonic => AtomicOrdering::Monotonic,
        Ordering::Acquire => AtomicOrdering::Acquire,
        Ordering::Release => AtomicOrdering::Release,
        Ordering::AcqRel => AtomicOrdering::AcquireRelease,
        Ordering::SeqCst => AtomicOrdering::SequentiallyConsistent,
    }
}

/// `icmp` predicates by their names in `tilec_passes::print::lower`.
const ICMP: &[(&str, IntPredicate)] = &[
    ("eq", IntPredicate::EQ),
    ("ne", IntPredicate::NE),
    ("slt", IntPredicate::SLT),
    ("sle", IntPredicate::SLE),
    ("sgt", IntPredicate::SGT),
    ("sge", IntPredicate::SGE),
    ("ult", IntPredicate::ULT),
    ("ule", IntPredicate::ULE),
    ("ugt", IntPredicate::UGT),
    ("uge", IntPredicate::UGE),
];

/// `fcmp` predicates by name.
const FCMP: &[(&str, FloatPredicate)] = &[
    ("oeq", FloatPredicate::OEQ),
    ("ogt", FloatPredicate::OGT),
    ("oge", FloatPredicate::OGE),
    ("olt", FloatPredicate::OLT),
    ("ole", FloatPredicate::OLE),
    ("one", FloatPredicate::ONE),
    ("ord", FloatPredicate::ORD),
    ("ueq", FloatPredicate::UEQ),
    ("ugt", FloatPredicate::UGT),
    ("uge", FloatPredicate::UGE),
    ("ult", FloatPredicate::ULT),
    ("ule", FloatPredicate::ULE),
    ("une", FloatPredicate::UNE),
    ("uno", FloatPredicate::UNO),
];

impl<'ctx> Sink for Writer<'_, 'ctx> {
    type V = BasicValueEnum<'ctx>;

    fn global(&mut self, g: &GlobalDef) {
        let i8t = self.cx.i8_type();
        let arr = i8t.array_type(g.size as u32);
        let gv = self.module.add_global(arr, Some(space(g.space)), g.name);
        gv.set_linkage(Linkage::Internal);
        gv.set_alignment(g.align as u32);
        gv.set_constant(g.constant);
        match g.init {
            Some(bytes) => {
                let vals: Vec<_> = bytes
                    .iter()
                    .map(|&b| i8t.const_int(b as u64, false))
                    .collect();
                gv.set_initializer(&i8t.const_array(&vals));
            }
            // Shared memory has no initializer in PTX: `undef`, as NVPTX requires.
            None => gv.set_initializer(&arr.get_undef()),
        }
    }

    fn begin_func(&mut self, f: &FuncDef, slots: &[(tilec_ir::Value, Ty)]) {
        let params: Vec<_> = f.params.iter().map(|&t| self.ty(t).into()).collect();
        let fn_ty = self.cx.void_type().fn_type(&params, false);
        let func = self
            .module
            .add_function(&f.name, fn_ty, Some(Linkage::External));
        for &i in &f.tensor_maps {
            // A CUtensorMap by value (128 bytes, 64-byte aligned), a grid constant whose
            // generic address the kernel takes (`cvta.param`), as in tilec's PTX.
            let loc = AttributeLoc::Param(i as u32);
            let arr = self.cx.i8_type().array_type(128).as_any_type_enum();
            let byval = Attribute::get_named_enum_kind_id("byval");
            let align = Attribute::get_named_enum_kind_id("align");
            func.add_attribute(loc, self.cx.create_type_attribute(byval, arr));
            func.add_attribute(loc, self.cx.create_enum_attribute(align, 64));
            func.add_attribute(
                loc,
                self.cx.create_string_attribute("nvvm.grid_constant", ""),
            );
        }
        if self.device_functions {
            // A body with CTA barriers, called by every thread of a CTA: convergent, as clang
            // marks CUDA device functions, so callers do not duplicate calls into divergent
            // paths. The launch attributes are the calling kernel's to state.
            let convergent = Attribute::get_named_enum_kind_id("convergent");
            func.add_attribute(
                AttributeLoc::Function,
                self.cx.create_enum_attribute(convergent, 0),
            );
        } else {
            func.set_call_conventions(PTX_KERNEL);
            let attr = |k: &str, v: String| {
                func.add_attribute(
                    AttributeLoc::Function,
                    self.cx.create_string_attribute(k, &v),
                )
            };
            if let Some(n) = f.reqntid {
                attr("nvvm.reqntid", format!("{n},1,1"));
            }
            if let Some(n) = f.minctasm {
                attr("nvvm.minctasm", n.to_string());
            }
            if let Some([x, y, z]) = f.cluster {
                attr("nvvm.cluster_dim", format!("{x},{y},{z}"));
            }
        }
        self.func = Some(func);
        self.blocks.clear();
        self.slots.clear();
        let entry = self.cx.append_basic_block(func, "entry");
        self.b.position_at_end(entry);
        for &(v, t) in slots {
            let r = self.b.build_alloca(self.ty(t), "");
            match r {
                Ok(p) => {
                    self.slots.insert(v, p);
                }
                Err(e) => self.fail(e),
            }
        }
    }

    fn end_func(&mut self) {
        self.func = None;
    }

    fn param(&mut self, i: u32) -> Self::V {
        match self.func.and_then(|f| f.get_nth_param(i)) {
            Some(p) => p,
            None => {
                self.fail(format_args!("no parameter {i}"));
                poison(self.ty(Ty::I32))
            }
        }
    }

    fn load(&mut self, slot: tilec_ir::Value, t: Ty) -> Self::V {
        let Some(p) = self.slot(slot) else {
            return poison(self.ty(t));
        };
        let r = self.b.build_load(self.ty(t), p, "");
        self.ok(r, t)
    }

    fn store(&mut self, x: Self::V, _t: Ty, slot: tilec_ir::Value) {
        let Some(p) = self.slot(slot) else { return };
        if let Err(e) = self.b.build_store(p, x) {
            self.fail(e);
        }
    }

    fn constant(&mut self, c: Const) -> Self::V {
        match c {
            Const::Int(t, v) => match self.ty(t) {
                BasicTypeEnum::IntType(it) => it.const_int(v as u64, true).into(),
                other => poison(other),
            },
            // The exact bits, NaN payloads included: an integer constant bitcast (folded).
            Const::Float(t, bits) => {
                let int = if t == Ty::F32 {
                    self.cx.i32_type().const_int(bits, false)
                } else {
                    self.cx.i64_type().const_int(bits, false)
                };
                let r = self.b.build_bit_cast(int, self.ty(t), "");
                self.ok(r, t)
            }
        }
    }

    fn cast(&mut self, c: Cast, x: Self::V, _from: Ty, to: Ty) -> Self::V {
        let tt = self.ty(to);
        let r = match (c, x, tt) {
            (Cast::Zext, BasicValueEnum::IntValue(i), BasicTypeEnum::IntType(t)) => {
                self.b.build_int_z_extend(i, t, "").map(Into::into)
            }
            (Cast::Bitcast, x, t) => self.b.build_bit_cast(x, t, ""),
            (Cast::PtrToInt, BasicValueEnum::PointerValue(p), BasicTypeEnum::IntType(t)) => {
                self.b.build_ptr_to_int(p, t, "").map(Into::into)
            }
            (Cast::IntToPtr, BasicValueEnum::IntValue(i), BasicTypeEnum::PointerType(t)) => {
                self.b.build_int_to_ptr(i, t, "").map(Into::into)
            }
            (Cast::FpExt, BasicValueEnum::FloatValue(f), BasicTypeEnum::FloatType(t)) => {
                self.b.build_float_ext(f, t, "").map(Into::into)
            }
            (
                Cast::AddrSpaceCast,
                BasicValueEnum::PointerValue(p),
                BasicTypeEnum::PointerType(t),
            ) => self.b.build_address_space_cast(p, t, "").map(Into::into),
            _ => {
                self.fail(format_args!("a {c:?} of {x:?} to {to:?}"));
                return poison(tt);
            }
        };
        self.ok(r, to)
    }

    fn address_of(&mut self, sym: &str, space: u32) -> Self::V {
        match self.module.get_global(sym) {
            Some(g) => g.as_pointer_value().into(),
            None => {
                self.fail(format_args!("no global @{sym}"));
                poison(self.ty(Ty::Ptr(space)))
            }
        }
    }

    fn compare(&mut self, c: Cmp, a: Self::V, b: Self::V, _t: Ty) -> Self::V {
        let r = match (c, a, b) {
            (Cmp::Int(p), BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => {
                let p = ICMP.iter().find(|k| k.0 == p).map(|k| k.1);
                p.map(|p| self.b.build_int_compare(p, a, b, ""))
            }
            (Cmp::Float(p), BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) => {
                let p = FCMP.iter().find(|k| k.0 == p).map(|k| k.1);
                p.map(|p| self.b.build_float_compare(p, a, b, ""))
            }
            _ => None,
        };
        match r {
            Some(r) => self.ok(r, Ty::I1),
            None => {
                self.fail(format_args!("a comparison {c:?}"));
                poison(self.ty(Ty::I1))
            }
        }
    }

    fn int_op(&mut self, op: IntOp, a: Self::V, b: Self::V, t: Ty) -> Self::V {
        let (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) = (a, b) else {
            self.fail("integer arithmetic on non-integers");
            return poison(self.ty(t));
        };
        let r = match op {
            IntOp::Add => self.b.build_int_add(a, b, ""),
            IntOp::Sub => self.b.build_int_sub(a, b, ""),
            IntOp::Mul => self.b.build_int_mul(a, b, ""),
            IntOp::And => self.b.build_and(a, b, ""),
            IntOp::Or => self.b.build_or(a, b, ""),
            IntOp::Xor => self.b.build_xor(a, b, ""),
        };
        self.ok(r, t)
    }

    fn select(&mut self, p: Self::V, a: Self::V, b: Self::V, t: Ty) -> Self::V {
        let BasicValueEnum::IntValue(p) = p else {
            self.fail("a select on a non-integer");
            return poison(self.ty(t));
        };
        let r = self.b.build_select(p, a, b, "");
        self.ok(r, t)
    }

    fn inline_asm(&mut self, asm: Asm<Self::V>) -> Vec<Self::V> {
        let arg_tys: Vec<_> = asm.args.iter().map(|a| self.ty(a.1).into()).collect();
        let rets: Vec<BasicTypeEnum> = asm.rets.iter().map(|&t| self.ty(t)).collect();
        let fn_ty = match &rets[..] {
            [] => self.cx.void_type().fn_type(&arg_tys, false),
            [t] => t.fn_type(&arg_tys, false),
            many => self.cx.struct_type(many, false).fn_type(&arg_tys, false),
        };
        let callee =
            self.cx
                .create_inline_asm(fn_ty, asm.text, asm.constraints, true, false, None, false);
        let args: Vec<_> = asm.args.iter().map(|a| a.0.into()).collect();
        let call = match self.b.build_indirect_call(fn_ty, callee, &args, "") {
            Ok(c) => c,
            Err(e) => {
                self.fail(e);
                return asm.rets.iter().map(|&t| poison(self.ty(t))).collect();
            }
        };
        // Convergent, as clang marks every call in CUDA device code: the statement may be an
        // aligned barrier or another warp- or CTA-collective instruction (`bar.sync`,
        // `barrier.cluster.*.aligned`, `mma.sync.aligned`, …) that every thread must reach at
        // the same instruction, so LLVM must not duplicate it into divergent paths (jump
        // threading, tail duplication) or merge copies of it from them.
        let convergent = Attribute::get_named_enum_kind_id("convergent");
        call.add_attribute(
            AttributeLoc::Function,
            self.cx.create_enum_attribute(convergent, 0),
        );
        let ValueKind::Basic(x) = call.try_as_basic_value() else {
            return Vec::new();
        };
        if asm.rets.len() == 1 {
            return vec![x];
        }
        let BasicValueEnum::StructValue(s) = x else {
            self.fail("several outputs but no struct");
            return Vec::new();
        };
        (0..asm.rets.len() as u32)
            .map(|i| {
                let r = self.b.build_extract_value(s, i, "");
                self.ok(r, asm.rets[i as usize])
            })
            .collect()
    }

    fn fence(&mut self, o: Ordering, s: SyncScope) {
        match self.b.build_fence(ordering(o), false, "") {
            Ok(i) => scope::set(self.cx, i, s),
            Err(e) => self.fail(e),
        }
    }

    fn load_atomic(
        &mut self,
        p: Self::V,
        _space: u32,
        t: Ty,
        o: Ordering,
        s: SyncScope,
    ) -> Self::V {
        let BasicValueEnum::PointerValue(p) = p else {
            self.fail("an atomic load of a non-pointer");
            return poison(self.ty(t));
        };
        let v = match self.b.build_load(self.ty(t), p, "") {
            Ok(v) => v,
            Err(e) => {
                self.fail(e);
                return poison(self.ty(t));
            }
        };
        if let Some(i) = v.as_instruction_value() {
            self.make_atomic(i, t, o, s);
        }
        v
    }

    fn store_atomic(
        &mut self,
        x: Self::V,
        p: Self::V,
        _space: u32,
        t: Ty,
        o: Ordering,
        s: SyncScope,
    ) {
        let BasicValueEnum::PointerValue(p) = p else {
            return self.fail("an atomic store to a non-pointer");
        };
        match self.b.build_store(p, x) {
            Ok(i) => self.make_atomic(i, t, o, s),
            Err(e) => self.fail(e),
        }
    }

    fn buffer(&mut self, size: u32, align: u32) -> Self::V {
        // In the entry block, before its first instruction: one buffer per call site, not one
        // per execution.
        let Some(entry) = self.func.and_then(|f| f.get_first_basic_block()) else {
            self.fail("a buffer outside a function");
            return poison(self.ty(Ty::Ptr(0)));
        };
        let b = self.cx.create_builder();
        match entry.get_first_instruction() {
            Some(i) => b.position_before(&i),
            None => b.position_at_end(entry),
        }
        let arr = self.cx.i8_type().array_type(size);
        match b.build_alloca(arr, "") {
            Ok(p) => {
                if let Some(i) = p.as_instruction() {
                    let _ = i.set_alignment(align);
                }
                p.into()
            }
            Err(e) => {
                self.fail(e);
                poison(self.ty(Ty::Ptr(0)))
            }
        }
    }

    fn offset(&mut self, p: Self::V, offset: u32) -> Self::V {
        let BasicValueEnum::PointerValue(p) = p else {
            self.fail("an offset of a non-pointer");
            return poison(self.ty(Ty::Ptr(0)));
        };
        // Within the printf buffer, which holds every field (print/lower.rs).
        let r = scope::byte_offset(self.cx, &self.b, p, offset);
        self.ok(r, Ty::Ptr(0))
    }

    fn store_to(&mut self, x: Self::V, p: Self::V, t: Ty) {
        let BasicValueEnum::PointerValue(p) = p else {
            return self.fail("a store to a non-pointer");
        };
        match self.b.build_store(p, x) {
            Ok(i) => {
                if let Err(e) = i.set_alignment(t.align()) {
                    self.fail(e);
                }
            }
            Err(e) => self.fail(e),
        }
    }

    fn null(&mut self) -> Self::V {
        self.cx.ptr_type(space(0)).const_null().into()
    }

    fn call(&mut self, name: &str, ret: Option<Ty>, args: Vec<(Self::V, Ty)>) {
        let f = match self.module.get_function(name) {
            Some(f) => f,
            None => {
                let params: Vec<_> = args.iter().map(|a| self.ty(a.1).into()).collect();
                let fn_ty = match ret {
                    Some(t) => self.ty(t).fn_type(&params, false),
                    None => self.cx.void_type().fn_type(&params, false),
                };
                self.module
                    .add_function(name, fn_ty, Some(Linkage::External))
            }
        };
        let args: Vec<_> = args.into_iter().map(|a| a.0.into()).collect();
        if let Err(e) = self.b.build_call(f, &args, "") {
            self.fail(e);
        }
    }

    fn upstream(&mut self, u: &Upstream, args: Vec<Resolved<Self::V>>) -> Option<Self::V> {
        let Some(intrinsic) = Intrinsic::find(u.llvm) else {
            self.fail(format_args!("LLVM 22 has no intrinsic {}", u.llvm));
            return None;
        };
        // None of the rows' intrinsics is overloaded: the declaration has its own types.
        let Some(decl) = intrinsic.get_declaration(self.module, &[]) else {
            self.fail(format_args!("no declaration of {}", u.llvm));
            return None;
        };
        let i32t = self.cx.i32_type();
        let args: Vec<_> = args
            .into_iter()
            .map(|a| match a {
                Resolved::Value(x, _) => x.into(),
                Resolved::Imm(n) => i32t.const_int(n as u64, true).into(),
            })
            .collect();
        match self.b.build_call(decl, &args, "") {
            Ok(c) => match c.try_as_basic_value() {
                ValueKind::Basic(x) => Some(x),
                ValueKind::Instruction(_) => None,
            },
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    fn br(&mut self, to: &str) {
        let Some(bb) = self.block(to) else { return };
        if let Err(e) = self.b.build_unconditional_branch(bb) {
            self.fail(e);
        }
    }

    fn cond_br(&mut self, p: Self::V, yes: &str, no: &str) {
        let (Some(y), Some(n)) = (self.block(yes), self.block(no)) else {
            return;
        };
        let BasicValueEnum::IntValue(p) = p else {
            return self.fail("a branch on a non-integer");
        };
        if let Err(e) = self.b.build_conditional_branch(p, y, n) {
            self.fail(e);
        }
    }

    fn label(&mut self, name: &str) {
        let Some(bb) = self.block(name) else { return };
        // In the order the code has them (a branch may have made the block earlier).
        if let Some(last) = self.func.and_then(|f| f.get_last_basic_block()) {
            if last != bb {
                let _ = bb.move_after(last);
            }
        }
        self.b.position_at_end(bb);
    }

    fn ret(&mut self) {
        if let Err(e) = self.b.build_return(None) {
            self.fail(e);
        }
    }
}
