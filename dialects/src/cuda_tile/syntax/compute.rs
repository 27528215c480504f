//! The compute ops: arithmetic, comparisons, `select`, shape ops (`iota`, `offset`,
//! `broadcast`, `reshape`) and the tile-block queries, in NVIDIA's formats.
//!
//! ```text
//! %s = addi %a, %b : tile<128xi32>                 // and subi muli andi ori xori shli addf …
//! %q = divi %a, %b signed : tile<i32>              // divsi (unsigned: divui); remi, shri alike
//! %c = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>
//! %f = cmpf less_than ordered %x, %y : tile<f32> -> tile<i1>
//! %r = select %c, %a, %b : tile<i1>, tile<i32>
//! %i = iota : tile<128xi32>
//! %q = offset %p, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
//! %b = broadcast %x : tile<1xi32> -> tile<128xi32>  // reshape alike
//! %x = get_tile_block_id {dim = 0 : i32} : tile<i32> // get_num_tile_blocks alike
//! ```

use super::keywords::{one_of, signedness, FLOAT_PREDICATES, INT_PREDICATES};
use super::parse::{arrow, colon_types, dict, exact_types, extra_attrs, op_name, PResult};
use super::print::{extra_attrs as print_extra, result_types, types, types_of, values};
use super::types::print_type;
use crate::cuda_tile::words;
use tilec_ir::text::custom::{CustomParser, CustomPrinter, ValueRef};
use tilec_ir::{AttrData, Op, Sym, Type};

/// Binary ops whose NVIDIA mnemonic is tilec's op name.
const BINARY: &[&str] = &[
    "addi", "subi", "muli", "andi", "ori", "xori", "shli", "addf", "subf", "mulf", "divf", "maxf",
    "minf", "mulhii",
];

/// NVIDIA's signedness-taking integer ops: (mnemonic, tilec op if signed, if unsigned).
const SIGNED: &[(&str, &str, &str)] = &[
    ("divi", "divsi", "divui"),
    ("remi", "remsi", "remui"),
    ("shri", "shrsi", "shrui"),
    ("maxi", "maxsi", "maxui"),
    ("mini", "minsi", "minui"),
];

/// Parses the compute op `kw` (or reports an unknown keyword).
pub fn parse(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    if BINARY.contains(&kw) {
        return parse_binary(p, kw, kw);
    }
    if let Some(&(nv, s, u)) = SIGNED.iter().find(|e| e.0 == kw) {
        let (a, b) = two_operands(p)?;
        let signed = signedness(p)?;
        if kw == "divi" {
            if let Some(r) = directed_rounding(p) {
                return finish_divi(p, signed, r, a, b);
            }
        }
        let name = if signed { s } else { u };
        return finish_binary(p, nv, name, a, b);
    }
    if SIGNED.iter().any(|e| e.1 == kw || e.2 == kw) {
        // tilec's own names (`divsi`, `shrui`, …) are accepted as written.
        return parse_binary(p, kw, kw);
    }
    match kw {
        "cmpi" => parse_cmp(p, true),
        "cmpf" => parse_cmp(p, false),
        "select" => parse_select(p),
        "iota" | "get_tile_block_id" | "get_num_tile_blocks" => parse_nullary(p, kw),
        "broadcast" | "reshape" => parse_unary(p, kw),
        "exti" => parse_exti(p),
        "cat" => parse_cat(p),
        "mmaf" | "mmai" => parse_mma(p, kw),
        "mmaf_scaled" => parse_mmaf_scaled(p),
        k if super::convert::parses(k) => super::convert::parse(p, k),
        k if super::layout::parses(k) => super::layout::parse(p, k),
        k if super::globals::parses(k) => super::globals::parse(p, k),
        k if super::math::parses(k) => super::math::parse(p, k),
        "trunci" => parse_trunci(p),
        "extsi" | "extui" | "int_to_ptr" | "ptr_to_int" | "ptr_to_ptr" | "pack" | "unpack" => {
            parse_unary(p, kw)
        }
        "assert" => parse_assert(p),
        "assume" => parse_assume(p),
        "offset" => parse_offset(p),
        _ => {
            let loc = p.keyword_loc();
            p.error(loc, format!("unknown cuda_tile op '{kw}'"))
        }
    }
}

