//! NVIDIA's verifier rules (its ODS constraints and C++ verifiers) for cuda_tile ops whose
//! declaration tilec shares with nv_tileaa (`common::with_tile_ops`): each check returns at once
//! for an op of another dialect. Messages are NVIDIA's, so that its dialect tests' expected
//! errors match (tools/scripts/nvidia_conformance.py).
//!
//! Rules NVIDIA has that tilec deliberately does not apply, because tilec's own kernels use what
//! they forbid (documented extensions, docs/cuda-tile-ops.md): tile dimensions that are not
//! powers of two, n-d `iota`, tiles of pointers as kernel parameters, `i64` block ids, `add`
//! (not only `addf`) for float `atomic_rmw_tko`.

use crate::common::{err, ty};
use crate::cuda_tile::tensor_views::{PartitionView, TensorView};
use crate::cuda_tile::views::is_cuda_tile;
use crate::types::{is_token, tile_shape};
use tilec_ir::{AttrData, Diagnostics, Module, Op, Sym, Type, TypeData};

/// `select`: condition, both values and the result have one shape (tilec's extension: a 0-d
/// condition picks whole tiles).
pub fn check_select_shapes(m: &Module, op: Op, d: &mut Diagnostics) {
    if !is_cuda_tile(m, op) {
        return;
    }
    let shape = |t: Type| tile_shape(m, t).map(|(s, _)| s.to_vec());
    let mut types: Vec<Type> = m.operands(op).iter().map(|&v| m.value_type(v)).collect();
    types.extend(m.results(op).map(|r| m.value_type(r)));
    if types
        .first()
        .and_then(|&t| shape(t))
        .is_some_and(|s| s.is_empty())
    {
        types.remove(0);
    }
    let first = types.first().and_then(|&t| shape(t));
    if types.iter().any(|&t| shape(t) != first) {
        err(
            m,
            op,
            d,
            "op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape",
        );
    }
}

/// `offset %ptr, %off`: the offset is a tile of integers, the result has the pointer tile's
/// type, and all three have one shape.
pub fn check_offset(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&p), Some(&o), Some(r)) = (
        m.operands(op).first(),
        m.operands(op).get(1),
        m.results(op).next(),
    ) else {
        return;
    };
    if !is_cuda_tile(m, op) {
        return;
    }
    let ot = m.value_type(o);
    let int = tile_shape(m, ot).is_some_and(|(_, e)| matches!(m.type_data(e), TypeData::Int(_)));
    if !int {
        return err(
            m,
            op,
            d,
            format!(
                "op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '{}'",
                ty(m, ot)
            ),
        );
    }
    if m.value_type(r) != m.value_type(p) {
        return err(
            m,
            op,
            d,
            "op failed to verify that all of {result, ptr} have same type",
        );
    }
    let (ps, os) = (tile_shape(m, m.value_type(p)), tile_shape(m, ot));
    if ps.map(|s| s.0) != os.map(|s| s.0) {
        err(
            m,
            op,
            d,
            "op requires the same shape for all operands and results",
        );
    }
}

/// `make_token`'s result is a token.
pub fn check_make_token(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    let t = m.value_type(r);
    if is_cuda_tile(m, op) && !is_token(m, t) {
        err(
            m,
            op,
            d,
            format!(
                "op result #0 must be cuda tile token type, but got '{}'",
                ty(m, t)
            ),
        );
    }
}

/// `get_tile_block_id` / `get_num_tile_blocks`: each result a 0-d tile of `i32` (NVIDIA) or
/// `i64` (tilec's extension, which its own kernels use).
pub fn check_block_query_types(m: &Module, op: Op, d: &mut Diagnostics) {
    if !is_cuda_tile(m, op) {
        return;
    }
    for (i, r) in m.results(op).enumerate() {
        let t = m.value_type(r);
        let ok = tile_shape(m, t)
            .is_some_and(|(s, e)| s.is_empty() && matches!(m.type_data(e), TypeData::Int(32 | 64)));
        if !ok {
            return err(
                m,
                op,
                d,
                format!(
                    "op result #{i} must be 0D tile of i32 values, but got '{}'",
                    ty(m, t)
                ),
            );
        }
    }
}

