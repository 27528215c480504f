//! The ptx-level IR as LLVM-level instructions: the one place that decides how a kernel is
//! written for LLVM, shared by its two writers, `--emit nvvm-mlir` ([`super::nvvm`]: MLIR text
//! of the `llvm` and `nvvm` dialects) and `--emit llvm` / `--backend llvm` (the `tilec-llvm`
//! crate: LLVM IR built with inkwell). A writer is a [`Sink`]: it spells each instruction and
//! decides nothing.
//!
//! The decisions ([`lower_module`]):
//! - Every `ptx.kernel` is a function with the kernel calling convention and its launch
//!   attributes ([`FuncDef`]); shared arrays are address-space-3 globals named after the kernel,
//!   module-level arrays address-space-1 globals with the PTX printer's bytes
//!   ([`super::ptx::global_layout`]).
//! - The ptx IR is a register machine (labels, branches, `ptx.reg`s written by `ptx.mov`), so
//!   each value gets a stack slot: an op loads its operands and stores its results, labels start
//!   blocks and branches end them. LLVM's mem2reg turns the slots back into registers; no SSA
//!   form has to be rebuilt here.
//! - Natively, where LLVM keeps the meaning whole: parameters (narrow ones zero-extended where
//!   read, as `ld.param.u16` into a 32-bit register does), constants, integer and float compares,
//!   wrapping integer `add`/`sub`/`mul`/`and`/`or`/`xor` ([`IntOp`]), predicate logic, `selp`, branches, `ptx.reg`/`ptx.mov`, `ret`, the addresses of globals, and
//!   the fences and strong loads and stores of [`super::native`]'s table, whose (semantic, scope)
//!   pair LLVM 22's NVPTX backend prints unchanged.
//! - As upstream's own ops ([`super::upstream`]: an `nvvm` op, an LLVM intrinsic): the barriers,
//!   proxy and mbarrier-init fences, mbarrier init/inval/arrive and bulk-copy groups whose
//!   upstream op prints tilec's instruction unchanged.
//! - Everything else as inline asm of the very instruction the PTX printer prints for it
//!   ([`super::ptx::asm_text`], one derivation of each form): other memory accesses, atomics
//!   (LLVM 22 drops the ordering and scope of `atomicrmw`, SYNC-MODEL §5), barriers and
//!   arithmetic. Each statement has side effects and clobbers memory, so LLVM neither removes
//!   nor reorders it across other memory operations. A predicate crosses the asm boundary as a
//!   `u32` (NVPTX inline asm has no predicate operands); several results come back as a struct.
//!
//! - `wgmma_mma_async`: its results tied to its accumulators (one register, written in place
//!   by the hardware until `wgmma.wait_group`), and the wait passing the chain-end accumulators
//!   through ([`Func::wgmma_wait`]), so that no use moves above it.
//!
//! - `printf` and `assert` as calls of CUDA's `vprintf` and `__assertfail`, with the strings
//!   and argument buffer tilec's PTX passes them.
//!
//! - A tensor-map parameter as a pointer to a 128-byte, 64-byte-aligned `byval` grid constant
//!   ([`FuncDef::tensor_maps`]), its `ld.param` the pointer's generic address.
//!
//! Refused, with a located "does not write … yet" naming the op: ops whose PTX needs a scratch
//! register or a parameter's name.

use super::native::{native_access, Native};
use super::ptx::{asm_text, global_layout, WgmmaInPlace, ASM_MARK};
use super::upstream::{upstream, Arg, Resolved, Upstream};
use tilec_dialects::ptx::{self as px, OpKind};
use tilec_dialects::target::Target;
use tilec_ir::{
    AttrData, DiagCode, Diagnostics, FloatKind, Loc, Module, Op, OpView, Type, TypeData, Value,
};

/// An LLVM type, as the writers need them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    F16,
    BF16,
    F32,
    F64,
    /// A pointer of this address space.
    Ptr(u32),
}

impl Ty {
    /// The natural alignment of a value of this type in memory, in bytes.
    pub fn align(self) -> u32 {
        match self {
            Ty::I1 | Ty::I8 => 1,
            Ty::I16 | Ty::F16 | Ty::BF16 => 2,
            Ty::I32 | Ty::F32 => 4,
            Ty::I128 => 16,
            Ty::I64 | Ty::F64 | Ty::Ptr(_) => 8,
        }
    }
}

/// A constant: an integer (sign-extended) or a float's bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Const {
    /// An integer of an integer type.
    Int(Ty, i64),
    /// The IEEE bits of a float of a float type.
    Float(Ty, u64),
}

/// A cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Cast {
    Zext,
    Bitcast,
    PtrToInt,
    IntToPtr,
    /// `fpext` (an f32 printf argument to f64, C's varargs promotion).
    FpExt,
    /// `addrspacecast` (a global's address to a generic pointer).
    AddrSpaceCast,
}

/// An integer operation LLVM computes as PTX does: wrapping `add`/`sub`/`mul` (`mul.lo`), and
/// bitwise `and`/`or`/`xor` (of predicates too). Shifts are not among them: PTX clamps a shift
/// amount past the width, where LLVM's result is poison; nor are division and remainder (PTX
/// gives a result for a zero divisor, LLVM has undefined behavior).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
}

impl IntOp {
    /// The LLVM instruction's name (MLIR's `llvm.<name>` too).
    pub fn name(self) -> &'static str {
        match self {
            IntOp::Add => "add",
            IntOp::Sub => "sub",
            IntOp::Mul => "mul",
            IntOp::And => "and",
            IntOp::Or => "or",
            IntOp::Xor => "xor",
        }
    }

    /// The operation of a `ptx.binary` opcode, where it is one.
    fn of_opcode(opcode: &str) -> Option<IntOp> {
        [
            IntOp::Add,
            IntOp::Sub,
            IntOp::Mul,
            IntOp::And,
            IntOp::Or,
            IntOp::Xor,
        ]
        .into_iter()
        .find(|o| o.name() == opcode)
    }
}

