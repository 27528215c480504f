//! The short type forms: `tile<i32>` is `!cuda_tile.tile<i32>`, `tile<128xptr<f32>>` is
//! `!cuda_tile.tile<128x!cuda_tile.ptr<f32>>`, `ptr<f32>` is `!cuda_tile.ptr<f32>`, `token` is
//! `!cuda_tile.token`. The long forms and every other type are accepted too (through the core's
//! generic type syntax); the printer writes the short form of every cuda_tile type it can.

use super::parse::PResult;
use super::tokens::{at_word, matched, Rule};
use crate::types::{ct_ptr, tile, token};
use pest::iterators::Pair;
use std::fmt::Write as _;
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::text::type_to_string;
use tilec_ir::{Diagnostic, FloatKind, Loc, Module, Type, TypeData, TypeParam};

/// NVIDIA's view types (`!cuda_tile.tensor_view<…>`, …).
pub const VIEWS: [&str; 4] = [
    "tensor_view",
    "partition_view",
    "strided_view",
    "gather_scatter_view",
];

const EXPECTED: &str = "a cuda_tile type: tile<T>, tile<NxMx…xT>, ptr<T> or token, where T is iN, f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN, index or ptr<T>";

/// A type, in the short or the generic form, with where it was written.
pub fn parse_type(p: &mut CustomParser<'_, '_>) -> PResult<(Type, Loc)> {
    p.skip();
    let start = p.pos();
    // NVIDIA's view types, short (`tensor_view<?xf32, strides=[?]>`) or long: their parameters
    // are the generic syntax's (dynamic dimensions, `key=…` parameters).
    if VIEWS.iter().any(|v| at_word(p, v)) {
        let t = p.bare_dialect_type()?;
        return Ok((t, p.loc(start, p.pos())));
    }
    let long = p.rest().starts_with("!cuda_tile.");
    let short = long || at_word(p, "tile") || at_word(p, "ptr") || at_word(p, "token");
    // The same spelling again (most ops of a kernel repeat a few types): no pest.
    let extent = short.then(|| extent(p.rest())).flatten();
    if let Some(t) = extent.and_then(|n| p.known_type(start, start + n)) {
        let end = start + extent.unwrap_or(0);
        p.set_pos(end);
        return Ok((t, p.loc(start, end)));
    }
    if short {
        match matched(p, Rule::ct_type) {
            // A long spelling with parameters the short forms do not have (`!cuda_tile.token<…>`)
            // is a generic type, whatever it means.
            Ok(_) if long && p.rest().starts_with('<') => p.set_pos(start),
            Ok((pair, base)) => {
                let t = build(p, pair, base)?;
                if extent == Some(p.pos() - start) {
                    p.remember_type(start, p.pos(), t);
                }
                return Ok((t, p.loc(start, p.pos())));
            }
            // `!cuda_tile.tile<4x!other.t>` is still a type, in the generic syntax.
            Err(_) if p.rest().starts_with('!') => {}
            Err(e) => {
                p.set_pos(start + e.at);
                let what = if e.expected.contains(&Rule::close) {
                    "'>' to close the type"
                } else if e.expected.contains(&Rule::open) {
                    "'<' and the type parameters"
                } else if e
                    .expected
                    .iter()
                    .any(|r| matches!(r, Rule::elem | Rule::scalar | Rule::ptr_type))
                {
                    "an element type (iN, a float type such as f32 or f8E4M3FN, index or ptr<T>)"
                } else {
                    EXPECTED
                };
                return p.expected(what);
            }
        }
    }
    let t = p.generic_type()?;
    Ok((t, p.loc(start, p.pos())))
}

