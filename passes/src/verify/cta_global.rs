//! The address-space warning of `verify-mem-legality`: an atomic with `cta` scope on global
//! memory. It is legal (NVIDIA's cuda_tile allows `tl_blk` atomics on global memory, and a
//! location only one CTA touches needs no more), so it is a warning, not an error; `--Werror`
//! makes it one. SYNC-MODEL.md §3 rule 2 turns it into an error once `verify-races` sees the
//! location shared between CTAs.
//!
//! It needs resolved address spaces, so it starts at nv_tileaa (`!nv_tileaa.ptr<global, T>`
//! tiles); on nv_tileas the access's `space` attribute says the same.

use rustc_hash::FxHashSet;
use tilec_dialects::common::pair;
use tilec_dialects::opdef::short_name;
use tilec_dialects::types::{ptr_info, tile_info};
use tilec_ir::walk::WalkControl;
use tilec_ir::{Diagnostic, Diagnostics, Loc, MemScope, Module, Op, Space};

/// The atomics the warning looks at.
fn atomic(m: &Module, op: Op) -> bool {
    use tilec_dialects::{nv_tileaa as aa, nv_tileas as as_};
    matches!(
        aa::OpKind::of(m, op),
        Some(aa::OpKind::AtomicRmw | aa::OpKind::AtomicCas)
    ) || matches!(
        as_::OpKind::of(m, op),
        Some(as_::OpKind::Atom | as_::OpKind::Red)
    )
}

/// The space an atomic acts on: the pointer tile's space on nv_tileaa, `space` on nv_tileas.
fn space_of(m: &Module, op: Op) -> Option<Space> {
    use tilec_dialects::nv_tileas::{Atom, Red};
    use tilec_ir::OpView;
    if let Some(s) = Atom::cast(m, op).and_then(|a| a.space(m)) {
        return Some(s);
    }
    if let Some(s) = Red::cast(m, op).and_then(|r| r.space(m)) {
        return Some(s);
    }
    let t = m.value_type(*m.operands(op).first()?);
    let elem = tile_info(m, t)?.elem;
    ptr_info(m, elem)?.0
}

/// Warns on every cta-scope atomic on global memory (ops at `skip` already have errors).
pub fn check(m: &Module, skip: &FxHashSet<Loc>, d: &mut Diagnostics) {
    m.walk(&mut |op| {
        if atomic(m, op)
            && !skip.contains(&m.op_loc(op))
            && pair(m, op).1 == Some(MemScope::Cta)
            && space_of(m, op) == Some(Space::Global)
        {
            d.push(Diagnostic::warning(
                m.op_loc(op),
                format!(
                    "'{}' with scope 'cta' on global memory orders it only with threads of the same CTA; other CTAs may observe it unordered (use scope 'gpu' if the location is shared between CTAs)",
                    short_name(m.op_name(op).as_str())
                ),
            ).with_code(tilec_ir::DiagCode::LegalityCtaGlobal).with_op(op));
        }
        WalkControl::Continue
    });
}
