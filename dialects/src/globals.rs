//! NVIDIA's module-level globals below cuda_tile: the `global` and `get_global` ops of nv_tileaa,
//! nv_tileas and ptx, which carry cuda_tile's attributes unchanged (`sym_name`, `value`,
//! `value_type`, `alignment`) down to the PTX printer's `.global` array. This module owns what a
//! global holds (its initializer as bytes, [`global_bytes`]) and how `get_global` finds it (a
//! top-level global of its own dialect, [`find_global`]).

use crate::common::err;
use crate::types::tile_shape;
use tilec_ir::{sym, AttrData, Diagnostics, Module, Op, Sym, TypeData};

/// The global a `get_global` names (its `name` attribute, `@g`).
pub fn global_name(m: &Module, op: Op) -> Option<Sym> {
    match m.get_attr(op, sym!("name")) {
        Some(AttrData::SymbolRef(s)) => Some(*s),
        _ => None,
    }
}

/// The global named `name` among the top-level ops of `op`'s dialect (`nv_tileas.global` for
/// an `nv_tileas.get_global`).
pub fn find_global(m: &Module, op: Op, name: Sym) -> Option<Op> {
    let own = m.op_name(op).as_str();
    let dialect = own.split('.').next().unwrap_or("");
    m.top_ops().into_iter().find(|&o| {
        let n = m.op_name(o).as_str();
        n.strip_prefix(dialect).and_then(|s| s.strip_prefix('.')) == Some("global")
            && matches!(m.get_attr(o, sym!("sym_name")), Some(AttrData::Str(s)) if s.as_ref() == name.as_str())
    })
}

/// The bytes global `op` starts with: its `value` (one element for all, or one per element) in
/// its `value_type`'s element type, little-endian, as the GPU stores them.
pub fn global_bytes(m: &Module, op: Op) -> Result<Vec<u8>, String> {
    let Some(AttrData::Type(t)) = m.get_attr(op, sym!("value_type")) else {
        return Err("a global needs its 'value_type'".into());
    };
    let Some((&[n], elem)) = tile_shape(m, *t) else {
        return Err("a global's type must have rank 1".into());
    };
    let width = match m.type_data(elem) {
        TypeData::Int(w) => u32::from(*w).div_ceil(8),
        TypeData::Float(k) => k.bits() / 8,
        _ => return Err("a global's elements must be integers or floats".into()),
    };
    let value = m
        .get_attr(op, sym!("value"))
        .ok_or("a global needs its 'value'")?;
    let items: Vec<&AttrData> = match value {
        AttrData::Array(xs) => xs.iter().map(|&a| m.attr_data(a)).collect(),
        one => vec![one; n as usize],
    };
    if items.len() as u64 != n {
        return Err(format!(
            "a global of {n} elements has {} values",
            items.len()
        ));
    }
    let mut out = Vec::with_capacity((n * u64::from(width)) as usize);
    for a in items {
        let bits = match a {
            AttrData::Int { value, .. } => *value as u64,
            AttrData::Float { bits, .. } => *bits,
            AttrData::Bool(b) => u64::from(*b),
            _ => return Err("a global's values must be integers or floats".into()),
        };
        out.extend_from_slice(&bits.to_le_bytes()[..width as usize]);
    }
    Ok(out)
}

/// `global`: a rank-1 tile of integers or floats with as many values (or one).
pub fn check_global(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Err(why) = global_bytes(m, op) {
        err(m, op, d, why);
    }
}

/// `get_global @g`: `@g` is a global of the op's own dialect at the top level.
pub fn check_get_global(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(name) = global_name(m, op) else {
        return err(m, op, d, "'name' must be a symbol (@global)");
    };
    if find_global(m, op, name).is_none() {
        err(
            m,
            op,
            d,
            format!(
                "'{}' does not reference a global of this dialect",
                name.as_str()
            ),
        );
    }
}
