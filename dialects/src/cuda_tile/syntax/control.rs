//! Structure and control flow: `cuda_tile.module`, `entry`, `if`, `for`, `loop` and the
//! terminators, in NVIDIA's formats.
//!
//! ```text
//! cuda_tile.module @m [attributes {…}] { … }
//! entry @k(%a: tile<ptr<f32>>, …) [attributes {…}] { … } [{…}]
//! %r = if %c -> (tile<i32>) { … yield %x : tile<i32> } else { … }
//! %r = for %iv in (%lb to %ub, step %s) : tile<i32> iter_values(%v = %init) -> (tile<i32>) { … }
//! %r = loop iter_values(%v = %init) : token -> token { … break %v : token }
//! yield | break | continue | return [%a, … : T, …]
//! ```
//!
//! Bodies may leave out their terminator when it has no operands (`yield` in `if`, `continue`
//! in `for`/`loop`, `return` in `entry`), as NVIDIA's implicit terminators allow; the printer
//! always writes it. An `if` without `else` has an else region holding a lone `yield`, and the
//! printer leaves out exactly such an else region.

use super::parse::{
    arrow, closed_list, dict, ensure_terminator, extra_attrs, iter_values, op_name, region,
    resolve_all, same_count, type_list, value_list, PResult,
};
use super::print::{extra_attrs as print_extra, result_types, symbol, types, types_of, values};
use super::tokens::at_word;
use super::types::{bool_tile, parse_type, print_type};
use crate::types::{dialect_of, tile_info};
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{Attr, AttrData, Module, Op, Region, Sym, Type, TypeData};

/// `attributes {…}` (module and entry, before the body), if written.
fn attributes_kw(p: &mut CustomParser<'_, '_>, op: &str) -> PResult<Vec<(Sym, Attr)>> {
    if !p.eat("attributes") {
        return Ok(Vec::new());
    }
    p.skip();
    if !p.rest().starts_with('{') {
        return p.expected("an attribute dictionary after 'attributes'");
    }
    extra_attrs(p, op, &["sym_name"])
}

/// `cuda_tile.module @name [attributes {…}] { … }`.
pub fn parse_module(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let (name, _) = p.symbol()?;
    let extra = attributes_kw(p, "module")?;
    let (body, _) = region(p, &[])?;
    let d = dict(p, vec![("sym_name", AttrData::Str(name.into()))], extra);
    p.finish(op_name("module"), vec![], vec![], d, vec![body])
}

/// `entry @name(%a: T, …) [attributes {…}] { … } [{…}]`: the parameters are the body's entry
/// block arguments; the attributes may come before the body (tilec's ARCHITECTURE form) or after
/// it (NVIDIA's).
pub fn parse_entry(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let (name, _) = p.symbol()?;
    if !p.eat("(") {
        return p.expected("'(' and the kernel parameters");
    }
    let args = closed_list(p, ")", |p| {
        let (n, loc) = p.new_value_name()?;
        p.expect(":")?;
        let (t, _) = parse_type(p)?;
        p.skip();
        if p.rest().starts_with('{') {
            let at = p.here();
            return p.error(at, "parameter attributes are not supported by tilec");
        }
        Ok((n, t, loc))
    })?;
    if p.eat("->") {
        let at = p.here();
        return p.error(at, "a cuda_tile entry returns no values");
    }
    let mut fixed = vec![("sym_name", AttrData::Str(name.into()))];
    if at_word(p, "optimization_hints") {
        p.expect("optimization_hints")?;
        p.expect("=")?;
        if let Some(h) = crate::cuda_tile::hints::parse(p)? {
            fixed.push((crate::cuda_tile::hints::KEY, h));
        }
    }
    let mut extra = attributes_kw(p, "entry")?;
    let (body, close) = region(p, &args)?;
    ensure_terminator(p, body, "return", close);
    let spelled: Vec<&str> = fixed.iter().map(|(k, _)| *k).collect();
    extra.extend(extra_attrs(p, "entry", &spelled)?);
    let d = dict(p, fixed, extra);
    p.finish(op_name("entry"), vec![], vec![], d, vec![body])
}

