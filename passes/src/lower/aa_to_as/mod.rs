//! `lower-aa-to-as`: nv_tileaa (tile-collective) → nv_tileas (SIMT), per SYNC-MODEL.md §2.
//!
//! **Layout.** An n-d tile of N elements is distributed over the kernel's `num_threads` threads T
//! in a cyclic layout over its row-major flattened order: thread `t` owns elements
//! `t, t+T, …, t+(E-1)·T` with `E = ceil(N / T)` (at most [`MAX_PER_THREAD`]), so one owned
//! element of a warp's 32 threads is 32 consecutive elements (coalesced accesses of contiguous
//! data); elements past N are masked off at memory ops (an access of owned element `e` sits in an
//! `nv_tileas.if` on `e·T+t < N` when `(e+1)·T > N`; a masked load yields 0). A lowered value ([`Lowered`]) is one of
//! - `Uniform`: a 0-d (or one-element) tile, one scalar that is the same in every thread;
//! - `Splat`: an n-d tile whose elements are all one uniform scalar;
//! - `Owned`: an n-d tile held as E scalars per thread, one per owned element (values, `i1`
//!   masks, or pointers: a general pointer tile is one pointer per owned element);
//! - `PtrTile`: the contiguous pointer tile `base + i` (kernel parameters `tile<Nxptr<T>>`,
//!   docs/abi.md, and `offset` of one by a uniform index): pointers are formed at each access;
//! - `Token`: a token (no runtime value; what it orders is in [`analysis`]).
//!
//! **Ops.** Arithmetic, comparisons and `select` are elementwise on owned elements; on uniform
//! operands they are computed once by every thread (no election for pure arithmetic). `iota`
//! gives each owned element its flattened index; `offset` is a `gep` per owned element;
//! `reshape` keeps the owned scalars (the flattened order is unchanged); `broadcast` of a
//! uniform tile is a splat, and of a distributed tile is allowed where every thread already owns
//! the source elements of its result elements (else a "cannot lower yet" diagnostic).
//! `get_tile_block_id` / `get_num_tile_blocks` read `block_id` / `num_blocks` once in the
//! prologue. Control flow has uniform conditions and bounds (0-d tiles), so `if`, `for` and
//! `loop` become nv_tileas `if`, `for` and `while` run by all threads ([`control`] documents
//! the mapping of `loop`/`break`/`continue`).
//!
//! **Memory** ([`memory`]). An n-d memory op is one access per owned element. A 0-d memory op
//! runs once per tile block inside `nv_tileas.elect`; a result that is used is broadcast through
//! a shared-memory slot and a CTA barrier (inside a loop the slot is reused, so a barrier also
//! separates the previous iteration's reads from the next write). Tokens: when op B consumes op
//! A's token and a thread of B may touch an element another thread touched in A, a `barrier`
//! goes between them; when both are distributed over one injective pointer tile (each thread
//! only touches its own elements) or both are elected, none. Release on a tile op: `barrier`,
//! then the op with `.release` (issued by the owner or the elected thread); acquire: the op,
//! then `barrier`; acq_rel and sc: both. Every pair is copied unchanged onto the SIMT ops.
//! Fences are conservative (never weaker than the pair); making them cheap is `weakest-fence`'s
//! job.
//!
//! **Kernel.** Parameters follow docs/abi.md; a 0-d `tile<i1>` is passed as an i32 (nonzero is
//! true: PTX has no predicate parameters). The nv_tileas kernel always states `num_threads`
//! (128 when the entry leaves it out), so the PTX entry gets `.reqntid` for the layout it was
//! compiled for. Thread ids, element indices, masks, block ids and broadcast slots are computed
//! once, in a prologue at the top of the kernel.
//!
//! What the lowering cannot handle yet is a located diagnostic naming the op, never a panic.

mod analysis;
mod control;
mod copy;
mod exchange;
mod fold;
mod fused;
mod memory;
mod mma;
mod numbering;
mod pipeline;
mod print;
mod reduce;
mod scan;
mod stage;
mod tidy;
mod tiles;
mod tma;
mod wgmma;

use crate::dense::{self, DenseMap};
use crate::Cx;
use analysis::Flow;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tilec_dialects::nv_tileaa::{self as aa, OpKind};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{as_ptr, is_token, ptr_info, scalar_bytes, tile_info, tile_shape};
use tilec_ir::pass::Pass;
use tilec_ir::{
    sym, AttrData, Block, Builder, Diagnostic, Diagnostics, Dict, FloatKind, Loc, Module, Op,
    OpView, Space, Sym, Type, TypeData, Value,
};

