//! The memory statements: `load_ptr_tko`, `store_ptr_tko`, `atomic_rmw_tko`, `atomic_cas_tko`
//! and `fence_tko` with every legal (semantic, scope) pair, `make_token` and `join_tokens`, and
//! the pointer tiles they access.
//!
//! **Pointer tiles.** A tile block's accesses of a per-block buffer lie in its window
//! `[bid·W, bid·W + W)` ([`WINDOW`]): NVIDIA's idiom `offset(broadcast(reshape(param)),
//! iota + bid·W + s)`, with the iota sometimes reversed or strided (another thread owns each
//! element: the lowering must put a barrier between two ordered accesses), the start `s` a
//! constant plus, inside a `for`, the induction variable times the tile's size. A
//! `tile<Nxptr<T>>` parameter is shifted by `bid·W + s` instead. A shared buffer (a flag or a
//! counter) is the bare parameter, the same address broadcast, or an iota over it without
//! `bid`: the same elements in every tile block, so only strong accesses at gpu or sys scope.
//!
//! **Pairs.** Legal pairs only (SYNC-MODEL.md §1, `tilec_dialects::mem::legality`): `weak`
//! carries no scope, every other semantic one of cta/cluster/gpu/sys, spelled with NVIDIA's
//! keywords (`tl_blk`, `device`) or tilec's.

use super::kernel::{Kernel, TokState, WINDOW};
use super::ty::{self, Elem, Ty};

/// A memory op of the catalog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum MemOp {
    Load,
    Store,
    Rmw,
    Cas,
    Fence,
}

impl MemOp {
    /// The semantics the op's family accepts.
    fn sems(self) -> &'static [&'static str] {
        match self {
            MemOp::Load => &["weak", "relaxed", "acquire", "sc"],
            MemOp::Store => &["weak", "relaxed", "release", "sc"],
            MemOp::Rmw | MemOp::Cas => &["relaxed", "acquire", "release", "acq_rel", "sc"],
            MemOp::Fence => &["acquire", "release", "acq_rel", "sc"],
        }
    }
}

/// Scope keywords: NVIDIA's (`tl_blk`, `device`, `sys`) and tilec's (`cta`, `cluster`, `gpu`).
const SCOPES: &[&str] = &["tl_blk", "cta", "cluster", "device", "gpu", "sys"];
/// The scopes that cover every tile block (for shared buffers).
const WIDE_SCOPES: &[&str] = &["device", "gpu", "sys"];

impl Kernel<'_, '_> {
    /// `ORDERING [SCOPE]` for `op`: strong only and wide when `shared`.
    fn pair(&mut self, op: MemOp, shared: bool) -> String {
        let sems: Vec<&str> = op
            .sems()
            .iter()
            .copied()
            .filter(|s| !(shared && *s == "weak"))
            .collect();
        let sem = sems[self.c.below(sems.len())];
        if sem == "weak" {
            return sem.to_string();
        }
        let scopes = if shared { WIDE_SCOPES } else { SCOPES };
        format!("{sem} {}", self.c.pick(scopes))
    }

    /// A buffer the current region may access.
    fn some_buffer(&mut self) -> Option<usize> {
        let open: Vec<usize> = (0..self.bufs.len())
            .filter(|&b| self.top().open[b] || self.bufs[b].shared)
            .collect();
        (!open.is_empty()).then(|| *self.c.pick(&open))
    }

