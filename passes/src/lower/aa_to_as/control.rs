//! Control flow. Conditions and bounds are 0-d tiles, uniform over the tile block, so every
//! construct becomes a structured nv_tileas op that all threads run together (a CTA barrier
//! inside is reached by every thread).
//!
//! - `if` → `nv_tileas.if`; results are carried as flat scalars (none for a token, one for a
//!   uniform tile, one per owned element for a distributed tile).
//! - `for %iv in (lb to ub, step s)` → `nv_tileas.for(lb, ub, s, inits…)`, body arguments
//!   `(iv, carried…)`, the body yields the carried values (signed `iv < ub`).
//! - `loop` → `nv_tileas.while` in do-while form: the **condition region is the whole loop body**
//!   (block arguments: the carried values) and yields `(continue?, carried…, break values…)`;
//!   the body region takes `(carried…, break values…)` and yields the carried values; the
//!   while's results are `(carried…, break values…)`, of which the loop's results are the break
//!   values.
//! - `break` / `continue` may sit in `if`s nested in the loop body. Such an escaping `if` becomes
//!   an `nv_tileas.if` yielding `(kind, its results…, carried…, break values…)` with kind 0 =
//!   fell through its `yield`, 1 = `continue`, 2 = `break`; the rest of the enclosing block is
//!   lowered inside `nv_tileas.if (kind == 0)`, whose other arm passes the exit on. Slots of the
//!   kinds not taken hold stand-ins (0, or a pointer parameter). A `for` body may `continue`
//!   early the same way; `break` in `for` is not supported (NVIDIA's `for` has none).

use super::{LResult, Lower, Lowered, SyncState};
use tilec_dialects::nv_tileaa::{OpKind, Yield};
use tilec_dialects::nv_tileas as tas;
use tilec_ir::{sym, AttrData, Block, Builder, Loc, Op, OpView, Type, Value, WalkControl};

const FALL: i64 = 0;
const CONTINUE: i64 = 1;
const BREAK: i64 = 2;

/// The kind of a region exit: known at compile time, or a runtime i32.
#[derive(Clone, Copy)]
enum Kind {
    Const(i64),
    /// The runtime i32 `v`, known to be `t` where the uniform `cond` holds and `f` where it does
    /// not: an escaping `if` whose arms each end in a known exit. Kept so that the guard of the
    /// ops after it and a `while`'s condition test `cond` itself, not a chain of kind selects
    /// (cuTile's `while c: …` is `loop { if c {…} else { break } continue }`; its condition is
    /// then the compare it was written with, as verify-races' spin rules expect).
    Pick {
        v: Value,
        cond: Value,
        t: i64,
        f: i64,
    },
    Val(Value),
}

impl Kind {
    /// `(cond, t, f)` of a [`Kind::Pick`].
    fn pick(self) -> Option<(Value, i64, i64)> {
        match self {
            Kind::Pick { cond, t, f, .. } => Some((cond, t, f)),
            _ => None,
        }
    }
}

/// The flat types an exit of the current region carries: its own results (an `if` arm), the
/// loop's carried values, and the loop's results (`loop` only).
struct ExitSig {
    y: Option<Vec<Type>>,
    c: Vec<Type>,
    b: Option<Vec<Type>>,
}

/// How a region was left, with the flat values of every slot.
struct Exit {
    kind: Kind,
    y: Vec<Value>,
    c: Vec<Value>,
    b: Vec<Value>,
}

fn meet(a: SyncState, b: SyncState) -> SyncState {
    SyncState {
        fresh: a.fresh && b.fresh,
        iter: a.iter && b.iter,
    }
}

