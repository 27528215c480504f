//! The fences and strong accesses the LLVM writers ([`super::lower`]) write as LLVM's own
//! `fence`, `load atomic` and `store atomic` instead of inline asm: exactly those whose
//! (semantic, scope) pair LLVM 22's NVPTX backend prints unchanged, so that LLVM's optimizers
//! see them for what they are and the PTX still says what tilec's says.
//!
//! What LLVM 22 prints for each (`llc -mcpu=sm_90a`, checked for every corpus case by
//! tools/tests/nvvm_mlir.rs and the `llvm` feature's tests, which compare the synchronization
//! instructions of both paths):
//! - `fence syncscope(S) acq_rel` → `fence.acq_rel.S`, `seq_cst` → `fence.sc.S`, for S = `block`
//!   (cta), `cluster`, `device` (gpu), none (sys). `fence acquire` and `fence release` print as
//!   `fence.acq_rel` (stronger than tilec's split fences, PTX 8.6): those stay inline asm.
//! - `load atomic monotonic|acquire` → `ld.relaxed|acquire.S.global.b32` and
//!   `store atomic monotonic|release` → `st.relaxed|release.S.global.b32`, for 32- and 64-bit
//!   integers and floats in the global and generic spaces. (Shared: tilec's shared addresses are
//!   32-bit, LLVM's address-space-3 pointers 64-bit, and the widening costs a `cvt`; they stay asm.)
//! - `atomicrmw` prints without ordering or scope (SYNC-MODEL §5), so every `atom`/`red` is
//!   inline asm; so are `.cs` (streaming) accesses, `mmio` and narrow types.

use super::lower::{Ordering, SyncScope, Ty};
use tilec_dialects::opdef::PairOp;
use tilec_dialects::ptx as px;
use tilec_dialects::target::Target;
use tilec_ir::{FloatKind, MemScope, MemSemantic, Module, Op, OpView, Space, TypeData};

/// An op written natively.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Native {
    /// `fence [syncscope] ordering`.
    Fence(Ordering, SyncScope),
    /// `load atomic`: the loaded type, the pointer's address space, the ordering and scope.
    Load {
        /// The loaded type.
        ty: Ty,
        /// The address space of the pointer (1 global, 0 generic).
        space: u32,
        /// The ordering.
        o: Ordering,
        /// The scope.
        s: SyncScope,
    },
    /// `store atomic`, as [`Native::Load`].
    Store {
        /// The stored type.
        ty: Ty,
        /// The address space of the pointer.
        space: u32,
        /// The ordering.
        o: Ordering,
        /// The scope.
        s: SyncScope,
    },
}

/// Which instruction, with which PTX semantic, LLVM writes with which ordering.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Fence,
    Load,
    Store,
}

/// The rows: (instruction, semantic) → LLVM ordering. Absent pairs stay inline asm.
const ORDERINGS: &[(Kind, MemSemantic, Ordering)] = &[
    (Kind::Fence, MemSemantic::AcqRel, Ordering::AcqRel),
    (Kind::Fence, MemSemantic::Sc, Ordering::SeqCst),
    (Kind::Load, MemSemantic::Relaxed, Ordering::Monotonic),
    (Kind::Load, MemSemantic::Acquire, Ordering::Acquire),
    (Kind::Store, MemSemantic::Relaxed, Ordering::Monotonic),
    (Kind::Store, MemSemantic::Release, Ordering::Release),
];

/// NVPTX's scope of each PTX scope.
fn sync_scope(s: MemScope) -> SyncScope {
    match s {
        MemScope::Cta => SyncScope::Block,
        MemScope::Cluster => SyncScope::Cluster,
        MemScope::Gpu => SyncScope::Device,
        MemScope::Sys => SyncScope::System,
    }
}

/// The ordering of `kind` with semantic `sem`, where the table has one.
fn ordering(kind: Kind, sem: Option<MemSemantic>) -> Option<Ordering> {
    let sem = sem?;
    ORDERINGS
        .iter()
        .find(|r| r.0 == kind && r.1 == sem)
        .map(|r| r.2)
}

/// How `op` is written natively, if it is.
pub fn native_access(m: &Module, op: Op, _target: &Target) -> Option<Native> {
    if let Some(f) = px::Fence::cast(m, op) {
        if f.restrict(m).is_some() {
            return None;
        }
        return Some(Native::Fence(
            ordering(Kind::Fence, f.sem(m))?,
            sync_scope(f.scope(m)?),
        ));
    }
    let (kind, value, space, streaming, sem, scope) = if let Some(l) = px::Ld::cast(m, op) {
        let v = m.result(op, 0);
        (
            Kind::Load,
            v,
            l.space(m),
            l.streaming(m),
            l.sem(m),
            l.scope(m),
        )
    } else if let Some(s) = px::St::cast(m, op) {
        let v = *m.operands(op).get(1)?;
        (
            Kind::Store,
            v,
            s.space(m),
            s.streaming(m),
            s.sem(m),
            s.scope(m),
        )
    } else {
        return None;
    };
    if streaming {
        return None;
    }
    let ty = match m.type_data(m.value_type(value)) {
        TypeData::Int(32) => Ty::I32,
        TypeData::Int(64) | TypeData::Index => Ty::I64,
        TypeData::Float(FloatKind::F32) => Ty::F32,
        TypeData::Float(FloatKind::F64) => Ty::F64,
        _ => return None,
    };
    let space = match space? {
        Space::Global => 1,
        Space::Generic => 0,
        _ => return None,
    };
    // The address is a 64-bit register.
    let addr = *m.operands(op).first()?;
    if !matches!(
        m.type_data(m.value_type(addr)),
        TypeData::Int(64) | TypeData::Index
    ) {
        return None;
    }
    let (o, s) = (ordering(kind, sem)?, sync_scope(scope?));
    Some(match kind {
        Kind::Load => Native::Load { ty, space, o, s },
        _ => Native::Store { ty, space, o, s },
    })
}