/// A comparison: LLVM's `icmp` or `fcmp` predicate (its name in both MLIR and LLVM IR).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `icmp <name>`.
    Int(&'static str),
    /// `fcmp <name>`.
    Float(&'static str),
}

/// LLVM's atomic orderings that tilec writes natively.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Ordering {
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    /// The LLVM IR keyword (MLIR's too).
    pub fn name(self) -> &'static str {
        match self {
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
}

/// NVPTX's synchronization scopes: `block`, `cluster`, `device` and the system (LLVM's
/// default scope, written without a `syncscope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum SyncScope {
    Block,
    Cluster,
    Device,
    System,
}

impl SyncScope {
    /// The `syncscope("…")` name; `None` for the system scope.
    pub fn name(self) -> Option<&'static str> {
        match self {
            SyncScope::Block => Some("block"),
            SyncScope::Cluster => Some("cluster"),
            SyncScope::Device => Some("device"),
            SyncScope::System => None,
        }
    }
}

/// A module-level array.
#[derive(Clone, Debug)]
pub struct GlobalDef<'a> {
    /// Its symbol.
    pub name: &'a str,
    /// Its address space (1 global, 3 shared).
    pub space: u32,
    /// Its bytes (`None`: uninitialized, as shared memory is).
    pub init: Option<&'a [u8]>,
    /// Its size in bytes.
    pub size: u64,
    /// Its alignment in bytes.
    pub align: u64,
    /// Read-only.
    pub constant: bool,
}

/// A kernel's signature and launch attributes.
#[derive(Clone, Debug)]
pub struct FuncDef {
    /// Its symbol.
    pub name: String,
    /// Its parameters' types.
    pub params: Vec<Ty>,
    /// The parameters that are tensor maps (a `CUtensorMap` by value: `Ty::Ptr(0)` to a
    /// 128-byte, 64-byte-aligned `byval` grid constant, whose generic address the kernel takes,
    /// as `mov` + `cvta.param` do in tilec's PTX).
    pub tensor_maps: Vec<usize>,
    /// `.reqntid`.
    pub reqntid: Option<u32>,
    /// `.minnctapersm`.
    pub minctasm: Option<u32>,
    /// `.reqnctapercluster` (and `.explicitcluster`).
    pub cluster: Option<[u32; 3]>,
}

/// An inline-asm statement.
#[derive(Clone, Debug)]
pub struct Asm<V> {
    /// Its text in LLVM's escaping: `$N` operand N, `$$` a dollar, lines separated by `\n\t`.
    pub text: String,
    /// The constraints, comma-separated (outputs `=c`, inputs, `~{memory}`).
    pub constraints: String,
    /// The inputs.
    pub args: Vec<(V, Ty)>,
    /// The outputs' types (a struct of them when several).
    pub rets: Vec<Ty>,
}

/// A writer of LLVM-level instructions. Values of the kernel are stack slots named by their
/// [`Value`]; `V` is the writer's handle of an instruction's result. Blocks are named by
/// strings; a block may be named by a branch before it starts.
pub trait Sink {
    /// An instruction's result.
    type V: Clone;
    /// A module-level array.
    fn global(&mut self, g: &GlobalDef);
    /// Starts a kernel: its entry block with a slot of each given type for each value.
    fn begin_func(&mut self, f: &FuncDef, slots: &[(Value, Ty)]);
    /// Ends the kernel started last.
    fn end_func(&mut self);
    /// Parameter `i`.
    fn param(&mut self, i: u32) -> Self::V;
    /// The value in `slot`.
    fn load(&mut self, slot: Value, ty: Ty) -> Self::V;
    /// Stores `x` into `slot`.
    fn store(&mut self, x: Self::V, ty: Ty, slot: Value);
    /// A constant.
    fn constant(&mut self, c: Const) -> Self::V;
    /// `x` of type `from` cast to `to`.
    fn cast(&mut self, c: Cast, x: Self::V, from: Ty, to: Ty) -> Self::V;
    /// The address of global `sym` (a pointer of address space `space`).
    fn address_of(&mut self, sym: &str, space: u32) -> Self::V;
    /// A comparison of `a` and `b` (of type `ty`), an `i1`.
    fn compare(&mut self, c: Cmp, a: Self::V, b: Self::V, ty: Ty) -> Self::V;
    /// `a op b` of type `ty`.
    fn int_op(&mut self, op: IntOp, a: Self::V, b: Self::V, ty: Ty) -> Self::V;
    /// `p ? a : b`, of type `ty`.
    fn select(&mut self, p: Self::V, a: Self::V, b: Self::V, ty: Ty) -> Self::V;
    /// An inline-asm statement with side effects; its outputs.
    fn inline_asm(&mut self, asm: Asm<Self::V>) -> Vec<Self::V>;
    /// `fence [syncscope] ordering`.
    fn fence(&mut self, o: Ordering, s: SyncScope);
    /// `load atomic ty, ptr addrspace(space) p [syncscope] ordering`, naturally aligned.
    fn load_atomic(&mut self, p: Self::V, space: u32, ty: Ty, o: Ordering, s: SyncScope)
        -> Self::V;
    /// `store atomic ty x, ptr addrspace(space) p [syncscope] ordering`, naturally aligned.
    fn store_atomic(
        &mut self,
        x: Self::V,
        p: Self::V,
        space: u32,
        ty: Ty,
        o: Ordering,
        s: SyncScope,
    );
    /// A stack buffer of `size` bytes aligned to `align`, in the entry block (a generic
    /// pointer).
    fn buffer(&mut self, size: u32, align: u32) -> Self::V;
    /// `p + offset` bytes.
    fn offset(&mut self, p: Self::V, offset: u32) -> Self::V;
    /// A plain store of `x` (of type `ty`) to `p`, naturally aligned.
    fn store_to(&mut self, x: Self::V, p: Self::V, ty: Ty);
    /// A null generic pointer.
    fn null(&mut self) -> Self::V;
    /// A call of the external function `name` (declared on first use with these types).
    fn call(&mut self, name: &str, ret: Option<Ty>, args: Vec<(Self::V, Ty)>);
    /// An upstream op ([`super::upstream`]) with its arguments resolved; its result, if it
    /// has one.
    fn upstream(&mut self, u: &Upstream, args: Vec<Resolved<Self::V>>) -> Option<Self::V>;
    /// An unconditional branch (ends the block).
    fn br(&mut self, to: &str);
    /// A conditional branch (ends the block).
    fn cond_br(&mut self, p: Self::V, yes: &str, no: &str);
    /// Starts block `name` (the previous block is ended).
    fn label(&mut self, name: &str);
    /// `ret void` (ends the block).
    fn ret(&mut self);
}

