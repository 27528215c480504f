//! The token-ordered memory ops, in NVIDIA's format: ordering keyword, optional scope keyword,
//! operands, optional `token=%t`, optional attribute dictionary, then the types.
//!
//! ```text
//! %v, %t1 = load_ptr_tko acquire device %p token=%t0 : tile<ptr<i32>> -> tile<i32>, token
//! %t2 = store_ptr_tko weak %p, %v token=%t1 : tile<ptr<i32>>, tile<i32> -> token
//! %o, %t3 = atomic_rmw_tko release device %p, add, %v token=%t2 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
//! %o2, %t4 = atomic_cas_tko relaxed device %p, %cmp, %new token=%t3 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
//! %t5 = fence_tko acq_rel device token=%t4 : token          // tilec's extension
//! %t6 = make_token : token
//! %t7 = join_tokens %t5, %t6 : token
//! ```

use super::keywords::{ordering, ordering_kw, rmw_mode, scope, scope_kw};
use super::parse::{arrow, colon_types, dict, exact_types, extra_attrs, op_name, PResult};
use super::print::{extra_attrs as print_extra, is_token, token_clause, types, values};
use super::tokens::at_word;
use super::types::{print_type, token_type};
use crate::common::MemOperands;
use crate::types::tile_info;
use tilec_ir::text::custom::{CustomParser, CustomPrinter, ValueRef};
use tilec_ir::{AttrData, MemScope, MemSemantic, Module, Op, RmwKind, Sym, TypeData, Value};

/// Attribute keys the memory syntax spells with keywords (`kind` only in `atomic_rmw_tko`).
const SPELLED: &[&str] = &["mem_semantic", "mem_scope"];
const SPELLED_RMW: &[&str] = &["mem_semantic", "mem_scope", "kind"];

/// The token operand and the extra attributes that follow a memory op's operands.
type Tail<'s> = (Option<ValueRef<'s>>, Vec<(Sym, tilec_ir::Attr)>);

/// NVIDIA's optional operands after the fixed ones: `, %mask` and (loads) `, %padding`, at most
/// `max` of them. Their types follow the fixed operands' types after the `:`.
fn optional_operands<'s>(
    p: &mut CustomParser<'_, 's>,
    op: &str,
    max: usize,
) -> PResult<Vec<ValueRef<'s>>> {
    let mut v = Vec::new();
    while p.eat(",") {
        if v.len() == max {
            let at = p.here();
            let what = if max == 2 {
                "a mask and a padding value"
            } else {
                "a mask"
            };
            return p.error(
                at,
                format!("'{op}' takes at most {what} after its operands"),
            );
        }
        v.push(p.value_ref()?);
    }
    Ok(v)
}

/// What follows the operands: `token=%t` (or `token = %t`), then the attribute dictionary.
/// NVIDIA's `optimization_hints` are rejected here.
fn tail<'s>(p: &mut CustomParser<'_, 's>, op: &str) -> PResult<Tail<'s>> {
    let token = if p.eat("token") {
        p.expect("=")?;
        Some(p.value_ref()?)
    } else {
        None
    };
    if at_word(p, "optimization_hints") {
        let at = p.here();
        return p.error(
            at,
            format!("'{op}' does not take NVIDIA's optimization_hints in tilec"),
        );
    }
    let spelled = if op == "atomic_rmw_tko" {
        SPELLED_RMW
    } else {
        SPELLED
    };
    let extra = extra_attrs(p, op, spelled)?;
    Ok((token, extra))
}

/// The ordering keyword and the optional scope keyword.
fn pair(p: &mut CustomParser<'_, '_>, op: &str) -> PResult<(MemSemantic, Option<MemScope>)> {
    let sem = ordering(p, op)?;
    let sc = scope(p)?;
    Ok((sem, sc))
}

fn pair_attrs(sem: MemSemantic, sc: Option<MemScope>) -> Vec<(&'static str, AttrData)> {
    let mut v = vec![("mem_semantic", AttrData::Sem(sem))];
    if let Some(s) = sc {
        v.push(("mem_scope", AttrData::Scope(s)));
    }
    v
}

/// What the types after `:` are: the op's own (`base`), then one per optional operand.
fn types_what(base: &'static str, optional: usize) -> String {
    match optional {
        0 => base.to_string(),
        1 => format!("{base}, then the mask"),
        _ => format!("{base}, then the mask and the padding value"),
    }
}

