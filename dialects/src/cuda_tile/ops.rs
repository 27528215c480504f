//! The cuda_tile ops, each declared once (`opdef::ops!`, [`crate::opdef`]): its catalog row, typed view,
//! attribute accessors and [`OpKind`] variant. Hand-written accessors are in [`super::views`].

use crate::opdef::Arity::*;

crate::common::with_tile_ops! {
    dialect: "cuda_tile";
    ModuleOp = "module", "a module of tile kernels", (N(0), N(0), 1) {
        attrs: [sym_name: opt Str],
    }
    Entry = "entry", "a tile kernel; block arguments are its parameters", (N(0), N(0), 1) {
        traits: [isolated],
        attrs: [
            sym_name: req Str = "",
            num_threads: opt Int = crate::opdef::DEFAULT_NUM_THREADS,
            cluster_dims: opt Dims3,
            grid_dims: opt Dims3,
        ],
        checks: [crate::common::check_kernel_name],
    }
}
