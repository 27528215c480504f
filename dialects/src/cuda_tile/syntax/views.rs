//! NVIDIA's tensor views, in its format (`lib/Dialect/CudaTile/IR/CudaTile.cpp` of NVIDIA's
//! cuda_tile: the custom parsers and printers of these ops):
//!
//! ```text
//! %tv = make_tensor_view %base, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
//! %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>
//! %t, %tok = load_view_tko weak %pv[%i, %j] token = %t0 : partition_view<…>, tile<i32> -> tile<8x16xf32>, token
//! %tok2 = store_view_tko weak %t, %pv[%i, %j] token = %tok : tile<8x16xf32>, partition_view<…>, tile<i32> -> token
//! %tok3 = atomic_red_view_tko relaxed device %pv[%i], addf, %v token = %tok : tile<16xf32>, partition_view<…>, tile<i32> -> token
//! ```
//!
//! The IR: `make_tensor_view`'s operands are the base pointer, then one operand per `?` of the
//! result type's shape, then one per `?` of its strides (the static entries live in the type, as
//! in NVIDIA's op); `load_view_tko`'s are the view, the indices and the optional token;
//! `store_view_tko`'s the tile, the view, the indices and the optional token;
//! `atomic_red_view_tko`'s the view, the indices, the tile and the optional token (the bytecode's
//! order), its mode `kind` as on `atomic_rmw_tko`. The pair is `mem_semantic`/`mem_scope`, as on
//! every memory op of tilec.

use super::keywords::{ordering, ordering_kw, rmw_mode, scope, scope_kw};
use super::memory::pair_of;
use super::parse::{arrow, colon_types, dict, exact_types, extra_attrs, op_name, PResult};
use super::print::{extra_attrs as print_extra, is_token, result_types, types_of};
use super::types::{parse_type, print_type, token_type};
use crate::cuda_tile::tensor_views::{PartitionView, TensorView, ViewKind};
use tilec_ir::text::custom::{CustomParser, CustomPrinter, ValueRef};
use tilec_ir::{AttrData, Op, Type};

/// Attribute keys the view syntax spells.
const SPELLED: &[&str] = &["mem_semantic", "mem_scope"];

/// One entry of `shape = […]` / `strides = […]`: an integer or a value.
enum Entry<'s> {
    Static(i64),
    Dynamic(ValueRef<'s>),
}

/// `[e, e, …]` (possibly empty).
fn entries<'s>(p: &mut CustomParser<'_, 's>) -> PResult<Vec<Entry<'s>>> {
    p.expect("[")?;
    let mut v = Vec::new();
    if p.eat("]") {
        return Ok(v);
    }
    loop {
        if p.at_value() {
            v.push(Entry::Dynamic(p.value_ref()?));
        } else {
            p.skip();
            let rest = p.rest();
            let n = rest
                .char_indices()
                .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '-'))
                .count();
            match rest[..n].parse::<i64>() {
                Ok(x) => {
                    let end = p.pos() + n;
                    p.set_pos(end);
                    v.push(Entry::Static(x));
                }
                Err(_) => return p.expected("an integer or an SSA value"),
            }
        }
        if p.eat("]") {
            return Ok(v);
        }
        p.expect(",")?;
    }
}

/// Checks `written` against the type's entries (`?` ↔ a value, a number ↔ the same number) and
/// returns the values in order.
fn match_entries<'s>(
    p: &mut CustomParser<'_, 's>,
    what: &str,
    written: Vec<Entry<'s>>,
    typed: &[Option<i64>],
    at: tilec_ir::Loc,
) -> PResult<Vec<ValueRef<'s>>> {
    if written.len() != typed.len() {
        return p.error(
            at,
            format!(
                "{what} has {} entries but the result type has {}",
                written.len(),
                typed.len()
            ),
        );
    }
    let mut dynamic = Vec::new();
    for (i, (w, t)) in written.into_iter().zip(typed).enumerate() {
        match (w, t) {
            (Entry::Dynamic(v), None) => dynamic.push(v),
            (Entry::Static(x), Some(y)) if x == *y => {}
            (Entry::Static(x), _) => {
                return p.error(
                    at,
                    format!(
                        "{what} entry #{i} is {x}, but the result type says {}",
                        t.map_or("?".to_string(), |y| y.to_string())
                    ),
                )
            }
            (Entry::Dynamic(_), Some(y)) => {
                return p.error(
                    at,
                    format!("{what} entry #{i} is a value, but the result type says {y}"),
                )
            }
        }
    }
    Ok(dynamic)
}

