//! Attributes: immutable, uniqued values attached to ops, and attribute dictionaries.
//!
//! Like types, attributes and dictionaries are uniqued per [`crate::Module`]: an op stores one
//! [`Dict`] handle (4 bytes), so a million ops with the same attributes share one dictionary. A
//! dictionary keeps its keys in insertion order (that is the order the printer writes). The
//! memory-model enums are first-class variants, so passes match `AttrData::Sem(..)`, never text.

use crate::entity_handle;
use crate::mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
use crate::types::{FloatKind, Type};
use crate::Sym;

entity_handle!(
    /// A uniqued attribute.
    Attr,
    "attr"
);
entity_handle!(
    /// A uniqued attribute dictionary (ordered `key = attr` entries with distinct keys).
    Dict,
    "dict"
);

/// What an [`Attr`] is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    /// `unit` (a key that is present without a value).
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32` (an integer of an integer or `index` type; untyped literals are `i64`).
    Int {
        /// The value, sign-extended.
        value: i64,
        /// Its type.
        ty: Type,
    },
    /// `1.5 : f32`: the IEEE bits in the type's own width (so NaN payloads survive and equal
    /// values of one type are one attribute).
    Float {
        /// The value's bits (16, 32 or 64 of them, by `kind`).
        bits: u64,
        /// The float format.
        kind: FloatKind,
        /// Its float type.
        ty: Type,
    },
    /// `"text"` (any UTF-8).
    Str(Box<str>),
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b, …]`.
    Array(Box<[Attr]>),
    /// `array<i32: 1, 2>`.
    DenseI32(Box<[i32]>),
    /// `array<i64: 1, 2>`.
    DenseI64(Box<[i64]>),
    /// `{k = v, …}` nested dictionary.
    Dict(Dict),
    /// `@name`.
    SymbolRef(Sym),
    /// `#mem.sem<…>`.
    Sem(MemSemantic),
    /// `#mem.scope<…>`.
    Scope(MemScope),
    /// `#mem.space<…>`.
    Space(Space),
    /// `#mem.proxy<…>`.
    Proxy(Proxy),
    /// `#mem.rmw<…>`.
    Rmw(RmwKind),
    /// `loc(…)`: a location (debuginfo.rs).
    Loc(crate::debuginfo::LocData),
    /// NVIDIA's debug-info attributes `#cuda_tile.di_*<…>` (debuginfo.rs).
    Di(crate::debuginfo::DiData),
    /// `#dialect.name<body>` of another dialect than `mem` (NVIDIA's `#cuda_tile.bounded<0, ?>`):
    /// kept as its name and the text between the brackets, for the dialect that owns it to read.
    Opaque {
        /// `cuda_tile.bounded` (without `#`).
        name: Sym,
        /// The text between `<` and `>`, trimmed (empty when there are no brackets).
        body: Box<str>,
    },
}

impl AttrData {
    /// A float attribute of type `ty` (format `kind`), rounded to that format.
    pub fn float(value: f64, kind: FloatKind, ty: Type) -> AttrData {
        AttrData::Float {
            bits: kind.bits_of(value),
            kind,
            ty,
        }
    }
    /// The value of a float attribute.
    pub fn float_value(&self) -> Option<f64> {
        match *self {
            AttrData::Float { bits, kind, .. } => Some(kind.value_of(bits)),
            _ => None,
        }
    }
    /// A short name of the attribute's kind, for diagnostics ("integer", "string", …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            AttrData::Unit => "unit",
            AttrData::Bool(_) => "bool",
            AttrData::Int { .. } => "integer",
            AttrData::Float { .. } => "float",
            AttrData::Str(_) => "string",
            AttrData::Type(_) => "type",
            AttrData::Array(_) => "array",
            AttrData::DenseI32(_) => "array<i32>",
            AttrData::DenseI64(_) => "array<i64>",
            AttrData::Dict(_) => "dictionary",
            AttrData::SymbolRef(_) => "symbol reference",
            AttrData::Sem(_) => "#mem.sem",
            AttrData::Scope(_) => "#mem.scope",
            AttrData::Space(_) => "#mem.space",
            AttrData::Proxy(_) => "#mem.proxy",
            AttrData::Rmw(_) => "#mem.rmw",
            AttrData::Loc(_) => "location",
            AttrData::Di(d) => d.mnemonic(),
            AttrData::Opaque { .. } => "dialect attribute",
        }
    }
}

/// Typed extraction of an attribute value (see [`crate::Module::attr_as`]).
pub trait FromAttr: Sized {
    /// The value, when `a` has the right kind.
    fn from_attr(a: &AttrData) -> Option<Self>;
}

macro_rules! from_attr {
    ($t:ty, $pat:pat => $e:expr) => {
        impl FromAttr for $t {
            fn from_attr(a: &AttrData) -> Option<Self> {
                match a {
                    $pat => Some($e),
                    _ => None,
                }
            }
        }
    };
}
from_attr!(MemSemantic, AttrData::Sem(v) => *v);
from_attr!(MemScope, AttrData::Scope(v) => *v);
from_attr!(Space, AttrData::Space(v) => *v);
from_attr!(Proxy, AttrData::Proxy(v) => *v);
from_attr!(RmwKind, AttrData::Rmw(v) => *v);
from_attr!(i64, AttrData::Int { value, .. } => *value);
from_attr!(bool, AttrData::Bool(v) => *v);
from_attr!(f64, AttrData::Float { bits, kind, .. } => kind.value_of(*bits));
from_attr!(String, AttrData::Str(s) => s.to_string());
from_attr!(Vec<i32>, AttrData::DenseI32(v) => v.to_vec());
