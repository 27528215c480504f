//! The verifier rules of the element conversions every tile dialect shares (`sitofp`, `uitofp`,
//! `fptosi`, `fptoui`, `ftof`, `bitcast`) and of the integer unary `absi`.
//!
//! NVIDIA's `itof`/`ftoi` are these ops with the signedness in the name (the custom syntax and
//! the bytecode reader pick the name; the generic NVIDIA op is renamed before lowering), so the
//! rules are NVIDIA's (cuda_tile `Ops.td`): one shape on both sides; `itof` integer → float,
//! `ftoi` float → integer (of every float type), `ftof` between two different float types
//! (round to nearest even, except toward `f8E8M0FNU`: toward zero or +inf), `itof` not to
//! `f8E8M0FNU`, `bitcast` between non-pointer types of one bit width.

use crate::common::{err, short, ty, type_err};
use crate::types::tile_shape;
use tilec_ir::{AttrData, Diagnostics, FloatKind, Module, Op, Sym, Type, TypeData};

/// What a conversion takes and gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Int,
    Float,
    /// Either (bitcast).
    Number,
}

/// Per conversion op: (short name, operand class, result class).
const RULES: &[(&str, Class, Class)] = &[
    ("sitofp", Class::Int, Class::Float),
    ("uitofp", Class::Int, Class::Float),
    ("fptosi", Class::Float, Class::Int),
    ("fptoui", Class::Float, Class::Int),
    ("ftof", Class::Float, Class::Float),
    ("bitcast", Class::Number, Class::Number),
];

/// The element type and shape of a tile (a scalar is its own element, shape `None`).
fn split(m: &Module, t: Type) -> (Option<Vec<u64>>, Type) {
    match tile_shape(m, t) {
        Some((dims, e)) => (Some(dims.to_vec()), e),
        None => (None, t),
    }
}

/// NVIDIA's integer element types (`CudaTile_IntTileType`): i1, i8, i16, i32, i64.
fn class_of(m: &Module, e: Type) -> Option<(Class, u32)> {
    match m.type_data(e) {
        TypeData::Int(w @ (1 | 8 | 16 | 32 | 64)) => Some((Class::Int, u32::from(*w))),
        TypeData::Float(k) => Some((Class::Float, k.bits())),
        _ => None,
    }
}

/// A conversion: operand and result of one shape, of the classes of the op's rule; `ftof`
/// changes the type and rounds to nearest even; `bitcast` keeps the width.
pub fn check_convert(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(&a), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let name = short(m, op);
    let Some(&(_, from, to)) = RULES.iter().find(|r| r.0 == name) else {
        return;
    };
    let (ta, tr) = (m.value_type(a), m.value_type(r));
    let ((da, ea), (dr, er)) = (split(m, ta), split(m, tr));
    if da != dr {
        return type_err(
            m,
            op,
            d,
            format!(
                "operand '{}' and result '{}' must have one shape",
                ty(m, ta),
                ty(m, tr)
            ),
        );
    }
    let fits =
        |c: Class, e: Type| class_of(m, e).is_some_and(|(k, _)| c == Class::Number || k == c);
    if !fits(from, ea) || !fits(to, er) {
        let word = |c: Class| match c {
            Class::Int => "integer",
            Class::Float => "float",
            Class::Number => "integer or float",
        };
        return type_err(
            m,
            op,
            d,
            format!(
                "converts {} elements to {} elements, not '{}' to '{}'",
                word(from),
                word(to),
                ty(m, ea),
                ty(m, er)
            ),
        );
    }
    let to_e8m0 = matches!(m.type_data(er), TypeData::Float(FloatKind::F8E8M0FNU));
    match name {
        "ftof" if ea == er => err(m, op, d, "converts between two different float types"),
        "ftof" => check_rounding(m, op, d, to_e8m0),
        "sitofp" | "uitofp" if to_e8m0 => type_err(
            m,
            op,
            d,
            "integer to f8E8M0FNU conversion is not supported, please first convert to another float type",
        ),
        "bitcast" => {
            let (wa, wr) = (class_of(m, ea), class_of(m, er));
            if wa.map(|c| c.1) != wr.map(|c| c.1) {
                type_err(
                    m,
                    op,
                    d,
                    format!(
                        "reinterprets bits of one width, but '{}' and '{}' differ",
                        ty(m, ea),
                        ty(m, er)
                    ),
                );
            }
        }
        _ => {}
    }
}

/// `ftof`'s rounding (absent: nearest even): toward `f8E8M0FNU` zero or +inf, else nearest
/// even (NVIDIA's `FToFOp::verify`).
fn check_rounding(m: &Module, op: Op, d: &mut Diagnostics, to_e8m0: bool) {
    let word = match m.get_attr(op, Sym::new("rounding_mode")) {
        None => "nearest_even",
        Some(AttrData::Opaque { body, .. }) => body.as_ref(),
        Some(a) => {
            let a = tilec_ir::text::attr_to_string(m, a);
            return err(
                m,
                op,
                d,
                format!("has rounding mode {a}, not a rounding word"),
            );
        }
    };
    let (allowed, rule): (&[&str], _) = if to_e8m0 {
        (
            &["zero", "positive_inf"],
            "for conversion to f8E8M0FNU: only 'zero' and 'positive_inf' are supported",
        )
    } else {
        (&["nearest_even"], "here: only 'nearest_even' is supported")
    };
    if !allowed.contains(&word) {
        err(m, op, d, format!("invalid rounding mode '{word}' {rule}"));
    }
}

/// `absi`: one integer type for the operand and the result.
pub fn check_int_unary(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(&a) = m.operands(op).first() else {
        return;
    };
    let ta = m.value_type(a);
    let (_, e) = split(m, ta);
    if !matches!(m.type_data(e), TypeData::Int(_)) {
        return type_err(
            m,
            op,
            d,
            format!("takes integer operands, but it is '{}'", ty(m, ta)),
        );
    }
    crate::common::result_of_operand_type(m, op, d);
}
