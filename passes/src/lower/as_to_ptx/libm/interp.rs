//! The interpreter of [`super::Program`]s (tests only): every instruction of [`super::TABLE`]
//! with the result PTX defines for it (PTX ISA 9.7.3, 9.7.4, 9.7.7, 9.7.9), so that what a
//! test measures is what the GPU computes.
//!
//! - `add/sub/mul/div/fma.rn` are IEEE 754 operations rounded to nearest even, subnormals
//!   kept (no `.ftz`): Rust's `+ - * /` and `mul_add` are the same operations.
//! - `cvt.rni`/`.rzi` to an integral float round to nearest even / toward zero; to an integer
//!   they also saturate, and a NaN becomes 0 (PTX ISA 9.7.9.21, "cvt": "saturation … NaN
//!   results in 0"), which is what Rust's `as` does.
//! - shifts clamp their amount to the register width (PTX ISA 9.7.8.7 `shl`/`shr`: "shift
//!   amounts greater than the register width N are clamped to N"); `shf.r.clamp` shifts the
//!   64-bit `b:a` right by `min(c, 32)` and keeps the low word (9.7.8.8).

use super::{Cmp, CmpTy, Ins, Opc, Program, Step, Ty};

/// How many steps a run may take (the loops of `remf` take a few hundred at most).
const STEP_LIMIT: usize = 100_000;

/// Runs `p` on `args` (the bits of each argument); the bits of the result, or why it failed
/// (a register read before it is written, a missing label, a run that does not end).
pub(crate) fn run(p: &Program, args: &[u64]) -> Result<u64, String> {
    let mut regs: Vec<Option<u64>> = vec![None; p.tys.len()];
    for (r, a) in p.args.iter().zip(args) {
        regs[r.0 as usize] = Some(*a);
    }
    let mut pc = 0;
    let mut steps = 0;
    while pc < p.steps.len() {
        steps += 1;
        if steps > STEP_LIMIT {
            return Err(format!("more than {STEP_LIMIT} steps"));
        }
        let get = |r: super::Reg| {
            regs[r.0 as usize].ok_or(format!("r{} read before written (step {pc})", r.0))
        };
        match p.steps[pc] {
            Step::Imm(d, bits) => regs[d.0 as usize] = Some(bits),
            Step::Ins(ins, d, a) => {
                let n = ins.sig().0.len();
                let mut v = [0u64; 3];
                for i in 0..n {
                    v[i] = get(a[i])?;
                }
                regs[d.0 as usize] = Some(eval(ins, v));
            }
            Step::Label(_) => {}
            Step::Bra(pred, l) => {
                let taken = match pred {
                    Some((r, negate)) => (get(r)? != 0) != negate,
                    None => true,
                };
                if taken {
                    pc = p
                        .steps
                        .iter()
                        .position(|s| matches!(s, Step::Label(x) if *x == l))
                        .ok_or(format!("no label {l:?}"))?;
                }
            }
        }
        pc += 1;
    }
    regs[p.ret.0 as usize].ok_or_else(|| "the result is never written".to_string())
}

fn f(b: u64) -> f32 {
    f32::from_bits(b as u32)
}
fn d(b: u64) -> f64 {
    f64::from_bits(b)
}
fn fb(x: f32) -> u64 {
    u64::from(x.to_bits())
}
fn w(x: u32) -> u64 {
    u64::from(x)
}

