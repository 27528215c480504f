//! tilec-ir: the IR core of tilec.
//!
//! - [`Module`]: arenas of ops, values, blocks and regions addressed by typed `u32` handles
//!   ([`Op`], [`Value`], [`Block`], [`Region`]); uniqued [`Type`]s, [`Attr`]s and [`Dict`]s;
//!   locations in side tables.
//! - [`debuginfo`]: `loc(…)` locations and NVIDIA's `#cuda_tile.di_*` attributes, kept per op
//!   and printed back;
//! - [`mem`]: the memory-model enums ([`MemSemantic`], [`MemScope`], [`Space`], [`Proxy`],
//!   [`RmwKind`]) that are first-class attribute variants.
//! - [`text`]: the MLIR generic form (pest grammar, parser, printer).
//! - [`diag`]: located diagnostics rendered clang-style, and `--verify-diagnostics` ([`expect`]).
//! - [`verify`]: the staged structural verifier and the op registry dialects fill in.
//! - [`pass`]: the `Pass` trait, the pass manager (verify-after-each, print-after-all, timing).

// pest_derive without its `std` feature (which is what turns off pest's per-rule native stack probe;
// tilec bounds nesting itself, see `text::parser`) refers to `::alloc`.
extern crate alloc;

pub mod attrs;
pub mod debuginfo;
pub mod diag;
pub mod entity;
pub mod expect;
pub mod float_formats;
pub mod mem;
pub mod module;
pub mod pass;
pub mod source;
mod symbol;
pub mod text;
pub mod types;
pub mod verify;
pub mod view;
pub mod walk;

pub use attrs::{Attr, AttrData, Dict, FromAttr};
pub use diag::{DiagCode, Diagnostic, Diagnostics, Severity};
pub use mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
pub use module::{Block, Module, Op, OpData, OpSpec, Region, Value, ValueDef};
pub use source::{FileId, Loc, SourceMap};
pub use symbol::Sym;
pub use types::{FloatKind, NamedValue, Type, TypeData, TypeParam, DYNAMIC};
pub use view::OpView;
pub use walk::{Builder, InsertPoint, WalkControl};
