//! `tilec --emit nvvm-mlir`: the ptx-level IR as MLIR's upstream `llvm` and `nvvm` dialects, for
//! stacks that compile through MLIR (`mlir-translate --mlir-to-llvmir`, then LLVM's NVPTX
//! backend).
//!
//! Every `ptx.kernel` becomes an `llvm.func` with `nvvm.kernel` and `nvvm.reqntid`. The ptx IR is
//! a register machine (labels, branches, `ptx.reg`s written by `ptx.mov`), so each of the
//! kernel's values gets a stack slot (`llvm.alloca` in the entry block): an op loads its
//! operands and stores its results, labels start blocks and branches end them. LLVM's mem2reg
//! turns the slots back into registers; no SSA form has to be rebuilt here.
//!
//! What an op computes is written in one of two ways:
//! - natively, where LLVM keeps the meaning whole: parameters, constants, integer and float
//!   compares, predicate logic, `selp`, branches, `ptx.reg`/`ptx.mov`, `ret`, shared arrays,
//!   globals (`llvm.mlir.global` of address space 1 with the PTX printer's bytes);
//! - otherwise as `llvm.inline_asm` of the very instruction the PTX printer prints for it
//!   ([`super::ptx::asm_text`], one derivation of each form): memory accesses with their
//!   (semantic, scope) pair, atomics, fences, barriers, arithmetic. LLVM 22 drops the ordering
//!   and scope of `atomicrmw` (SYNC-MODEL §5), so a memory op never goes through LLVM's own
//!   atomics here. Each statement has side effects and clobbers memory, so LLVM neither removes
//!   nor reorders it across other memory operations.
//!
//! Not yet written (a located error naming the op): `printf` and `assert`, tensor-map
//! parameters, `wgmma_mma_async` (its accumulators are
//! written asynchronously: registers LLVM sees as defined could be copied before the wait), and
//! ops whose PTX needs a scratch register.

use super::ptx::{asm_text, global_layout, ASM_MARK};
use std::fmt::Write as _;
use tilec_dialects::ptx::{self as px, OpKind};
use tilec_ir::{Diagnostics, Module, Op, OpView, Type, TypeData, Value};
use tilec_ir::{FloatKind, Loc};

/// The MLIR text of every `ptx.kernel` of `m`, or the ops it cannot write yet.
pub fn print_nvvm_mlir(
    m: &Module,
    target: &tilec_dialects::target::Target,
) -> Result<String, Diagnostics> {
    let mut out = String::from("module {\n");
    let mut d = Diagnostics::new();
    for k in m.top_ops() {
        if px::Global::is(m, k) {
            // A module-level array in the global space (`.global .align A .b8 NAME[N]`).
            match global_layout(m, k) {
                Ok((name, bytes, align)) => {
                    let init: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
                    let constant = if px::Global::wrap(k).constant(m) {
                        "constant "
                    } else {
                        ""
                    };
                    let _ = writeln!(
                        out,
                        "  llvm.mlir.global internal {constant}@{name}(dense<[{}]> : tensor<{}xi8>) {{addr_space = 1 : i32, alignment = {align} : i64}} : !llvm.array<{} x i8>",
                        init.join(", "),
                        bytes.len(),
                        bytes.len()
                    );
                }
                Err(why) => d.error(m.op_loc(k), why),
            }
        } else if px::Kernel::is(m, k) {
            let mut f = String::new();
            Func::new(m, target, &mut d).kernel(k, &mut f);
            out.push_str(&f);
        } else {
            d.error(
                m.op_loc(k),
                format!("--emit nvvm-mlir does not write '{}' yet", m.op_name(k)),
            );
        }
    }
    out.push_str("}\n");
    if d.has_errors() {
        Err(d)
    } else {
        Ok(out)
    }
}

