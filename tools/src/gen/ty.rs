//! The generator's types: element types, tile shapes, their custom-syntax spellings, and the
//! constant literals of each element type (edge values included: zero, -1, the extremes of the
//! width, NaN and infinity bit patterns).

use super::choice::Choices;

/// A tile element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Elem {
    /// `i1`.
    I1,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

/// Every element type, in spelling order.
pub const ELEMS: [Elem; 9] = [
    Elem::I1,
    Elem::I8,
    Elem::I16,
    Elem::I32,
    Elem::I64,
    Elem::F16,
    Elem::BF16,
    Elem::F32,
    Elem::F64,
];

impl Elem {
    /// The spelling (`i32`, `bf16`, …).
    pub fn name(self) -> &'static str {
        match self {
            Elem::I1 => "i1",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::F16 => "f16",
            Elem::BF16 => "bf16",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
        }
    }
    /// A float type.
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::BF16 | Elem::F32 | Elem::F64)
    }
    /// The width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Elem::I1 => 1,
            Elem::I8 => 8,
            Elem::I16 | Elem::F16 | Elem::BF16 => 16,
            Elem::I32 | Elem::F32 => 32,
            Elem::I64 | Elem::F64 => 64,
        }
    }
    /// A type memory ops may access and atomics may take (32 or 64 bits): tilec's lowering
    /// accesses these (narrower ones are rejected with a located diagnostic).
    pub fn is_word(self) -> bool {
        self.bits() >= 32
    }
}

/// Element types of memory data, by weight: mostly the ones tilec lowers, sometimes the narrow
/// ones the verifiers accept and the lowering rejects (a located "cannot lower" diagnostic).
pub fn data_elem(c: &mut Choices) -> Elem {
    const WEIGHTS: [(Elem, usize); 8] = [
        (Elem::I32, 30),
        (Elem::F32, 30),
        (Elem::I64, 15),
        (Elem::F64, 15),
        (Elem::I8, 2),
        (Elem::I16, 2),
        (Elem::F16, 2),
        (Elem::BF16, 2),
    ];
    let w: Vec<usize> = WEIGHTS.iter().map(|x| x.1).collect();
    WEIGHTS[c.weighted(&w)].0
}

/// A tile type: shape (empty for 0-d) and element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ty {
    /// Dimensions (empty: 0-d).
    pub shape: Vec<u64>,
    /// Element type.
    pub elem: Elem,
}

impl Ty {
    /// A tile of `shape` × `elem`.
    pub fn new(shape: &[u64], elem: Elem) -> Ty {
        Ty {
            shape: shape.to_vec(),
            elem,
        }
    }
    /// `tile<4x8xf32>`.
    pub fn text(&self) -> String {
        tile(&self.shape, self.elem.name())
    }
    /// Elements (1 for 0-d).
    pub fn count(&self) -> u64 {
        count(&self.shape)
    }
}

/// Elements of a shape (1 for 0-d).
pub fn count(shape: &[u64]) -> u64 {
    shape.iter().product()
}

/// `tile<SHAPE x elem>` where `elem` is spelled already (`f32`, `ptr<f32>`).
pub fn tile(shape: &[u64], elem: &str) -> String {
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tile<{dims}{elem}>")
}

/// `tile<SHAPE x ptr<elem>>`.
pub fn ptr_tile(shape: &[u64], elem: Elem) -> String {
    tile(shape, &format!("ptr<{}>", elem.name()))
}

/// The shapes tiles are drawn from: 0-d, 1-d powers of two and not (a tile that does not fill
/// the threads is masked), one element, 2-d and 3-d; at most 1024 elements.
pub const SHAPES: &[&[u64]] = &[
    &[],
    &[],
    &[1],
    &[2],
    &[3],
    &[7],
    &[32],
    &[64],
    &[96],
    &[100],
    &[128],
    &[128],
    &[255],
    &[256],
    &[512],
    &[1000],
    &[1024],
    &[4, 32],
    &[8, 8],
    &[3, 5],
    &[16, 16],
    &[32, 32],
    &[1, 128],
    &[2, 4, 8],
];

/// A shape of [`SHAPES`].
pub fn shape(c: &mut Choices) -> Vec<u64> {
    c.pick(SHAPES).to_vec()
}

/// The all-ones shape of `rank` (`[1, 1]`): a 0-d tile is reshaped to it before a broadcast.
pub fn ones(rank: usize) -> Vec<u64> {
    vec![1; rank]
}

/// A constant literal of `elem`, as written between `<elem: ` and `>`.
pub fn literal(c: &mut Choices, elem: Elem) -> String {
    if elem == Elem::I1 {
        return (*c.pick(&["true", "false"])).to_string();
    }
    if elem.is_float() {
        return float_literal(c, elem);
    }
    let max = (1i128 << (elem.bits() - 1)) - 1;
    let min = -(1i128 << (elem.bits() - 1));
    let umax = (1i128 << elem.bits()) - 1;
    let v: i128 = match c.below(10) {
        0 => 1,
        1 => 0,
        2 => -1,
        3 => max,
        4 => min,
        5 => umax,
        6 => c.below(17) as i128,
        7 => c.below(256) as i128 - 128,
        _ => c.below(100_000) as i128,
    };
    // Values past the width wrap (`<i8: 255>` is -1); past i64 they are out of range.
    v.clamp(min, umax).to_string()
}

fn float_literal(c: &mut Choices, elem: Elem) -> String {
    // NaN, +inf and -inf as bit patterns of the width.
    let specials: &[&str] = match elem {
        Elem::F16 => &["0x7E00", "0x7C00", "0xFC00"],
        Elem::BF16 => &["0x7FC0", "0x7F80", "0xFF80"],
        Elem::F32 => &["0x7FC00000", "0x7F800000", "0xFF800000"],
        _ => &[
            "0x7FF8000000000000",
            "0x7FF0000000000000",
            "0xFFF0000000000000",
        ],
    };
    match c.below(8) {
        0 => "1.0".into(),
        1 => "0.0".into(),
        2 => "-2.5".into(),
        3 => (*c.pick(specials)).to_string(),
        4 => "1.5e-3".into(),
        5 => "65504.0".into(),
        6 => "-0.0".into(),
        _ => format!("{}.25", c.below(1000)),
    }
}