    /// A load, store or atomic of some buffer.
    pub fn access(&mut self) {
        let Some(b) = self.some_buffer() else {
            return self.arith();
        };
        let elem = self.bufs[b].elem;
        let op = match self.c.weighted(&[35, 35, 18, 12]) {
            2 if elem.is_word() => MemOp::Rmw,
            3 if elem.is_word() => MemOp::Cas,
            0 | 2 | 3 => MemOp::Load,
            _ => MemOp::Store,
        };
        let shape = self.access_shape(b);
        let by_view = matches!(op, MemOp::Load | MemOp::Store)
            && !self.bufs[b].shared
            && self.bufs[b].tile.is_none()
            && matches!(shape[..], [n] if n.is_power_of_two())
            && self.c.flip(20);
        if by_view {
            return self.view_access(b, op, shape[0]);
        }
        let ptr = self.pointer(b, &shape);
        let pair = self.pair(op, self.bufs[b].shared);
        let token = self.order(b, op);
        let t = Ty::new(&shape, elem);
        let (pt, vt) = (ty::ptr_tile(&shape, elem), t.text());
        let tok = self.fresh("t");
        let tk = self.token_use(token.as_deref());
        let line = match op {
            MemOp::Load => {
                let v = self.fresh("ld");
                self.define(&v, t.clone());
                format!("{v}, {tok} = load_ptr_tko {pair} {ptr}{tk} : {pt} -> {vt}, token")
            }
            MemOp::Store => {
                let v = self.value(&t);
                format!("{tok} = store_ptr_tko {pair} {ptr}, {v}{tk} : {pt}, {vt} -> token")
            }
            MemOp::Rmw => {
                let mode = self.rmw_mode(elem);
                let v = self.value(&t);
                let old = self.fresh("old");
                self.define(&old, t.clone());
                format!("{old}, {tok} = atomic_rmw_tko {pair} {ptr}, {mode}, {v}{tk} : {pt}, {vt} -> {vt}, token")
            }
            _ => {
                let (cmp, new) = (self.value(&t), self.value(&t));
                let old = self.fresh("old");
                self.define(&old, t.clone());
                format!("{old}, {tok} = atomic_cas_tko {pair} {ptr}, {cmp}, {new}{tk} : {pt}, {vt} -> {vt}, token")
            }
        };
        self.emit(line);
        self.after(b, op, tok);
    }

