//! The only unsafe code of tilec: synchronization scopes on atomic instructions (LLVM's C API
//! has them, `LLVMGetSyncScopeID` and `LLVMSetAtomicSyncScopeID`; inkwell does not wrap them),
//! and inkwell's in-bounds GEP (unsafe because LLVM assumes the result in bounds).

#![allow(unsafe_code)]

use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context;
use inkwell::values::PointerValue;
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

/// `p + offset` bytes, an in-bounds GEP. The caller guarantees `offset` is within the object `p`
/// points to (a printf buffer sized to hold every field at its offset).
pub fn byte_offset<'ctx>(
    cx: &'ctx Context,
    b: &Builder<'ctx>,
    p: PointerValue<'ctx>,
    offset: u32,
) -> Result<PointerValue<'ctx>, BuilderError> {
    let idx = cx.i32_type().const_int(offset as u64, false);
    // SAFETY: the index stays inside the object (the caller's guarantee), which is what an
    // in-bounds GEP asserts; inkwell marks it unsafe for that assertion only.
    unsafe { b.build_in_bounds_gep(cx.i8_type(), p, &[idx], "") }
}
