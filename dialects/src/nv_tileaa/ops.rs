//! The nv_tileaa ops, each declared once (`opdef::ops!`, [`crate::opdef`]): cuda_tile's tile ops under
//! the `nv_tileaa.` prefix, `kernel` instead of `module`/`entry`, and `alloc_shared`.
//! Hand-written accessors are in [`super::views`].

use crate::common::{err, ty};
use crate::opdef::Arity::*;
use crate::types::{ptr_info, tile_info};
use tilec_ir::{Diagnostics, Module, Op, Space};

crate::common::with_tile_ops! {
    dialect: "nv_tileaa";
    // NVIDIA's full-precision math ops (cuda_tile's namesakes), after the shared ops so that
    // the `OpKind` order of the others is unchanged.
    appended: {
        Sin = "sin", "Element-wise sine (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Cos = "cos", "Element-wise cosine (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Tan = "tan", "Element-wise tangent (full precision)", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        SinH = "sinh", "Element-wise hyperbolic sine", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        CosH = "cosh", "Element-wise hyperbolic cosine", (N(1), N(1), 0) { checks: [crate::common::check_float_math], }
        Atan2 = "atan2", "Element-wise atan2 (operands y, x: the angle of the point (x, y))", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
        Pow = "pow", "Element-wise floating-point exponentiation", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
        RemF = "remf", "Element-wise floating-point remainder (C's fmod: the sign of the dividend)", (N(2), N(1), 0) { checks: [crate::common::check_float_math], }
    }
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
    PtrToInt = "ptr_to_int", "a tile of global pointers as a tile of i64 addresses (NVIDIA's ptr_to_int)", (N(1), N(1), 0) {
        checks: [crate::cuda_tile::rules::check_ptr_int, check_ptr_cast],
    }
    PtrToPtr = "ptr_to_ptr", "a tile of global pointers as pointers to another element type (NVIDIA's ptr_to_ptr)", (N(1), N(1), 0) {
        checks: [check_ptr_cast],
    }
    Global = "global", "a module-level rank-1 array in global memory, initialized with `value` (NVIDIA's global)", (N(0), N(0), 0) {
        attrs: [sym_name: req Str, value: req Any, value_type: req Type, alignment: opt Int64, constant: opt Flag, symbol_visibility: opt Any],
        checks: [crate::globals::check_global],
    }
    GetGlobal = "get_global", "a 0-d tile of the global pointer to global `name` (NVIDIA's get_global)", (N(0), N(1), 0) {
        attrs: [name: req Any],
        checks: [crate::globals::check_get_global],
    }
    IntToPtr = "int_to_ptr", "a tile of i64 addresses as a tile of global pointers (NVIDIA's int_to_ptr)", (N(1), N(1), 0) {
        checks: [crate::cuda_tile::rules::check_ptr_int, check_int_to_ptr],
    }
    Pack = "pack", "a rank-1 tile's bytes as a tile of i8 (NVIDIA's pack; little-endian, as the GPU stores it)", (N(1), N(1), 0) {
        checks: [crate::cuda_tile::rules::check_pack],
    }
    Unpack = "unpack", "a rank-1 tile of i8 as a tile of wider elements (NVIDIA's unpack)", (N(1), N(1), 0) {
        checks: [crate::cuda_tile::rules::check_pack],
    }
    Assert = "assert", "NVIDIA's assert: every false element of the i1 tile prints the message with its index, then the kernel stops with an assertion error", (N(1), N(0), 0) {
        attrs: [message: req Str],
    }
    PrintTko = "print_tko", "print the format with the operands (NVIDIA's print_tko): 0-d operands once, tiles once per element, each line by the thread that owns the element", (AtLeast(0), N(1), 0) {
        attrs: [str: req Str],
        checks: [crate::cuda_tile::rules::check_print_format],
    }
}

/// `ptr_to_int` / `ptr_to_ptr`: the operand is a tile of global pointers and the result has its
/// shape (of pointers for `ptr_to_ptr`).
fn check_ptr_cast(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&v), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (t, rt) = (m.value_type(v), m.value_type(r));
    let global = |t| {
        tile_info(m, t)
            .and_then(|ti| ptr_info(m, ti.elem))
            .is_some_and(|p| p.0.is_none_or(|s| s == Space::Global))
    };
    if !global(t) {
        err(
            m,
            op,
            d,
            format!(
                "operand #0 must be a tile of global pointers, but it is '{}'",
                ty(m, t)
            ),
        );
        return;
    }
    let dims = |t| tile_info(m, t).map(|ti| ti.dims.to_vec());
    if dims(t) != dims(rt) {
        err(
            m,
            op,
            d,
            format!("result '{}' must have the operand's shape", ty(m, rt)),
        );
    }
    let to_ptr = m.op_name(op).as_str().ends_with("ptr_to_ptr");
    if to_ptr && !global(rt) {
        err(
            m,
            op,
            d,
            format!(
                "result must be a tile of global pointers, but it is '{}'",
                ty(m, rt)
            ),
        );
    }
}

/// `int_to_ptr`: the result a tile of global pointers of the operand's shape.
fn check_int_to_ptr(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&v), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (t, rt) = (m.value_type(v), m.value_type(r));
    let global = tile_info(m, rt)
        .and_then(|ti| ptr_info(m, ti.elem))
        .is_some_and(|p| p.0.is_none_or(|s| s == Space::Global));
    let dims = |t| tile_info(m, t).map(|ti| ti.dims.to_vec());
    if !global || dims(t) != dims(rt) {
        err(
            m,
            op,
            d,
            format!(
                "result must be a tile of global pointers of the operand's shape, but it is '{}'",
                ty(m, rt)
            ),
        );
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
