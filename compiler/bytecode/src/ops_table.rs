//! The per-opcode layout of an operation in a function body (docs/tile-ir-bytecode.md,
//! "Operations"): the fields after the opcode, in order, each with the condition under which it
//! is present.
//!
//! The rows are facts about the byte layout, taken (by a one-off script, not kept) from cuTile
//! Python 1.7.0's generated writer `cuda/tile/_bytecode/encodings.py`: opcode number, the name
//! of its encoder (`encode_<Name>Op`), the first version that has the op, how many bits its
//! flags word defines, and its fields. 13.5 (dev) ops are left out.

use crate::model::Version;

/// How an attribute field is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrKind {
    /// One byte, 0 or 1.
    Bool,
    /// A varint.
    Int,
    /// One byte: a value of the enum.
    Enum(EnumKind),
    /// A string id.
    Str,
    /// A type id.
    Type,
    /// A varint count, then tagged attributes.
    Array,
    /// One tagged attribute.
    Tagged,
    /// A constant id (dense elements).
    Dense,
    /// An int list of 4-byte elements.
    I32Array,
    /// An int list of 1-byte elements.
    BoolArray,
    /// An untagged dictionary (optimization hints).
    Hints,
}

/// The enums of op attributes, each one byte in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumKind {
    /// `atomic_rmw_tko`'s and `atomic_red_view_tko`'s operation.
    AtomicRMWMode,
    /// `cmpf`'s ordering.
    ComparisonOrdering,
    /// `cmpi`'s and `cmpf`'s predicate.
    ComparisonPredicate,
    /// Integer overflow flags.
    IntegerOverflow,
    /// A memory op's ordering.
    MemoryOrderingSemantics,
    /// A memory op's scope.
    MemoryScope,
    /// A float op's rounding.
    RoundingMode,
    /// Signed or unsigned.
    Signedness,
    /// A symbol's visibility.
    SymbolVisibility,
}

/// Per enum, its values' spellings, indexed by the byte.
const ENUM_VALUES: [(EnumKind, &[&str]); 9] = [
    (
        EnumKind::AtomicRMWMode,
        &[
            "and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg",
        ],
    ),
    (EnumKind::ComparisonOrdering, &["unordered", "ordered"]),
    (
        EnumKind::ComparisonPredicate,
        &[
            "equal",
            "not_equal",
            "less_than",
            "less_than_or_equal",
            "greater_than",
            "greater_than_or_equal",
        ],
    ),
    (EnumKind::IntegerOverflow, &["none", "nsw", "nuw", "nw"]),
    (
        EnumKind::MemoryOrderingSemantics,
        &["weak", "relaxed", "acquire", "release", "acq_rel"],
    ),
    (EnumKind::MemoryScope, &["tl_blk", "device", "sys"]),
    (
        EnumKind::RoundingMode,
        &[
            "nearest_even",
            "zero",
            "negative_inf",
            "positive_inf",
            "approx",
            "full",
            "nearest_int_to_zero",
            "nearest_away",
        ],
    ),
    (EnumKind::Signedness, &["unsigned", "signed"]),
    (EnumKind::SymbolVisibility, &["public", "private"]),
];

impl EnumKind {
    fn values(self) -> &'static [&'static str] {
        ENUM_VALUES
            .iter()
            .find(|e| e.0 == self)
            .map_or(&[][..], |e| e.1)
    }

    /// The spelling of value `v`, if the enum has it.
    pub fn value_name(self, v: u8) -> Option<&'static str> {
        self.values().get(usize::from(v)).copied()
    }

    /// The byte of the value spelled `name`, if the enum has it.
    pub fn value_of(self, name: &str) -> Option<u8> {
        let i = self.values().iter().position(|&v| v == name)?;
        u8::try_from(i).ok()
    }
}

/// When a field is present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// Always.
    Always,
    /// When bit `n` of the op's flags word is set.
    Flag(u8),
    /// When the file's version is at least this.
    Since(Version),
    /// When both.
    FlagSince(u8, Version),
}