/// The words of the refusal every writer reports (`--emit nvvm-mlir does not write …`).
pub fn refusal(emit: &str, what: impl std::fmt::Display) -> String {
    format!("--emit {emit} does not write {what} yet")
}

/// Writes every kernel and global of `m` into `sink`; the ops it cannot write, each located,
/// named with `emit` (the `--emit` spelling the user asked for).
pub fn lower_module<S: Sink>(
    m: &Module,
    target: &Target,
    emit: &str,
    sink: &mut S,
) -> Result<(), Diagnostics> {
    let mut d = Diagnostics::new();
    let mut strings = Vec::new();
    for k in m.top_ops() {
        if px::Global::is(m, k) {
            match global_layout(m, k) {
                Ok((name, bytes, align)) => sink.global(&GlobalDef {
                    name: &name,
                    space: 1,
                    init: Some(&bytes),
                    size: bytes.len() as u64,
                    align,
                    constant: px::Global::wrap(k).constant(m),
                }),
                Err(why) => d.error(m.op_loc(k), why),
            }
        } else if px::Kernel::is(m, k) {
            Func {
                m,
                target,
                emit,
                d: &mut d,
                sink: &mut *sink,
                name: String::new(),
                params: Vec::new(),
                blocks: 0,
                closed: false,
                chain_ends: Default::default(),
                wgmma_results: Vec::new(),
                in_place: None,
                strings: &mut strings,
            }
            .kernel(k);
        } else {
            d.error_code(
                DiagCode::LowerUnsupported,
                m.op_loc(k),
                refusal(emit, format_args!("'{}'", m.op_name(k))),
            );
        }
    }
    if d.has_errors() {
        Err(d)
    } else {
        Ok(())
    }
}

/// How a value of type `t` is held: its slot's type and the inline-asm constraint of its
/// register, following the PTX printer's register classes: integers of up to 32 bits and f16 /
/// bf16 (their bits) in a 32-bit register, predicates as `i1` (no constraint: NVPTX inline asm
/// has no predicate operands).
pub fn slot(m: &Module, t: Type) -> Option<(Ty, Option<char>)> {
    Some(match m.type_data(t) {
        TypeData::Int(1) => (Ty::I1, None),
        TypeData::Int(w) if *w <= 32 => (Ty::I32, Some('r')),
        TypeData::Float(FloatKind::F16 | FloatKind::BF16) => (Ty::I32, Some('r')),
        TypeData::Int(64) | TypeData::Index => (Ty::I64, Some('l')),
        // `.b128` registers (sm_70+, PTX 8.3): NVPTX's `q` constraint.
        TypeData::Int(128) => (Ty::I128, Some('q')),
        TypeData::Float(FloatKind::F32) => (Ty::F32, Some('f')),
        TypeData::Float(FloatKind::F64) => (Ty::F64, Some('d')),
        _ => return None,
    })
}

/// The slot type of `t`.
fn slot_ty(m: &Module, t: Type) -> Option<Ty> {
    slot(m, t).map(|s| s.0)
}

/// A kernel parameter's type: its own (narrow ones are widened where they are read); a tensor
/// map's is a pointer to it ([`FuncDef::tensor_maps`]).
fn param_ty(m: &Module, t: Type) -> Option<Ty> {
    if tilec_dialects::types::is_tensormap(m, t) {
        return Some(Ty::Ptr(0));
    }
    Some(match m.type_data(t) {
        TypeData::Int(8) => Ty::I8,
        TypeData::Int(16) => Ty::I16,
        TypeData::Float(FloatKind::F16) => Ty::F16,
        TypeData::Float(FloatKind::BF16) => Ty::BF16,
        _ if native_constant(m, t) => slot_ty(m, t)?,
        _ => return None,
    })
}

/// Whether a value of `t` is written by a constant of its own type (`t` is its slot type).
fn native_constant(m: &Module, t: Type) -> bool {
    matches!(
        m.type_data(t),
        TypeData::Int(1 | 32 | 64) | TypeData::Float(FloatKind::F32 | FloatKind::F64)
    )
}

/// `fcmp` predicates: `ptx.setp` on floats is spelled with LLVM's names.
const FCMP: &[&str] = &[
    "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
    "uno",
];

