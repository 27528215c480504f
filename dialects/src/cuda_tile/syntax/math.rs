//! NVIDIA's elementwise math ops, every operand and the result of one type, with the modifiers
//! NVIDIA writes before the colon:
//!
//! ```text
//! %y = exp %x rounding<approx> : tile<128xf32>   // exp2 log log2 sqrt rsqrt tanh fma negf absf …
//! %z = sqrt %x rounding<nearest_even> flush_to_zero : tile<f32>
//! %m = maxf %a, %b flush_to_zero propagate_nan : tile<f32>  // minf alike; either order
//! %p = pow %a, %b : tile<2x2xf32>                // atan2 remf; sin cos tan sinh cosh (one operand)
//! ```
//!
//! A modifier is read only for an op whose declaration has its attribute (`rounding_mode`, a
//! `#cuda_tile.rounding<…>` word; `flush_to_zero`, `propagate_nan`: unit flags): the catalog
//! says which. What the lowering does with each value is its business (it refuses what it does
//! not implement).

use super::parse::{colon_types, dict, extra_attrs, op_name, PResult};
use super::print::{extra_attrs as print_extra, values};
use super::types::print_type;
use crate::cuda_tile::words;
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Op, Sym};

/// The same-type math ops (tilec's float math, `negi`/`absi`, `floor`/`ceil`, and NVIDIA's math
/// ops that do not lower yet).
pub(super) const SAME_TYPE: &[&str] = &[
    "negf", "absf", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "fma", "negi", "absi",
    "floor", "ceil", "sin", "cos", "tan", "sinh", "cosh", "pow", "atan2", "remf",
];

const ROUNDING: &str = "rounding_mode";
const FTZ: &str = "flush_to_zero";
const NAN: &str = "propagate_nan";

/// The unit modifiers, in the order NVIDIA prints them (`maxf`/`minf`'s `oilist` reads them in
/// any order, each once).
const FLAGS: [&str; 2] = [FTZ, NAN];

/// Whether `kw` is one of these ops.
pub(super) fn parses(kw: &str) -> bool {
    SAME_TYPE.contains(&kw)
}

/// Whether op `kw`'s declaration has attribute `key`.
fn takes(kw: &str, key: &str) -> bool {
    crate::op_def(op_name(kw)).is_some_and(|d| d.attrs.iter().any(|a| a.key == key))
}

/// `OP %a, … [rounding<R>] [flush_to_zero] [{…}] : T`.
pub(super) fn parse(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    let refs = super::parse::value_list(p)?;
    if kw == "negi" {
        super::compute::skip_overflow(p, kw)?;
    }
    let fixed = modifiers(p, kw)?;
    // A modifier not written as a keyword may still come in the dictionary (the older form).
    let spelled: Vec<&str> = fixed.iter().map(|(k, _)| *k).collect();
    let extra = extra_attrs(p, kw, &spelled)?;
    let t = colon_types(p, kw, 1, "the type of the operands and the result")?;
    let operands = refs
        .iter()
        .map(|r| p.resolve(*r, t[0]))
        .collect::<PResult<Vec<_>>>()?;
    let d = dict(p, fixed, extra);
    p.finish(op_name(kw), operands, t, d, vec![])
}

/// `[rounding<R>] [flush_to_zero | propagate_nan]*` after the operands of op `kw` (also `addf`,
/// `subf`, `mulf`, `divf`, `maxf`, `minf`): each only where the op's declaration has its
/// attribute.
pub(super) fn modifiers(
    p: &mut CustomParser<'_, '_>,
    kw: &str,
) -> PResult<Vec<(&'static str, AttrData)>> {
    let mut fixed = Vec::new();
    if super::tokens::at_word(p, "rounding") {
        let loc = p.here();
        let _ = p.ident();
        p.expect("<")?;
        let Some((w, _)) = p.ident() else {
            return p.expected("a rounding mode");
        };
        p.expect(">")?;
        if !takes(kw, ROUNDING) {
            return p.error(loc, format!("'{kw}' takes no rounding mode"));
        }
        let word = AttrData::Opaque {
            name: Sym::new("cuda_tile.rounding"),
            body: w.into(),
        };
        fixed.push((ROUNDING, word));
    }
    flags(p, kw, &mut fixed)?;
    Ok(fixed)
}

/// The unit modifiers ([`FLAGS`]) that follow, in any order: each one the op's declaration has,
/// at most once.
fn flags(
    p: &mut CustomParser<'_, '_>,
    kw: &str,
    fixed: &mut Vec<(&'static str, AttrData)>,
) -> PResult<()> {
    while let Some(&flag) = FLAGS.iter().find(|f| super::tokens::at_word(p, f)) {
        let loc = p.here();
        let _ = p.ident();
        if !takes(kw, flag) {
            return p.error(loc, format!("'{kw}' takes no {flag}"));
        }
        if fixed.iter().any(|(k, _)| *k == flag) {
            return p.error(loc, format!("'{kw}' has {flag} twice"));
        }
        fixed.push((flag, AttrData::Unit));
    }
    Ok(())
}

/// Prints ` rounding<R>`, ` flush_to_zero` and ` propagate_nan` of `op` where it has them (NVIDIA's
/// order); the attribute keys
/// so written (a rounding that is not a word, from generic text, stays in the dictionary).
pub(super) fn print_modifiers(p: &mut CustomPrinter<'_, '_>, op: Op) -> &'static [&'static str] {
    let m = p.module();
    let rounding = words::word(m, op, ROUNDING).map(str::to_string);
    let set: Vec<&str> = FLAGS
        .into_iter()
        .filter(|f| m.get_attr(op, Sym::new(f)).is_some())
        .collect();
    let spelled_rounding = rounding.is_some() || m.get_attr(op, Sym::new(ROUNDING)).is_none();
    if let Some(r) = &rounding {
        p.write(&format!(" rounding<{r}>"));
    }
    for f in set {
        p.write(" ");
        p.write(f);
    }
    if spelled_rounding {
        &[ROUNDING, FTZ, NAN]
    } else {
        &[FTZ, NAN]
    }
}

/// Prints `op` in the form [`parse`] reads, when its operands and result have one type.
pub(super) fn print(p: &mut CustomPrinter<'_, '_>, op: Op, kw: &str) -> bool {
    let m = p.module();
    let ops: Vec<tilec_ir::Value> = m.operands(op).to_vec();
    let res: Vec<tilec_ir::Type> = m.results(op).map(|r| m.value_type(r)).collect();
    let [t] = res[..] else {
        return false;
    };
    if ops.is_empty() || ops.iter().any(|&v| m.value_type(v) != t) {
        return false;
    }
    p.keyword("cuda_tile", kw);
    p.write(" ");
    values(p, &ops);
    let spelled = print_modifiers(p, op);
    print_extra(p, op, spelled);
    p.write(" : ");
    print_type(p, t);
    true
}
