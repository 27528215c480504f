//! A Rust builder for cuda_tile kernels: what an embedding frontend uses instead of text.
//!
//! Every memory op starts with the conservative pair `(sc, sys)`; a caller that knows better
//! asks for a weaker one with [`MemOpBuilder::order`]. Defaults are never weaker than the caller
//! could need, and the legality verifier checks whatever pair ends up on the op.
//!
//! ```
//! use tilec_dialects::cuda_tile::builder::{KernelBuilder, TileType};
//! use tilec_ir::{MemScope, MemSemantic, Module, RmwKind};
//!
//! let mut m = Module::new();
//! let f32t = TileType::F32;
//! let mut k = KernelBuilder::new(&mut m, "handoff", "producer", &[TileType::ptr_tile(128, f32t), TileType::ptr(TileType::I32)]);
//! let (data, flag) = (k.param(0), k.param(1));
//! let t0 = k.make_token();
//! let ones = k.constant_f32(&[128], 1.0);
//! // A weak store: the caller weakens the default explicitly.
//! let t1 = k.store(data, ones).after(&[t0]).order(MemSemantic::Weak, None).emit_token();
//! let one = k.constant_i32(&[], 1);
//! // No .order(): the atomic gets the conservative default (sc, sys).
//! let (_old, t2) = k.atomic_rmw(flag, RmwKind::Add, one).after(&[t1]).emit();
//! let _ = k.fence(MemSemantic::Release, MemScope::Gpu).after(&[t2]).emit_token();
//! k.finish();
//! let text = tilec_ir::text::module_to_string(&m);
//! assert!(text.contains("mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>"));
//! assert!(text.contains("mem_semantic = #mem.sem<weak>}"));
//! ```

use crate::types::{ct_ptr, tile, token};
use tilec_ir::{
    sym, AttrData, Block, Builder, FloatKind, Loc, MemScope, MemSemantic, Module, Op, OpSpec,
    RmwKind, Sym, Type, Value,
};

/// The element and shape of a kernel parameter or constant.
#[derive(Clone, Debug, PartialEq)]
pub enum TileType {
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `f32`.
    F32,
    /// `ptr<elem>`.
    Ptr(Box<TileType>),
    /// `Nx…` of an element.
    Shaped(Vec<u64>, Box<TileType>),
}

impl TileType {
    /// `tile<ptr<elem>>` (0-d).
    pub fn ptr(elem: TileType) -> TileType {
        TileType::Ptr(Box::new(elem))
    }
    /// `tile<Nxptr<elem>>`.
    pub fn ptr_tile(n: u64, elem: TileType) -> TileType {
        TileType::Shaped(vec![n], Box::new(TileType::ptr(elem)))
    }
    fn scalar(&self, m: &mut Module) -> Type {
        match self {
            TileType::I32 => m.int_type(32),
            TileType::I64 => m.int_type(64),
            TileType::F32 => m.float_type(FloatKind::F32),
            TileType::Ptr(e) => {
                let et = e.scalar(m);
                ct_ptr(m, et)
            }
            TileType::Shaped(_, e) => e.scalar(m),
        }
    }
    /// The cuda_tile type: `!cuda_tile.tile<…>`.
    pub fn build(&self, m: &mut Module) -> Type {
        let dims: Vec<u64> = match self {
            TileType::Shaped(d, _) => d.clone(),
            _ => Vec::new(),
        };
        let elem = self.scalar(m);
        tile(m, "cuda_tile", &dims, elem)
    }
}

/// Builds one `cuda_tile.entry` inside a `cuda_tile.module`.
pub struct KernelBuilder<'m> {
    m: &'m mut Module,
    entry: Op,
    body: Block,
    loc: Loc,
}