/// The length of a short type's spelling at the start of `rest` when it is written without
/// blanks or comments — `[!cuda_tile.]word` and a balanced `<…>` of type characters — and is
/// not followed by `<` (a long spelling with parameters is a generic type) or a word character.
/// A type memoized under this exact text ([`CustomParser::known_type`]) was parsed from the same
/// characters with the same following-character condition, so it means the same here.
fn extent(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.');
    let mut i = if rest.starts_with("!cuda_tile.") {
        11
    } else {
        0
    };
    while b.get(i).is_some_and(|&c| c.is_ascii_alphanumeric()) {
        i += 1;
    }
    if b.get(i) == Some(&b'<') {
        let mut depth = 0u32;
        loop {
            match *b.get(i)? {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                b'!' | b'.' | b'_' => {}
                c if c.is_ascii_alphanumeric() => {}
                _ => return None,
            }
            i += 1;
        }
    }
    let next = b.get(i).copied();
    (i > 0 && !next.is_some_and(|c| c == b'<' || word(c))).then_some(i)
}

fn build(p: &mut CustomParser<'_, '_>, pair: Pair<'_, Rule>, base: usize) -> PResult<Type> {
    let loc = {
        let s = pair.as_span();
        p.loc(base + s.start(), base + s.end())
    };
    match pair.as_rule() {
        Rule::ct_type | Rule::elem => {
            // Skip the optional `!cuda_tile.` prefix: the one remaining child is the type.
            match pair.into_inner().find(|c| c.as_rule() != Rule::prefix) {
                Some(inner) => build(p, inner, base),
                None => p.error(loc, "expected a type"),
            }
        }
        Rule::token_type => Ok(token(p.module(), "cuda_tile")),
        Rule::ptr_type => {
            let elem = elem_child(p, pair, base, loc)?;
            Ok(ct_ptr(p.module(), elem))
        }
        Rule::tile_type => {
            let mut dims = Vec::new();
            let mut elem = None;
            for c in pair.into_inner() {
                if c.as_rule() == Rule::elem {
                    elem = Some(build(p, c, base)?);
                } else if c.as_rule() == Rule::shape {
                    for d in c.into_inner() {
                        let s = d.as_span();
                        let dloc = p.loc(base + s.start(), base + s.end());
                        match d.as_str().parse::<u64>() {
                            Ok(n) if n > 0 && n <= i64::MAX as u64 => dims.push(n),
                            _ => {
                                return p.error(
                                    dloc,
                                    format!(
                                        "tile dimension '{}' must be between 1 and 2^63-1",
                                        d.as_str()
                                    ),
                                )
                            }
                        }
                    }
                }
            }
            match elem {
                Some(e) => Ok(tile(p.module(), "cuda_tile", &dims, e)),
                None => p.error(loc, "a tile needs an element type"),
            }
        }
        Rule::scalar => scalar(p, pair.as_str(), loc),
        _ => p.error(loc, "expected a type"),
    }
}

fn elem_child(
    p: &mut CustomParser<'_, '_>,
    pair: Pair<'_, Rule>,
    base: usize,
    loc: Loc,
) -> PResult<Type> {
    match pair.into_inner().find(|c| c.as_rule() == Rule::elem) {
        Some(c) => build(p, c, base),
        None => p.error(loc, "expected an element type"),
    }
}

fn scalar(p: &mut CustomParser<'_, '_>, s: &str, loc: Loc) -> PResult<Type> {
    let m = p.module();
    if let Some(k) = FloatKind::from_name(s) {
        return Ok(m.float_type(k));
    }
    Ok(match s {
        "index" => m.index_type(),
        _ => match s[1..].parse::<u16>() {
            Ok(w) if (1..=128).contains(&w) => m.int_type(w),
            _ => {
                return Err(Box::new(Diagnostic::error(
                    loc,
                    format!("integer type '{s}' must have a width between 1 and 128"),
                )))
            }
        },
    })
}

/// The `!cuda_tile.token` type.
pub fn token_type(m: &mut Module) -> Type {
    token(m, "cuda_tile")
}

/// True for `!cuda_tile.token`.
pub fn is_token_type(m: &Module, t: Type) -> bool {
    matches!(m.type_data(t), TypeData::Dialect { dialect, name, params }
        if dialect.as_str() == "cuda_tile" && name.as_str() == "token" && params.is_empty())
}

