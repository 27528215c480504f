//! The structured, owned form of a Tile IR bytecode file (docs/tile-ir-bytecode.md).
//!
//! Cross references are typed indices ([`StringId`], [`TypeId`], [`ConstId`], [`DebugId`]);
//! the reader checks every one of them against its table, so indexing a [`Bytecode`]'s tables
//! with an id it holds is in bounds.

use std::ops::Range;

/// Declares a `u32` index newtype.
macro_rules! id {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as a `usize`.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id!(
    /// An index into the string table.
    StringId
);
id!(
    /// An index into the type table.
    TypeId
);
id!(
    /// An index into the constant table.
    ConstId
);
id!(
    /// An index into the debug attribute table (1-based in the file; 0 is "unknown").
    DebugId
);

/// A bytecode version the reader reads, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Version {
    /// 13.1, the first released version.
    V13_1,
    /// 13.2.
    V13_2,
    /// 13.3 (one flags word for optional type fields).
    V13_3,
    /// 13.4.
    V13_4,
}

impl Version {
    /// Every version, with its (major, minor) bytes.
    pub const ALL: [(Version, u8, u8); 4] = [
        (Version::V13_1, 13, 1),
        (Version::V13_2, 13, 2),
        (Version::V13_3, 13, 3),
        (Version::V13_4, 13, 4),
    ];

    /// The version with these header bytes.
    pub fn from_bytes(major: u8, minor: u8) -> Option<Version> {
        Self::ALL
            .iter()
            .find(|&&(_, ma, mi)| (ma, mi) == (major, minor))
            .map(|&(v, _, _)| v)
    }

    /// The version spelled `13.4`.
    pub fn parse(s: &str) -> Option<Version> {
        let (ma, mi) = s.split_once('.')?;
        Version::from_bytes(ma.parse().ok()?, mi.parse().ok()?)
    }

    /// `13.4`.
    pub fn name(self) -> String {
        let (_, ma, mi) = Self::ALL[self as usize];
        format!("{ma}.{mi}")
    }
}

/// The sections of a file, by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SectionKind {
    /// Not a section: the 12-byte header (messages name it).
    Header,
    /// 0: the end marker.
    End,
    /// 1: the string table.
    String,
    /// 2: the functions.
    Function,
    /// 3: debug info.
    Debug,
    /// 4: the constant table.
    Constant,
    /// 5: the type table.
    Type,
    /// 6: global variables.
    Global,
    /// 7: the producer's name.
    Producer,
}

/// Per section kind: id byte, name, required alignment (a multiple of), since when.
const SECTIONS: [(SectionKind, u8, &str, usize); 8] = [
    (SectionKind::End, 0, "end section", 1),
    (SectionKind::String, 1, "string section", 4),
    (SectionKind::Function, 2, "function section", 8),
    (SectionKind::Debug, 3, "debug section", 8),
    (SectionKind::Constant, 4, "constant section", 8),
    (SectionKind::Type, 5, "type section", 4),
    (SectionKind::Global, 6, "global section", 1),
    (SectionKind::Producer, 7, "producer section", 1),
];

impl SectionKind {
    /// The section with id byte `id` (the alignment flag removed).
    pub fn from_id(id: u8) -> Option<SectionKind> {
        SECTIONS.iter().find(|s| s.1 == id).map(|s| s.0)
    }
    fn row(self) -> Option<&'static (SectionKind, u8, &'static str, usize)> {
        SECTIONS.iter().find(|s| s.0 == self)
    }
    /// The id byte (the header has none: 0xff).
    pub fn id(self) -> u8 {
        self.row().map_or(0xff, |r| r.1)
    }
    /// How messages name it.
    pub fn name(self) -> &'static str {
        self.row().map_or("header", |r| r.2)
    }
    /// The alignment its header must declare a multiple of (1: none required).
    pub fn required_alignment(self) -> usize {
        self.row().map_or(1, |r| r.3)
    }
}

/// Where a section is in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionInfo {
    /// Which section.
    pub kind: SectionKind,
    /// The declared alignment (1 when the header has none).
    pub alignment: u64,
    /// The payload's byte range in the file.
    pub payload: Range<usize>,
}

/// A scalar element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `i1`
    I1,
    /// `i4`
    I4,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `f16`
    F16,
    /// `bf16`
    BF16,
    /// `f32`
    F32,
    /// `tf32`
    TF32,
    /// `f64`
    F64,
    /// `f8E4M3FN`
    F8E4M3FN,
    /// `f8E5M2`
    F8E5M2,
    /// `f8E8M0FNU`
    F8E8M0FNU,
    /// `f4E2M1FN`
    F4E2M1FN,
    /// `fnv8E5M3FNU`
    FNV8E5M3FNU,
    /// `token`
    Token,
}

