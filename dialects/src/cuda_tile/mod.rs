//! cuda_tile: the tile-collective frontend dialect (ARCHITECTURE.md "Dialects").
//!
//! A kernel is `cuda_tile.module` holding `cuda_tile.entry` ops; every memory op carries an
//! explicit `(mem_semantic, mem_scope)` pair and is ordered by tokens. What a collective op means
//! is SYNC-MODEL.md §2.

pub mod assume;
pub mod builder;
pub mod debug_rules;
pub mod hints;
pub mod mmaf_scaled;
pub mod nvidia_strict;
pub mod ops;
pub mod rules;
pub mod syntax;
pub mod tensor_views;
pub mod views;
pub mod words;
pub use views::*;