/// The most elements one thread may own in one tile (a tile of N elements needs
/// `ceil(N / num_threads)` registers per thread for each of its values).
pub const MAX_PER_THREAD: u64 = 128;

/// The pass.
pub struct LowerAaToAs;

impl Pass<Cx> for LowerAaToAs {
    fn name(&self) -> &'static str {
        "lower-aa-to-as"
    }
    fn diag_code(&self) -> tilec_ir::DiagCode {
        tilec_ir::DiagCode::LowerInvalid
    }
    fn run(&self, m: &mut Module, cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        for k in m.top_ops() {
            if aa::Kernel::is(m, k) {
                // The fused factor copies move 16 bytes as one .b128 (PTX ISA 8.3).
                let b128 = cx
                    .target
                    .ptx_isa
                    .is_none_or(|v| v >= tilec_dialects::target::PtxIsa(8, 3));
                let wgmma = cx.target.has_wgmma();
                if let Err(e) = lower_kernel(m, k, cx.source, (wgmma, b128, cx.tma_maps)) {
                    d.push(*e);
                }
            } else if aa::Global::is(m, k) {
                crate::lower::renamed(m, k, tas::Global::name_sym());
            }
        }
        d
    }
}

/// The scalars of a distributed tile, one per owned element (inline for a few: most tiles
/// give each thread one or two elements, and lowered values are copied at every use).
type Scalars = SmallVec<[Value; 4]>;

/// A tile shape (inline up to four dimensions).
type Dims = SmallVec<[u64; 4]>;

/// A lowered nv_tileaa value (see the module documentation).
#[derive(Clone, Debug)]
enum Lowered {
    /// A 0-d or one-element tile: one scalar, the same in every thread.
    Uniform(Value),
    /// An n-d tile whose elements are all this uniform scalar.
    Splat(Value),
    /// An n-d tile held as one scalar per owned element.
    Owned(Scalars),
    /// The contiguous pointer tile `base + i` (elements of `elem_bytes`), `per` elements per
    /// thread (all an element's address needs of the tile's shape).
    PtrTile {
        base: Value,
        per: u64,
        elem_bytes: u64,
    },
    /// An `M x N` tile in the `mma.sync` accumulator layout ([`mma`]), one scalar per owned
    /// element in that layout's order.
    Frag(Scalars),
    /// A token.
    Token,
}

type LResult<T> = Result<T, Box<Diagnostic>>;

/// What the barrier placement knows about the code emitted so far on the current path.
#[derive(Clone, Copy, Default, Debug)]
struct SyncState {
    /// A barrier was emitted after the last memory op (another one would be redundant).
    fresh: bool,
    /// A barrier was emitted on every path since the start of the innermost loop's iteration
    /// (so the shared-memory broadcast slots read in the previous iteration may be rewritten).
    iter: bool,
}

