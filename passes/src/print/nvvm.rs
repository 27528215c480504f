//! `tilec --emit nvvm-mlir`: the ptx-level IR as MLIR's upstream `llvm` and `nvvm` dialects, for
//! stacks that compile through MLIR (`mlir-translate --mlir-to-llvmir`, then LLVM's NVPTX
//! backend).
//!
//! What is written natively and what as inline asm is decided once, in [`super::lower`], for this
//! writer and for `--emit llvm` alike; [`Text`] only spells each instruction in MLIR's syntax:
//! a kernel is an `llvm.func` with `nvvm.kernel`, `nvvm.reqntid`, `nvvm.minctasm` and
//! `nvvm.cluster_dim`; a value's slot is an `llvm.alloca` in the entry block named `%s<value>`;
//! a result is a temporary `%t<n>`; blocks are the labels' names.

use super::lower::{
    lower_module, Asm, Cast, Cmp, Const, FuncDef, GlobalDef, IntOp, Ordering, Sink, SyncScope, Ty,
};
use super::upstream::{Resolved, Upstream};
use std::fmt::Write as _;
use tilec_ir::entity::EntityRef;
use tilec_ir::{Diagnostics, Module, Value};

/// The MLIR text of every `ptx.kernel` and global of `m`, or the ops it cannot write yet.
pub fn print_nvvm_mlir(
    m: &Module,
    target: &tilec_dialects::target::Target,
) -> Result<String, Diagnostics> {
    let mut t = Text::default();
    lower_module(m, target, "nvvm-mlir", &mut t)?;
    Ok(format!("module {{\n{}}}\n", t.out))
}

/// MLIR's spelling of a type.
fn ty(t: Ty) -> String {
    match t {
        Ty::I1 => "i1".into(),
        Ty::I8 => "i8".into(),
        Ty::I16 => "i16".into(),
        Ty::I32 => "i32".into(),
        Ty::I64 => "i64".into(),
        Ty::I128 => "i128".into(),
        Ty::F16 => "f16".into(),
        Ty::BF16 => "bf16".into(),
        Ty::F32 => "f32".into(),
        Ty::F64 => "f64".into(),
        Ty::Ptr(0) => "!llvm.ptr".into(),
        Ty::Ptr(n) => format!("!llvm.ptr<{n}>"),
    }
}

/// An inline-asm string as an MLIR string literal's contents.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\0A"),
            '\t' => out.push_str("\\09"),
            '"' => out.push_str("\\22"),
            '\\' => out.push_str("\\5C"),
            c => out.push(c),
        }
    }
    out
}

/// `syncscope("…") ` or nothing (the system scope).
fn scope(s: SyncScope) -> String {
    s.name()
        .map(|n| format!("syncscope(\"{n}\") "))
        .unwrap_or_default()
}

/// The MLIR text writer: the module's globals and functions so far, and the function being
/// written.
#[derive(Default)]
struct Text {
    out: String,
    /// The function's header and entry block, then its body.
    head: String,
    body: String,
    /// Temporaries made in the function so far.
    temps: u32,
    /// The external functions declared so far.
    declared: Vec<String>,
}

impl Text {
    fn temp(&mut self) -> String {
        self.temps += 1;
        format!("%t{}", self.temps)
    }

    /// `%tN = <rhs>` (a new temporary).
    fn def(&mut self, rhs: std::fmt::Arguments) -> String {
        let x = self.temp();
        let _ = writeln!(self.body, "    {x} = {rhs}");
        x
    }
}

impl Sink for Text {
    type V = String;

    fn global(&mut self, g: &GlobalDef) {
        let constant = if g.constant { "constant " } else { "" };
        let init = g
            .init
            .map(|b| {
                let bytes: Vec<String> = b.iter().map(|b| b.to_string()).collect();
                format!("dense<[{}]> : tensor<{}xi8>", bytes.join(", "), b.len())
            })
            .unwrap_or_default();
        let _ = writeln!(
            self.out,
            "  llvm.mlir.global internal {constant}@{}({init}) {{addr_space = {} : i32, alignment = {} : i64}} : !llvm.array<{} x i8>",
            g.name, g.space, g.align, g.size
        );
    }