/// How a value of type `t` is held: its slot's MLIR type and the inline-asm constraint of its
/// register, following the PTX printer's register classes: integers of up to 32 bits and f16 /
/// bf16 (their bits) in a 32-bit register, predicates as `i1` (no constraint: NVPTX inline asm
/// has no predicate operands).
fn slot(m: &Module, t: Type) -> Option<(&'static str, Option<char>)> {
    Some(match m.type_data(t) {
        TypeData::Int(1) => ("i1", None),
        TypeData::Int(w) if *w <= 32 => ("i32", Some('r')),
        TypeData::Float(FloatKind::F16 | FloatKind::BF16) => ("i32", Some('r')),
        TypeData::Int(64) | TypeData::Index => ("i64", Some('l')),
        // `.b128` registers (sm_70+, PTX 8.3): NVPTX's `q` constraint.
        TypeData::Int(128) => ("i128", Some('q')),
        TypeData::Float(FloatKind::F32) => ("f32", Some('f')),
        TypeData::Float(FloatKind::F64) => ("f64", Some('d')),
        _ => return None,
    })
}

/// The slot type of `t` (`i32` for a type [`slot`] has no register for: reported elsewhere).
fn mlir_type(m: &Module, t: Type) -> Option<&'static str> {
    slot(m, t).map(|s| s.0)
}

/// The inline-asm constraint letter of `t`'s register.
fn constraint(m: &Module, t: Type) -> Option<char> {
    slot(m, t).and_then(|s| s.1)
}

/// A kernel parameter's MLIR type: its own (narrow ones are widened where they are read).
fn param_type(m: &Module, t: Type) -> Option<&'static str> {
    Some(match m.type_data(t) {
        TypeData::Int(8) => "i8",
        TypeData::Int(16) => "i16",
        TypeData::Float(FloatKind::F16) => "f16",
        TypeData::Float(FloatKind::BF16) => "bf16",
        _ if native_constant(m, t) => mlir_type(m, t)?,
        _ => return None,
    })
}

/// Whether a value of `t` is written by an MLIR constant of its own type (`t` is its slot type).
fn native_constant(m: &Module, t: Type) -> bool {
    matches!(
        m.type_data(t),
        TypeData::Int(1 | 32 | 64) | TypeData::Float(FloatKind::F32 | FloatKind::F64)
    )
}

/// `llvm.fcmp` predicates: `ptx.setp` on floats is spelled with MLIR's names.
const FCMP: &[&str] = &[
    "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
    "uno",
];

/// `ptx.setp`'s integer comparisons as `llvm.icmp` predicates.
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
struct Func<'a> {
    m: &'a Module,
    target: &'a tilec_dialects::target::Target,
    d: &'a mut Diagnostics,
    body: String,
    /// The kernel's name.
    name: String,
    /// The kernel's parameter types.
    params: Vec<Type>,
    /// Temporaries (`%tN`) and blocks (`^bN`) made so far.
    temps: u32,
    blocks: u32,
    /// The current block ends with a terminator.
    closed: bool,
}

