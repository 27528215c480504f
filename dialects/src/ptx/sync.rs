//! The ptx dialect's synchronization and asynchronous-copy ops: one op per PTX instruction form
//! (ptx-sync-isa.md §1.3, §3–§8), their catalog entries, their checks and their typed views.
//!
//! Conventions shared with the printer (tilec-passes `print-ptx`):
//! - shared addresses are b32 registers (`i32`), global ones b64 (`i64`); TMEM addresses b32;
//! - immediates that PTX takes as literals are attributes (`tx_bytes`, `bytes`, `columns`,
//!   `pending`, barrier `id`/`count`); everything else is a register operand;
//! - an mbarrier arrive prints the sink `_` as its state destination (no op reads the state:
//!   waits use the phase parity), so arrives have no result;
//! - the modifiers of the mbarrier, cluster-barrier and async-store ops are checked against the
//!   legal sets of their instruction's `isa` row (`super::form::INSTRS`), then
//!   against the model's pair rules (SYNC-MODEL §1) like the same ops of nv_tileas;
//! - `mbarrier_expect_tx` / `_complete_tx` write their semantic (`relaxed`, the only one PTX
//!   has): an omitted one would be release to the model's checks (the family's default) but
//!   print a relaxed instruction;
//! - operand shapes the PTX syntax lacks are errors: an arrive with `tx_bytes`
//!   (`arrive.expect_tx`) has no count operand; `red.async` is 32-bit, or 64-bit `add` only, and
//!   never float.

use super::isa::Written;
use super::ops::*;
use super::views::PtxMemOp;
use crate::common::{
    check_cluster_arrive, check_cluster_wait, check_mbarrier_arrive, check_mbarrier_wait, err, ty,
};
use crate::opdef::PairOp;
use tilec_ir::{Diagnostics, MemScope, MemSemantic, Module, Op, OpView, RmwKind, Space, TypeData};

/// barrier.cluster.arrive: form, then the model's pair rules.
pub(super) fn check_barrier_cluster_arrive(m: &Module, op: Op, d: &mut Diagnostics) {
    if form_ok(m, BarrierClusterArrive::wrap(op), d) {
        check_cluster_arrive(m, op, d)
    }
}
/// barrier.cluster.wait: form, then the model's pair rules.
pub(super) fn check_barrier_cluster_wait(m: &Module, op: Op, d: &mut Diagnostics) {
    if form_ok(m, BarrierClusterWait::wrap(op), d) {
        check_cluster_wait(m, op, d)
    }
}
/// fence.proxy.async: its form's space.
pub(super) fn check_fence_proxy_async(m: &Module, op: Op, d: &mut Diagnostics) {
    form_ok(m, FenceProxyAsync::wrap(op), d);
}
/// mbarrier.init: a shared address and a b32 count.
pub(super) fn check_mbarrier_init(m: &Module, op: Op, d: &mut Diagnostics) {
    shared_addr(m, op, 0, d);
    b32(m, op, 1, "count", d);
}
/// mbarrier.inval: a shared address.
pub(super) fn check_mbarrier_inval(m: &Module, op: Op, d: &mut Diagnostics) {
    shared_addr(m, op, 0, d)
}
/// arrive / arrive_drop / expect_tx / complete_tx (see [`mbar`]).
pub(super) fn check_mbar<V: MbarrierUpdate>(m: &Module, op: Op, d: &mut Diagnostics) {
    mbar(m, V::wrap(op), d)
}
/// try_wait / test_wait (see [`wait`]).
pub(super) fn check_wait<V: PtxMemOp>(m: &Module, op: Op, d: &mut Diagnostics) {
    wait(m, V::wrap(op), d)
}
/// mapa: b32 address and rank, b32 result.
pub(super) fn check_mapa(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "address", d);
    b32(m, op, 1, "rank", d);
    result_b32(m, op, d);
}
/// st.async: form, then addresses and value.
pub(super) fn check_st_async(m: &Module, op: Op, d: &mut Diagnostics) {
    if form_ok(m, StAsync::wrap(op), d) {
        async_store(m, op, d)
    }
}
/// red.async: form, then addresses and the value type for the operation.
pub(super) fn check_red_async(m: &Module, op: Op, d: &mut Diagnostics) {
    if form_ok(m, RedAsync::wrap(op), d) {
        async_addrs(m, op, d);
        red_async_type(m, RedAsync::wrap(op), d);
    }
}
/// cp.async.bulk global→shared: b32 destination, b64 source, b32 barrier, the size.
pub(super) fn check_bulk_g2s(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "destination", d);
    b64(m, op, 1, "source", d);
    b32(m, op, 2, "mbarrier", d);
    bulk_bytes(m, op, d);
}
/// cp.async.bulk.tensor global→shared: b32 destination, b64 tensor-map address, b32 mbarrier,
/// b32 coordinates; the box's size.
pub(super) fn check_bulk_tensor(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "destination", d);
    b64(m, op, 1, "tensor map", d);
    b32(m, op, 2, "mbarrier", d);
    for i in 3..m.operands(op).len() {
        b32(m, op, i, "coordinate", d);
    }
    bulk_bytes(m, op, d);
}
/// cp.async.bulk shared→global: b64 destination, b32 source, the size.
pub(super) fn check_bulk_s2g(m: &Module, op: Op, d: &mut Diagnostics) {
    b64(m, op, 0, "destination", d);
    b32(m, op, 1, "source", d);
    bulk_bytes(m, op, d);
}
/// tcgen05.alloc: a b32 destination, the columns.
pub(super) fn check_tcgen05_alloc(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "destination", d);
    check_columns(m, op, d);
}
/// tcgen05.dealloc: a b32 TMEM address, the columns.
pub(super) fn check_tcgen05_dealloc(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "TMEM address", d);
    check_columns(m, op, d);
}
/// tcgen05.ld: a b32 TMEM address and result.
pub(super) fn check_tcgen05_ld(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "TMEM address", d);
    result_b32(m, op, d);
}
/// tcgen05.st: a b32 TMEM address and value.
pub(super) fn check_tcgen05_st(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "TMEM address", d);
    b32(m, op, 1, "value", d);
}
/// tcgen05.commit: a b32 barrier address.
pub(super) fn check_tcgen05_commit(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "mbarrier", d)
}

