//! The cuda_tile op catalog (data); the typed views are in [`super::views`].

use crate::common::{name, tile_ops};
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
        .isolated()
        .check(crate::common::check_kernel_name)
        .attrs(&[
            req("sym_name", AttrKind::Str),
            opt("num_threads", AttrKind::Int),
            opt("cluster_dims", AttrKind::DenseI32),
            opt("grid_dims", AttrKind::DenseI32),
        ]),
    ];
    v.extend(tile_ops(D));
    v
}