struct Lower<'a> {
    m: &'a mut Module,
    /// The dialect the user wrote ([`crate::Cx::source`]).
    source: Option<tilec_dialects::Dialect>,
    /// The kernel body: the parameters, then the prologue (thread and block ids, element
    /// indices, masks, shared-memory slots); the lowered code is spliced after it at the end.
    body: Block,
    /// Where lowered ops are appended.
    cur: Block,
    threads: u64,
    /// Thread 0 alone runs the body ([`analysis::one_thread_kernel`]): it is one `elect`, a
    /// 0-d access is neither elected again nor broadcast, and no CTA barrier is emitted.
    solo: bool,
    /// The target has `wgmma.mma_async` (sm_90a): f16/bf16 `mmaf`s use it ([`mma`]).
    wgmma: bool,
    map: DenseMap<Value, Lowered>,
    /// The nv_tileaa values held in the fragment layout ([`mma::frag_class`]).
    frag: rustc_hash::FxHashSet<Value>,
    /// The factor loads copied into shared memory at their `mmaf` ([`fused`]).
    fused: fused::Fused,
    /// The fused loads of an unswitched loop being lowered, and which path that copy of the
    /// loop takes (true: chunks) ([`copy`]).
    unswitched: FxHashMap<Op, bool>,
    /// While an `mmaf`'s factors are copied: the chunk stores held back so that both factors'
    /// loads are issued first ([`copy`]).
    pending_stores: Option<Vec<copy::PendingStore>>,
    /// `cp_async`s were issued that no `cp_async_wait_all` has completed yet ([`copy`]).
    copies_in_flight: bool,
    /// The shared buffers of each `mmaf` lowered to wgmma: a loop lowered twice
    /// ([`Lower::unswitch`]) stages into the same buffers in both copies.
    mma_buffers: FxHashMap<Op, (Value, Value)>,
    /// Each wgmma factor buffer (A and B slots, one allocation): its bytes and the deepest loop
    /// its `mmaf` runs in. Outside that loop nothing reads or writes it until the loop starts
    /// again, so an accumulator conversion there reuses it ([`Lower::scratch_buffer`]).
    factor_buffers: Vec<(Value, u64, u32)>,
    /// Every `mmaf` pipelined somewhere in the kernel ([`Lower::min_ctas_per_sm`]).
    pipelined: Vec<Op>,
    /// The pipelined `mmaf`s of the loop being lowered ([`pipeline`]).
    pipes: FxHashMap<Op, pipeline::Pipe>,
    /// Load pipelined wgmma factors with TMA ([`crate::Cx::tma_maps`], [`tma`]).
    tma_maps: bool,
    /// The TMA paths of the pipelined `mmaf`s of the loop arm being lowered ([`tma`]).
    tma_pipes: FxHashMap<Op, tma::TmaPipe>,
    /// The hidden tensor-map parameters made so far, as
    /// [`tilec_dialects::tensor_maps::MapDesc::encode`]s.
    tma_descs: Vec<i32>,
    /// The hidden i32 parameter that says the launcher made the maps.
    tma_ok: Option<Value>,
    /// The nv_tileaa kernel body, whose arguments are the parameters (the launcher's
    /// view of a value, [`tma`]).
    params: Block,
    /// While a pipelined copy of another iteration is issued: the pipeline and the induction
    /// variable's value there ([`pipeline`]).
    shift: Option<(pipeline::Pipe, Value)>,
    /// While such a copy is issued: whether its iteration is one the loop runs (`iv < ub`); a
    /// copy of one past the end reads nothing ([`pipeline`]).
    copy_live: Option<Value>,
    flow: Flow,
    sync: SyncState,
    /// How many loops enclose the current position.
    loop_depth: u32,
    /// Shared-memory images of tiles ([`exchange`]): the buffer where an earlier op of the
    /// same block stored every owned element of the nv_tileaa value at its flat index, followed
    /// by a barrier (later ops of that block read it instead of storing again).
    smem_images: FxHashMap<(Value, Block), Value>,
    /// Prologue caches: thread id per type, element index (E, e, type), mask (E, e, N), special
    /// registers (name, dim, type).
    tids: FxHashMap<Type, Value>,
    /// The known ranges of lowered integer scalars (fold.rs).
    ranges: FxHashMap<Value, (i64, i64)>,
    idx: FxHashMap<(u64, u64, Type), Value>,
    masks: FxHashMap<(u64, u64, u64), Value>,
    sregs: FxHashMap<(Sym, i64, Type), Value>,
    /// The lowered pointer parameters (stand-ins for pointers on paths that do not produce one).
    ptr_params: Vec<Value>,
    /// The scalar types the lowering makes everywhere (uniqued once, not per op).
    i1: Type,
    i32t: Type,
    i64t: Type,
    /// What [`Lower::check_types`] found for each tile type (types are few, values many).
    type_checks: FxHashMap<Type, Result<(), String>>,
    /// The nv_tileas scalar type of each element type ([`Lower::scalar_of`]).
    scalars: FxHashMap<Type, Type>,
    /// The name of each nv_tileas op an elementwise nv_tileaa op becomes.
    names: FxHashMap<tas::OpKind, Sym>,
    /// The attributes of every CTA barrier (`id = 0`) and of a `gep` by each element size.
    barrier_attrs: Dict,
    gep_attrs: FxHashMap<u64, Dict>,
}

