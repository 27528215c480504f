//! The nv_tileaa ops, each declared once (`opdef::ops!`, [`crate::opdef`]): cuda_tile's tile ops under
//! the `nv_tileaa.` prefix, `kernel` instead of `module`/`entry`, and `alloc_shared`.
//! Hand-written accessors are in [`super::views`].

use crate::common::{err, ty};
use crate::opdef::Arity::*;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{Diagnostics, Module, Op, Space};

crate::common::with_tile_ops! {
    dialect: "nv_tileaa";
    Kernel = "kernel", "a tile kernel; block arguments are its parameters", (N(0), N(0), 1) {
        traits: [isolated],
        attrs: [
            sym_name: req Str = "",
            num_threads: opt Int = crate::opdef::DEFAULT_NUM_THREADS,
            cluster_dims: opt Dims3,
            grid_dims: opt Dims3,
        ],
        checks: [crate::common::check_kernel_name],
    }
    AllocShared = "alloc_shared", "a shared-memory tile", (N(0), N(1), 0) {
        checks: [check_alloc_shared],
    }
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
