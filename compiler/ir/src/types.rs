//! Types: builtin integers/floats/index, function types, and structured dialect types.
//!
//! Types are immutable and uniqued per [`crate::Module`] (like MLIR's context): a [`Type`] is a
//! `u32` handle and two handles are equal exactly when the types are. A dialect type is
//! `!dialect.name` or `!dialect.name<p, …>` whose parameters are structured ([`TypeParam`]), so
//! dialects inspect them without re-parsing text: `!cuda_tile.tile<128x!cuda_tile.ptr<f32>>` has one
//! shaped parameter (dims `[128]`, element `!cuda_tile.ptr<f32>`), `!nv_tileaa.ptr<global, f32>`
//! has a keyword and a type.

use crate::entity_handle;
use crate::Sym;

entity_handle!(
    /// A uniqued type.
    Type,
    "type"
);

/// The builtin float formats: MLIR's four arithmetic ones and the narrow formats of NVIDIA's
/// cuda_tile dialect (`tf32`, the fp8 and fp4 types), which tilec reads, verifies, prints and
/// writes to bytecode but does not lower (their codec: [`crate::float_formats`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE half.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
    /// TensorFloat-32: f32's range with a 10-bit mantissa (19 bits).
    TF32,
    /// fp8 with 4 exponent and 3 mantissa bits, finite (NaN only).
    F8E4M3FN,
    /// fp8 with 5 exponent and 2 mantissa bits (IEEE-like: infinities and NaNs).
    F8E5M2,
    /// fp8 exponent-only scale format: unsigned, no zero, NaN only.
    F8E8M0FNU,
    /// fp4 with 2 exponent and 1 mantissa bits, finite (no infinities or NaNs).
    F4E2M1FN,
}

impl FloatKind {
    /// Every format, the arithmetic ones first.
    pub const ALL: [FloatKind; 9] = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::TF32,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2,
        FloatKind::F8E8M0FNU,
        FloatKind::F4E2M1FN,
    ];
    /// The builtin spelling (`f16`, `bf16`, `f32`, `f64`, `tf32`, `f8E4M3FN`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F4E2M1FN => "f4E2M1FN",
        }
    }
    /// The format spelled `s`, if any.
    pub fn from_name(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
    /// One of MLIR's arithmetic formats (f16, bf16, f32, f64: NVIDIA's `BaseFloat`), the ones
    /// the float arithmetic and math ops take and tilec lowers.
    pub fn is_base(self) -> bool {
        matches!(
            self,
            FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64
        )
    }
    /// The bits of `v` rounded to this format (round to nearest even).
    pub fn bits_of(self, v: f64) -> u64 {
        match self {
            FloatKind::F16 => half::f16::from_f64(v).to_bits() as u64,
            FloatKind::BF16 => half::bf16::from_f64(v).to_bits() as u64,
            FloatKind::F32 => (v as f32).to_bits() as u64,
            FloatKind::F64 => v.to_bits(),
            _ => crate::float_formats::encode(self, v),
        }
    }
    /// The value of bits of this format.
    pub fn value_of(self, bits: u64) -> f64 {
        match self {
            FloatKind::F16 => half::f16::from_bits(bits as u16).to_f64(),
            FloatKind::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
            FloatKind::F32 => f32::from_bits(bits as u32) as f64,
            FloatKind::F64 => f64::from_bits(bits),
            _ => crate::float_formats::decode(self, bits),
        }
    }
    /// Width in bits (tf32: 19, as MLIR counts it).
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::TF32 => 19,
            FloatKind::F8E4M3FN | FloatKind::F8E5M2 | FloatKind::F8E8M0FNU => 8,
            FloatKind::F4E2M1FN => 4,
        }
    }
}

/// One parameter of a dialect type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeParam {
    /// A type, e.g. the `f32` of `!cuda_tile.ptr<f32>`.
    Type(Type),
    /// A shape and element type, e.g. `128x64xf32` (never with zero dims).
    Shaped {
        /// The dimensions, outermost first.
        dims: Box<[u64]>,
        /// The element type.
        elem: Type,
    },
    /// A bare keyword, e.g. the `global` of `!nv_tileas.ptr<global>`.
    Keyword(Sym),
    /// An integer literal.
    Int(i64),
    /// `key=value`: a named parameter, as NVIDIA's view types write theirs
    /// (`strides=[?,1]`, `tile=(4x2)`, `dim_map=[1,0]`, `padding_value = nan`).
    Named {
        /// The name before `=`.
        key: Sym,
        /// What follows it.
        value: NamedValue,
    },
}

/// A dimension of a [`TypeParam::Shaped`] parameter that is not known statically, written `?`
/// (NVIDIA's `tensor_view<?x16xf32, …>`). Only view types may have one: a tile's dimensions are
/// static, which its dialect's verifier checks.
pub const DYNAMIC: u64 = u64::MAX;

/// The value of a [`TypeParam::Named`] parameter.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum NamedValue {
    /// `[a,b,…]`: integers, `None` where `?` is written.
    List(Box<[Option<i64>]>),
    /// `(AxBx…)`: a static shape.
    Shape(Box<[u64]>),
    /// A bare word (`nan`, `zero`).
    Word(Sym),
}

/// What a [`Type`] is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    /// `iN`, N in 1..=128.
    Int(u16),
    /// A builtin float.
    Float(FloatKind),
    /// `index`.
    Index,
    /// `(inputs) -> results`.
    Function {
        /// Input types.
        inputs: Box<[Type]>,
        /// Result types.
        results: Box<[Type]>,
    },
    /// `!dialect.name<params>`.
    Dialect {
        /// The dialect prefix (`cuda_tile`).
        dialect: Sym,
        /// The type name inside the dialect (`tile`).
        name: Sym,
        /// The parameters, possibly none.
        params: Box<[TypeParam]>,
    },
}