fn lower_kernel(
    m: &mut Module,
    k: Op,
    source: Option<tilec_dialects::Dialect>,
    (wgmma, b128, tma_maps): (bool, bool, bool),
) -> LResult<()> {
    let loc = m.op_loc(k);
    let threads = aa::Kernel(k).num_threads(m);
    if !(32..=1024).contains(&threads) || threads % 32 != 0 {
        return Err(Box::new(Diagnostic::error(
            loc,
            format!("num_threads must be a multiple of 32 between 32 and 1024, got {threads}"),
        )));
    }
    let Some(old_body) = m.regions(k).first().and_then(|r| m.entry_block(*r)) else {
        return Err(Box::new(Diagnostic::error(
            loc,
            format!("{} has no body", aa::Kernel::NAME),
        )));
    };
    // A kernel that does not state its thread count and whose tiles all have one element runs
    // on thread 0 alone; its CTA keeps the default size, so it is launched as before.
    let stated = m.attr_as::<i64>(k, sym!(aa::Kernel::NUM_THREADS)).is_some();
    let solo = !stated && analysis::one_thread_kernel(m, old_body);
    let ranges = dense::kernel_ranges(m, old_body);
    let flow = analysis::analyze(m, old_body, ranges);
    let frag = mma::frag_class(m, old_body);
    let fused = if b128 {
        fused::analyze(m, old_body, |op| {
            wgmma::applies(m, op, threads as u64, wgmma)
        })
    } else {
        fused::Fused::default()
    };
    let kernel =
        Builder::before(m, k, loc).op_with_regions(tas::Kernel::name_sym(), &[], &[], &[], 1);
    let attrs = m.attrs(k);
    m.set_attrs(kernel, attrs);
    // The layout depends on the thread count: state it, so the PTX entry gets `.reqntid`.
    tas::Kernel(kernel).set_num_threads(m, threads);
    let i32t = m.int_type(32);
    let region = m.regions(kernel)[0];
    let body = m.append_block(region, &[]);
    let main = m.new_block();
    let (i1, i64t) = (m.int_type(1), m.int_type(64));
    let zero = m.attr(AttrData::Int { value: 0, ty: i32t });
    let barrier_attrs = m.dict(&[(sym!(tas::Barrier::ID), zero)]);
    let mut lw = Lower {
        m,
        source,
        body,
        cur: main,
        threads: threads as u64,
        solo,
        wgmma,
        map: DenseMap::new(ranges.0),
        frag,
        fused,
        unswitched: FxHashMap::default(),
        pending_stores: None,
        copies_in_flight: false,
        mma_buffers: FxHashMap::default(),
        factor_buffers: Vec::new(),
        pipelined: Vec::new(),
        pipes: FxHashMap::default(),
        tma_maps,
        tma_pipes: FxHashMap::default(),
        tma_descs: Vec::new(),
        tma_ok: None,
        params: old_body,
        shift: None,
        copy_live: None,
        flow,
        sync: SyncState::default(),
        loop_depth: 0,
        smem_images: FxHashMap::default(),
        tids: FxHashMap::default(),
        ranges: FxHashMap::default(),
        idx: FxHashMap::default(),
        masks: FxHashMap::default(),
        sregs: FxHashMap::default(),
        ptr_params: Vec::new(),
        i1,
        i32t,
        i64t,
        type_checks: FxHashMap::default(),
        scalars: FxHashMap::default(),
        names: FxHashMap::default(),
        barrier_attrs,
        gep_attrs: FxHashMap::default(),
    };
    let r = lw.lower_body(old_body);
    // The prologue holds every `alloc_shared`.
    let shared = tas::views::shared_total(lw.m, lw.m.block_ops(lw.body));
    let occupancy = lw.min_ctas_per_sm(shared);
    let maps = lw.describe_maps();
    if let Err(e) = r {
        let dead: Vec<Op> = m.block_ops(main).collect();
        for op in dead {
            m.erase_op(op);
        }
        m.erase_op(kernel);
        return Err(e);
    }
    m.splice_block(main, body);
    tidy::tidy(m, body);
    m.erase_op(k);
    if let Some(n) = occupancy {
        tas::Kernel(kernel).set_min_ctas_per_sm(m, n as i64);
    }
    for (key, value) in maps {
        m.set_attr(kernel, key, value);
    }
    Ok(())
}