    /// NVIDIA's view access of `n` elements of per-block buffer `b` (a `tile<ptr<T>>` parameter):
    /// `make_tensor_view` (a static size, or a dynamic one through `assume`), `make_partition_view`
    /// with tiles of `n` (or `make_strided_view`, tiles `n` or `2n` apart), and `load_view_tko` / `store_view_tko` / `atomic_red_view_tko` of tile
    /// `bid·(W/n) + k` (the block id
    /// from NVIDIA's three-result `get_tile_block_id`), inside
    /// the tile block's window.
    fn view_access(&mut self, b: usize, op: MemOp, n: u64) {
        let (name, elem) = (self.bufs[b].name.clone(), self.bufs[b].elem);
        let e = elem.name();
        let (shape, size_ops) = if self.c.flip(50) {
            ("?".to_string(), true)
        } else {
            ((WINDOW * 1024).to_string(), false)
        };
        let tvt = format!("tensor_view<{shape}x{e}, strides=[1]>");
        let tv = self.fresh("tv");
        let line = if size_ops {
            let k = self.hoisted_const(Elem::I32, i32::MAX as i64);
            let a = self.fresh("sz");
            self.emit(format!("{a} = assume bounded<0, ?>, {k} : tile<i32>"));
            format!(
                "{tv} = make_tensor_view {name}, shape = [{a}], strides = [1] : tile<i32> -> {tvt}"
            )
        } else {
            format!("{tv} = make_tensor_view {name}, shape = [{shape}], strides = [1] : {tvt}")
        };
        self.emit(line);
        // Now and then a strided view: tiles `n` apart (a partition's indices), or `2n` apart
        // (gaps) where the window holds four tiles; or a gather/scatter view, indexed by a tile
        // of the elements' indices (no atomic reduction: NVIDIA allows none on it).
        let gather = !(op == MemOp::Store && elem.bits() >= 32) && self.c.flip(15);
        let step = match self.c.flip(30) {
            _ if gather => None,
            true if WINDOW / n >= 4 && self.c.flip(50) => Some(2 * n),
            true => Some(n),
            false => None,
        };
        let pv = self.fresh("pv");
        let pvt = match step {
            None if gather => {
                let t = format!("gather_scatter_view<tile=({n}), {tvt}, sparse_dim=0>");
                self.emit(format!("{pv} = make_gather_scatter_view {tv} : {t}"));
                t
            }
            Some(s) => {
                let t = format!("strided_view<tile=({n}), traversal_strides=[{s}], {tvt}>");
                self.emit(format!("{pv} = make_strided_view {tv} : {t}"));
                t
            }
            None => {
                let t = format!("partition_view<tile=({n}), {tvt}>");
                self.emit(format!("{pv} = make_partition_view {tv} : {t}"));
                t
            }
        };
        // Now and then the view's shapes, as cuTile's loops bound themselves (unused here).
        if !gather && self.c.flip(25) {
            let (a, b) = (self.fresh("ns"), self.fresh("ts"));
            self.emit(format!(
                "{a} = get_index_space_shape {pv} : {pvt} -> tile<i32>"
            ));
            self.emit(format!("{b} = get_tensor_shape {tv} : {tvt} -> tile<i32>"));
        }
        // The tile block id through NVIDIA's three-result form (hoisted).
        let bx = match self.hoisted("bid3") {
            Some(v) => v,
            None => {
                let (x, y, z) = (self.fresh("bx"), self.fresh("by"), self.fresh("bz"));
                let line = format!("{x}, {y}, {z} = get_tile_block_id : tile<i32>");
                self.hoist("bid3".into(), &x, vec![line]);
                x
            }
        };
        let step = step.unwrap_or(n);
        let nc = self.hoisted_const(Elem::I32, (WINDOW / step) as i64);
        let kv = if step > n {
            *self.c.pick(&[0i64, 1])
        } else {
            *self.c.pick(&[0i64, 1, 3])
        };
        let k = self.hoisted_const(Elem::I32, kv);
        let (q, i) = (self.fresh("vi"), self.fresh("vi"));
        self.emit(format!("{q} = muli {bx}, {nc} : tile<i32>"));
        self.emit(format!("{i} = addi {q}, {k} : tile<i32>"));
        // A gather/scatter view takes the elements' indices: (bid·(W/n) + k)·n + 0..n.
        let (i, it) = if gather {
            let (nn, e0, one, all, io, ix) = (
                self.hoisted_const(Elem::I32, n as i64),
                self.fresh("vi"),
                self.fresh("vi"),
                self.fresh("vi"),
                self.fresh("vi"),
                self.fresh("vi"),
            );
            self.emit(format!("{e0} = muli {i}, {nn} : tile<i32>"));
            self.emit(format!("{one} = reshape {e0} : tile<i32> -> tile<1xi32>"));
            self.emit(format!(
                "{all} = broadcast {one} : tile<1xi32> -> tile<{n}xi32>"
            ));
            self.emit(format!("{io} = iota : tile<{n}xi32>"));
            self.emit(format!("{ix} = addi {io}, {all} : tile<{n}xi32>"));
            (ix, format!("tile<{n}xi32>"))
        } else {
            (i, "tile<i32>".to_string())
        };
        let pair = self.pair(op, false);
        let token = self.order(b, op);
        let tk = match token {
            Some(t) => format!(" token = {t}"),
            None => String::new(),
        };
        let t = Ty::new(&[n], elem);
        let tok = self.fresh("t");
        let line = if op == MemOp::Load {
            let v = self.fresh("ld");
            self.define(&v, t.clone());
            format!(
                "{v}, {tok} = load_view_tko {pair} {pv}[{i}]{tk} : {pvt}, {it} -> {}, token",
                t.text()
            )
        } else if elem.bits() >= 32 && self.c.flip(25) {
            // NVIDIA's atomic reduction into the view (an atomic's pair, an rmw mode; atomics
            // take 32- and 64-bit values).
            // NVIDIA allows relaxed at tl_blk or device scope only, no exchange; `add` is
            // integer addition, `addf` float addition.
            let v = self.value(&t);
            let pair = format!("relaxed {}", self.c.pick(&["tl_blk", "device"]));
            let mode = loop {
                match self.rmw_mode(elem) {
                    "xchg" | "exch" => continue,
                    "add" | "addf" if elem.is_float() => break "addf",
                    "add" | "addf" => break "add",
                    m => break m,
                }
            };
            format!(
                "{tok} = atomic_red_view_tko {pair} {pv}[{i}], {mode}, {v}{tk} : {}, {pvt}, tile<i32> -> token",
                t.text()
            )
        } else {
            let v = self.value(&t);
            format!(
                "{tok} = store_view_tko {pair} {v}, {pv}[{i}]{tk} : {}, {pvt}, {it} -> token",
                t.text()
            )
        };
        self.emit(line);
        self.after(b, op, tok);
    }

    /// ` token=%t` (spaced either way), or nothing.
    fn token_use(&mut self, t: Option<&str>) -> String {
        match t {
            None => String::new(),
            Some(t) if self.c.flip(30) => format!(" token = {t}"),
            Some(t) => format!(" token={t}"),
        }
    }

