//! `print-ptx` for the memory and synchronization ops (kept apart from the arithmetic and
//! control printing of the parent module): the opcode is the op's typed form
//! (`tilec_dialects::ptx::form::PtxForm`, whose `Display` writes every modifier: defaults of
//! mbarrier and cluster-barrier ops left out, `expect_tx`/`complete_tx` always `.relaxed.scope`,
//! qualifiers in the ISA syntax boxes' order), followed by the operands. The spellings are those
//! ptxas 13.0 accepted in docs/reference/ptxas-probe.md.
//!
//! Operand conventions (tilec-dialects `ptx::sync`): an arrive writes its state to the sink
//! `_`; literal immediates (`tx_bytes`, `bytes`, `pending`, `columns`, barrier `id`/`count`)
//! are attributes. Registers are numbered in the order an instruction names its values.

use super::{Emit, KernelPrinter, Reg};
use std::fmt::Write as _;
use tilec_dialects::ptx::form::{Instr, PtxForm};
use tilec_dialects::ptx::*;
use tilec_ir::{Op, OpView};

impl KernelPrinter<'_> {
    /// Writes the line of a memory/sync op whose form is `f`: the form, then its operands.
    pub(super) fn instruction(&mut self, op: Op, f: PtxForm) {
        if f.ty.is_some_and(|t| t.is_half_float()) {
            return self.half_float_rmw(op, f);
        }
        let _ = write!(self.out, "\t{f}");
        let _ = match f.instr {
            Instr::Ld | Instr::St | Instr::Red | Instr::Atom => self.access_operands(op, f.instr),
            Instr::BarSync
            | Instr::BarArrive
            | Instr::MbarrierInit
            | Instr::MbarrierInval
            | Instr::Tcgen05Commit
            | Instr::MbarrierArrive
            | Instr::MbarrierArriveDrop
            | Instr::MbarrierExpectTx
            | Instr::MbarrierCompleteTx
            | Instr::MbarrierTryWait
            | Instr::MbarrierTestWait => self.barrier_operands(op, f.instr),
            Instr::Mapa
            | Instr::StAsync
            | Instr::RedAsync
            | Instr::CpAsyncBulkG2s
            | Instr::CpAsyncBulkTensor
            | Instr::CpAsyncBulkS2g
            | Instr::CpAsyncBulkWait
            | Instr::WgmmaWait
            | Instr::Tcgen05Alloc
            | Instr::Tcgen05Dealloc
            | Instr::Tcgen05Ld
            | Instr::Tcgen05St
            | Instr::Tcgen05Mma => self.async_operands(op, f.instr),
            // No operands.
            Instr::Fence
            | Instr::FenceProxyAsync
            | Instr::FenceMbarrierInit
            | Instr::BarrierClusterArrive
            | Instr::BarrierClusterWait
            | Instr::CpAsyncBulkCommit
            | Instr::WgmmaFence
            | Instr::WgmmaCommit
            | Instr::Tcgen05WaitLd
            | Instr::Tcgen05WaitSt
            | Instr::Tcgen05FenceBefore
            | Instr::Tcgen05FenceAfter => Ok(()),
        };
        self.out.push(';');
    }

    /// The operands of `ld`, `st`, `red` and `atom`.
    fn access_operands(&mut self, op: Op, instr: Instr) -> std::fmt::Result {
        let ops = self.m.operands(op);
        match instr {
            Instr::Ld => {
                let a = self.operand_reg(op, 0);
                let d = self.result_reg(op);
                self.out.s(" ").r(d).s(", [").r(a).s("]");
                Ok(())
            }
            Instr::St | Instr::Red => {
                let a = self.operand_reg(op, 0);
                let v = self.operand_reg(op, 1);
                self.out.s(" [").r(a).s("], ").r(v);
                Ok(())
            }
            Instr::Atom => {
                let a = self.operand_reg(op, 0);
                let d = self.result_reg(op);
                let _ = write!(self.out, " {d}, [{a}]");
                for i in 1..ops.len() {
                    let v = self.operand_reg(op, i);
                    let _ = write!(self.out, ", {v}");
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// An `atom` or `red` add of an f16/bf16 (`.add.noftz.f16`, `.add.noftz.bf16`). Their
    /// values are bits in 32-bit registers, but these instructions take 16-bit ones (ptxas:
    /// "Arguments mismatch for instruction 'atom'"), so the line is a scope of its own with
    /// `.b16` registers: the value's low half in, an atom's old value zero-extended back out.
    fn half_float_rmw(&mut self, op: Op, f: PtxForm) {
        // Registers in the order `access_operands` names them: address, result, value.
        let a = self.operand_reg(op, 0);
        let d = (f.instr == Instr::Atom).then(|| self.result_reg(op));
        let v = self.operand_reg(op, 1);
        let regs = if d.is_some() { "%hv, %hd" } else { "%hv" };
        let _ = write!(
            self.out,
            "\t{{\n\t.reg .b16 {regs};\n\tcvt.u16.u32 %hv, {v};\n"
        );
        let _ = match d {
            Some(d) => write!(
                self.out,
                "\t{f} %hd, [{a}], %hv;\n\tcvt.u32.u16 {d}, %hd;\n"
            ),
            None => writeln!(self.out, "\t{f} [{a}], %hv;"),
        };
        self.out.push_str("\t}");
    }

    /// The operands of `bar` and the mbarrier ops.
    fn barrier_operands(&mut self, op: Op, instr: Instr) -> std::fmt::Result {
        let (m, ops) = (self.m, self.m.operands(op));
        match instr {
            Instr::BarSync => {
                let b = BarSync::wrap(op);
                self.out.s(" ").n(b.id(m));
                if let Some(c) = b.count(m) {
                    self.out.s(", ").n(c);
                }
                Ok(())
            }
            Instr::BarArrive => {
                let b = BarArrive::wrap(op);
                let (id, count) = (b.id(m), b.count(m).unwrap_or(0));
                write!(self.out, " {id}, {count}")
            }
            Instr::MbarrierInit => {
                let (a, c) = (self.operand_reg(op, 0), self.operand_reg(op, 1));
                write!(self.out, " [{a}], {c}")
            }
            Instr::MbarrierInval | Instr::Tcgen05Commit => {
                let a = self.operand_reg(op, 0);
                write!(self.out, " [{a}]")
            }
            Instr::MbarrierArrive | Instr::MbarrierArriveDrop => {
                let tx = MbarrierArrive::wrap(op).tx_bytes(m);
                let a = self.operand_reg(op, 0);
                let count = ops.get(1).map(|&c| self.reg(c));
                let _ = write!(self.out, " _, [{a}]");
                if let Some(n) = tx {
                    let _ = write!(self.out, ", {n}");
                }
                match count {
                    Some(c) => write!(self.out, ", {c}"),
                    None => Ok(()),
                }
            }
            Instr::MbarrierExpectTx | Instr::MbarrierCompleteTx => {
                let n = MbarrierExpectTx::wrap(op).tx_bytes(m).unwrap_or(0);
                let a = self.operand_reg(op, 0);
                write!(self.out, " [{a}], {n}")
            }
            Instr::MbarrierTryWait | Instr::MbarrierTestWait => {
                let p = self.result_reg(op);
                let (a, ph) = (self.operand_reg(op, 0), self.operand_reg(op, 1));
                write!(self.out, " {p}, [{a}], {ph}")
            }
            _ => Ok(()),
        }
    }

    /// The operands of the async copies, `mapa`, the wgmma and tcgen05 ops.
    fn async_operands(&mut self, op: Op, instr: Instr) -> std::fmt::Result {
        let (m, ops) = (self.m, self.m.operands(op));
        match instr {
            Instr::Mapa => {
                let d = self.result_reg(op);
                let (a, rank) = (self.operand_reg(op, 0), self.operand_reg(op, 1));
                write!(self.out, " {d}, {a}, {rank}")
            }
            Instr::StAsync | Instr::RedAsync => {
                let (a, v, b) = (
                    self.operand_reg(op, 0),
                    self.operand_reg(op, 1),
                    self.operand_reg(op, 2),
                );
                write!(self.out, " [{a}], {v}, [{b}]")
            }
            Instr::CpAsyncBulkG2s => {
                let n = CpAsyncBulkG2s::wrap(op).bytes(m).unwrap_or(0);
                let (d, s, b) = (
                    self.operand_reg(op, 0),
                    self.operand_reg(op, 1),
                    self.operand_reg(op, 2),
                );
                write!(self.out, " [{d}], [{s}], {n}, [{b}]")
            }
            Instr::CpAsyncBulkTensor => {
                let (d, map, b) = (
                    self.operand_reg(op, 0),
                    self.operand_reg(op, 1),
                    self.operand_reg(op, 2),
                );
                let coords: Vec<String> = (3..ops.len())
                    .map(|i| self.operand_reg(op, i).to_string())
                    .collect();
                write!(
                    self.out,
                    " [{d}], [{map}, {{{}}}], [{b}]",
                    coords.join(", ")
                )
            }
            Instr::CpAsyncBulkS2g => {
                let n = CpAsyncBulkS2g::wrap(op).bytes(m).unwrap_or(0);
                let (d, s) = (self.operand_reg(op, 0), self.operand_reg(op, 1));
                write!(self.out, " [{d}], [{s}], {n}")
            }
            Instr::CpAsyncBulkWait => {
                let n = CpAsyncBulkWait::wrap(op).pending(m).unwrap_or(0);
                write!(self.out, " {n}")
            }
            Instr::WgmmaWait => {
                let n = WgmmaWait::wrap(op).pending(m).unwrap_or(0);
                write!(self.out, " {n}")
            }
            Instr::Tcgen05Alloc => {
                let n = Tcgen05Alloc::wrap(op).columns(m).unwrap_or(32);
                let a = self.operand_reg(op, 0);
                write!(self.out, " [{a}], {n}")
            }
            Instr::Tcgen05Dealloc => {
                let n = Tcgen05Dealloc::wrap(op).columns(m).unwrap_or(32);
                let a = self.operand_reg(op, 0);
                write!(self.out, " {a}, {n}")
            }
            Instr::Tcgen05Ld => {
                let d = self.result_reg(op);
                let a = self.operand_reg(op, 0);
                write!(self.out, " {{{d}}}, [{a}]")
            }
            Instr::Tcgen05St => {
                let (a, v) = (self.operand_reg(op, 0), self.operand_reg(op, 1));
                write!(self.out, " [{a}], {{{v}}}")
            }
            Instr::Tcgen05Mma => {
                for i in 0..ops.len() {
                    let v = self.operand_reg(op, i);
                    let _ = match i {
                        0 => write!(self.out, " [{v}]"),
                        _ => write!(self.out, ", {v}"),
                    };
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The register of operand `i` of `op`.
    fn operand_reg(&mut self, op: Op, i: usize) -> Reg {
        let v = self.m.operands(op)[i];
        self.reg(v)
    }

    /// The register of `op`'s result ([`Reg::Bad`] when it has none).
    fn result_reg(&mut self, op: Op) -> Reg {
        self.m.results(op).next().map_or(Reg::Bad, |v| self.reg(v))
    }
}