/// NVIDIA's test-only function: `testing$func @name(%a: T, …) [-> R | -> (R, …)] { … }`; its
/// body returns its results (`return %x : R`). Its types are the `function_type` attribute.
pub fn parse_testing_func(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "testing$func";
    let (name, _) = p.symbol()?;
    p.expect("(")?;
    let args = closed_list(p, ")", |p| {
        let (n, loc) = p.new_value_name()?;
        p.expect(":")?;
        let (t, _) = parse_type(p)?;
        Ok((n, t, loc))
    })?;
    let mut results = Vec::new();
    if p.eat("->") {
        if p.eat("(") {
            if !p.eat(")") {
                results = type_list(p)?.into_iter().map(|(t, _)| t).collect();
                p.expect(")")?;
            }
        } else {
            results.push(parse_type(p)?.0);
        }
    }
    let mut extra = attributes_kw(p, OP)?;
    let (body, close) = region(p, &args)?;
    if results.is_empty() {
        ensure_terminator(p, body, "return", close);
    }
    extra.extend(extra_attrs(p, OP, &["sym_name", "function_type"])?);
    let inputs: Vec<Type> = args.iter().map(|a| a.1).collect();
    let ft = p.module().ty(TypeData::Function {
        inputs: inputs.into(),
        results: results.into(),
    });
    let fixed = vec![
        ("sym_name", AttrData::Str(name.into())),
        ("function_type", AttrData::Type(ft)),
    ];
    let d = dict(p, fixed, extra);
    p.finish(op_name(OP), vec![], vec![], d, vec![body])
}

/// Prints `testing$func`.
pub fn print_testing_func(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let (Some(name), [body]) = (str_attr(m, op, "sym_name"), m.regions(op)) else {
        return false;
    };
    let body = *body;
    let Some(AttrData::Type(ft)) = m.get_attr(op, Sym::new("function_type")) else {
        return false;
    };
    let TypeData::Function { inputs, results } = m.type_data(*ft).clone() else {
        return false;
    };
    let args = body_args(m, body);
    if !m.operands(op).is_empty()
        || m.num_results(op) != 0
        || types_of(m, &args) != inputs.to_vec()
        || !single_block(m, body, &inputs)
    {
        return false;
    }
    p.keyword("cuda_tile", "testing$func");
    p.write(" ");
    symbol(p, &name);
    p.write("(");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.value(a);
        p.write(": ");
        let t = p.module().value_type(a);
        print_type(p, t);
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> (");
        types(p, &results);
        p.write(")");
    }
    p.write(" ");
    p.region(body, Some("cuda_tile"), false);
    print_extra(p, op, &["sym_name", "function_type"]);
    true
}

/// `if %c [-> (T, …)] { … } [else { … }] [{…}]` (the condition is a `tile<i1>`).
pub fn parse_if(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let c = p.value_ref()?;
    let mut results = Vec::new();
    if p.eat("->") {
        p.expect("(")?;
        results = type_list(p)?.into_iter().map(|(t, _)| t).collect();
        p.expect(")")?;
    }
    let (then_r, close) = region(p, &[])?;
    ensure_terminator(p, then_r, "yield", close);
    let else_r = if p.eat("else") {
        let (r, close) = region(p, &[])?;
        ensure_terminator(p, r, "yield", close);
        r
    } else {
        let r = p.module().new_region();
        let at = p.keyword_loc();
        ensure_terminator(p, r, "yield", at);
        r
    };
    let extra = extra_attrs(p, "if", &[])?;
    let bt = bool_tile(p.module());
    let cond = p.resolve_fixed(c, bt, "the condition of 'if'")?;
    let d = dict(p, vec![], extra);
    p.finish(op_name("if"), vec![cond], results, d, vec![then_r, else_r])
}

