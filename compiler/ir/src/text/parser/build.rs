//! Building types and attributes from the pair tree, and string literal escapes.

use super::{PResult, Parser, Rule};
use crate::attrs::{AttrData, Dict};
use crate::diag::Diagnostic;
use crate::mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
use crate::source::Loc;
use crate::types::{FloatKind, NamedValue, Type, TypeData, TypeParam};
use crate::Sym;
use pest::iterators::Pair;

/// Decodes an MLIR string literal (with its quotes): `\"`, `\\`, `\n`, `\t` and `\XX` hex bytes.
pub(crate) fn unescape(lit: &str) -> Result<String, String> {
    let body = lit
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(lit);
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'"') => out.push(b'"'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(h)
                if h.is_ascii_hexdigit() && b.get(i + 2).is_some_and(|x| x.is_ascii_hexdigit()) =>
            {
                let hex = &body[i + 1..i + 3];
                out.push(u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?);
                i += 3;
                continue;
            }
            _ => return Err(format!("invalid escape sequence in string {lit}")),
        }
        i += 2;
    }
    String::from_utf8(out).map_err(|_| format!("string {lit} is not valid UTF-8 after unescaping"))
}

// ---- types and attributes ------------------------------------------------------------------------

impl<'s> Parser<'s> {
    pub(super) fn build_type(&mut self, p: Pair<'s, Rule>) -> PResult<Type> {
        self.build_type_in(p, 0)
    }