fn two_operands<'s>(p: &mut CustomParser<'_, 's>) -> PResult<(ValueRef<'s>, ValueRef<'s>)> {
    let a = p.value_ref()?;
    p.expect(",")?;
    let b = p.value_ref()?;
    Ok((a, b))
}

/// NVIDIA's integer overflow flags (`#cuda_tile.overflow`).
const OVERFLOW: &[&str] = &["none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"];

/// NVIDIA's modifiers where they would be written: `rounding<nearest_even>` (the default of every
/// float op, which is what tilec's ops compute) is read and means nothing more; `overflow<…>`
/// (`no_signed_wrap`, `no_unsigned_wrap`, `no_wrap`: promises that the program does not wrap,
/// which a compiler may use or not) is read and dropped, which never changes a well-defined
/// program's result; any other modifier (`rounding<zero>`, `flush_to_zero`, …) is an error naming
/// it rather than a silently different result.
fn no_modifier(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<()> {
    let at = p.pos();
    for (word, accepted) in [("rounding", &["nearest_even"][..]), ("overflow", OVERFLOW)] {
        if !super::tokens::at_word(p, word) {
            continue;
        }
        let start = p.pos();
        let _ = p.ident();
        if p.eat("<") {
            if let Some((v, vloc)) = p.ident() {
                if accepted.contains(&v) && p.eat(">") {
                    return no_modifier(p, kw);
                }
                return p.error(
                    vloc,
                    format!(
                        "'{kw}' with {word}<{v}> is not supported by tilec yet (only {word}<{}>)",
                        accepted.join("|")
                    ),
                );
            }
        }
        p.set_pos(start);
    }
    p.set_pos(at);
    if let Some((word, loc)) = p.ident() {
        p.set_pos(at);
        return p.error(
            loc,
            format!("'{kw}' takes no modifiers in tilec; found '{word}'"),
        );
    }
    Ok(())
}

fn parse_binary(p: &mut CustomParser<'_, '_>, kw: &str, name: &str) -> PResult<Op> {
    // `addi %x : T` (one operand) is the common slip: say what the op takes.
    let a = p.value_ref()?;
    if !p.eat(",") {
        let at = p.here();
        return p.error(
            at,
            format!("'{kw}' takes two operands: {kw} %a, %b : <type>"),
        );
    }
    let b = p.value_ref()?;
    finish_binary(p, kw, name, a, b)
}

/// `… [{…}] : T` after the operands of a binary op (T for both operands and the result).
fn finish_binary<'s>(
    p: &mut CustomParser<'_, 's>,
    kw: &str,
    name: &str,
    a: ValueRef<'s>,
    b: ValueRef<'s>,
) -> PResult<Op> {
    let fixed = if FLOAT_ARITH.contains(&name) {
        super::math::modifiers(p, kw)?
    } else {
        no_modifier(p, kw)?;
        vec![]
    };
    let spelled: Vec<&str> = fixed.iter().map(|(k, _)| *k).collect();
    let extra = extra_attrs(p, kw, &spelled)?;
    let t = colon_types(p, kw, 1, "the operand and result type")?[0];
    let operands = vec![p.resolve(a, t)?, p.resolve(b, t)?];
    let d = dict(p, fixed, extra);
    p.finish(op_name(name), operands, vec![t], d, vec![])
}

/// The roundings of integer division that are not tilec's `divsi`/`divui` (toward zero):
/// `rounding<negative_inf>` (floor, Python's `//`) and `rounding<positive_inf>` (ceiling).
const DIRECTED: [&str; 2] = ["negative_inf", "positive_inf"];

/// `rounding<negative_inf>` or `rounding<positive_inf>` when that comes next (consumed).
fn directed_rounding(p: &mut CustomParser<'_, '_>) -> Option<&'static str> {
    let at = p.pos();
    if super::tokens::at_word(p, "rounding") {
        let _ = p.ident();
        if p.eat("<") {
            if let Some((v, _)) = p.ident() {
                if let Some(r) = DIRECTED.iter().find(|r| **r == v) {
                    if p.eat(">") {
                        return Some(r);
                    }
                }
            }
        }
    }
    p.set_pos(at);
    None
}