/// The ops whose modifiers their instruction's ISA row constrains, whether they carry a
/// `space` attribute and whether they carry the pair (mbarrier init/inval/waits are own-CTA only and print `.shared`).
macro_rules! sync_form {
    (@space true, $v:ident, $m:ident) => {
        $v.space($m)
    };
    (@space false, $v:ident, $m:ident) => {
        None
    };
    (@sem true, $v:ident, $m:ident) => {
        $v.sem($m)
    };
    (@scope true, $v:ident, $m:ident) => {
        $v.scope($m)
    };
    (@sem false, $v:ident, $m:ident) => {{
        let _ = ($v, $m);
        None
    }};
    (@scope false, $v:ident, $m:ident) => {
        None
    };
    ($($view:ident: space = $space:tt, pair = $pair:tt;)*) => {$(
        impl PtxMemOp for $view {
            fn written(self, m: &Module) -> Written {
                Written {
                    sem: sync_form!(@sem $pair, self, m),
                    scope: sync_form!(@scope $pair, self, m),
                    space: sync_form!(@space $space, self, m),
                    ..Written::default()
                }
            }
        }
    )*};
}
sync_form! {
    BarrierClusterArrive: space = false, pair = true;
    BarrierClusterWait: space = false, pair = true;
    FenceProxyAsync: space = true, pair = false;
    MbarrierArrive: space = true, pair = true;
    MbarrierArriveDrop: space = true, pair = true;
    MbarrierExpectTx: space = true, pair = true;
    MbarrierCompleteTx: space = true, pair = true;
    MbarrierTryWait: space = false, pair = true;
    MbarrierTestWait: space = false, pair = true;
    StAsync: space = false, pair = false;
}

/// `red.async` always writes `.relaxed.cluster.shared::cluster`; its operation is the variable.
impl PtxMemOp for RedAsync {
    fn written(self, m: &Module) -> Written {
        Written {
            sem: Some(MemSemantic::Relaxed),
            scope: Some(MemScope::Cluster),
            space: Some(Space::SharedCluster),
            rmw: self.kind(m),
            ..Written::default()
        }
    }
}

