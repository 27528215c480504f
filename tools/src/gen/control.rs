//! Control flow: `if` (with and without results and `else`), `for` with `iter_values`, `loop`
//! with `iter_values`, `break` and `continue` (a counted `loop`, or one that spins on a strong
//! 0-d load of a shared flag), and early `continue`/`break` from an `if` inside a loop body.
//!
//! Conditions and bounds are 0-d (tilec's lowering needs them uniform over the tile block). A
//! construct carries out the token states of the buffers its regions may touch (chosen when it
//! starts): an `if` yields one token per such buffer, a loop carries one per buffer through its
//! `iter_values` and returns it, so accesses after the construct stay ordered after those in it.

use super::kernel::{Exit, Frame, Kernel, TokState};
use super::ty::{Elem, Ty};

/// How deep regions nest.
pub(super) const MAX_DEPTH: usize = 3;

impl Kernel<'_, '_> {
    /// Opens a region that may access `open` buffers and inherits the current states.
    fn push(&mut self, open: &[usize], iv: Option<(String, u64)>, exit: Option<Exit>) {
        let top = self.frames.last().expect("a frame");
        let mut allowed = vec![false; self.bufs.len()];
        for &b in open {
            allowed[b] = true;
        }
        let f = Frame {
            lines: Vec::new(),
            values: Vec::new(),
            states: top.states.clone(),
            open: allowed,
            iv: iv.or_else(|| top.iv.clone()),
            exit: exit.or_else(|| top.exit.clone()),
        };
        self.frames.push(f);
    }

    fn pop(&mut self) -> Vec<String> {
        self.frames.pop().map(|f| f.lines).unwrap_or_default()
    }

    /// Some of the buffers the current region may access (carried out of a new construct).
    fn carried(&mut self) -> Vec<usize> {
        let open: Vec<usize> = (0..self.bufs.len())
            .filter(|&b| self.top().open[b])
            .collect();
        open.into_iter().filter(|_| self.c.flip(60)).collect()
    }

    /// A 0-d i1 condition: a comparison of 0-d values, a visible one, or a constant.
    fn condition(&mut self) -> String {
        let t = Ty::new(&[], Elem::I1);
        if self.c.flip(60) {
            let n = Ty::new(&[], *self.c.pick(&[Elem::I32, Elem::I64, Elem::F32]));
            let (a, b) = (self.value(&n), self.value(&n));
            let r = self.fresh("p");
            let line = if n.elem.is_float() {
                format!(
                    "{r} = cmpf less_than ordered {a}, {b} : {} -> {}",
                    n.text(),
                    t.text()
                )
            } else {
                format!(
                    "{r} = cmpi less_than {a}, {b}, signed : {} -> {}",
                    n.text(),
                    t.text()
                )
            };
            self.emit(line);
            return r;
        }
        self.value(&t)
    }

    /// Sets `bufs`' states to the construct's result tokens.
    fn take_results(&mut self, bufs: &[usize], toks: &[String]) {
        for (&b, t) in bufs.iter().zip(toks) {
            self.top().states[b] = TokState {
                last: Some(t.clone()),
                reads: Vec::new(),
            };
        }
    }

    /// Generates a region's statements, then its terminator values: the collapsed states of
    /// `bufs` and values of `vals`.
    fn region_values(&mut self, n: usize, bufs: &[usize], vals: &[Ty]) -> Vec<String> {
        self.stmts(n);
        let mut out: Vec<String> = vals.iter().map(|t| self.value(t)).collect();
        out.extend(bufs.iter().map(|&b| self.collapse(b)));
        out
    }

    /// `if %c -> (…) { … yield } else { … yield }`.
    pub fn if_stmt(&mut self) {
        let cond = self.condition();
        let bufs = self.carried();
        let vals: Vec<Ty> = (0..self.c.below(3)).map(|_| self.some_type()).collect();
        let mut types: Vec<String> = vals.iter().map(Ty::text).collect();
        types.extend(bufs.iter().map(|_| "token".to_string()));
        let with_else = !types.is_empty() || self.c.flip(50);
        let n = 1 + self.c.below(4);
        self.push(&bufs, None, None);
        let ys = self.region_values(n, &bufs, &vals);
        let then = self.close_with("yield", &ys, &types);
        let other = if with_else {
            self.push(&bufs, None, None);
            let ys = self.region_values(n, &bufs, &vals);
            Some(self.close_with("yield", &ys, &types))
        } else {
            None
        };
        let results: Vec<String> = types.iter().map(|_| self.fresh("r")).collect();
        let head = if results.is_empty() {
            format!("if {cond} {{")
        } else {
            format!(
                "{} = if {cond} -> ({}) {{",
                results.join(", "),
                types.join(", ")
            )
        };
        self.emit(head);
        self.top().lines.extend(then);
        if let Some(o) = other {
            self.emit("} else {".into());
            self.top().lines.extend(o);
        }
        self.emit("}".into());
        for (r, t) in results.iter().zip(&vals) {
            self.define(r, t.clone());
        }
        self.take_results(&bufs, &results[vals.len()..]);
    }