/// NVIDIA's `divi %a, %b SIGN rounding<R> : T` with a directed rounding: the op itself
/// (`cuda_tile.divi`, expanded before lowering).
fn finish_divi<'s>(
    p: &mut CustomParser<'_, 's>,
    signed: bool,
    rounding: &str,
    a: ValueRef<'s>,
    b: ValueRef<'s>,
) -> PResult<Op> {
    no_modifier(p, "divi")?;
    let extra = extra_attrs(p, "divi", &["signedness", "rounding"])?;
    let t = colon_types(p, "divi", 1, "the operand and result type")?[0];
    let operands = vec![p.resolve(a, t)?, p.resolve(b, t)?];
    let sign = if signed { "signed" } else { "unsigned" };
    let d = dict(
        p,
        vec![
            ("signedness", opaque("signedness", sign)),
            ("rounding", opaque("rounding", rounding)),
        ],
        extra,
    );
    p.finish(op_name("divi"), operands, vec![t], d, vec![])
}

/// NVIDIA's `#cuda_tile.<name><body>` attribute value.
fn opaque(name: &str, body: &str) -> AttrData {
    AttrData::Opaque {
        name: Sym::new(&format!("cuda_tile.{name}")),
        body: body.into(),
    }
}

/// `cmpi PRED %a, %b, SIGN : T -> R` / `cmpf PRED ORDERING %a, %b : T -> R`.
fn parse_cmp(p: &mut CustomParser<'_, '_>, int: bool) -> PResult<Op> {
    let kw = if int { "cmpi" } else { "cmpf" };
    let table = if int {
        INT_PREDICATES
    } else {
        FLOAT_PREDICATES
    };
    let names: Vec<&str> = table.iter().map(|e| e.0).collect();
    let pred = one_of(p, "comparison predicate", &names)?;
    let first_form = if int {
        true
    } else {
        one_of(p, "comparison ordering", &["ordered", "unordered"])? == "ordered"
    };
    let (a, b) = two_operands(p)?;
    let first_form = if int {
        if !p.eat(",") {
            return p.expected("',' and the signedness (signed or unsigned)");
        }
        signedness(p)?
    } else {
        first_form
    };
    let extra = extra_attrs(p, kw, &["predicate"])?;
    let t = colon_types(p, kw, 1, "the operand type")?[0];
    arrow(p, "the result type")?;
    let r = exact_types(p, kw, 1, "the result")?[0];
    let operands = vec![p.resolve(a, t)?, p.resolve(b, t)?];
    let pred = super::keywords::tilec_predicate(pred, first_form, int).unwrap_or("");
    let d = dict(p, vec![("predicate", AttrData::Str(pred.into()))], extra);
    p.finish(op_name(kw), operands, vec![r], d, vec![])
}

/// `select %c, %a, %b : C, T`.
fn parse_select(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let c = p.value_ref()?;
    p.expect(",")?;
    let (a, b) = two_operands(p)?;
    let extra = extra_attrs(p, "select", &[])?;
    let ts = colon_types(p, "select", 2, "the condition and the value type")?;
    let operands = vec![
        p.resolve(c, ts[0])?,
        p.resolve(a, ts[1])?,
        p.resolve(b, ts[1])?,
    ];
    let d = dict(p, vec![], extra);
    p.finish(op_name("select"), operands, vec![ts[1]], d, vec![])
}

/// `iota : T`, `get_tile_block_id {dim = …} : T`, `get_num_tile_blocks {dim = …} : T`.
/// `iota : T`; `get_tile_block_id : T` with one result (tilec's, `dim` in the dictionary) or
/// NVIDIA's three (`%x, %y, %z = get_tile_block_id : tile<i32>`, one type for all three).
fn parse_nullary(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let extra = extra_attrs(p, kw, &[])?;
    let mut t = colon_types(p, kw, 1, "the result type")?;
    if kw != "iota" && p.declared_results() == 3 {
        t = vec![t[0]; 3];
    }
    let d = dict(p, vec![], extra);
    p.finish(op_name(kw), vec![], t, d, vec![])
}