    fn begin_func(&mut self, f: &FuncDef, slots: &[(Value, Ty)]) {
        let sig: Vec<String> = f
            .params
            .iter()
            .enumerate()
            .map(|(i, &t)| match f.tensor_maps.contains(&i) {
                true => format!("%arg{i}: {} {{llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant}}", ty(t)),
                false => format!("%arg{i}: {}", ty(t)),
            })
            .collect();
        let mut attrs = vec!["nvvm.kernel".to_string()];
        if let Some(n) = f.reqntid {
            attrs.push(format!("nvvm.reqntid = array<i32: {n}, 1, 1>"));
        }
        if let Some(n) = f.minctasm {
            attrs.push(format!("nvvm.minctasm = {n} : i32"));
        }
        if let Some([x, y, z]) = f.cluster {
            // `.explicitcluster` and `.reqnctapercluster`, as tilec's PTX has them.
            attrs.push(format!("nvvm.cluster_dim = array<i32: {x}, {y}, {z}>"));
        }
        self.temps = 0;
        self.head.clear();
        self.body.clear();
        let _ = writeln!(
            self.head,
            "  llvm.func @{}({}) attributes {{{}}} {{",
            f.name,
            sig.join(", "),
            attrs.join(", ")
        );
        self.head
            .push_str("    %one = llvm.mlir.constant(1 : i32) : i32\n");
        for &(v, t) in slots {
            let _ = writeln!(
                self.head,
                "    %s{} = llvm.alloca %one x {} : (i32) -> !llvm.ptr",
                v.index(),
                ty(t)
            );
        }
    }

    fn end_func(&mut self) {
        self.out.push_str(&self.head);
        self.out.push_str(&self.body);
        self.out.push_str("  }\n");
    }

    fn param(&mut self, i: u32) -> String {
        format!("%arg{i}")
    }

    fn load(&mut self, slot: Value, t: Ty) -> String {
        let s = slot.index();
        self.def(format_args!("llvm.load %s{s} : !llvm.ptr -> {}", ty(t)))
    }

    fn store(&mut self, x: String, t: Ty, slot: Value) {
        let _ = writeln!(
            self.body,
            "    llvm.store {x}, %s{} : {}, !llvm.ptr",
            slot.index(),
            ty(t)
        );
    }

    fn constant(&mut self, c: Const) -> String {
        let (value, t) = match c {
            Const::Int(t, v) => (v.to_string(), t),
            // Hexadecimal: the exact bits, NaN payloads included.
            Const::Float(Ty::F32, bits) => (format!("0x{bits:08X}"), Ty::F32),
            Const::Float(t, bits) => (format!("0x{bits:016X}"), t),
        };
        let t = ty(t);
        self.def(format_args!("llvm.mlir.constant({value} : {t}) : {t}"))
    }

    fn cast(&mut self, c: Cast, x: String, from: Ty, to: Ty) -> String {
        let op = match c {
            Cast::Zext => "zext",
            Cast::Bitcast => "bitcast",
            Cast::PtrToInt => "ptrtoint",
            Cast::IntToPtr => "inttoptr",
            Cast::FpExt => "fpext",
            Cast::AddrSpaceCast => "addrspacecast",
        };
        let (from, to) = (ty(from), ty(to));
        self.def(format_args!("llvm.{op} {x} : {from} to {to}"))
    }

    fn address_of(&mut self, sym: &str, space: u32) -> String {
        let p = ty(Ty::Ptr(space));
        self.def(format_args!("llvm.mlir.addressof @{sym} : {p}"))
    }

    fn compare(&mut self, c: Cmp, a: String, b: String, t: Ty) -> String {
        let (op, pred) = match c {
            Cmp::Int(p) => ("icmp", p),
            Cmp::Float(p) => ("fcmp", p),
        };
        let t = ty(t);
        self.def(format_args!("llvm.{op} \"{pred}\" {a}, {b} : {t}"))
    }

    fn int_op(&mut self, op: IntOp, a: String, b: String, t: Ty) -> String {
        let (op, t) = (op.name(), ty(t));
        self.def(format_args!("llvm.{op} {a}, {b} : {t}"))
    }

    fn select(&mut self, p: String, a: String, b: String, t: Ty) -> String {
        let t = ty(t);
        self.def(format_args!("llvm.select {p}, {a}, {b} : i1, {t}"))
    }

    fn inline_asm(&mut self, asm: Asm<String>) -> Vec<String> {
        let ret = match &asm.rets[..] {
            [] => "()".to_string(),
            [t] => ty(*t),
            many => format!(
                "!llvm.struct<({})>",
                many.iter().map(|&t| ty(t)).collect::<Vec<_>>().join(", ")
            ),
        };
        let args: Vec<&str> = asm.args.iter().map(|a| a.0.as_str()).collect();
        let tys: Vec<String> = asm.args.iter().map(|a| ty(a.1)).collect();
        let stmt = format!(
            "llvm.inline_asm has_side_effects \"{}\", \"{}\" {} : ({}) -> {ret}",
            escape(&asm.text),
            asm.constraints,
            args.join(", "),
            tys.join(", "),
        );
        if asm.rets.is_empty() {
            let _ = writeln!(self.body, "    {stmt}");
            return Vec::new();
        }
        let x = self.def(format_args!("{stmt}"));
        if asm.rets.len() == 1 {
            return vec![x];
        }
        (0..asm.rets.len())
            .map(|i| self.def(format_args!("llvm.extractvalue {x}[{i}] : {ret}")))
            .collect()
    }

