//! NVIDIA's `assume` predicates, read once: `#cuda_tile.bounded<lo, hi>`, `#cuda_tile.div_by<d[,
//! every E along A]>` and `#cuda_tile.same_elements<[…]>`, kept by the syntax as the dialect
//! attribute's text ([`Predicate::of`] reads it), and the rules NVIDIA's verifier has for them
//! ([`check_assume`], its messages).
//!
//! The facts are hints: the lowering forwards the value; the bytecode writer encodes the
//! predicate from this reading.

use crate::common::err;
use crate::cuda_tile::tensor_views::TensorView;
use crate::types::{ptr_info, tile_shape};
use tilec_ir::{AttrData, Diagnostics, Module, Op, Sym, TypeData};

/// One assume predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// `bounded<lo, hi>` (`?`: unbounded).
    Bounded(Option<i64>, Option<i64>),
    /// `div_by<divisor[, every E along A]>` (the divisor as written, up to `u64`).
    DivBy {
        /// The divisor.
        divisor: u128,
        /// `every`.
        every: Option<i64>,
        /// `along`.
        along: Option<i64>,
    },
    /// `same_elements<[…]>`.
    SameElements(Vec<i64>),
}

impl Predicate {
    /// The predicate of `assume` op `op`, if its attribute is one that reads.
    pub fn of(m: &Module, op: Op) -> Option<Predicate> {
        match m.get_attr(op, Sym::new(super::Assume::PREDICATE))? {
            AttrData::Opaque { name, body } => Predicate::parse(name.as_str(), body),
            _ => None,
        }
    }

    /// The predicate `#NAME<BODY>` (NAME with its `cuda_tile.` prefix).
    pub fn parse(name: &str, body: &str) -> Option<Predicate> {
        let int = |s: &str| s.trim().parse::<i64>().ok();
        let opt = |s: &str| match s.trim() {
            "?" => Some(None),
            v => int(v).map(Some),
        };
        match name {
            "cuda_tile.bounded" => {
                let (lo, hi) = body.split_once(',')?;
                Some(Predicate::Bounded(opt(lo)?, opt(hi)?))
            }
            "cuda_tile.div_by" => {
                let (d, rest) = body.split_once(',').unwrap_or((body, ""));
                let divisor = d.trim().parse::<u128>().ok()?;
                let (every, along) = match rest.trim() {
                    "" => (None, None),
                    r => {
                        let (e, a) = r.strip_prefix("every")?.split_once("along")?;
                        (Some(int(e)?), Some(int(a)?))
                    }
                };
                Some(Predicate::DivBy {
                    divisor,
                    every,
                    along,
                })
            }
            "cuda_tile.same_elements" => {
                let inner = body.trim().strip_prefix('[')?.strip_suffix(']')?;
                let v = inner
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(int)
                    .collect::<Option<Vec<i64>>>()?;
                Some(Predicate::SameElements(v))
            }
            _ => None,
        }
    }
}

/// NVIDIA's rules for the predicate against the constrained value's type.
pub fn check_assume(m: &Module, op: Op, d: &mut Diagnostics) {
    let (Some(p), Some(&x)) = (Predicate::of(m, op), m.operands(op).first()) else {
        return;
    };
    let t = m.value_type(x);
    let tile = tile_shape(m, t);
    let elem = tile.map(|(_, e)| m.type_data(e).clone());
    let is_int = matches!(elem, Some(TypeData::Int(_)));
    let is_ptr = tile.is_some_and(|(_, e)| ptr_info(m, e).is_some());
    let dims: &[u64] = tile.map_or(&[], |(d, _)| d);
    let msg = match p {
        Predicate::DivBy {
            divisor,
            every,
            along,
        } => div_by(
            divisor,
            every,
            along,
            is_int || is_ptr,
            TensorView::of(m, t).is_some(),
            dims,
        ),
        Predicate::SameElements(v) => same_elements(&v, is_int || is_ptr, dims),
        Predicate::Bounded(lo, hi) => bounded(lo, hi, elem),
    };
    if let Some(msg) = msg {
        err(m, op, d, msg);
    }
}

