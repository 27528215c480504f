//! Writing Tile IR bytecode: [`encode`](fn@encode) turns a [`crate::Bytecode`] into bytes (the inverse of
//! [`crate::read`]); [`from_module`](fn@from_module) builds the `Bytecode` of a module of cuda_tile kernels (the
//! inverse of [`crate::to_module`]). `tile-opt --emit-bytecode` is the two in a row.

mod attrs;
mod debug;
mod encode;
mod from_module;
mod layout;
mod sink;

pub use encode::encode;
pub use from_module::from_module;
