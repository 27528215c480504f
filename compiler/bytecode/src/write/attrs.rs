//! The attribute fields of an op's bytecode layout, filled from a cuda_tile op: the inverse of
//! the lift's reading of NVIDIA's attributes (`lift.rs`, `attributes`).
//!
//! A field is found by its kind, never by position in the op: an `Enum` field by its enum (the
//! memory pair from `#mem.sem`/`#mem.scope`, a comparison from tilec's predicate, a signedness
//! from the op's name or its `signedness` word, a rounding from its word or the op's default),
//! the other kinds by the one attribute of the op that has that kind. `None` is an absent
//! optional field.

use super::from_module::{Writer, R};
use crate::model::{Attr, OpAttr};
use crate::ops_table::{AttrKind, EnumKind};
use tilec_dialects::cuda_tile::words::{signedness, word};
use tilec_dialects::cuda_tile::{self as ct, OpKind};
use tilec_dialects::opdef::{scope_key, sem_key};
use tilec_dialects::types::tile_shape;
use tilec_ir::{AttrData, MemScope, MemSemantic, Module, Op, RmwKind, Sym};

/// What filling one attribute field needs to know of its op.
pub(super) struct AttrCx {
    pub kind: OpKind,
    pub op: Op,
    /// The signedness tilec's op name implies (`extsi`: signed).
    pub signed: Option<bool>,
    /// Which attribute field of the layout this is (mmai's two signedness fields).
    pub nth: usize,
    /// The field is not optional: an absent attribute takes its default.
    pub required: bool,
    /// How many index operands a view access has.
    pub indices: usize,
}

/// The value of attribute field `k` of the op.
pub(super) fn attr_value(
    w: &mut Writer<'_>,
    m: &Module,
    k: AttrKind,
    cx: &AttrCx,
) -> R<Option<OpAttr>> {
    let get = |key: &str| m.get_attr(cx.op, Sym::new(key));
    Ok(match k {
        AttrKind::Enum(e) => enum_value(m, e, cx)?.map(|v| OpAttr::Enum(e, v)),
        AttrKind::Bool => match get(ct::Scan::REVERSE) {
            Some(AttrData::Bool(b)) => Some(OpAttr::Bool(*b)),
            _ => None,
        },
        AttrKind::Int => match get(int_key(cx)) {
            Some(AttrData::Int { value, .. }) => Some(OpAttr::Int(
                u64::try_from(*value).map_err(|_| "a negative integer attribute")?,
            )),
            _ => None,
        },
        AttrKind::Str => {
            let s = [
                ct::PrintTko::STR,
                ct::Assert::MESSAGE,
                "name", // get_global's symbol (its key constant would clash with `OpView::NAME`)
            ]
            .iter()
            .find_map(|&key| match get(key) {
                Some(AttrData::Str(s)) => Some(s.to_string()),
                Some(AttrData::SymbolRef(s)) => Some(s.as_str().to_string()),
                _ => None,
            });
            s.map(|s| OpAttr::Str(w.string(s.as_bytes())))
        }
        AttrKind::Array => match get(ct::Reduce::IDENTITIES) {
            Some(AttrData::Array(items)) => {
                let mut out = Vec::new();
                for &a in items.iter() {
                    out.push(number(w, m, m.attr_data(a))?);
                }
                Some(OpAttr::Array(out))
            }
            _ => None,
        },
        AttrKind::Tagged => match get(ct::Assume::PREDICATE) {
            Some(AttrData::Opaque { name, body }) => Some(OpAttr::Tagged(predicate(name, body)?)),
            _ => None,
        },
        AttrKind::Dense => {
            let r = m
                .results(cx.op)
                .next()
                .ok_or("a constant without a result")?;
            let value = get(ct::Constant::VALUE).ok_or("a constant without a value")?;
            let bytes = dense_bytes(m, m.value_type(r), value)?;
            Some(OpAttr::Dense(w.constant(bytes)))
        }
        AttrKind::I32Array => match get(ct::Permute::PERMUTATION) {
            Some(AttrData::DenseI32(p)) => {
                Some(OpAttr::Ints(p.iter().map(|&x| x.into()).collect()))
            }
            _ => None,
        },
        // `inbounds` (13.4): no index is known to be in bounds.
        AttrKind::BoolArray => Some(OpAttr::Ints(vec![0; cx.indices])),
        AttrKind::Hints => match get(ct::LoadViewTko::OPTIMIZATION_HINTS) {
            None => None,
            Some(_) => return Err("optimization hints are not written to bytecode yet".into()),
        },
        AttrKind::Type => return Err("a type attribute on an op".into()),
    })
}

