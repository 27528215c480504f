//! Emits a [`Program`] as ptx ops, one per step: constants as `ptx.mov_imm` (floats by their
//! bits), instructions as `ptx.math` spelled by their opcode, labels and branches as
//! `ptx.label`/`ptx.bra` (fresh label names per emission, so a program may be emitted many
//! times in a kernel). A register written once is the SSA value of its step; a register
//! written more than once (a loop variable, a value a branch may overwrite) is a `ptx.reg`,
//! and each write is the step's value moved into it (`ptx.mov`).

use super::super::{LResult, Lower};
use super::{Ins, Label, Opc, Program, Reg, Step, Ty};
use tilec_dialects::nv_tileas::OpKind;
use tilec_ir::{AttrData, FloatKind, Loc, Op, OpView, Type, TypeData, Value};

impl Lower<'_> {
    /// Lowers the full-precision math op `op` (of kind `kind`, result type `t`) by its
    /// program; f16 and bf16 by the f32 program on the operands widened to f32 (exact), its
    /// result rounded once to the half type (NVIDIA's ODS: "emulated in f32 when executed on
    /// half-precision inputs"); a width without a program is a located error.
    pub(in super::super) fn op_program(
        &mut self,
        op: Op,
        kind: OpKind,
        operands: &[Value],
        t: Type,
        loc: Loc,
    ) -> LResult<()> {
        let half = match self.m.type_data(t) {
            TypeData::Float(k @ (FloatKind::F16 | FloatKind::BF16)) => Some(*k),
            _ => None,
        };
        let bits = match self.m.type_data(t) {
            TypeData::Float(FloatKind::F64) => 64,
            TypeData::Float(_) => 32,
            _ => 0,
        };
        let Some(p) = super::program(kind, bits) else {
            let ty = tilec_ir::text::type_to_string(self.m, t);
            let what = if kind == OpKind::RemF {
                "f16, bf16, f32 and f64"
            } else {
                "f16, bf16 and f32"
            };
            return Err(self.unsupported(
                op,
                format!(
                    "'{}' is lowered for {what} only; '{ty}' is not supported yet",
                    kind.short_name()
                ),
            ));
        };
        let v = match half {
            None => self.emit_program(op, &p, operands, loc)?,
            Some(k) => self.emit_on_f32(op, &p, k, operands, t, loc)?,
        };
        self.map_results(op, [v]);
        Ok(())
    }

    /// `p` (an f32 program) on the half (`k`) operands widened to f32, its result rounded to
    /// `k` (type `t`): `cvt.f32.f16` / the bf16 bits as the high half of an f32 (exact), then
    /// `cvt.rn.f16.f32` / `cvt.rn.bf16x2.f32` (sm_80, PTX ISA 9.7.9.21).
    fn emit_on_f32(
        &mut self,
        op: Op,
        p: &Program,
        k: FloatKind,
        operands: &[Value],
        t: Type,
        loc: Loc,
    ) -> LResult<Value> {
        if k == FloatKind::BF16 && !self.sm80 {
            return Err(self.unsupported(
                op,
                "bf16 math is computed in f32 and rounded with cvt.rn.bf16x2.f32, which needs sm_80 or later",
            ));
        }
        let f32t = self.m.float_type(FloatKind::F32);
        let wide: Vec<Value> = operands
            .iter()
            .map(|&x| match k {
                FloatKind::BF16 => self.bf16_to_f32(x, loc),
                _ => self.conv("cvt.f32.f16", &[x], f32t, loc),
            })
            .collect();
        let v = self.emit_program(op, p, &wide, loc)?;
        Ok(match k {
            FloatKind::BF16 => {
                let zero = self.f32_const(0, f32t, loc);
                self.conv("cvt.rn.bf16x2.f32", &[zero, v], t, loc)
            }
            _ => self.conv("cvt.rn.f16.f32", &[v], t, loc),
        })
    }

    /// The IR type of a register class.
    fn class_type(&mut self, t: Ty) -> Type {
        match t {
            Ty::P => self.i1,
            Ty::B32 => self.i32t,
            Ty::B64 => self.i64t,
            Ty::F32 => self.m.float_type(FloatKind::F32),
            Ty::F64 => self.m.float_type(FloatKind::F64),
        }
    }

    /// Emits `p` on the PTX registers `args` for the op `op` (whose error a malformed program
    /// is reported at); its result.
    pub(in super::super) fn emit_program(
        &mut self,
        op: Op,
        p: &Program,
        args: &[Value],
        loc: Loc,
    ) -> LResult<Value> {
        let counts = p.def_counts();
        let tys: Vec<Type> = p.tys.iter().map(|&t| self.class_type(t)).collect();
        let mut vals: Vec<Option<Value>> = vec![None; p.tys.len()];
        for (i, &n) in counts.iter().enumerate() {
            if n > 1 {
                vals[i] = Some(self.reg(tys[i], loc));
            }
        }
        for (r, &a) in p.args.iter().zip(args) {
            vals[r.0 as usize] = Some(a);
        }
        let mut regs = Regs { counts, tys, vals };
        let labels: Vec<String> = (0..=max_label(p)).map(|_| self.label()).collect();
        for step in &p.steps {
            match *step {
                Step::Imm(d, bits) => {
                    let d = d.0 as usize;
                    let v = self.constant(p.tys[d], bits, regs.tys[d], loc);
                    self.write(&mut regs, d, v, loc);
                }
                Step::Ins(ins, d, a) => self.emit_ins(op, &mut regs, ins, d.0 as usize, &a, loc)?,
                Step::Label(l) => self.put_label(&labels[l.0 as usize], loc),
                Step::Bra(pred, l) => {
                    let (p, negate) = match pred {
                        Some((r, n)) => (regs.vals[r.0 as usize], n),
                        None => (None, false),
                    };
                    self.branch(p, negate, &labels[l.0 as usize], loc);
                }
            }
        }
        regs.vals[p.ret.0 as usize]
            .ok_or_else(|| self.unsupported(op, "the math program never writes its result"))
    }

    /// `d = ins(a)`: one `ptx.math` (a copy into a mutable register is the `ptx.mov` of the
    /// write itself).
    fn emit_ins(
        &mut self,
        op: Op,
        regs: &mut Regs,
        ins: Ins,
        d: usize,
        a: &[Reg],
        loc: Loc,
    ) -> LResult<()> {
        let n = ins.sig().0.len();
        let mut ops = Vec::with_capacity(n);
        for r in &a[..n] {
            ops.push(regs.vals[r.0 as usize].ok_or_else(|| {
                self.unsupported(op, "the math program reads a register before writing it")
            })?);
        }
        let copy = matches!(ins, Ins::Op(Opc::MovF | Opc::MovD));
        let v = if copy && regs.counts[d] > 1 {
            ops[0]
        } else {
            self.math1(&ins.opcode(), &ops, regs.tys[d], loc)
        };
        self.write(regs, d, v, loc);
        Ok(())
    }

    /// Records `v` as the value of register `d`: its own value, or moved into its `ptx.reg`.
    fn write(&mut self, regs: &mut Regs, d: usize, v: Value, loc: Loc) {
        match (regs.counts[d] > 1, regs.vals[d]) {
            (true, Some(reg)) => self.mov(reg, v, loc),
            _ => regs.vals[d] = Some(v),
        }
    }

    /// `mov` of the constant `bits` of class `class` (IR type `t`).
    fn constant(&mut self, class: Ty, bits: u64, t: Type, loc: Loc) -> Value {
        match class {
            Ty::F32 => self.f32_const(bits as u32, t, loc),
            Ty::F64 => {
                let a = AttrData::Float {
                    bits,
                    kind: FloatKind::F64,
                    ty: t,
                };
                self.b(loc).value(
                    tilec_dialects::ptx::MovImm::name_sym(),
                    &[],
                    t,
                    &[(tilec_ir::sym!(tilec_dialects::ptx::MovImm::VALUE), a)],
                )
            }
            Ty::B32 | Ty::P => self.imm(t, i64::from(bits as u32 as i32), loc),
            Ty::B64 => self.imm(t, bits as i64, loc),
        }
    }
}

/// The registers of a program being emitted: how many steps write each, its IR type, its
/// value so far (a `ptx.reg` for one written more than once).
struct Regs {
    counts: Vec<u32>,
    tys: Vec<Type>,
    vals: Vec<Option<Value>>,
}

/// The largest label a program uses (0 without any).
fn max_label(p: &Program) -> u16 {
    p.steps
        .iter()
        .filter_map(|s| match s {
            Step::Label(Label(l)) | Step::Bra(_, Label(l)) => Some(*l),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}
