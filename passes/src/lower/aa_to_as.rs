//! `lower-aa-to-as`: nv_tileaa (tile-collective) → nv_tileas (SIMT), per SYNC-MODEL.md §2.
//!
//! - n-d tiles are distributed over `num_threads` threads in a blocked layout: thread `t` owns
//!   elements `t*E .. t*E+E` (E = ceil(N / num_threads)); accesses past N are masked off;
//! - a 0-d memory op runs once per tile block inside `nv_tileas.elect`; a result that is used
//!   is broadcast through shared memory + a CTA barrier;
//! - tokens: when op B consumes op A's token and a thread of B may touch an element another
//!   thread touched in A, a `barrier` goes between them; when both are distributed over the same
//!   pointer tile (each thread only touches its own elements) none is needed;
//! - release on a tile op: `barrier`, then the op with `.release` (issued by the owner or the
//!   elected thread); acquire: the op, then `barrier`; acq_rel and sc: both. Fences are inserted
//!   conservatively (never weaker than the pair); making them cheap is `weakest-fence`'s job;
//! - every pair is copied unchanged onto the SIMT ops.
//!
//! An n-d pointer-tile kernel parameter `tile<Nxptr<T>>` is passed as one base pointer and means
//! the contiguous tile `base + i` (docs/abi.md). What the walking skeleton cannot lower yet is a
//! diagnostic naming the op, never a panic.

use crate::Cx;
use rustc_hash::FxHashMap;
use tilec_dialects::types::{as_ptr, ptr_info, scalar_bytes, tile_info};
use tilec_ir::pass::Pass;
use tilec_ir::{
    sym, AttrData, Block, Builder, Diagnostic, Diagnostics, Loc, MemSemantic, Module, Op, Space,
    Sym, Type, TypeData, Value,
};

/// The pass.
pub struct LowerAaToAs;

impl Pass<Cx> for LowerAaToAs {
    fn name(&self) -> &'static str {
        "lower-aa-to-as"
    }
    fn run(&self, m: &mut Module, _cx: &Cx) -> Diagnostics {
        let mut d = Diagnostics::new();
        for k in m.top_ops() {
            if m.op_name(k).as_str() == "nv_tileaa.kernel" {
                if let Err(e) = lower_kernel(m, k) {
                    d.push(*e);
                }
            }
        }
        d
    }
}

/// Who touched memory through a token's history (decides where CTA barriers go).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Who {
    /// Nothing yet.
    Nobody,
    /// The elected thread only.
    Elected,
    /// Every thread, each on its own elements of the pointer tile defined by this value.
    Owners(Value),
    /// Any thread, any element.
    Anyone,
}

/// A lowered nv_tileaa value.
#[derive(Clone, Debug)]
enum Lowered {
    /// A 0-d value, the same in every thread.
    Uniform(Value),
    /// An n-d tile whose elements are all this scalar.
    Splat(Value, Vec<u64>),
    /// An n-d tile held as one scalar per owned element.
    Owned(Vec<Value>, Vec<u64>),
    /// The contiguous pointer tile `base + i`.
    PtrTile {
        base: Value,
        dims: Vec<u64>,
        elem_bytes: u64,
        id: Value,
    },
    /// A token and the accesses ordered before it.
    Token(Who),
}

type LResult<T> = Result<T, Box<Diagnostic>>;

struct Lower<'a> {
    m: &'a mut Module,
    body: Block,
    threads: u64,
    map: FxHashMap<Value, Lowered>,
    tid: Option<Value>,
    /// True right after a barrier, until the next memory op (avoids back-to-back barriers).
    fresh_barrier: bool,
}

fn unsupported(m: &Module, op: Op, why: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        m.op_loc(op),
        format!("lower-aa-to-as cannot lower '{}' yet: {why}", m.op_name(op)),
    ))
}

