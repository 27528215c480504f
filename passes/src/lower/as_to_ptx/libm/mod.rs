//! Full-precision float math (`sin cos tan sinh cosh atan2 pow remf`) as *programs*: short
//! instruction sequences over virtual registers, one PTX instruction per step, defined once
//! and read twice — by [`emit`] (the PTX lowering) and by the unit tests' interpreter
//! (`interp`, the same f32/f64/integer semantics as PTX), which measure every program's error
//! in ulps over dense sweeps and special values (`tests`). This module owns the program
//! representation: register classes, the instruction table, steps, and the builder the
//! program definitions ([`trig`], [`hyper`], [`atan2`], [`fmod`]) are written with.
//!
//! Every instruction is one whose result PTX defines exactly (PTX ISA 9.7.3 "Integer
//! Arithmetic", 9.7.4 "Floating-Point Instructions" with an explicit `.rn`/`.rni`/`.rzi`
//! rounding, 9.7.9 "Data Movement and Conversion": `cvt`, `mov`, `selp`/`setp` of 9.7.7): no
//! `.approx` instruction, so the interpreter computes bit for bit what the GPU computes (an
//! explicit rounding modifier also keeps ptxas from contracting a `mul` and an `add` into an
//! `fma`, PTX ISA 9.7.4.1).

pub(super) mod atan2;
pub(super) mod emit;
pub(super) mod fmod;
pub(super) mod hyper;
pub(super) mod trig;

#[cfg(test)]
mod interp;
#[cfg(test)]
mod tests;

/// A register class: a predicate, 32/64-bit integers (bits), f32, f64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ty {
    P,
    B32,
    B64,
    F32,
    F64,
}

/// A virtual register of a program (an index into [`Program::tys`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reg(pub u16);

/// A branch target of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Label(pub u16);

/// A `setp` comparison (PTX ISA 9.7.7.2, "Comparison operators"): the float ones are the
/// ordered ones (false on a NaN operand) and `nan` (true when either operand is NaN).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Nan,
}

/// The operand type a `setp` compares as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CmpTy {
    F32,
    F64,
    S32,
    S64,
}

/// An instruction: a row of [`TABLE`] (its opcode and signature), or a `setp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ins {
    Op(Opc),
    Setp(Cmp, CmpTy),
}

macro_rules! opcodes {
    ($($name:ident = $opcode:literal : ($($a:ident),*) -> $r:ident;)*) => {
        /// The instructions other than `setp`, one per PTX opcode (with its types).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Opc { $($name),* }
        /// Each [`Opc`]'s PTX opcode, operand classes and result class, in [`Opc`] order.
        pub(crate) const TABLE: &[(Opc, &str, &[Ty], Ty)] = &[
            $((Opc::$name, $opcode, &[$(Ty::$a),*], Ty::$r)),*
        ];
    };
}

opcodes! {
    AddF = "add.rn.f32": (F32, F32) -> F32;
    MulF = "mul.rn.f32": (F32, F32) -> F32;
    FmaF = "fma.rn.f32": (F32, F32, F32) -> F32;
    DivF = "div.rn.f32": (F32, F32) -> F32;
    NegF = "neg.f32": (F32) -> F32;
    AbsF = "abs.f32": (F32) -> F32;
    RziF = "cvt.rzi.f32.f32": (F32) -> F32;
    SelF = "selp.f32": (F32, F32, P) -> F32;
    MovF = "mov.f32": (F32) -> F32;
    AddD = "add.rn.f64": (F64, F64) -> F64;
    SubD = "sub.rn.f64": (F64, F64) -> F64;
    MulD = "mul.rn.f64": (F64, F64) -> F64;
    FmaD = "fma.rn.f64": (F64, F64, F64) -> F64;
    DivD = "div.rn.f64": (F64, F64) -> F64;
    NegD = "neg.f64": (F64) -> F64;
    AbsD = "abs.f64": (F64) -> F64;
    SelD = "selp.f64": (F64, F64, P) -> F64;
    MovD = "mov.f64": (F64) -> F64;
    AndP = "and.pred": (P, P) -> P;
    OrP = "or.pred": (P, P) -> P;
    NotP = "not.pred": (P) -> P;
    Add32 = "add.s32": (B32, B32) -> B32;
    Sub32 = "sub.s32": (B32, B32) -> B32;
    Min32 = "min.s32": (B32, B32) -> B32;
    And32 = "and.b32": (B32, B32) -> B32;
    Or32 = "or.b32": (B32, B32) -> B32;
    Shl32 = "shl.b32": (B32, B32) -> B32;
    ShrU32 = "shr.u32": (B32, B32) -> B32;
    ShfR = "shf.r.clamp.b32": (B32, B32, B32) -> B32;
    Sel32 = "selp.b32": (B32, B32, P) -> B32;
    And64 = "and.b64": (B64, B64) -> B64;
    Or64 = "or.b64": (B64, B64) -> B64;
    Shl64 = "shl.b64": (B64, B32) -> B64;
    ShrU64 = "shr.u64": (B64, B32) -> B64;
    RemU64 = "rem.u64": (B64, B64) -> B64;
    Sel64 = "selp.b64": (B64, B64, P) -> B64;
    MadWide = "mad.wide.u32": (B32, B32, B64) -> B64;
    RniS32F = "cvt.rni.s32.f32": (F32) -> B32;
    S32ToF = "cvt.rn.f32.s32": (B32) -> F32;
    U32ToF = "cvt.rn.f32.u32": (B32) -> F32;
    RniS32D = "cvt.rni.s32.f64": (F64) -> B32;
    S32ToD = "cvt.rn.f64.s32": (B32) -> F64;
    S64ToD = "cvt.rn.f64.s64": (B64) -> F64;
    U64ToD = "cvt.rn.f64.u64": (B64) -> F64;
    FToD = "cvt.f64.f32": (F32) -> F64;
    DToF = "cvt.rn.f32.f64": (F64) -> F32;
    Wide = "cvt.u64.u32": (B32) -> B64;
    Low = "cvt.u32.u64": (B64) -> B32;
    BitsF = "mov.b32": (F32) -> B32;
    FromBitsF = "mov.b32": (B32) -> F32;
    BitsD = "mov.b64": (F64) -> B64;
    FromBitsD = "mov.b64": (B64) -> F64;
}

