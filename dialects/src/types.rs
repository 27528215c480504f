//! Constructors and views of the dialect types.
//!
//! - cuda_tile: `!cuda_tile.tile<i32>` (0-d), `!cuda_tile.tile<128xf32>`, `!cuda_tile.ptr<f32>`,
//!   `!cuda_tile.tile<128x!cuda_tile.ptr<f32>>`, `!cuda_tile.token`;
//! - nv_tileaa: the same shapes with `!nv_tileaa.ptr<global, f32>` (space resolved);
//! - nv_tileas: scalars plus `!nv_tileas.ptr<global|shared_cta|shared_cluster|tmem>`.

use tilec_ir::{Module, Space, Sym, Type, TypeData, TypeParam};

/// A tile type's shape (empty for 0-d) and element type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileInfo {
    /// Dimensions; empty for a 0-d tile.
    pub dims: Vec<u64>,
    /// Element type.
    pub elem: Type,
}

impl TileInfo {
    /// Number of elements (1 for 0-d), saturating at `u64::MAX` (see [`elements`]).
    pub fn num_elements(&self) -> u64 {
        elements(&self.dims)
    }
}

/// The number of elements of a tile of `dims`, saturating at `u64::MAX`: a shape such as
/// `4294967296x4294967296` must not wrap to 0 and pass every size check.
pub fn elements(dims: &[u64]) -> u64 {
    dims.iter()
        .try_fold(1u64, |n, &d| n.checked_mul(d))
        .unwrap_or(u64::MAX)
}

fn dialect_type(m: &mut Module, dialect: &str, name: &str, params: Vec<TypeParam>) -> Type {
    m.ty(TypeData::Dialect {
        dialect: Sym::new(dialect),
        name: Sym::new(name),
        params: params.into(),
    })
}

/// `!<dialect>.tile<dims x elem>`.
pub fn tile(m: &mut Module, dialect: &str, dims: &[u64], elem: Type) -> Type {
    let p = if dims.is_empty() {
        TypeParam::Type(elem)
    } else {
        TypeParam::Shaped {
            dims: dims.into(),
            elem,
        }
    };
    dialect_type(m, dialect, "tile", vec![p])
}
/// `!<dialect>.token`.
pub fn token(m: &mut Module, dialect: &str) -> Type {
    dialect_type(m, dialect, "token", vec![])
}
/// `!cuda_tile.ptr<elem>`.
pub fn ct_ptr(m: &mut Module, elem: Type) -> Type {
    dialect_type(m, "cuda_tile", "ptr", vec![TypeParam::Type(elem)])
}
/// `!nv_tileaa.ptr<space, elem>`.
pub fn aa_ptr(m: &mut Module, space: Space, elem: Type) -> Type {
    dialect_type(
        m,
        "nv_tileaa",
        "ptr",
        vec![
            TypeParam::Keyword(Sym::new(space.as_str())),
            TypeParam::Type(elem),
        ],
    )
}
/// `!nv_tileas.ptr<space>`.
pub fn as_ptr(m: &mut Module, space: Space) -> Type {
    dialect_type(
        m,
        "nv_tileas",
        "ptr",
        vec![TypeParam::Keyword(Sym::new(space.as_str()))],
    )
}

/// `!<dialect>.tensormap`: a 128-byte TMA tensor map (a `CUtensorMap`) passed as a kernel
/// parameter (nv_tileas, ptx). Its value is the map's generic address, which
/// `cp.async.bulk.tensor` reads through the tensormap proxy.
pub fn tensormap(m: &mut Module, dialect: &str) -> Type {
    dialect_type(m, dialect, "tensormap", vec![])
}

/// True for `!X.tensormap`.
pub fn is_tensormap(m: &Module, t: Type) -> bool {
    matches!(m.type_data(t), TypeData::Dialect { name, .. } if *name == tilec_ir::sym!("tensormap"))
}

/// `(dialect, name)` of a dialect type.
pub fn dialect_of(m: &Module, t: Type) -> Option<(&'static str, &'static str)> {
    match m.type_data(t) {
        TypeData::Dialect { dialect, name, .. } => Some((dialect.as_str(), name.as_str())),
        _ => None,
    }
}

/// The shape and element of a `tile` type of any tile dialect.
pub fn tile_info(m: &Module, t: Type) -> Option<TileInfo> {
    tile_shape(m, t).map(|(dims, elem)| TileInfo {
        dims: dims.to_vec(),
        elem,
    })
}

/// [`tile_info`], borrowed from the type (no allocation: lowerings and verifiers ask it of
/// every operand and result of every op).
pub fn tile_shape(m: &Module, t: Type) -> Option<(&[u64], Type)> {
    let TypeData::Dialect { name, params, .. } = m.type_data(t) else {
        return None;
    };
    if *name != tilec_ir::sym!("tile") {
        return None;
    }
    match params.as_ref() {
        [TypeParam::Type(e)] => Some((&[], *e)),
        [TypeParam::Shaped { dims, elem }] => Some((dims, *elem)),
        _ => None,
    }
}

/// True for `!X.token`.
pub fn is_token(m: &Module, t: Type) -> bool {
    matches!(m.type_data(t), TypeData::Dialect { name, .. } if *name == tilec_ir::sym!("token"))
}

/// A pointer type's space (None for `!cuda_tile.ptr`, whose space is not resolved yet) and
/// element type (None for `!nv_tileas.ptr`, which is untyped).
pub fn ptr_info(m: &Module, t: Type) -> Option<(Option<Space>, Option<Type>)> {
    let TypeData::Dialect { name, params, .. } = m.type_data(t) else {
        return None;
    };
    if *name != tilec_ir::sym!("ptr") {
        return None;
    }
    let mut space = None;
    let mut elem = None;
    for p in params.iter() {
        match p {
            TypeParam::Keyword(k) => space = Space::parse(k.as_str()),
            TypeParam::Type(e) => elem = Some(*e),
            _ => {}
        }
    }
    Some((space, elem))
}

/// Size in bytes of a scalar element type (None for non-scalars).
pub fn scalar_bytes(m: &Module, t: Type) -> Option<u64> {
    match m.type_data(t) {
        TypeData::Int(w) => Some((*w as u64).div_ceil(8)),
        TypeData::Float(k) => Some(k.bits() as u64 / 8),
        TypeData::Index => Some(8),
        TypeData::Dialect { name, .. } if *name == tilec_ir::sym!("ptr") => Some(8),
        _ => None,
    }
}
