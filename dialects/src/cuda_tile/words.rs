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
