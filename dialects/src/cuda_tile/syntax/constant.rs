//! `constant <T: value> : tile<…>`: NVIDIA's constant syntax. A splat holds one typed number
//! (`value = 1 : i32`); an element-wise constant `<i32: [[1, 2], [3, 4]]>` (nested lists, one
//! level per dimension) holds an array of them in row-major order. `dense<value>` (the spelling of
//! NVIDIA's documentation examples) is accepted too. Floats print the way MLIR prints them
//! (`1.000000e+00`) when that reads back to the same bits, else in the shortest exact form.

use super::parse::{dict, extra_attrs, op_name, PResult};
use super::print::extra_attrs as print_extra;
use super::tokens::{matched, Rule};
use super::types::parse_type;
use crate::types::{dialect_of, tile_info};
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::text::{type_to_string, write_float};
use tilec_ir::{AttrData, FloatKind, Loc, Op, Type, TypeData};

const OP: &str = "constant";

/// `constant <T: v> : TILE [{…}]` or `constant dense<v> : TILE [{…}]`.
pub fn parse_constant(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let (value, ty) = parse_value(p, OP)?;
    let extra = extra_attrs(p, OP, &["value"])?;
    let d = dict(p, vec![("value", value)], extra);
    p.finish(op_name(OP), vec![], vec![ty], d, vec![])
}

/// `<T: v> : TILE` (or `dense<v> : TILE`): the value attribute (a typed number, or an array of
/// them in row-major order) and the tile type; `op` names the op in errors.
pub fn parse_value(p: &mut CustomParser<'_, '_>, op: &str) -> PResult<(AttrData, Type)> {
    let written_elem = if p.eat("dense") {
        p.expect("<")?;
        None
    } else {
        p.expect("<")?;
        let e = parse_type(p)?;
        p.expect(":")?;
        Some(e)
    };
    p.skip();
    // The literals, unconverted until the element type is known: one, or nested lists.
    let mut lits = Vec::new();
    let lists_at = p.here();
    let nested = if p.rest().starts_with('[') {
        Some(literal_lists(p, &mut lits)?)
    } else {
        lits.push(literal(p)?);
        None
    };
    p.expect(">")?;
    if !p.eat(":") {
        return p.expected("':' and the tile type of the constant");
    }
    let (ty, ty_loc) = parse_type(p)?;
    let m = p.module();
    let elem = match (dialect_of(m, ty), tile_info(m, ty)) {
        (Some(("cuda_tile", "tile")), Some(ti)) => ti.elem,
        _ => {
            let s = type_to_string(m, ty);
            return p.error(
                ty_loc,
                format!("'{op}' holds a tile (tile<…>), but the type is '{s}'"),
            );
        }
    };
    if let Some((e, _)) = written_elem {
        if e != elem {
            let (es, ts) = (type_to_string(m, e), type_to_string(m, elem));
            return p.error(
                ty_loc,
                format!(
                    "mismatch between the element type '{es}' and the tile element type '{ts}'"
                ),
            );
        }
    }
    let value = match nested {
        None => {
            let (kind, text, loc) = lits[0];
            number(p, kind, text, elem, loc)?
        }
        Some(shape) => {
            let dims = tile_info(p.module(), ty)
                .map(|t| t.dims)
                .unwrap_or_default();
            if shape != dims {
                let list = |ds: &[u64]| {
                    let v: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
                    v.join("x")
                };
                return p.error(
                    lists_at,
                    format!(
                        "the element lists have shape {}, but the tile's shape is {}",
                        list(&shape),
                        list(&dims)
                    ),
                );
            }
            let mut items = Vec::with_capacity(lits.len());
            for (kind, text, loc) in lits {
                let v = number(p, kind, text, elem, loc)?;
                items.push(p.module().attr(v));
            }
            AttrData::Array(items.into())
        }
    };
    Ok((value, ty))
}

/// One literal: its grammar rule, text and location.
type Lit<'s> = (Rule, &'s str, Loc);