fn lower_kernel(m: &mut Module, k: Op) -> LResult<()> {
    let loc = m.op_loc(k);
    let threads = m.attr_as::<i64>(k, sym!("num_threads")).unwrap_or(128);
    if !(32..=1024).contains(&threads) || threads % 32 != 0 {
        return Err(Box::new(Diagnostic::error(
            loc,
            format!("num_threads must be a multiple of 32 between 32 and 1024, got {threads}"),
        )));
    }
    let Some(old_body) = m.regions(k).first().and_then(|r| m.entry_block(*r)) else {
        return Err(Box::new(Diagnostic::error(
            loc,
            "nv_tileaa.kernel has no body",
        )));
    };
    let mut b = Builder::before(m, k, loc);
    let kernel = b.op_with_regions(sym!("nv_tileas.kernel"), &[], &[], &[], 1);
    let attrs = m.attrs(k);
    m.set_attrs(kernel, attrs);
    let region = m.regions(kernel)[0];
    let body = m.append_block(region, &[]);
    let mut lw = Lower {
        m,
        body,
        threads: threads as u64,
        map: FxHashMap::default(),
        tid: None,
        fresh_barrier: false,
    };
    for &arg in lw.m.block_args(old_body).to_vec().iter() {
        lw.lower_param(arg)?;
    }
    for op in lw.m.block_ops(old_body).collect::<Vec<_>>() {
        lw.lower_op(op)?;
    }
    m.erase_op(k);
    Ok(())
}