impl Opc {
    /// Its row of [`TABLE`].
    pub(crate) fn row(self) -> (&'static str, &'static [Ty], Ty) {
        let r = TABLE[self as usize];
        (r.1, r.2, r.3)
    }
}

impl Cmp {
    /// The PTX spelling.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Cmp::Eq => "eq",
            Cmp::Ne => "ne",
            Cmp::Lt => "lt",
            Cmp::Le => "le",
            Cmp::Gt => "gt",
            Cmp::Ge => "ge",
            Cmp::Nan => "nan",
        }
    }
}

impl CmpTy {
    /// The PTX type suffix and the class of the operands.
    pub(crate) fn row(self) -> (&'static str, Ty) {
        match self {
            CmpTy::F32 => ("f32", Ty::F32),
            CmpTy::F64 => ("f64", Ty::F64),
            CmpTy::S32 => ("s32", Ty::B32),
            CmpTy::S64 => ("s64", Ty::B64),
        }
    }
}

impl Ins {
    /// The PTX opcode (`setp.<cmp>.<type>` for a comparison).
    pub(crate) fn opcode(self) -> String {
        match self {
            Ins::Op(o) => o.row().0.to_string(),
            Ins::Setp(c, t) => format!("setp.{}.{}", c.name(), t.row().0),
        }
    }

    /// The operand classes and the result class.
    pub(crate) fn sig(self) -> (Vec<Ty>, Ty) {
        match self {
            Ins::Op(o) => (o.row().1.to_vec(), o.row().2),
            Ins::Setp(_, t) => (vec![t.row().1; 2], Ty::P),
        }
    }
}

/// One step of a program.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// `d = bits` (a float constant is its IEEE bits).
    Imm(Reg, u64),
    /// `d = ins(args[..arity])`.
    Ins(Ins, Reg, [Reg; 3]),
    /// A branch target.
    Label(Label),
    /// A branch to the label, taken when the predicate is true (false with `negate`);
    /// unconditional without one.
    Bra(Option<(Reg, bool)>, Label),
}

/// A program: its register classes, argument registers, steps and result register. A
/// register written by more than one step is a mutable register (a loop variable, or a value
/// a branch may overwrite); every other one is written once, before its uses.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    pub tys: Vec<Ty>,
    pub args: Vec<Reg>,
    pub steps: Vec<Step>,
    pub ret: Reg,
}

impl Program {
    /// How many steps write each register.
    pub(crate) fn def_counts(&self) -> Vec<u32> {
        let mut n = vec![0u32; self.tys.len()];
        for s in &self.steps {
            match s {
                Step::Imm(d, _) | Step::Ins(_, d, _) => n[d.0 as usize] += 1,
                _ => {}
            }
        }
        n
    }
}

/// Writes a program step by step.
pub(crate) struct Builder {
    p: Program,
    labels: u16,
}

impl Builder {
    /// A program of `args` arguments of class `t`.
    pub(crate) fn new(t: Ty, args: usize) -> (Builder, Vec<Reg>) {
        let mut b = Builder {
            p: Program {
                tys: Vec::new(),
                args: Vec::new(),
                steps: Vec::new(),
                ret: Reg(0),
            },
            labels: 0,
        };
        let regs: Vec<Reg> = (0..args).map(|_| b.reg(t)).collect();
        b.p.args = regs.clone();
        (b, regs)
    }

    /// The program, returning `ret`.
    pub(crate) fn finish(mut self, ret: Reg) -> Program {
        self.p.ret = ret;
        self.p
    }

