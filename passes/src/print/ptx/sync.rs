//! `print-ptx` for the memory and synchronization ops (kept apart from the arithmetic and
//! control printing of the parent module): the opcode is the op's typed form
//! (`tilec_dialects::ptx::form::PtxForm`, whose `Display` writes every modifier: defaults of
//! mbarrier and cluster-barrier ops left out, `expect_tx`/`complete_tx` always `.relaxed.scope`,
//! qualifiers in the ISA syntax boxes' order), followed by the operands. The spellings are those
//! ptxas 13.0 accepted in shared/reference/ptxas-probe.md.
//!
//! Operand conventions (tilec-dialects `ptx::sync`): an arrive writes its state to the sink
//! `_`; literal immediates (`tx_bytes`, `bytes`, `pending`, `columns`, barrier `id`/`count`)
//! are attributes. Registers are numbered in the order an instruction names its values.

use super::KernelPrinter;
use tilec_dialects::ptx::form::{Instr, PtxForm};
use tilec_dialects::ptx::sync::MbarrierUpdate;
use tilec_dialects::ptx::*;
use tilec_ir::{Op, OpView, Value};

impl KernelPrinter<'_> {
    /// The line of a memory/sync op whose form is `f`.
    pub(super) fn instruction(&mut self, op: Op, f: PtxForm) -> String {
        let m = self.m;
        let ops: Vec<Value> = m.operands(op).to_vec();
        let res: Option<Value> = m.results(op).next();
        let r = |this: &mut Self, i: usize| this.reg(ops[i]);
        let rr = |this: &mut Self| res.map_or_else(|| "%bad".into(), |v| this.reg(v));
        let operands = match f.instr {
            Instr::Ld => {
                let a = r(self, 0);
                format!("{}, [{a}]", rr(self))
            }
            Instr::St | Instr::Red => {
                let a = r(self, 0);
                format!("[{a}], {}", r(self, 1))
            }
            Instr::Atom => {
                let a = r(self, 0);
                let d = rr(self);
                let vals: Vec<String> = (1..ops.len()).map(|i| r(self, i)).collect();
                format!("{d}, [{a}], {}", vals.join(", "))
            }
            Instr::BarSync => {
                let b = BarSync::wrap(op);
                match b.count(m) {
                    Some(c) => format!("{}, {c}", b.id(m)),
                    None => b.id(m).to_string(),
                }
            }
            Instr::BarArrive => {
                let b = BarArrive::wrap(op);
                format!("{}, {}", b.id(m).unwrap_or(0), b.count(m).unwrap_or(0))
            }
            Instr::MbarrierInit => {
                let (a, c) = (r(self, 0), r(self, 1));
                format!("[{a}], {c}")
            }
            Instr::MbarrierInval | Instr::Tcgen05Commit => format!("[{}]", r(self, 0)),
            Instr::MbarrierArrive | Instr::MbarrierArriveDrop => {
                let tx = MbarrierArrive::wrap(op).tx_bytes(m);
                let a = r(self, 0);
                let tx = tx.map_or(String::new(), |n| format!(", {n}"));
                let count = match ops.get(1) {
                    Some(&c) => format!(", {}", self.reg(c)),
                    None => String::new(),
                };
                format!("_, [{a}]{tx}{count}")
            }
            Instr::MbarrierExpectTx | Instr::MbarrierCompleteTx => {
                let n = MbarrierExpectTx::wrap(op).tx_bytes(m).unwrap_or(0);
                format!("[{}], {n}", r(self, 0))
            }
            Instr::MbarrierTryWait | Instr::MbarrierTestWait => {
                let p = rr(self);
                let (a, ph) = (r(self, 0), r(self, 1));
                format!("{p}, [{a}], {ph}")
            }
            Instr::Mapa => {
                let d = rr(self);
                let (a, rank) = (r(self, 0), r(self, 1));
                format!("{d}, {a}, {rank}")
            }
            Instr::StAsync | Instr::RedAsync => {
                let (a, v, b) = (r(self, 0), r(self, 1), r(self, 2));
                format!("[{a}], {v}, [{b}]")
            }
            Instr::CpAsyncBulkG2s => {
                let n = CpAsyncBulkG2s::wrap(op).bytes(m).unwrap_or(0);
                let (d, s, b) = (r(self, 0), r(self, 1), r(self, 2));
                format!("[{d}], [{s}], {n}, [{b}]")
            }
            Instr::CpAsyncBulkS2g => {
                let n = CpAsyncBulkS2g::wrap(op).bytes(m).unwrap_or(0);
                let (d, s) = (r(self, 0), r(self, 1));
                format!("[{d}], [{s}], {n}")
            }
            Instr::CpAsyncBulkWait => CpAsyncBulkWait::wrap(op)
                .pending(m)
                .unwrap_or(0)
                .to_string(),
            Instr::WgmmaWait => WgmmaWait::wrap(op).pending(m).unwrap_or(0).to_string(),
            Instr::Tcgen05Alloc => {
                let n = Tcgen05Alloc::wrap(op).columns(m).unwrap_or(32);
                format!("[{}], {n}", r(self, 0))
            }
            Instr::Tcgen05Dealloc => {
                let n = Tcgen05Dealloc::wrap(op).columns(m).unwrap_or(32);
                format!("{}, {n}", r(self, 0))
            }
            Instr::Tcgen05Ld => {
                let d = rr(self);
                format!("{{{d}}}, [{}]", r(self, 0))
            }
            Instr::Tcgen05St => {
                let (a, v) = (r(self, 0), r(self, 1));
                format!("[{a}], {{{v}}}")
            }
            Instr::Tcgen05Mma => {
                let v: Vec<String> = (0..ops.len()).map(|i| r(self, i)).collect();
                format!("[{}], {}", v[0], v[1..].join(", "))
            }
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
            | Instr::Tcgen05FenceAfter => String::new(),
        };
        if operands.is_empty() {
            format!("\t{f};")
        } else {
            format!("\t{f} {operands};")
        }
    }
}