impl Lower<'_> {
    pub(super) fn block_of(&self, op: Op, i: usize) -> Option<Block> {
        self.m
            .regions(op)
            .get(i)
            .and_then(|r| self.m.entry_block(*r))
    }

    /// A uniform (0-d) operand.
    fn uniform_operand(&self, op: Op, i: usize, what: &str) -> LResult<Value> {
        let v = self.m.operands(op)[i];
        match self.get_raw(v, op)? {
            Lowered::Uniform(s) => Ok(s),
            _ => Err(self.unsupported(
                op,
                format!("{what} must be a 0-d tile (uniform over the tile block)"),
            )),
        }
    }

    /// Whether `op` has a `break` or `continue` of an enclosing loop in its regions.
    fn escapes(&self, op: Op) -> bool {
        let mut found = false;
        for &r in self.m.regions(op) {
            for &b in self.m.region_blocks(r) {
                self.m.walk_block(b, &mut |o| match OpKind::of(self.m, o) {
                    Some(OpKind::For | OpKind::Loop) => WalkControl::Skip,
                    Some(OpKind::Break | OpKind::Continue) => {
                        found = true;
                        WalkControl::Stop
                    }
                    _ => WalkControl::Continue,
                });
            }
        }
        found
    }

    pub(super) fn lower_if(&mut self, op: Op) -> LResult<()> {
        if self.escapes(op) {
            return Err(self.unsupported(
                op,
                "it holds a 'break' or 'continue' that is not inside a loop",
            ));
        }
        let loc = self.m.op_loc(op);
        let cond = self.uniform_operand(op, 0, "the condition")?;
        let res: Vec<Value> = self.m.results(op).collect();
        let res_tys: Vec<Type> = res.iter().map(|v| self.m.value_type(*v)).collect();
        let tys = self.flat_types_all(&res_tys, op)?;
        let iff = self
            .b(loc)
            .op_with_regions(tas::If::name_sym(), &[cond], &tys, &[], 2);
        let regions = self.m.regions(iff).to_vec();
        let (outer, before) = (self.cur, self.sync);
        let mut states = Vec::new();
        for (i, &region) in regions.iter().enumerate() {
            self.cur = self.m.append_block(region, &[]);
            self.sync = before;
            let ys = match self.block_of(op, i) {
                Some(arm) => self.lower_plain_arm(arm, op)?,
                None => Vec::new(),
            };
            self.check_flat(&ys, &tys, op, "an arm's yield")?;
            self.b(loc).op(tas::Yield::name_sym(), &ys, &[], &[]);
            states.push(self.sync);
        }
        self.cur = outer;
        self.sync = states.into_iter().fold(before, meet);
        let rs: Vec<Value> = self.m.results(iff).collect();
        self.unflat_into(&res, &rs);
        Ok(())
    }

    /// Lowers an arm that ends in `yield`; returns the flat yielded values.
    pub(super) fn lower_plain_arm(&mut self, arm: Block, at: Op) -> LResult<Vec<Value>> {
        for o in self.m.block_ops(arm).collect::<Vec<_>>() {
            if Yield::is(self.m, o) {
                let vs = self.m.operands(o).to_vec();
                return self.flat_all(&vs, o);
            }
            self.lower_op(o)?;
        }
        Err(self.unsupported(at, "a region does not end with 'yield'"))
    }

    fn check_flat(&self, vs: &[Value], tys: &[Type], at: Op, what: &str) -> LResult<()> {
        let got: Vec<Type> = vs.iter().map(|v| self.m.value_type(*v)).collect();
        if got != tys {
            return Err(
                self.unsupported(at, format!("{what} does not match the types it must carry"))
            );
        }
        Ok(())
    }

    /// An `nv_tileas.if` on `cond` with results of types `tys`, built at the current block:
    /// `then` fills the first arm and gives what it yields (and a value of its own), `other`
    /// the second.
    fn arms<R>(
        &mut self,
        cond: Value,
        tys: &[Type],
        loc: Loc,
        then: impl FnOnce(&mut Self) -> (Option<Value>, R),
        other: impl FnOnce(&mut Self) -> Option<Value>,
    ) -> (Option<Value>, R) {
        let iff = self
            .b(loc)
            .op_with_regions(tas::If::name_sym(), &[cond], tys, &[], 2);
        let regions = self.m.regions(iff).to_vec();
        let outer = self.cur;
        self.cur = self.m.append_block(regions[0], &[]);
        let (a, r) = then(self);
        self.b(loc)
            .op(tas::Yield::name_sym(), a.as_slice(), &[], &[]);
        self.cur = self.m.append_block(regions[1], &[]);
        let b = other(self);
        self.b(loc)
            .op(tas::Yield::name_sym(), b.as_slice(), &[], &[]);
        self.cur = outer;
        (self.m.results(iff).next(), r)
    }

    /// `if cond { then } else { other }` yielding one value of type `t` (or nothing): the
    /// `if`'s result.
    pub(super) fn either(
        &mut self,
        cond: Value,
        t: Option<Type>,
        loc: Loc,
        then: impl FnOnce(&mut Self) -> Option<Value>,
        other: impl FnOnce(&mut Self) -> Option<Value>,
    ) -> Option<Value> {
        self.arms(cond, t.as_slice(), loc, |lw| (then(lw), ()), other)
            .0
    }

    /// An `nv_tileas.elect` region run by one thread: `body` emits into its block (the lowering's
    /// current block meanwhile), which is returned with `body`'s result and has no terminator
    /// yet (the caller may add more before its `yield`).
    pub(super) fn elect_block<R>(
        &mut self,
        loc: Loc,
        body: impl FnOnce(&mut Self) -> R,
    ) -> (Block, R) {
        let elect = self
            .b(loc)
            .op_with_regions(tas::Elect::name_sym(), &[], &[], &[], 1);
        let r = self.m.regions(elect)[0];
        let eb = self.m.append_block(r, &[]);
        let outer = self.cur;
        self.cur = eb;
        let out = body(self);
        self.cur = outer;
        (eb, out)
    }

    /// `body` in an `nv_tileas.elect` region, closed by its `yield`.
    pub(super) fn elected_only<R>(&mut self, loc: Loc, body: impl FnOnce(&mut Self) -> R) -> R {
        if self.solo {
            // The whole body is already thread 0's `elect`.
            return body(self);
        }
        let (eb, out) = self.elect_block(loc, body);
        Builder::at_end(self.m, eb, loc).op(tas::Yield::name_sym(), &[], &[], &[]);
        out
    }

    /// `if cond { body }` (an empty other arm): what `body` returns.
    pub(super) fn when<R>(
        &mut self,
        cond: Value,
        loc: Loc,
        body: impl FnOnce(&mut Self) -> R,
    ) -> R {
        self.arms(cond, &[], loc, |lw| (None, body(lw)), |_| None).1
    }

    pub(super) fn lower_for(&mut self, op: Op) -> LResult<()> {
        if self.unswitch(op)? {
            return Ok(());
        }
        self.lower_for_once(op)
    }

    /// One `for` as one nv_tileas `for` (see [`Lower::unswitch`] for the other way).
    pub(super) fn lower_for_once(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        if ops.len() < 3 {
            return Err(self.unsupported(op, "missing bounds"));
        }
        // cuda_tile's `for unsigned` is rewritten into a signed loop before nv_tileaa
        // (cuda_tile_expand); an nv_tileaa `for` written with the flag is not.
        if self
            .m
            .get_attr(op, sym!(tilec_dialects::nv_tileaa::For::UNSIGNED_CMP))
            .is_some()
        {
            return Err(self.unsupported(
                op,
                "an nv_tileaa 'for' with an unsigned comparison (write it in cuda_tile, which rewrites it into a signed loop)",
            ));
        }
        let lb = self.uniform_operand(op, 0, "the lower bound")?;
        let ub = self.uniform_operand(op, 1, "the upper bound")?;
        let step = self.uniform_operand(op, 2, "the step")?;
        let init = self.flat_all(&ops[3..], op)?;
        let init_tys: Vec<Type> = ops[3..].iter().map(|v| self.m.value_type(*v)).collect();
        let c_tys = self.flat_types_all(&init_tys, op)?;
        let body = self
            .block_of(op, 0)
            .ok_or_else(|| self.unsupported(op, "no body"))?;
        let args = self.m.block_args(body).to_vec();
        if args.len() != 1 + init_tys.len() {
            return Err(self.unsupported(op, "the body's arguments do not match"));
        }
        let iv_ty = self.m.value_type(lb);
        let mut operands = vec![lb, ub, step];
        operands.extend(init);
        let nfor = self
            .b(loc)
            .op_with_regions(tas::For::name_sym(), &operands, &c_tys, &[], 1);
        let region = self.m.regions(nfor)[0];
        let mut arg_tys = vec![iv_ty];
        arg_tys.extend(c_tys.iter().copied());
        let nb = self.m.append_block(region, &arg_tys);
        let nargs = self.m.block_args(nb).to_vec();
        self.map.insert(args[0], Lowered::Uniform(nargs[0]));
        self.unflat_into(&args[1..], &nargs[1..]);
        let sig = ExitSig {
            y: None,
            c: c_tys,
            b: None,
        };
        let (outer, before) = self.enter_loop(nb);
        let body_ops: Vec<Op> = self.m.block_ops(body).collect();
        let ex = self.exiting_ops(&body_ops, &sig, op)?;
        self.b(loc).op(tas::Yield::name_sym(), &ex.c, &[], &[]);
        self.leave_loop(outer, before);
        let rs: Vec<Value> = self.m.results(nfor).collect();
        let res: Vec<Value> = self.m.results(op).collect();
        self.unflat_into(&res, &rs);
        Ok(())
    }

    pub(super) fn lower_loop(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let ops = self.m.operands(op).to_vec();
        let init = self.flat_all(&ops, op)?;
        let init_tys: Vec<Type> = ops.iter().map(|v| self.m.value_type(*v)).collect();
        let c_tys = self.flat_types_all(&init_tys, op)?;
        let res: Vec<Value> = self.m.results(op).collect();
        let res_tys: Vec<Type> = res.iter().map(|v| self.m.value_type(*v)).collect();
        let b_tys = self.flat_types_all(&res_tys, op)?;
        let body = self
            .block_of(op, 0)
            .ok_or_else(|| self.unsupported(op, "no body"))?;
        let args = self.m.block_args(body).to_vec();
        if args.len() != init_tys.len() {
            return Err(self.unsupported(op, "the body's arguments do not match"));
        }
        let mut all = c_tys.clone();
        all.extend(b_tys.iter().copied());
        let w = self
            .b(loc)
            .op_with_regions(tas::While::name_sym(), &init, &all, &[], 2);
        let regions = self.m.regions(w).to_vec();
        let cond_blk = self.m.append_block(regions[0], &c_tys);
        let after_blk = self.m.append_block(regions[1], &all);
        let cargs = self.m.block_args(cond_blk).to_vec();
        self.unflat_into(&args, &cargs);
        let nc = c_tys.len();
        let sig = ExitSig {
            y: None,
            c: c_tys,
            b: Some(b_tys),
        };
        let (outer, before) = self.enter_loop(cond_blk);
        let body_ops: Vec<Op> = self.m.block_ops(body).collect();
        let ex = self.exiting_ops(&body_ops, &sig, op)?;
        let i1 = self.i1;
        let go = match ex.kind {
            Kind::Const(k) => self.const_int(i1, i64::from(k == CONTINUE), loc),
            Kind::Pick { cond, t, f, .. } if (t == CONTINUE) != (f == CONTINUE) => {
                self.truth(cond, t == CONTINUE, loc)
            }
            Kind::Pick { v, .. } | Kind::Val(v) => {
                let i32t = self.i32t;
                let c = self.const_int(i32t, CONTINUE, loc);
                self.compare(v, c, "eq", loc)
            }
        };
        let mut ys = vec![go];
        ys.extend(ex.c);
        ys.extend(ex.b);
        self.b(loc).op(tas::Yield::name_sym(), &ys, &[], &[]);
        self.cur = after_blk;
        let carried: Vec<Value> = self.m.block_args(after_blk)[..nc].to_vec();
        self.b(loc).op(tas::Yield::name_sym(), &carried, &[], &[]);
        self.leave_loop(outer, before);
        let rs: Vec<Value> = self.m.results(w).skip(nc).collect();
        self.unflat_into(&res, &rs);
        Ok(())
    }

    fn enter_loop(&mut self, body: Block) -> (Block, SyncState) {
        let saved = (self.cur, self.sync);
        self.cur = body;
        // The body also runs after the previous iteration: nothing is known at its start.
        self.sync = SyncState::default();
        self.loop_depth += 1;
        saved
    }

    fn leave_loop(&mut self, outer: Block, before: SyncState) {
        self.cur = outer;
        self.loop_depth -= 1;
        self.sync = SyncState {
            fresh: false,
            iter: before.iter,
        };
    }

    /// Lowers the ops of a region that may be left by `continue`/`break` (a loop body, or an
    /// arm of an escaping `if`); returns how it was left.
    fn exiting_ops(&mut self, ops: &[Op], sig: &ExitSig, at: Op) -> LResult<Exit> {
        for (i, &o) in ops.iter().enumerate() {
            match OpKind::of(self.m, o) {
                Some(OpKind::Continue | OpKind::Break | OpKind::Yield) => {
                    return self.exit_terminator(o, sig)
                }
                Some(OpKind::If) if self.escapes(o) => {
                    self.check_types(o)?;
                    let ex = self.escaping_if(o, sig)?;
                    return self.guard_rest(ex, &ops[i + 1..], sig, o);
                }
                _ => self.lower_op(o)?,
            }
        }
        Err(self.unsupported(
            at,
            "a region does not end with 'yield', 'continue' or 'break'",
        ))
    }

    fn exit_terminator(&mut self, op: Op, sig: &ExitSig) -> LResult<Exit> {
        let vs = self.m.operands(op).to_vec();
        let flat = self.flat_all(&vs, op)?;
        let k = OpKind::of(self.m, op);
        let (kind, expect) = match k {
            Some(OpKind::Continue) => (CONTINUE, Some(&sig.c)),
            Some(OpKind::Break) => (BREAK, sig.b.as_ref()),
            _ => (FALL, sig.y.as_ref()),
        };
        let Some(expect) = expect else {
            let why = if k == Some(OpKind::Break) {
                "'break' is supported in 'loop' only ('for' has no results to break with)"
            } else {
                "'yield' cannot end a loop body"
            };
            return Err(self.unsupported(op, why));
        };
        self.check_flat(&flat, expect, op, "the values it passes")?;
        let pick = |k: i64, tys: Option<&Vec<Type>>, lw: &mut Self| -> LResult<Vec<Value>> {
            if k == kind {
                Ok(flat.clone())
            } else {
                lw.dummies(tys.map_or(&[][..], |t| &t[..]), op)
            }
        };
        let y = pick(FALL, sig.y.as_ref(), self)?;
        let c = pick(CONTINUE, Some(&sig.c), self)?;
        let b = pick(BREAK, sig.b.as_ref(), self)?;
        Ok(Exit {
            kind: Kind::Const(kind),
            y,
            c,
            b,
        })
    }

    fn dummies(&mut self, tys: &[Type], at: Op) -> LResult<Vec<Value>> {
        tys.iter().map(|t| self.dummy(*t, at)).collect()
    }

    fn kind_value(&mut self, k: Kind, loc: Loc) -> Value {
        match k {
            Kind::Val(v) | Kind::Pick { v, .. } => v,
            Kind::Const(c) => {
                let i32t = self.i32t;
                self.const_int(i32t, c, loc)
            }
        }
    }

    fn yield_exit(&mut self, ex: Exit, loc: Loc) {
        let mut ys = vec![self.kind_value(ex.kind, loc)];
        ys.extend(ex.y);
        ys.extend(ex.c);
        ys.extend(ex.b);
        self.b(loc).op(tas::Yield::name_sym(), &ys, &[], &[]);
    }

    fn exit_types(&mut self, sig: &ExitSig) -> Vec<Type> {
        let mut tys = vec![self.i32t];
        tys.extend(sig.y.iter().flatten().copied());
        tys.extend(sig.c.iter().copied());
        tys.extend(sig.b.iter().flatten().copied());
        tys
    }

    /// An `if` holding `break`/`continue`: yields `(kind, results…, carried…, break values…)`.
    fn escaping_if(&mut self, op: Op, sig: &ExitSig) -> LResult<Exit> {
        let loc = self.m.op_loc(op);
        let cond = self.uniform_operand(op, 0, "the condition")?;
        let res: Vec<Value> = self.m.results(op).collect();
        let res_tys: Vec<Type> = res.iter().map(|v| self.m.value_type(*v)).collect();
        let y_tys = self.flat_types_all(&res_tys, op)?;
        let ny = y_tys.len();
        let arm_sig = ExitSig {
            y: Some(y_tys),
            c: sig.c.clone(),
            b: sig.b.clone(),
        };
        let tys = self.exit_types(&arm_sig);
        let iff = self
            .b(loc)
            .op_with_regions(tas::If::name_sym(), &[cond], &tys, &[], 2);
        let regions = self.m.regions(iff).to_vec();
        let (outer, before) = (self.cur, self.sync);
        let mut states = Vec::new();
        let mut known = Vec::new();
        for (i, &region) in regions.iter().enumerate() {
            self.cur = self.m.append_block(region, &[]);
            self.sync = before;
            let ex = match self.block_of(op, i) {
                Some(arm) => {
                    let arm_ops: Vec<Op> = self.m.block_ops(arm).collect();
                    self.exiting_ops(&arm_ops, &arm_sig, op)?
                }
                None => Exit {
                    kind: Kind::Const(FALL),
                    y: Vec::new(),
                    c: self.dummies(&arm_sig.c, op)?,
                    b: self.dummies(arm_sig.b.as_deref().unwrap_or(&[]), op)?,
                },
            };
            if let Kind::Const(k) = ex.kind {
                known.push(k);
            }
            self.yield_exit(ex, loc);
            states.push(self.sync);
        }
        self.cur = outer;
        self.sync = states.into_iter().fold(before, meet);
        let rs: Vec<Value> = self.m.results(iff).collect();
        self.unflat_into(&res, &rs[1..1 + ny]);
        let nc = sig.c.len();
        let kind = match known[..] {
            [t, f] => Kind::Pick {
                v: rs[0],
                cond,
                t,
                f,
            },
            _ => Kind::Val(rs[0]),
        };
        Ok(Exit {
            kind,
            y: Vec::new(),
            c: rs[1 + ny..1 + ny + nc].to_vec(),
            b: rs[1 + ny + nc..].to_vec(),
        })
    }

    /// The ops after an escaping `if`: run only when it fell through (kind 0).
    ///
    /// Where the `if` picked its kind by its own condition, one arm falling through and the
    /// other not, the guard is that condition (arms swapped when the `else` fell through), and
    /// the guard's kind is again a [`Kind::Pick`] on it when the rest ends in a known exit.
    fn guard_rest(&mut self, ex: Exit, rest: &[Op], sig: &ExitSig, at: Op) -> LResult<Exit> {
        let loc = self.m.op_loc(at);
        let kind = self.kind_value(ex.kind, loc);
        let (guard, rest_arm, passed_kind) = match ex.kind.pick() {
            Some((cond, t, f)) if (t == FALL) != (f == FALL) => (
                cond,
                usize::from(t != FALL),
                Some(if t == FALL { f } else { t }),
            ),
            _ => {
                let i32t = self.i32t;
                let fall = self.const_int(i32t, FALL, loc);
                (self.compare(kind, fall, "eq", loc), 0, None)
            }
        };
        let tys = self.exit_types(sig);
        let g = self
            .b(loc)
            .op_with_regions(tas::If::name_sym(), &[guard], &tys, &[], 2);
        let regions = self.m.regions(g).to_vec();
        let (outer, before) = (self.cur, self.sync);
        self.cur = self.m.append_block(regions[rest_arm], &[]);
        let then = self.exiting_ops(rest, sig, at)?;
        let rest_kind = match then.kind {
            Kind::Const(k) => Some(k),
            _ => None,
        };
        self.yield_exit(then, loc);
        let s0 = self.sync;
        self.cur = self.m.append_block(regions[1 - rest_arm], &[]);
        self.sync = before;
        let y = self.dummies(sig.y.as_deref().unwrap_or(&[]), at)?;
        let passed = Exit {
            kind: Kind::Val(kind),
            y,
            c: ex.c,
            b: ex.b,
        };
        self.yield_exit(passed, loc);
        self.cur = outer;
        self.sync = meet(s0, self.sync);
        let rs: Vec<Value> = self.m.results(g).collect();
        let ny = sig.y.as_ref().map_or(0, |y| y.len());
        let nc = sig.c.len();
        let kind = match (rest_kind, passed_kind) {
            (Some(k), Some(passed_kind)) => {
                let (t, f) = if rest_arm == 0 {
                    (k, passed_kind)
                } else {
                    (passed_kind, k)
                };
                Kind::Pick {
                    v: rs[0],
                    cond: guard,
                    t,
                    f,
                }
            }
            _ => Kind::Val(rs[0]),
        };
        Ok(Exit {
            kind,
            y: rs[1..1 + ny].to_vec(),
            c: rs[1 + ny..1 + ny + nc].to_vec(),
            b: rs[1 + ny + nc..].to_vec(),
        })
    }

    /// `a PRED b` on scalars.
    fn compare(&mut self, a: Value, b: Value, pred: &str, loc: Loc) -> Value {
        let i1 = self.i1;
        self.b(loc).value(
            tas::CmpI::name_sym(),
            &[a, b],
            i1,
            &[(sym!(tas::CmpI::PREDICATE), AttrData::Str(pred.into()))],
        )
    }

    /// `cond` where `holds`, else its negation: the inverse compare where `cond` is an integer
    /// compare (so that `if f >= t { break }` spins while `f < t`, a compare of the loaded flag
    /// as verify-races' spin rules read it), else `cond xor true`.
    fn truth(&mut self, cond: Value, holds: bool, loc: Loc) -> Value {
        if holds {
            return cond;
        }
        let inverse = self
            .m
            .defining_op(cond)
            .and_then(|d| tas::views::CmpI::cast(self.m, d))
            .and_then(|c| {
                let p = tilec_dialects::common::negated_int_predicate(c.predicate(self.m)?)?;
                Some((p, self.m.operands(c.0).to_vec()))
            });
        if let Some((p, ops)) = inverse {
            return self.compare(ops[0], ops[1], p, loc);
        }
        let i1 = self.i1;
        let one = self.const_int(i1, 1, loc);
        self.b(loc)
            .value(tas::XOrI::name_sym(), &[cond, one], i1, &[])
    }
}