/// `ptx.setp`'s integer comparisons as `icmp` predicates.
const ICMP: &[(&str, &str)] = &[
    ("eq", "eq"),
    ("ne", "ne"),
    ("lt", "slt"),
    ("le", "sle"),
    ("gt", "sgt"),
    ("ge", "sge"),
    ("slt", "slt"),
    ("sle", "sle"),
    ("sgt", "sgt"),
    ("sge", "sge"),
    ("ult", "ult"),
    ("ule", "ule"),
    ("ugt", "ugt"),
    ("uge", "uge"),
    ("lo", "ult"),
    ("ls", "ule"),
    ("hi", "ugt"),
    ("hs", "uge"),
];

/// One kernel being written.
struct Func<'a, S: Sink> {
    m: &'a Module,
    target: &'a Target,
    emit: &'a str,
    d: &'a mut Diagnostics,
    sink: &'a mut S,
    /// The kernel's name.
    name: String,
    /// The kernel's parameter types.
    params: Vec<Type>,
    /// Blocks (`bN`) made so far.
    blocks: u32,
    /// The current block ends with a terminator.
    closed: bool,
    /// For each `wgmma_mma_async`, the values that hold its results past the chain of wgmmas
    /// accumulating into them ([`chain_ends`]).
    chain_ends: std::collections::HashMap<Op, Vec<Value>>,
    /// Those of the wgmmas written so far: what a `wgmma.wait_group` completes.
    wgmma_results: Vec<Value>,
    /// Which accumulators tilec's printer writes in place (a kernel with wgmmas only).
    in_place: Option<WgmmaInPlace>,
    /// The module's strings (printf formats, assertion texts), shared by its kernels.
    strings: &'a mut Vec<String>,
}