impl<'m> KernelBuilder<'m> {
    /// A module `module_name` holding an entry `kernel` with parameters `params`, appended to
    /// `m`'s top level. The entry runs with 128 threads unless [`KernelBuilder::num_threads`]
    /// says otherwise.
    pub fn new(
        m: &'m mut Module,
        module_name: &str,
        kernel: &str,
        params: &[TileType],
    ) -> KernelBuilder<'m> {
        let loc = Loc::default();
        let body = m.body();
        let mut b = Builder::at_end(m, body, loc);
        let module = b.op_with_regions(
            sym!("cuda_tile.module"),
            &[],
            &[],
            &[(sym!("sym_name"), AttrData::Str(module_name.into()))],
            1,
        );
        let mr = m.regions(module)[0];
        let mblock = m.append_block(mr, &[]);
        let i32t = m.int_type(32);
        let attrs = [
            (sym!("sym_name"), AttrData::Str(kernel.into())),
            (
                sym!("num_threads"),
                AttrData::Int {
                    value: 128,
                    ty: i32t,
                },
            ),
        ];
        let entry = Builder::at_end(m, mblock, loc).op_with_regions(
            sym!("cuda_tile.entry"),
            &[],
            &[],
            &attrs,
            1,
        );
        let types: Vec<Type> = params.iter().map(|p| p.build(m)).collect();
        let r = m.regions(entry)[0];
        let body = m.append_block(r, &types);
        KernelBuilder {
            m,
            entry,
            body,
            loc,
        }
    }
    /// Sets `num_threads`.
    pub fn num_threads(&mut self, n: i64) -> &mut Self {
        let i32t = self.m.int_type(32);
        self.m.set_attr(
            self.entry,
            sym!("num_threads"),
            AttrData::Int { value: n, ty: i32t },
        );
        self
    }
    /// Parameter `i`.
    pub fn param(&self, i: usize) -> Value {
        self.m.block_args(self.body)[i]
    }
    /// The module being built.
    pub fn module(&mut self) -> &mut Module {
        self.m
    }
    fn op(
        &mut self,
        name: Sym,
        operands: &[Value],
        results: &[Type],
        attrs: &[(Sym, AttrData)],
    ) -> Op {
        Builder::at_end(self.m, self.body, self.loc).op(name, operands, results, attrs)
    }
    /// `make_token`.
    pub fn make_token(&mut self) -> Value {
        let t = token(self.m, "cuda_tile");
        let op = self.op(sym!("cuda_tile.make_token"), &[], &[t], &[]);
        self.m.result(op, 0)
    }
    /// An i32 constant tile of shape `dims` (empty: 0-d).
    pub fn constant_i32(&mut self, dims: &[u64], v: i32) -> Value {
        let i32t = self.m.int_type(32);
        self.constant(
            dims,
            i32t,
            AttrData::Int {
                value: v as i64,
                ty: i32t,
            },
        )
    }
    /// An f32 constant tile of shape `dims`.
    pub fn constant_f32(&mut self, dims: &[u64], v: f32) -> Value {
        let f32t = self.m.float_type(FloatKind::F32);
        self.constant(dims, f32t, AttrData::float(v as f64, FloatKind::F32, f32t))
    }
    fn constant(&mut self, dims: &[u64], elem: Type, value: AttrData) -> Value {
        let t = tile(self.m, "cuda_tile", dims, elem);
        let op = self.op(
            sym!("cuda_tile.constant"),
            &[],
            &[t],
            &[(sym!("value"), value)],
        );
        self.m.result(op, 0)
    }
    /// `load_ptr_tko` of `ptr` (default order `(sc, sys)`).
    pub fn load(&mut self, ptr: Value) -> MemOpBuilder<'_, 'm> {
        self.mem(MemOpKind::Load, vec![ptr])
    }
    /// `store_ptr_tko` of `value` to `ptr`.
    pub fn store(&mut self, ptr: Value, value: Value) -> MemOpBuilder<'_, 'm> {
        self.mem(MemOpKind::Store, vec![ptr, value])
    }
    /// `atomic_rmw_tko kind` of `value` at `ptr`.
    pub fn atomic_rmw(&mut self, ptr: Value, kind: RmwKind, value: Value) -> MemOpBuilder<'_, 'm> {
        self.mem(MemOpKind::Rmw(kind), vec![ptr, value])
    }
    /// `atomic_cas_tko`: compare with `cmp`, swap in `new`.
    pub fn atomic_cas(&mut self, ptr: Value, cmp: Value, new: Value) -> MemOpBuilder<'_, 'm> {
        self.mem(MemOpKind::Cas, vec![ptr, cmp, new])
    }
    /// `fence_tko` with an explicit pair (a fence has no weaker default to fall back on).
    pub fn fence(&mut self, sem: MemSemantic, scope: MemScope) -> MemOpBuilder<'_, 'm> {
        let mut b = self.mem(MemOpKind::Fence, vec![]);
        b.sem = sem;
        b.scope = Some(scope);
        b
    }
    fn mem(&mut self, kind: MemOpKind, operands: Vec<Value>) -> MemOpBuilder<'_, 'm> {
        MemOpBuilder {
            k: self,
            kind,
            operands,
            tokens: Vec::new(),
            sem: MemSemantic::Sc,
            scope: Some(MemScope::Sys),
        }
    }
    /// Ends the kernel with `return`.
    pub fn finish(self) -> Op {
        self.entry_with_return()
    }
    fn entry_with_return(self) -> Op {
        let ret = self.m.create_op(OpSpec {
            name: sym!("cuda_tile.return"),
            operands: vec![],
            results: vec![],
            attrs: self.m.empty_dict(),
            regions: 0,
            successors: vec![],
            loc: self.loc,
        });
        self.m.append_op(self.body, ret);
        self.entry
    }
}