/// NVIDIA's integer overflow flags where they would be written (`overflow<none|no_signed_wrap|
/// no_unsigned_wrap|no_wrap>`, on `negi` and `trunci` as on the binary integer ops): read and
/// dropped. Each promises that the program does not wrap, which a compiler may use or not;
/// dropping it never changes a well-defined program's result.
pub(super) fn skip_overflow(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<()> {
    if !super::tokens::at_word(p, "overflow") {
        return Ok(());
    }
    let _ = p.ident();
    p.expect("<")?;
    let Some((v, vloc)) = p.ident() else {
        return p.expected("an overflow flag (none, no_signed_wrap, no_unsigned_wrap, no_wrap)");
    };
    if !OVERFLOW.contains(&v) {
        return p.error(
            vloc,
            format!(
                "'{kw}' has no overflow flag '{v}'; expected one of: {}",
                OVERFLOW.join(", ")
            ),
        );
    }
    // NVIDIA's NegIOp::verify: negation has signed semantics.
    if kw == "negi" && v == "no_unsigned_wrap" {
        return p.error(
            vloc,
            "'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported",
        );
    }
    p.expect(">")
}

/// `trunci %x [overflow<F>] : S -> R`.
fn parse_trunci(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let x = p.value_ref()?;
    skip_overflow(p, "trunci")?;
    finish_unary(p, "trunci", "trunci", x)
}

/// `broadcast %x : S -> R`, `reshape %x : S -> R`.
fn parse_unary(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let x = p.value_ref()?;
    finish_unary(p, kw, kw, x)
}

/// `[{…}] : S -> R` after the operand `x` (and keywords) of the one-operand op `name` written
/// `kw`.
pub(super) fn finish_unary<'s>(
    p: &mut CustomParser<'_, 's>,
    kw: &str,
    name: &str,
    x: ValueRef<'s>,
) -> PResult<Op> {
    finish_unary_with(p, kw, name, x, vec![])
}

/// [`finish_unary`] with attributes read before the dictionary (`ftof`'s rounding).
pub(super) fn finish_unary_with<'s>(
    p: &mut CustomParser<'_, 's>,
    kw: &str,
    name: &str,
    x: ValueRef<'s>,
    fixed: Vec<(&'static str, AttrData)>,
) -> PResult<Op> {
    let spelled: Vec<&str> = fixed.iter().map(|(k, _)| *k).collect();
    let extra = extra_attrs(p, kw, &spelled)?;
    let s = colon_types(p, kw, 1, "the source type")?[0];
    arrow(p, "the result type")?;
    let r = exact_types(p, kw, 1, "the result")?;
    let operands = vec![p.resolve(x, s)?];
    let d = dict(p, fixed, extra);
    p.finish(op_name(name), operands, r, d, vec![])
}

/// `cat %a, %b dim = D [{…}] : A, B -> R`.
fn parse_cat(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let (a, b) = two_operands(p)?;
    p.expect("dim")?;
    p.expect("=")?;
    p.skip();
    let at = p.here();
    let dim = match p.generic_attr()? {
        AttrData::Int { value, .. } if value >= 0 => value,
        _ => return p.error(at, "'dim' must be a non-negative integer"),
    };
    let extra = extra_attrs(p, "cat", &["dim"])?;
    let ts = colon_types(p, "cat", 2, "the two operand types")?;
    arrow(p, "the result type")?;
    let r = exact_types(p, "cat", 1, "the result")?;
    let operands = vec![p.resolve(a, ts[0])?, p.resolve(b, ts[1])?];
    let i64t = p.module().int_type(64);
    let d = dict(
        p,
        vec![(
            "dim",
            AttrData::Int {
                value: dim,
                ty: i64t,
            },
        )],
        extra,
    );
    p.finish(op_name("cat"), operands, r, d, vec![])
}