impl<S: Sink> Func<'_, S> {
    fn unsupported(&mut self, at: Loc, what: impl std::fmt::Display) {
        self.d
            .error_code(DiagCode::LowerUnsupported, at, refusal(self.emit, what));
    }

    fn kernel(mut self, k: Op) {
        let m = self.m;
        let kv = px::Kernel::wrap(k);
        self.name = kv.sym_name(m).to_string();
        let params: Vec<Type> = kv.param_type_list(m);
        let mut sig = Vec::new();
        for &t in &params {
            match param_ty(m, t) {
                Some(s) => sig.push(s),
                None => return self.unsupported(m.op_loc(k), "a parameter of this type"),
            }
        }
        self.params = params;
        let ops: Vec<Op> = m
            .regions(k)
            .iter()
            .flat_map(|&r| m.region_blocks(r).to_vec())
            .flat_map(|b| m.block_ops(b).collect::<Vec<_>>())
            .collect();
        self.chain_ends = chain_ends(m, &ops);
        self.in_place = (!self.chain_ends.is_empty()).then(|| WgmmaInPlace::of(m, k));
        let mut slots = Vec::new();
        for &op in &ops {
            for v in m.results(op) {
                let Some(t) = slot_ty(m, m.value_type(v)) else {
                    return self
                        .unsupported(m.op_loc(op), format_args!("a value of '{}'", m.op_name(op)));
                };
                slots.push((v, t));
            }
        }
        // The kernel's shared arrays, as globals of address space 3 named after the kernel.
        for &op in &ops {
            if let Some(decl) = px::SharedDecl::cast(m, op) {
                let name = self.shared_name(decl.symbol(m).unwrap_or(""));
                self.sink.global(&GlobalDef {
                    name: &name,
                    space: 3,
                    init: None,
                    size: decl.size(m).unwrap_or(4) as u64,
                    align: decl.align(m).unwrap_or(4) as u64,
                    constant: false,
                });
            }
        }
        let cluster = kv.cluster_dims(m).map(|dims| {
            let mut d = [1u32; 3];
            for (x, &n) in d.iter_mut().zip(dims.iter()) {
                *x = n as u32;
            }
            d
        });
        let tensor_maps = (self.params.iter().enumerate())
            .filter(|&(_, &t)| tilec_dialects::types::is_tensormap(m, t))
            .map(|(i, _)| i)
            .collect();
        let def = FuncDef {
            name: self.name.clone(),
            params: sig,
            tensor_maps,
            reqntid: kv.num_threads(m).map(|n| n as u32),
            minctasm: kv.min_ctas_per_sm(m).map(|n| n as u32),
            cluster,
        };
        self.sink.begin_func(&def, &slots);
        for &op in &ops {
            self.op(op);
        }
        if !self.closed {
            self.sink.ret();
        }
        self.sink.end_func();
    }

    /// The module-level name of the kernel's shared array `sym` (two kernels may both have an
    /// array of one name).
    fn shared_name(&self, sym: &str) -> String {
        format!("{}__{}", self.name, sym)
    }

    /// Stores the address of global `@sym` (of address space `space`) as the integer `int` into
    /// the slot of `v`, as `mov` of a symbol gives it.
    fn address_of(&mut self, sym: &str, space: u32, int: Ty, v: Value) {
        let p = self.sink.address_of(sym, space);
        let x = self.sink.cast(Cast::PtrToInt, p, Ty::Ptr(space), int);
        self.sink.store(x, int, v);
    }

    /// Loads `v` from its slot; the value and its type.
    fn load(&mut self, v: Value) -> (S::V, Ty) {
        let t = slot_ty(self.m, self.m.value_type(v)).unwrap_or(Ty::I32);
        (self.sink.load(v, t), t)
    }

    /// Starts block `label` (falling through into it from the current one).
    fn block(&mut self, label: &str) {
        if !self.closed {
            self.sink.br(label);
        }
        self.sink.label(label);
        self.closed = false;
    }

    /// A fresh block name.
    fn fresh_block(&mut self) -> String {
        self.blocks += 1;
        format!("b{}", self.blocks)
    }

    fn op(&mut self, op: Op) {
        let m = self.m;
        let loc = m.op_loc(op);
        if self.closed && !px::Label::is(m, op) {
            // Code after a terminator runs only if a label leads to it.
            let b = self.fresh_block();
            self.block(&b);
        }
        if let Some(n) = native_access(m, op, self.target) {
            return self.native(op, n);
        }
        if let Some(o) = self.native_int(op) {
            return self.two_operand(op, o);
        }
        if let Some(u) = upstream(m, op) {
            return self.upstream(op, &u);
        }
        match OpKind::of(m, op) {
            Some(OpKind::LdParam) => self.ld_param(op),
            Some(OpKind::MovImm) if native_constant(m, m.value_type(m.result(op, 0))) => {
                let r = m.result(op, 0);
                let t = slot_ty(m, m.value_type(r)).unwrap_or(Ty::I32);
                let c = match m.get_attr(op, tilec_ir::sym!(px::MovImm::VALUE)) {
                    Some(AttrData::Int { value, .. }) => Const::Int(t, *value),
                    Some(AttrData::Bool(b)) => Const::Int(t, *b as i64),
                    Some(AttrData::Float { bits, .. }) => Const::Float(t, *bits),
                    _ => return self.unsupported(loc, "a 'mov_imm' without a value"),
                };
                let x = self.sink.constant(c);
                self.sink.store(x, t, r);
            }
            Some(OpKind::Label) => {
                let name = label_name(px::Label::wrap(op).name(m).unwrap_or(""));
                self.block(&name);
            }
            Some(OpKind::Bra) => self.branch(op),
            Some(OpKind::Reg | OpKind::SharedDecl) => {}
            Some(OpKind::Mov) => {
                let ops = m.operands(op);
                let (x, t) = self.load(ops[1]);
                self.sink.store(x, t, ops[0]);
            }
            Some(OpKind::Ret) => {
                self.sink.ret();
                self.closed = true;
            }
            Some(OpKind::Setp) => self.setp(op),
            Some(OpKind::SharedAddr) => {
                // `mov.u32 r, sym`: the symbol's address in the shared window.
                let g = self.shared_name(px::SharedAddr::wrap(op).symbol(m).unwrap_or(""));
                self.address_of(&g, 3, Ty::I32, m.result(op, 0));
            }
            Some(OpKind::GetGlobal) => {
                // `mov.u64 d, NAME`: the global's address.
                let name = tilec_dialects::globals::global_name(m, op).map_or("", |s| s.as_str());
                self.address_of(name, 1, Ty::I64, m.result(op, 0));
            }
            Some(OpKind::Printf) => self.printf(op),
            Some(OpKind::AssertFail) => self.assert_fail(op),
            Some(OpKind::Global) => {
                self.unsupported(loc, format_args!("'{}' inside a kernel", m.op_name(op)))
            }
            Some(OpKind::WgmmaWait) => self.wgmma_wait(op),
            Some(OpKind::Binary) if self.on_predicates(op) => self.predicate_logic(op),
            Some(OpKind::Math)
                if px::Math::wrap(op)
                    .opcode(m)
                    .is_some_and(|o| o.starts_with("selp.")) =>
            {
                self.select(op)
            }
            _ => self.inline_asm(op),
        }
    }

    /// `ld.param`: the parameter, zero-extended into its 32-bit register when narrower (a
    /// half's bits first).
    fn ld_param(&mut self, op: Op) {
        let m = self.m;
        let i = px::LdParam::wrap(op).index(m).unwrap_or(0);
        let r = m.result(op, 0);
        let t = slot_ty(m, m.value_type(r)).unwrap_or(Ty::I32);
        let arg = self.sink.param(i as u32);
        let pt = self.params.get(i as usize).and_then(|&p| param_ty(m, p));
        let x = match pt {
            // A tensor map's generic address (`mov` + `cvta.param`).
            Some(p @ Ty::Ptr(_)) => self.sink.cast(Cast::PtrToInt, arg, p, Ty::I64),
            Some(w @ (Ty::I8 | Ty::I16)) => self.sink.cast(Cast::Zext, arg, w, Ty::I32),
            Some(h @ (Ty::F16 | Ty::BF16)) => {
                let b = self.sink.cast(Cast::Bitcast, arg, h, Ty::I16);
                self.sink.cast(Cast::Zext, b, Ty::I16, Ty::I32)
            }
            _ => arg,
        };
        self.sink.store(x, t, r);
    }

    /// A fence, load or store LLVM writes with its pair ([`super::native`]).
    fn native(&mut self, op: Op, n: Native) {
        let m = self.m;
        match n {
            Native::Fence(o, s) => self.sink.fence(o, s),
            Native::Load { ty, space, o, s } => {
                let (a, at) = self.load(m.operands(op)[0]);
                let p = self.sink.cast(Cast::IntToPtr, a, at, Ty::Ptr(space));
                let x = self.sink.load_atomic(p, space, ty, o, s);
                self.sink.store(x, ty, m.result(op, 0));
            }
            Native::Store { ty, space, o, s } => {
                let (a, at) = self.load(m.operands(op)[0]);
                let (x, _) = self.load(m.operands(op)[1]);
                let p = self.sink.cast(Cast::IntToPtr, a, at, Ty::Ptr(space));
                self.sink.store_atomic(x, p, space, ty, o, s);
            }
        }
    }

    /// `wgmma.wait_group`, with the accumulators of every wgmma written before it passed
    /// through (tied in-out operands the text does not name, stored back to their slots): their
    /// uses after the wait read the wait's outputs, so LLVM cannot move a use above the wait,
    /// where the hardware may still be writing the register.
    fn wgmma_wait(&mut self, op: Op) {
        let m = self.m;
        let mut accs: Vec<Value> = Vec::new();
        for &v in &self.wgmma_results {
            if !accs.contains(&v) {
                accs.push(v);
            }
        }
        let text = match asm_text(m, op, self.target, &[], None) {
            Ok(t) => t,
            Err(why) => {
                return self.unsupported(m.op_loc(op), format_args!("'{}' ({why})", m.op_name(op)))
            }
        };
        let mut cons = Vec::new();
        let mut args = Vec::new();
        let mut rets = Vec::new();
        for &v in &accs {
            let Some((t, Some(c))) = slot(m, m.value_type(v)) else {
                return self.unsupported(m.op_loc(op), "a wgmma accumulator of this type");
            };
            cons.push(format!("={c}"));
            rets.push(t);
            let x = self.sink.load(v, t);
            args.push((x, t));
        }
        for i in 0..accs.len() {
            cons.push(i.to_string());
        }
        cons.push("~{memory}".into());
        let outs = self.sink.inline_asm(Asm {
            text: asm_string(&text, &[], 0),
            constraints: cons.join(","),
            args,
            rets: rets.clone(),
        });
        for ((&v, x), t) in accs.iter().zip(outs).zip(rets) {
            self.sink.store(x, t, v);
        }
    }

    /// The generic address of the module's NUL-terminated string `text`: a constant global of
    /// address space 1 (`__tilec_fmt_N`, as tilec's PTX names it), made on first use.
    fn string(&mut self, text: &str) -> S::V {
        let i = match self.strings.iter().position(|t| t == text) {
            Some(i) => i,
            None => {
                self.strings.push(text.to_string());
                let bytes: Vec<u8> = text.bytes().chain(std::iter::once(0)).collect();
                let name = format!("__tilec_fmt_{}", self.strings.len() - 1);
                self.sink.global(&GlobalDef {
                    name: &name,
                    space: 1,
                    init: Some(&bytes),
                    size: bytes.len() as u64,
                    align: 1,
                    constant: true,
                });
                self.strings.len() - 1
            }
        };
        let p = self.sink.address_of(&format!("__tilec_fmt_{i}"), 1);
        self.sink
            .cast(Cast::AddrSpaceCast, p, Ty::Ptr(1), Ty::Ptr(0))
    }

    /// `ptx.printf` as CUDA's `vprintf(format, buffer)` (PTX ISA, "System Calls"): the operands
    /// in a stack buffer, each at an offset aligned to its size, an f32 as an f64 (C's varargs
    /// promotion), as tilec's PTX packs them.
    fn printf(&mut self, op: Op) {
        let m = self.m;
        let fmt = self.string(px::Printf::wrap(op).format(m).unwrap_or(""));
        let mut fields = Vec::new();
        let mut end = 0u32;
        for &v in m.operands(op) {
            let (size, ty, widen) = match m.type_data(m.value_type(v)) {
                TypeData::Int(64) | TypeData::Index => (8, Ty::I64, false),
                TypeData::Float(FloatKind::F64) => (8, Ty::F64, false),
                TypeData::Float(FloatKind::F32) => (8, Ty::F64, true),
                _ => (4, Ty::I32, false),
            };
            let at = end.next_multiple_of(size);
            fields.push((v, at, ty, widen));
            end = at + size;
        }
        let buf = if fields.is_empty() {
            self.sink.null()
        } else {
            let buf = self.sink.buffer(end, 8);
            for (v, at, ty, widen) in fields {
                let (mut x, t) = self.load(v);
                if widen {
                    x = self.sink.cast(Cast::FpExt, x, t, Ty::F64);
                }
                let p = self.sink.offset(buf.clone(), at);
                self.sink.store_to(x, p, ty);
            }
            buf
        };
        let args = vec![(fmt, Ty::Ptr(0)), (buf, Ty::Ptr(0))];
        self.sink.call("vprintf", Some(Ty::I32), args);
    }

    /// `ptx.assert_fail` as CUDA's `__assertfail(message, file, line, function, 1)`, as
    /// tilec's PTX calls it: an empty file, line 0, the kernel's name.
    fn assert_fail(&mut self, op: Op) {
        let msg = self.string(px::AssertFail::wrap(op).message(self.m).unwrap_or(""));
        let file = self.string("");
        let name = self.name.clone();
        let func = self.string(&name);
        let line = self.sink.constant(Const::Int(Ty::I32, 0));
        let size = self.sink.constant(Const::Int(Ty::I64, 1));
        let p = Ty::Ptr(0);
        let args = vec![
            (msg, p),
            (file, p),
            (line, Ty::I32),
            (func, p),
            (size, Ty::I64),
        ];
        self.sink.call("__assertfail", None, args);
    }

    /// `op` as its upstream op: operands loaded (a shared address made a pointer), constants
    /// made.
    fn upstream(&mut self, op: Op, u: &Upstream) {
        let mut args = Vec::new();
        for a in &u.args {
            args.push(match *a {
                Arg::Operand(i, want) => {
                    let (x, t) = self.load(self.m.operands(op)[i]);
                    match want {
                        Ty::Ptr(_) => {
                            Resolved::Value(self.sink.cast(Cast::IntToPtr, x, t, want), want)
                        }
                        _ => Resolved::Value(x, t),
                    }
                }
                Arg::Const(c) => {
                    Resolved::Value(self.sink.constant(Const::Int(Ty::I32, c)), Ty::I32)
                }
                Arg::Imm(c) => Resolved::Imm(c),
            });
        }
        let x = self.sink.upstream(u, args);
        if let (Some(x), Some(t), Some(r)) = (x, u.ret, self.m.results(op).next()) {
            self.sink.store(x, t, r);
        }
    }

    /// Does `op` compute on predicates (`and`/`or`/`xor` of `i1`s)?
    fn on_predicates(&self, op: Op) -> bool {
        let m = self.m;
        m.operands(op)
            .iter()
            .all(|&v| matches!(m.type_data(m.value_type(v)), TypeData::Int(1)))
    }

    /// `and`/`or`/`xor` of predicates.
    fn predicate_logic(&mut self, op: Op) {
        let m = self.m;
        let opcode = px::Binary::wrap(op).opcode(m).unwrap_or("");
        match IntOp::of_opcode(opcode) {
            Some(o @ (IntOp::And | IntOp::Or | IntOp::Xor)) => self.two_operand(op, o),
            _ => self.unsupported(m.op_loc(op), format_args!("'{opcode}' of predicates")),
        }
    }

    /// The native operation of an integer `ptx.binary` ([`IntOp`]): no modifiers, and every
    /// value an integer of its slot's width or narrower (a narrow integer computes in its 32-bit
    /// register, as the PTX printer's `add.s32` does).
    fn native_int(&self, op: Op) -> Option<IntOp> {
        let m = self.m;
        let b = px::Binary::cast(m, op)?;
        if b.rounding(m).is_some() || b.ftz(m) || b.nan(m) {
            return None;
        }
        let o = IntOp::of_opcode(b.opcode(m)?)?;
        let r = m.result(op, 0);
        let ty = slot_ty(m, m.value_type(r))?;
        let int = |v: Value| {
            matches!(
                m.type_data(m.value_type(v)),
                TypeData::Int(8 | 16 | 32 | 64) | TypeData::Index
            ) && slot_ty(m, m.value_type(v)) == Some(ty)
        };
        (int(r) && m.operands(op).iter().all(|&v| int(v))).then_some(o)
    }

    /// `a op b` of `op`'s two operands, stored as its result.
    fn two_operand(&mut self, op: Op, o: IntOp) {
        let m = self.m;
        let ops = m.operands(op);
        let (a, t) = self.load(ops[0]);
        let (b, _) = self.load(ops[1]);
        let x = self.sink.int_op(o, a, b, t);
        self.sink.store(x, t, m.result(op, 0));
    }

    /// `selp.T d, a, b, p` as `select p, a, b`.
    fn select(&mut self, op: Op) {
        let m = self.m;
        let ops = m.operands(op);
        if ops.len() != 3 {
            return self.unsupported(m.op_loc(op), "a 'selp' without its three operands");
        }
        let (a, t) = self.load(ops[0]);
        let (b, _) = self.load(ops[1]);
        let (p, _) = self.load(ops[2]);
        let x = self.sink.select(p, a, b, t);
        self.sink.store(x, t, m.result(op, 0));
    }

    fn branch(&mut self, op: Op) {
        let m = self.m;
        let b = px::Bra::wrap(op);
        let target = label_name(b.label(m).unwrap_or(""));
        match m.operands(op).first() {
            None => {
                self.sink.br(&target);
                self.closed = true;
            }
            Some(&p) => {
                let (x, _) = self.load(p);
                let fall = self.fresh_block();
                if b.negate(m) {
                    self.sink.cond_br(x, &fall, &target);
                } else {
                    self.sink.cond_br(x, &target, &fall);
                }
                self.sink.label(&fall);
            }
        }
    }

    fn setp(&mut self, op: Op) {
        let m = self.m;
        let ops = m.operands(op);
        let cmp = px::Setp::wrap(op).cmp(m).unwrap_or("");
        let c = match m.type_data(m.value_type(ops[0])) {
            TypeData::Float(FloatKind::F32 | FloatKind::F64) => {
                FCMP.iter().find(|k| **k == cmp).map(|&p| Cmp::Float(p))
            }
            TypeData::Int(_) | TypeData::Index => ICMP
                .iter()
                .find(|(k, _)| *k == cmp)
                .map(|&(_, p)| Cmp::Int(p)),
            _ => None,
        };
        let Some(c) = c else {
            return self.unsupported(
                m.op_loc(op),
                format_args!("the comparison 'setp.{cmp}' of these types"),
            );
        };
        let (a, t) = self.load(ops[0]);
        let (b, _) = self.load(ops[1]);
        let x = self.sink.compare(c, a, b, t);
        self.sink.store(x, Ty::I1, m.result(op, 0));
    }

    /// `op` as the inline asm of its PTX instruction: results are its outputs, then operands its
    /// inputs, in order. A predicate crosses the asm boundary as a `u32` (NVPTX inline asm has
    /// no predicate operands): the statement declares a `.pred` of its own, set from the input
    /// by `setp.ne.u32` or copied to the output by `selp.u32` ([`asm_string`]).
    fn inline_asm(&mut self, op: Op) {
        let m = self.m;
        let loc = m.op_loc(op);
        let results: Vec<Value> = m.results(op).collect();
        // wgmma: each result is tied to its accumulator operand (`D += A·B` in place, the
        // register the hardware writes asynchronously until `wgmma.wait_group`).
        let wgmma = px::WgmmaMmaAsync::is(m, op);
        if let Some(ends) = self.chain_ends.get(&op) {
            self.wgmma_results.extend(ends.iter().copied());
        }
        let operands = m.operands(op).to_vec();
        let all: Vec<Value> = results.iter().chain(operands.iter()).copied().collect();
        let mut cons = Vec::new();
        let mut preds = Vec::new();
        for (i, &v) in all.iter().enumerate() {
            let c = match slot(m, m.value_type(v)) {
                Some((Ty::I1, _)) => {
                    preds.push(i as u32);
                    'r'
                }
                Some((_, Some(c))) => c,
                _ => {
                    return self.unsupported(
                        loc,
                        format_args!("'{}' with an operand of this type", m.op_name(op)),
                    )
                }
            };
            cons.push(if i < results.len() {
                format!("={c}")
            } else if wgmma && i >= results.len() + 2 {
                (i - results.len() - 2).to_string()
            } else {
                c.to_string()
            });
        }
        let slots: Vec<(Value, u32)> = all
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u32))
            .collect();
        let text = match asm_text(m, op, self.target, &slots, self.in_place.as_ref()) {
            Ok(t) => t,
            Err(why) => return self.unsupported(loc, format_args!("'{}' ({why})", m.op_name(op))),
        };
        cons.push("~{memory}".into());
        let mut args = Vec::new();
        for &v in &operands {
            let (mut x, mut t) = self.load(v);
            if t == Ty::I1 {
                x = self.sink.cast(Cast::Zext, x, Ty::I1, Ty::I32);
                t = Ty::I32;
            }
            args.push((x, t));
        }
        // The asm's view of each result: a predicate as i32.
        let rets: Vec<Ty> = results
            .iter()
            .map(|&r| match slot_ty(m, m.value_type(r)).unwrap_or(Ty::I32) {
                Ty::I1 => Ty::I32,
                t => t,
            })
            .collect();
        let outs = self.sink.inline_asm(Asm {
            text: asm_string(&text, &preds, results.len() as u32),
            constraints: cons.join(","),
            args,
            rets: rets.clone(),
        });
        for ((&r, x), t) in results.iter().zip(outs).zip(rets) {
            if slot_ty(m, m.value_type(r)) == Some(Ty::I1) {
                let zero = self.sink.constant(Const::Int(Ty::I32, 0));
                let b = self.sink.compare(Cmp::Int("ne"), x, zero, Ty::I32);
                self.sink.store(b, Ty::I1, r);
            } else {
                self.sink.store(x, t, r);
            }
        }
    }
}