/// The attribute an `Int` field holds: `alloca`'s `num_elem` then `alignment`, else the `dim` of
/// `reduce`, `scan` and `cat`.
fn int_key(cx: &AttrCx) -> &'static str {
    match (cx.kind, cx.nth) {
        (OpKind::Alloca, 0) => ct::Alloca::NUM_ELEM,
        (OpKind::Alloca, _) => ct::Alloca::ALIGNMENT,
        _ => ct::Reduce::DIM,
    }
}

/// Whether `a` is what a reader assumes when the field is absent (a field of a newer version
/// than the one written may then be left out).
pub(super) fn is_default(a: &OpAttr, kind: OpKind) -> bool {
    match a {
        OpAttr::Enum(EnumKind::RoundingMode, v) => {
            EnumKind::RoundingMode.value_of(default_rounding(kind)) == Some(*v)
        }
        OpAttr::Enum(EnumKind::IntegerOverflow, v) => *v == 0,
        OpAttr::Ints(v) => v.iter().all(|&x| x == 0),
        _ => false,
    }
}

/// NVIDIA's rounding of an op that names none.
fn default_rounding(kind: OpKind) -> &'static str {
    match kind {
        OpKind::DivI | OpKind::DivSI | OpKind::DivUI => "zero",
        OpKind::FToI | OpKind::FPToSI | OpKind::FPToUI => "nearest_int_to_zero",
        OpKind::Exp | OpKind::TanH => "full",
        _ => "nearest_even",
    }
}

fn enum_value(m: &Module, e: EnumKind, cx: &AttrCx) -> R<Option<u8>> {
    let op = cx.op;
    let word_of = |name: &str| {
        e.value_of(name)
            .ok_or_else(|| format!("'{name}' is not a value of NVIDIA's {e:?}"))
    };
    let name: Option<String> = match e {
        EnumKind::MemoryOrderingSemantics => match m.get_attr(op, sem_key()) {
            Some(AttrData::Sem(MemSemantic::Sc)) => {
                return Err("tilec's 'sc' semantic has no Tile IR bytecode form".into())
            }
            Some(AttrData::Sem(s)) => Some(s.as_str().into()),
            _ => None,
        },
        EnumKind::MemoryScope => match m.get_attr(op, scope_key()) {
            Some(AttrData::Scope(s)) => Some(scope_word(*s)?.into()),
            // PTX's atom without a scope is .gpu.
            _ if cx.required => Some("device".into()),
            _ => None,
        },
        EnumKind::AtomicRMWMode => match m.get_attr(op, Sym::new(ct::AtomicRmw::KIND)) {
            Some(AttrData::Rmw(k)) => Some(rmw_word(m, op, *k)?.into()),
            _ => None,
        },
        EnumKind::ComparisonPredicate | EnumKind::ComparisonOrdering => {
            let (nvidia, first) = comparison(m, cx)?;
            Some(match e {
                EnumKind::ComparisonPredicate => nvidia.into(),
                _ if first => "ordered".into(),
                _ => "unordered".into(),
            })
        }
        EnumKind::Signedness => {
            let s = if cx.kind == OpKind::CmpI {
                Some(comparison(m, cx)?.1)
            } else if cx.kind == OpKind::MmaI {
                let key = [ct::MmaI::SIGNEDNESS_LHS, ct::MmaI::SIGNEDNESS_RHS][cx.nth.min(1)];
                signedness(m, op, key)
            } else {
                cx.signed
                    .or_else(|| signedness(m, op, ct::DivI::SIGNEDNESS))
            };
            let s = s.ok_or("no signedness")?;
            Some(if s { "signed" } else { "unsigned" }.into())
        }
        EnumKind::IntegerOverflow => Some(word(m, op, ct::NegI::OVERFLOW).unwrap_or("none").into()),
        EnumKind::RoundingMode => {
            let w = word(m, op, ct::Exp::ROUNDING_MODE).or_else(|| word(m, op, ct::DivI::ROUNDING));
            Some(w.unwrap_or(default_rounding(cx.kind)).into())
        }
        EnumKind::SymbolVisibility => Some("public".into()),
    };
    name.map(|n| word_of(&n)).transpose()
}

fn scope_word(s: MemScope) -> R<&'static str> {
    Ok(match s {
        MemScope::Cta => "tl_blk",
        MemScope::Gpu => "device",
        MemScope::Sys => "sys",
        MemScope::Cluster => {
            return Err("tilec's 'cluster' scope has no Tile IR bytecode form".into())
        }
    })
}