/// `mmaf`'s unit attribute (13.3): FP8 accumulation at Hopper's native precision.
const FAST_ACC: &str = crate::cuda_tile::MmaF::FAST_ACC;

/// `mmaf %a, %b, %acc [fast_acc] [{…}] : A, B, C` and NVIDIA's `mmai %a, %b, %acc SIGN SIGN [{…}] : A, B,
/// C` (each factor's signedness kept as NVIDIA's attribute); the result has the accumulator's
/// type `C`.
fn parse_mma(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let (a, b) = two_operands(p)?;
    p.expect(",")?;
    let c = p.value_ref()?;
    let sign = |s: bool| AttrData::Opaque {
        name: Sym::new("cuda_tile.signedness"),
        body: if s { "signed" } else { "unsigned" }.into(),
    };
    let (own, spelled) = if kw == "mmai" {
        let (sa, sb) = (signedness(p)?, signedness(p)?);
        let keys: &[&str] = &["signedness_lhs", "signedness_rhs"];
        (vec![(keys[0], sign(sa)), (keys[1], sign(sb))], keys)
    } else if super::tokens::at_word(p, FAST_ACC) {
        let _ = p.ident();
        (vec![(FAST_ACC, AttrData::Unit)], &[FAST_ACC][..])
    } else {
        (vec![], &[FAST_ACC][..])
    };
    let extra = extra_attrs(p, kw, spelled)?;
    let ts = colon_types(p, kw, 3, "the types of the two factors and the accumulator")?;
    let operands = vec![
        p.resolve(a, ts[0])?,
        p.resolve(b, ts[1])?,
        p.resolve(c, ts[2])?,
    ];
    let d = dict(p, own, extra);
    p.finish(op_name(kw), operands, vec![ts[2]], d, vec![])
}

/// NVIDIA's `mmaf_scaled %a, %b, %acc, %a_scale, %b_scale [{…}] : A, B, C, SA, SB` (13.3); the
/// result has the accumulator's type `C`.
fn parse_mmaf_scaled(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "mmaf_scaled";
    let mut refs = vec![p.value_ref()?];
    for _ in 0..4 {
        p.expect(",")?;
        refs.push(p.value_ref()?);
    }
    let extra = extra_attrs(p, OP, &[])?;
    let what = "the types of the two factors, the accumulator and the two scales";
    let ts = colon_types(p, OP, 5, what)?;
    let mut operands = Vec::with_capacity(refs.len());
    for (r, &t) in refs.into_iter().zip(&ts) {
        operands.push(p.resolve(r, t)?);
    }
    let d = dict(p, vec![], extra);
    p.finish(op_name(OP), operands, vec![ts[2]], d, vec![])
}

/// NVIDIA's `exti %x signed : S -> R` (tilec's `extsi`; `unsigned`: `extui`).
fn parse_exti(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let x = p.value_ref()?;
    let name = if signedness(p)? { "extsi" } else { "extui" };
    finish_unary(p, "exti", name, x)
}

/// The predicates of NVIDIA's `assume`, written without their `#cuda_tile.` prefix.
const ASSUME_PREDICATES: [&str; 3] = ["bounded", "div_by", "same_elements"];

/// `assume PRED<…>, %x : T` (the result has `%x`'s type): `predicate` is the dialect attribute
/// `#cuda_tile.PRED<…>`, kept as written (the lowering forwards `%x`; the facts are hints).
fn parse_assume(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    p.skip();
    let start = p.pos();
    let attr = if p.rest().starts_with('#') {
        p.generic_attr()?
    } else {
        let Some((name, loc)) = p.ident() else {
            return p.expected("an assume predicate (bounded<…>, div_by<…> or same_elements<…>)");
        };
        if !ASSUME_PREDICATES.contains(&name) {
            return p.error(
                loc,
                format!("unknown assume predicate '{name}' (expected 'div_by', 'same_elements', or 'bounded')"),
            );
        }
        let body = bracketed(p)?;
        AttrData::Opaque {
            name: Sym::new(&format!("cuda_tile.{name}")),
            body: body.into(),
        }
    };
    if !matches!(&attr, AttrData::Opaque { name, .. } if name.as_str().strip_prefix("cuda_tile.").is_some_and(|n| ASSUME_PREDICATES.contains(&n)))
    {
        let loc = p.loc(start, p.pos());
        return p.error(loc, "expected an assume predicate attribute (#cuda_tile.bounded, #cuda_tile.div_by or #cuda_tile.same_elements)");
    }
    p.expect(",")?;
    let x = p.value_ref()?;
    let extra = extra_attrs(p, "assume", &["predicate"])?;
    let t = colon_types(p, "assume", 1, "the value's type")?;
    let operands = vec![p.resolve(x, t[0])?];
    let d = dict(p, vec![("predicate", attr)], extra);
    p.finish(op_name("assume"), operands, t, d, vec![])
}