impl Gate {
    /// Whether a field with this gate is present in an op whose flags word is `flags`, in a file
    /// of version `v`.
    pub fn holds(self, flags: u64, v: Version) -> bool {
        let flag = |b: u8| flags >> b & 1 == 1;
        match self {
            Gate::Always => true,
            Gate::Flag(b) => flag(b),
            Gate::Since(s) => v >= s,
            Gate::FlagSince(b, s) => v >= s && flag(b),
        }
    }
}

/// One field of an op's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// One result type id.
    Result,
    /// A varint count, then result type ids.
    Results,
    /// The flags word (a varint), when its gate holds.
    Flags(Gate),
    /// An attribute.
    Attr(AttrKind, Gate),
    /// One operand (a value id), when its gate holds.
    Operand(Gate),
    /// A varint count, then value ids.
    Operands,
    /// A varint count of regions, then each region's blocks.
    Regions,
}

/// One opcode's row.
#[derive(Clone, Copy, Debug)]
pub struct OpLayout {
    /// The opcode.
    pub opcode: u32,
    /// The op's name as cuTile's encoder spells it (`AddF`, `LoadViewTko`).
    pub name: &'static str,
    /// The first version that has it.
    pub since: Version,
    /// How many low bits of the flags word are defined.
    pub flag_bits: u8,
    /// The fields after the opcode.
    pub fields: &'static [Field],
}

const fn op(
    opcode: u32,
    name: &'static str,
    since: Version,
    flag_bits: u8,
    fields: &'static [Field],
) -> OpLayout {
    OpLayout {
        opcode,
        name,
        since,
        flag_bits,
        fields,
    }
}

/// The layout of opcode `opcode`.
pub fn layout(opcode: u64) -> Option<&'static OpLayout> {
    OPS.iter().find(|o| u64::from(o.opcode) == opcode)
}