/// NVIDIA's atomic mode: a float add is `addf`, an exchange `xchg`.
fn rmw_word(m: &Module, op: Op, k: RmwKind) -> R<&'static str> {
    // The value operand is the one tile of floats (the others are pointers, indices, a mask).
    let float = m.operands(op).iter().any(|&v| {
        tile_shape(m, m.value_type(v))
            .is_some_and(|(_, e)| matches!(m.type_data(e), tilec_ir::TypeData::Float(_)))
    });
    Ok(match k {
        RmwKind::Add if float => "addf",
        RmwKind::Exch => "xchg",
        RmwKind::Inc | RmwKind::Dec => {
            return Err(format!(
                "atomic '{}' has no Tile IR bytecode form",
                k.as_str()
            ))
        }
        k => k.as_str(),
    })
}

/// NVIDIA's predicate of tilec's `cmpi`/`cmpf` predicate, and whether it is the signed
/// (ordered) one; `eq`/`ne` of integers read as signed.
fn comparison(m: &Module, cx: &AttrCx) -> R<(&'static str, bool)> {
    let p = tilec_dialects::cuda_tile::words::cmp_predicate(m, cx.op, cx.kind == OpKind::CmpI)
        .ok_or("a comparison without a predicate")?;
    let p = p.as_str();
    tilec_dialects::cuda_tile::syntax::keywords::nvidia_predicate(p, cx.kind == OpKind::CmpI)
        .ok_or_else(|| format!("predicate '{p}' has no Tile IR bytecode form"))
}

/// A reduction identity: a tagged number of its type, its bits masked to the type's width.
fn number(w: &mut Writer<'_>, m: &Module, data: &AttrData) -> R<Attr> {
    match *data {
        AttrData::Int { value, ty } => {
            let bits = match m.type_data(ty) {
                tilec_ir::TypeData::Int(w) => u32::from(*w),
                _ => 64,
            };
            let mask = if bits >= 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            Ok(Attr::Integer(w.ty(ty)?, value as u64 & mask))
        }
        AttrData::Float { bits, ty, .. } => Ok(Attr::Float(w.ty(ty)?, bits)),
        _ => Err("an identity that is not a number".into()),
    }
}

/// `assume`'s predicate, as the dialect reads it (`cuda_tile::assume::Predicate`).
fn predicate(name: &Sym, body: &str) -> R<Attr> {
    use tilec_dialects::cuda_tile::assume::Predicate;
    let bad = || format!("assume predicate '{name}<{body}>' is not one bytecode has");
    Ok(
        match Predicate::parse(name.as_str(), body).ok_or_else(bad)? {
            Predicate::Bounded(lo, hi) => Attr::Bounded(lo, hi),
            Predicate::DivBy {
                divisor,
                every,
                along,
            } => Attr::DivBy {
                divisor: u64::try_from(divisor).map_err(|_| bad())?,
                every,
                along,
            },
            Predicate::SameElements(v) => Attr::SameElements(v),
        },
    )
}

/// A constant's data: one element for a splat (as MLIR stores it and cuTile writes it), every
/// element for an element-wise constant; little-endian, each element in whole bytes (`i1` and
/// `f4E2M1FN` one byte, `tf32` three), as MLIR's dense elements store them.
pub(super) fn dense_bytes(m: &Module, t: tilec_ir::Type, value: &AttrData) -> R<Vec<u8>> {
    let (dims, e) = tile_shape(m, t).ok_or("a constant that is not a tile")?;
    let bits = match m.type_data(e) {
        tilec_ir::TypeData::Int(w) => u32::from(*w),
        tilec_ir::TypeData::Float(k) => k.bits(),
        _ => return Err("a constant of pointers".into()),
    };
    let n = elements(dims);
    Ok(match value {
        AttrData::DenseI32(v) if bits == 32 && v.len() as u64 == n => {
            v.iter().flat_map(|x| x.to_le_bytes()).collect()
        }
        AttrData::DenseI64(v) if bits == 64 && v.len() as u64 == n => {
            v.iter().flat_map(|x| x.to_le_bytes()).collect()
        }
        AttrData::Array(items) if items.len() as u64 == n => {
            let mut out = Vec::new();
            for &a in items.iter() {
                out.extend(element_bytes(bits, m.attr_data(a))?);
            }
            out
        }
        one => element_bytes(bits, one)?,
    })
}

/// One number of `bits` bits in whole bytes, little-endian.
fn element_bytes(bits: u32, value: &AttrData) -> R<Vec<u8>> {
    let size = bits.div_ceil(8) as usize;
    let one = |raw: u64| raw.to_le_bytes()[..size].to_vec();
    Ok(match value {
        AttrData::Int { value, .. } if bits == 1 => vec![u8::from(*value != 0)],
        AttrData::Int { value, .. } => one(*value as u64),
        AttrData::Float { bits, .. } => one(*bits),
        _ => return Err("a constant value bytecode cannot hold".into()),
    })
}

fn elements(dims: &[u64]) -> u64 {
    tilec_dialects::types::elements(dims)
}