/// NVIDIA's `assert %cond, "message" [{…}] : T` (a tile of `i1`).
fn parse_assert(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let c = p.value_ref()?;
    p.expect(",")?;
    p.skip();
    let at = p.here();
    let msg = match p.generic_attr()? {
        AttrData::Str(s) => s,
        _ => return p.error(at, "expected the assertion's message (a string)"),
    };
    let extra = extra_attrs(p, "assert", &["message"])?;
    let t = colon_types(p, "assert", 1, "the condition's type")?;
    let operands = vec![p.resolve(c, t[0])?];
    let d = dict(p, vec![("message", AttrData::Str(msg))], extra);
    p.finish(op_name("assert"), operands, vec![], d, vec![])
}

fn print_assert(p: &mut CustomPrinter<'_, '_>, op: Op, c: tilec_ir::Value, t: Type) -> bool {
    let m = p.module();
    let Some(AttrData::Str(msg)) = m.get_attr(op, Sym::new("message")) else {
        return false;
    };
    let msg = msg.clone();
    p.keyword("cuda_tile", "assert");
    p.write(" ");
    values(p, &[c]);
    p.write(", ");
    let mut quoted = String::new();
    tilec_ir::text::write_string(&msg, &mut quoted);
    p.write(&quoted);
    print_extra(p, op, &["message"]);
    p.write(" : ");
    print_type(p, t);
    true
}

/// `<…>` with nested brackets: the text between the outer ones, trimmed.
fn bracketed(p: &mut CustomParser<'_, '_>) -> PResult<String> {
    p.skip();
    let rest = p.rest();
    if !rest.starts_with('<') {
        return p.expected("'<' and the predicate's parameters");
    }
    let mut depth = 0usize;
    for (i, c) in rest.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    let body = rest[1..i].trim().to_string();
                    let end = p.pos() + i + 1;
                    p.set_pos(end);
                    return Ok(body);
                }
            }
            '\n' => break,
            _ => {}
        }
    }
    p.expected("'>' to close the predicate's parameters")
}

fn print_assume(p: &mut CustomPrinter<'_, '_>, op: Op, x: tilec_ir::Value, t: Type) -> bool {
    let m = p.module();
    let Some(AttrData::Opaque { name, body }) = m.get_attr(op, Sym::new("predicate")) else {
        return false;
    };
    let Some(short) = name.as_str().strip_prefix("cuda_tile.") else {
        return false;
    };
    if !ASSUME_PREDICATES.contains(&short) || body.contains('\n') {
        return false;
    }
    let text = format!("{short}<{body}>");
    p.keyword("cuda_tile", "assume");
    p.write(" ");
    p.write(&text);
    p.write(", ");
    p.value(x);
    print_extra(p, op, &["predicate"]);
    p.write(" : ");
    print_type(p, t);
    true
}

/// `offset %ptr, %idx : P, I -> R`.
fn parse_offset(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let (a, b) = two_operands(p)?;
    let extra = extra_attrs(p, "offset", &[])?;
    let ts = colon_types(p, "offset", 2, "the pointer tile and the offset tile")?;
    arrow(p, "the result type")?;
    let r = exact_types(p, "offset", 1, "the result")?;
    let operands = vec![p.resolve(a, ts[0])?, p.resolve(b, ts[1])?];
    let d = dict(p, vec![], extra);
    p.finish(op_name("offset"), operands, r, d, vec![])
}

