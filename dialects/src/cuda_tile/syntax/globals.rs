//! NVIDIA's memory allocations (module-level globals, `alloca`) and printing, in its formats
//! (cuda_tile `Ops.td`):
//!
//! - `global [private|public] [constant] @name [alignment = N] [{…}] <T: v> : tile<…>` — the
//!   value as `constant` writes it (`value`, with the tile type in `value_type`);
//! - `get_global @name : tile<ptr<T>>` (the symbol in `name`);
//! - `alloca num_elem = N, alignment = A [global] [{…}] : tile<ptr<T>>` (13.3; `global` a unit
//!   attribute);
//! - `print_tko "fmt"[, %a, …] [token=%t] [{…}] [: A, …] -> token` (the string in `str`, the
//!   printed values then the optional input token as operands).
//!
//! tilec reads, verifies and prints them; the lowering rejects them with a located error
//! (docs/cuda-tile-ops.md).

use super::constant::{parse_value, value_text};
use super::parse::{
    arrow, dict, exact_types, extra_attrs, op_name, type_list, value_list, PResult,
};
use super::print::{extra_attrs as print_extra, result_types, types, types_of, values};
use super::types::print_type;
use crate::types::is_token;
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Op, Sym};

/// The attributes `global`'s custom form spells (the rest go in its `{…}`).
const GLOBAL_SPELLED: &[&str] = &[
    "sym_name",
    "alignment",
    "constant",
    "symbol_visibility",
    "value",
    "value_type",
];

/// Whether `kw` is one of this module's ops.
pub fn parses(kw: &str) -> bool {
    matches!(
        kw,
        "global" | "get_global" | "alloca" | "print_tko" | "print"
    )
}

/// `alloca`'s attributes, in the order its custom form spells them.
const ALLOCA_SPELLED: [&str; 3] = ["num_elem", "alignment", "global"];

/// Parses `global`, `get_global`, `alloca` or `print_tko` (NVIDIA's keyword `print` too).
pub fn parse(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    match kw {
        "global" => parse_global(p),
        "alloca" => parse_alloca(p),
        "get_global" => {
            let (name, _) = p.symbol()?;
            let extra = extra_attrs(p, kw, &["name"])?;
            if !p.eat(":") {
                return p.expected("':' and the pointer type");
            }
            let r = exact_types(p, kw, 1, "the result")?;
            let d = dict(
                p,
                vec![("name", AttrData::SymbolRef(Sym::new(&name)))],
                extra,
            );
            p.finish(op_name("get_global"), vec![], r, d, vec![])
        }
        _ => parse_print(p),
    }
}

fn parse_global(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "global";
    let mut own = Vec::new();
    for vis in ["private", "public"] {
        if super::tokens::at_word(p, vis) {
            let _ = p.ident();
            own.push((
                "symbol_visibility",
                AttrData::Opaque {
                    name: Sym::new("cuda_tile.symbol_visibility"),
                    body: vis.into(),
                },
            ));
        }
    }
    if super::tokens::at_word(p, "constant") {
        let _ = p.ident();
        own.push(("constant", AttrData::Unit));
    }
    let (name, _) = p.symbol()?;
    own.insert(0, ("sym_name", AttrData::Str(name.into())));
    if super::tokens::at_word(p, "alignment") {
        let _ = p.ident();
        p.expect("=")?;
        p.skip();
        let at = p.here();
        match p.generic_attr()? {
            AttrData::Int { value, .. } if value >= 0 => {
                let i64t = p.module().int_type(64);
                own.push(("alignment", AttrData::Int { value, ty: i64t }));
            }
            _ => return p.error(at, "'alignment' must be a non-negative integer"),
        }
    }
    let extra = extra_attrs(p, OP, GLOBAL_SPELLED)?;
    let (value, ty) = parse_value(p, OP)?;
    own.push(("value", value));
    own.push(("value_type", AttrData::Type(ty)));
    let d = dict(p, own, extra);
    p.finish(op_name(OP), vec![], vec![], d, vec![])
}

fn parse_alloca(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "alloca";
    let num_elem = keyword_int(p, ALLOCA_SPELLED[0])?;
    p.expect(",")?;
    let alignment = keyword_int(p, ALLOCA_SPELLED[1])?;
    let mut own = vec![
        (ALLOCA_SPELLED[0], num_elem),
        (ALLOCA_SPELLED[1], alignment),
    ];
    if super::tokens::at_word(p, ALLOCA_SPELLED[2]) {
        let _ = p.ident();
        own.push((ALLOCA_SPELLED[2], AttrData::Unit));
    }
    let extra = extra_attrs(p, OP, &ALLOCA_SPELLED)?;
    if !p.eat(":") {
        return p.expected("':' and the pointer type");
    }
    let r = exact_types(p, OP, 1, "the result")?;
    let d = dict(p, own, extra);
    p.finish(op_name(OP), vec![], r, d, vec![])
}

/// `KEY = N`: an `i64` attribute (its sign is the verifier's to check, with NVIDIA's message).
fn keyword_int(p: &mut CustomParser<'_, '_>, key: &str) -> PResult<AttrData> {
    if !super::tokens::at_word(p, key) {
        return p.expected(&format!("'{key}'"));
    }
    let _ = p.ident();
    p.expect("=")?;
    p.skip();
    let at = p.here();
    match p.generic_attr()? {
        AttrData::Int { value, .. } => {
            let ty = p.module().int_type(64);
            Ok(AttrData::Int { value, ty })
        }
        _ => p.error(at, format!("'{key}' must be an integer")),
    }
}