/// `make_tensor_view %base, shape = […], strides = […] [{…}] : [I ->] TENSOR_VIEW`.
pub fn parse_make_tensor_view(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "make_tensor_view";
    let base = p.value_ref()?;
    p.expect(",")?;
    p.expect("shape")?;
    p.expect("=")?;
    let at_shape = p.here();
    let shape = entries(p)?;
    p.expect(",")?;
    p.expect("strides")?;
    p.expect("=")?;
    let at_strides = p.here();
    let strides = entries(p)?;
    let extra = extra_attrs(p, OP, &[])?;
    if !p.eat(":") {
        return p.expected("':' and the types of 'make_tensor_view'");
    }
    let (first, _) = parse_type(p)?;
    let (index_ty, result) = if p.eat("->") {
        (Some(first), parse_type(p)?.0)
    } else {
        (None, first)
    };
    let Some(TensorView {
        shape: dims,
        strides: strides_t,
        ..
    }) = TensorView::of(p.module(), result)
    else {
        let loc = p.keyword_loc();
        return p.error(
            loc,
            "the result of 'make_tensor_view' must be a tensor_view<…> type",
        );
    };
    let dims: Vec<Option<i64>> = dims.iter().map(|d| d.map(|x| x as i64)).collect();
    let mut dynamic = match_entries(p, "shape", shape, &dims, at_shape)?;
    dynamic.extend(match_entries(
        p, "strides", strides, &strides_t, at_strides,
    )?);
    let elem = TensorView::of(p.module(), result).map(|tv| tv.elem);
    let m = p.module();
    let base_ty = elem.map(|e| {
        let ptr = crate::types::ct_ptr(m, e);
        crate::types::tile(m, "cuda_tile", &[], ptr)
    });
    let Some(base_ty) = base_ty else {
        let loc = p.keyword_loc();
        return p.error(loc, "the tensor_view type has no element type");
    };
    let mut operands = vec![p.resolve(base, base_ty)?];
    if !dynamic.is_empty() {
        let Some(it) = index_ty else {
            return p.expected("the type of the dynamic shape and stride values, then '->'");
        };
        for v in dynamic {
            operands.push(p.resolve(v, it)?);
        }
    }
    let d = dict(p, vec![], extra);
    p.finish(op_name(OP), operands, vec![result], d, vec![])
}

/// `make_partition_view %tv [{…}] : PARTITION_VIEW` (the operand's type is the view's
/// `tensor_view` parameter); `make_strided_view %tv [{…}] : STRIDED_VIEW` the same.
pub fn parse_make_partition_view(
    p: &mut CustomParser<'_, '_>,
    op: &'static str,
    view: ViewKind,
) -> PResult<Op> {
    let kind = view.name();
    let tv = p.value_ref()?;
    let extra = extra_attrs(p, op, &[])?;
    let r = colon_types(p, op, 1, &format!("the {kind} type"))?;
    let inner = PartitionView::of(p.module(), r[0])
        .filter(|pv| pv.kind() == view)
        .map(|pv| pv.tensor_view);
    let Some(inner) = inner else {
        let loc = p.keyword_loc();
        let msg = format!("the result of '{op}' must be a {kind}<…, tensor_view<…>> type");
        return p.error(loc, msg);
    };
    let operands = vec![p.resolve(tv, inner)?];
    let d = dict(p, vec![], extra);
    p.finish(op_name(op), operands, r, d, vec![])
}

/// `SEM [SCOPE]` of a view op.
fn pair(p: &mut CustomParser<'_, '_>, op: &str) -> PResult<Vec<(&'static str, AttrData)>> {
    let sem = ordering(p, op)?;
    let mut v = vec![("mem_semantic", AttrData::Sem(sem))];
    if let Some(s) = scope(p)? {
        v.push(("mem_scope", AttrData::Scope(s)));
    }
    Ok(v)
}

/// `%view[%i, …] [token = %t]`: the view, the indices, the token.
type Indexed<'s> = (ValueRef<'s>, Vec<ValueRef<'s>>, Option<ValueRef<'s>>);

