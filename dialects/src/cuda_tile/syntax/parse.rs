//! Helpers the op parsers share: operand and type lists with their count checks, the trailing
//! attribute dictionary, attribute assembly, and implicit terminators.

use super::types::parse_type;
use tilec_ir::text::custom::{CustomParser, ValueRef};
use tilec_ir::{Attr, AttrData, Diagnostic, Dict, Loc, OpSpec, Region, Sym, Type, Value};

/// A parse result (the core's error type: one located diagnostic).
pub type PResult<T> = Result<T, Box<Diagnostic>>;

/// `cuda_tile.<short>`.
pub fn op_name(short: &str) -> Sym {
    Sym::new(&format!("cuda_tile.{short}"))
}

/// Items separated by `,` up to and including `close`; none when `close` comes first. `item`
/// reads one.
pub fn closed_list<'a, 's, T>(
    p: &mut CustomParser<'a, 's>,
    close: &str,
    mut item: impl FnMut(&mut CustomParser<'a, 's>) -> PResult<T>,
) -> PResult<Vec<T>> {
    let mut v = Vec::new();
    if p.eat(close) {
        return Ok(v);
    }
    loop {
        v.push(item(p)?);
        if !p.eat(",") {
            p.expect(close)?;
            return Ok(v);
        }
    }
}

/// `%a, %b, …` (at least one).
pub fn value_list<'s>(p: &mut CustomParser<'_, 's>) -> PResult<Vec<ValueRef<'s>>> {
    let mut v = vec![p.value_ref()?];
    while p.eat(",") {
        v.push(p.value_ref()?);
    }
    Ok(v)
}

/// `T, T, …` (at least one), each with its location.
pub fn type_list(p: &mut CustomParser<'_, '_>) -> PResult<Vec<(Type, Loc)>> {
    let mut v = vec![parse_type(p)?];
    while p.eat(",") {
        v.push(parse_type(p)?);
    }
    Ok(v)
}

/// `: T, …` where exactly `n` types (`what`) belong; reports extra or missing types where they
/// are (or are not).
pub fn colon_types(
    p: &mut CustomParser<'_, '_>,
    op: &str,
    n: usize,
    what: &str,
) -> PResult<Vec<Type>> {
    if !p.eat(":") {
        return p.expected(&format!("':' and the types of '{op}' ({what})"));
    }
    exact_types(p, op, n, what)
}

/// Exactly `n` comma-separated types (`what`).
pub fn exact_types(
    p: &mut CustomParser<'_, '_>,
    op: &str,
    n: usize,
    what: &str,
) -> PResult<Vec<Type>> {
    let ts = type_list(p)?;
    if ts.len() > n {
        return p.error(
            ts[n].1,
            format!(
                "'{op}' takes {n} type{} here ({what}), but {} were written",
                plural(n),
                ts.len()
            ),
        );
    }
    if ts.len() < n {
        // At the last type written: the missing ones belong right after it.
        let at = ts[ts.len() - 1].1;
        return p.error(
            at,
            format!(
                "'{op}' takes {n} type{} here ({what}), but {} {} written",
                plural(n),
                ts.len(),
                if ts.len() == 1 { "was" } else { "were" }
            ),
        );
    }
    Ok(ts.into_iter().map(|(t, _)| t).collect())
}

/// `->`, or an error naming what follows it.
pub fn arrow(p: &mut CustomParser<'_, '_>, what: &str) -> PResult<()> {
    if p.eat("->") {
        Ok(())
    } else {
        p.expected(&format!("'->' and {what}"))
    }
}

/// "s" unless `n` is 1.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Resolves each reference with its type.
pub fn resolve_all<'s>(
    p: &mut CustomParser<'_, 's>,
    refs: &[ValueRef<'s>],
    types: &[Type],
) -> PResult<Vec<Value>> {
    refs.iter()
        .zip(types)
        .map(|(r, t)| p.resolve(*r, *t))
        .collect()
}

