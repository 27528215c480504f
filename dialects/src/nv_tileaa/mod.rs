//! nv_tileaa: address-annotated tiles. The cuda_tile memory ops with every pointer's space
//! resolved (`!nv_tileaa.ptr<global, f32>`), scopes normalized, plus `alloc_shared`. A kernel is
//! one `nv_tileaa.kernel` op at top level (the cuda_tile module wrapper is dropped).

pub mod ops;
pub mod views;
pub use views::*;
