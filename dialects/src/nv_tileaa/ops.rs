//! The nv_tileaa op catalog (data); the typed views are in [`super::views`].

use crate::common::{err, name, tile_ops, ty};
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
        .isolated()
        .check(crate::common::check_kernel_name)
        .attrs(&[
            req("sym_name", AttrKind::Str),
            opt("num_threads", AttrKind::Int),
            opt("cluster_dims", AttrKind::DenseI32),
            opt("grid_dims", AttrKind::DenseI32),
        ]),
        def(n("alloc_shared"), "a shared-memory tile", N(0), N(1), 0).check(check_alloc_shared),
    ];
    v.extend(tile_ops(D));
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