    /// Closes the current region with `KW values : types` (a bare `KW`, or none at all for an
    /// implicit `yield`/`continue`, when there are no values); returns its indented lines.
    fn close_with(&mut self, kw: &str, vals: &[String], types: &[String]) -> Vec<String> {
        let line = if vals.is_empty() {
            (!self.c.flip(50)).then(|| kw.to_string())
        } else {
            Some(format!("{kw} {} : {}", vals.join(", "), types.join(", ")))
        };
        if let Some(l) = line {
            self.emit(l);
        }
        self.pop().into_iter().map(|l| format!("  {l}")).collect()
    }

    /// `for %iv in (lb to ub, step s) : T iter_values(…) -> (…) { … continue … }`.
    pub fn for_stmt(&mut self) {
        let wide = self.c.flip(15);
        let it = Ty::new(&[], if wide { Elem::I64 } else { Elem::I32 });
        let (ub, step) = (self.c.below(6) as u64, 1 + self.c.below(3) as i64);
        let lb = self.hoisted_const(it.elem, 0);
        let ubv = self.hoisted_const(it.elem, ub as i64);
        let sv = self.hoisted_const(it.elem, step);
        let bufs = self.carried();
        let vals: Vec<Ty> = (0..self.c.below(2)).map(|_| self.some_type()).collect();
        let inits = self.inits(&bufs, &vals);
        let iv = self.fresh("iv");
        let args: Vec<String> = inits.iter().map(|_| self.fresh("it")).collect();
        let types = self.carried_types(&bufs, &vals);
        let exit = Exit {
            bufs: bufs.clone(),
            vals: vals.clone(),
            breaks: None,
        };
        let addr_iv = (!wide).then(|| (iv.clone(), ub));
        self.push(&bufs, addr_iv, Some(exit));
        self.define(&iv, it.clone());
        self.bind(&args, &bufs, &vals);
        let n = 1 + self.c.below(5);
        let ys = self.region_values(n, &bufs, &vals);
        let body = self.close_with("continue", &ys, &types);
        let results: Vec<String> = args.iter().map(|_| self.fresh("r")).collect();
        let mut head = String::new();
        if !results.is_empty() {
            head = format!("{} = ", results.join(", "));
        }
        head += &format!("for {iv} in ({lb} to {ubv}, step {sv}) : {}", it.text());
        if !args.is_empty() {
            let iters: Vec<String> = args
                .iter()
                .zip(&inits)
                .map(|(a, i)| format!("{a} = {i}"))
                .collect();
            head += &format!(
                " iter_values({}) -> ({})",
                iters.join(", "),
                types.join(", ")
            );
        }
        self.emit(head + " {");
        self.top().lines.extend(body);
        self.emit("}".into());
        self.finish_loop(&results, &bufs, &vals);
    }

    /// The initial values of a loop's carried values and buffer tokens.
    fn inits(&mut self, bufs: &[usize], vals: &[Ty]) -> Vec<String> {
        let mut v: Vec<String> = vals.iter().map(|t| self.value(t)).collect();
        v.extend(bufs.iter().map(|&b| self.collapse(b)));
        v
    }

    fn carried_types(&self, bufs: &[usize], vals: &[Ty]) -> Vec<String> {
        let mut t: Vec<String> = vals.iter().map(Ty::text).collect();
        t.extend(bufs.iter().map(|_| "token".to_string()));
        t
    }

    /// Binds a loop body's arguments: the values, then the buffers' tokens.
    fn bind(&mut self, args: &[String], bufs: &[usize], vals: &[Ty]) {
        for (a, t) in args.iter().zip(vals) {
            self.define(a, t.clone());
        }
        for (a, &b) in args[vals.len()..].iter().zip(bufs) {
            self.top().states[b] = TokState {
                last: Some(a.clone()),
                reads: Vec::new(),
            };
        }
    }

    fn finish_loop(&mut self, results: &[String], bufs: &[usize], vals: &[Ty]) {
        for (r, t) in results.iter().zip(vals) {
            self.define(r, t.clone());
        }
        self.take_results(bufs, &results[vals.len()..]);
    }

