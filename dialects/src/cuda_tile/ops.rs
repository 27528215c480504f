//! The cuda_tile op catalog (data) and typed views.

use crate::common::{
    arith, check_tile_cas, check_tile_fence, check_tile_load, check_tile_rmw, check_tile_store,
    name, PAIR, RMW_PAIR,
};
use crate::opdef::{def, opt, req, Arity::*, AttrKind, OpDef};
use tilec_ir::{op_view, sym, MemScope, MemSemantic, Module, Op, OpView, RmwKind, Value};

const D: &str = "cuda_tile";

/// Every cuda_tile op.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    let mut v = vec![
        def(n("module"), "a module of tile kernels", N(0), N(0), 1)
            .attrs(&[opt("sym_name", AttrKind::Str)]),
        def(
            n("entry"),
            "a tile kernel; block arguments are its parameters",
            N(0),
            N(0),
            1,
        )
        .attrs(&[
            req("sym_name", AttrKind::Str),
            opt("num_threads", AttrKind::Int),
            opt("cluster_dims", AttrKind::DenseI32),
        ]),
        def(n("constant"), "a splat or 0-d constant tile", N(0), N(1), 0)
            .attrs(&[req("value", AttrKind::Number)]),
        def(n("iota"), "the tile 0, 1, …, n-1", N(0), N(1), 0),
        def(n("offset"), "pointer tile + index tile", N(2), N(1), 0),
        def(
            n("broadcast"),
            "broadcast a tile to a larger shape",
            N(1),
            N(1),
            0,
        ),
        def(n("reshape"), "reshape a tile", N(1), N(1), 0),
        def(
            n("get_tile_block_id"),
            "this tile block's id",
            N(0),
            N(1),
            0,
        )
        .attrs(&[opt("dim", AttrKind::Int)]),
        def(
            n("get_num_tile_blocks"),
            "the number of tile blocks",
            N(0),
            N(1),
            0,
        )
        .attrs(&[opt("dim", AttrKind::Int)]),
        def(n("for"), "counted loop", AtLeast(3), AtLeast(0), 1),
        def(n("loop"), "loop until break", AtLeast(0), AtLeast(0), 1),
        def(n("if"), "conditional", N(1), AtLeast(0), 2),
        def(n("yield"), "region terminator", AtLeast(0), N(0), 0).terminator(),
        def(n("break"), "leave the innermost loop", AtLeast(0), N(0), 0).terminator(),
        def(n("continue"), "next iteration", AtLeast(0), N(0), 0).terminator(),
        def(n("return"), "end the kernel", N(0), N(0), 0).terminator(),
        def(
            n("load_ptr_tko"),
            "token-ordered load",
            Range(1, 2),
            N(2),
            0,
        )
        .attrs(PAIR)
        .check(check_tile_load),
        def(
            n("store_ptr_tko"),
            "token-ordered store",
            Range(2, 3),
            N(1),
            0,
        )
        .attrs(PAIR)
        .check(check_tile_store),
        def(
            n("atomic_rmw_tko"),
            "token-ordered atomic read-modify-write",
            Range(2, 3),
            N(2),
            0,
        )
        .attrs(RMW_PAIR)
        .check(check_tile_rmw),
        def(
            n("atomic_cas_tko"),
            "token-ordered compare-and-swap",
            Range(3, 4),
            N(2),
            0,
        )
        .attrs(PAIR)
        .check(check_tile_cas),
        def(n("make_token"), "a fresh token", N(0), N(1), 0),
        def(
            n("join_tokens"),
            "a token ordered after all operands",
            AtLeast(1),
            N(1),
            0,
        ),
        def(
            n("fence_tko"),
            "tilec extension: a tile-block fence",
            Range(0, 1),
            N(1),
            0,
        )
        .attrs(PAIR)
        .check(check_tile_fence),
    ];
    v.extend(arith(D));
    v
}

op_view!(
    /// `cuda_tile.module`.
    ModuleOp,
    "cuda_tile.module"
);
op_view!(
    /// `cuda_tile.entry`.
    Entry,
    "cuda_tile.entry"
);
op_view!(
    /// `cuda_tile.constant`.
    Constant,
    "cuda_tile.constant"
);
op_view!(
    /// `cuda_tile.make_token`.
    MakeToken,
    "cuda_tile.make_token"
);
op_view!(
    /// `cuda_tile.join_tokens`.
    JoinTokens,
    "cuda_tile.join_tokens"
);
op_view!(
    /// `cuda_tile.load_ptr_tko`.
    LoadPtr,
    "cuda_tile.load_ptr_tko"
);
op_view!(
    /// `cuda_tile.store_ptr_tko`.
    StorePtr,
    "cuda_tile.store_ptr_tko"
);
op_view!(
    /// `cuda_tile.atomic_rmw_tko`.
    AtomicRmw,
    "cuda_tile.atomic_rmw_tko"
);
op_view!(
    /// `cuda_tile.atomic_cas_tko`.
    AtomicCas,
    "cuda_tile.atomic_cas_tko"
);
op_view!(
    /// `cuda_tile.fence_tko`.
    FenceTko,
    "cuda_tile.fence_tko"
);
op_view!(
    /// `cuda_tile.return`.
    Return,
    "cuda_tile.return"
);

/// Accessors shared by the memory-op views of cuda_tile and nv_tileaa.
pub trait MemOpView: OpView {
    /// The semantic.
    fn sem(self, m: &Module) -> Option<MemSemantic> {
        m.attr_as(self.op(), sym!("mem_semantic"))
    }
    /// The scope (None for weak).
    fn scope(self, m: &Module) -> Option<MemScope> {
        m.attr_as(self.op(), sym!("mem_scope"))
    }
    /// The pointer operand (None for fences).
    fn ptr(self, m: &Module) -> Option<Value> {
        m.operands(self.op()).first().copied()
    }
}
impl MemOpView for LoadPtr {}
impl MemOpView for StorePtr {}
impl MemOpView for AtomicRmw {}
impl MemOpView for AtomicCas {}
impl MemOpView for FenceTko {}

impl AtomicRmw {
    /// The rmw kind.
    pub fn kind(self, m: &Module) -> Option<RmwKind> {
        m.attr_as(self.0, sym!("kind"))
    }
}

impl Entry {
    /// `num_threads` (128 when absent).
    pub fn num_threads(self, m: &Module) -> i64 {
        m.attr_as::<i64>(self.0, sym!("num_threads")).unwrap_or(128)
    }
    /// The kernel name.
    pub fn sym_name(self, m: &Module) -> String {
        m.attr_as::<String>(self.0, sym!("sym_name"))
            .unwrap_or_default()
    }
}

/// The op name of a cuda_tile op, e.g. `Op` → `"store_ptr_tko"`.
pub fn is_cuda_tile(m: &Module, op: Op) -> bool {
    m.op_name(op).as_str().starts_with("cuda_tile.")
}