fn parse_print(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "print_tko";
    p.skip();
    let at = p.here();
    let fmt = match p.generic_attr()? {
        AttrData::Str(s) => s,
        _ => return p.error(at, "expected the format string"),
    };
    let args = if p.eat(",") { value_list(p)? } else { vec![] };
    let token = if p.eat("token") {
        p.expect("=")?;
        Some(p.value_ref()?)
    } else {
        None
    };
    let extra = extra_attrs(p, OP, &["str"])?;
    let arg_types: Vec<_> = if p.eat(":") {
        type_list(p)?.into_iter().map(|t| t.0).collect()
    } else {
        vec![]
    };
    if arg_types.len() != args.len() {
        let here = p.here();
        return p.error(
            here,
            format!(
                "'{OP}' prints {} value(s) but lists {} type(s)",
                args.len(),
                arg_types.len()
            ),
        );
    }
    arrow(p, "the result token type")?;
    let r = exact_types(p, OP, 1, "the result")?;
    let mut operands = Vec::with_capacity(args.len() + 1);
    for (a, t) in args.into_iter().zip(arg_types) {
        operands.push(p.resolve(a, t)?);
    }
    if let Some(t) = token {
        operands.push(p.resolve(t, r[0])?);
    }
    let d = dict(p, vec![("str", AttrData::Str(fmt))], extra);
    p.finish(op_name(OP), operands, r, d, vec![])
}

/// Prints the three ops in NVIDIA's form; false when malformed (the generic form then).
pub fn print(p: &mut CustomPrinter<'_, '_>, op: Op, short: &str) -> bool {
    match short {
        "global" => print_global(p, op),
        "get_global" => {
            let m = p.module();
            let res = result_types(m, op);
            let (Some(AttrData::SymbolRef(name)), [t], true) = (
                m.get_attr(op, Sym::new("name")).cloned(),
                res.as_slice(),
                m.operands(op).is_empty(),
            ) else {
                return false;
            };
            let t = *t;
            p.keyword("cuda_tile", "get_global");
            p.write(&format!(" @{}", name.as_str()));
            print_extra(p, op, &["name"]);
            p.write(" : ");
            print_type(p, t);
            true
        }
        "print_tko" => print_print(p, op),
        "alloca" => print_alloca(p, op),
        _ => false,
    }
}

fn print_global(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let (Some(AttrData::Str(name)), Some(value), Some(AttrData::Type(ty))) = (
        m.get_attr(op, Sym::new("sym_name")).cloned(),
        m.get_attr(op, Sym::new("value")),
        m.get_attr(op, Sym::new("value_type")).cloned(),
    ) else {
        return false;
    };
    let Some(text) = value_text(m, value, ty) else {
        return false;
    };
    let vis = match m.get_attr(op, Sym::new("symbol_visibility")) {
        None => None,
        Some(AttrData::Opaque { body, .. }) if matches!(body.as_ref(), "private" | "public") => {
            Some(body.to_string())
        }
        Some(_) => return false,
    };
    let align = match m.get_attr(op, Sym::new("alignment")) {
        None => None,
        Some(AttrData::Int { value, .. }) => Some(*value),
        Some(_) => return false,
    };
    let constant = m.get_attr(op, Sym::new("constant")).is_some();
    if !m.operands(op).is_empty() || m.num_results(op) != 0 {
        return false;
    }
    p.keyword("cuda_tile", "global");
    if let Some(v) = vis {
        p.write(&format!(" {v}"));
    }
    if constant {
        p.write(" constant");
    }
    p.write(&format!(" @{name}"));
    if let Some(a) = align {
        p.write(&format!(" alignment = {a}"));
    }
    print_extra(p, op, GLOBAL_SPELLED);
    p.write(" ");
    p.write(&text);
    true
}

fn print_alloca(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let int = |key: &str| match m.get_attr(op, Sym::new(key)) {
        Some(AttrData::Int { value, .. }) => Some(*value),
        _ => None,
    };
    let global = match m.get_attr(op, Sym::new(ALLOCA_SPELLED[2])) {
        None => false,
        Some(AttrData::Unit) => true,
        Some(_) => return false,
    };
    let res = result_types(m, op);
    let (Some(n), Some(a), [t], true) = (
        int(ALLOCA_SPELLED[0]),
        int(ALLOCA_SPELLED[1]),
        res.as_slice(),
        m.operands(op).is_empty(),
    ) else {
        return false;
    };
    let t = *t;
    p.keyword("cuda_tile", "alloca");
    p.write(&format!(" num_elem = {n}, alignment = {a}"));
    if global {
        p.write(" global");
    }
    print_extra(p, op, &ALLOCA_SPELLED);
    p.write(" : ");
    print_type(p, t);
    true
}

fn print_print(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let Some(AttrData::Str(fmt)) = m.get_attr(op, Sym::new("str")).cloned() else {
        return false;
    };
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    if res.len() != 1 {
        return false;
    }
    let (args, token) = match ops.split_last() {
        Some((&t, rest)) if is_token(m, m.value_type(t)) => (rest.to_vec(), Some(t)),
        _ => (ops.clone(), None),
    };
    // The input token is read back with the result's type: another type prints generic.
    if args.iter().any(|&a| is_token(m, m.value_type(a)))
        || token.is_some_and(|t| m.value_type(t) != res[0])
    {
        return false;
    }
    let tys = types_of(m, &args);
    p.keyword("cuda_tile", "print_tko");
    p.write(" ");
    p.generic_attr(&AttrData::Str(fmt));
    if !args.is_empty() {
        p.write(", ");
        values(p, &args);
    }
    if let Some(t) = token {
        p.write(" token=");
        p.value(t);
    }
    print_extra(p, op, &["str"]);
    if !args.is_empty() {
        p.write(" : ");
        types(p, &tys);
    }
    p.write(" -> ");
    print_type(p, res[0]);
    true
}