    /// An rmw mode the value type takes (PTX: 32/64-bit; floats add and exchange; inc/dec on
    /// 32-bit integers only).
    fn rmw_mode(&mut self, elem: Elem) -> &'static str {
        const FLOAT: &[&str] = &["add", "addf", "xchg", "exch"];
        const INT: &[&str] = &[
            "add", "and", "or", "xor", "max", "min", "umax", "umin", "xchg", "exch", "inc", "dec",
        ];
        let modes = match (elem.is_float(), elem.bits()) {
            (true, _) => FLOAT,
            (false, 32) => INT,
            _ => &INT[..10], // no inc/dec on 64 bits
        };
        modes[self.c.below(modes.len())]
    }

    /// The shape of an access of buffer `b`: a `tile<Nxptr<T>>` parameter's shape or one of its
    /// reshapes, else any drawn shape. (Entries once made at most 40 element accesses per
    /// thread, while weakest-fence's time grew faster than linearly in the strong accesses of
    /// one location: docs/fuzzing.md, find 5.)
    fn access_shape(&mut self, b: usize) -> Vec<u64> {
        match self.bufs[b].tile.clone() {
            Some(s) if self.c.flip(70) => s,
            Some(s) => {
                let all = super::compute::reshapes(ty::count(&s));
                self.c.pick(&all).clone()
            }
            None => ty::shape(self.c),
        }
    }

    /// The token an access of `b` by `op` takes (None: unordered), joining several.
    fn order(&mut self, b: usize, op: MemOp) -> Option<String> {
        let st = self.top().states[b].clone();
        let mut deps: Vec<String> = st.last.into_iter().collect();
        if op != MemOp::Load {
            deps.extend(st.reads);
        }
        // Now and then an access is left unordered: a racy program verify-races must reject
        // with a located finding (or accept, when the two accesses cannot meet).
        if !deps.is_empty() && self.c.flip(2) {
            deps.clear();
            self.unordered += 1;
        }
        match deps.len() {
            0 if self.c.flip(50) => Some(self.root_token()),
            0 => None,
            1 => deps.pop(),
            _ => Some(self.join(&deps)),
        }
    }

    /// The entry's first token (`make_token`, hoisted).
    pub fn root_token(&mut self) -> String {
        if let Some(t) = self.hoisted("token") {
            return t;
        }
        let t = self.fresh("t");
        self.hoist(
            "token".into(),
            &t,
            vec![format!("{t} = make_token : token")],
        );
        t
    }

    /// `join_tokens` of `ts`.
    pub fn join(&mut self, ts: &[String]) -> String {
        let j = self.fresh("j");
        self.emit(format!("{j} = join_tokens {} : token", ts.join(", ")));
        j
    }

    /// Records access `tok` of `b` in the region's state.
    fn after(&mut self, b: usize, op: MemOp, tok: String) {
        let st = &mut self.top().states[b];
        if op == MemOp::Load {
            st.reads.push(tok);
        } else {
            *st = TokState {
                last: Some(tok),
                reads: Vec::new(),
            };
        }
    }

    /// One token after everything `b`'s state holds (a fresh one when it holds none).
    pub fn collapse(&mut self, b: usize) -> String {
        let st = self.top().states[b].clone();
        let mut all: Vec<String> = st.last.into_iter().collect();
        all.extend(st.reads);
        match all.len() {
            0 => {
                let t = self.fresh("t");
                self.emit(format!("{t} = make_token : token"));
                t
            }
            1 => all.pop().unwrap_or_default(),
            _ => self.join(&all),
        }
    }

    /// `fence_tko` after the state of some buffers (or of none), which it then orders.
    pub fn fence(&mut self) {
        let pair = self.pair(MemOp::Fence, false);
        let open: Vec<usize> = (0..self.bufs.len())
            .filter(|&b| self.top().open[b])
            .collect();
        let after: Vec<usize> = open.into_iter().filter(|_| self.c.flip(50)).collect();
        let ins: Vec<String> = after.iter().map(|&b| self.collapse(b)).collect();
        let input = match ins.len() {
            0 => None,
            1 => ins.into_iter().next(),
            _ => Some(self.join(&ins)),
        };
        let f = self.fresh("f");
        let tk = self.token_use(input.as_deref());
        self.emit(format!("{f} = fence_tko {pair}{tk} : token"));
        for b in after {
            self.top().states[b] = TokState {
                last: Some(f.clone()),
                reads: Vec::new(),
            };
        }
    }

    /// Two buffers' states joined into one token that both continue from.
    pub fn merge_tokens(&mut self) {
        let open: Vec<usize> = (0..self.bufs.len())
            .filter(|&b| self.top().open[b])
            .collect();
        if open.len() < 2 {
            let t = self.fresh("t");
            return self.emit(format!("{t} = make_token : token"));
        }
        let (a, b) = (*self.c.pick(&open), *self.c.pick(&open));
        let (ta, tb) = (self.collapse(a), self.collapse(b));
        let j = self.join(&[ta, tb]);
        for x in [a, b] {
            self.top().states[x] = TokState {
                last: Some(j.clone()),
                reads: Vec::new(),
            };
        }
    }
}

