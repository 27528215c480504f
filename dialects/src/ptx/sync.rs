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
//!   legal sets of their instruction's [`isa`] row (`super::form::INSTRS`), then
//!   against the model's pair rules (SYNC-MODEL §1) like the same ops of nv_tileas;
//! - `mbarrier_expect_tx` / `_complete_tx` write their semantic (`relaxed`, the only one PTX
//!   has): an omitted one would be release to the model's checks (the family's default) but
//!   print a relaxed instruction;
//! - operand shapes the PTX syntax lacks are errors: an arrive with `tx_bytes`
//!   (`arrive.expect_tx`) has no count operand; `red.async` is 32-bit, or 64-bit `add` only, and
//!   never float.

use super::isa::Written;
use super::views::PtxMemOp;
use crate::common::{
    check_cluster_arrive, check_cluster_wait, check_mbarrier_arrive, check_mbarrier_wait, err,
    name, ty,
};
use crate::opdef::{def, opt, req, views, Arity::*, AttrKind, AttrSpec, OpDef};
use tilec_ir::{
    sym, Diagnostics, MemScope, MemSemantic, Module, Op, OpView, RmwKind, Space, TypeData,
};

const D: &str = "ptx";

const MBAR: &[AttrSpec] = &[
    req("space", AttrKind::Space),
    opt("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
    opt("tx_bytes", AttrKind::Int),
];
/// expect_tx / complete_tx: PTX has only `.relaxed` forms and states no default, while the
/// model's default for the family is release; the semantic is written so that the op never
/// means one thing to the checks and prints another.
const MBAR_TX: &[AttrSpec] = &[
    req("space", AttrKind::Space),
    req("tx_bytes", AttrKind::Int),
    req("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
const MBAR_WAIT: &[AttrSpec] = &[
    opt("mem_semantic", AttrKind::Sem),
    opt("mem_scope", AttrKind::Scope),
];
const CLUSTER_BAR: &[AttrSpec] = &[
    opt("mem_semantic", AttrKind::Sem),
    opt("aligned", AttrKind::Any),
];

/// Every sync/async op of the ptx dialect.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    let pending = &[req("pending", AttrKind::Int)][..];
    let columns = &[req("columns", AttrKind::Int)][..];
    vec![
        def(n("bar_arrive"), "bar.arrive id, count", N(0), N(0), 0)
            .attrs(&[req("id", AttrKind::Int), req("count", AttrKind::Int)])
            .check(super::verify::check_bar_arrive),
        def(
            n("barrier_cluster_arrive"),
            "barrier.cluster.arrive{.release|.relaxed}{.aligned}",
            N(0),
            N(0),
            0,
        )
        .attrs(CLUSTER_BAR)
        .check(|m, op, d| {
            if form_ok(m, BarrierClusterArrive::wrap(op), d) {
                check_cluster_arrive(m, op, d)
            }
        }),
        def(
            n("barrier_cluster_wait"),
            "barrier.cluster.wait{.acquire}{.aligned}",
            N(0),
            N(0),
            0,
        )
        .attrs(CLUSTER_BAR)
        .check(|m, op, d| {
            if form_ok(m, BarrierClusterWait::wrap(op), d) {
                check_cluster_wait(m, op, d)
            }
        }),
        def(
            n("fence_proxy_async"),
            "fence.proxy.async{.space}",
            N(0),
            N(0),
            0,
        )
        .attrs(&[opt("space", AttrKind::Space)])
        .check(|m, op, d| {
            form_ok(m, FenceProxyAsync::wrap(op), d);
        }),
        def(
            n("fence_mbarrier_init"),
            "fence.mbarrier_init.release.cluster",
            N(0),
            N(0),
            0,
        ),
        def(
            n("mbarrier_init"),
            "mbarrier.init.shared.b64 [addr], count",
            N(2),
            N(0),
            0,
        )
        .check(|m, op, d| {
            shared_addr(m, op, 0, d);
            b32(m, op, 1, "count", d);
        }),
        def(
            n("mbarrier_inval"),
            "mbarrier.inval.shared.b64 [addr]",
            N(1),
            N(0),
            0,
        )
        .check(|m, op, d| shared_addr(m, op, 0, d)),
        def(
            n("mbarrier_arrive"),
            "mbarrier.arrive{.expect_tx}{.sem.scope}.space.b64 _, [addr]{, tx}{, count}",
            Range(1, 2),
            N(0),
            0,
        )
        .attrs(MBAR)
        .check(|m, op, d| mbar(m, MbarrierArrive::wrap(op), d)),
        def(
            n("mbarrier_arrive_drop"),
            "mbarrier.arrive_drop{.expect_tx}{.sem.scope}.space.b64 _, [addr]{, tx}{, count}",
            Range(1, 2),
            N(0),
            0,
        )
        .attrs(MBAR)
        .check(|m, op, d| mbar(m, MbarrierArriveDrop::wrap(op), d)),
        def(
            n("mbarrier_expect_tx"),
            "mbarrier.expect_tx.relaxed{.scope}.space.b64 [addr], tx",
            N(1),
            N(0),
            0,
        )
        .attrs(MBAR_TX)
        .check(|m, op, d| mbar(m, MbarrierExpectTx::wrap(op), d)),
        def(
            n("mbarrier_complete_tx"),
            "mbarrier.complete_tx.relaxed{.scope}.space.b64 [addr], tx",
            N(1),
            N(0),
            0,
        )
        .attrs(MBAR_TX)
        .check(|m, op, d| mbar(m, MbarrierCompleteTx::wrap(op), d)),
        def(
            n("mbarrier_try_wait"),
            "mbarrier.try_wait.parity{.sem.scope}.shared.b64 p, [addr], parity",
            N(2),
            N(1),
            0,
        )
        .attrs(MBAR_WAIT)
        .check(|m, op, d| wait(m, MbarrierTryWait::wrap(op), d)),
        def(
            n("mbarrier_test_wait"),
            "mbarrier.test_wait.parity{.sem.scope}.shared.b64 p, [addr], parity",
            N(2),
            N(1),
            0,
        )
        .attrs(MBAR_WAIT)
        .check(|m, op, d| wait(m, MbarrierTestWait::wrap(op), d)),
        def(
            n("mapa"),
            "mapa.shared::cluster.u32 d, addr, rank",
            N(2),
            N(1),
            0,
        )
        .check(|m, op, d| {
            b32(m, op, 0, "address", d);
            b32(m, op, 1, "rank", d);
            result_b32(m, op, d);
        }),
        def(
            n("st_async"),
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.type [addr], v, [mbar]",
            N(3),
            N(0),
            0,
        )
        .check(|m, op, d| {
            if form_ok(m, StAsync::wrap(op), d) {
                async_store(m, op, d)
            }
        }),
        def(
            n("red_async"),
            "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.op.type [addr], v, [mbar]",
            N(3),
            N(0),
            0,
        )
        .attrs(&[req("kind", AttrKind::Rmw)])
        .check(|m, op, d| {
            if form_ok(m, RedAsync::wrap(op), d) {
                async_addrs(m, op, d);
                red_async_type(m, RedAsync::wrap(op), d);
            }
        }),
        def(
            n("cp_async_bulk_g2s"),
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], bytes, [mbar]",
            N(3),
            N(0),
            0,
        )
        .attrs(&[req("bytes", AttrKind::Int)])
        .check(|m, op, d| {
            b32(m, op, 0, "destination", d);
            b64(m, op, 1, "source", d);
            b32(m, op, 2, "mbarrier", d);
            bulk_bytes(m, op, d);
        }),
        def(
            n("cp_async_bulk_s2g"),
            "cp.async.bulk.global.shared::cta.bulk_group [dst], [src], bytes",
            N(2),
            N(0),
            0,
        )
        .attrs(&[req("bytes", AttrKind::Int)])
        .check(|m, op, d| {
            b64(m, op, 0, "destination", d);
            b32(m, op, 1, "source", d);
            bulk_bytes(m, op, d);
        }),
        def(
            n("cp_async_bulk_commit"),
            "cp.async.bulk.commit_group",
            N(0),
            N(0),
            0,
        ),
        def(
            n("cp_async_bulk_wait"),
            "cp.async.bulk.wait_group{.read} N",
            N(0),
            N(0),
            0,
        )
        .attrs(&[req("pending", AttrKind::Int), opt("read", AttrKind::Any)])
        .check(check_pending),
        def(n("wgmma_fence"), "wgmma.fence.sync.aligned", N(0), N(0), 0),
        def(
            n("wgmma_commit"),
            "wgmma.commit_group.sync.aligned",
            N(0),
            N(0),
            0,
        ),
        def(
            n("wgmma_wait"),
            "wgmma.wait_group.sync.aligned N",
            N(0),
            N(0),
            0,
        )
        .attrs(pending)
        .check(check_pending),
        def(
            n("tcgen05_alloc"),
            "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [dst], columns",
            N(1),
            N(0),
            0,
        )
        .attrs(columns)
        .check(|m, op, d| {
            b32(m, op, 0, "destination", d);
            check_columns(m, op, d);
        }),
        def(
            n("tcgen05_dealloc"),
            "tcgen05.dealloc.cta_group::1.sync.aligned.b32 taddr, columns",
            N(1),
            N(0),
            0,
        )
        .attrs(columns)
        .check(|m, op, d| {
            b32(m, op, 0, "TMEM address", d);
            check_columns(m, op, d);
        }),
        def(
            n("tcgen05_ld"),
            "tcgen05.ld.sync.aligned.32x32b.x1.b32 {r}, [taddr]",
            N(1),
            N(1),
            0,
        )
        .check(|m, op, d| {
            b32(m, op, 0, "TMEM address", d);
            result_b32(m, op, d);
        }),
        def(
            n("tcgen05_st"),
            "tcgen05.st.sync.aligned.32x32b.x1.b32 [taddr], {r}",
            N(2),
            N(0),
            0,
        )
        .check(|m, op, d| {
            b32(m, op, 0, "TMEM address", d);
            b32(m, op, 1, "value", d);
        }),
        def(
            n("tcgen05_wait_ld"),
            "tcgen05.wait::ld.sync.aligned",
            N(0),
            N(0),
            0,
        ),
        def(
            n("tcgen05_wait_st"),
            "tcgen05.wait::st.sync.aligned",
            N(0),
            N(0),
            0,
        ),
        def(
            n("tcgen05_mma"),
            "tcgen05.mma.cta_group::1.kind::K [d], adesc, bdesc, idesc, enable_input_d",
            N(5),
            N(0),
            0,
        )
        .attrs(&[opt("kind", AttrKind::Str)])
        .check(check_mma),
        def(
            n("tcgen05_commit"),
            "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [mbar]",
            N(1),
            N(0),
            0,
        )
        .check(|m, op, d| b32(m, op, 0, "mbarrier", d)),
        def(
            n("tcgen05_fence_before"),
            "tcgen05.fence::before_thread_sync",
            N(0),
            N(0),
            0,
        ),
        def(
            n("tcgen05_fence_after"),
            "tcgen05.fence::after_thread_sync",
            N(0),
            N(0),
            0,
        ),
    ]
}

views!(
    BarArrive = "ptx.bar_arrive",
    BarrierClusterArrive = "ptx.barrier_cluster_arrive",
    BarrierClusterWait = "ptx.barrier_cluster_wait",
    FenceProxyAsync = "ptx.fence_proxy_async",
    FenceMbarrierInit = "ptx.fence_mbarrier_init",
    MbarrierInit = "ptx.mbarrier_init",
    MbarrierInval = "ptx.mbarrier_inval",
    MbarrierArrive = "ptx.mbarrier_arrive",
    MbarrierArriveDrop = "ptx.mbarrier_arrive_drop",
    MbarrierExpectTx = "ptx.mbarrier_expect_tx",
    MbarrierCompleteTx = "ptx.mbarrier_complete_tx",
    MbarrierTryWait = "ptx.mbarrier_try_wait",
    MbarrierTestWait = "ptx.mbarrier_test_wait",
    Mapa = "ptx.mapa",
    StAsync = "ptx.st_async",
    RedAsync = "ptx.red_async",
    CpAsyncBulkG2s = "ptx.cp_async_bulk_g2s",
    CpAsyncBulkS2g = "ptx.cp_async_bulk_s2g",
    CpAsyncBulkCommit = "ptx.cp_async_bulk_commit",
    CpAsyncBulkWait = "ptx.cp_async_bulk_wait",
    WgmmaFence = "ptx.wgmma_fence",
    WgmmaCommit = "ptx.wgmma_commit",
    WgmmaWait = "ptx.wgmma_wait",
    Tcgen05Alloc = "ptx.tcgen05_alloc",
    Tcgen05Dealloc = "ptx.tcgen05_dealloc",
    Tcgen05Ld = "ptx.tcgen05_ld",
    Tcgen05St = "ptx.tcgen05_st",
    Tcgen05WaitLd = "ptx.tcgen05_wait_ld",
    Tcgen05WaitSt = "ptx.tcgen05_wait_st",
    Tcgen05Mma = "ptx.tcgen05_mma",
    Tcgen05Commit = "ptx.tcgen05_commit",
    Tcgen05FenceBefore = "ptx.tcgen05_fence_before",
    Tcgen05FenceAfter = "ptx.tcgen05_fence_after",
);

/// The ops whose modifiers their instruction's ISA row constrains, and whether they carry a
/// `space` attribute (mbarrier init/inval/waits are own-CTA only and print `.shared`).
macro_rules! sync_form {
    ($($view:ident: space = $space:literal;)*) => {$(
        impl PtxMemOp for $view {
            fn written(self, m: &Module) -> Written {
                Written {
                    sem: self.sem(m),
                    scope: self.scope(m),
                    space: if $space { m.attr_as(self.0, sym!("space")) } else { None },
                    ..Written::default()
                }
            }
        }
    )*};
}
sync_form! {
    BarrierClusterArrive: space = false;
    BarrierClusterWait: space = false;
    FenceProxyAsync: space = true;
    MbarrierArrive: space = true;
    MbarrierArriveDrop: space = true;
    MbarrierExpectTx: space = true;
    MbarrierCompleteTx: space = true;
    MbarrierTryWait: space = false;
    MbarrierTestWait: space = false;
    StAsync: space = false;
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

impl RedAsync {
    /// The reduction (`add`, …).
    pub fn kind(self, m: &Module) -> Option<RmwKind> {
        m.attr_as(self.0, sym!("kind"))
    }
}

/// The arrive / expect_tx / complete_tx family: where the barrier is and the transaction bytes.
pub trait MbarrierUpdate: PtxMemOp {
    /// `shared_cta` (own CTA) or `shared_cluster` (a peer's barrier, through `mapa`).
    fn space(self, m: &Module) -> Option<Space> {
        m.attr_as(self.op(), sym!("space"))
    }
    /// The transaction bytes (`.expect_tx` on an arrive; always on expect_tx/complete_tx).
    fn tx_bytes(self, m: &Module) -> Option<i64> {
        m.attr_as(self.op(), sym!("tx_bytes"))
    }
}
impl MbarrierUpdate for MbarrierArrive {}
impl MbarrierUpdate for MbarrierArriveDrop {}
impl MbarrierUpdate for MbarrierExpectTx {}
impl MbarrierUpdate for MbarrierCompleteTx {}

use super::views::attr;
attr! {
    BarArrive::id -> i64 = "id", "The barrier id.";
    BarArrive::count -> i64 = "count", "The participating thread count.";
    FenceProxyAsync::space -> Space = "space", "The state space (None: all of them).";
    CpAsyncBulkG2s::bytes -> i64 = "bytes", "The copy size in bytes.";
    CpAsyncBulkS2g::bytes -> i64 = "bytes", "The copy size in bytes.";
    CpAsyncBulkWait::pending -> i64 = "pending", "The number of groups left pending.";
    WgmmaWait::pending -> i64 = "pending", "The number of groups left pending.";
    Tcgen05Alloc::columns -> i64 = "columns", "The TMEM columns.";
    Tcgen05Dealloc::columns -> i64 = "columns", "The TMEM columns.";
    Tcgen05Mma::kind -> String = "kind", "The MMA kind (`f16` when absent).";
}

impl BarrierClusterArrive {
    /// `.aligned` (every thread of the warp executes it).
    pub fn aligned(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("aligned")).is_some()
    }
}
impl BarrierClusterWait {
    /// `.aligned` (every thread of the warp executes it).
    pub fn aligned(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("aligned")).is_some()
    }
}
impl CpAsyncBulkWait {
    /// `.read`: wait for the source reads only.
    pub fn read(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("read")).is_some()
    }
}

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
fn check_pending(m: &Module, op: Op, d: &mut Diagnostics) {
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
fn check_mma(m: &Module, op: Op, d: &mut Diagnostics) {
    b32(m, op, 0, "accumulator TMEM address", d);
    b64(m, op, 1, "A descriptor", d);
    b64(m, op, 2, "B descriptor", d);
    b32(m, op, 3, "instruction descriptor", d);
    want_width(m, op, 4, "enable-input-d", &[1], "an i1 predicate", d);
    if let Some(k) = Tcgen05Mma::wrap(op).kind(m) {
        if !MMA_KINDS.contains(&k.as_str()) {
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
