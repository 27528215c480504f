//! NVIDIA's `reduce` and `scan` (the same with `reverse=true|false` after `dim`), in its format (`Ops.td`, `CudaTile_ReduceOp`'s assembly format):
//!
//! ```text
//! %r = reduce %x dim=0 identities=[0.000000e+00 : f32] : tile<32xf32> -> tile<f32>
//!   (%x_elem: tile<f32>, %x_acc: tile<f32>) {
//!     %s = addf %x_elem, %x_acc : tile<f32>
//!     yield %s : tile<f32>
//!   }
//! ```
//!
//! The IR: the inputs are the operands, `dim` an i32 attribute, `identities` an array of typed
//! numbers (one per input), the body one block whose arguments are the (element, accumulator)
//! pair of each input, in order.

use super::parse::{arrow, dict, extra_attrs, op_name, region, type_list, value_list, PResult};
use super::print::{extra_attrs as print_extra, result_types, types, types_of, values};
use super::types::{parse_type, print_type};
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Op, Sym};

/// `reduce %a, … [{…}] dim=D identities=[…] : T… -> R… (%e: t, %acc: t, …) { … }`, and
/// `scan` with `reverse=true|false` after `dim`.
pub fn parse_reduce(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let op_kw = kw;
    let refs = value_list(p)?;
    let extra = extra_attrs(p, op_kw, &["dim", "reverse", "identities"])?;
    p.expect("dim")?;
    p.expect("=")?;
    p.skip();
    let at = p.here();
    let dim = match p.generic_attr()? {
        AttrData::Int { value, .. } if (0..=i64::from(i32::MAX)).contains(&value) => value,
        _ => return p.error(at, "'dim' must be a non-negative integer"),
    };
    let reverse = if op_kw == "scan" {
        p.expect("reverse")?;
        p.expect("=")?;
        p.skip();
        let at = p.here();
        match p.ident() {
            Some(("true", _)) => Some(true),
            Some(("false", _)) => Some(false),
            _ => return p.error(at, "'reverse' must be true or false"),
        }
    } else {
        None
    };
    p.expect("identities")?;
    p.expect("=")?;
    p.skip();
    let at = p.here();
    let ids = p.generic_attr()?;
    if !matches!(ids, AttrData::Array(_)) {
        return p.error(at, "'identities' must be an array ([0.0 : f32, …])");
    }
    if !p.eat(":") {
        return p.expected("':' and the input types");
    }
    let ins = type_list(p)?;
    arrow(p, "the result types")?;
    let outs = type_list(p)?;
    p.expect("(")?;
    let mut args = Vec::new();
    loop {
        let (name, loc) = p.new_value_name()?;
        p.expect(":")?;
        let (t, _) = parse_type(p)?;
        args.push((name, t, loc));
        if !p.eat(",") {
            break;
        }
    }
    p.expect(")")?;
    let in_types: Vec<_> = ins.iter().map(|t| t.0).collect();
    let operands = refs
        .iter()
        .zip(in_types.iter().chain(std::iter::repeat(&in_types[0])))
        .map(|(r, t)| p.resolve(*r, *t))
        .collect::<PResult<Vec<_>>>()?;
    let (body, _) = region(p, &args)?;
    let i32t = p.module().int_type(32);
    let mut fixed = vec![(
        "dim",
        AttrData::Int {
            value: dim,
            ty: i32t,
        },
    )];
    if let Some(r) = reverse {
        fixed.push(("reverse", AttrData::Bool(r)));
    }
    fixed.push(("identities", ids));
    let d = dict(p, fixed, extra);
    let results = outs.into_iter().map(|t| t.0).collect();
    p.finish(op_name(op_kw), operands, results, d, vec![body])
}

/// Prints `reduce` or `scan` (`kw`); false (generic form) unless its body is one block.
pub fn print_reduce(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str) -> bool {
    let m = p.module();
    let reverse = match m.get_attr(op, Sym::new("reverse")) {
        Some(AttrData::Bool(r)) => Some(*r),
        _ => None,
    };
    if (kw == "scan") != reverse.is_some() {
        return false;
    }
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    let (Some(AttrData::Int { value: dim, .. }), Some(ids @ AttrData::Array(_))) = (
        m.get_attr(op, Sym::new("dim")).cloned(),
        m.get_attr(op, Sym::new("identities")).cloned(),
    ) else {
        return false;
    };
    let [body] = m.regions(op) else {
        return false;
    };
    let body = *body;
    let (Some(b), 1) = (m.entry_block(body), m.region_blocks(body).len()) else {
        return false;
    };
    let args = m.block_args(b).to_vec();
    let ends_in_yield = m
        .last_op(b)
        .is_some_and(|l| m.op_name(l).as_str() == "cuda_tile.yield");
    if ops.is_empty() || args.is_empty() || !ends_in_yield {
        return false;
    }
    let ins = types_of(m, &ops);
    p.keyword("cuda_tile", kw);
    p.write(" ");
    values(p, &ops);
    print_extra(p, op, &["dim", "reverse", "identities"]);
    p.write(&format!(" dim={dim}"));
    if let Some(r) = reverse {
        p.write(&format!(" reverse={r}"));
    }
    p.write(" identities=");
    p.generic_attr(&ids);
    p.write(" : ");
    types(p, &ins);
    p.write(" -> ");
    types(p, &res);
    p.write(" (");
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.value(a);
        p.write(": ");
        let t = p.module().value_type(a);
        print_type(p, t);
    }
    p.write(") ");
    p.region(body, Some("cuda_tile"), false);
    true
}