impl Lower<'_> {
    fn b(&mut self, loc: Loc) -> Builder<'_> {
        Builder::at_end(self.m, self.body, loc)
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
        if let Some((space, Some(elem))) = ptr_info(self.m, info.elem) {
            let space = space.unwrap_or(Space::Global);
            let pt = as_ptr(self.m, space);
            let v = self.m.add_block_arg(self.body, pt, loc);
            let lowered = if info.dims.is_empty() {
                Lowered::Uniform(v)
            } else {
                let elem_bytes = scalar_bytes(self.m, elem).unwrap_or(4);
                Lowered::PtrTile {
                    base: v,
                    dims: info.dims,
                    elem_bytes,
                    id: arg,
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
        let v = self.m.add_block_arg(self.body, info.elem, loc);
        self.map.insert(arg, Lowered::Uniform(v));
        Ok(())
    }

    fn get(&self, v: Value, user: Op) -> LResult<Lowered> {
        self.map.get(&v).cloned().ok_or_else(|| {
            unsupported(
                self.m,
                user,
                "an operand was produced by an op that was not lowered",
            )
        })
    }

    fn tid(&mut self) -> Value {
        if let Some(t) = self.tid {
            return t;
        }
        let loc = Loc::default();
        let i32t = self.m.int_type(32);
        let dim = AttrData::Int { value: 0, ty: i32t };
        let t = match self.m.first_op(self.body) {
            Some(first) => Builder::before(self.m, first, loc).value(
                sym!("nv_tileas.thread_id"),
                &[],
                i32t,
                &[(sym!("dim"), dim)],
            ),
            None => self.b(loc).value(
                sym!("nv_tileas.thread_id"),
                &[],
                i32t,
                &[(sym!("dim"), dim)],
            ),
        };
        self.tid = Some(t);
        t
    }

    fn barrier(&mut self, loc: Loc) {
        if self.fresh_barrier {
            return;
        }
        let i32t = self.m.int_type(32);
        self.b(loc).op(
            sym!("nv_tileas.barrier"),
            &[],
            &[],
            &[(sym!("id"), AttrData::Int { value: 0, ty: i32t })],
        );
        self.fresh_barrier = true;
    }

    fn token_who(&self, op: Op, skip: usize) -> Who {
        let mut who = Who::Nobody;
        for &v in &self.m.operands(op)[skip..] {
            if let Some(Lowered::Token(w)) = self.map.get(&v) {
                who = join(who, *w);
            }
        }
        who
    }

    fn lower_op(&mut self, op: Op) -> LResult<()> {
        let name = self.m.op_name(op).as_str();
        let short = name.strip_prefix("nv_tileaa.").unwrap_or(name);
        let loc = self.m.op_loc(op);
        match short {
            "make_token" => {
                let r = self.m.result(op, 0);
                self.map.insert(r, Lowered::Token(Who::Nobody));
            }
            "join_tokens" => {
                let who = self.token_who(op, 0);
                let r = self.m.result(op, 0);
                self.map.insert(r, Lowered::Token(who));
            }
            "constant" => {
                let r = self.m.result(op, 0);
                let info = tile_info(self.m, self.m.value_type(r))
                    .ok_or_else(|| unsupported(self.m, op, "result is not a tile"))?;
                let value = self
                    .m
                    .get_attr(op, sym!("value"))
                    .cloned()
                    .ok_or_else(|| unsupported(self.m, op, "no value"))?;
                let value = retype_number(self.m, value, info.elem);
                let c = self.b(loc).value(
                    sym!("nv_tileas.constant"),
                    &[],
                    info.elem,
                    &[(sym!("value"), value)],
                );
                let l = if info.dims.is_empty() {
                    Lowered::Uniform(c)
                } else {
                    Lowered::Splat(c, info.dims)
                };
                self.map.insert(r, l);
            }
            "reshape" | "broadcast" => {
                // A uniform (0-d or splat) tile keeps its one scalar under any shape: the result
                // is uniform again (0-d or one element) or a splat of it.
                let src = self.get(self.m.operands(op)[0], op)?;
                let r = self.m.result(op, 0);
                let info = tile_info(self.m, self.m.value_type(r))
                    .ok_or_else(|| unsupported(self.m, op, "result is not a tile"))?;
                let scalar =
                    match src {
                        Lowered::Uniform(s) | Lowered::Splat(s, _) => s,
                        _ => return Err(unsupported(
                            self.m,
                            op,
                            "only uniform (0-d or splat) tiles can be reshaped or broadcast yet",
                        )),
                    };
                let l = if info.num_elements() == 1 {
                    Lowered::Uniform(scalar)
                } else {
                    Lowered::Splat(scalar, info.dims)
                };
                self.map.insert(r, l);
            }
            "return" => {
                self.b(loc).op(sym!("nv_tileas.return"), &[], &[], &[]);
            }
            "store_ptr_tko" | "load_ptr_tko" | "atomic_rmw_tko" | "atomic_cas_tko" => {
                self.lower_mem(op, short)?
            }
            "fence_tko" => {
                let before = self.token_who(op, 0);
                let sem = self.m.attr_as::<MemSemantic>(op, sym!("mem_semantic"));
                if before != Who::Nobody && before != Who::Anyone
                    || sem.is_some_and(|s| s.has_release())
                {
                    self.barrier(loc);
                }
                let attrs = copy_attrs(self.m, op, &["mem_semantic", "mem_scope"]);
                self.b(loc).op(sym!("nv_tileas.fence"), &[], &[], &attrs);
                self.fresh_barrier = false;
                if sem.is_some_and(|s| s.has_acquire()) {
                    self.barrier(loc);
                }
                let r = self.m.result(op, 0);
                self.map
                    .insert(r, Lowered::Token(join(before, Who::Anyone)));
            }
            _ => {
                return Err(unsupported(
                    self.m,
                    op,
                    "not part of the walking skeleton (issue 4 lowers the full catalog)",
                ))
            }
        }
        Ok(())
    }

    fn lower_mem(&mut self, op: Op, short: &str) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let nvals = match short {
            "load_ptr_tko" => 0,
            "store_ptr_tko" | "atomic_rmw_tko" => 1,
            _ => 2,
        };
        if ops.len() < 1 + nvals {
            return Err(unsupported(self.m, op, "missing operands"));
        }
        let ptr = self.get(ops[0], op)?;
        let before = self.token_who(op, 1 + nvals);
        let sem = self
            .m
            .attr_as::<MemSemantic>(op, sym!("mem_semantic"))
            .unwrap_or(MemSemantic::Sc);
        let (who, space) = match &ptr {
            Lowered::Uniform(p) => (Who::Elected, ptr_space(self.m, *p)),
            Lowered::PtrTile { id, base, .. } => (Who::Owners(*id), ptr_space(self.m, *base)),
            _ => {
                return Err(unsupported(
                    self.m,
                    op,
                    "the pointer operand must be a kernel-parameter pointer tile",
                ))
            }
        };
        let needs_order = match (before, who) {
            (Who::Nobody, _) => false,
            (a, b) if a == b => false,
            _ => true,
        };
        if needs_order || sem.has_release() {
            self.barrier(loc);
        }
        let mut attrs = copy_attrs(self.m, op, &["kind"]);
        attrs.push((sym!("space"), AttrData::Space(space)));
        attrs.extend(copy_attrs(self.m, op, &["mem_semantic", "mem_scope"]));
        let as_name = match short {
            "load_ptr_tko" => sym!("nv_tileas.ld"),
            "store_ptr_tko" => sym!("nv_tileas.st"),
            _ => sym!("nv_tileas.atom"),
        };
        let result_elem = if short == "store_ptr_tko" {
            None
        } else {
            let r = self.m.result(op, 0);
            Some(
                tile_info(self.m, self.m.value_type(r))
                    .map(|i| i.elem)
                    .ok_or_else(|| unsupported(self.m, op, "result is not a tile"))?,
            )
        };
        let vals: Vec<Lowered> = ops[1..1 + nvals]
            .iter()
            .map(|v| self.get(*v, op))
            .collect::<LResult<_>>()?;
        match ptr {
            Lowered::Uniform(p) => {
                let mut scalars = vec![p];
                for v in &vals {
                    match v {
                        Lowered::Uniform(s) => scalars.push(*s),
                        _ => return Err(unsupported(self.m, op, "a 0-d access takes 0-d values")),
                    }
                }
                let elect = self
                    .b(loc)
                    .op_with_regions(sym!("nv_tileas.elect"), &[], &[], &[], 1);
                let r = self.m.regions(elect)[0];
                let eb = self.m.append_block(r, &[]);
                let mut ib = Builder::at_end(self.m, eb, loc);
                let res = ib.op(as_name, &scalars, result_elem.as_slice(), &attrs);
                let used = short != "store_ptr_tko" && self.result_used(op);
                let mut bcast = None;
                if used {
                    let elem = result_elem.expect("loads and atomics have a result");
                    let bytes = scalar_bytes(self.m, elem).unwrap_or(4) as i64;
                    let i64t = self.m.int_type(64);
                    let sp = as_ptr(self.m, Space::SharedCta);
                    let slot = match self.m.first_op(self.body) {
                        Some(first) => Builder::before(self.m, first, loc).value(
                            sym!("nv_tileas.alloc_shared"),
                            &[],
                            sp,
                            &[
                                (
                                    sym!("size"),
                                    AttrData::Int {
                                        value: bytes,
                                        ty: i64t,
                                    },
                                ),
                                (
                                    sym!("align"),
                                    AttrData::Int {
                                        value: bytes,
                                        ty: i64t,
                                    },
                                ),
                            ],
                        ),
                        None => unreachable!("the elect op was just appended"),
                    };
                    let rv = self.m.result(res, 0);
                    let mut ib = Builder::at_end(self.m, eb, loc);
                    ib.op(
                        sym!("nv_tileas.st"),
                        &[slot, rv],
                        &[],
                        &weak(Space::SharedCta),
                    );
                    bcast = Some((slot, elem));
                }
                Builder::at_end(self.m, eb, loc).op(sym!("nv_tileas.yield"), &[], &[], &[]);
                self.fresh_barrier = false;
                if let Some((slot, elem)) = bcast {
                    // One barrier serves the broadcast and the acquire side. The broadcast load
                    // reads a compiler-owned slot, not a token-ordered location, so the barrier
                    // still orders every later access of the block.
                    self.barrier(loc);
                    let x = self.b(loc).value(
                        sym!("nv_tileas.ld"),
                        &[slot],
                        elem,
                        &weak(Space::SharedCta),
                    );
                    let r = self.m.result(op, 0);
                    self.map.insert(r, Lowered::Uniform(x));
                }
            }
            Lowered::PtrTile {
                base,
                dims,
                elem_bytes,
                ..
            } => {
                let n: u64 = dims.iter().product();
                let per = n.div_ceil(self.threads);
                let masked = n % self.threads != 0 || per * self.threads != n;
                let tid = self.tid();
                let i32t = self.m.int_type(32);
                let mut results = Vec::new();
                for e in 0..per {
                    let idx = self.elem_index(tid, per, e, loc);
                    let mut args = vec![];
                    let scalars_for = |lw: &mut Self, v: &Lowered| -> LResult<Value> {
                        match v {
                            Lowered::Uniform(s) => Ok(*s),
                            Lowered::Splat(s, d) if *d == dims => Ok(*s),
                            Lowered::Splat(s, d)
                                if d.iter().product::<u64>() == dims.iter().product::<u64>() =>
                            {
                                Ok(*s)
                            }
                            Lowered::Owned(vs, d) if *d == dims => Ok(vs[e as usize]),
                            _ => Err(unsupported(
                                lw.m,
                                op,
                                "the value tile's shape does not match the pointer tile",
                            )),
                        }
                    };
                    for v in &vals {
                        args.push(scalars_for(self, v)?);
                    }
                    let (target_block, if_op) = if masked {
                        let bound = self.b(loc).value(
                            sym!("nv_tileas.constant"),
                            &[],
                            i32t,
                            &[(
                                sym!("value"),
                                AttrData::Int {
                                    value: n as i64,
                                    ty: i32t,
                                },
                            )],
                        );
                        let i1 = self.m.int_type(1);
                        let cond = self.b(loc).value(
                            sym!("nv_tileas.cmpi"),
                            &[idx, bound],
                            i1,
                            &[(sym!("predicate"), AttrData::Str("ult".into()))],
                        );
                        let res_t: Vec<Type> = result_elem.into_iter().collect();
                        let iff = self.b(loc).op_with_regions(
                            sym!("nv_tileas.if"),
                            &[cond],
                            &res_t,
                            &[],
                            2,
                        );
                        let then_r = self.m.regions(iff)[0];
                        let tb = self.m.append_block(then_r, &[]);
                        (tb, Some(iff))
                    } else {
                        (self.body, None)
                    };
                    let mut ib = Builder::at_end(self.m, target_block, loc);
                    let eb_attr = AttrData::Int {
                        value: elem_bytes as i64,
                        ty: ib.m.int_type(64),
                    };
                    let pt = ib.m.value_type(base);
                    let addr = ib.value(
                        sym!("nv_tileas.gep"),
                        &[base, idx],
                        pt,
                        &[(sym!("elem_bytes"), eb_attr)],
                    );
                    let mut operands = vec![addr];
                    operands.extend(args);
                    let acc = ib.op(as_name, &operands, result_elem.as_slice(), &attrs);
                    if let Some(iff) = if_op {
                        let yv: Vec<Value> = ib.m.results(acc).collect();
                        ib.op(sym!("nv_tileas.yield"), &yv, &[], &[]);
                        // The masked-off lanes yield a zero of the element type.
                        let else_r = self.m.regions(iff)[1];
                        let eb = self.m.append_block(else_r, &[]);
                        let mut eb_b = Builder::at_end(self.m, eb, loc);
                        let mut ys = Vec::new();
                        if let Some(elem) = result_elem {
                            let zero = zero_of(eb_b.m, elem);
                            ys.push(eb_b.value(
                                sym!("nv_tileas.constant"),
                                &[],
                                elem,
                                &[(sym!("value"), zero)],
                            ));
                        }
                        eb_b.op(sym!("nv_tileas.yield"), &ys, &[], &[]);
                        results.extend(self.m.results(iff));
                    } else {
                        results.extend(self.m.results(acc));
                    }
                }
                self.fresh_barrier = false;
                if short != "store_ptr_tko" {
                    let r = self.m.result(op, 0);
                    self.map.insert(r, Lowered::Owned(results, dims.clone()));
                }
            }
            _ => unreachable!("checked above"),
        }
        if sem.has_acquire() {
            self.barrier(loc);
        }
        let tok = self.m.result(op, self.m.num_results(op) - 1);
        self.map.insert(tok, Lowered::Token(join(before, who)));
        Ok(())
    }

    fn elem_index(&mut self, tid: Value, per: u64, e: u64, loc: Loc) -> Value {
        if per == 1 {
            return tid;
        }
        let i32t = self.m.int_type(32);
        let mut b = self.b(loc);
        let k = b.value(
            sym!("nv_tileas.constant"),
            &[],
            i32t,
            &[(
                sym!("value"),
                AttrData::Int {
                    value: per as i64,
                    ty: i32t,
                },
            )],
        );
        let base = b.value(sym!("nv_tileas.muli"), &[tid, k], i32t, &[]);
        if e == 0 {
            return base;
        }
        let off = b.value(
            sym!("nv_tileas.constant"),
            &[],
            i32t,
            &[(
                sym!("value"),
                AttrData::Int {
                    value: e as i64,
                    ty: i32t,
                },
            )],
        );
        b.value(sym!("nv_tileas.addi"), &[base, off], i32t, &[])
    }

    fn result_used(&self, op: Op) -> bool {
        let r = self.m.result(op, 0);
        let mut used = false;
        let Some(block) = self.m.op_block(op) else {
            return false;
        };
        self.m.walk_block(block, &mut |o| {
            if self.m.operands(o).contains(&r) {
                used = true;
                return tilec_ir::WalkControl::Stop;
            }
            tilec_ir::WalkControl::Continue
        });
        used
    }
}