    pub(super) fn build_type_in(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<Type> {
        let loc = self.span_loc(base, &p);
        match p.as_rule() {
            Rule::type_ | Rule::elem_type | Rule::result_types => match p.into_inner().next() {
                Some(inner) => self.build_type_in(inner, base),
                None => self.err(loc, "expected a type"),
            },
            Rule::int_type => match p.as_str()[1..].parse::<u16>() {
                Ok(w) if (1..=128).contains(&w) => Ok(self.m.int_type(w)),
                _ => self.err(
                    loc,
                    format!(
                        "integer type '{}' must have a width between 1 and 128",
                        p.as_str()
                    ),
                ),
            },
            Rule::float_type => Ok(self
                .m
                .float_type(FloatKind::from_name(p.as_str()).unwrap_or(FloatKind::F64))),
            Rule::index_type => Ok(self.m.index_type()),
            Rule::function_type => {
                let (inputs, results) = self.build_signature(p, base)?;
                Ok(self.m.ty(TypeData::Function {
                    inputs: inputs.into(),
                    results: results.into(),
                }))
            }
            Rule::dialect_type => {
                let mut it = p.into_inner();
                let Some(name) = it.next() else {
                    return self.err(loc, "expected a type name");
                };
                let full = &name.as_str()[1..];
                let Some((d, n)) = full.split_once('.') else {
                    return self.err(
                        loc,
                        format!(
                            "unknown type '!{full}': dialect types are written '!dialect.name<…>'"
                        ),
                    );
                };
                if n.is_empty() {
                    return self.err(
                        loc,
                        format!(
                            "unknown type '!{full}': dialect types are written '!dialect.name<…>'"
                        ),
                    );
                }
                let mut params = Vec::new();
                if let Some(ps) = it.next() {
                    for tp in ps.into_inner() {
                        params.push(self.build_type_param(tp, base, d)?);
                    }
                }
                Ok(self.m.ty(TypeData::Dialect {
                    dialect: Sym::new(d),
                    name: Sym::new(n),
                    params: params.into(),
                }))
            }
            _ => self.err(loc, "expected a type"),
        }
    }

    /// One parameter of a type of `dialect` (the dialect of a nested `name<…>` written without
    /// its prefix).
    pub(super) fn build_type_param(
        &mut self,
        p: Pair<'s, Rule>,
        base: usize,
        dialect: &str,
    ) -> PResult<TypeParam> {
        let loc = self.span_loc(base, &p);
        let Some(inner) = p.into_inner().next() else {
            return self.err(loc, "expected a type parameter");
        };
        match inner.as_rule() {
            Rule::shaped => {
                let mut dims = Vec::new();
                let mut elem = None;
                for x in inner.into_inner() {
                    match x.as_rule() {
                        Rule::dim => dims.push(self.build_dim(&x, base)?),
                        _ => elem = Some(self.build_type_in(x, base)?),
                    }
                }
                let Some(elem) = elem else {
                    return self.err(loc, "expected an element type after the shape");
                };
                Ok(TypeParam::Shaped {
                    dims: dims.into(),
                    elem,
                })
            }
            Rule::named => self.build_named_param(inner, base),
            Rule::bare_type => Ok(TypeParam::Type(self.build_bare_type(inner, base, dialect)?)),
            Rule::type_ => Ok(TypeParam::Type(self.build_type_in(inner, base)?)),
            Rule::int_lit => match inner.as_str().parse::<i64>() {
                Ok(v) => Ok(TypeParam::Int(v)),
                Err(_) => self.err(loc, "integer type parameter out of range"),
            },
            _ => Ok(TypeParam::Keyword(Sym::new(inner.as_str()))),
        }
    }

    /// `name<…>`: a type of `dialect` written without its `!dialect.` prefix.
    pub(super) fn build_bare_type(
        &mut self,
        p: Pair<'s, Rule>,
        base: usize,
        dialect: &str,
    ) -> PResult<Type> {
        let mut it = p.into_inner();
        let name = it.next().map_or("", |n| n.as_str());
        let mut params = Vec::new();
        if let Some(ps) = it.next() {
            for tp in ps.into_inner() {
                params.push(self.build_type_param(tp, base, dialect)?);
            }
        }
        Ok(self.m.ty(TypeData::Dialect {
            dialect: Sym::new(dialect),
            name: Sym::new(name),
            params: params.into(),
        }))
    }

    /// A shape dimension: a positive integer, or `?` ([`crate::DYNAMIC`]).
    fn build_dim(&self, x: &Pair<'s, Rule>, base: usize) -> PResult<u64> {
        match x.as_str() {
            "?" => Ok(crate::types::DYNAMIC),
            s => match s.parse::<u64>() {
                Ok(d) if d > 0 && d != crate::types::DYNAMIC => Ok(d),
                _ => self.err(self.span_loc(base, x), format!("invalid dimension '{s}'")),
            },
        }
    }

    /// `key=[…]`, `key=(AxB)` or `key = word`.
    fn build_named_param(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<TypeParam> {
        let mut it = p.into_inner();
        let key = Sym::new(it.next().map_or("", |k| k.as_str()));
        let Some(v) = it.next() else {
            return Ok(TypeParam::Keyword(key));
        };
        let value = match v.as_rule() {
            Rule::named_list => {
                let mut items = Vec::new();
                for x in v.into_inner() {
                    items.push(match x.as_str() {
                        "?" => None,
                        s => match s.parse::<i64>() {
                            Ok(i) => Some(i),
                            Err(_) => {
                                return self.err(
                                    self.span_loc(base, &x),
                                    format!("integer '{s}' out of range"),
                                )
                            }
                        },
                    });
                }
                NamedValue::List(items.into())
            }
            Rule::named_shape => {
                let mut dims = Vec::new();
                for x in v.into_inner() {
                    let d = self.build_dim(&x, base)?;
                    if d == crate::types::DYNAMIC {
                        return self.err(
                            self.span_loc(base, &x),
                            "a tile shape is static: '?' is not allowed here",
                        );
                    }
                    dims.push(d);
                }
                NamedValue::Shape(dims.into())
            }
            _ => NamedValue::Word(Sym::new(v.as_str())),
        };
        Ok(TypeParam::Named { key, value })
    }

    pub(super) fn build_signature(
        &mut self,
        p: Pair<'s, Rule>,
        base: usize,
    ) -> PResult<(Vec<Type>, Vec<Type>)> {
        let mut it = p.into_inner();
        let mut inputs = Vec::new();
        let mut results = Vec::new();
        if let Some(list) = it.next() {
            for t in list.into_inner() {
                inputs.push(self.build_type_in(t, base)?);
            }
        }
        if let Some(res) = it.next() {
            let inner = res.into_inner().next();
            match inner {
                Some(l) if l.as_rule() == Rule::type_list => {
                    for t in l.into_inner() {
                        results.push(self.build_type_in(t, base)?);
                    }
                }
                Some(t) => results.push(self.build_type_in(t, base)?),
                None => {}
            }
        }
        Ok((inputs, results))
    }

    pub(super) fn build_dict(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<Dict> {
        let mut entries: Vec<(Sym, crate::attrs::Attr)> = Vec::new();
        let mut seen: Vec<(Sym, Loc)> = Vec::new();
        for e in p.into_inner() {
            let eloc = self.span_loc(base, &e);
            let mut it = e.into_inner();
            let Some(key) = it.next() else { continue };
            // attr_key is atomic (so errors name it): a quoted key is a string literal.
            let raw = key.as_str();
            let key_text = if raw.starts_with('"') {
                unescape(raw).map_err(|m| Box::new(Diagnostic::error(eloc, m)))?
            } else {
                raw.to_string()
            };
            if key_text.is_empty() {
                return self.err(eloc, "attribute names must not be empty");
            }
            let key = Sym::new(&key_text);
            if let Some((_, prev)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(Box::new(
                    Diagnostic::error(
                        eloc,
                        format!("duplicate key '{key_text}' in attribute dictionary"),
                    )
                    .with_note(*prev, "first given here"),
                ));
            }
            seen.push((key, eloc));
            let value = match it.next() {
                Some(v) => self.build_attr(v, base)?,
                None => AttrData::Unit,
            };
            let a = self.m.attr(value);
            entries.push((key, a));
        }
        Ok(self.m.dict(&entries))
    }

    pub(super) fn build_attr(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        match p.as_rule() {
            Rule::attr_value => match p.into_inner().next() {
                Some(inner) => self.build_attr(inner, base),
                None => self.err(loc, "expected an attribute value"),
            },
            Rule::dialect_attr => self.build_dialect_attr(p, base),
            Rule::dense_array => {
                let mut it = p.into_inner();
                let elem = it.next().map(|e| e.as_str()).unwrap_or("");
                let vals: Vec<&str> = it.map(|x| x.as_str()).collect();
                match elem {
                    "i32" => {
                        let mut v = Vec::with_capacity(vals.len());
                        for s in vals {
                            match s.parse::<i32>() {
                                Ok(x) => v.push(x),
                                Err(_) => {
                                    return self.err(loc, format!("'{s}' does not fit in i32"))
                                }
                            }
                        }
                        Ok(AttrData::DenseI32(v.into()))
                    }
                    "i64" => {
                        let mut v = Vec::with_capacity(vals.len());
                        for s in vals {
                            match s.parse::<i64>() {
                                Ok(x) => v.push(x),
                                Err(_) => {
                                    return self.err(loc, format!("'{s}' does not fit in i64"))
                                }
                            }
                        }
                        Ok(AttrData::DenseI64(v.into()))
                    }
                    other => self.err(
                        loc,
                        format!(
                            "unsupported dense array element type '{other}'; expected i32 or i64"
                        ),
                    ),
                }
            }
            Rule::typed_number => self.build_number(p, base),
            Rule::bool_lit => Ok(AttrData::Bool(p.as_str() == "true")),
            Rule::unit_lit => Ok(AttrData::Unit),
            Rule::string => unescape(p.as_str())
                .map(|s| AttrData::Str(s.into()))
                .map_err(|m| Box::new(Diagnostic::error(loc, m))),
            Rule::symbol_ref => {
                let body = &p.as_str()[1..];
                let name = if body.starts_with('"') {
                    unescape(body).map_err(|m| Box::new(Diagnostic::error(loc, m)))?
                } else {
                    body.to_string()
                };
                Ok(AttrData::SymbolRef(Sym::new(&name)))
            }
            Rule::array_attr => {
                let mut elems = Vec::new();
                for e in p.into_inner() {
                    let a = self.build_attr(e, base)?;
                    elems.push(self.m.attr(a));
                }
                Ok(AttrData::Array(elems.into()))
            }
            Rule::attr_dict => Ok(AttrData::Dict(self.build_dict(p, base)?)),
            Rule::type_ => Ok(AttrData::Type(self.build_type_in(p, base)?)),
            _ => self.err(loc, "expected an attribute value"),
        }
    }

    pub(super) fn build_dialect_attr(
        &mut self,
        p: Pair<'s, Rule>,
        base: usize,
    ) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        let mut it = p.into_inner();
        let name = it.next().map(|n| n.as_str()).unwrap_or("");
        let body = it.next().map(|b| b.as_str().trim()).unwrap_or("");
        fn pick<T: Copy>(
            v: Option<T>,
            what: &str,
            body: &str,
            all: String,
            loc: Loc,
        ) -> PResult<T> {
            v.ok_or_else(|| {
                Box::new(Diagnostic::error(
                    loc,
                    format!("unknown {what} '{body}'; expected one of: {all}"),
                ))
            })
        }
        match name {
            "#mem.sem" => pick(MemSemantic::parse(body), "memory semantic", body, MemSemantic::spellings(), loc).map(AttrData::Sem),
            "#mem.scope" => pick(MemScope::parse(body), "memory scope", body, MemScope::spellings(), loc).map(AttrData::Scope),
            "#mem.space" => pick(Space::parse(body), "state space", body, Space::spellings(), loc).map(AttrData::Space),
            "#mem.proxy" => pick(Proxy::parse(body), "proxy", body, Proxy::spellings(), loc).map(AttrData::Proxy),
            "#mem.rmw" => pick(RmwKind::parse(body), "atomic operation", body, RmwKind::spellings(), loc).map(AttrData::Rmw),
            other if other.starts_with("#mem.") => self.err(
                loc,
                format!("unknown attribute '{other}'; the #mem attributes are #mem.sem, #mem.scope, #mem.space, #mem.proxy and #mem.rmw"),
            ),
            // Another dialect's attribute: its owner reads the text (ops declare it `Any`).
            other => Ok(AttrData::Opaque {
                name: Sym::new(&other[1..]),
                body: body.into(),
            }),
        }
    }

    pub(super) fn build_number(&mut self, p: Pair<'s, Rule>, base: usize) -> PResult<AttrData> {
        let loc = self.span_loc(base, &p);
        let mut it = p.into_inner();
        let text = it.next().map(|n| n.as_str()).unwrap_or("0");
        let ty = match it.next() {
            Some(t) => Some(self.build_type_in(t, base)?),
            None => None,
        };
        let is_float_ty = ty.map(|t| matches!(self.m.type_data(t), TypeData::Float(_)));
        let neg = text.starts_with('-');
        let digits = text.trim_start_matches('-');
        if let Some(hex) = digits.strip_prefix("0x") {
            let Ok(bits) = u64::from_str_radix(hex, 16) else {
                return self.err(loc, format!("hexadecimal literal '{text}' is too large"));
            };
            if let (Some(t), Some(true)) = (ty, is_float_ty) {
                let TypeData::Float(kind) = *self.m.type_data(t) else {
                    unreachable!("checked float")
                };
                if neg {
                    return self.err(
                        loc,
                        "a hexadecimal float literal (a bit pattern) cannot be negated",
                    );
                }
                if kind.bits() < 64 && bits >> kind.bits() != 0 {
                    return self.err(
                        loc,
                        format!(
                            "hexadecimal literal '{text}' has more than {} bits for '{}'",
                            kind.bits(),
                            kind.as_str()
                        ),
                    );
                }
                return Ok(AttrData::Float { bits, kind, ty: t });
            }
            let t = match ty {
                Some(t) => t,
                None => self.m.int_type(64),
            };
            let v = if neg {
                (bits as i64).wrapping_neg()
            } else {
                bits as i64
            };
            return self.int_attr(v, t, loc);
        }
        if digits.contains('.') || is_float_ty == Some(true) {
            let Ok(v) = text.parse::<f64>() else {
                return self.err(loc, format!("invalid float literal '{text}'"));
            };
            let t = match ty {
                Some(t) => t,
                None => self.m.float_type(FloatKind::F64),
            };
            return match *self.m.type_data(t) {
                TypeData::Float(kind) => Ok(AttrData::float(v, kind, t)),
                _ => self.err(
                    loc,
                    format!(
                        "float literal '{text}' has non-float type '{}'",
                        crate::text::type_to_string(&self.m, t)
                    ),
                ),
            };
        }
        // Integers of 64 bits may be written unsigned (18446744073709551615 : i64 is -1).
        let v = match text.parse::<i64>() {
            Ok(v) => v,
            Err(_) => match text.parse::<u64>() {
                Ok(u) => u as i64,
                Err(_) => {
                    return self.err(
                        loc,
                        format!("integer literal '{text}' does not fit in 64 bits"),
                    )
                }
            },
        };
        let t = match ty {
            Some(t) => t,
            None => self.m.int_type(64),
        };
        self.int_attr(v, t, loc)
    }

    /// An integer attribute, range-checked and normalized to its width (sign-extended, i1 as 0/1),
    /// so `255 : i8` and `-1 : i8` are one attribute, as in MLIR.
    pub(super) fn int_attr(&self, v: i64, t: Type, loc: Loc) -> PResult<AttrData> {
        self.check_int(v, t, loc)?;
        let value = match *self.m.type_data(t) {
            TypeData::Int(1) => v & 1,
            TypeData::Int(w) if w < 64 => (v << (64 - w)) >> (64 - w),
            _ => v,
        };
        Ok(AttrData::Int { value, ty: t })
    }

    pub(super) fn check_int(&self, v: i64, t: Type, loc: Loc) -> PResult<()> {
        match *self.m.type_data(t) {
            TypeData::Int(w) if w < 64 => {
                let lo = -(1i128 << (w - 1));
                let hi = (1i128 << w) - 1;
                if (v as i128) < lo || (v as i128) > hi {
                    return self.err(loc, format!("integer {v} does not fit in i{w}"));
                }
                Ok(())
            }
            TypeData::Int(_) | TypeData::Index => Ok(()),
            _ => self.err(
                loc,
                format!(
                    "integer literal has non-integer type '{}'",
                    crate::text::type_to_string(&self.m, t)
                ),
            ),
        }
    }
}