// ---- printing ----------------------------------------------------------------------------------

/// Prints the compute op `short`; false (generic form) for shapes the syntax cannot write.
pub fn print(p: &mut CustomPrinter<'_, '_>, op: Op, short: &str) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    let ins = types_of(m, &ops);
    let binary_shape = ops.len() == 2 && res.len() == 1 && ins[0] == ins[1] && ins[0] == res[0];
    if super::convert::print(p, op, short)
        || super::layout::print(p, op, short)
        || super::globals::print(p, op, short)
    {
        return true;
    }
    if BINARY.contains(&short) && binary_shape {
        return print_binary(p, op, short, None, &ops, res[0]);
    }
    if let Some(&(nv, s, _)) = SIGNED.iter().find(|e| e.1 == short || e.2 == short) {
        if !binary_shape {
            return false;
        }
        let sign = if s == short { "signed" } else { "unsigned" };
        return print_binary(p, op, nv, Some(sign), &ops, res[0]);
    }
    match short {
        "cmpi" | "cmpf" if ops.len() == 2 && res.len() == 1 && ins[0] == ins[1] => {
            print_cmp(p, op, short, &ops, ins[0], res[0])
        }
        "select" if ops.len() == 3 && res.len() == 1 && ins[1] == ins[2] && ins[1] == res[0] => {
            head(p, op, "select", &ops);
            p.write(" : ");
            types(p, &[ins[0], res[0]]);
            true
        }
        "iota" | "get_tile_block_id" | "get_num_tile_blocks"
            if ops.is_empty()
                && (res.len() == 1
                    || (short != "iota" && res.len() == 3 && res.iter().all(|&t| t == res[0]))) =>
        {
            head(p, op, short, &ops);
            p.write(" : ");
            print_type(p, res[0]);
            true
        }
        k if super::math::parses(k) => super::math::print(p, op, k),
        "mmaf" | "mmai" if ops.len() == 3 && res.len() == 1 && ins.get(2) == Some(&res[0]) => {
            // mmai spells each factor's signedness after the operands.
            let (keys, sign_keys): (&[&str], &[&str]) = if short == "mmai" {
                let k: &[&str] = &["signedness_lhs", "signedness_rhs"];
                (k, k)
            } else {
                (&[FAST_ACC], &[])
            };
            let fast = match p.module().get_attr(op, Sym::new(FAST_ACC)) {
                None => false,
                Some(AttrData::Unit) if short == "mmaf" => true,
                Some(_) => return false,
            };
            let signs: Option<Vec<bool>> = sign_keys
                .iter()
                .map(|k| words::signedness(p.module(), op, k))
                .collect();
            let Some(signs) = signs else {
                return false;
            };
            p.keyword("cuda_tile", short);
            p.write(" ");
            values(p, &ops);
            for s in signs {
                p.write(if s { " signed" } else { " unsigned" });
            }
            if fast {
                p.write(" fast_acc");
            }
            print_extra(p, op, keys);
            p.write(" : ");
            types(p, &ins);
            true
        }
        "mmaf_scaled" if ops.len() == 5 && res.len() == 1 && ins[2] == res[0] => {
            head(p, op, short, &ops);
            p.write(" : ");
            types(p, &ins);
            true
        }
        "divi" if ops.len() == 2 && res.len() == 1 => {
            let m = p.module();
            let (Some(signed), Some(r)) = (
                words::signedness(m, op, "signedness"),
                words::word(m, op, "rounding"),
            ) else {
                return false;
            };
            if !DIRECTED.contains(&r) {
                return false;
            }
            let (sign, r) = (if signed { "signed" } else { "unsigned" }, r.to_string());
            p.keyword("cuda_tile", "divi");
            p.write(" ");
            values(p, &ops);
            p.write(&format!(" {sign} rounding<{r}>"));
            print_extra(p, op, &["signedness", "rounding"]);
            p.write(" : ");
            print_type(p, res[0]);
            true
        }
        "cat" if ops.len() == 2 && res.len() == 1 => {
            let m = p.module();
            let Some(AttrData::Int { value: dim, .. }) = m.get_attr(op, Sym::new("dim")).cloned()
            else {
                return false;
            };
            p.keyword("cuda_tile", "cat");
            p.write(" ");
            values(p, &ops);
            p.write(&format!(" dim = {dim}"));
            print_extra(p, op, &["dim"]);
            p.write(" : ");
            types(p, &ins);
            p.write(" -> ");
            print_type(p, res[0]);
            true
        }
        "extsi" | "extui" if ops.len() == 1 && res.len() == 1 => {
            p.keyword("cuda_tile", "exti");
            p.write(" ");
            p.value(ops[0]);
            p.write(if short == "extsi" {
                " signed"
            } else {
                " unsigned"
            });
            print_extra(p, op, &[]);
            super::print::unary_types(p, ins[0], res[0]);
            true
        }
        "assume" if ops.len() == 1 && res.len() == 1 && ins[0] == res[0] => {
            print_assume(p, op, ops[0], res[0])
        }
        "assert" if ops.len() == 1 && res.is_empty() => print_assert(p, op, ops[0], ins[0]),
        "broadcast" | "reshape" | "offset" | "trunci" | "int_to_ptr" | "ptr_to_int"
        | "ptr_to_ptr" | "pack" | "unpack"
            if res.len() == 1 && ops.len() == if short == "offset" { 2 } else { 1 } =>
        {
            head(p, op, short, &ops);
            p.write(" : ");
            types(p, &ins);
            p.write(" -> ");
            print_type(p, res[0]);
            true
        }
        _ => false,
    }
}