/// `for [unsigned] %iv in (%lb to %ub, step %s) : T [iter_values(%a = %x, …) -> (T, …)] { … }
/// [{…}]` (`unsigned`: NVIDIA's unsigned comparison of the induction variable with the upper
/// bound, the `unsigned_cmp` flag).
pub fn parse_for(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let unsigned = at_word(p, "unsigned");
    if unsigned {
        p.expect("unsigned")?;
    }
    let (iv, iv_loc) = p.new_value_name()?;
    p.expect("in")?;
    p.expect("(")?;
    let lb = p.value_ref()?;
    p.expect("to")?;
    let ub = p.value_ref()?;
    p.expect(",")?;
    p.expect("step")?;
    let step = p.value_ref()?;
    p.expect(")")?;
    if !p.eat(":") {
        return p.expected("':' and the type of the induction variable");
    }
    let (t, _) = parse_type(p)?;
    let mut iters = Vec::new();
    let mut iter_types = Vec::new();
    if p.eat("iter_values") {
        iters = iter_values(p)?;
        arrow(p, "the loop-carried types in parentheses")?;
        p.expect("(")?;
        let ts = type_list(p)?;
        same_count(p, "loop-carried value", iters.len(), &ts)?;
        p.expect(")")?;
        iter_types = ts.into_iter().map(|(t, _)| t).collect();
    }
    let mut operands = resolve_all(p, &[lb, ub, step], &[t, t, t])?;
    let inits: Vec<_> = iters.iter().map(|(_, r)| *r).collect();
    operands.extend(resolve_all(p, &inits, &iter_types)?);
    let mut args = vec![(iv, t, iv_loc)];
    for (((n, loc), _), ty) in iters.iter().zip(&iter_types) {
        args.push((*n, *ty, *loc));
    }
    let (body, close) = region(p, &args)?;
    ensure_terminator(p, body, "continue", close);
    let extra = extra_attrs(p, "for", &["unsigned_cmp"])?;
    let fixed = if unsigned {
        vec![("unsigned_cmp", AttrData::Unit)]
    } else {
        vec![]
    };
    let d = dict(p, fixed, extra);
    p.finish(op_name("for"), operands, iter_types, d, vec![body])
}

/// `loop [iter_values(%a = %x, …) : T, … [-> R, …]] { … }` or `loop [: R, …] { … }`.
pub fn parse_loop(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    let mut iters = Vec::new();
    let mut iter_types = Vec::new();
    let mut results = Vec::new();
    if p.eat("iter_values") {
        iters = iter_values(p)?;
        if !p.eat(":") {
            return p.expected("':' and the loop-carried types");
        }
        let ts = type_list(p)?;
        same_count(p, "loop-carried value", iters.len(), &ts)?;
        iter_types = ts.into_iter().map(|(t, _)| t).collect();
        if p.eat("->") {
            results = type_list(p)?.into_iter().map(|(t, _)| t).collect();
        }
    } else if p.eat(":") {
        results = type_list(p)?.into_iter().map(|(t, _)| t).collect();
    }
    let inits: Vec<_> = iters.iter().map(|(_, r)| *r).collect();
    let operands = resolve_all(p, &inits, &iter_types)?;
    let args: Vec<_> = iters
        .iter()
        .zip(&iter_types)
        .map(|(((n, loc), _), t)| (*n, *t, *loc))
        .collect();
    let (body, close) = region(p, &args)?;
    ensure_terminator(p, body, "continue", close);
    let extra = extra_attrs(p, "loop", &[])?;
    let d = dict(p, vec![], extra);
    p.finish(op_name("loop"), operands, results, d, vec![body])
}

/// `yield`, `break`, `continue`, `return`: `KW [{…}] [%a, … : T, …]`.
pub fn parse_terminator(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let extra = extra_attrs(p, kw, &[])?;
    let mut operands = Vec::new();
    if p.at_value() {
        let refs = value_list(p)?;
        if !p.eat(":") {
            return p.expected(&format!("':' and the types of the values of '{kw}'"));
        }
        let ts = type_list(p)?;
        same_count(p, "value", refs.len(), &ts)?;
        let ts: Vec<Type> = ts.into_iter().map(|(t, _)| t).collect();
        operands = resolve_all(p, &refs, &ts)?;
    }
    let d = dict(p, vec![], extra);
    p.finish(op_name(kw), operands, vec![], d, vec![])
}