    /// A new register of class `t`.
    pub(crate) fn reg(&mut self, t: Ty) -> Reg {
        self.p.tys.push(t);
        Reg(self.p.tys.len() as u16 - 1)
    }

    /// `d = ins(args)`, into an existing register.
    pub(crate) fn set(&mut self, d: Reg, ins: Ins, args: &[Reg]) {
        let mut a = [d; 3];
        a[..args.len()].copy_from_slice(args);
        self.p.steps.push(Step::Ins(ins, d, a));
    }

    /// `opc(args)` into a new register.
    pub(crate) fn op(&mut self, opc: Opc, args: &[Reg]) -> Reg {
        let d = self.reg(opc.row().2);
        self.set(d, Ins::Op(opc), args);
        d
    }

    /// `setp.<cmp>.<t> a, b` into a new predicate.
    pub(crate) fn setp(&mut self, c: Cmp, t: CmpTy, a: Reg, b: Reg) -> Reg {
        let d = self.reg(Ty::P);
        self.set(d, Ins::Setp(c, t), &[a, b]);
        d
    }

    /// A constant of class `t` (its bits).
    pub(crate) fn imm(&mut self, t: Ty, bits: u64) -> Reg {
        let d = self.reg(t);
        self.p.steps.push(Step::Imm(d, bits));
        d
    }

    /// An f32 constant.
    pub(crate) fn f(&mut self, v: f32) -> Reg {
        self.imm(Ty::F32, u64::from(v.to_bits()))
    }

    /// An f64 constant.
    pub(crate) fn d(&mut self, v: f64) -> Reg {
        self.imm(Ty::F64, v.to_bits())
    }

    /// A 32-bit integer constant.
    pub(crate) fn i(&mut self, v: i32) -> Reg {
        self.imm(Ty::B32, u64::from(v as u32))
    }

    /// A 64-bit integer constant.
    pub(crate) fn l(&mut self, v: u64) -> Reg {
        self.imm(Ty::B64, v)
    }

    /// A fresh label (placed later by [`Builder::place`]).
    pub(crate) fn label(&mut self) -> Label {
        self.labels += 1;
        Label(self.labels - 1)
    }

    pub(crate) fn place(&mut self, l: Label) {
        self.p.steps.push(Step::Label(l));
    }

    /// Branch to `l` when `p` is `!negate` (always without `p`).
    pub(crate) fn bra(&mut self, p: Option<Reg>, negate: bool, l: Label) {
        self.p.steps.push(Step::Bra(p.map(|p| (p, negate)), l));
    }

    /// `p ? a : b` of class `t`.
    pub(crate) fn sel(&mut self, p: Reg, a: Reg, b: Reg) -> Reg {
        let opc = match self.p.tys[a.0 as usize] {
            Ty::F32 => Opc::SelF,
            Ty::F64 => Opc::SelD,
            Ty::B64 => Opc::Sel64,
            _ => Opc::Sel32,
        };
        self.op(opc, &[a, b, p])
    }

    /// Horner's rule with fused multiply-adds: `c[0] + x·(c[1] + x·(…))` in f32 or f64 (by the
    /// class of `x`); the coefficients are exact constants of that class.
    pub(crate) fn horner(&mut self, x: Reg, c: &[f64]) -> Reg {
        let f64 = self.p.tys[x.0 as usize] == Ty::F64;
        let k = |b: &mut Builder, v: f64| if f64 { b.d(v) } else { b.f(v as f32) };
        let fma = if f64 { Opc::FmaD } else { Opc::FmaF };
        let mut acc = k(self, c[c.len() - 1]);
        for &ci in c[..c.len() - 1].iter().rev() {
            let kc = k(self, ci);
            acc = self.op(fma, &[acc, x, kc]);
        }
        acc
    }
}

/// The program of a full-precision op, by its nv_tileas kind and float width (32 or 64);
/// `None` where there is none (the lowering reports a located error).
pub(crate) fn program(kind: tilec_dialects::nv_tileas::OpKind, bits: u32) -> Option<Program> {
    use tilec_dialects::nv_tileas::OpKind as K;
    Some(match (kind, bits) {
        (K::Sin, 32) => trig::sin(),
        (K::Cos, 32) => trig::cos(),
        (K::Tan, 32) => trig::tan(),
        (K::SinH, 32) => hyper::sinh(),
        (K::CosH, 32) => hyper::cosh(),
        (K::Pow, 32) => hyper::pow(),
        (K::Atan2, 32) => atan2::atan2(),
        (K::RemF, 32) => fmod::fmod(fmod::F32),
        (K::RemF, 64) => fmod::fmod(fmod::F64),
        _ => return None,
    })
}

/// Whether `kind` is an op of [`program`].
pub(crate) fn handles(kind: tilec_dialects::nv_tileas::OpKind) -> bool {
    use tilec_dialects::nv_tileas::OpKind as K;
    matches!(
        kind,
        K::Sin | K::Cos | K::Tan | K::SinH | K::CosH | K::Pow | K::Atan2 | K::RemF
    )
}