    /// `loop iter_values(%i = 0, …) : … -> … { …; if %stop { break … }; continue … }`: counted
    /// by `%i`, or spinning on a strong 0-d load of a shared flag.
    pub fn loop_stmt(&mut self) {
        let bufs = self.carried();
        let mut vals = vec![Ty::new(&[], Elem::I32)];
        if self.c.flip(40) {
            vals.push(self.some_type());
        }
        let zero = self.hoisted_const(Elem::I32, 0);
        let mut inits = self.inits(&bufs, &vals[1..]);
        inits.insert(0, zero);
        let args: Vec<String> = inits.iter().map(|_| self.fresh("it")).collect();
        let types = self.carried_types(&bufs, &vals);
        let exit = Exit {
            bufs: bufs.clone(),
            vals: vals.clone(),
            breaks: Some(vals.clone()),
        };
        self.push(&bufs, None, Some(exit.clone()));
        self.bind(&args, &bufs, &vals);
        let n = self.c.below(5);
        self.stmts(n);
        let one = self.hoisted_const(Elem::I32, 1);
        let next = self.fresh("i");
        self.emit(format!("{next} = addi {}, {one} : tile<i32>", args[0]));
        self.define(&next, vals[0].clone());
        let stop = self.stop_condition(&next);
        let mut out: Vec<String> = vec![next];
        out.extend(vals[1..].iter().map(|t| self.value(t)));
        out.extend(bufs.iter().map(|&b| self.collapse(b)));
        self.emit(format!("if {stop} {{"));
        self.emit(format!("  break {} : {}", out.join(", "), types.join(", ")));
        self.emit("}".into());
        let body = self.close_with("continue", &out, &types);
        let results: Vec<String> = args.iter().map(|_| self.fresh("r")).collect();
        let iters: Vec<String> = args
            .iter()
            .zip(&inits)
            .map(|(a, i)| format!("{a} = {i}"))
            .collect();
        self.emit(format!(
            "{} = loop iter_values({}) : {} -> {} {{",
            results.join(", "),
            iters.join(", "),
            types.join(", "),
            types.join(", ")
        ));
        self.top().lines.extend(body);
        self.emit("}".into());
        self.finish_loop(&results, &bufs, &vals);
    }

    /// When a `loop` stops: after a few iterations of its counter, or when a shared flag read
    /// with a strong load says so.
    fn stop_condition(&mut self, count: &str) -> String {
        let flag = (0..self.bufs.len()).find(|&b| {
            self.bufs[b].shared && self.bufs[b].elem == Elem::I32 && self.bufs[b].tile.is_none()
        });
        let p = self.fresh("p");
        match flag {
            Some(f) if self.c.flip(40) => {
                let name = self.bufs[f].name.clone();
                let sem = *self.c.pick(&["acquire", "relaxed", "sc"]);
                let scope = *self.c.pick(&["device", "gpu", "sys"]);
                let (v, t) = (self.fresh("seen"), self.fresh("t"));
                let one = self.hoisted_const(Elem::I32, 1);
                self.emit(format!("{v}, {t} = load_ptr_tko {sem} {scope} {name} : tile<ptr<i32>> -> tile<i32>, token"));
                self.emit(format!(
                    "{p} = cmpi greater_than_or_equal {v}, {one}, signed : tile<i32> -> tile<i1>"
                ));
            }
            _ => {
                let k = 1 + self.c.below(4) as i64;
                let lim = self.hoisted_const(Elem::I32, k);
                self.emit(format!(
                    "{p} = cmpi greater_than_or_equal {count}, {lim}, signed : tile<i32> -> tile<i1>"
                ));
            }
        }
        p
    }

    /// `if %c { …; continue … }` (or `break` in a `loop`) inside a loop body.
    pub fn early_exit(&mut self) {
        let Some(exit) = self.top().exit.clone() else {
            return self.if_stmt();
        };
        let cond = self.condition();
        self.push(&exit.bufs, None, None);
        let n = self.c.below(3);
        self.stmts(n);
        let kw = if exit.breaks.is_some() && self.c.flip(50) {
            "break"
        } else {
            "continue"
        };
        let mut out: Vec<String> = exit.vals.iter().map(|t| self.value(t)).collect();
        out.extend(exit.bufs.iter().map(|&b| self.collapse(b)));
        let types = self.carried_types(&exit.bufs, &exit.vals);
        if out.is_empty() {
            self.emit(kw.to_string());
        } else {
            self.emit(format!("{kw} {} : {}", out.join(", "), types.join(", ")));
        }
        let arm = self.pop().into_iter().map(|l| format!("  {l}"));
        self.emit(format!("if {cond} {{"));
        self.top().lines.extend(arm);
        self.emit("}".into());
    }
}
