//! The nv_tileaa op catalog (data); the typed views are in [`super::views`].

use crate::common::{
    arith, check_tile_cas, check_tile_fence, check_tile_load, check_tile_rmw, check_tile_store,
    err, name, ty, PAIR, RMW_PAIR,
};
use crate::opdef::{def, opt, req, Arity::*, AttrKind, OpDef};
use crate::types::{ptr_info, tile_info};
use tilec_ir::{Diagnostics, Module, Op, Space};

const D: &str = "nv_tileaa";

/// Every nv_tileaa op: the cuda_tile catalog under the `nv_tileaa.` prefix, `kernel` instead of
/// `module`/`entry`, and `alloc_shared`.
pub fn ops() -> Vec<OpDef> {
    let n = |op| name(D, op);
    let mut v = vec![
        def(
            n("kernel"),
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
        def(n("alloc_shared"), "a shared-memory tile", N(0), N(1), 0).check(check_alloc_shared),
        def(n("constant"), "a splat or 0-d constant tile", N(0), N(1), 0)
            .attrs(&[req("value", AttrKind::Number)]),
        def(n("iota"), "the tile 0, 1, …, n-1", N(0), N(1), 0),
        def(n("offset"), "pointer tile + index tile", N(2), N(1), 0),
        def(n("broadcast"), "broadcast a tile", N(1), N(1), 0),
        def(n("reshape"), "reshape a tile", N(1), N(1), 0),
        def(
            n("get_tile_block_id"),
            "this tile block's id",
            N(0),
            N(1),
            0,
        ),
        def(
            n("get_num_tile_blocks"),
            "the number of tile blocks",
            N(0),
            N(1),
            0,
        ),
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
            "token-ordered atomic",
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
            "a token after all operands",
            AtLeast(1),
            N(1),
            0,
        ),
        def(n("fence_tko"), "a tile-block fence", Range(0, 1), N(1), 0)
            .attrs(PAIR)
            .check(check_tile_fence),
    ];
    v.extend(arith(D));
    v
}

/// `alloc_shared`: a tile of pointers into shared memory (the CTA's own or the cluster's).
fn check_alloc_shared(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    let t = m.value_type(r);
    let space = tile_info(m, t)
        .and_then(|ti| ptr_info(m, ti.elem))
        .and_then(|p| p.0);
    if !matches!(space, Some(Space::SharedCta | Space::SharedCluster)) {
        err(
            m,
            op,
            d,
            format!(
                "result must be a tile of !nv_tileaa.ptr<shared_cta, T> or !nv_tileaa.ptr<shared_cluster, T>, but it is '{}'",
                ty(m, t)
            ),
        );
    }
}
