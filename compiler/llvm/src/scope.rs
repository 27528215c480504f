//! Synchronization scopes on atomic instructions: LLVM's C API has them (`LLVMGetSyncScopeID`,
//! `LLVMSetAtomicSyncScopeID`), inkwell does not wrap them. The only unsafe code of tilec.

#![allow(unsafe_code)]

use inkwell::context::Context;
use inkwell::values::{AsValueRef, InstructionValue};
use tilec_passes::print::lower::SyncScope;

/// Gives the atomic instruction `inst` (a fence, an atomic load or store) the scope `s`; the
/// system scope is LLVM's default and needs nothing.
pub fn set(cx: &Context, inst: InstructionValue, s: SyncScope) {
    let Some(name) = s.name() else { return };
    // SAFETY: `cx.raw()` is a live context for the borrow of `cx`; the name is a valid buffer of
    // `name.len()` bytes (LLVM copies it into the context's scope table, it need not be
    // NUL-terminated).
    let id = unsafe {
        inkwell::llvm_sys::core::LLVMGetSyncScopeID(cx.raw(), name.as_ptr().cast(), name.len())
    };
    // SAFETY: `inst` is an instruction of a module of `cx`, and every caller passes a fence, an
    // atomic load or an atomic store, the instructions LLVMSetAtomicSyncScopeID accepts.
    unsafe { inkwell::llvm_sys::core::LLVMSetAtomicSyncScopeID(inst.as_value_ref(), id) }
}