/// `KW %a, %b [{…}]`.
fn head(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str, ops: &[tilec_ir::Value]) {
    p.keyword("cuda_tile", kw);
    if !ops.is_empty() {
        p.write(" ");
        values(p, ops);
    }
    print_extra(p, op, &[]);
}

fn print_binary(
    p: &mut CustomPrinter<'_, '_>,
    op: Op,
    kw: &str,
    sign: Option<&str>,
    ops: &[tilec_ir::Value],
    t: Type,
) -> bool {
    p.keyword("cuda_tile", kw);
    p.write(" ");
    values(p, ops);
    if let Some(s) = sign {
        p.write(" ");
        p.write(s);
    }
    let spelled = if FLOAT_ARITH.contains(&kw) {
        super::math::print_modifiers(p, op)
    } else {
        &[]
    };
    print_extra(p, op, spelled);
    p.write(" : ");
    print_type(p, t);
    true
}

/// The binary float ops that take NVIDIA's modifiers (`rounding<…>` and `flush_to_zero`;
/// `maxf`/`minf`: `flush_to_zero` and `propagate_nan`, as their declarations say).
const FLOAT_ARITH: &[&str] = &["addf", "subf", "mulf", "divf", "maxf", "minf"];

fn print_cmp(
    p: &mut CustomPrinter<'_, '_>,
    op: Op,
    kw: &str,
    ops: &[tilec_ir::Value],
    t: Type,
    r: Type,
) -> bool {
    let m = p.module();
    let int = kw == "cmpi";
    let Some(pred) = words::cmp_predicate(m, op, int) else {
        return false;
    };
    let Some((nv, first)) = super::keywords::nvidia_predicate(&pred, int) else {
        return false;
    };
    let mode = match (int, first) {
        (true, true) => "signed",
        (true, false) => "unsigned",
        (false, true) => "ordered",
        (false, false) => "unordered",
    };
    p.keyword("cuda_tile", kw);
    p.write(" ");
    p.write(nv);
    if int {
        p.write(" ");
        values(p, ops);
        p.write(", ");
        p.write(mode);
    } else {
        p.write(" ");
        p.write(mode);
        p.write(" ");
        values(p, ops);
    }
    let mut spelled = vec!["predicate"];
    spelled.extend(words::CMP_WORDS);
    print_extra(p, op, &spelled);
    p.write(" : ");
    print_type(p, t);
    p.write(" -> ");
    print_type(p, r);
    true
}