fn join(a: Who, b: Who) -> Who {
    match (a, b) {
        (Who::Nobody, x) | (x, Who::Nobody) => x,
        (x, y) if x == y => x,
        _ => Who::Anyone,
    }
}

fn ptr_space(m: &Module, p: Value) -> Space {
    ptr_info(m, m.value_type(p))
        .and_then(|(s, _)| s)
        .unwrap_or(Space::Global)
}

fn weak(space: Space) -> Vec<(Sym, AttrData)> {
    vec![
        (sym!("space"), AttrData::Space(space)),
        (sym!("mem_semantic"), AttrData::Sem(MemSemantic::Weak)),
    ]
}

fn copy_attrs(m: &Module, op: Op, keys: &[&str]) -> Vec<(Sym, AttrData)> {
    keys.iter()
        .filter_map(|k| {
            m.get_attr(op, Sym::new(k))
                .map(|a| (Sym::new(k), a.clone()))
        })
        .collect()
}

/// A constant's value with the element type's width (a tile constant may spell `1 : i32` for an
/// i32 tile or `1.0 : f32` for an f32 tile; an integer literal for a float tile becomes a float).
fn retype_number(m: &mut Module, v: AttrData, elem: Type) -> AttrData {
    match (v, m.type_data(elem).clone()) {
        (AttrData::Int { value, .. }, TypeData::Float(k)) => AttrData::float(value as f64, k, elem),
        (AttrData::Int { value, .. }, _) => AttrData::Int { value, ty: elem },
        (AttrData::Float { bits, kind, .. }, TypeData::Float(k)) => {
            AttrData::float(kind.value_of(bits), k, elem)
        }
        (other, _) => other,
    }
}

fn zero_of(m: &mut Module, elem: Type) -> AttrData {
    match m.type_data(elem) {
        TypeData::Float(k) => AttrData::float(0.0, *k, elem),
        _ => AttrData::Int { value: 0, ty: elem },
    }
}