// ---- pointer tiles ---------------------------------------------------------------------------

impl Kernel<'_, '_> {
    /// A pointer tile of `shape` into buffer `b` (module docs).
    fn pointer(&mut self, b: usize, shape: &[u64]) -> String {
        let (name, elem, shared) = (
            self.bufs[b].name.clone(),
            self.bufs[b].elem,
            self.bufs[b].shared,
        );
        if let Some(ps) = self.bufs[b].tile.clone() {
            let p = if shared {
                name
            } else {
                let start = self.start(ty::count(&ps), Elem::I32);
                let st = self.splat(&start, &Ty::new(&[], Elem::I32), &ps);
                let q = self.fresh("q");
                let pt = ty::ptr_tile(&ps, elem);
                let it = Ty::new(&ps, Elem::I32).text();
                self.emit(format!("{q} = offset {name}, {st} : {pt}, {it} -> {pt}"));
                q
            };
            return self.reshape_ptr(&p, &ps, shape, elem);
        }
        let idx = *self.c.pick(&[Elem::I32, Elem::I32, Elem::I64]);
        if shape.is_empty() {
            if shared && self.c.flip(60) {
                return name;
            }
            let start = if shared {
                let k = self.c.below(4) as i64;
                self.hoisted_const(idx, k)
            } else {
                self.start(1, idx)
            };
            let q = self.fresh("q");
            let (pt, it) = (ty::ptr_tile(&[], elem), Ty::new(&[], idx).text());
            self.emit(format!("{q} = offset {name}, {start} : {pt}, {it} -> {pt}"));
            return q;
        }
        let base = self.base(b, shape);
        if shared && self.c.flip(40) {
            return base; // every thread at the same element (an atomic counter)
        }
        let lanes = self.lanes(shape, idx, shared);
        let q = self.fresh("q");
        let pt = ty::ptr_tile(shape, elem);
        let it = Ty::new(shape, idx).text();
        self.emit(format!("{q} = offset {base}, {lanes} : {pt}, {it} -> {pt}"));
        if shared {
            return q;
        }
        self.casts(q, shape, elem)
    }

    /// Now and then NVIDIA's `ptr_to_int` of global pointer tile `q` (an i64 tile later ops may
    /// use, or `int_to_ptr` turns back into the pointers the access uses) and its `ptr_to_ptr` (to
    /// its own type: the access that follows reads the same type).
    fn casts(&mut self, q: String, shape: &[u64], elem: Elem) -> String {
        let pt = ty::ptr_tile(shape, elem);
        if self.c.flip(10) {
            let r = self.fresh("pi");
            let t = Ty::new(shape, Elem::I64);
            self.emit(format!("{r} = ptr_to_int {q} : {pt} -> {}", t.text()));
            self.define(&r, t.clone());
            // Now and then the access goes through `int_to_ptr` of those addresses: the same
            // pointers.
            if self.c.flip(3) {
                let back = self.fresh("ip");
                self.emit(format!("{back} = int_to_ptr {r} : {} -> {pt}", t.text()));
                return back;
            }
        }
        if self.c.flip(10) {
            let r = self.fresh("pp");
            self.emit(format!("{r} = ptr_to_ptr {q} : {pt} -> {pt}"));
            return r;
        }
        q
    }

    /// `p` (a pointer tile of `from`) reshaped to `to` when they differ.
    fn reshape_ptr(&mut self, p: &str, from: &[u64], to: &[u64], elem: Elem) -> String {
        if from == to {
            return p.to_string();
        }
        let r = self.fresh("q");
        let (a, b) = (ty::ptr_tile(from, elem), ty::ptr_tile(to, elem));
        self.emit(format!("{r} = reshape {p} : {a} -> {b}"));
        r
    }