/// What a view type is called in NVIDIA's messages, if `t` is one.
fn view_kind(m: &Module, t: Type) -> Option<&'static str> {
    if TensorView::of(m, t).is_some() {
        Some("tensor_view")
    } else if PartitionView::of(m, t).is_some() {
        Some("tile view")
    } else {
        None
    }
}

/// `for` / `loop`: no view is carried around the loop or returned by it.
pub fn check_no_carried_views(m: &Module, op: Op, d: &mut Diagnostics) {
    if !is_cuda_tile(m, op) {
        return;
    }
    // `for`'s carried values are its body's arguments after the induction value; `loop`'s are
    // its operands.
    let is_for = crate::cuda_tile::OpKind::of(m, op) == Some(crate::cuda_tile::OpKind::For);
    let carried: Vec<Type> = if is_for {
        m.regions(op)
            .first()
            .and_then(|&r| m.entry_block(r))
            .map(|b| {
                m.block_args(b)
                    .iter()
                    .skip(1)
                    .map(|&a| m.value_type(a))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        m.operands(op).iter().map(|&v| m.value_type(v)).collect()
    };
    for (i, &t) in carried.iter().enumerate() {
        if let Some(k) = view_kind(m, t) {
            let op_word = if is_for { "op " } else { "" };
            return err(
                m,
                op,
                d,
                format!("{op_word}loop-carried value {i} is a {k}, which is not supported"),
            );
        }
    }
    for (i, r) in m.results(op).enumerate() {
        if let Some(k) = view_kind(m, m.value_type(r)) {
            return err(
                m,
                op,
                d,
                format!("result type {i} is a {k}, which is not supported"),
            );
        }
    }
}

/// `print_tko`'s format: one operand per `%` conversion (`%%` prints a percent sign), and no
/// `%` without its conversion character.
pub fn check_print_format(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(AttrData::Str(f)) = m.get_attr(op, Sym::new(super::PrintTko::STR)) else {
        return;
    };
    let values = m
        .operands(op)
        .iter()
        .filter(|&&v| !is_token(m, m.value_type(v)))
        .count();
    match conversions(f) {
        None => err(m, op, d, "found unterminated format expression"),
        Some(n) if n != values => err(
            m,
            op,
            d,
            format!("incorrect number of operands: expected {n}, found {values}"),
        ),
        Some(_) => {}
    }
}

/// The number of printf conversions of `f`, or `None` when one is unterminated.
fn conversions(f: &str) -> Option<usize> {
    let mut n = 0;
    let mut it = f.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            continue;
        }
        if it.peek() == Some(&'%') {
            it.next();
            continue;
        }
        // Flags, width, precision and length, then the conversion character.
        loop {
            match it.next()? {
                c if c.is_ascii_alphabetic() && !"hlLqjzt".contains(c) => break,
                _ => {}
            }
        }
        n += 1;
    }
    Some(n)
}

