//! Every form tilec can print ([`PtxForm::all`]) and the inverse of `Display`
//! ([`PtxForm::parse`]): a PTX opcode back to its form, by looking it up among the printed
//! texts of all forms, so that parsing can never disagree with printing.

use super::{Instr, PtxForm, RmwOp, Slot, Ty, TyKind, INSTRS};
use crate::ptx::sync::MMA_KINDS;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use tilec_ir::{MemScope, MemSemantic, RmwKind, Space};

/// The data types the printer writes (float registers keep their width; integers are at least
/// 32-bit).
pub const TYS: &[Ty] = &[
    Ty {
        kind: TyKind::U,
        bits: 32,
    },
    Ty {
        kind: TyKind::U,
        bits: 64,
    },
    Ty {
        kind: TyKind::S,
        bits: 32,
    },
    Ty {
        kind: TyKind::S,
        bits: 64,
    },
    Ty {
        kind: TyKind::B,
        bits: 32,
    },
    Ty {
        kind: TyKind::B,
        bits: 64,
    },
    // `.noftz.f16` and `.noftz.bf16`: only an atomic add's.
    Ty {
        kind: TyKind::F,
        bits: 16,
    },
    Ty {
        kind: TyKind::Bf,
        bits: 16,
    },
    Ty {
        kind: TyKind::F,
        bits: 32,
    },
    Ty {
        kind: TyKind::F,
        bits: 64,
    },
];

/// `v` where the instruction has the slot, else only "absent".
fn pick<T>(on: bool, v: Vec<Option<T>>) -> Vec<Option<T>> {
    if on {
        v
    } else {
        vec![None]
    }
}

fn with_none<T: Copy>(xs: &[T]) -> Vec<Option<T>> {
    std::iter::once(None)
        .chain(xs.iter().copied().map(Some))
        .collect()
}

/// Every normalized form of `instr` without its data type: each combination of the values its
/// slots can take.
fn untyped(instr: Instr) -> Vec<PtxForm> {
    let has = |s: Slot| instr.def().layout.contains(&s);
    let flags = |on: bool| if on { vec![false, true] } else { vec![false] };
    let mut ops: Vec<Option<RmwOp>> = RmwKind::ALL.iter().map(|k| Some(RmwOp::Rmw(*k))).collect();
    ops.push(Some(RmwOp::Cas));
    let spaces = [Space::Global, Space::SharedCta, Space::SharedCluster];
    let mut flag_sets = Vec::new();
    for expect_tx in flags(has(Slot::ExpectTx)) {
        for aligned in flags(has(Slot::Aligned)) {
            for read in flags(has(Slot::Read)) {
                for streaming in flags(has(Slot::Cop)) {
                    flag_sets.push((expect_tx, aligned, read, streaming));
                }
            }
        }
    }
    // cp.async.bulk.tensor: one form per tensor rank (1 to 5).
    let dims: Vec<u8> = if has(Slot::Dims) {
        (1..=5).collect()
    } else {
        vec![0]
    };
    let mut out = Vec::new();
    for dims in dims {
        for sem in with_none(MemSemantic::ALL) {
            for scope in with_none(MemScope::ALL) {
                for space in with_none(&spaces) {
                    for restrict in pick(has(Slot::Restrict), with_none(&spaces[1..])) {
                        for op in pick(has(Slot::Op), ops.clone()) {
                            for kind in pick(has(Slot::Kind), with_none(MMA_KINDS)) {
                                for &(expect_tx, aligned, read, streaming) in &flag_sets {
                                    let f = PtxForm {
                                        sem,
                                        scope,
                                        space,
                                        restrict,
                                        op,
                                        kind,
                                        expect_tx,
                                        aligned,
                                        read,
                                        streaming,
                                        dims,
                                        ..PtxForm::bare(instr)
                                    };
                                    out.push(f.normalized());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// `max`/`min` on `.u` types is the unsigned kind (`umax`/`umin`), on other types the signed
/// one: one form per text (`atom.max.u32` is `umax`), as [`super::data_ty`] derives them.
fn signed_as_written(f: PtxForm) -> bool {
    let unsigned = f.ty.is_some_and(|t| t.kind == super::TyKind::U);
    match f.op {
        Some(RmwOp::Rmw(RmwKind::Max | RmwKind::Min)) => !unsigned,
        Some(RmwOp::Rmw(RmwKind::UMax | RmwKind::UMin)) => unsigned,
        _ => true,
    }
}

impl PtxForm {
    /// Every form the printer can write (each instruction with every combination of its
    /// modifiers and, where it has one, every data type of [`TYS`]; the forms a verifier rejects
    /// included).
    pub fn all() -> Vec<PtxForm> {
        let mut v = Vec::new();
        for d in INSTRS {
            for f in untyped(d.instr) {
                if d.layout.contains(&Slot::Ty) {
                    v.extend(
                        TYS.iter()
                            .map(|t| PtxForm { ty: Some(*t), ..f })
                            .filter(|f| signed_as_written(*f)),
                    );
                } else {
                    v.push(f);
                }
            }
        }
        v
    }

    /// The form printed as `opcode` (None: not a form tilec prints). The arrival count of an
    /// arrive is an operand, not in the opcode: it parses as absent.
    pub fn parse(opcode: &str) -> Option<PtxForm> {
        static TEXTS: OnceLock<FxHashMap<String, PtxForm>> = OnceLock::new();
        let texts = TEXTS.get_or_init(|| {
            INSTRS
                .iter()
                .flat_map(|d| untyped(d.instr))
                .map(|f| (f.to_string(), f))
                .collect()
        });
        let typed = |f: &PtxForm| f.instr.def().layout.contains(&Slot::Ty);
        if let Some(f) = texts.get(opcode).filter(|f| !typed(f)) {
            return Some(*f);
        }
        let (head, ty) = opcode.rsplit_once('.')?;
        let ty = parse_ty(ty)?;
        // `.noftz` is written with a 16-bit float type (see `Ty`'s Display), nowhere else.
        let head = match ty.is_half_float() {
            true => head.strip_suffix(".noftz")?,
            false => head,
        };
        let f = texts.get(head).filter(|f| typed(f))?;
        // The untyped text of umax/umin is max/min's: the type says which.
        let op = match (f.op, ty.kind) {
            (Some(RmwOp::Rmw(RmwKind::Max | RmwKind::UMax)), TyKind::U) => {
                Some(RmwOp::Rmw(RmwKind::UMax))
            }
            (Some(RmwOp::Rmw(RmwKind::Max | RmwKind::UMax)), _) => Some(RmwOp::Rmw(RmwKind::Max)),
            (Some(RmwOp::Rmw(RmwKind::Min | RmwKind::UMin)), TyKind::U) => {
                Some(RmwOp::Rmw(RmwKind::UMin))
            }
            (Some(RmwOp::Rmw(RmwKind::Min | RmwKind::UMin)), _) => Some(RmwOp::Rmw(RmwKind::Min)),
            (op, _) => op,
        };
        Some(PtxForm {
            ty: Some(ty),
            op,
            ..*f
        })
    }
}

fn parse_ty(s: &str) -> Option<Ty> {
    let (k, bits) = match s.strip_prefix("bf") {
        Some(bits) => ("bf", bits),
        None => s.split_at_checked(1)?,
    };
    let kind = match k {
        "bf" => TyKind::Bf,
        "u" => TyKind::U,
        "s" => TyKind::S,
        "b" => TyKind::B,
        "f" => TyKind::F,
        _ => return None,
    };
    TYS.iter()
        .copied()
        .find(|t| t.kind == kind && bits.parse() == Ok(t.bits))
}