    /// `broadcast(reshape(param))` to `shape`, hoisted.
    fn base(&mut self, b: usize, shape: &[u64]) -> String {
        let (name, elem) = (self.bufs[b].name.clone(), self.bufs[b].elem);
        let key = format!("base {name} {shape:?}");
        if let Some(v) = self.hoisted(&key) {
            return v;
        }
        let ones = ty::ones(shape.len());
        let (r, v) = (self.fresh("pr"), self.fresh("pb"));
        let (p0, p1, pn) = (
            ty::ptr_tile(&[], elem),
            ty::ptr_tile(&ones, elem),
            ty::ptr_tile(shape, elem),
        );
        let lines = vec![
            format!("{r} = reshape {name} : {p0} -> {p1}"),
            format!("{v} = broadcast {r} : {p1} -> {pn}"),
        ];
        self.hoist(key, &v, lines);
        v
    }

    /// The element indices of an n-d access: the iota (maybe reversed or strided) plus the
    /// start, splat (shared buffers: no start, the same elements in every tile block).
    fn lanes(&mut self, shape: &[u64], idx: Elem, shared: bool) -> String {
        let t = Ty::new(shape, idx);
        let n = ty::count(shape);
        let key = format!("iota {shape:?} {idx:?}");
        let io = match self.hoisted(&key) {
            Some(v) => v,
            None => {
                let v = self.fresh("io");
                let line = format!("{v} = iota : {}", t.text());
                self.hoist(key, &v, vec![line]);
                v
            }
        };
        // Reversed only where the tile fills the threads: see `KNOWN` (mod.rs), the masked case.
        let fills = n % self.threads == 0;
        let (op, k) = match self.c.below(10) {
            0 | 1 if fills || !super::KNOWN.masked_reversed_race => ("subi", n as i64 - 1),
            2 => ("muli", 2), // strided: 2i
            _ => ("", 0),
        };
        let lanes = if op.is_empty() {
            io
        } else {
            let kc = self.hoisted_const(idx, k);
            let ks = self.splat(&kc, &Ty::new(&[], idx), shape);
            let v = self.fresh("ix");
            let (a, b) = if op == "subi" { (&ks, &io) } else { (&io, &ks) };
            self.emit(format!("{v} = {op} {a}, {b} : {}", t.text()));
            v
        };
        if shared {
            return lanes;
        }
        let start = self.start(2 * n, idx);
        let ss = self.splat(&start, &Ty::new(&[], idx), shape);
        let v = self.fresh("ix");
        self.emit(format!("{v} = addi {lanes}, {ss} : {}", t.text()));
        v
    }

    /// The first element of an access of `n` elements in this tile block's window:
    /// `bid·W + s`, plus `iv·n` inside a counted loop whose iterations fit the window.
    fn start(&mut self, n: u64, idx: Elem) -> String {
        let bw = self.block_base(idx);
        let s = *self.c.pick(&[0i64, 0, 64, 100, 1024, 4096]);
        let sc = self.hoisted_const(idx, s);
        let t = Ty::new(&[], idx).text();
        let v = self.fresh("st");
        self.emit(format!("{v} = addi {bw}, {sc} : {t}"));
        let iv = self.top().iv.clone();
        match iv {
            // verify-races bounds the induction variable by the loop's constant bounds
            // (docs/fuzzing.md, find 4), so `iv·n` stays in the window; counted
            // (`Program::loop_indexed`).
            Some((iv, bound))
                if idx == Elem::I32 && 4096 + bound * n < WINDOW && self.c.flip(15) =>
            {
                self.loop_indexed += 1;
                let nc = self.hoisted_const(idx, n as i64);
                let (m, w) = (self.fresh("st"), self.fresh("st"));
                self.emit(format!("{m} = muli {iv}, {nc} : {t}"));
                self.emit(format!("{w} = addi {v}, {m} : {t}"));
                w
            }
            _ => v,
        }
    }

    /// `bid · W` (hoisted), of the index type.
    fn block_base(&mut self, idx: Elem) -> String {
        let key = format!("bw {idx:?}");
        if let Some(v) = self.hoisted(&key) {
            return v;
        }
        let t = Ty::new(&[], idx).text();
        let w = self.hoisted_const(idx, WINDOW as i64);
        let (bid, v) = (self.fresh("bid"), self.fresh("bw"));
        let q = if self.c.flip(50) {
            " {dim = 0 : i32}"
        } else {
            ""
        };
        let lines = vec![
            format!("{bid} = get_tile_block_id{q} : {t}"),
            format!("{v} = muli {bid}, {w} : {t}"),
        ];
        self.hoist(key, &v, lines);
        v
    }
}
