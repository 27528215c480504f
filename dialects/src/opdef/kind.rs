//! The attribute types an op declaration names (`mem_semantic: req Sem`): each ties the
//! [`AttrKind`] the verifier checks to the Rust value its typed getter returns and its setter
//! takes, so that one word in the declaration gives the check, the getter and the setter.
//!
//! Writing follows the textual conventions of the dialects: integer attributes are `i32`
//! (`id = 3 : i32`) except [`Int64`] (`imm`, `tx_bytes` where the lowering writes `i64`);
//! a [`Flag`] is present (a unit attribute) or absent.

use super::AttrKind;
use tilec_ir::{AttrData, MemScope, MemSemantic, Module, RmwKind};

/// An attribute type of an op declaration.
pub trait AttrTy {
    /// What the verifier accepts.
    const KIND: AttrKind;
    /// What the getter returns (inside an `Option` unless the declaration gives a default).
    type Value;
    /// The value of `a`, when it has this type.
    fn read(a: &AttrData) -> Option<Self::Value>;
    /// The attribute that stores `v`.
    fn write(m: &mut Module, v: Self::Value) -> AttrData;
}

macro_rules! attr_ty {
    ($($(#[$doc:meta])* $name:ident: $kind:ident, $value:ty,
        |$a:ident| $read:expr, |$m:ident, $v:ident| $write:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl AttrTy for $name {
            const KIND: AttrKind = AttrKind::$kind;
            type Value = $value;
            #[allow(unused_variables)]
            fn read($a: &AttrData) -> Option<$value> {
                $read
            }
            #[allow(unused_variables)]
            fn write($m: &mut Module, $v: $value) -> AttrData {
                $write
            }
        }
    )*};
}

attr_ty! {
    /// `#mem.sem<…>`.
    Sem: Sem, MemSemantic, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Sem(v);
    /// `#mem.scope<…>`.
    Scope: Scope, MemScope, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Scope(v);
    /// `#mem.space<…>`.
    Space: Space, tilec_ir::Space, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Space(v);
    /// `#mem.proxy<…>`.
    Proxy: Proxy, tilec_ir::Proxy, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Proxy(v);
    /// `#mem.rmw<…>`.
    Rmw: Rmw, RmwKind, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Rmw(v);
    /// An integer, written as `i32`.
    Int: Int, i64, |a| tilec_ir::FromAttr::from_attr(a),
        |m, v| AttrData::Int { value: v, ty: m.int_type(32) };
    /// An integer, written as `i64`.
    Int64: Int, i64, |a| tilec_ir::FromAttr::from_attr(a),
        |m, v| AttrData::Int { value: v, ty: m.int_type(64) };
    /// An integer or a float (a constant's value), read and written as the attribute itself:
    /// its type is the constant's.
    Number: Number, AttrData, |a| Some(a.clone()), |m, v| v;
    /// A string.
    Str: Str, String, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Str(v.into());
    /// `array<i32: …>`.
    DenseI32: DenseI32, Vec<i32>, |a| tilec_ir::FromAttr::from_attr(a),
        |m, v| AttrData::DenseI32(v.into());
    /// `array<i32: x, y, z>`: launch dimensions (three of them, else unreadable).
    Dims3: DenseI32, [i32; 3], |a| match a { AttrData::DenseI32(v) => (**v).try_into().ok(), _ => None },
        |m, v| AttrData::DenseI32(v.to_vec().into());
    /// `true` / `false`.
    Bool: Bool, bool, |a| tilec_ir::FromAttr::from_attr(a), |m, v| AttrData::Bool(v);
    /// A type.
    Type: Type, tilec_ir::Type, |a| match a { AttrData::Type(t) => Some(*t), _ => None },
        |m, v| AttrData::Type(v);
    /// A flag: present (any value, written as `unit`) or absent.
    Flag: Any, (), |a| Some(()), |m, v| AttrData::Unit;
    /// Anything, read and written as the attribute itself.
    Any: Any, AttrData, |a| Some(a.clone()), |m, v| v;
}
