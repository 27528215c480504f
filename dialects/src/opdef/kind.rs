//! The attribute types an op declaration names (`mem_semantic: req Sem`): each ties the
//! [`AttrKind`] the verifier checks to the Rust value its typed getter returns and its setter
//! takes, so that one word in the declaration gives the check, the getter and the setter.
//!
//! Writing follows the textual conventions of the dialects: integer attributes are `i32`
//! (`id = 3 : i32`) except [`Int64`] (`imm`, `tx_bytes` where the lowering writes `i64`);
//! a [`Flag`] is present (a unit attribute) or absent.

use super::AttrKind;
use tilec_ir::{AttrData, FromAttr, MemScope, MemSemantic, Module, RmwKind};

/// An attribute type of an op declaration.
pub trait AttrTy {
    /// What the verifier accepts.
    const KIND: AttrKind;
    /// What the getter returns (inside an `Option` unless the declaration gives a default):
    /// a copy, or a borrow of the module's attribute (strings, arrays, raw attributes).
    type Get<'a>;
    /// What the setter takes.
    type Set;
    /// The value of `a`, when it has this type.
    fn read(a: &AttrData) -> Option<Self::Get<'_>>;
    /// The attribute that stores `v`.
    fn write(m: &mut Module, v: Self::Set) -> AttrData;
}

macro_rules! attr_ty {
    ($($(#[$doc:meta])* $name:ident: $kind:ident, $get:ty, $set:ty,
        |$a:ident| $read:expr, |$m:ident, $v:ident| $write:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl AttrTy for $name {
            const KIND: AttrKind = AttrKind::$kind;
            type Get<'a> = $get;
            type Set = $set;
            #[allow(unused_variables, clippy::needless_lifetimes)]
            fn read<'a>($a: &'a AttrData) -> Option<$get> {
                $read
            }
            #[allow(unused_variables)]
            fn write($m: &mut Module, $v: $set) -> AttrData {
                $write
            }
        }
    )*};
}

attr_ty! {
    /// `#mem.sem<…>`.
    Sem: Sem, MemSemantic, MemSemantic, |a| FromAttr::from_attr(a), |m, v| AttrData::Sem(v);
    /// `#mem.scope<…>`.
    Scope: Scope, MemScope, MemScope, |a| FromAttr::from_attr(a), |m, v| AttrData::Scope(v);
    /// `#mem.space<…>`.
    Space: Space, tilec_ir::Space, tilec_ir::Space, |a| FromAttr::from_attr(a),
        |m, v| AttrData::Space(v);
    /// `#mem.proxy<…>`.
    Proxy: Proxy, tilec_ir::Proxy, tilec_ir::Proxy, |a| FromAttr::from_attr(a),
        |m, v| AttrData::Proxy(v);
    /// `#mem.rmw<…>`.
    Rmw: Rmw, RmwKind, RmwKind, |a| FromAttr::from_attr(a), |m, v| AttrData::Rmw(v);
    /// An integer, written as `i32`.
    Int: Int, i64, i64, |a| FromAttr::from_attr(a),
        |m, v| AttrData::Int { value: v, ty: m.int_type(32) };
    /// An integer, written as `i64`.
    Int64: Int, i64, i64, |a| FromAttr::from_attr(a),
        |m, v| AttrData::Int { value: v, ty: m.int_type(64) };
    /// An integer or a float (a constant's value), read and written as the attribute itself:
    /// its type is the constant's.
    Number: Number, &'a AttrData, AttrData, |a| Some(a), |m, v| v;
    /// A string.
    Str: Str, &'a str, String, |a| match a { AttrData::Str(s) => Some(&**s), _ => None },
        |m, v| AttrData::Str(v.into());
    /// `array<i32: …>`.
    DenseI32: DenseI32, &'a [i32], Vec<i32>,
        |a| match a { AttrData::DenseI32(v) => Some(&**v), _ => None },
        |m, v| AttrData::DenseI32(v.into());
    /// `array<i32: x, y, z>`: launch dimensions (three of them, else unreadable).
    Dims3: DenseI32, [i32; 3], [i32; 3],
        |a| match a { AttrData::DenseI32(v) => (**v).try_into().ok(), _ => None },
        |m, v| AttrData::DenseI32(v.to_vec().into());
    /// `true` / `false`.
    Bool: Bool, bool, bool, |a| FromAttr::from_attr(a), |m, v| AttrData::Bool(v);
    /// A type.
    Type: Type, tilec_ir::Type, tilec_ir::Type,
        |a| match a { AttrData::Type(t) => Some(*t), _ => None }, |m, v| AttrData::Type(v);
    /// A flag: present (any value, written as `unit`) or absent.
    Flag: Any, (), (), |a| Some(()), |m, v| AttrData::Unit;
    /// Anything, read and written as the attribute itself.
    Any: Any, &'a AttrData, AttrData, |a| Some(a), |m, v| v;
}
