//! Where forms come from: a ptx op's attributes ([`PtxForm::of`]), or an nv_tileas op's
//! through the lowering's mapping ([`lowered`]). Both read the same attribute keys (the lowering
//! copies them) with [`read`], then normalize; the nv_tileas side adds what `lower-as-to-ptx`
//! decides, with the decision functions the lowering itself calls: [`split_fences`],
//! [`widen_fence`], [`sc_access_sem`], [`tx_release_fence`].

use super::{Instr, PtxForm, RmwOp, SpaceRule, Ty, TyKind};
use crate::ptx::isa;
use crate::ptx::sync::MMA_KINDS;
use crate::target::Target;
use crate::types::ptr_info;
use tilec_ir::{
    sym, AttrData, FloatKind, MemScope, MemSemantic, Module, Op, RmwKind, Space, Sym, Type,
    TypeData,
};

/// The instruction nv_tileas op `name` is lowered to (its declaration's `instr:`; an `sc`
/// access and a release expect_tx/complete_tx also get a fence first; `mbarrier_wait` is a
/// try_wait loop).
pub fn lowers_to(name: Sym) -> Option<Instr> {
    crate::nv_tileas::OpKind::of_name(name)?.instr()
}

/// Whether `t` has split and `sync_restrict` fences (PTX 8.6 and sm_90, within `--ptx-isa`).
pub fn split_fences(t: &Target) -> bool {
    let need = isa::form("fence.acquire").map(|f| f.ptx);
    t.has_clusters() && t.ptx_isa.is_none_or(|v| need.is_none_or(|n| v >= n))
}

/// The fence a `fence` becomes: without split fences, acquire/release widen to acq_rel and the
/// restriction goes (stronger, never weaker).
pub fn widen_fence(
    sem: MemSemantic,
    restrict: Option<Space>,
    split: bool,
) -> (MemSemantic, Option<Space>) {
    match (split, sem) {
        (true, s) => (s, restrict),
        (false, MemSemantic::Acquire | MemSemantic::Release) => (MemSemantic::AcqRel, None),
        (false, s) => (s, None),
    }
}

/// The semantic of an `sc` access after its `fence.sc`: acquire (ld), release (st, red),
/// acq_rel (atom) — SYNC-MODEL §1.
pub fn sc_access_sem(instr: Instr) -> MemSemantic {
    match instr {
        Instr::Ld => MemSemantic::Acquire,
        Instr::St | Instr::Red => MemSemantic::Release,
        _ => MemSemantic::AcqRel,
    }
}

/// The fence before a release expect_tx/complete_tx (PTX has only relaxed ones): a split
/// release where the target has it, else acq_rel.
pub fn tx_release_fence(split: bool) -> MemSemantic {
    if split {
        MemSemantic::Release
    } else {
        MemSemantic::AcqRel
    }
}

/// The register width of a value type: pointers are 32-bit (shared, TMEM) or 64-bit.
fn reg_bits(m: &Module, t: Type) -> (bool, u16) {
    match m.type_data(t) {
        // A 16-bit float is moved as its bits (`ld.u16` into a 32-bit register: PTX's `ld`/`st`
        // have no `.f16` type; tilec does no 16-bit float arithmetic, only moves and `mma`).
        TypeData::Float(FloatKind::F16 | FloatKind::BF16) => (false, 16),
        TypeData::Float(k) => (true, k.bits() as u16),
        // Bytes and 16-bit integers likewise (`ld.u8` into a 32-bit register).
        TypeData::Int(w @ (8 | 16)) => (false, *w),
        TypeData::Int(w) => (false, (*w).max(32)),
        _ => match ptr_info(m, t) {
            Some((Some(Space::SharedCta | Space::SharedCluster | Space::Tmem), _)) => (false, 32),
            Some(_) => (false, 64),
            None => (false, 32),
        },
    }
}

/// The data type of an access or reduction of a `t` value with operation `kind`: `.b` for
/// exchange (and so compare-and-swap), float, else `.b` for bitwise ops, `.s` for min/max, `.u`
/// otherwise.
pub fn data_ty(m: &Module, t: Type, kind: Option<RmwKind>) -> Ty {
    if let Some(ty) = half_add_ty(m, t, kind) {
        return ty;
    }
    let (float, bits) = reg_bits(m, t);
    let kind = match (float, kind) {
        // Exchange and compare-and-swap move bits: PTX has them only as .b32/.b64 (an .f32
        // register is a 32-bit operand of a .b32 instruction), also for float values.
        (_, Some(RmwKind::Exch)) => TyKind::B,
        (true, _) => TyKind::F,
        (_, Some(RmwKind::And | RmwKind::Or | RmwKind::Xor)) => TyKind::B,
        (_, Some(RmwKind::Max | RmwKind::Min)) => TyKind::S,
        (_, Some(RmwKind::UMax | RmwKind::UMin)) => TyKind::U,
        // A 128-bit access moves bits: PTX has ld/st only as .b128 (PTX ISA 8.3).
        _ if bits == 128 => TyKind::B,
        _ => TyKind::U,
    };
    Ty { kind, bits }
}

/// The type of an atomic add of a 16-bit float (`.f16`, `.bf16`: PTX ISA, atom and red,
/// `.add.noftz.f16` and `.add.noftz.bf16`); None for anything else, which moves such values as
/// their bits.
fn half_add_ty(m: &Module, t: Type, kind: Option<RmwKind>) -> Option<Ty> {
    let kind = match (m.type_data(t), kind) {
        (TypeData::Float(FloatKind::F16), Some(RmwKind::Add)) => TyKind::F,
        (TypeData::Float(FloatKind::BF16), Some(RmwKind::Add)) => TyKind::Bf,
        _ => return None,
    };
    Some(Ty { kind, bits: 16 })
}

