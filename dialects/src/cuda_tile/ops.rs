//! The cuda_tile op catalog (data); the typed views are in [`super::views`].

use crate::common::{
    arith, check_tile_cas, check_tile_fence, check_tile_load, check_tile_rmw, check_tile_store,
    name, PAIR, RMW_PAIR,
};
use crate::opdef::{def, opt, req, Arity::*, AttrKind, OpDef};

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
