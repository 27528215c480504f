//! `ptx.printf` as the vprintf system call (PTX ISA, "System Calls": `vprintf(format, valist)`
//! with the arguments packed in a buffer, each at an offset aligned to its size; C's varargs
//! promotion makes an f32 an f64 there). Each call is a nested block of its own: the buffer
//! (`.local`), two scratch registers and the call's parameters are declared in it, so the
//! kernel's register numbering is untouched.
//!
//! `ptx.assert_fail` is CUDA's `__assertfail` system call. The formats and messages are `.global`
//! byte strings of the module, one per distinct text ([`Formats`]), declared with the system
//! calls' prototypes in front of the kernels.

use super::KernelPrinter;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use tilec_dialects::ptx::{AssertFail, Printf};
use tilec_ir::{FloatKind, Op, OpView, TypeData};

/// The distinct strings of the module (printf formats, assertion messages, kernel names), in
/// the order first printed, and which system calls the module makes.
#[derive(Default)]
pub(super) struct Formats {
    texts: Vec<String>,
    index: FxHashMap<String, usize>,
    vprintf: bool,
    assertfail: bool,
}

impl Formats {
    /// The symbol of `text` (`__tilec_fmt_N`), entered the first time.
    fn symbol(&mut self, text: &str) -> String {
        let n = self.texts.len();
        let i = *self.index.entry(text.to_string()).or_insert_with(|| {
            self.texts.push(text.to_string());
            n
        });
        format!("__tilec_fmt_{i}")
    }

    /// The declarations in front of the kernels: the prototypes of the system calls made and
    /// each string as a NUL-terminated `.global` byte array (nothing when no kernel prints).
    pub(super) fn declarations(&self) -> String {
        let mut s = String::new();
        if self.texts.is_empty() {
            return s;
        }
        if self.vprintf {
            s.push_str("\n.extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n);\n");
        }
        // CUDA's __assertfail(message, file, line, function, charSize) (PTX ISA, "System
        // Calls"): it prints the assertion and stops the kernel with cudaErrorAssert.
        if self.assertfail {
            s.push_str("\n.extern .func __assertfail\n(\n\t.param .b64 __assertfail_param_0,\n\t.param .b64 __assertfail_param_1,\n\t.param .b32 __assertfail_param_2,\n\t.param .b64 __assertfail_param_3,\n\t.param .b64 __assertfail_param_4\n);\n");
        }
        for (i, t) in self.texts.iter().enumerate() {
            let bytes: Vec<String> = t
                .bytes()
                .chain(std::iter::once(0))
                .map(|b| b.to_string())
                .collect();
            let _ = writeln!(
                s,
                ".global .align 1 .b8 __tilec_fmt_{i}[{}] = {{{}}};",
                bytes.len(),
                bytes.join(", ")
            );
        }
        s
    }
}

impl KernelPrinter<'_> {
    /// The call of `op` (a nested block: see the module docs).
    pub(super) fn printf(&mut self, op: Op) {
        let m = self.m;
        let text = Printf::wrap(op).format(m).unwrap_or("");
        let sym = self.formats.symbol(text);
        self.formats.vprintf = true;
        // Each operand at an offset aligned to its size (f32 as f64).
        let mut offset = 0u32;
        let mut stores = String::new();
        let mut widens = false;
        for &v in m.operands(op) {
            let (size, ty, widen) = match m.type_data(m.value_type(v)) {
                TypeData::Int(64) => (8, "b64", false),
                TypeData::Float(FloatKind::F64) => (8, "f64", false),
                TypeData::Float(FloatKind::F32) => (8, "f64", true),
                _ => (4, "b32", false),
            };
            offset = offset.next_multiple_of(size);
            let r = self.reg(v);
            if widen {
                widens = true;
                let _ = writeln!(stores, "\tcvt.f64.f32 %tilec_d, {r};");
                let _ = writeln!(stores, "\tst.local.f64 [__tilec_buf+{offset}], %tilec_d;");
            } else {
                let _ = writeln!(stores, "\tst.local.{ty} [__tilec_buf+{offset}], {r};");
            }
            offset += size;
        }
        let out = &mut *self.out;
        out.push_str("\t{\n");
        if offset > 0 {
            let _ = writeln!(out, "\t.local .align 8 .b8 __tilec_buf[{offset}];");
        }
        out.push_str("\t.reg .b64 %tilec_f, %tilec_b;\n");
        if widens {
            out.push_str("\t.reg .f64 %tilec_d;\n");
        }
        out.push_str(
            "\t.param .b64 __tilec_p0;\n\t.param .b64 __tilec_p1;\n\t.param .b32 __tilec_r;\n",
        );
        let _ = writeln!(out, "\tmov.u64 %tilec_f, {sym};");
        out.push_str("\tcvta.global.u64 %tilec_f, %tilec_f;\n");
        out.push_str(&stores);
        if offset > 0 {
            out.push_str(
                "\tmov.u64 %tilec_b, __tilec_buf;\n\tcvta.local.u64 %tilec_b, %tilec_b;\n",
            );
        } else {
            out.push_str("\tmov.u64 %tilec_b, 0;\n");
        }
        out.push_str(
            "\tst.param.b64 [__tilec_p0], %tilec_f;\n\tst.param.b64 [__tilec_p1], %tilec_b;\n",
        );
        out.push_str("\tcall.uni (__tilec_r), vprintf, (__tilec_p0, __tilec_p1);\n\t}");
    }
}

impl KernelPrinter<'_> {
    /// `__assertfail(message, file, line, function, 1)`: the file is empty and the line 0
    /// (tilec passes no source position; `--lineinfo` puts the lines into the PTX), the function
    /// the kernel's name.
    pub(super) fn assert_fail(&mut self, op: Op, kernel: &str) {
        let text = AssertFail::wrap(op).message(self.m).unwrap_or("");
        let msg = self.formats.symbol(text);
        let file = self.formats.symbol("");
        let func = self.formats.symbol(kernel);
        self.formats.assertfail = true;
        let out = &mut *self.out;
        out.push_str("\t{\n\t.reg .b64 %tilec_s;\n");
        for (i, ty) in ["b64", "b64", "b32", "b64", "b64"].iter().enumerate() {
            let _ = writeln!(out, "\t.param .{ty} __tilec_a{i};");
        }
        for (i, sym) in [(0, &msg), (1, &file), (3, &func)] {
            let _ = writeln!(out, "\tmov.u64 %tilec_s, {sym};");
            out.push_str("\tcvta.global.u64 %tilec_s, %tilec_s;\n");
            let _ = writeln!(out, "\tst.param.b64 [__tilec_a{i}], %tilec_s;");
        }
        out.push_str("\tst.param.b32 [__tilec_a2], 0;\n\tst.param.b64 [__tilec_a4], 1;\n");
        out.push_str("\tcall.uni __assertfail, (__tilec_a0, __tilec_a1, __tilec_a2, __tilec_a3, __tilec_a4);\n\t}");
    }
}
