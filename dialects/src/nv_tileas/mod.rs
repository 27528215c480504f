//! nv_tileas: the SIMT view with explicit synchronization. Each op runs on every thread of the
//! CTA unless it sits inside `elect` (one thread) or `warp_role` (a warp range). Memory ops carry
//! their state space and `(mem_semantic, mem_scope)`; sync ops are the ones of SYNC-MODEL.md.

pub mod ops;
pub use ops::*;