fn indexed<'s>(p: &mut CustomParser<'_, 's>, op: &str) -> PResult<Indexed<'s>> {
    let view = p.value_ref()?;
    p.expect("[")?;
    let mut idx = Vec::new();
    if !p.eat("]") {
        idx = super::parse::value_list(p)?;
        p.expect("]")?;
    }
    let token = if p.eat("token") {
        p.expect("=")?;
        Some(p.value_ref()?)
    } else {
        None
    };
    if super::tokens::at_word(p, "optimization_hints") {
        let at = p.here();
        return p.error(
            at,
            format!("'{op}' does not take NVIDIA's optimization_hints in tilec yet"),
        );
    }
    Ok((view, idx, token))
}

/// `: T…, I…`: the op's `fixed` types, then one type for every index or one each.
fn view_types(
    p: &mut CustomParser<'_, '_>,
    op: &str,
    fixed: usize,
    n: usize,
) -> PResult<(Vec<Type>, Vec<Type>)> {
    if !p.eat(":") {
        return p.expected(&format!("':' and the types of '{op}'"));
    }
    let ts = super::parse::type_list(p)?;
    let k = ts.len().saturating_sub(fixed);
    let its = match k {
        0 if n == 0 => vec![],
        1 if n > 0 => vec![ts[fixed].0; n],
        k if k == n => ts[fixed..].iter().map(|t| t.0).collect(),
        _ => {
            let at = ts[ts.len() - 1].1;
            let what = if fixed == 1 {
                "the view type"
            } else {
                "the tile and view types"
            };
            return p.error(
                at,
                format!("'{op}' takes {what}, then one type for all {n} indices or one each, but {} types were written", ts.len()),
            );
        }
    };
    Ok((ts[..fixed].iter().map(|t| t.0).collect(), its))
}