// ---- printing ----------------------------------------------------------------------------------

fn str_attr(m: &Module, op: Op, key: &str) -> Option<String> {
    match m.get_attr(op, Sym::new(key)) {
        Some(AttrData::Str(s)) => Some(s.to_string()),
        _ => None,
    }
}

/// The one block of `r` when it has ops and (`args`) the given argument types: the only region
/// shape the custom form writes (an empty block would print a label the custom form does not
/// read back).
fn single_block(m: &Module, r: Region, args: &[Type]) -> bool {
    // The block must end in a terminator of the custom form: parsing a body without one inserts
    // the implicit terminator, so printing it in the custom form would not round-trip.
    let terminated = |b| {
        m.last_op(b).is_some_and(|l| {
            matches!(
                m.op_name(l).as_str(),
                "cuda_tile.yield" | "cuda_tile.break" | "cuda_tile.continue" | "cuda_tile.return"
            )
        })
    };
    match m.region_blocks(r) {
        [b] => {
            terminated(*b)
                && m.block_args(*b).len() == args.len()
                && m.block_args(*b)
                    .iter()
                    .zip(args)
                    .all(|(&a, &t)| m.value_type(a) == t)
        }
        _ => false,
    }
}

fn body_args(m: &Module, r: Region) -> Vec<tilec_ir::Value> {
    m.entry_block(r)
        .map(|b| m.block_args(b).to_vec())
        .unwrap_or_default()
}

/// Prints `cuda_tile.module`.
pub fn print_module(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let (Some(name), [body]) = (str_attr(m, op, "sym_name"), m.regions(op)) else {
        return false;
    };
    let body = *body;
    if !m.operands(op).is_empty() || m.num_results(op) != 0 {
        return false;
    }
    p.keyword("cuda_tile", "module");
    p.write(" ");
    symbol(p, &name);
    if m.dict_entries(m.attrs(op)).len() > 1 {
        p.write(" attributes");
        print_extra(p, op, &["sym_name"]);
    }
    p.write(" ");
    p.region(body, Some("cuda_tile"), true);
    true
}

/// Prints `entry` (its attributes after the body, as NVIDIA prints them).
pub fn print_entry(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let (Some(name), [body]) = (str_attr(m, op, "sym_name"), m.regions(op)) else {
        return false;
    };
    let body = *body;
    let args = body_args(m, body);
    if !m.operands(op).is_empty()
        || m.num_results(op) != 0
        || !single_block(m, body, &types_of(m, &args))
    {
        return false;
    }
    p.keyword("cuda_tile", "entry");
    p.write(" ");
    symbol(p, &name);
    p.write("(");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.value(a);
        p.write(": ");
        print_type(p, m.value_type(a));
    }
    p.write(")");
    crate::cuda_tile::hints::print(p, op);
    p.write(" ");
    p.region(body, Some("cuda_tile"), false);
    // Hints that are not a dictionary (generic text) stay in the attribute dictionary.
    let hints_spelled = matches!(
        m.get_attr(op, Sym::new(crate::cuda_tile::hints::KEY)),
        Some(AttrData::Dict(_))
    );
    let spelled: &[&str] = if hints_spelled {
        &["sym_name", crate::cuda_tile::hints::KEY]
    } else {
        &["sym_name"]
    };
    print_extra(p, op, spelled);
    true
}

fn is_bool_tile(m: &Module, t: Type) -> bool {
    dialect_of(m, t) == Some(("cuda_tile", "tile"))
        && tile_info(m, t).is_some_and(|ti| {
            ti.dims.is_empty() && matches!(m.type_data(ti.elem), TypeData::Int(1))
        })
}

/// True when `r` is one block holding only an operand-less, attribute-less `yield`.
fn lone_yield(m: &Module, r: Region) -> bool {
    let [b] = m.region_blocks(r) else {
        return false;
    };
    match (m.first_op(*b), m.last_op(*b)) {
        (Some(f), Some(l)) => {
            f == l
                && m.op_name(f).as_str() == "cuda_tile.yield"
                && m.operands(f).is_empty()
                && m.dict_entries(m.attrs(f)).is_empty()
                && m.block_args(*b).is_empty()
        }
        _ => false,
    }
}

