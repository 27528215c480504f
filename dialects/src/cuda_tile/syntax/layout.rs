//! NVIDIA's `permute %x [2, 0, 1] : S -> R` and `extract %x[%i, %j] : S -> R` (the indices are
//! 0-d i32 tiles, their type not written).

use super::parse::{arrow, colon_types, dict, exact_types, extra_attrs, op_name, PResult};
use super::print::{extra_attrs as print_extra, result_types, types_of, values};
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Op, Sym};

/// Whether `kw` is one of this module's ops.
pub fn parses(kw: &str) -> bool {
    matches!(kw, "permute" | "extract")
}

/// Parses `permute` or `extract`.
pub fn parse(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let x = p.value_ref()?;
    let (perm, idx) = if kw == "permute" {
        (Some(int_list(p)?), vec![])
    } else {
        p.expect("[")?;
        let mut idx = Vec::new();
        if !p.eat("]") {
            idx = super::parse::value_list(p)?;
            p.expect("]")?;
        }
        (None, idx)
    };
    let extra = extra_attrs(p, kw, &["permutation"])?;
    let s = colon_types(p, kw, 1, "the source type")?[0];
    arrow(p, "the result type")?;
    let r = exact_types(p, kw, 1, "the result")?;
    let mut operands = vec![p.resolve(x, s)?];
    if !idx.is_empty() {
        let m = p.module();
        let i32t = m.int_type(32);
        let it = crate::types::tile(m, "cuda_tile", &[], i32t);
        for i in idx {
            operands.push(p.resolve(i, it)?);
        }
    }
    let own = perm
        .map(|v| vec![("permutation", AttrData::DenseI32(v.into()))])
        .unwrap_or_default();
    let d = dict(p, own, extra);
    p.finish(op_name(kw), operands, r, d, vec![])
}

/// `[a, b, …]` of integers.
fn int_list(p: &mut CustomParser<'_, '_>) -> PResult<Vec<i32>> {
    p.expect("[")?;
    let mut v = Vec::new();
    if p.eat("]") {
        return Ok(v);
    }
    loop {
        p.skip();
        let at = p.here();
        let rest = p.rest();
        let n = rest
            .char_indices()
            .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '-'))
            .count();
        match rest[..n].parse::<i32>() {
            Ok(x) => {
                let end = p.pos() + n;
                p.set_pos(end);
                v.push(x);
            }
            Err(_) => return p.error(at, "expected an integer of the permutation"),
        }
        if p.eat("]") {
            return Ok(v);
        }
        p.expect(",")?;
    }
}

/// Prints `permute`/`extract` in NVIDIA's form; false when malformed.
pub fn print(p: &mut CustomPrinter<'_, '_>, op: Op, short: &str) -> bool {
    if !parses(short) {
        return false;
    }
    let m = p.module();
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    if ops.is_empty() || res.len() != 1 {
        return false;
    }
    let perm = match m.get_attr(op, Sym::new("permutation")) {
        Some(AttrData::DenseI32(v)) => Some(v.to_vec()),
        _ => None,
    };
    if short == "permute" && (perm.is_none() || ops.len() != 1) {
        return false;
    }
    // The custom form does not spell the indices' type: it reads them back as tile<i32>, so
    // an (ill-typed) index of another type prints generic.
    let i32_index = |v: &tilec_ir::Value| {
        crate::types::tile_shape(m, m.value_type(*v)).is_some_and(|(dims, e)| {
            dims.is_empty() && matches!(m.type_data(e), tilec_ir::TypeData::Int(32))
        })
    };
    if short == "extract" && !ops[1..].iter().all(i32_index) {
        return false;
    }
    let ins = types_of(m, &ops);
    p.keyword("cuda_tile", short);
    p.write(" ");
    p.value(ops[0]);
    if let Some(perm) = perm.filter(|_| short == "permute") {
        let list: Vec<String> = perm.iter().map(i32::to_string).collect();
        p.write(&format!(" [{}]", list.join(", ")));
        print_extra(p, op, &["permutation"]);
    } else {
        p.write("[");
        values(p, &ops[1..]);
        p.write("]");
        print_extra(p, op, &[]);
    }
    super::print::unary_types(p, ins[0], res[0]);
    true
}