/// NVIDIA's `testing$func`: a body that does not end in `return` returns nothing, which its
/// results must then be.
pub fn check_testing_func_return(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(AttrData::Type(ft)) = m.get_attr(op, Sym::new(super::TestingFunc::FUNCTION_TYPE))
    else {
        return;
    };
    let TypeData::Function { results, .. } = m.type_data(*ft) else {
        return;
    };
    let Some(&r) = m.regions(op).first() else {
        return;
    };
    let Some(b) = m.entry_block(r) else {
        return err(
            m,
            op,
            d,
            "failed to verify constraint: region with 1 blocks",
        );
    };
    let returns = m.last_op(b).is_some_and(|l| {
        crate::cuda_tile::OpKind::of(m, l) == Some(crate::cuda_tile::OpKind::Return)
    });
    if !returns && !results.is_empty() {
        let name = match m.get_attr(op, Sym::new(super::TestingFunc::SYM_NAME)) {
            Some(AttrData::Str(s)) => s.to_string(),
            _ => String::new(),
        };
        err(
            m,
            op,
            d,
            format!(
                "op has 0 operands, but enclosing function (@{name}) returns {}",
                results.len()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::conversions;

    #[test]
    fn printf_conversions_are_counted() {
        assert_eq!(conversions("x %d and %5.2f, 100%%"), Some(2));
        assert_eq!(conversions("hello_world, %"), None);
        assert_eq!(conversions("%lld %i"), Some(2));
        assert_eq!(conversions("none"), Some(0));
    }
}

/// NVIDIA's math ops that tilec declares without a lowering (`sin`, `pow`, …): every operand a
/// tile of floats.
pub fn check_float_operands(m: &Module, op: Op, d: &mut Diagnostics) {
    for (i, &v) in m.operands(op).iter().enumerate() {
        let t = m.value_type(v);
        let float = tile_shape(m, t)
            .is_some_and(|(_, e)| matches!(m.type_data(e), TypeData::Float(k) if k.is_base()));
        if !float {
            return err(
                m,
                op,
                d,
                format!(
                    "op operand #{i} must be tile of f16 or bf16 or f32 or f64 values, but got '{}'",
                    ty(m, t)
                ),
            );
        }
    }
}

/// The IEEE roundings: to nearest even, toward zero, -inf, +inf.
const IEEE_ROUNDINGS: &[&str] = &["nearest_even", "zero", "negative_inf", "positive_inf"];

/// The rounding modes each math op takes (NVIDIA's ODS), and how NVIDIA words a wrong one.
const ROUNDINGS: &[(&str, &[&str], RoundingMessage)] = &[
    (
        "fma",
        &["nearest_even", "zero", "negative_inf", "positive_inf"],
        RoundingMessage::Custom,
    ),
    (
        "sqrt",
        &[
            "nearest_even",
            "zero",
            "negative_inf",
            "positive_inf",
            "approx",
        ],
        RoundingMessage::Custom,
    ),
    ("addf", IEEE_ROUNDINGS, RoundingMessage::Custom),
    ("subf", IEEE_ROUNDINGS, RoundingMessage::Custom),
    ("mulf", IEEE_ROUNDINGS, RoundingMessage::Custom),
    (
        "divf",
        &[
            "nearest_even",
            "zero",
            "negative_inf",
            "positive_inf",
            "approx",
            "full",
        ],
        RoundingMessage::Custom,
    ),
    ("tanh", &["approx", "full"], RoundingMessage::Verifier),
    ("exp", &["approx", "full"], RoundingMessage::Verifier),
];

#[derive(Clone, Copy)]
enum RoundingMessage {
    /// The custom parser's: "custom op 'cuda_tile.fma' expected rounding mode to be one of: …".
    Custom,
    /// The verifier's: "invalid rounding mode specified, expect one of [approx, full]".
    Verifier,
}

/// `rounding<…>` and `flush_to_zero` of the float math ops: a rounding the op takes, and
/// `approx` and `flush_to_zero` on `f32` only.
pub fn check_math_modifiers(m: &Module, op: Op, d: &mut Diagnostics) {
    if !is_cuda_tile(m, op) {
        return;
    }
    let short = m.op_name(op).as_str().rsplit('.').next().unwrap_or("");
    let Some(elem) = m
        .results(op)
        .next()
        .and_then(|r| tile_shape(m, m.value_type(r)))
        .map(|(_, e)| e)
    else {
        return;
    };
    let f32 = matches!(m.type_data(elem), TypeData::Float(tilec_ir::FloatKind::F32));
    let word = crate::cuda_tile::words::word(m, op, "rounding_mode");
    // divf's approx and full are f32 forms (NVIDIA's ODS table): other types take the IEEE ones.
    let row = ROUNDINGS
        .iter()
        .find(|r| r.0 == short)
        .map(|&(k, allowed, style)| {
            let allowed = if k == "divf" && !f32 {
                IEEE_ROUNDINGS
            } else {
                allowed
            };
            (k, allowed, style)
        });
    if let (Some(w), Some((_, allowed, style))) = (word, row) {
        if !allowed.contains(&w) {
            let msg = match style {
                RoundingMessage::Custom => {
                    let list: Vec<String> = allowed.iter().map(|a| format!("'{a}'")).collect();
                    format!(
                        "custom op 'cuda_tile.{short}' expected rounding mode to be one of: {}, got: '{w}'",
                        list.join(", ")
                    )
                }
                RoundingMessage::Verifier => format!(
                    "op invalid rounding mode specified, expect one of [{}]",
                    allowed.join(", ")
                ),
            };
            return err(m, op, d, msg);
        }
    }
    let name = ty(m, elem);
    if word == Some("approx") && !f32 {
        return err(
            m,
            op,
            d,
            format!("approx modifier only supported for f32 data type, but got: '{name}'"),
        );
    }
    if m.get_attr(op, Sym::new("flush_to_zero")).is_some() && !f32 {
        err(
            m,
            op,
            d,
            format!("flush_to_zero modifier only supported for f32 data type, but got: '{name}'"),
        );
    }
}

/// `iota`: a tile of at least one dimension (NVIDIA's is 1-d; n-d is tilec's extension) whose
/// values `0 … n-1` fit its integer element type.
pub fn check_iota(m: &Module, op: Op, d: &mut Diagnostics) {
    if !is_cuda_tile(m, op) {
        return;
    }
    let Some((dims, e)) = m
        .results(op)
        .next()
        .and_then(|r| tile_shape(m, m.value_type(r)))
    else {
        return;
    };
    if dims.is_empty() {
        return err(m, op, d, "expects result type to be 1-d tile");
    }
    let n = crate::types::elements(dims);
    if let TypeData::Int(w) = *m.type_data(e) {
        let max = if w >= 64 {
            u64::MAX
        } else {
            (1u64 << (w - 1)) - 1
        };
        if n.saturating_sub(1) > max {
            err(
                m,
                op,
                d,
                format!(
                    "the number of elements {n} exceeds the maximum value of element type '{}'",
                    ty(m, e)
                ),
            );
        }
    }
}

/// `int_to_ptr` takes a tile of `i64`, `ptr_to_int` gives one.
pub fn check_ptr_int(m: &Module, op: Op, d: &mut Diagnostics) {
    let to_ptr = m.op_name(op).as_str().ends_with("int_to_ptr");
    let (what, v) = if to_ptr {
        ("operand", m.operands(op).first().copied())
    } else {
        ("result", m.results(op).next())
    };
    let Some(v) = v else {
        return;
    };
    let t = m.value_type(v);
    let i64_tile =
        tile_shape(m, t).is_some_and(|(_, e)| matches!(m.type_data(e), TypeData::Int(64)));
    if !i64_tile {
        err(
            m,
            op,
            d,
            format!(
                "{what} #0 must be tile of i64 values, but got '{}'",
                ty(m, t)
            ),
        );
    }
}

/// A kernel's (or NVIDIA's test function's) parameters: a pointer's pointee is a scalar
/// (NVIDIA's `pointeeType` constraint).
pub fn check_param_pointees(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(b) = m.regions(op).first().and_then(|&r| m.entry_block(r)) else {
        return;
    };
    for &a in m.block_args(b) {
        let t = m.value_type(a);
        let elem = tile_shape(m, t).map_or(t, |(_, e)| e);
        let Some((_, Some(pointee))) = crate::types::ptr_info(m, elem) else {
            continue;
        };
        if !matches!(m.type_data(pointee), TypeData::Int(_) | TypeData::Float(_)) {
            return err(
                m,
                op,
                d,
                format!(
                    "failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64, but got '{}'",
                    ty(m, pointee)
                ),
            );
        }
    }
}

/// `pack` / `unpack` (cuda_tile and nv_tileaa): NVIDIA's `verifyPackUnpackTypes`: rank-1 tiles
/// of the same total size in bytes whose element widths differ (one side is `i8`, the ODS
/// types say).
pub fn check_pack(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&v), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (Some((sd, se)), Some((rd, re))) = (
        tile_shape(m, m.value_type(v)),
        tile_shape(m, m.value_type(r)),
    ) else {
        return;
    };
    if sd.len() != rd.len() {
        return err(
            m,
            op,
            d,
            "op failed to verify that all of {source, result} have same rank",
        );
    }
    if sd.len() != 1 {
        return err(m, op, d, "op expects source and result to be rank-1 tiles");
    }
    // tf32 takes 32 bits of storage (NVIDIA counts it so here), though its format has 19.
    let bits = |e: Type| match m.type_data(e) {
        TypeData::Int(w) => Some(u64::from(*w)),
        TypeData::Float(tilec_ir::FloatKind::TF32) => Some(32),
        TypeData::Float(k) => Some(u64::from(k.bits())),
        _ => None,
    };
    let (Some(sb), Some(rb)) = (bits(se), bits(re)) else {
        return;
    };
    if sb == rb {
        return err(
            m,
            op,
            d,
            "op expects source and result to have different element type widths",
        );
    }
    let (s, r) = (sb * sd[0], rb * rd[0]);
    for (what, size) in [("source", s), ("result", r)] {
        if size % 8 != 0 {
            return err(
                m,
                op,
                d,
                format!("op expects {what} tile to be byte-aligned"),
            );
        }
    }
    if s != r {
        err(m, op, d, format!("op expects source and result to have the same size in bytes, but got source tile size {} bytes and result tile size {} bytes", s / 8, r / 8));
    }
}

/// The summary of `alloca`'s `IntMinValue<0>` attribute constraints (NVIDIA's ODS).
const NON_NEGATIVE_I64: &str = "64-bit signless integer attribute whose minimum value is 0";

/// `alloca num_elem = N, alignment = A [global] : tile<ptr<T>>`: NVIDIA's ODS (both numbers
/// non-negative, a 0-d tile of pointers) and `verifyAlloca` (`SharedVerifiers.h`: the alignment
/// is a power of two, at least the pointee's natural size).
pub fn check_alloca(m: &Module, op: Op, d: &mut Diagnostics) {
    let int = |key: &str| match m.get_attr(op, Sym::new(key)) {
        Some(AttrData::Int { value, .. }) => Some(*value),
        _ => None,
    };
    for key in ["num_elem", "alignment"] {
        if int(key).is_some_and(|v| v < 0) {
            return err(
                m,
                op,
                d,
                format!("op attribute '{key}' failed to satisfy constraint: {NON_NEGATIVE_I64}"),
            );
        }
    }
    let Some(r) = m.results(op).next() else {
        return;
    };
    let rt = m.value_type(r);
    let pointee = tile_shape(m, rt)
        .filter(|(dims, _)| dims.is_empty())
        .and_then(|(_, e)| crate::types::ptr_info(m, e));
    let Some((_, pointee)) = pointee else {
        return crate::common::type_err(
            m,
            op,
            d,
            format!(
                "op result #0 must be 0D tile of Pointer type values, but got '{}'",
                ty(m, rt)
            ),
        );
    };
    let Some(align) = int("alignment") else {
        return;
    };
    if align <= 0 || align & (align - 1) != 0 {
        return err(m, op, d, "op 'alignment' must be power of two");
    }
    let Some(p) = pointee else {
        return;
    };
    let size = natural_size(m, p);
    if align < size {
        err(
            m,
            op,
            d,
            format!(
                "op 'alignment' ({align}) must be at least the natural size ({size} bytes) for element type '{}'",
                ty(m, p)
            ),
        );
    }
}

/// NVIDIA's natural size of a pointee in bytes: whole bytes of its bits (`i1`: one byte; a
/// format narrower than a byte: 0), 0 for a type that is not a number.
fn natural_size(m: &Module, t: Type) -> i64 {
    match m.type_data(t) {
        TypeData::Int(1) => 1,
        TypeData::Int(w) => i64::from(*w) / 8,
        TypeData::Float(k) => i64::from(k.bits()) / 8,
        _ => 0,
    }
}