/// The arrive / expect_tx / complete_tx family: where the barrier is and the transaction bytes.
pub trait MbarrierUpdate: PtxMemOp {
    /// `shared_cta` (own CTA) or `shared_cluster` (a peer's barrier, through `mapa`).
    fn space(self, m: &Module) -> Option<Space>;
    /// The transaction bytes (`.expect_tx` on an arrive; always on expect_tx/complete_tx).
    fn tx_bytes(self, m: &Module) -> Option<i64>;
}
/// The family's accessors are the declared getters.
macro_rules! mbarrier_update {
    ($($view:ident),*) => {$(
        impl MbarrierUpdate for $view {
            fn space(self, m: &Module) -> Option<Space> {
                $view::space(self, m)
            }
            fn tx_bytes(self, m: &Module) -> Option<i64> {
                $view::tx_bytes(self, m)
            }
        }
    )*};
}
mbarrier_update!(
    MbarrierArrive,
    MbarrierArriveDrop,
    MbarrierExpectTx,
    MbarrierCompleteTx
);

/// Checks `v`'s modifiers against its form; false when it reported (the ptx verifier's check).
fn form_ok<V: PtxMemOp>(m: &Module, v: V, d: &mut Diagnostics) -> bool {
    super::verify::check_modifiers(m, v, d)
}

/// arrive / arrive_drop / expect_tx / complete_tx: form, model pair, the address width for the
/// space, tx bytes in range, an integer count.
fn mbar<V: MbarrierUpdate>(m: &Module, v: V, d: &mut Diagnostics) {
    let op = v.op();
    if !form_ok(m, v, d) {
        return;
    }
    check_mbarrier_arrive(m, op, d);
    shared_addr(m, op, 0, d);
    if m.operands(op).len() > 1 {
        b32(m, op, 1, "count", d);
        // `mbarrier.arrive.expect_tx … _, [addr], txCount;` has no count operand.
        if v.tx_bytes(m).is_some() {
            err(
                m,
                op,
                d,
                "takes no count operand with 'tx_bytes' (arrive.expect_tx has only the tx count)",
            );
        }
    }
    if let Some(tx) = v.tx_bytes(m) {
        if !(1..(1 << 20)).contains(&tx) {
            err(
                m,
                op,
                d,
                format!("attribute 'tx_bytes' must be in 1..1048575, but it is {tx}"),
            );
        }
    }
}