/// `load_view_tko SEM [SCOPE] %view[%i, …] [token = %t] [{…}] : VIEW, I… -> TILE, token`.
pub fn parse_load_view(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "load_view_tko";
    let fixed = pair(p, OP)?;
    let (view, idx, token) = indexed(p, OP)?;
    let extra = extra_attrs(p, OP, SPELLED)?;
    let (vt, its) = view_types(p, OP, 1, idx.len())?;
    arrow(p, "the loaded tile and token types")?;
    let results = exact_types(p, OP, 2, "the loaded tile and the token")?;
    let mut operands = vec![p.resolve(view, vt[0])?];
    for (v, t) in idx.iter().zip(its) {
        operands.push(p.resolve(*v, t)?);
    }
    if let Some(t) = token {
        let tt = token_type(p.module());
        operands.push(p.resolve(t, tt)?);
    }
    let d = dict(p, fixed, extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `store_view_tko SEM [SCOPE] %tile, %view[%i, …] [token = %t] [{…}] : TILE, VIEW, I… -> token`.
pub fn parse_store_view(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "store_view_tko";
    let fixed = pair(p, OP)?;
    let tile = p.value_ref()?;
    p.expect(",")?;
    let (view, idx, token) = indexed(p, OP)?;
    let extra = extra_attrs(p, OP, SPELLED)?;
    let (ts, its) = view_types(p, OP, 2, idx.len())?;
    arrow(p, "the token type")?;
    let results = exact_types(p, OP, 1, "the token")?;
    let mut operands = vec![p.resolve(tile, ts[0])?, p.resolve(view, ts[1])?];
    for (v, t) in idx.iter().zip(its) {
        operands.push(p.resolve(*v, t)?);
    }
    if let Some(t) = token {
        let tt = token_type(p.module());
        operands.push(p.resolve(t, tt)?);
    }
    let d = dict(p, fixed, extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// `atomic_red_view_tko SEM SCOPE %view[%i, …], MODE, %tile [token = %t] [{…}] : TILE, VIEW,
/// I… -> token`.
pub fn parse_atomic_red_view(p: &mut CustomParser<'_, '_>) -> PResult<Op> {
    const OP: &str = "atomic_red_view_tko";
    let mut fixed = pair(p, OP)?;
    let view = p.value_ref()?;
    p.expect("[")?;
    let mut idx = Vec::new();
    if !p.eat("]") {
        idx = super::parse::value_list(p)?;
        p.expect("]")?;
    }
    p.expect(",")?;
    let at = p.pos();
    let word = p.ident();
    p.set_pos(at);
    let kind = rmw_mode(p)?;
    p.expect(",")?;
    let tile = p.value_ref()?;
    let token = if p.eat("token") {
        p.expect("=")?;
        Some(p.value_ref()?)
    } else {
        None
    };
    let mut spelled = SPELLED.to_vec();
    spelled.push("kind");
    let extra = extra_attrs(p, OP, &spelled)?;
    let (ts, its) = view_types(p, OP, 2, idx.len())?;
    super::keywords::check_add_mode(p, word, ts[0], false)?;
    arrow(p, "the token type")?;
    let results = exact_types(p, OP, 1, "the token")?;
    let mut operands = vec![p.resolve(view, ts[1])?];
    for (v, t) in idx.iter().zip(its) {
        operands.push(p.resolve(*v, t)?);
    }
    operands.push(p.resolve(tile, ts[0])?);
    if let Some(t) = token {
        let tt = token_type(p.module());
        operands.push(p.resolve(t, tt)?);
    }
    fixed.insert(0, ("kind", AttrData::Rmw(kind)));
    let d = dict(p, fixed, extra);
    p.finish(op_name(OP), operands, results, d, vec![])
}

/// Prints `atomic_red_view_tko`; false when it does not have the shape its syntax spells.
pub fn print_atomic_red_view(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let Some((sem, sc)) = pair_of(m, op) else {
        return false;
    };
    let Some(AttrData::Rmw(kind)) = m.get_attr(op, tilec_ir::Sym::new("kind")).cloned() else {
        return false;
    };
    let token = ops.last().copied().filter(|&t| is_token(m, t));
    let end = ops.len() - usize::from(token.is_some());
    if end < 2 || m.num_results(op) != 1 || ops[..end].iter().any(|&v| is_token(m, v)) {
        return false;
    }
    let (view, idx, tile) = (ops[0], &ops[1..end - 1], ops[end - 1]);
    let tt = m.value_type(tile);
    let float = crate::types::tile_shape(m, tt)
        .is_some_and(|(_, e)| matches!(m.type_data(e), tilec_ir::TypeData::Float(_)));
    let mode = match kind {
        tilec_ir::RmwKind::Add if float => "addf",
        tilec_ir::RmwKind::Exch => "xchg",
        k => k.as_str(),
    };
    let its = types_of(m, idx);
    let res = result_types(m, op);
    p.keyword("cuda_tile", "atomic_red_view_tko");
    p.write(" ");
    p.write(ordering_kw(sem));
    if let Some(s) = sc {
        p.write(" ");
        p.write(scope_kw(s));
    }
    p.write(" ");
    p.value(view);
    p.write("[");
    super::print::values(p, idx);
    p.write("], ");
    p.write(mode);
    p.write(", ");
    p.value(tile);
    if let Some(t) = token {
        p.write(" token = ");
        p.value(t);
    }
    print_extra(p, op, &["mem_semantic", "mem_scope", "kind"]);
    p.write(" : ");
    print_type(p, tt);
    p.write(", ");
    print_type(p, m.value_type(view));
    index_types(p, &its);
    p.write(" -> ");
    super::print::types(p, &res);
    true
}

/// `get_index_space_shape %pv [{…}] : PV -> T` / `get_tensor_shape %tv [{…}] : TV -> T`: one
/// result per dimension, all of type `T` (`%n:2 = …`).
pub fn parse_shape_query(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let v = p.value_ref()?;
    let extra = extra_attrs(p, kw, &[])?;
    let vt = colon_types(p, kw, 1, "the view type")?;
    arrow(p, "the result type")?;
    let r = exact_types(p, kw, 1, "the result type (one for every dimension)")?;
    let n = p.declared_results().max(1);
    let operands = vec![p.resolve(v, vt[0])?];
    let d = dict(p, vec![], extra);
    p.finish(op_name(kw), operands, vec![r[0]; n], d, vec![])
}

/// Prints a shape query.
pub fn print_shape_query(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    if ops.len() != 1 || res.is_empty() || res.iter().any(|&t| t != res[0]) {
        return false;
    }
    let vt = m.value_type(ops[0]);
    p.keyword("cuda_tile", kw);
    p.write(" ");
    p.value(ops[0]);
    print_extra(p, op, &[]);
    p.write(" : ");
    print_type(p, vt);
    p.write(" -> ");
    print_type(p, res[0]);
    true
}

// ---- printing ----------------------------------------------------------------------------------

/// Prints `make_tensor_view`; false when the operands do not match the result type's `?`s.
pub fn print_make_tensor_view(p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    let Some(TensorView {
        shape: dims,
        strides,
        elem,
    }) = res.first().and_then(|&t| TensorView::of(m, t))
    else {
        return false;
    };
    let dims: Vec<Option<i64>> = dims.iter().map(|d| d.map(|x| x as i64)).collect();
    let n_dyn = dims.iter().chain(&strides).filter(|x| x.is_none()).count();
    if ops.len() != 1 + n_dyn || res.len() != 1 {
        return false;
    }
    // The custom form does not spell the base's type: it reads back as `tile<ptr<ELEM>>` of the
    // view's element type, so an ill-typed base (the verifier's error) prints generic.
    let base_ok = crate::types::tile_shape(m, m.value_type(ops[0])).is_some_and(|(ds, e)| {
        ds.is_empty() && crate::types::ptr_info(m, e).is_some_and(|(_, p)| p == Some(elem))
    });
    if !base_ok {
        return false;
    }
    let dyn_types = types_of(m, &ops[1..]);
    if dyn_types.iter().any(|&t| t != dyn_types[0]) {
        return false;
    }
    p.keyword("cuda_tile", "make_tensor_view");
    p.write(" ");
    p.value(ops[0]);
    let mut next = 1;
    for (what, list) in [(", shape = [", &dims), ("], strides = [", &strides)] {
        p.write(what);
        for (i, e) in list.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            match e {
                Some(x) => p.write(&x.to_string()),
                None => {
                    p.value(ops[next]);
                    next += 1;
                }
            }
        }
    }
    p.write("]");
    print_extra(p, op, &[]);
    p.write(" : ");
    if let Some(&t) = dyn_types.first() {
        print_type(p, t);
        p.write(" -> ");
    }
    print_type(p, res[0]);
    true
}

/// Prints `make_partition_view` (or `make_strided_view`, `name`).
pub fn print_make_partition_view(p: &mut CustomPrinter<'_, '_>, op: Op, name: &str) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    if ops.len() != 1 || res.len() != 1 {
        return false;
    }
    // The custom form reads the operand's type from the result's tensor_view: an operand of
    // another type (the verifier's error) prints generic.
    let same =
        PartitionView::of(m, res[0]).is_some_and(|pv| pv.tensor_view == m.value_type(ops[0]));
    if !same {
        return false;
    }
    p.keyword("cuda_tile", name);
    p.write(" ");
    p.value(ops[0]);
    print_extra(p, op, &[]);
    p.write(" : ");
    print_type(p, res[0]);
    true
}

/// `, T` for indices of one type `T`, else `, T1, T2, …` (what [`view_types`] reads back).
fn index_types(p: &mut CustomPrinter<'_, '_>, its: &[Type]) {
    let one = its.first().filter(|&&f| its.iter().all(|&t| t == f));
    for &t in one.map_or(its, std::slice::from_ref) {
        p.write(", ");
        print_type(p, t);
    }
}

/// Prints `load_view_tko` (`fixed` = 1) or `store_view_tko` (`fixed` = 2: the tile first).
pub fn print_view_access(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str, fixed: usize) -> bool {
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let Some((sem, sc)) = pair_of(m, op) else {
        return false;
    };
    if ops.len() < fixed || m.num_results(op) != 3 - fixed {
        return false;
    }
    let token = ops
        .last()
        .copied()
        .filter(|&t| ops.len() > fixed && is_token(m, t));
    let end = ops.len() - usize::from(token.is_some());
    let idx = &ops[fixed..end];
    if idx.iter().any(|&v| is_token(m, v)) {
        return false;
    }
    let ins = types_of(m, &ops[..fixed]);
    let its = types_of(m, idx);
    let res = result_types(m, op);
    p.keyword("cuda_tile", kw);
    p.write(" ");
    p.write(ordering_kw(sem));
    if let Some(s) = sc {
        p.write(" ");
        p.write(scope_kw(s));
    }
    p.write(" ");
    if fixed == 2 {
        p.value(ops[0]);
        p.write(", ");
    }
    p.value(ops[fixed - 1]);
    p.write("[");
    super::print::values(p, idx);
    p.write("]");
    if let Some(t) = token {
        p.write(" token = ");
        p.value(t);
    }
    print_extra(p, op, SPELLED);
    p.write(" : ");
    super::print::types(p, &ins);
    index_types(p, &its);
    p.write(" -> ");
    super::print::types(p, &res);
    true
}