fn literal<'s>(p: &mut CustomParser<'_, 's>) -> PResult<Lit<'s>> {
    p.skip();
    let start = p.pos();
    let (kind, text) = match matched(p, Rule::literal) {
        Ok((pair, _)) => match pair.into_inner().next() {
            Some(inner) => (inner.as_rule(), inner.as_str()),
            None => return p.expected("a constant value"),
        },
        Err(e) => {
            p.set_pos(start + e.at);
            return p.expected(
                "a constant value (an integer, a float, a hexadecimal bit pattern, true or false)",
            );
        }
    };
    Ok((kind, text, p.loc(start, p.pos())))
}

/// `[a, b, …]` or `[[…], […], …]`: appends the literals in row-major order and returns the
/// shape the lists spell (every list of one level must be as long as the first).
fn literal_lists<'s>(p: &mut CustomParser<'_, 's>, out: &mut Vec<Lit<'s>>) -> PResult<Vec<u64>> {
    p.expect("[")?;
    p.skip();
    let mut inner: Option<Vec<u64>> = None;
    let mut n = 0u64;
    loop {
        p.skip();
        let at = p.here();
        if p.rest().starts_with('[') {
            let shape = literal_lists(p, out)?;
            match &inner {
                Some(s) if *s != shape => {
                    return p.error(at, "the lists of one level must have one length")
                }
                _ => inner = Some(shape),
            }
        } else if inner.is_some() {
            return p.error(at, "the lists of one level must have one length");
        } else {
            out.push(literal(p)?);
        }
        n += 1;
        if !p.eat(",") {
            break;
        }
    }
    p.expect("]")?;
    let mut shape = vec![n];
    shape.extend(inner.unwrap_or_default());
    Ok(shape)
}

/// The attribute of literal `text` (of grammar rule `kind`) as a value of element type `elem`,
/// canonical the way the generic parser makes it (integers at their width, floats rounded to
/// their format).
fn number(
    p: &mut CustomParser<'_, '_>,
    kind: Rule,
    text: &str,
    elem: Type,
    loc: Loc,
) -> PResult<AttrData> {
    let data = p.module().type_data(elem).clone();
    let es = type_to_string(p.module(), elem);
    match data {
        TypeData::Int(w) => {
            let v = match kind {
                Rule::bool_lit if w == 1 => i64::from(text == "true"),
                Rule::int_lit => match text.parse::<i64>() {
                    Ok(v) => v,
                    Err(_) => match text.parse::<u64>() {
                        Ok(u) => u as i64,
                        Err(_) => {
                            return p.error(loc, format!("integer {text} does not fit in 64 bits"))
                        }
                    },
                },
                Rule::hex_lit => match u64::from_str_radix(&text[2..], 16) {
                    Ok(u) => u as i64,
                    Err(_) => return p.error(loc, format!("hexadecimal {text} is too large")),
                },
                _ => return p.error(loc, format!("expected an integer value for '{es}'")),
            };
            if w < 64 {
                let (lo, hi) = (-(1i128 << (w - 1)), (1i128 << w) - 1);
                if (v as i128) < lo || (v as i128) > hi {
                    return p.error(loc, format!("integer {text} does not fit in {es}"));
                }
            }
            let value = match w {
                1 => v & 1,
                w if w < 64 => (v << (64 - w)) >> (64 - w),
                _ => v,
            };
            Ok(AttrData::Int { value, ty: elem })
        }
        TypeData::Index => match (kind, text.parse::<i64>()) {
            (Rule::int_lit, Ok(value)) => Ok(AttrData::Int { value, ty: elem }),
            _ => p.error(loc, format!("expected an integer value for '{es}'")),
        },
        TypeData::Float(k) => match kind {
            Rule::float_lit | Rule::int_lit => match text.parse::<f64>() {
                Ok(v) => Ok(AttrData::float(v, k, elem)),
                Err(_) => p.error(loc, format!("invalid float {text}")),
            },
            Rule::hex_lit => match u64::from_str_radix(&text[2..], 16) {
                Ok(bits) if k.bits() == 64 || bits >> k.bits() == 0 => Ok(AttrData::Float {
                    bits,
                    kind: k,
                    ty: elem,
                }),
                _ => p.error(
                    loc,
                    format!(
                        "hexadecimal {text} has more than {} bits for '{es}'",
                        k.bits()
                    ),
                ),
            },
            _ => p.error(loc, format!("expected a float value for '{es}'")),
        },
        _ => p.error(
            loc,
            format!("constants of '{es}' elements are not supported (integers and floats are)"),
        ),
    }
}