    fn fence(&mut self, o: Ordering, s: SyncScope) {
        let _ = writeln!(self.body, "    llvm.fence {}{}", scope(s), o.name());
    }

    fn load_atomic(&mut self, p: String, space: u32, t: Ty, o: Ordering, s: SyncScope) -> String {
        let (a, pt) = (t.align(), ty(Ty::Ptr(space)));
        let (t, sc) = (ty(t), scope(s));
        let o = o.name();
        self.def(format_args!(
            "llvm.load {p} atomic {sc}{o} {{alignment = {a} : i64}} : {pt} -> {t}"
        ))
    }

    fn store_atomic(&mut self, x: String, p: String, space: u32, t: Ty, o: Ordering, s: SyncScope) {
        let (a, pt) = (t.align(), ty(Ty::Ptr(space)));
        let _ = writeln!(
            self.body,
            "    llvm.store {x}, {p} atomic {}{} {{alignment = {a} : i64}} : {}, {pt}",
            scope(s),
            o.name(),
            ty(t)
        );
    }

    fn buffer(&mut self, size: u32, align: u32) -> String {
        let x = self.temp();
        let _ = writeln!(
            self.head,
            "    {x} = llvm.alloca %one x !llvm.array<{size} x i8> {{alignment = {align} : i64}} : (i32) -> !llvm.ptr"
        );
        x
    }

    fn offset(&mut self, p: String, offset: u32) -> String {
        self.def(format_args!(
            "llvm.getelementptr {p}[{offset}] : (!llvm.ptr) -> !llvm.ptr, i8"
        ))
    }

    fn store_to(&mut self, x: String, p: String, t: Ty) {
        let a = t.align();
        let _ = writeln!(
            self.body,
            "    llvm.store {x}, {p} {{alignment = {a} : i64}} : {}, !llvm.ptr",
            ty(t)
        );
    }

    fn null(&mut self) -> String {
        self.def(format_args!("llvm.mlir.zero : !llvm.ptr"))
    }

    fn call(&mut self, name: &str, ret: Option<Ty>, args: Vec<(String, Ty)>) {
        let tys: Vec<String> = args.iter().map(|a| ty(a.1)).collect();
        let ret_ty = ret.map(|t| format!(" -> {}", ty(t))).unwrap_or_default();
        if !self.declared.iter().any(|d| d == name) {
            self.declared.push(name.to_string());
            let _ = writeln!(
                self.out,
                "  llvm.func @{name}({}){ret_ty} attributes {{sym_visibility = \"private\"}}",
                tys.join(", ")
            );
        }
        let names: Vec<&str> = args.iter().map(|a| a.0.as_str()).collect();
        let call = format!(
            "llvm.call @{name}({}) : ({}) -> {}",
            names.join(", "),
            tys.join(", "),
            ret.map(ty).unwrap_or_else(|| "()".into())
        );
        match ret {
            Some(_) => {
                self.def(format_args!("{call}"));
            }
            None => {
                let _ = writeln!(self.body, "    {call}");
            }
        }
    }

    fn upstream(&mut self, u: &Upstream, args: Vec<Resolved<String>>) -> Option<String> {
        // `$tN` before `$N`, and higher numbers first (`$10` before `$1`).
        let mut text = u.mlir.to_string();
        for (i, a) in args.iter().enumerate().rev() {
            let (name, t) = match a {
                Resolved::Value(x, t) => (x.clone(), ty(*t)),
                Resolved::Imm(n) => (n.to_string(), "i32".to_string()),
            };
            text = text
                .replace(&format!("$t{i}"), &t)
                .replace(&format!("${i}"), &name);
        }
        match u.ret {
            Some(_) => Some(self.def(format_args!("{text}"))),
            None => {
                let _ = writeln!(self.body, "    {text}");
                None
            }
        }
    }

    fn br(&mut self, to: &str) {
        let _ = writeln!(self.body, "    llvm.br ^{to}");
    }

    fn cond_br(&mut self, p: String, yes: &str, no: &str) {
        let _ = writeln!(self.body, "    llvm.cond_br {p}, ^{yes}, ^{no}");
    }

    fn label(&mut self, name: &str) {
        let _ = writeln!(self.body, "  ^{name}:");
    }

    fn ret(&mut self) {
        self.body.push_str("    llvm.return\n");
    }
}