/// For each `wgmma_mma_async` among `ops`, the values its results live on in after the chain of
/// wgmmas that accumulates into them: a result some other op reads, and the register a
/// `ptx.mov` copies it into (a loop-carried accumulator). A `wgmma.wait_group` passes exactly
/// these through ([`Func::wgmma_wait`]); a result only the next wgmma reads dies there, so LLVM
/// keeps the chain in one set of registers (a result kept alive past the next wgmma would make
/// LLVM copy the accumulators, and ptxas serialize the wgmmas).
fn chain_ends(m: &Module, ops: &[Op]) -> std::collections::HashMap<Op, Vec<Value>> {
    let mut users: std::collections::HashMap<Value, Vec<Op>> = Default::default();
    for &op in ops {
        for &v in m.operands(op) {
            users.entry(v).or_default().push(op);
        }
    }
    let mut out: std::collections::HashMap<Op, Vec<Value>> = Default::default();
    for &w in ops.iter().filter(|&&o| px::WgmmaMmaAsync::is(m, o)) {
        let ends = out.entry(w).or_default();
        for r in m.results(w) {
            for &u in users.get(&r).map_or(&[][..], Vec::as_slice) {
                if px::Mov::is(m, u) && m.operands(u).get(1) == Some(&r) {
                    ends.push(m.operands(u)[0]);
                } else if !px::WgmmaMmaAsync::is(m, u) && !ends.contains(&r) {
                    ends.push(r);
                }
            }
        }
    }
    out
}