/// A float the way MLIR prints it (`1.000000e+00`), or the shortest exact form when six digits
/// do not read back to the same bits (infinities and NaNs are hexadecimal bit patterns).
pub fn float_text(bits: u64, kind: FloatKind) -> String {
    let v = kind.value_of(bits);
    if v.is_finite() {
        let s = format!("{v:.6e}");
        if let Some((mant, exp)) = s.split_once('e') {
            if let Ok(e) = exp.parse::<i32>() {
                let sign = if e < 0 { '-' } else { '+' };
                let t = format!("{mant}e{sign}{:02}", e.abs());
                if t.parse::<f64>().is_ok_and(|r| kind.bits_of(r) == bits) {
                    return t;
                }
            }
        }
    }
    let mut out = String::new();
    write_float(bits, kind, &mut out);
    out
}

/// Prints `constant` when its value is a number of the result tile's element type.
pub fn print_constant(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    if !m.operands(op).is_empty() || m.num_results(op) != 1 {
        return false;
    }
    let ty = m.value_type(m.result(op, 0));
    let Some(value) = m.get_attr(op, tilec_ir::Sym::new("value")) else {
        return false;
    };
    let Some(text) = value_text(m, value, ty) else {
        return false;
    };
    p.keyword("cuda_tile", OP);
    p.write(" ");
    p.write(&text);
    print_extra(p, op, &["value"]);
    true
}

/// `<T: v> : TILE` of a value attribute of tile type `ty` (None when it does not fit).
pub fn value_text(m: &tilec_ir::Module, value: &AttrData, ty: Type) -> Option<String> {
    let elem = match (dialect_of(m, ty), tile_info(m, ty)) {
        (Some(("cuda_tile", "tile")), Some(ti)) => ti.elem,
        _ => return None,
    };
    let one = |a: &AttrData| -> Option<String> {
        Some(match a {
            AttrData::Int { value, ty } if *ty == elem => match m.type_data(elem) {
                TypeData::Int(1) => (if *value != 0 { "true" } else { "false" }).to_string(),
                _ => value.to_string(),
            },
            AttrData::Float { bits, kind, ty } if *ty == elem => float_text(*bits, *kind),
            _ => return None,
        })
    };
    let text = match value {
        AttrData::Array(items) => {
            let dims = tile_info(m, ty).map(|t| t.dims).unwrap_or_default();
            let texts: Option<Vec<String>> = items.iter().map(|a| one(m.attr_data(*a))).collect();
            match texts {
                Some(t) if !dims.is_empty() && t.len() as u64 == dims.iter().product::<u64>() => {
                    nest(&t, &dims)
                }
                _ => return None,
            }
        }
        a => one(a)?,
    };
    Some(format!(
        "<{}: {text}> : {}",
        super::types::type_text(m, elem),
        super::types::type_text(m, ty)
    ))
}

/// Row-major `texts` as nested lists of `dims` (`[[1, 2], [3, 4]]`).
fn nest(texts: &[String], dims: &[u64]) -> String {
    if dims.len() <= 1 {
        return format!("[{}]", texts.join(", "));
    }
    let step = texts.len() / dims[0].max(1) as usize;
    let parts: Vec<String> = texts
        .chunks(step.max(1))
        .map(|c| nest(c, &dims[1..]))
        .collect();
    format!("[{}]", parts.join(", "))
}
