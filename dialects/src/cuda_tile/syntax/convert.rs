//! NVIDIA's conversion syntax (cuda_tile `Ops.td`, `CudaTileConversionOpDef`):
//!
//! - `itof %x signed|unsigned [rounding<nearest_even>] : S -> R` is tilec's `sitofp`/`uitofp`;
//! - `ftoi %x signed|unsigned [rounding<nearest_int_to_zero>] : S -> R` is `fptosi`/`fptoui`;
//! - `ftof %x [rounding<R>] : S -> R` and `bitcast %x : S -> R` are the ops of the same name;
//! - tilec's own names are read as written: `sitofp %x : S -> R` (no signedness keyword).
//!
//! The rounding NVIDIA prints only when it is not the op's default. `itof` and `ftoi` have one
//! rounding (NVIDIA's verifier rejects the others), so a written default is read and means
//! nothing more, and any other rounding is an error at its word. `ftof` keeps a rounding other
//! than `nearest_even` as its `rounding_mode` (`#cuda_tile.rounding<zero>`): conversions to
//! `f8E8M0FNU` take `zero` or `positive_inf`, which the verifier checks
//! (`conversions::check_convert`).

use super::compute::{finish_unary, finish_unary_with};
use super::keywords::signedness;
use super::parse::PResult;
use super::print::{extra_attrs as print_extra, result_types, types_of};
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Op, Sym};

/// (NVIDIA keyword, tilec op if signed, if unsigned or unsigned-less, the one rounding).
const FORMS: &[(&str, &str, &str, &str)] = &[
    ("itof", "sitofp", "uitofp", "nearest_even"),
    ("ftoi", "fptosi", "fptoui", "nearest_int_to_zero"),
    ("ftof", "", "ftof", "nearest_even"),
    ("bitcast", "", "bitcast", ""),
];

/// tilec's own names, read as written (`sitofp %x : S -> R`, no signedness keyword).
const TILEC: &[&str] = &["sitofp", "uitofp", "fptosi", "fptoui"];

/// Whether `kw` is a conversion keyword this module parses.
pub fn parses(kw: &str) -> bool {
    FORMS.iter().any(|f| f.0 == kw) || TILEC.contains(&kw)
}

/// Parses the conversion `kw` (one of [`parses`]).
pub fn parse(p: &mut CustomParser<'_, '_>, kw: &str) -> PResult<Op> {
    if TILEC.contains(&kw) {
        return finish(p, kw, kw);
    }
    let Some(&(_, signed_name, name, rounding)) = FORMS.iter().find(|f| f.0 == kw) else {
        let at = p.keyword_loc();
        return p.error(at, format!("'{kw}' is not a conversion"));
    };
    let x = p.value_ref()?;
    let name = if signed_name.is_empty() || !signedness(p)? {
        name
    } else {
        signed_name
    };
    if kw == "ftof" {
        let fixed = match any_rounding(p)? {
            Some(w) if w != rounding => vec![(ROUNDING, rounding_attr(&w))],
            _ => vec![],
        };
        return finish_unary_with(p, kw, name, x, fixed);
    }
    if !rounding.is_empty() {
        default_rounding(p, kw, rounding)?;
    }
    finish_unary(p, kw, name, x)
}

const ROUNDING: &str = "rounding_mode";

/// `#cuda_tile.rounding<w>`.
fn rounding_attr(w: &str) -> AttrData {
    AttrData::Opaque {
        name: Sym::new("cuda_tile.rounding"),
        body: w.into(),
    }
}

/// `rounding<R>` when it comes next: its word.
fn any_rounding(p: &mut CustomParser<'_, '_>) -> PResult<Option<String>> {
    if !super::tokens::at_word(p, "rounding") {
        return Ok(None);
    }
    let _ = p.ident();
    p.expect("<")?;
    let Some((v, _)) = p.ident() else {
        return p.expected("a rounding mode");
    };
    let v = v.to_string();
    p.expect(">")?;
    Ok(Some(v))
}

/// `%x [{…}] : S -> R` of tilec's own conversion names.
fn finish(p: &mut CustomParser<'_, '_>, kw: &str, name: &str) -> PResult<Op> {
    let x = p.value_ref()?;
    finish_unary(p, kw, name, x)
}

/// `rounding<R>` when it comes next: `R` must be the op's one rounding (consumed).
fn default_rounding(p: &mut CustomParser<'_, '_>, kw: &str, only: &str) -> PResult<()> {
    if !super::tokens::at_word(p, "rounding") {
        return Ok(());
    }
    let _ = p.ident();
    p.expect("<")?;
    let Some((v, loc)) = p.ident() else {
        return p.expected("a rounding mode");
    };
    if v != only {
        return p.error(
            loc,
            format!("'{kw}' with rounding<{v}> is not supported (only rounding<{only}>)"),
        );
    }
    p.expect(">")?;
    Ok(())
}

/// Prints the conversion `short` in NVIDIA's form; false when it is not one (or malformed).
pub fn print(p: &mut CustomPrinter<'_, '_>, op: Op, short: &str) -> bool {
    let m = p.module();
    let Some(&(kw, s, u, _)) = FORMS.iter().find(|f| f.1 == short || f.2 == short) else {
        return false;
    };
    let ops = m.operands(op).to_vec();
    let res = result_types(m, op);
    if ops.len() != 1 || res.len() != 1 {
        return false;
    }
    let ins = types_of(m, &ops);
    p.keyword("cuda_tile", kw);
    p.write(" ");
    p.value(ops[0]);
    if !s.is_empty() {
        p.write(if short == u { " unsigned" } else { " signed" });
    }
    let rounding = match crate::cuda_tile::words::word(m, op, ROUNDING) {
        Some(w) if kw == "ftof" => Some(w.to_string()),
        _ => None,
    };
    if let Some(w) = &rounding {
        p.write(&format!(" rounding<{w}>"));
    }
    print_extra(p, op, if rounding.is_some() { &[ROUNDING] } else { &[] });
    super::print::unary_types(p, ins[0], res[0]);
    true
}