/// The padding value of a view type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Padding {
    /// 0
    Zero,
    /// −0
    NegZero,
    /// NaN
    Nan,
    /// +∞
    PosInf,
    /// −∞
    NegInf,
}

impl Padding {
    /// Every padding value, by its byte, with the word the custom syntax spells it with.
    const ALL: [(Padding, &'static str); 5] = [
        (Padding::Zero, "zero"),
        (Padding::NegZero, "neg_zero"),
        (Padding::Nan, "nan"),
        (Padding::PosInf, "pos_inf"),
        (Padding::NegInf, "neg_inf"),
    ];

    /// The padding of byte `b`.
    pub fn from_byte(b: u8) -> Option<Padding> {
        Self::ALL.get(usize::from(b)).map(|r| r.0)
    }

    /// The byte of this padding.
    pub fn byte(self) -> u8 {
        self as u8
    }

    /// The word of the custom syntax (`padding_value = neg_zero`).
    pub fn word(self) -> &'static str {
        Self::ALL[self as usize].1
    }

    /// The padding spelled `w`.
    pub fn from_word(w: &str) -> Option<Padding> {
        Self::ALL.iter().find(|r| r.1 == w).map(|r| r.0)
    }
}

/// One entry of the type table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeDef {
    /// A scalar (or token).
    Scalar(Scalar),
    /// `ptr<pointee>`, with the 13.4 pointer attribute byte when present.
    Pointer {
        /// Pointee type.
        pointee: TypeId,
        /// The optional attribute byte.
        attr: Option<u8>,
    },
    /// `tile<shape x element>`.
    Tile {
        /// Element type.
        element: TypeId,
        /// Shape.
        shape: Vec<i64>,
    },
    /// `tensor_view<…>` (a dynamic dimension or stride is `i64::MIN`).
    TensorView {
        /// Element type.
        element: TypeId,
        /// Shape.
        shape: Vec<i64>,
        /// Strides.
        strides: Vec<i64>,
        /// The optional attribute byte (13.4).
        attr: Option<u8>,
    },
    /// `partition_view<…>`.
    PartitionView {
        /// Tile shape.
        tile_shape: Vec<i64>,
        /// The tensor view type.
        tensor_view: TypeId,
        /// Dimension map.
        dim_map: Vec<i64>,
        /// Padding value.
        padding: Option<Padding>,
    },
    /// `gather_scatter_view<…>` (13.3).
    GatherScatterView {
        /// Tile shape.
        tile_shape: Vec<i64>,
        /// The tensor view type.
        tensor_view: TypeId,
        /// The sparse dimension.
        sparse_dim: u64,
        /// Padding value.
        padding: Option<Padding>,
    },
    /// `strided_view<…>` (13.3).
    StridedView {
        /// Tile shape.
        tile_shape: Vec<i64>,
        /// Traversal strides.
        traversal_strides: Vec<i64>,
        /// The tensor view type.
        tensor_view: TypeId,
        /// Dimension map.
        dim_map: Vec<i64>,
        /// Padding value.
        padding: Option<Padding>,
    },
    /// A function signature.
    Function {
        /// Parameter types.
        params: Vec<TypeId>,
        /// Result types.
        results: Vec<TypeId>,
    },
}

/// A self-contained (tagged) attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attr {
    /// An integer of an integer type (value as the low bits of a `u64`).
    Integer(TypeId, u64),
    /// A float of a float type, as its bit pattern.
    Float(TypeId, u64),
    /// A bool.
    Bool(bool),
    /// A type.
    Type(TypeId),
    /// A string.
    String(StringId),
    /// An array.
    Array(Vec<Attr>),
    /// Dense elements: a tile type and a constant.
    DenseElements(TypeId, ConstId),
    /// `div_by<divisor, every?, along?>`.
    DivBy {
        /// Divisor.
        divisor: u64,
        /// `every`.
        every: Option<i64>,
        /// `along`.
        along: Option<i64>,
    },
    /// `same_elements<[…]>`.
    SameElements(Vec<i64>),
    /// A dictionary.
    Dictionary(Vec<(StringId, Attr)>),
    /// Optimization hints: per architecture name, a dictionary.
    OptimizationHints(Vec<(StringId, Attr)>),
    /// `bounded<lb?, ub?>`.
    Bounded(Option<i64>, Option<i64>),
}

/// A function of the function section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// Name.
    pub name: StringId,
    /// Its function type.
    pub signature: TypeId,
    /// Kernel entry point (flag bit 1), else a device function.
    pub is_entry: bool,
    /// Private visibility (flag bit 0).
    pub is_private: bool,
    /// Its 1-based index into the debug section's per-function lists.
    pub loc: u64,
    /// Optimization hints, when flag bit 2 is set on an entry.
    pub hints: Option<Attr>,
    /// The body's byte range in the file.
    pub body: Range<usize>,
    /// The body's ops (the parameters are values `0..n`).
    pub ops: Vec<OpRecord>,
}