/// `.b32` / `.b64` for a value's register (st.async).
fn bits_ty(m: &Module, t: Type) -> Ty {
    let wide = matches!(
        m.type_data(t),
        TypeData::Index | TypeData::Float(FloatKind::F64)
    ) || reg_bits(m, t).1 == 64;
    Ty {
        kind: TyKind::B,
        bits: if wide { 64 } else { 32 },
    }
}

/// The form's fields from `op`'s attributes and operands, not yet normalized (the same keys on
/// a ptx op and on the nv_tileas op it is lowered from).
fn read(m: &Module, op: Op, instr: Instr) -> PtxForm {
    let operands = m.operands(op);
    let value = |i: usize| operands.get(i).map(|v| m.value_type(*v));
    let result = m.results(op).next().map(|r| m.value_type(r));
    let kind: Option<RmwKind> = m.attr_as(op, sym!("kind"));
    let cas = instr == Instr::Atom && operands.len() == 3;
    let mut f = PtxForm::bare(instr);
    f.sem = m.attr_as(op, sym!("mem_semantic"));
    f.scope = m.attr_as(op, sym!("mem_scope"));
    f.space = m.attr_as(op, sym!("space"));
    // A barrier without `space` is where its pointer points (the lowering writes it).
    if instr.def().space == SpaceRule::Barrier && f.space.is_none() {
        f.space = operands
            .first()
            .and_then(|p| ptr_info(m, m.value_type(*p)))
            .and_then(|(s, _)| s);
    }
    f.restrict = m.attr_as(op, sym!("restrict"));
    f.op = match instr {
        Instr::Atom if cas => Some(RmwOp::Cas),
        Instr::Atom | Instr::Red | Instr::RedAsync => {
            Some(RmwOp::Rmw(kind.unwrap_or(RmwKind::Add)))
        }
        _ => None,
    };
    f.ty = match instr {
        Instr::Ld => result.map(|t| data_ty(m, t, None)),
        Instr::Atom => result.map(|t| data_ty(m, t, if cas { Some(RmwKind::Exch) } else { kind })),
        Instr::St | Instr::Red => value(1).map(|t| data_ty(m, t, kind)),
        Instr::RedAsync => value(1).map(|t| data_ty(m, t, Some(kind.unwrap_or(RmwKind::Add)))),
        Instr::StAsync => value(1).map(|t| bits_ty(m, t)),
        _ => None,
    };
    f.expect_tx = m.get_attr(op, sym!("tx_bytes")).is_some();
    f.count = operands.len() == 2;
    f.aligned = m.get_attr(op, sym!("aligned")).is_some();
    f.read = m.get_attr(op, sym!("read")).is_some();
    f.streaming = m.get_attr(op, sym!("streaming")).is_some();
    if instr == Instr::CpAsyncBulkTensor {
        // The operands after destination, map and barrier are the coordinates.
        f.dims = operands.len().saturating_sub(3).min(5) as u8;
    }
    f.kind = match m.get_attr(op, sym!("kind")) {
        Some(AttrData::Str(k)) => MMA_KINDS.iter().copied().find(|x| *x == k.as_ref()),
        _ => Some("f16"),
    };
    f
}

impl PtxForm {
    /// The form a ptx op prints as (None: the op is not a memory/sync instruction).
    pub fn of(m: &Module, op: Op) -> Option<PtxForm> {
        let instr = Instr::of_op(m.op_name(op))?;
        Some(read(m, op, instr).normalized())
    }
}

/// The forms `lower-as-to-ptx` turns nv_tileas op `op` into, in order, on a target with or
/// without split fences (`split`, [`split_fences`]); `whole_cta` says whether the whole CTA
/// reaches the op convergently (asked only of cluster barriers, which are then `.aligned`).
/// Empty for ops that become no memory/sync instruction.
pub fn lowered(m: &Module, op: Op, split: bool, whole_cta: impl FnOnce() -> bool) -> Vec<PtxForm> {
    let Some(instr) = lowers_to(m.op_name(op)) else {
        return Vec::new();
    };
    let mut f = read(m, op, instr);
    let fence = |sem, scope| {
        let mut x = PtxForm::bare(Instr::Fence);
        (x.sem, x.scope) = (Some(sem), scope);
        x.normalized()
    };
    let mut v = Vec::new();
    match instr {
        Instr::Fence => {
            let sem = f.sem.unwrap_or(MemSemantic::AcqRel);
            (f.sem, f.restrict) = {
                let (s, r) = widen_fence(sem, f.restrict, split);
                (Some(s), r)
            };
        }
        Instr::Ld | Instr::St | Instr::Atom | Instr::Red if f.sem == Some(MemSemantic::Sc) => {
            v.push(fence(MemSemantic::Sc, f.scope));
            f.sem = Some(sc_access_sem(instr));
        }
        Instr::MbarrierExpectTx | Instr::MbarrierCompleteTx
            if matches!(f.sem, None | Some(MemSemantic::Release)) =>
        {
            let scope = f.scope.unwrap_or(MemScope::Cta);
            v.push(fence(tx_release_fence(split), Some(scope)));
            f.sem = Some(MemSemantic::Relaxed);
        }
        Instr::BarrierClusterArrive | Instr::BarrierClusterWait => f.aligned = whole_cta(),
        Instr::MbarrierTryWait => f.space = None,
        _ => {}
    }
    v.push(f.normalized());
    v
}