fn div_by(
    divisor: u128,
    every: Option<i64>,
    along: Option<i64>,
    int_or_ptr: bool,
    tensor_view: bool,
    dims: &[u64],
) -> Option<String> {
    let name = "'cuda_tile.div_by'";
    if !int_or_ptr && !tensor_view {
        return Some(format!(
            "{name} is valid only for tile of integer/pointer or tensor_view values"
        ));
    }
    if divisor > i64::MAX as u128 {
        return Some(format!("{name} divisor is too large"));
    }
    if !divisor.is_power_of_two() {
        return Some(format!("{name} divisor must be a power of 2"));
    }
    let (Some(every), Some(along)) = (every, along) else {
        return None;
    };
    if tensor_view {
        return Some(format!(
            "{name} 'every'/'along' cannot be used if the constrained value is a tensor_view"
        ));
    }
    if dims.is_empty() {
        return Some(format!(
            "{name} 'every'/'along' cannot be used if the constrained value is a 0D tile"
        ));
    }
    let Some(&size) = usize::try_from(along).ok().and_then(|a| dims.get(a)) else {
        return Some(format!(
            "{name} every_dim ({along}) must be >= 0 and < tile rank ({})",
            dims.len()
        ));
    };
    if every < 0 || every as u64 > size {
        return Some(format!(
            "expected {name} every_dim to be within 0 and the size of the respective dimension ({size})"
        ));
    }
    None
}

fn same_elements(v: &[i64], int_or_ptr: bool, dims: &[u64]) -> Option<String> {
    let name = "'cuda_tile.same_elements'";
    if !int_or_ptr {
        return Some(format!(
            "{name} is valid only for tile of integer/pointer values"
        ));
    }
    if v.len() != dims.len() {
        return Some(format!(
            "expected number of values in {name} ({}) to match rank of constrained tile ({})",
            v.len(),
            dims.len()
        ));
    }
    let bad = v
        .iter()
        .zip(dims)
        .position(|(&x, &size)| x < 0 || x as u64 > size)?;
    Some(format!(
        "expected {name} value {bad} to be within 0 and the size of the respective dimension ({})",
        dims[bad]
    ))
}

fn bounded(lo: Option<i64>, hi: Option<i64>, elem: Option<TypeData>) -> Option<String> {
    let name = "'cuda_tile.bounded'";
    let Some(TypeData::Int(w)) = elem else {
        return Some(format!("{name} is valid only for tile of integer values"));
    };
    let (min, max) = match w {
        1 => (-1, 0),
        w if w >= 64 => (i64::MIN, i64::MAX),
        w => (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1),
    };
    let out = |b: i64| b < min || b > max;
    if hi.is_some_and(out) {
        return Some(format!(
            "{name} expects upper bound to be within [{min}, {max}]"
        ));
    }
    if lo.is_some_and(out) {
        return Some(format!(
            "{name} expects lower bound to be within [{min}, {max}]"
        ));
    }
    if let (Some(l), Some(h)) = (lo, hi) {
        if l > h {
            return Some(format!(
                "{name} expects lower bound to be less than or equal to upper bound"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicates_read() {
        assert_eq!(
            Predicate::parse("cuda_tile.bounded", "0, ?"),
            Some(Predicate::Bounded(Some(0), None))
        );
        assert_eq!(
            Predicate::parse("cuda_tile.div_by", "16, every 2 along 1"),
            Some(Predicate::DivBy {
                divisor: 16,
                every: Some(2),
                along: Some(1)
            })
        );
        assert_eq!(
            Predicate::parse("cuda_tile.same_elements", "[1, 8]"),
            Some(Predicate::SameElements(vec![1, 8]))
        );
        assert_eq!(Predicate::parse("cuda_tile.bounded", "x"), None);
    }

    #[test]
    fn rules() {
        assert!(div_by(7, None, None, true, false, &[16]).is_some_and(|m| m.contains("power of 2")));
        assert!(
            div_by(1 << 63, None, None, true, false, &[]).is_some_and(|m| m.contains("too large"))
        );
        assert!(div_by(16, Some(2), Some(0), true, false, &[16]).is_none());
        assert!(bounded(Some(0), Some(128), Some(TypeData::Int(8)))
            .is_some_and(|m| m.contains("[-128, 127]")));
        assert!(bounded(Some(0), None, Some(TypeData::Int(32))).is_none());
        assert!(same_elements(&[24], true, &[16]).is_some_and(|m| m.contains("value 0")));
    }
}