/// `!cuda_tile.tile<i1>`, the type of an `if` condition.
pub fn bool_tile(m: &mut Module) -> Type {
    let i1 = m.int_type(1);
    tile(m, "cuda_tile", &[], i1)
}

/// The short form of `t` (`tile<128xptr<f32>>`), when it has one.
pub fn short_form(m: &Module, t: Type) -> Option<String> {
    let mut s = String::new();
    write_short(m, t, &mut s).then_some(s)
}

fn write_short(m: &Module, t: Type, out: &mut String) -> bool {
    match m.type_data(t) {
        TypeData::Int(_) | TypeData::Float(_) | TypeData::Index => {
            out.push_str(&type_to_string(m, t));
            true
        }
        TypeData::Dialect {
            dialect,
            name,
            params,
        } if dialect.as_str() == "cuda_tile" => match (name.as_str(), params.as_ref()) {
            ("token", []) => {
                out.push_str("token");
                true
            }
            ("ptr", [TypeParam::Type(e)]) => {
                out.push_str("ptr<");
                let ok = write_elem(m, *e, out);
                out.push('>');
                ok
            }
            ("tile", [TypeParam::Type(e)]) => {
                out.push_str("tile<");
                let ok = write_elem(m, *e, out);
                out.push('>');
                ok
            }
            (view, _) if VIEWS.contains(&view) => {
                // The generic spelling without the dialect prefixes, nested ones included
                // (`partition_view<tile=(16), tensor_view<?xf32, strides=[?]>>`).
                out.push_str(&type_to_string(m, t).replace("!cuda_tile.", ""));
                true
            }
            ("tile", [TypeParam::Shaped { dims, elem }]) => {
                out.push_str("tile<");
                for d in dims.iter() {
                    let _ = write!(out, "{d}x");
                }
                let ok = write_elem(m, *elem, out);
                out.push('>');
                ok
            }
            _ => false,
        },
        _ => false,
    }
}

/// An element: a builtin scalar or a cuda_tile pointer (what the grammar's `elem` accepts).
fn write_elem(m: &Module, t: Type, out: &mut String) -> bool {
    match m.type_data(t) {
        TypeData::Int(_) | TypeData::Float(_) | TypeData::Index => write_short(m, t, out),
        TypeData::Dialect { dialect, name, .. }
            if dialect.as_str() == "cuda_tile" && name.as_str() == "ptr" =>
        {
            write_short(m, t, out)
        }
        _ => false,
    }
}

/// `t` in its short form, or in the generic form when it has none.
pub fn type_text(m: &tilec_ir::Module, t: Type) -> String {
    short_form(m, t).unwrap_or_else(|| tilec_ir::text::type_to_string(m, t))
}

/// Writes `t` in its short form, or in the generic form when it has none.
pub fn print_type(p: &mut CustomPrinter<'_, '_>, t: Type) {
    match short_form(p.module(), t) {
        Some(s) => p.write(&s),
        None => p.generic_type(t),
    }
}

#[cfg(test)]
mod tests {
    use super::extent;

    #[test]
    fn extents_cover_exactly_the_blank_free_short_spellings() {
        assert_eq!(extent("tile<128xptr<f32>>, tile"), Some(18));
        assert_eq!(extent("!cuda_tile.tile<4xf32> ->"), Some(22));
        assert_eq!(extent("token\n"), Some(5));
        // Followed by a word character or `<`: not a whole spelling.
        assert_eq!(extent("tile<i32>x"), None);
        assert_eq!(extent("!cuda_tile.token<x> "), Some(19));
        assert_eq!(extent("!cuda_tile.token<x><"), None);
        // Blanks, comments or other characters inside: pest's business.
        assert_eq!(extent("tile< i32>"), None);
        assert_eq!(extent("tile<i32"), None);
        assert_eq!(extent("tile<4x!a.b<\"s\">>"), None);
    }
}