/// try_wait / test_wait: form, model pair, a b32 parity, an i1 result.
fn wait<V: PtxMemOp>(m: &Module, v: V, d: &mut Diagnostics) {
    let op = v.op();
    if !form_ok(m, v, d) {
        return;
    }
    check_mbarrier_wait(m, op, d);
    shared_addr(m, op, 0, d);
    b32(m, op, 1, "parity", d);
    if let Some(r) = m.results(op).next() {
        let t = m.value_type(r);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("result must be an i1 predicate, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// st.async / red.async: b32 address and barrier.
fn async_addrs(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "address", d);
    b32(m, op, 2, "mbarrier", d);
}

/// st.async: b32 address and barrier, a 32- or 64-bit value.
fn async_store(m: &Module, op: Op, d: &mut Diagnostics) {
    async_addrs(m, op, d);
    if let Some(&v) = m.operands(op).get(1) {
        let t = m.value_type(v);
        if !matches!(
            m.type_data(t),
            TypeData::Int(32 | 64)
                | TypeData::Float(tilec_ir::FloatKind::F32 | tilec_ir::FloatKind::F64)
        ) {
            err(
                m,
                op,
                d,
                format!(
                    "value must be a 32- or 64-bit register, but it is '{}'",
                    ty(m, t)
                ),
            );
        }
    }
}

/// red.async's types: `.u32`/`.s32`/`.b32` for every operation, `.u64` for `add` only, no float
/// (ptx-sync-isa.md §5.2); the printer picks the type from the value's register and the kind.
fn red_async_type(m: &Module, v: RedAsync, d: &mut Diagnostics) {
    let op = v.op();
    let Some(&x) = m.operands(op).get(1) else {
        return;
    };
    let t = m.value_type(x);
    let ok = match m.type_data(t) {
        TypeData::Int(32) => true,
        TypeData::Int(64) => v.kind(m) == Some(RmwKind::Add),
        _ => false,
    };
    if !ok {
        let kind = v.kind(m).map_or("?".into(), |k| k.to_string());
        err(
            m,
            op,
            d,
            format!(
                "value must be an i32 register (or i64 with 'add'), but it is '{}' with '{kind}'",
                ty(m, t)
            ),
        );
    }
}

fn width(m: &Module, op: Op, i: usize) -> Option<(u32, String)> {
    let &v = m.operands(op).get(i)?;
    let t = m.value_type(v);
    let w = match m.type_data(t) {
        TypeData::Int(w) => *w as u32,
        TypeData::Index => 64,
        // b32/b64 instructions take float registers of the same size.
        TypeData::Float(k) => k.bits(),
        _ => 0,
    };
    Some((w, ty(m, t)))
}

fn want_width(
    m: &Module,
    op: Op,
    i: usize,
    what: &str,
    ok: &[u32],
    want: &str,
    d: &mut Diagnostics,
) {
    if let Some((w, t)) = width(m, op, i) {
        if !ok.contains(&w) {
            err(
                m,
                op,
                d,
                format!("{what} (operand #{i}) must be {want}, but it is '{t}'"),
            );
        }
    }
}

/// A shared-memory address: a b32 register (or b64, a 64-bit shared window address).
fn shared_addr(m: &Module, op: Op, i: usize, d: &mut Diagnostics) {
    want_width(m, op, i, "address", &[32, 64], "an i32 or i64 register", d);
}
fn b32(m: &Module, op: Op, i: usize, what: &str, d: &mut Diagnostics) {
    want_width(m, op, i, what, &[32], "a 32-bit register", d);
}
fn b64(m: &Module, op: Op, i: usize, what: &str, d: &mut Diagnostics) {
    want_width(m, op, i, what, &[64], "a 64-bit register", d);
}
fn result_b32(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(r) = m.results(op).next() {
        let t = m.value_type(r);
        if !matches!(
            m.type_data(t),
            TypeData::Int(32) | TypeData::Float(tilec_ir::FloatKind::F32)
        ) {
            err(
                m,
                op,
                d,
                format!("result must be a 32-bit register, but it is '{}'", ty(m, t)),
            );
        }
    }
}

fn int_attr_in(
    m: &Module,
    op: Op,
    key: &str,
    ok: impl Fn(i64) -> bool,
    want: &str,
    d: &mut Diagnostics,
) {
    if let Some(v) = m.attr_as::<i64>(op, tilec_ir::Sym::new(key)) {
        if !ok(v) {
            err(
                m,
                op,
                d,
                format!("attribute '{key}' must be {want}, but it is {v}"),
            );
        }
    }
}

/// cp.async.bulk sizes: a positive multiple of 16.
fn bulk_bytes(m: &Module, op: Op, d: &mut Diagnostics) {
    int_attr_in(
        m,
        op,
        "bytes",
        |v| v > 0 && v % 16 == 0,
        "a positive multiple of 16",
        d,
    );
}

/// wait_group N: an immediate 0..7 (CUTLASS's bound; ptxas takes an integer constant).
pub(super) fn check_pending(m: &Module, op: Op, d: &mut Diagnostics) {
    int_attr_in(m, op, "pending", |v| (0..=7).contains(&v), "in 0..7", d);
}

/// TMEM columns: a power of two in 32..512.
fn check_columns(m: &Module, op: Op, d: &mut Diagnostics) {
    int_attr_in(
        m,
        op,
        "columns",
        |v| (32..=512).contains(&v) && v & (v - 1) == 0,
        "a power of two in 32..512",
        d,
    );
}

/// The `.kind` values of tcgen05.mma without block scaling.
pub const MMA_KINDS: &[&str] = &["f16", "tf32", "f8f6f4", "i8"];

/// tcgen05.mma: `[d]` (b32 TMEM), a-desc and b-desc (b64), idesc (b32), enable-input-d (pred).
pub(super) fn check_mma(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "accumulator TMEM address", d);
    b64(m, op, 1, "A descriptor", d);
    b64(m, op, 2, "B descriptor", d);
    b32(m, op, 3, "instruction descriptor", d);
    want_width(m, op, 4, "enable-input-d", &[1], "an i1 predicate", d);
    if let Some(k) = Tcgen05Mma::wrap(op).kind(m) {
        if !MMA_KINDS.contains(&k) {
            err(
                m,
                op,
                d,
                format!(
                    "attribute 'kind' must be one of {}, but it is '{k}'",
                    MMA_KINDS.join(", ")
                ),
            );
        }
    }
}