#[derive(Clone, Copy, Debug)]
enum MemOpKind {
    Load,
    Store,
    Rmw(RmwKind),
    Cas,
    Fence,
}

/// One memory op being built: operands, the tokens it is ordered after, and its pair.
pub struct MemOpBuilder<'k, 'm> {
    k: &'k mut KernelBuilder<'m>,
    kind: MemOpKind,
    operands: Vec<Value>,
    tokens: Vec<Value>,
    sem: MemSemantic,
    scope: Option<MemScope>,
}

impl MemOpBuilder<'_, '_> {
    /// Orders the op after these tokens (joined with `join_tokens` when there are several).
    pub fn after(mut self, tokens: &[Value]) -> Self {
        self.tokens.extend_from_slice(tokens);
        self
    }
    /// Sets the pair (`None` scope for weak).
    pub fn order(mut self, sem: MemSemantic, scope: Option<MemScope>) -> Self {
        self.sem = sem;
        self.scope = scope;
        self
    }
    /// Creates the op; returns `(value, token)` (the value is the token again for ops without
    /// a value result: stores and fences).
    pub fn emit(self) -> (Value, Value) {
        let MemOpBuilder {
            k,
            kind,
            mut operands,
            tokens,
            sem,
            scope,
        } = self;
        let tok = match tokens.len() {
            0 => None,
            1 => Some(tokens[0]),
            _ => {
                let t = token(k.m, "cuda_tile");
                let j = k.op(sym!("cuda_tile.join_tokens"), &tokens, &[t], &[]);
                Some(k.m.result(j, 0))
            }
        };
        operands.extend(tok);
        let tok_t = token(k.m, "cuda_tile");
        let value_t = match kind {
            MemOpKind::Load | MemOpKind::Rmw(_) | MemOpKind::Cas => {
                let ptr_t = k.m.value_type(operands[0]);
                let info = crate::types::tile_info(k.m, ptr_t).expect("a pointer tile");
                let elem = match crate::types::ptr_info(k.m, info.elem) {
                    Some((_, Some(e))) => e,
                    _ => info.elem,
                };
                Some(tile(k.m, "cuda_tile", &info.dims, elem))
            }
            MemOpKind::Store | MemOpKind::Fence => None,
        };
        let name = match kind {
            MemOpKind::Load => sym!("cuda_tile.load_ptr_tko"),
            MemOpKind::Store => sym!("cuda_tile.store_ptr_tko"),
            MemOpKind::Rmw(_) => sym!("cuda_tile.atomic_rmw_tko"),
            MemOpKind::Cas => sym!("cuda_tile.atomic_cas_tko"),
            MemOpKind::Fence => sym!("cuda_tile.fence_tko"),
        };
        let mut attrs = Vec::new();
        if let MemOpKind::Rmw(r) = kind {
            attrs.push((sym!("kind"), AttrData::Rmw(r)));
        }
        attrs.push((sym!("mem_semantic"), AttrData::Sem(sem)));
        if let Some(s) = scope {
            attrs.push((sym!("mem_scope"), AttrData::Scope(s)));
        }
        let mut results: Vec<Type> = value_t.into_iter().collect();
        results.push(tok_t);
        let op = k.op(name, &operands, &results, &attrs);
        let t = k.m.result(op, results.len() - 1);
        (k.m.result(op, 0), t)
    }
    /// Creates the op and returns its token.
    pub fn emit_token(self) -> Value {
        self.emit().1
    }
}