impl<'a> Func<'a> {
    fn new(
        m: &'a Module,
        target: &'a tilec_dialects::target::Target,
        d: &'a mut Diagnostics,
    ) -> Func<'a> {
        Func {
            m,
            target,
            d,
            body: String::new(),
            name: String::new(),
            params: Vec::new(),
            temps: 0,
            blocks: 0,
            closed: false,
        }
    }

    fn unsupported(&mut self, at: Loc, what: impl std::fmt::Display) {
        self.d
            .error(at, format!("--emit nvvm-mlir does not write {what} yet"));
    }

    fn kernel(mut self, k: Op, out: &mut String) {
        let m = self.m;
        let kv = px::Kernel::wrap(k);
        let name = kv.sym_name(m).to_string();
        self.name = name.clone();

        let params: Vec<Type> = kv.param_type_list(m);
        let mut sig = Vec::new();
        for (i, &t) in params.iter().enumerate() {
            match param_type(m, t) {
                Some(s) => sig.push(format!("%arg{i}: {s}")),
                None => {
                    return self.unsupported(m.op_loc(k), "a parameter of this type (a tensor map)")
                }
            }
        }
        self.params = params;
        let mut attrs = vec!["nvvm.kernel".to_string()];
        if let Some(n) = kv.num_threads(m) {
            attrs.push(format!("nvvm.reqntid = array<i32: {n}, 1, 1>"));
        }
        if let Some(n) = kv.min_ctas_per_sm(m) {
            attrs.push(format!("nvvm.minctasm = {n} : i32"));
        }
        if let Some(dims) = kv.cluster_dims(m) {
            // `.explicitcluster` and `.reqnctapercluster`, as tilec's PTX has them.
            let mut d: Vec<String> = dims.iter().map(|x| x.to_string()).collect();
            d.resize(3, "1".into());
            attrs.push(format!("nvvm.cluster_dim = array<i32: {}>", d.join(", ")));
        }
        let ops: Vec<Op> = m
            .regions(k)
            .iter()
            .flat_map(|&r| m.region_blocks(r).to_vec())
            .flat_map(|b| m.block_ops(b).collect::<Vec<_>>())
            .collect();
        // The entry block: the slots of every value.
        let mut entry = String::from("    %one = llvm.mlir.constant(1 : i32) : i32\n");
        for &op in &ops {
            for v in m.results(op) {
                let Some(t) = mlir_type(m, m.value_type(v)) else {
                    return self
                        .unsupported(m.op_loc(op), format_args!("a value of '{}'", m.op_name(op)));
                };
                let _ = writeln!(
                    entry,
                    "    %s{} = llvm.alloca %one x {t} : (i32) -> !llvm.ptr",
                    tilec_ir::entity::EntityRef::index(v)
                );
            }
        }
        for &op in &ops {
            self.op(op);
        }
        if !self.closed {
            self.body.push_str("    llvm.return\n");
        }
        // The kernel's shared arrays, as globals of address space 3 named after the kernel.
        for &op in &ops {
            if let Some(decl) = px::SharedDecl::cast(m, op) {
                let g = self.shared_name(decl.symbol(m).unwrap_or(""));
                let size = decl.size(m).unwrap_or(4);
                let align = decl.align(m).unwrap_or(4);
                let _ = writeln!(out, "  llvm.mlir.global internal @{g}() {{addr_space = 3 : i32, alignment = {align} : i64}} : !llvm.array<{size} x i8>");
            }
        }
        let _ = writeln!(
            out,
            "  llvm.func @{name}({}) attributes {{{}}} {{",
            sig.join(", "),
            attrs.join(", ")
        );
        out.push_str(&entry);
        out.push_str(&self.body);
        out.push_str("  }\n");
    }

    /// The module-level name of the kernel's shared array `sym` (two kernels may both have an
    /// array of one name).
    fn shared_name(&self, sym: &str) -> String {
        format!("{}__{}", self.name, sym)
    }

    /// Stores the address of global `@sym` (of address space `space`) as the integer `int` into
    /// the slot of `v`, as `mov` of a symbol gives it.
    fn address_of(&mut self, sym: &str, space: u32, int: &str, v: Value) {
        let (p, x) = (self.temp(), self.temp());
        let ptr = format!("!llvm.ptr<{space}>");
        let _ = writeln!(self.body, "    {p} = llvm.mlir.addressof @{sym} : {ptr}");
        let _ = writeln!(self.body, "    {x} = llvm.ptrtoint {p} : {ptr} to {int}");
        self.store(&x, int, v);
    }

    /// A fresh temporary name.
    fn temp(&mut self) -> String {
        self.temps += 1;
        format!("%t{}", self.temps)
    }

    /// Loads `v` from its slot; its temporary and MLIR type.
    fn load(&mut self, v: Value) -> (String, &'static str) {
        let t = mlir_type(self.m, self.m.value_type(v)).unwrap_or("i32");
        let x = self.temp();
        let _ = writeln!(
            self.body,
            "    {x} = llvm.load %s{} : !llvm.ptr -> {t}",
            tilec_ir::entity::EntityRef::index(v)
        );
        (x, t)
    }

    /// Stores `x` (of type `t`) into the slot of `v`.
    fn store(&mut self, x: &str, t: &str, v: Value) {
        let _ = writeln!(
            self.body,
            "    llvm.store {x}, %s{} : {t}, !llvm.ptr",
            tilec_ir::entity::EntityRef::index(v)
        );
    }

    /// Starts block `label` (falling through into it from the current one).
    fn block(&mut self, label: &str) {
        if !self.closed {
            let _ = writeln!(self.body, "    llvm.br ^{label}");
        }
        let _ = writeln!(self.body, "  ^{label}:");
        self.closed = false;
    }

    /// A fresh block after a terminator (code there runs only if a label leads to it).
    fn fresh_block(&mut self) -> String {
        self.blocks += 1;
        format!("b{}", self.blocks)
    }

    fn op(&mut self, op: Op) {
        let m = self.m;
        let loc = m.op_loc(op);
        if self.closed && !px::Label::is(m, op) {
            let b = self.fresh_block();
            self.block(&b);
        }
        match OpKind::of(m, op) {
            Some(OpKind::LdParam) => {
                let i = px::LdParam::wrap(op).index(m).unwrap_or(0);
                let r = m.result(op, 0);
                let t = mlir_type(m, m.value_type(r)).unwrap_or("i32");
                let arg = format!("%arg{i}");
                // `ld.param.u16` into a 32-bit register: zero-extended (a half's bits first).
                let pt = self.params.get(i as usize).and_then(|&p| param_type(m, p));
                let x = match pt {
                    Some(w @ ("i8" | "i16")) => {
                        let z = self.temp();
                        let _ = writeln!(self.body, "    {z} = llvm.zext {arg} : {w} to i32");
                        z
                    }
                    Some(h @ ("f16" | "bf16")) => {
                        let (b, z) = (self.temp(), self.temp());
                        let _ = writeln!(self.body, "    {b} = llvm.bitcast {arg} : {h} to i16");
                        let _ = writeln!(self.body, "    {z} = llvm.zext {b} : i16 to i32");
                        z
                    }
                    _ => arg,
                };
                self.store(&x, t, r);
            }
            Some(OpKind::MovImm) if native_constant(m, m.value_type(m.result(op, 0))) => {
                let r = m.result(op, 0);
                let t = mlir_type(m, m.value_type(r)).unwrap_or("i32");
                let Some(a) = m.get_attr(op, tilec_ir::sym!(px::MovImm::VALUE)) else {
                    return self.unsupported(loc, "a 'mov_imm' without a value");
                };
                let text = tilec_ir::text::attr_to_string(m, a);
                let x = self.temp();
                let _ = writeln!(self.body, "    {x} = llvm.mlir.constant({text}) : {t}");
                self.store(&x, t, r);
            }
            Some(OpKind::Label) => {
                let name = label_name(px::Label::wrap(op).name(m).unwrap_or(""));
                self.block(&name);
            }
            Some(OpKind::Bra) => self.branch(op),
            Some(OpKind::Reg) => {}
            Some(OpKind::Mov) => {
                let ops = m.operands(op);
                let (x, t) = self.load(ops[1]);
                self.store(&x, t, ops[0]);
            }
            Some(OpKind::Ret) => {
                self.body.push_str("    llvm.return\n");
                self.closed = true;
            }
            Some(OpKind::Setp) => self.setp(op),
            Some(OpKind::SharedDecl) => {}
            Some(OpKind::SharedAddr) => {
                // `mov.u32 r, sym`: the symbol's address in the shared window.
                let g = self.shared_name(px::SharedAddr::wrap(op).symbol(m).unwrap_or(""));
                self.address_of(&g, 3, "i32", m.result(op, 0));
            }
            Some(OpKind::GetGlobal) => {
                // `mov.u64 d, NAME`: the global's address.
                let name = tilec_dialects::globals::global_name(m, op).map_or("", |s| s.as_str());
                self.address_of(name, 1, "i64", m.result(op, 0));
            }
            Some(OpKind::Global | OpKind::Printf | OpKind::AssertFail) => {
                self.unsupported(loc, format_args!("'{}' (printf and assert)", m.op_name(op)))
            }
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

    /// Does `op` compute on predicates (`and`/`or`/`xor` of `i1`s)?
    fn on_predicates(&self, op: Op) -> bool {
        let m = self.m;
        m.operands(op)
            .iter()
            .all(|&v| matches!(m.type_data(m.value_type(v)), TypeData::Int(1)))
    }

    /// `and`/`or`/`xor` of predicates as the `llvm` op of that name.
    fn predicate_logic(&mut self, op: Op) {
        let m = self.m;
        let opcode = px::Binary::wrap(op).opcode(m).unwrap_or("");
        if !matches!(opcode, "and" | "or" | "xor") {
            return self.unsupported(m.op_loc(op), format_args!("'{opcode}' of predicates"));
        }
        self.two_operand(op, &format!("llvm.{opcode}"));
    }

    /// `op`'s two operands loaded, `inst` applied to them (`%x = inst %a, %b : T`), and the
    /// `i1` it gives stored as `op`'s result.
    fn two_operand(&mut self, op: Op, inst: &str) {
        let ops = self.m.operands(op);
        let (a, t) = self.load(ops[0]);
        let (b, _) = self.load(ops[1]);
        let x = self.temp();
        let _ = writeln!(self.body, "    {x} = {inst} {a}, {b} : {t}");
        self.store(&x, "i1", self.m.result(op, 0));
    }

    /// `selp.T d, a, b, p` as `llvm.select p, a, b`.
    fn select(&mut self, op: Op) {
        let m = self.m;
        let ops = m.operands(op);
        if ops.len() != 3 {
            return self.unsupported(m.op_loc(op), "a 'selp' without its three operands");
        }
        let (a, t) = self.load(ops[0]);
        let (b, _) = self.load(ops[1]);
        let (p, _) = self.load(ops[2]);
        let x = self.temp();
        let _ = writeln!(self.body, "    {x} = llvm.select {p}, {a}, {b} : i1, {t}");
        self.store(&x, t, m.result(op, 0));
    }

    fn branch(&mut self, op: Op) {
        let m = self.m;
        let b = px::Bra::wrap(op);
        let target = label_name(b.label(m).unwrap_or(""));
        match m.operands(op).first() {
            None => {
                let _ = writeln!(self.body, "    llvm.br ^{target}");
            }
            Some(&p) => {
                let (x, _) = self.load(p);
                let fall = self.fresh_block();
                let (yes, no) = if b.negate(m) {
                    (&fall, &target)
                } else {
                    (&target, &fall)
                };
                let _ = writeln!(self.body, "    llvm.cond_br {x}, ^{yes}, ^{no}");
                let _ = writeln!(self.body, "  ^{fall}:");
                return;
            }
        }
        self.closed = true;
    }

    fn setp(&mut self, op: Op) {
        let m = self.m;
        let ops = m.operands(op);
        let ty = m.value_type(ops[0]);
        let cmp = px::Setp::wrap(op).cmp(m).unwrap_or("");
        let (inst, pred) = match m.type_data(ty) {
            TypeData::Float(FloatKind::F32 | FloatKind::F64) => {
                ("llvm.fcmp", FCMP.iter().find(|k| **k == cmp).copied())
            }
            TypeData::Int(_) | TypeData::Index => (
                "llvm.icmp",
                ICMP.iter().find(|(k, _)| *k == cmp).map(|&(_, p)| p),
            ),
            _ => ("", None),
        };
        let Some(pred) = pred else {
            return self.unsupported(
                m.op_loc(op),
                format_args!("the comparison 'setp.{cmp}' of these types"),
            );
        };
        self.two_operand(op, &format!("{inst} \"{pred}\""));
    }

    /// `op` as the inline asm of its PTX instruction: results are its outputs, then operands its
    /// inputs, in order. A predicate crosses the asm boundary as a `u32` (NVPTX inline asm has
    /// no predicate operands): the statement declares a `.pred` of its own, set from the input
    /// by `setp.ne.u32` or copied to the output by `selp.u32` ([`asm_string`]). Several results
    /// come back as a struct.
    fn inline_asm(&mut self, op: Op) {
        let m = self.m;
        let loc = m.op_loc(op);
        if px::WgmmaMmaAsync::is(m, op) {
            // Its accumulators are written asynchronously until `wgmma.wait_group`: registers
            // LLVM sees as defined by the statement could be copied before then.
            return self.unsupported(loc, "'wgmma_mma_async' (asynchronous accumulators)");
        }
        let results: Vec<Value> = m.results(op).collect();
        let operands = m.operands(op).to_vec();
        let all: Vec<Value> = results.iter().chain(operands.iter()).copied().collect();
        let mut cons = Vec::new();
        let mut preds = Vec::new();
        for (i, &v) in all.iter().enumerate() {
            let t = m.value_type(v);
            let c = match (slot(m, t), constraint(m, t)) {
                (Some(("i1", _)), _) => {
                    preds.push(i as u32);
                    'r'
                }
                (_, Some(c)) => c,
                _ => {
                    return self.unsupported(
                        loc,
                        format_args!("'{}' with an operand of this type", m.op_name(op)),
                    )
                }
            };
            cons.push(if i < results.len() {
                format!("={c}")
            } else {
                c.to_string()
            });
        }
        let slots: Vec<(Value, u32)> = all
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u32))
            .collect();
        let text = match asm_text(m, op, self.target, &slots) {
            Ok(t) => t,
            Err(why) => return self.unsupported(loc, format_args!("'{}' ({why})", m.op_name(op))),
        };
        let asm = asm_string(&text, &preds, results.len() as u32);
        cons.push("~{memory}".into());
        let mut args = Vec::new();
        let mut tys = Vec::new();
        for &v in &operands {
            let (mut x, mut t) = self.load(v);
            if t == "i1" {
                let z = self.temp();
                let _ = writeln!(self.body, "    {z} = llvm.zext {x} : i1 to i32");
                (x, t) = (z, "i32");
            }
            args.push(x);
            tys.push(t);
        }
        // The asm's view of each result: a predicate as i32.
        let outs: Vec<(&str, bool)> = results
            .iter()
            .map(|&r| match mlir_type(m, m.value_type(r)).unwrap_or("i32") {
                "i1" => ("i32", true),
                t => (t, false),
            })
            .collect();
        let ret = match &outs[..] {
            [] => "()".to_string(),
            [(t, _)] => t.to_string(),
            many => format!(
                "!llvm.struct<({})>",
                many.iter().map(|o| o.0).collect::<Vec<_>>().join(", ")
            ),
        };
        let x = (!outs.is_empty()).then(|| self.temp());
        let lhs = x.as_ref().map(|x| format!("{x} = ")).unwrap_or_default();
        let _ = writeln!(
            self.body,
            "    {lhs}llvm.inline_asm has_side_effects \"{asm}\", \"{}\" {} : ({}) -> {ret}",
            cons.join(","),
            args.join(", "),
            tys.join(", "),
        );
        let Some(x) = x else { return };
        for (i, (&r, &(t, pred))) in results.iter().zip(outs.iter()).enumerate() {
            let mut v = x.clone();
            if outs.len() > 1 {
                v = self.temp();
                let _ = writeln!(self.body, "    {v} = llvm.extractvalue {x}[{i}] : {ret}");
            }
            if pred {
                let (zero, b) = (self.temp(), self.temp());
                let _ = writeln!(self.body, "    {zero} = llvm.mlir.constant(0 : i32) : i32");
                let _ = writeln!(self.body, "    {b} = llvm.icmp \"ne\" {v}, {zero} : i32");
                self.store(&b, "i1", r);
            } else {
                self.store(&v, t, r);
            }
        }
    }
}

/// A block name for a ptx label (`$L__tilec_3` → `L__tilec_3`).
fn label_name(l: &str) -> String {
    l.trim_start_matches('$')
        .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "_")
}

/// The printer's lines as one inline-asm string of MLIR text: `$` doubled (LLVM's asm escapes
/// it), the operand marks as `$N`, lines joined by `\n`, quotes and backslashes escaped. The
/// operands `preds` (numbered as the marks; the first `n_out` are outputs) are predicates: the
/// text uses `%tp<N>` for them, declared in a scope of the statement's own, set from the `u32`
/// input before the text and copied to the `u32` output after it.
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
                    s.push_str(if is_pred { "%tp" } else { "\u{1}" });
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
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push_str("\\0A\\09");
        }
        for c in l.chars() {
            match c {
                '\u{1}' => out.push('$'),
                '"' => out.push_str("\\22"),
                '\\' => out.push_str("\\5C"),
                c => out.push(c),
            }
        }
    }
    out
}
