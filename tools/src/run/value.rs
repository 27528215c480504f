//! Element types of buffers and scalars, host-side values, and their little-endian bytes as the
//! GPU sees them.
//!
//! Values are held as [`Num`] — `i128` for integers (every supported integer type fits, so sums
//! and wrapping arithmetic are exact) and `f64` for floats (already rounded to the element type,
//! so the host's expected value is what the kernel could have stored).

use half::{bf16, f16};
use std::fmt;

/// A buffer element or scalar parameter type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemType {
    /// `i8`
    I8,
    /// `u8`
    U8,
    /// `i16`
    I16,
    /// `u16`
    U16,
    /// `i32`
    I32,
    /// `u32`
    U32,
    /// `i64`
    I64,
    /// `u64`
    U64,
    /// `f16` (IEEE half)
    F16,
    /// `bf16`
    BF16,
    /// `f32`
    F32,
    /// `f64`
    F64,
}

/// A host-side value of some [`ElemType`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer element.
    Int(i128),
    /// A float element (rounded to its type).
    Float(f64),
}

impl Num {
    /// The value as `f64` (for float arithmetic and tolerances).
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

impl ElemType {
    /// Every type with its spelling.
    pub const ALL: [(&'static str, ElemType); 12] = [
        ("i8", ElemType::I8),
        ("u8", ElemType::U8),
        ("i16", ElemType::I16),
        ("u16", ElemType::U16),
        ("i32", ElemType::I32),
        ("u32", ElemType::U32),
        ("i64", ElemType::I64),
        ("u64", ElemType::U64),
        ("f16", ElemType::F16),
        ("bf16", ElemType::BF16),
        ("f32", ElemType::F32),
        ("f64", ElemType::F64),
    ];

    /// Parses a spelling (`"f32"`, `"i32"`, …).
    pub fn parse(s: &str) -> Option<ElemType> {
        ElemType::ALL.iter().find(|(n, _)| *n == s).map(|(_, t)| *t)
    }

    /// The spelling.
    pub fn name(self) -> &'static str {
        ElemType::ALL
            .iter()
            .find(|(_, t)| *t == self)
            .map_or("?", |(n, _)| n)
    }

    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            ElemType::I8 | ElemType::U8 => 1,
            ElemType::I16 | ElemType::U16 | ElemType::F16 | ElemType::BF16 => 2,
            ElemType::I32 | ElemType::U32 | ElemType::F32 => 4,
            ElemType::I64 | ElemType::U64 | ElemType::F64 => 8,
        }
    }

    /// Whether this is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ElemType::F16 | ElemType::BF16 | ElemType::F32 | ElemType::F64
        )
    }

    /// The inclusive range of an integer type.
    fn int_range(self) -> (i128, i128) {
        let bits = 8 * self.size() as u32;
        if self.is_signed() {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        }
    }

    fn is_signed(self) -> bool {
        matches!(
            self,
            ElemType::I8 | ElemType::I16 | ElemType::I32 | ElemType::I64
        )
    }

    /// The default comparison tolerance `(atol, rtol)`: exact for integers, a few ulps of the
    /// type's precision for floats (kernels may reassociate or contract into FMA).
    pub fn default_tolerance(self) -> (f64, f64) {
        match self {
            ElemType::F16 => (1e-3, 1e-3),
            ElemType::BF16 => (1e-2, 1e-2),
            ElemType::F32 => (1e-6, 1e-5),
            ElemType::F64 => (1e-12, 1e-12),
            _ => (0.0, 0.0),
        }
    }

    /// Converts a computed value to this type: floats are rounded to the type's precision;
    /// integers must be whole and in range (a spec that says `fill:300` for `u8` is a mistake,
    /// not something to wrap silently).
    pub fn from_f64(self, v: f64) -> Result<Num, String> {
        if self.is_float() {
            return Ok(Num::Float(self.round(v)));
        }
        if !v.is_finite() || v.fract() != 0.0 {
            return Err(format!(
                "{v} is not a whole number, as {} needs",
                self.name()
            ));
        }
        self.from_int(v as i128)
    }

    /// Converts an integer to this type, checking the range.
    pub fn from_int(self, v: i128) -> Result<Num, String> {
        if self.is_float() {
            return Ok(Num::Float(self.round(v as f64)));
        }
        let (lo, hi) = self.int_range();
        if v < lo || v > hi {
            return Err(format!("{v} does not fit {} ({lo}..={hi})", self.name()));
        }
        Ok(Num::Int(v))
    }

    /// Converts an integer to this type modulo 2^bits, as the GPU's integer arithmetic does.
    pub fn wrap(self, v: i128) -> Num {
        if self.is_float() {
            return Num::Float(self.round(v as f64));
        }
        let bits = 8 * self.size() as u32;
        let m = v.rem_euclid(1i128 << bits);
        let (_, hi) = self.int_range();
        Num::Int(if self.is_signed() && m > hi {
            m - (1i128 << bits)
        } else {
            m
        })
    }

    /// Rounds `v` to this float type.
    fn round(self, v: f64) -> f64 {
        match self {
            ElemType::F16 => f16::from_f64(v).to_f64(),
            ElemType::BF16 => bf16::from_f64(v).to_f64(),
            ElemType::F32 => f64::from(v as f32),
            _ => v,
        }
    }

    /// Appends `v`'s little-endian bytes.
    pub fn encode(self, v: Num, out: &mut Vec<u8>) {
        match self {
            ElemType::F16 => out.extend_from_slice(&f16::from_f64(v.as_f64()).to_le_bytes()),
            ElemType::BF16 => out.extend_from_slice(&bf16::from_f64(v.as_f64()).to_le_bytes()),
            ElemType::F32 => out.extend_from_slice(&(v.as_f64() as f32).to_le_bytes()),
            ElemType::F64 => out.extend_from_slice(&v.as_f64().to_le_bytes()),
            _ => {
                let i = match v {
                    Num::Int(i) => i,
                    Num::Float(f) => f as i128,
                };
                // Two's complement truncated to the width: the low bytes of the i128.
                out.extend_from_slice(&i.to_le_bytes()[..self.size()]);
            }
        }
    }

    /// Reads the elements of `bytes` (a whole number of elements).
    pub fn decode(self, bytes: &[u8]) -> Vec<Num> {
        bytes
            .chunks_exact(self.size())
            .map(|c| self.decode_one(c))
            .collect()
    }

    fn decode_one(self, c: &[u8]) -> Num {
        let mut b8 = [0u8; 8];
        b8[..c.len()].copy_from_slice(c);
        let raw = u64::from_le_bytes(b8);
        match self {
            ElemType::F16 => Num::Float(f16::from_bits(raw as u16).to_f64()),
            ElemType::BF16 => Num::Float(bf16::from_bits(raw as u16).to_f64()),
            ElemType::F32 => Num::Float(f64::from(f32::from_bits(raw as u32))),
            ElemType::F64 => Num::Float(f64::from_bits(raw)),
            _ => self.wrap(i128::from(raw)),
        }
    }

    /// Shows `v` the way this type would print it (an `f32` shows its shortest `f32` spelling,
    /// not the `f64` expansion of it).
    pub fn show(self, v: Num) -> String {
        match (self, v) {
            (_, Num::Int(i)) => i.to_string(),
            (ElemType::F32, Num::Float(f)) => format!("{}", f as f32),
            (ElemType::F16, Num::Float(f)) => format!("{}", f16::from_f64(f)),
            (ElemType::BF16, Num::Float(f)) => format!("{}", bf16::from_f64(f)),
            (_, Num::Float(f)) => format!("{f}"),
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A small deterministic generator (splitmix64) for `random:<seed>`: the same seed gives the same
/// contents on every machine, so a failing run can be reproduced.
pub struct SplitMix(u64);

impl SplitMix {
    /// Seeds the generator.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A random element: floats uniform in [-1, 1), integers uniform in [0, 100) — small enough
    /// that sums and products of a few of them fit every integer type.
    pub fn next_elem(&mut self, ty: ElemType) -> Num {
        let r = self.next_u64();
        if ty.is_float() {
            let unit = (r >> 11) as f64 / (1u64 << 53) as f64;
            Num::Float(ty.round(unit * 2.0 - 1.0))
        } else {
            Num::Int(i128::from(r % 100))
        }
    }
}