/// Every opcode, in opcode order.
pub const OPS: &[OpLayout] = &[
    op(
        0,
        "AbsF",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        1,
        "AbsI",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        2,
        "AddF",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        3,
        "AddI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::IntegerOverflow), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        4,
        "AndI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        5,
        "Assert",
        Version::V13_1,
        0,
        &[
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        6,
        "Assume",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Tagged, Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        7,
        "AtomicCASTko",
        Version::V13_1,
        2,
        &[
            Field::Result,
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Flag(0)),
            Field::Operand(Gate::Flag(1)),
        ],
    ),
    op(
        8,
        "AtomicRMWTko",
        Version::V13_1,
        2,
        &[
            Field::Result,
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::AtomicRMWMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Flag(0)),
            Field::Operand(Gate::Flag(1)),
        ],
    ),
    op(
        9,
        "Bitcast",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        10,
        "Break",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        11,
        "Broadcast",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        12,
        "Cat",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Int, Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        13,
        "Ceil",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        14,
        "CmpF",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::ComparisonPredicate), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::ComparisonOrdering), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        15,
        "CmpI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::ComparisonPredicate), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        16,
        "Constant",
        Version::V13_1,
        0,
        &[Field::Result, Field::Attr(AttrKind::Dense, Gate::Always)],
    ),
    op(
        17,
        "Continue",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        18,
        "Cos",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        19,
        "CosH",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        20,
        "DivF",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        21,
        "DivI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        22,
        "Entry",
        Version::V13_1,
        3,
        &[
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Attr(AttrKind::Type, Gate::Always),
            Field::Attr(AttrKind::Array, Gate::Flag(2)),
            Field::Attr(AttrKind::Array, Gate::Flag(0)),
            Field::Attr(AttrKind::Hints, Gate::Flag(1)),
            Field::Regions,
        ],
    ),
    op(
        23,
        "Exp",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(
                AttrKind::Enum(EnumKind::RoundingMode),
                Gate::Since(Version::V13_3),
            ),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        24,
        "Exp2",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        37,
        "ExtI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        38,
        "Extract",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        39,
        "Floor",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        40,
        "Fma",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        41,
        "For",
        Version::V13_1,
        1,
        &[
            Field::Results,
            Field::Flags(Gate::Since(Version::V13_2)),
            Field::Operands,
            Field::Regions,
        ],
    ),
    op(
        42,
        "FToF",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        43,
        "FToI",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Since(Version::V13_4)),
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        44,
        "GetGlobal",
        Version::V13_1,
        0,
        &[Field::Result, Field::Attr(AttrKind::Str, Gate::Always)],
    ),
    op(
        45,
        "GetIndexSpaceShape",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operand(Gate::Always)],
    ),
    op(
        46,
        "GetNumTileBlocks",
        Version::V13_1,
        0,
        &[Field::Result, Field::Result, Field::Result],
    ),
    op(
        47,
        "GetTensorShape",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operand(Gate::Always)],
    ),
    op(
        48,
        "GetTileBlockId",
        Version::V13_1,
        0,
        &[Field::Result, Field::Result, Field::Result],
    ),
    op(
        49,
        "Global",
        Version::V13_1,
        1,
        &[
            Field::Flags(Gate::Since(Version::V13_3)),
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Attr(AttrKind::Dense, Gate::Always),
            Field::Attr(AttrKind::Int, Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::SymbolVisibility),
                Gate::Since(Version::V13_3),
            ),
        ],
    ),
    op(
        50,
        "If",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operand(Gate::Always), Field::Regions],
    ),
    op(
        51,
        "IntToPtr",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(58, "Iota", Version::V13_1, 0, &[Field::Result]),
    op(
        59,
        "IToF",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        60,
        "JoinTokens",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        61,
        "LoadPtrTko",
        Version::V13_1,
        5,
        &[
            Field::Result,
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Flag(0)),
            Field::Attr(AttrKind::Hints, Gate::Flag(1)),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Flag(2)),
            Field::Operand(Gate::Flag(3)),
            Field::Operand(Gate::Flag(4)),
        ],
    ),
    op(
        62,
        "LoadViewTko",
        Version::V13_1,
        3,
        &[
            Field::Results,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Flag(0)),
            Field::Attr(AttrKind::Hints, Gate::Flag(1)),
            Field::Attr(AttrKind::BoolArray, Gate::Since(Version::V13_4)),
            Field::Operand(Gate::Always),
            Field::Operands,
            Field::Operand(Gate::Flag(2)),
        ],
    ),
    op(
        63,
        "Log",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        64,
        "Log2",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        65,
        "Loop",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands, Field::Regions],
    ),
    op(
        66,
        "MakePartitionView",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        67,
        "MakeTensorView",
        Version::V13_1,
        0,
        &[
            Field::Results,
            Field::Operand(Gate::Always),
            Field::Operands,
            Field::Operands,
        ],
    ),
    op(68, "MakeToken", Version::V13_1, 0, &[Field::Result]),
    op(
        69,
        "MaxF",
        Version::V13_1,
        2,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        70,
        "MaxI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        71,
        "MinF",
        Version::V13_1,
        2,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        72,
        "MinI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        73,
        "MmaF",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Since(Version::V13_3)),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        74,
        "MmaI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        75,
        "Module",
        Version::V13_1,
        1,
        &[
            Field::Flags(Gate::Since(Version::V13_3)),
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Attr(AttrKind::Str, Gate::Flag(0)),
            Field::Regions,
        ],
    ),
    op(
        76,
        "MulF",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        77,
        "MulhiI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        78,
        "MulI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::IntegerOverflow), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        79,
        "NegF",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        80,
        "NegI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(
                AttrKind::Enum(EnumKind::IntegerOverflow),
                Gate::Since(Version::V13_2),
            ),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        81,
        "Offset",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        82,
        "OrI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        83,
        "Permute",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::I32Array, Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        84,
        "FPowF",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        85,
        "PrintTko",
        Version::V13_1,
        1,
        &[
            Field::Results,
            Field::Flags(Gate::Since(Version::V13_2)),
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Operands,
            Field::Operand(Gate::Flag(0)),
        ],
    ),
    op(
        86,
        "PtrToInt",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        87,
        "PtrToPtr",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        88,
        "Reduce",
        Version::V13_1,
        0,
        &[
            Field::Results,
            Field::Attr(AttrKind::Int, Gate::Always),
            Field::Attr(AttrKind::Array, Gate::Always),
            Field::Operands,
            Field::Regions,
        ],
    ),
    op(
        89,
        "RemF",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        90,
        "RemI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        91,
        "Reshape",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        92,
        "Return",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        93,
        "Rsqrt",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        94,
        "Scan",
        Version::V13_1,
        0,
        &[
            Field::Results,
            Field::Attr(AttrKind::Int, Gate::Always),
            Field::Attr(AttrKind::Bool, Gate::Always),
            Field::Attr(AttrKind::Array, Gate::Always),
            Field::Operands,
            Field::Regions,
        ],
    ),
    op(
        95,
        "Select",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        96,
        "ShLI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::IntegerOverflow), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        97,
        "ShRI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::Signedness), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        98,
        "Sin",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        99,
        "SinH",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        100,
        "Sqrt",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        101,
        "StorePtrTko",
        Version::V13_1,
        4,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Flag(0)),
            Field::Attr(AttrKind::Hints, Gate::Flag(1)),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Flag(2)),
            Field::Operand(Gate::Flag(3)),
        ],
    ),
    op(
        102,
        "StoreViewTko",
        Version::V13_1,
        3,
        &[
            Field::Results,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Flag(0)),
            Field::Attr(AttrKind::Hints, Gate::Flag(1)),
            Field::Attr(AttrKind::BoolArray, Gate::Since(Version::V13_4)),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operands,
            Field::Operand(Gate::Flag(2)),
        ],
    ),
    op(
        103,
        "SubF",
        Version::V13_1,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::RoundingMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        104,
        "SubI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::IntegerOverflow), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        105,
        "Tan",
        Version::V13_1,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        106,
        "TanH",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(
                AttrKind::Enum(EnumKind::RoundingMode),
                Gate::Since(Version::V13_2),
            ),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        107,
        "TruncI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Attr(AttrKind::Enum(EnumKind::IntegerOverflow), Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        108,
        "XOrI",
        Version::V13_1,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        109,
        "Yield",
        Version::V13_1,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        110,
        "Atan2",
        Version::V13_2,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        111,
        "Pack",
        Version::V13_3,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        112,
        "Unpack",
        Version::V13_3,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        113,
        "Alloca",
        Version::V13_3,
        1,
        &[
            Field::Result,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Int, Gate::Always),
            Field::Attr(AttrKind::Int, Gate::Always),
        ],
    ),
    op(
        114,
        "MmaFScaled",
        Version::V13_3,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        115,
        "MakeGatherScatterView",
        Version::V13_3,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        116,
        "MakeStridedView",
        Version::V13_3,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        117,
        "AtomicRedViewTko",
        Version::V13_3,
        1,
        &[
            Field::Results,
            Field::Flags(Gate::Always),
            Field::Attr(
                AttrKind::Enum(EnumKind::MemoryOrderingSemantics),
                Gate::Always,
            ),
            Field::Attr(AttrKind::Enum(EnumKind::MemoryScope), Gate::Always),
            Field::Attr(AttrKind::Enum(EnumKind::AtomicRMWMode), Gate::Always),
            Field::Operand(Gate::Always),
            Field::Operands,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Flag(0)),
        ],
    ),
    op(
        118,
        "Insert",
        Version::V13_4,
        0,
        &[Field::Results, Field::Operands],
    ),
    op(
        119,
        "GdcLaunchDependentsTko",
        Version::V13_4,
        0,
        &[Field::Result, Field::Operands],
    ),
    op(
        120,
        "GdcWaitTko",
        Version::V13_4,
        0,
        &[Field::Result, Field::Operands],
    ),
    op(
        121,
        "FPowI",
        Version::V13_4,
        0,
        &[
            Field::Result,
            Field::Operand(Gate::Always),
            Field::Operand(Gate::Always),
        ],
    ),
    op(
        122,
        "MemoryFenceAliasTko",
        Version::V13_4,
        0,
        &[Field::Result, Field::Operand(Gate::Always)],
    ),
    op(
        16386,
        "PreviewCall",
        Version::V13_1,
        2,
        &[
            Field::Results,
            Field::Flags(Gate::Always),
            Field::Attr(AttrKind::Str, Gate::Always),
            Field::Attr(AttrKind::Array, Gate::Always),
            Field::Attr(AttrKind::Array, Gate::Flag(0)),
            Field::Attr(AttrKind::Array, Gate::Flag(1)),
            Field::Operands,
        ],
    ),
];
