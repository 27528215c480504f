//! nv_tileas: the SIMT view with explicit synchronization. Each op runs on every thread of the
//! CTA unless it sits inside `elect` (one thread) or `warp_role` (a warp range). Memory ops carry
//! their state space and `(mem_semantic, mem_scope)`; sync ops are the ones of SYNC-MODEL.md.
//!
//! [`ops`](mod@ops) is the catalog (data); [`views`] the typed views of its ops; [`verify`] the
//! type and attribute checks the catalog names; [`regions`] the region rules (terminators,
//! `yield`/`return` placement, warp ranges).

pub mod ops;
pub mod regions;
pub mod verify;
pub mod views;
pub use views::*;