/// The result of one instruction on operand bits `v`.
fn eval(ins: Ins, v: [u64; 3]) -> u64 {
    let (a, b, c) = (v[0], v[1], v[2]);
    let (a32, b32, c32) = (a as u32, b as u32, c as u32);
    match ins {
        Ins::Setp(cmp, t) => u64::from(compare(cmp, t, a, b)),
        Ins::Op(o) => match o {
            Opc::AddF => fb(f(a) + f(b)),
            Opc::MulF => fb(f(a) * f(b)),
            Opc::FmaF => fb(f(a).mul_add(f(b), f(c))),
            Opc::DivF => fb(f(a) / f(b)),
            Opc::NegF => fb(-f(a)),
            Opc::AbsF => fb(f(a).abs()),
            Opc::RziF => fb(f(a).trunc()),
            Opc::SelF | Opc::Sel32 | Opc::SelD | Opc::Sel64 => {
                if c != 0 {
                    a
                } else {
                    b
                }
            }
            Opc::MovF | Opc::MovD => a,
            Opc::AddD => (d(a) + d(b)).to_bits(),
            Opc::SubD => (d(a) - d(b)).to_bits(),
            Opc::MulD => (d(a) * d(b)).to_bits(),
            Opc::FmaD => d(a).mul_add(d(b), d(c)).to_bits(),
            Opc::DivD => (d(a) / d(b)).to_bits(),
            Opc::NegD => (-d(a)).to_bits(),
            Opc::AbsD => d(a).abs().to_bits(),
            Opc::AndP => a & b,
            Opc::OrP => a | b,
            Opc::NotP => a ^ 1,
            Opc::Add32 => w(a32.wrapping_add(b32)),
            Opc::Sub32 => w(a32.wrapping_sub(b32)),
            Opc::Min32 => w((a32 as i32).min(b32 as i32) as u32),
            Opc::And32 => w(a32 & b32),
            Opc::Or32 => w(a32 | b32),
            Opc::Shl32 => w(a32.checked_shl(b32).unwrap_or(0)),
            Opc::ShrU32 => w(a32.checked_shr(b32).unwrap_or(0)),
            Opc::ShfR => w((((u64::from(b32) << 32) | u64::from(a32)) >> c32.min(32)) as u32),
            Opc::And64 => a & b,
            Opc::Or64 => a | b,
            Opc::Shl64 => a.checked_shl(b32).unwrap_or(0),
            Opc::ShrU64 => a.checked_shr(b32).unwrap_or(0),
            Opc::RemU64 => a.checked_rem(b).unwrap_or(u64::MAX),
            Opc::MadWide => u64::from(a32) * u64::from(b32) + c,
            Opc::RniS32F => w(f(a).round_ties_even() as i32 as u32),
            Opc::S32ToF => fb(a32 as i32 as f32),
            Opc::U32ToF => fb(a32 as f32),
            Opc::RniS32D => w(d(a).round_ties_even() as i32 as u32),
            Opc::S32ToD => f64::from(a32 as i32).to_bits(),
            Opc::S64ToD => (a as i64 as f64).to_bits(),
            Opc::U64ToD => (a as f64).to_bits(),
            Opc::FToD => f64::from(f(a)).to_bits(),
            Opc::DToF => fb(d(a) as f32),
            Opc::Wide => w(a32),
            Opc::Low => w(a as u32),
            Opc::BitsF | Opc::FromBitsF => w(a32),
            Opc::BitsD | Opc::FromBitsD => a,
        },
    }
}

/// `setp.<cmp>.<t> a, b`.
fn compare(cmp: Cmp, t: CmpTy, a: u64, b: u64) -> bool {
    use std::cmp::Ordering as O;
    let ord: Option<O> = match t {
        CmpTy::F32 => f(a).partial_cmp(&f(b)),
        CmpTy::F64 => d(a).partial_cmp(&d(b)),
        CmpTy::S32 => Some((a as u32 as i32).cmp(&(b as u32 as i32))),
        CmpTy::S64 => Some((a as i64).cmp(&(b as i64))),
    };
    match (cmp, ord) {
        (Cmp::Nan, o) => o.is_none(),
        (_, None) => false,
        (Cmp::Eq, Some(o)) => o == O::Equal,
        (Cmp::Ne, Some(o)) => o != O::Equal,
        (Cmp::Lt, Some(o)) => o == O::Less,
        (Cmp::Le, Some(o)) => o != O::Greater,
        (Cmp::Gt, Some(o)) => o == O::Greater,
        (Cmp::Ge, Some(o)) => o != O::Less,
    }
}

/// The class of every register a program's steps read or write matches the instruction's
/// signature (checked once per program by the tests).
pub(crate) fn check_types(p: &Program) -> Result<(), String> {
    for (i, s) in p.steps.iter().enumerate() {
        if let Step::Ins(ins, dst, a) = s {
            let (args, res) = ins.sig();
            let ty = |r: super::Reg| p.tys[r.0 as usize];
            if ty(*dst) != res {
                return Err(format!("step {i}: {ins:?} writes a {:?}", ty(*dst)));
            }
            for (k, t) in args.iter().enumerate() {
                if ty(a[k]) != *t {
                    return Err(format!("step {i}: {ins:?} operand {k} is a {:?}", ty(a[k])));
                }
            }
        }
        if let Step::Bra(Some((r, _)), _) = s {
            if p.tys[r.0 as usize] != Ty::P {
                return Err(format!("step {i}: branch on a non-predicate"));
            }
        }
    }
    Ok(())
}