/// A block name for a ptx label (`$L__tilec_3` → `L__tilec_3`).
fn label_name(l: &str) -> String {
    l.trim_start_matches('$')
        .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_")
}

/// The printer's lines as one inline-asm string in LLVM's escaping: `$` doubled, the operand
/// marks as `$N`, lines joined by `\n\t`. The operands `preds` (numbered as the marks; the first
/// `n_out` are outputs) are predicates: the text uses `%tp<N>` for them, declared in a scope of
/// the statement's own, set from the `u32` input before the text and copied to the `u32` output
/// after it.
fn asm_string(text: &str, preds: &[u32], n_out: u32) -> String {
    let mut lines: Vec<String> = Vec::new();
    if !preds.is_empty() {
        let names: Vec<String> = preds.iter().map(|p| format!("%tp{p}")).collect();
        lines.push("{".into());
        lines.push(format!(".reg .pred {};", names.join(", ")));
        for &p in preds.iter().filter(|&&p| p >= n_out) {
            lines.push(format!("setp.ne.u32 %tp{p}, ${p}, 0;"));
        }
    }
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut s = String::new();
        let mut mark: Option<String> = None;
        for c in line.chars() {
            match (c, &mut mark) {
                (ASM_MARK, None) => mark = Some(String::new()),
                (ASM_MARK, Some(n)) => {
                    let is_pred = n.parse::<u32>().is_ok_and(|k| preds.contains(&k));
                    s.push_str(if is_pred { "%tp" } else { "$" });
                    s.push_str(n);
                    mark = None;
                }
                (c, Some(n)) => n.push(c),
                ('$', None) => s.push_str("$$"),
                (c, None) => s.push(c),
            }
        }
        lines.push(s);
    }
    if !preds.is_empty() {
        for &p in preds.iter().filter(|&&p| p < n_out) {
            lines.push(format!("selp.u32 ${p}, 1, 0, %tp{p};"));
        }
        lines.push("}".into());
    }
    lines.join("\n\t")
}