/// Prints `if`.
pub fn print_if(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let (&[c], &[then_r, else_r]) = (m.operands(op), m.regions(op)) else {
        return false;
    };
    if !is_bool_tile(m, m.value_type(c))
        || !single_block(m, then_r, &[])
        || !single_block(m, else_r, &[])
    {
        return false;
    }
    let res = result_types(m, op);
    p.keyword("cuda_tile", "if");
    p.write(" ");
    p.value(c);
    if !res.is_empty() {
        p.write(" -> (");
        types(p, &res);
        p.write(")");
    }
    p.write(" ");
    p.region(then_r, Some("cuda_tile"), false);
    if !lone_yield(m, else_r) {
        p.write(" else ");
        p.region(else_r, Some("cuda_tile"), false);
    }
    print_extra(p, op, &[]);
    true
}

/// `iter_values(%a = %x, …)`.
fn print_iters(p: &mut CustomPrinter<'_, '_>, args: &[tilec_ir::Value], inits: &[tilec_ir::Value]) {
    p.write("iter_values(");
    for (i, (&a, &x)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.value(a);
        p.write(" = ");
        p.value(x);
    }
    p.write(")");
}

/// Prints `for`.
pub fn print_for(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let (Some(bounds), [body]) = (ops.get(..3), m.regions(op)) else {
        return false;
    };
    let body = *body;
    let inits = &ops[3..];
    let t = m.value_type(bounds[0]);
    let res = result_types(m, op);
    let init_types = types_of(m, inits);
    let mut arg_types = vec![t];
    arg_types.extend(&init_types);
    if bounds.iter().any(|&b| m.value_type(b) != t)
        || res != init_types
        || !single_block(m, body, &arg_types)
    {
        return false;
    }
    let args = body_args(m, body);
    let unsigned = m.get_attr(op, tilec_ir::sym!("unsigned_cmp")).is_some();
    p.keyword("cuda_tile", "for");
    p.write(if unsigned { " unsigned " } else { " " });
    p.value(args[0]);
    p.write(" in (");
    p.value(bounds[0]);
    p.write(" to ");
    p.value(bounds[1]);
    p.write(", step ");
    p.value(bounds[2]);
    p.write(") : ");
    print_type(p, t);
    if !inits.is_empty() {
        p.write(" ");
        print_iters(p, &args[1..], inits);
        p.write(" -> (");
        types(p, &res);
        p.write(")");
    }
    p.write(" ");
    p.region(body, Some("cuda_tile"), false);
    print_extra(p, op, &["unsigned_cmp"]);
    true
}

/// Prints `loop`.
pub fn print_loop(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let inits = m.operands(op).to_vec();
    let [body] = m.regions(op) else {
        return false;
    };
    let body = *body;
    let init_types = types_of(m, &inits);
    if !single_block(m, body, &init_types) {
        return false;
    }
    let res = result_types(m, op);
    let args = body_args(m, body);
    p.keyword("cuda_tile", "loop");
    if !inits.is_empty() {
        p.write(" ");
        print_iters(p, &args, &inits);
        p.write(" : ");
        types(p, &init_types);
        if !res.is_empty() {
            p.write(" -> ");
            types(p, &res);
        }
    } else if !res.is_empty() {
        p.write(" : ");
        types(p, &res);
    }
    p.write(" ");
    p.region(body, Some("cuda_tile"), false);
    print_extra(p, op, &[]);
    true
}

/// Prints `yield`, `break`, `continue`, `return`.
pub fn print_terminator(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str) -> bool {
    let m = p.module();
    if m.num_results(op) != 0 || !m.regions(op).is_empty() || !m.successors(op).is_empty() {
        return false;
    }
    let ops = m.operands(op).to_vec();
    p.keyword("cuda_tile", kw);
    print_extra(p, op, &[]);
    if !ops.is_empty() {
        p.write(" ");
        values(p, &ops);
        p.write(" : ");
        types(p, &types_of(m, &ops));
    }
    true
}