/// Resolves the optional mask / padding operands with their types and appends them.
fn push_optional<'s>(
    p: &mut CustomParser<'_, 's>,
    operands: &mut Vec<Value>,
    refs: &[ValueRef<'s>],
    types: &[tilec_ir::Type],
) -> PResult<()> {
    for (r, t) in refs.iter().zip(types) {
        operands.push(p.resolve(*r, *t)?);
    }
    Ok(())
}

/// Resolves the optional token operand and appends it.
fn push_token<'s>(
    p: &mut CustomParser<'_, 's>,
    operands: &mut Vec<Value>,
    token: Option<ValueRef<'s>>,
) -> PResult<()> {
    if let Some(t) = token {
        let tt = token_type(p.module());
        operands.push(p.resolve(t, tt)?);
    }
    Ok(())
}

/// `load_ptr_tko SEM [SCOPE] %ptr [, %mask [, %padding]] [token=%t] : PTR [, MASK [, PAD]] ->
/// VALUE, TOKEN`.
pub fn parse_load(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "load_ptr_tko";
    let (sem, sc) = pair(p, OP)?;
    let ptr = p.value_ref()?;
    let opt = optional_operands(p, OP, 2)?;
    let (token, extra) = tail(p, OP)?;
    let pt = colon_types(
        p,
        OP,
        1 + opt.len(),
        &types_what("the pointer tile", opt.len()),
    )?;
    arrow(p, "the loaded tile and token types")?;
    let results = exact_types(p, OP, 2, "the loaded tile and the token")?;
    let mut operands = vec![p.resolve(ptr, pt[0])?];
    push_optional(p, &mut operands, &opt, &pt[1..])?;
    push_token(p, &mut operands, token)?;
    let d = dict(p, pair_attrs(sem, sc), extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `store_ptr_tko SEM [SCOPE] %ptr, %value [, %mask] [token=%t] : PTR, VALUE [, MASK] -> TOKEN`.
pub fn parse_store(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "store_ptr_tko";
    let (sem, sc) = pair(p, OP)?;
    let ptr = p.value_ref()?;
    p.expect(",")?;
    let val = p.value_ref()?;
    let opt = optional_operands(p, OP, 1)?;
    let (token, extra) = tail(p, OP)?;
    let ts = colon_types(
        p,
        OP,
        2 + opt.len(),
        &types_what("the pointer tile and the stored tile", opt.len()),
    )?;
    arrow(p, "the token type")?;
    let results = exact_types(p, OP, 1, "the token")?;
    let mut operands = vec![p.resolve(ptr, ts[0])?, p.resolve(val, ts[1])?];
    push_optional(p, &mut operands, &opt, &ts[2..])?;
    push_token(p, &mut operands, token)?;
    let d = dict(p, pair_attrs(sem, sc), extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `atomic_rmw_tko SEM [SCOPE] %ptr, MODE, %value [, %mask] [token=%t] : PTR, VALUE [, MASK] ->
/// OLD, TOKEN`.
pub fn parse_rmw(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "atomic_rmw_tko";
    let (sem, sc) = pair(p, OP)?;
    let ptr = p.value_ref()?;
    p.expect(",")?;
    let at = p.pos();
    let word = p.ident();
    p.set_pos(at);
    let kind = rmw_mode(p)?;
    p.expect(",")?;
    let val = p.value_ref()?;
    let opt = optional_operands(p, OP, 1)?;
    let (token, extra) = tail(p, OP)?;
    let ts = colon_types(
        p,
        OP,
        2 + opt.len(),
        &types_what("the pointer tile and the value tile", opt.len()),
    )?;
    super::keywords::check_add_mode(p, word, ts[1], true)?;
    arrow(p, "the old-value tile and token types")?;
    let results = exact_types(p, OP, 2, "the old-value tile and the token")?;
    let mut operands = vec![p.resolve(ptr, ts[0])?, p.resolve(val, ts[1])?];
    push_optional(p, &mut operands, &opt, &ts[2..])?;
    push_token(p, &mut operands, token)?;
    let mut fixed = vec![("kind", AttrData::Rmw(kind))];
    fixed.extend(pair_attrs(sem, sc));
    let d = dict(p, fixed, extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `atomic_cas_tko SEM [SCOPE] %ptr, %cmp, %new [, %mask] [token=%t] : PTR, VALUE [, MASK] ->
/// OLD, TOKEN` (one VALUE type for both the compare and the new value, as NVIDIA writes it).
pub fn parse_cas(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "atomic_cas_tko";
    let (sem, sc) = pair(p, OP)?;
    let ptr = p.value_ref()?;
    p.expect(",")?;
    let cmp = p.value_ref()?;
    p.expect(",")?;
    let new = p.value_ref()?;
    let opt = optional_operands(p, OP, 1)?;
    let (token, extra) = tail(p, OP)?;
    let ts = colon_types(
        p,
        OP,
        2 + opt.len(),
        &types_what("the pointer tile and the compare/new value tile", opt.len()),
    )?;
    arrow(p, "the old-value tile and token types")?;
    let results = exact_types(p, OP, 2, "the old-value tile and the token")?;
    let mut operands = vec![
        p.resolve(ptr, ts[0])?,
        p.resolve(cmp, ts[1])?,
        p.resolve(new, ts[1])?,
    ];
    push_optional(p, &mut operands, &opt, &ts[2..])?;
    push_token(p, &mut operands, token)?;
    let d = dict(p, pair_attrs(sem, sc), extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `fence_tko SEM [SCOPE] [token=%t] : TOKEN` (tilec's extension).
pub fn parse_fence(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "fence_tko";
    let (sem, sc) = pair(p, OP)?;
    let (token, extra) = tail(p, OP)?;
    let results = colon_types(p, OP, 1, "the token")?;
    let mut operands = Vec::new();
    push_token(p, &mut operands, token)?;
    let d = dict(p, pair_attrs(sem, sc), extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `make_token : TOKEN`.
pub fn parse_make_token(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "make_token";
    let extra = extra_attrs(p, OP, &[])?;
    let results = colon_types(p, OP, 1, "the token")?;
    let d = dict(p, vec![], extra);
    p.finish(op_name(OP), vec![], results, d, vec![])
}

/// `join_tokens %a, %b, … : TOKEN` (the operands have the result's type).
pub fn parse_join_tokens(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "join_tokens";
    let refs = super::parse::value_list(p)?;
    let extra = extra_attrs(p, OP, &[])?;
    let results = colon_types(p, OP, 1, "the token")?;
    let operands = refs
        .iter()
        .map(|r| p.resolve(*r, results[0]))
        .collect::<PResult<Vec<_>>>()?;
    let d = dict(p, vec![], extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

// ---- printing ----------------------------------------------------------------------------------

/// The op's pair, when the syntax can spell it.
pub(super) fn pair_of(m: &Module, op: Op) -> Option<(MemSemantic, Option<MemScope>)> {
    let sem = match m.get_attr(op, Sym::new("mem_semantic"))? {
        AttrData::Sem(s) => *s,
        _ => return None,
    };
    let sc = match m.get_attr(op, Sym::new("mem_scope")) {
        None => None,
        Some(AttrData::Scope(s)) => Some(*s),
        Some(_) => return None,
    };
    Some((sem, sc))
}

/// The `fixed` leading operands, the optional mask/padding operands and the optional trailing
/// token, when the op has that shape ([`MemOperands`]).
fn split(m: &Module, op: Op, fixed: usize) -> Option<(Vec<Value>, Vec<Value>, Option<Value>)> {
    let ops = m.operands(op);
    if fixed == 0 {
        // fence_tko: an optional token only.
        return match ops {
            [] => Some((vec![], vec![], None)),
            [t] if is_token(m, *t) => Some((vec![], vec![], Some(*t))),
            _ => None,
        };
    }
    if ops.len() < fixed {
        return None;
    }
    let s = MemOperands::of(m, op, fixed - 1, fixed == 1);
    if s.extra > 0 || s.token.is_some_and(|t| !is_token(m, ops[t])) {
        return None;
    }
    let end = s.token.unwrap_or(ops.len());
    Some((
        ops[..fixed].to_vec(),
        ops[fixed..end].to_vec(),
        s.token.map(|t| ops[t]),
    ))
}

/// `KW SEM [SCOPE]`.
fn head(p: &mut CustomPrinter<'_, '_>, kw: &str, sem: MemSemantic, sc: Option<MemScope>) {
    p.keyword("cuda_tile", kw);
    p.write(" ");
    p.write(ordering_kw(sem));
    if let Some(s) = sc {
        p.write(" ");
        p.write(scope_kw(s));
    }
}

/// The shared printer: `KW SEM [SCOPE] <operands> [token=%t] {…} : <in> -> <out>`.
fn print_mem(
    p: &mut CustomPrinter<'_, '_>,
    op: Op,
    kw: &str,
    fixed: usize,
    results: usize,
    operands: impl FnOnce(&mut CustomPrinter<'_, '_>, &[Value]),
    in_types: impl FnOnce(&Module, &[Value]) -> Option<Vec<tilec_ir::Type>>,
) -> bool {
    let m = p.module();
    let (Some((sem, sc)), Some((vals, opt, token))) = (pair_of(m, op), split(m, op, fixed)) else {
        return false;
    };
    let Some(mut ins) = in_types(m, &vals) else {
        return false;
    };
    ins.extend(super::print::types_of(m, &opt));
    if m.num_results(op) != results {
        return false;
    }
    let outs = super::print::result_types(m, op);
    head(p, kw, sem, sc);
    if fixed > 0 {
        p.write(" ");
        operands(p, &vals);
    }
    for v in opt {
        p.write(", ");
        p.value(v);
    }
    token_clause(p, token);
    print_extra(
        p,
        op,
        if kw == "atomic_rmw_tko" {
            SPELLED_RMW
        } else {
            SPELLED
        },
    );
    p.write(" : ");
    if !ins.is_empty() {
        types(p, &ins);
        p.write(" -> ");
    }
    types(p, &outs);
    true
}

fn all_types(m: &Module, vs: &[Value]) -> Option<Vec<tilec_ir::Type>> {
    Some(super::print::types_of(m, vs))
}

/// Prints `load_ptr_tko`.
pub fn print_load(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    print_mem(p, op, "load_ptr_tko", 1, 2, values, all_types)
}

/// Prints `store_ptr_tko`.
pub fn print_store(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    print_mem(p, op, "store_ptr_tko", 2, 1, values, all_types)
}

/// Prints `atomic_rmw_tko`; `add` on a float tile is NVIDIA's `addf`, `exch` its `xchg`.
pub fn print_rmw(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let Some(AttrData::Rmw(kind)) = m.get_attr(op, Sym::new("kind")) else {
        return false;
    };
    let kind = *kind;
    let float = m.operands(op).get(1).is_some_and(|&v| {
        let t = m.value_type(v);
        let elem = tile_info(m, t).map_or(t, |ti| ti.elem);
        matches!(m.type_data(elem), TypeData::Float(_))
    });
    let mode = match kind {
        RmwKind::Add if float => "addf",
        RmwKind::Exch => "xchg",
        k => k.as_str(),
    };
    print_mem(
        p,
        op,
        "atomic_rmw_tko",
        2,
        2,
        |p, v| {
            p.value(v[0]);
            p.write(", ");
            p.write(mode);
            p.write(", ");
            p.value(v[1]);
        },
        all_types,
    )
}

/// Prints `atomic_cas_tko` (compare and new value must have one type).
pub fn print_cas(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    print_mem(p, op, "atomic_cas_tko", 3, 2, values, |m, v| {
        let (pt, ct, nt) = (m.value_type(v[0]), m.value_type(v[1]), m.value_type(v[2]));
        (ct == nt).then(|| vec![pt, ct])
    })
}

/// Prints `fence_tko`.
pub fn print_fence(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    print_mem(p, op, "fence_tko", 0, 1, |_, _| {}, all_types)
}

/// Prints `make_token`.
pub fn print_make_token(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    if !m.operands(op).is_empty() || m.num_results(op) != 1 {
        return false;
    }
    let t = m.value_type(m.result(op, 0));
    p.keyword("cuda_tile", "make_token");
    print_extra(p, op, &[]);
    p.write(" : ");
    print_type(p, t);
    true
}

/// Prints `join_tokens` (every operand must have the result's type).
pub fn print_join_tokens(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    if ops.is_empty() || m.num_results(op) != 1 {
        return false;
    }
    let t = m.value_type(m.result(op, 0));
    if ops.iter().any(|&v| m.value_type(v) != t) {
        return false;
    }
    p.keyword("cuda_tile", "join_tokens");
    p.write(" ");
    values(p, &ops);
    print_extra(p, op, &[]);
    p.write(" : ");
    print_type(p, t);
    true
}
