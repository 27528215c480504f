//! NVIDIA's enum attributes as tilec keeps them: dialect attributes `#cuda_tile.NAME<word>`
//! (`AttrData::Opaque`, the word as written). Reading a word is done here, once, for every pass
//! that needs one.

use tilec_ir::{AttrData, Module, Op, Sym};

/// The word of the NVIDIA attribute `key` of `op` (`nearest_even` of
/// `#cuda_tile.rounding<nearest_even>`), if it is one.
pub fn word<'m>(m: &'m Module, op: Op, key: &str) -> Option<&'m str> {
    match m.get_attr(op, Sym::new(key)) {
        Some(AttrData::Opaque { body, .. }) => Some(body.as_ref()),
        _ => None,
    }
}

/// The signedness the NVIDIA attribute `key` of `op` says (`#cuda_tile.signedness<signed>`):
/// `Some(true)` signed, `Some(false)` unsigned, `None` neither.
pub fn signedness(m: &Module, op: Op, key: &str) -> Option<bool> {
    match word(m, op, key)? {
        "signed" => Some(true),
        "unsigned" => Some(false),
        _ => None,
    }
}

/// The predicate of a `cmpi`/`cmpf` in tilec's spelling (`slt`, `oeq`, …): its `predicate`
/// attribute, or NVIDIA's generic form's words (`comparison_predicate` with `signedness` or
/// `comparison_ordering`, as `#cuda_tile.comparison_predicate<less_than>` and the like).
pub fn cmp_predicate(m: &Module, op: Op, int: bool) -> Option<String> {
    if let Some(AttrData::Str(p)) = m.get_attr(op, Sym::new("predicate")) {
        return Some(p.to_string());
    }
    let nv = word(m, op, "comparison_predicate")?;
    let first = if int {
        signedness(m, op, "signedness")?
    } else {
        word(m, op, "comparison_ordering")? == "ordered"
    };
    super::syntax::keywords::tilec_predicate(nv, first, int).map(str::to_string)
}

/// The attribute keys of NVIDIA's generic comparison form (read by [`cmp_predicate`]).
pub const CMP_WORDS: [&str; 3] = ["comparison_predicate", "signedness", "comparison_ordering"];

/// NVIDIA's ops that carry a signedness, with tilec's op for each: (NVIDIA's, signed, unsigned).
/// The expansion, the bytecode lift and the bytecode writer all read this one table.
pub const BY_SIGNEDNESS: [(super::OpKind, super::OpKind, super::OpKind); 8] = {
    use super::OpKind as K;
    [
        (K::ExtI, K::ExtSI, K::ExtUI),
        (K::DivI, K::DivSI, K::DivUI),
        (K::RemI, K::RemSI, K::RemUI),
        (K::ShRI, K::ShRSI, K::ShRUI),
        (K::MaxI, K::MaxSI, K::MaxUI),
        (K::MinI, K::MinSI, K::MinUI),
        (K::IToF, K::SIToFP, K::UIToFP),
        (K::FToI, K::FPToSI, K::FPToUI),
    ]
};

/// tilec's op for NVIDIA's `nvidia` with signedness `signed` (`maxi` signed: `maxsi`).
pub fn with_signedness(nvidia: super::OpKind, signed: bool) -> Option<super::OpKind> {
    let r = BY_SIGNEDNESS.iter().find(|r| r.0 == nvidia)?;
    Some(if signed { r.1 } else { r.2 })
}

/// NVIDIA's op and signedness of tilec's op `k` (`maxsi`: `maxi`, signed).
pub fn nvidia_signed(k: super::OpKind) -> Option<(super::OpKind, bool)> {
    BY_SIGNEDNESS.iter().find_map(|r| {
        if r.1 == k {
            Some((r.0, true))
        } else if r.2 == k {
            Some((r.0, false))
        } else {
            None
        }
    })
}