/// A global variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Global {
    /// Symbol name.
    pub name: StringId,
    /// Type.
    pub ty: TypeId,
    /// Initial value.
    pub value: ConstId,
    /// Alignment.
    pub alignment: u64,
    /// Private visibility (13.3+).
    pub is_private: bool,
    /// Constant (13.3+).
    pub is_constant: bool,
}

/// A debug attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebugAttr {
    /// The writer's placeholder item of an otherwise empty table (tag 0).
    Placeholder,
    /// `DICompileUnit(file)`.
    CompileUnit(DebugId),
    /// `DIFile(name, directory)`.
    File(StringId, StringId),
    /// `DILexicalBlock(scope, file, line, column)`.
    LexicalBlock(DebugId, DebugId, u64, u64),
    /// `DILoc(scope, filename, line, column)`.
    Loc(DebugId, StringId, u64, u64),
    /// `DISubprogram(file, line, name, linkage_name, compile_unit, scope_line)`.
    Subprogram(DebugId, u64, StringId, StringId, DebugId, u64),
    /// `CallSite(callee, caller)`.
    CallSite(DebugId, DebugId),
}

/// The debug section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DebugInfo {
    /// Per function, where its entries start in `ops`.
    pub first: Vec<u32>,
    /// Per function and then per op, its debug attribute (0: none).
    pub ops: Vec<u64>,
    /// The attribute table; `attrs[0]` is id 1.
    pub attrs: Vec<DebugAttr>,
}

/// A whole file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bytecode {
    /// The version.
    pub version: Version,
    /// The header's tag field had its preview bit (bit 0) set.
    pub preview: bool,
    /// The sections in file order (without the end marker).
    pub sections: Vec<SectionInfo>,
    /// The string table.
    pub strings: Vec<Vec<u8>>,
    /// The type table.
    pub types: Vec<TypeDef>,
    /// The constant table: each constant's raw data.
    pub constants: Vec<Vec<u8>>,
    /// The globals.
    pub globals: Vec<Global>,
    /// The functions.
    pub functions: Vec<Function>,
    /// Debug info (empty without a debug section).
    pub debug: DebugInfo,
    /// The producer's name, from the producer section.
    pub producer: Option<StringId>,
    /// The function section's payload ends with `0xCB` padding to a multiple of 8 (NVIDIA's
    /// C++ writer and cuTile Rust's do so, cuTile Python's does not).
    pub padded_functions: bool,
}

impl Bytecode {
    /// The string `id` (lossy UTF-8).
    pub fn string(&self, id: StringId) -> String {
        self.strings
            .get(id.index())
            .map_or_else(String::new, |s| String::from_utf8_lossy(s).into_owned())
    }
}

/// An attribute of an operation, as its layout field encodes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpAttr {
    /// A bool.
    Bool(bool),
    /// An integer.
    Int(u64),
    /// A value of an enum (checked to be one of its values).
    Enum(crate::ops_table::EnumKind, u8),
    /// A string.
    Str(StringId),
    /// A type.
    Type(TypeId),
    /// An array of tagged attributes.
    Array(Vec<Attr>),
    /// One tagged attribute.
    Tagged(Attr),
    /// Dense elements: a constant.
    Dense(ConstId),
    /// An int list (4- or 1-byte elements).
    Ints(Vec<i64>),
    /// Optimization hints.
    Hints(Vec<(StringId, Attr)>),
}

/// A decoded operation of a function body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpRecord {
    /// Its opcode (a row of `ops_table::OPS`).
    pub opcode: u32,
    /// The file offset of its opcode.
    pub offset: usize,
    /// Its flags word (0 when the layout has none).
    pub flags: u64,
    /// Result types; the results are values `first_result ..` in order.
    pub result_types: Vec<TypeId>,
    /// The value id of the first result.
    pub first_result: u32,
    /// Attributes, in layout order (absent optional ones left out).
    pub attrs: Vec<OpAttr>,
    /// Operand value ids, in layout order.
    pub operands: Vec<u32>,
    /// The count of each variadic operand field (`Operands`), in layout order: where two
    /// variadic fields follow each other (`make_tensor_view`'s shape and strides), the flat
    /// `operands` alone does not say where one ends.
    pub variadic: Vec<u32>,
    /// Regions, each a list of blocks.
    pub regions: Vec<Vec<BlockRecord>>,
}

/// A block of a region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRecord {
    /// Argument types; the arguments are values `first_arg ..`.
    pub args: Vec<TypeId>,
    /// The value id of the first argument.
    pub first_arg: u32,
    /// Its ops.
    pub ops: Vec<OpRecord>,
}