/// The optional attribute dictionary in NVIDIA's `attr-dict` position (`{…}` when the next
/// character opens one). `reserved` are the keys the syntax itself spells (`mem_semantic`…):
/// writing them in the dictionary too is an error rather than a silent override.
pub fn extra_attrs(
    p: &mut CustomParser<'_, '_>,
    op: &str,
    reserved: &[&str],
) -> PResult<Vec<(Sym, Attr)>> {
    p.skip();
    if !p.rest().starts_with('{') {
        return Ok(Vec::new());
    }
    let start = p.pos();
    let d = p.attr_dict()?;
    let loc = p.loc(start, p.pos());
    let entries = p.module().dict_entries(d).to_vec();
    if let Some((k, _)) = entries.iter().find(|(k, _)| reserved.contains(&k.as_str())) {
        return p.error(
            loc,
            format!(
                "attribute '{k}' is written by the syntax of '{op}' and cannot also be in its attribute dictionary"
            ),
        );
    }
    Ok(entries)
}

/// The op's dictionary: the attributes the syntax spells, in their canonical order, then the
/// extra ones in the order written.
pub fn dict(
    p: &mut CustomParser<'_, '_>,
    fixed: Vec<(&str, AttrData)>,
    extra: Vec<(Sym, Attr)>,
) -> Dict {
    let m = p.module();
    let mut entries: Vec<(Sym, Attr)> = fixed
        .into_iter()
        .map(|(k, a)| (Sym::new(k), m.attr(a)))
        .collect();
    entries.extend(extra);
    m.dict(&entries)
}

/// Appends `cuda_tile.<term>` (no operands) to the last block of `region` unless that block
/// already ends with a terminator, creating the block when the region has none: the implicit
/// terminators of NVIDIA's `SingleBlockImplicitTerminator` ops (`yield` in `if`, `continue` in
/// `for`/`loop`, `return` in `entry`).
pub fn ensure_terminator(p: &mut CustomParser<'_, '_>, region: Region, term: &str, loc: Loc) {
    let m = p.module();
    let block = match m.region_blocks(region).last() {
        Some(&b) => b,
        None => m.append_block(region, &[]),
    };
    if let Some(last) = m.last_op(block) {
        if crate::op_def(m.op_name(last)).is_some_and(|d| d.terminator) {
            return;
        }
    }
    let attrs = m.empty_dict();
    let op = m.create_op(OpSpec {
        name: op_name(term),
        operands: Vec::new(),
        results: Vec::new(),
        attrs,
        regions: 0,
        successors: Vec::new(),
        loc,
    });
    m.append_op(block, op);
}

/// A region parsed with cuda_tile as its default dialect, and the location of its closing brace.
pub fn region<'s>(
    p: &mut CustomParser<'_, 's>,
    args: &[(&'s str, Type, Loc)],
) -> PResult<(Region, Loc)> {
    let r = p.region(Some("cuda_tile"), args)?;
    let end = p.pos();
    Ok((r, p.loc(end.saturating_sub(1), end)))
}

/// `%name = %init, …` inside `iter_values(…)`: the names the body binds and the initial values.
pub type IterValues<'s> = Vec<((&'s str, Loc), ValueRef<'s>)>;

/// `iter_values(%a = %x, %b = %y)` after its keyword.
pub fn iter_values<'s>(p: &mut CustomParser<'_, 's>) -> PResult<IterValues<'s>> {
    p.expect("(")?;
    let mut v = Vec::new();
    loop {
        let name = p.new_value_name()?;
        p.expect("=")?;
        let init = p.value_ref()?;
        v.push((name, init));
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    Ok(v)
}

/// Checks that a list of `n` values got `types.len()` types.
pub fn same_count(
    p: &mut CustomParser<'_, '_>,
    what: &str,
    n: usize,
    types: &[(Type, Loc)],
) -> PResult<()> {
    if n == types.len() {
        return Ok(());
    }
    // At the first extra type, or at the last type when some are missing.
    let at = match types.get(n).or(types.last()) {
        Some(t) => t.1,
        None => p.here(),
    };
    p.error(
        at,
        format!(
            "{n} {what}{} but {} type{} written",
            plural(n),
            types.len(),
            if types.len() == 1 { " was" } else { "s were" }
        ),
    )
}