impl Lower<'_> {
    /// The error for an op this lowering cannot handle yet, in the user's terms.
    fn unsupported(&self, op: Op, why: impl std::fmt::Display) -> Box<Diagnostic> {
        crate::lower::cannot_lower("lower-aa-to-as", self.m, op, why, self.source)
    }

    /// A builder appending to the current block.
    fn b(&mut self, loc: Loc) -> Builder<'_> {
        Builder::at_end(self.m, self.cur, loc)
    }
    /// A builder appending to the prologue.
    fn pro(&mut self) -> Builder<'_> {
        Builder::at_end(self.m, self.body, Loc::default())
    }

    fn lower_body(&mut self, old_body: Block) -> LResult<()> {
        for &arg in self.m.block_args(old_body).to_vec().iter() {
            self.lower_param(arg)?;
        }
        let ops: Vec<Op> = self.m.block_ops(old_body).collect();
        // A one-thread kernel's body is one `elect`: thread 0 runs it, the others return.
        let main = self.cur;
        let solo = match ops.first() {
            Some(&first) if self.solo => {
                let loc = self.m.op_loc(first);
                Some(self.elect_block(loc, |_| ()).0)
            }
            _ => None,
        };
        if let Some(eb) = solo {
            self.cur = eb;
        }
        for op in ops {
            if aa::Return::is(self.m, op) {
                let loc = self.m.op_loc(op);
                if let Some(eb) = solo {
                    Builder::at_end(self.m, eb, loc).op(tas::Yield::name_sym(), &[], &[], &[]);
                    self.cur = main;
                }
                self.b(loc).op(tas::Return::name_sym(), &[], &[], &[]);
            } else {
                self.lower_op(op)?;
            }
        }
        Ok(())
    }

    fn lower_param(&mut self, arg: Value) -> LResult<()> {
        let t = self.m.value_type(arg);
        let loc = self.m.value_loc(arg);
        let info = tile_info(self.m, t).ok_or_else(|| {
            Box::new(Diagnostic::error(
                loc,
                "kernel parameters must be tiles (tile<ptr<T>>, tile<Nxptr<T>> or tile<T>)",
            ))
        })?;
        if let Some((space, pointee)) = ptr_info(self.m, info.elem) {
            let pt = as_ptr(self.m, space.unwrap_or(Space::Global));
            let v = self.m.add_block_arg(self.body, pt, loc);
            self.ptr_params.push(v);
            let elem_bytes = pointee.and_then(|e| scalar_bytes(self.m, e)).unwrap_or(4);
            let lowered = if info.num_elements() <= 1 {
                Lowered::Uniform(v)
            } else {
                self.check_tile(&info.dims)
                    .map_err(|why| Box::new(Diagnostic::error(loc, why)))?;
                Lowered::PtrTile {
                    base: v,
                    per: self.per(&info.dims),
                    elem_bytes,
                }
            };
            self.map.insert(arg, lowered);
            return Ok(());
        }
        if !info.dims.is_empty() {
            return Err(Box::new(Diagnostic::error(
                loc,
                "an n-d value tile cannot be a kernel parameter; pass a pointer tile and load it",
            )));
        }
        if matches!(self.m.type_data(info.elem), TypeData::Int(1)) {
            // PTX has no predicate parameters: an i1 is passed as a u32, nonzero meaning true.
            let i32t = self.i32t;
            let v = self.m.add_block_arg(self.body, i32t, loc);
            let mut b = self.pro();
            let zero = b.value(
                tas::Constant::name_sym(),
                &[],
                i32t,
                &[(
                    sym!(tas::Constant::VALUE),
                    AttrData::Int { value: 0, ty: i32t },
                )],
            );
            let c = b.value(
                tas::CmpI::name_sym(),
                &[v, zero],
                info.elem,
                &[(sym!(tas::CmpI::PREDICATE), AttrData::Str("ne".into()))],
            );
            self.map.insert(arg, Lowered::Uniform(c));
            return Ok(());
        }
        let v = self.m.add_block_arg(self.body, info.elem, loc);
        self.map.insert(arg, Lowered::Uniform(v));
        Ok(())
    }

    /// A tile of `dims` fits the layout: at most [`MAX_PER_THREAD`] elements per thread.
    fn check_tile(&self, dims: &[u64]) -> Result<(), String> {
        let n: u64 = tilec_dialects::types::elements(dims);
        if n == u64::MAX {
            let shape: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            return Err(format!(
                "a tile of shape {} has more elements than a 64-bit count holds",
                shape.join("x")
            ));
        }
        let per = n.div_ceil(self.threads);
        if per > MAX_PER_THREAD || n > i32::MAX as u64 {
            return Err(format!(
                "a tile of {n} elements needs {per} elements per thread on {} threads; at most {MAX_PER_THREAD} are supported",
                self.threads
            ));
        }
        Ok(())
    }

    /// The lowered form of `v` as it is held (a fragment stays one).
    fn get_raw(&self, v: Value, user: Op) -> LResult<Lowered> {
        self.map.get(v).cloned().ok_or_else(|| {
            self.unsupported(
                user,
                "an operand was produced by an op that was not lowered",
            )
        })
    }

    /// The lowered form of `v` for a user that knows the cyclic layout only: a fragment is
    /// converted ([`mma`]).
    fn get(&mut self, v: Value, user: Op) -> LResult<Lowered> {
        match self.get_raw(v, user)? {
            Lowered::Frag(s) => {
                let t = self.m.value_type(v);
                self.frag_to_owned(&s, t, user)
            }
            l => Ok(l),
        }
    }

    /// Checks what every op's tiles must satisfy: a supported element type and shape.
    fn check_types(&mut self, op: Op) -> LResult<()> {
        let m = &*self.m;
        let n = m.operands(op).len();
        for i in 0..n + m.num_results(op) {
            let v = match i.checked_sub(n) {
                None => self.m.operands(op)[i],
                Some(r) => self.m.result(op, r),
            };
            let t = self.m.value_type(v);
            let ok = match self.type_checks.get(&t) {
                Some(ok) => ok.clone(),
                None => {
                    let ok = self.check_type(t);
                    self.type_checks.insert(t, ok.clone());
                    ok
                }
            };
            ok.map_err(|why| self.unsupported(op, why))?;
        }
        Ok(())
    }

    /// What [`Lower::check_types`] requires of a value of type `t` (the reason when not met).
    fn check_type(&self, t: Type) -> Result<(), String> {
        if is_token(self.m, t) {
            return Ok(());
        }
        let Some((dims, elem)) = tile_shape(self.m, t) else {
            return Ok(());
        };
        let ok = ptr_info(self.m, elem).is_some()
            || matches!(
                self.m.type_data(elem),
                TypeData::Int(1 | 8 | 32 | 64)
                    | TypeData::Float(
                        FloatKind::F32 | FloatKind::F64 | FloatKind::F16 | FloatKind::BF16
                    )
            );
        if !ok {
            return Err(format!(
                "element type '{}' is not supported (i1, i8, i32, i64, f16, bf16, f32, f64 and pointers are)",
                tilec_ir::text::type_to_string(self.m, elem)
            ));
        }
        self.check_tile(dims)
    }

    fn lower_op(&mut self, op: Op) -> LResult<()> {
        if self.fused.skip.contains(&op) {
            // A fused load's token still orders what consumes it (its copy is complete, and
            // behind a barrier, at its mmaf).
            if OpKind::of(self.m, op) == Some(OpKind::LoadPtr) {
                for t in self.m.results(op).skip(1).collect::<Vec<_>>() {
                    self.map.insert(t, Lowered::Token);
                }
            }
            return Ok(());
        }
        self.check_types(op)?;
        let kind = OpKind::of(self.m, op);
        self.check_halves(op, kind)?;
        match kind {
            Some(OpKind::MakeToken | OpKind::JoinTokens) => {
                let r = self.m.result(op, 0);
                self.map.insert(r, Lowered::Token);
            }
            Some(OpKind::FenceTko) => self.lower_fence(aa::FenceTko(op))?,
            Some(OpKind::AllocShared) => self.lower_alloc_shared(op)?,
            Some(OpKind::GetGlobal) => {
                // The global pointer (the global itself becomes nv_tileas's:
                // [`crate::lower::renamed`]).
                let pt = as_ptr(self.m, Space::Global);
                let loc = self.m.op_loc(op);
                let attrs = self.m.attrs(op);
                let g = self
                    .b(loc)
                    .op_with_dict(tas::GetGlobal::name_sym(), &[], &[pt], attrs, 0);
                let v = self.m.result(g, 0);
                self.map.insert(self.m.result(op, 0), Lowered::Uniform(v));
            }
            Some(OpKind::If) => self.lower_if(op)?,
            Some(OpKind::For) => self.lower_for(op)?,
            Some(OpKind::Loop) => self.lower_loop(op)?,
            Some(OpKind::Reduce) => self.lower_reduce(op)?,
            Some(OpKind::Scan) => self.lower_scan(op)?,
            Some(OpKind::MmaF | OpKind::MmaI) => self.lower_mmaf(op)?,
            Some(OpKind::Yield | OpKind::Break | OpKind::Continue | OpKind::Return) => {
                return Err(self.unsupported(op,
                    "it is not where this lowering supports it ('break' and 'continue' end a loop body or an 'if' inside one, 'yield' an 'if' arm, 'return' the kernel body)",
                ))
            }
            Some(OpKind::PrintTko) => self.lower_print(op)?,
            Some(OpKind::Assert) => self.lower_assert(op)?,
            Some(k) if analysis::mem_values(k).is_some() => self.lower_mem(op, k)?,
            _ => self.lower_tile_op(op, kind)?,
        }
        Ok(())
    }

    /// f16, bf16 and i8 tiles are loaded, stored, moved, converted and multiplied by
    /// `mmaf`/`mmai`, and given to NVIDIA's full-precision math (which lower-as-to-ptx computes
    /// in f32, converting exactly in and rounding once out), and f16/bf16 atomically added
    /// (PTX's own 16-bit add), nothing else (tilec has no 16-bit
    /// float or 8-bit integer arithmetic yet: computing on their bits in a 32-bit register
    /// would be wrong).
    fn check_halves(&self, op: Op, kind: Option<OpKind>) -> LResult<()> {
        let m = &*self.m;
        let narrow = |v: &Value| {
            tile_shape(m, m.value_type(*v)).is_some_and(|(_, e)| {
                matches!(
                    m.type_data(e),
                    TypeData::Float(FloatKind::F16 | FloatKind::BF16) | TypeData::Int(8)
                )
            })
        };
        if !m.operands(op).iter().any(narrow) && !m.results(op).any(|v| narrow(&v)) {
            return Ok(());
        }
        let moves = matches!(
            kind,
            Some(
                OpKind::LoadPtr
                    | OpKind::StorePtr
                    | OpKind::Constant
                    | OpKind::MmaF
                    | OpKind::MmaI
                    | OpKind::FToF
                    | OpKind::PrintTko
                    | OpKind::Bitcast
                    | OpKind::Permute
                    | OpKind::Extract
                    | OpKind::Pack
                    | OpKind::Unpack
                    | OpKind::SIToFP
                    | OpKind::UIToFP
                    | OpKind::FPToSI
                    | OpKind::FPToUI
                    | OpKind::Reshape
                    | OpKind::Broadcast
                    | OpKind::Select
                    | OpKind::If
                    | OpKind::For
                    | OpKind::Loop
                    | OpKind::Yield
                    | OpKind::Continue
                    | OpKind::Break
                    | OpKind::Sin
                    | OpKind::Cos
                    | OpKind::Tan
                    | OpKind::SinH
                    | OpKind::CosH
                    | OpKind::Atan2
                    | OpKind::Pow
                    | OpKind::RemF
                    // the atomic add of an f16/bf16 is one PTX instruction on the 16-bit value
                    // (atom.add.noftz.f16/.bf16); the verifier rejects every other atomic on
                    // 16-bit floats, and all on i8
                    | OpKind::AtomicRmw
            )
        );
        // fma rounds the 16-bit values once, to nearest (fma.rn.f16x2/bf16x2: as_to_ptx/math.rs).
        let nearest = || match m.get_attr(op, sym!(aa::Fma::ROUNDING_MODE)) {
            Some(AttrData::Opaque { body, .. }) => body.as_ref() == "nearest_even",
            other => other.is_none(),
        };
        if moves || (kind == Some(OpKind::Fma) && nearest()) {
            Ok(())
        } else {
            Err(self.unsupported(
                op,
                "f16 and bf16 arithmetic rounds to nearest only (computed on f32, fma by fma.rn.f16x2: docs/cuda-tile-ops.md), and i8 tiles are only loaded, stored, selected, converted and multiplied by mmai so far",
            ))
        }
    }

    // ---- types and the flat form of values (region arguments and results) ------------------

    /// The nv_tileas scalar type of a tile element (pointers become `!nv_tileas.ptr<space>`).
    fn scalar_of(&mut self, elem: Type) -> Type {
        if let Some(&t) = self.scalars.get(&elem) {
            return t;
        }
        let t = match ptr_info(self.m, elem) {
            Some((space, _)) => as_ptr(self.m, space.unwrap_or(Space::Global)),
            None => elem,
        };
        self.scalars.insert(elem, t);
        t
    }

    /// Elements per thread of a tile of `dims`.
    fn per(&self, dims: &[u64]) -> u64 {
        dims.iter().product::<u64>().div_ceil(self.threads)
    }

    /// The scalar types an nv_tileaa value is carried as across region boundaries: none for a
    /// token, one for a uniform tile, one per owned element otherwise.
    fn flat_types(&mut self, t: Type, at: Op) -> LResult<Vec<Type>> {
        if is_token(self.m, t) {
            return Ok(Vec::new());
        }
        let info = tile_info(self.m, t)
            .ok_or_else(|| self.unsupported(at, "a region value is not a tile or token"))?;
        let s = self.scalar_of(info.elem);
        let k = if info.num_elements() <= 1 {
            1
        } else {
            self.per(&info.dims)
        };
        Ok(vec![s; k as usize])
    }

    fn flat_types_all(&mut self, ts: &[Type], at: Op) -> LResult<Vec<Type>> {
        let mut out = Vec::new();
        for &t in ts {
            out.extend(self.flat_types(t, at)?);
        }
        Ok(out)
    }

    /// The flat scalars of a lowered value of type `t` (materializes splats and pointer tiles).
    fn flat(&mut self, l: &Lowered, t: Type, at: Op) -> LResult<Vec<Value>> {
        let loc = self.m.op_loc(at);
        if is_token(self.m, t) {
            return Ok(Vec::new());
        }
        let n = tile_info(self.m, t).map_or(1, |i| i.num_elements());
        if n <= 1 {
            return match l {
                Lowered::Uniform(s) | Lowered::Splat(s) => Ok(vec![*s]),
                _ => Err(self.unsupported(at, "a one-element tile is not uniform")),
            };
        }
        let dims = tile_info(self.m, t).map(|i| i.dims).unwrap_or_default();
        let per = self.per(&dims);
        (0..per).map(|e| self.elem(l, e, loc, at)).collect()
    }

    fn flat_all(&mut self, vs: &[Value], at: Op) -> LResult<Vec<Value>> {
        let mut out = Vec::new();
        for &v in vs {
            if self.frag.contains(&v) {
                out.extend(self.frag_of(v, at)?);
                continue;
            }
            let l = self.get(v, at)?;
            let t = self.m.value_type(v);
            out.extend(self.flat(&l, t, at)?);
        }
        Ok(out)
    }

    /// Rebuilds lowered values of types `ts` from their flat scalars and maps `targets` to them.
    fn unflat_into(&mut self, targets: &[Value], scalars: &[Value]) {
        let mut i = 0;
        for &v in targets {
            let t = self.m.value_type(v);
            let l = if is_token(self.m, t) {
                Lowered::Token
            } else {
                let info = tile_info(self.m, t);
                let n = info.as_ref().map_or(1, |i| i.num_elements());
                if n <= 1 {
                    i += 1;
                    Lowered::Uniform(scalars[i - 1])
                } else {
                    let dims = info.map(|i| i.dims).unwrap_or_default();
                    let per = self.per(&dims) as usize;
                    i += per;
                    let s = Scalars::from_slice(&scalars[i - per..i]);
                    // Both sides of every boundary of the fragment class agree (mma.rs).
                    if self.frag.contains(&v) {
                        Lowered::Frag(s)
                    } else {
                        Lowered::Owned(s)
                    }
                }
            };
            self.map.insert(v, l);
        }
    }

    /// A stand-in value of scalar type `t`, for paths that do not produce one (0, or a pointer
    /// parameter of the same space).
    fn dummy(&mut self, t: Type, at: Op) -> LResult<Value> {
        let loc = self.m.op_loc(at);
        if ptr_info(self.m, t).is_some() {
            return self
                .ptr_params
                .iter()
                .copied()
                .find(|p| self.m.value_type(*p) == t)
                .ok_or_else(|| {
                    self.unsupported(at,
                        "a pointer value that is not produced on every path needs a pointer parameter of the same space",
                    )
                });
        }
        let value = match self.m.type_data(t) {
            TypeData::Float(k) => AttrData::float(0.0, *k, t),
            _ => AttrData::Int { value: 0, ty: t },
        };
        Ok(self.constant(t, value, loc))
    }

    fn constant(&mut self, t: Type, value: AttrData, loc: Loc) -> Value {
        self.b(loc).value(
            tas::Constant::name_sym(),
            &[],
            t,
            &[(sym!(tas::Constant::VALUE), value)],
        )
    }

    fn const_int(&mut self, t: Type, v: i64, loc: Loc) -> Value {
        self.constant(t, AttrData::Int { value: v, ty: t }, loc)
    }
}
