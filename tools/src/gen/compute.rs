//! The pure statements: elementwise arithmetic (every integer and float op of the catalog, in
//! NVIDIA's spelling `divi … signed` and in tilec's `divsi`), integer casts (`exti`, `trunci`),
//! conversions (`convert.rs`),
//! comparisons (every predicate,
//! signed/unsigned, ordered/unordered), `select`, `reshape`, `broadcast`, `iota`, `cat`,
//! `reduce`, `mmaf` and the tile-block queries.

use super::kernel::Kernel;
use super::ty::{self, Elem, Ty};

/// Integer ops every integer type takes.
const INT_OPS: &[&str] = &[
    "addi", "subi", "muli", "andi", "ori", "xori", "shli", "divi", "remi", "shri", "maxi", "mini",
    "mulhii",
];
/// The integer ops tilec lowers on i1 (predicates); the rest are rejected with a located
/// diagnostic, so they are drawn rarely on i1.
const I1_OPS: &[&str] = &["andi", "ori", "xori", "addi", "subi", "muli"];
/// Float ops.
const FLOAT_OPS: &[&str] = &["addf", "subf", "mulf", "divf", "maxf", "minf"];
/// NVIDIA's comparison predicates.
const PREDICATES: &[&str] = &[
    "equal",
    "not_equal",
    "less_than",
    "less_than_or_equal",
    "greater_than",
    "greater_than_or_equal",
];

impl Kernel<'_, '_> {
    /// `%r = OP %a, %b : T` for an op that takes `t`'s element type.
    pub fn arith(&mut self) {
        let t = self.some_type();
        if t.elem.is_word() && !t.elem.is_float() && self.c.flip(15) {
            return self.int_cast(t);
        }
        if self.c.flip(12) {
            return self.math(t);
        }
        if self.c.flip(10) {
            return self.convert(t);
        }
        if !t.shape.is_empty() && self.c.flip(6) {
            return self.layout(t);
        }
        if t.shape.len() == 1 && t.elem.is_word() && self.c.flip(10) {
            return self.reduce(t);
        }
        if t.shape.len() == 1 && self.c.flip(5) {
            return self.cat(t);
        }
        if self.c.flip(3) {
            return self.mmaf();
        }
        let op = if t.elem.is_float() {
            *self.c.pick(FLOAT_OPS)
        } else if t.elem == Elem::I1 && !self.c.flip(3) {
            *self.c.pick(I1_OPS)
        } else {
            *self.c.pick(INT_OPS)
        };
        let a = self.value(&t);
        let b = self.value(&t);
        let r = self.fresh("v");
        let line = match op {
            "divi" | "remi" | "shri" | "maxi" | "mini" => {
                // Unsigned i64 division by a constant: see `KNOWN` (mod.rs).
                let avoid = super::KNOWN.i64_udiv_by_constant
                    && t.elem == Elem::I64
                    && matches!(op, "divi" | "remi");
                let signed = avoid || self.c.flip(50);
                let s = if signed { "signed" } else { "unsigned" };
                if op != "divi" && self.c.flip(10) {
                    // NVIDIA's generic form: the signedness is an attribute.
                    let tt = format!("!cuda_tile.{}", t.text());
                    format!("{r} = \"cuda_tile.{op}\"({a}, {b}) {{signedness = #cuda_tile.signedness<{s}>}} : ({tt}, {tt}) -> {tt}")
                } else if self.c.flip(25) {
                    // tilec's own names (`divsi`, `remui`, …) take no signedness keyword.
                    let s = if signed { "s" } else { "u" };
                    let name = format!("{}{s}i", &op[..op.len() - 1]);
                    format!("{r} = {name} {a}, {b} : {}", t.text())
                } else {
                    // A directed rounding keeps NVIDIA's `divi` (floor, ceiling).
                    // (NVIDIA has no unsigned floor: an unsigned quotient is one.)
                    let rounding = match (op, self.c.below(4)) {
                        ("divi", 0) if signed => " rounding<negative_inf>",
                        ("divi", 1) => " rounding<positive_inf>",
                        _ => "",
                    };
                    format!("{r} = {op} {a}, {b} {s}{rounding} : {}", t.text())
                }
            }
            _ => {
                let kw = self.kw(op);
                format!("{r} = {kw} {a}, {b} : {}", t.text())
            }
        };
        self.emit(line);
        self.define(&r, t);
    }

    /// NVIDIA's `cat` of two values of a 1-d type into one of twice the length.
    fn cat(&mut self, t: Ty) {
        let (a, b) = (self.value(&t), self.value(&t));
        let r = self.fresh("cat");
        let rt = Ty::new(&[t.shape[0] * 2], t.elem);
        self.emit(format!(
            "{r} = cat {a}, {b} dim = 0 : {}, {} -> {}",
            t.text(),
            t.text(),
            rt.text()
        ));
        self.define(&r, rt);
    }

    /// `mmaf` of small tiles: f16/bf16 factors (f32 ones, which are rejected, now and then) and
    /// an f32 accumulator, or `mmai` (i8 into i32), shapes that split over the warps or not.
    fn mmaf(&mut self) {
        let m = *self.c.pick(&[16u64, 32, 64]);
        let n = *self.c.pick(&[8u64, 16, 32, 64]);
        let k = *self.c.pick(&[16u64, 32]);
        // Now and then NVIDIA's mmai: i8 factors (K of 32 or 64), an i32 accumulator.
        let int = self.c.flip(25);
        let (e, ce, k) = if int {
            (Elem::I8, Elem::I32, k * 2)
        } else {
            let e = *self.c.pick(&[Elem::F16, Elem::BF16, Elem::F16, Elem::F32]);
            (e, Elem::F32, k)
        };
        let (ta, tb) = (Ty::new(&[m, k], e), Ty::new(&[k, n], e));
        let tc = Ty::new(&[m, n], ce);
        let (a, b, c) = (self.value(&ta), self.value(&tb), self.value(&tc));
        let r = self.fresh("mma");
        let (kw, signs) = if int {
            let s = |lw: &mut Self| {
                if lw.c.flip(50) {
                    " signed"
                } else {
                    " unsigned"
                }
            };
            (self.kw("mmai"), format!("{}{}", s(self), s(self)))
        } else {
            (self.kw("mmaf"), String::new())
        };
        self.emit(format!(
            "{r} = {kw} {a}, {b}, {c}{signs} : {}, {}, {}",
            ta.text(),
            tb.text(),
            tc.text()
        ));
        self.define(&r, tc);
    }

    /// NVIDIA's `reduce` of a 1-d tile to a 0-d one (or its `scan`, of the tile's shape): a sum,
    /// or a max of floats.
    fn reduce(&mut self, t: Ty) {
        let x = self.value(&t);
        let r = self.fresh("red");
        let (e, a, y) = (self.fresh("re"), self.fresh("ra"), self.fresh("ry"));
        let s = Ty::new(&[], t.elem);
        let (op, id) = match (t.elem.is_float(), self.c.flip(50)) {
            (true, true) => ("maxf", "0xFF800000".to_string()),
            (true, false) => ("addf", "0.0".to_string()),
            (false, _) => ("addi", "0".to_string()),
        };
        let id = if t.elem.is_float() && t.elem.bits() == 64 && op == "maxf" {
            "0xFFF0000000000000".to_string()
        } else {
            id
        };
        let (tt, st, en) = (t.text(), s.text(), t.elem.name());
        // Now and then NVIDIA's scan (the same body; the result keeps the shape).
        let (head, rt) = if self.c.flip(35) {
            let rev = if self.c.flip(50) { "true" } else { "false" };
            (format!("scan {x} dim=0 reverse={rev}"), t.clone())
        } else {
            (format!("reduce {x} dim=0"), s.clone())
        };
        self.emit(format!(
            "{r} = {head} identities=[{id} : {en}] : {tt} -> {} ({e}: {st}, {a}: {st}) {{",
            rt.text()
        ));
        self.emit(format!("  {y} = {op} {e}, {a} : {st}"));
        self.emit(format!("  yield {y} : {st}"));
        self.emit("}".to_string());
        self.define(&r, rt);
    }

    /// NVIDIA's float math (`exp`, `rsqrt`, `fma`, …) on a float type, `negi` on an integer one.
    fn math(&mut self, t: Ty) {
        const UNARY: &[&str] = &[
            "negf", "absf", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "fma", "floor",
            "ceil",
        ];
        let r = self.fresh("m");
        // NVIDIA's full-precision math (lowered for f32; remf also for f64) now and then.
        let full = matches!(t.elem, Elem::F32 | Elem::F64) && self.c.flip(25);
        let line = if full {
            self.full_math(&r, &t)
        } else if t.elem.is_float() {
            let mut op = *self.c.pick(UNARY);
            // NVIDIA's approx and flush_to_zero are f32-only; tanh exists only as approx.
            let f32 = t.elem == Elem::F32;
            if op == "tanh" && !f32 {
                op = "exp";
            }
            let a = self.value(&t);
            let args = if op == "fma" {
                let (b, c) = (self.value(&t), self.value(&t));
                format!("{a}, {b}, {c}")
            } else {
                a
            };
            // tanh is lowered in its approximate form only.
            let attrs = match op {
                "tanh" => " {rounding_mode = #cuda_tile.rounding<approx>}",
                "exp2" | "rsqrt" if f32 && self.c.flip(30) => " {flush_to_zero}",
                _ => "",
            };
            format!("{r} = {op} {args}{attrs} : {}", t.text())
        } else {
            let a = self.value(&t);
            let op = if self.c.flip(50) { "negi" } else { "absi" };
            format!("{r} = {op} {a} : {}", t.text())
        };
        self.emit(line);
        self.define(&r, t);
    }

    /// `r = OP …` of NVIDIA's full-precision math on `t` (f32 or f64): `sin cos tan sinh cosh`
    /// (one operand) or `atan2 pow remf` (two); only `remf` of f64 (the others are f32 only).
    fn full_math(&mut self, r: &str, t: &Ty) -> String {
        const UNARY: &[&str] = &["sin", "cos", "tan", "sinh", "cosh"];
        const BINARY: &[&str] = &["atan2", "pow", "remf"];
        let a = self.value(t);
        let (op, args) = if t.elem == Elem::F32 && self.c.flip(50) {
            (*self.c.pick(UNARY), a)
        } else {
            let op = if t.elem == Elem::F32 {
                *self.c.pick(BINARY)
            } else {
                "remf"
            };
            let b = self.value(t);
            (op, format!("{a}, {b}"))
        };
        format!("{r} = {op} {args} : {}", t.text())
    }

    /// NVIDIA's `pack` of a rank-1 value of `t` into its bytes and `unpack` of them back (a
    /// value of `t` again): both move every element between threads.
    fn pack_round_trip(&mut self, t: &Ty) {
        let n = t.shape[0] * u64::from(t.elem.bits()) / 8;
        let bytes = Ty::new(&[n], Elem::I8);
        let a = self.value(t);
        let (p, u) = (self.fresh("pk"), self.fresh("up"));
        self.emit(format!("{p} = pack {a} : {} -> {}", t.text(), bytes.text()));
        self.emit(format!(
            "{u} = unpack {p} : {} -> {}",
            bytes.text(),
            t.text()
        ));
        self.define(&p, bytes);
        self.define(&u, t.clone());
    }

    /// NVIDIA's `exti … signed|unsigned` (tilec's `extsi`/`extui`) from i32 to i64, or
    /// `trunci` from i64 to i32, of a value of `t`'s shape; now and then instead a `pack` and
    /// `unpack` round trip of a rank-1 value.
    fn int_cast(&mut self, t: Ty) {
        if t.shape.len() == 1 && self.c.flip(15) {
            return self.pack_round_trip(&t);
        }
        let (from, to) = if t.elem == Elem::I32 {
            (t.clone(), Ty::new(&t.shape, Elem::I64))
        } else {
            (t.clone(), Ty::new(&t.shape, Elem::I32))
        };
        let a = self.value(&from);
        let r = self.fresh("c");
        let s = if self.c.flip(50) {
            "signed"
        } else {
            "unsigned"
        };
        let line = if to.elem == Elem::I64 && self.c.flip(20) {
            // NVIDIA's generic form: the signedness is an attribute.
            let (ft, tt) = (from.text(), to.text());
            format!("{r} = \"cuda_tile.exti\"({a}) {{signedness = #cuda_tile.signedness<{s}>}} : (!cuda_tile.{ft}) -> !cuda_tile.{tt}")
        } else if to.elem == Elem::I64 {
            // Now and then through NVIDIA's `assume` (the lowering forwards its operand).
            let x = if self.c.flip(30) {
                let x = self.fresh("as");
                self.emit(format!("{x} = assume bounded<0, ?>, {a} : {}", from.text()));
                x
            } else {
                a
            };
            format!("{r} = exti {x} {s} : {} -> {}", from.text(), to.text())
        } else {
            format!("{r} = trunci {a} : {} -> {}", from.text(), to.text())
        };
        self.emit(line);
        self.define(&r, to);
    }

    /// `cmpi` / `cmpf` of two values of one type into an i1 tile of their shape.
    pub fn compare(&mut self) -> String {
        let t = self.some_type();
        let a = self.value(&t);
        let b = self.value(&t);
        let r = self.fresh("p");
        let pred = *self.c.pick(PREDICATES);
        let rt = Ty::new(&t.shape, Elem::I1);
        let line = if t.elem.is_float() {
            let o = if self.c.flip(50) {
                "ordered"
            } else {
                "unordered"
            };
            format!(
                "{r} = cmpf {pred} {o} {a}, {b} : {} -> {}",
                t.text(),
                rt.text()
            )
        } else {
            let s = if self.c.flip(50) {
                "signed"
            } else {
                "unsigned"
            };
            format!(
                "{r} = cmpi {pred} {a}, {b}, {s} : {} -> {}",
                t.text(),
                rt.text()
            )
        };
        self.emit(line);
        self.define(&r, rt);
        r
    }

    /// `select %c, %a, %b` with a condition of the values' shape, or a 0-d one.
    pub fn select(&mut self) {
        let t = self.some_type();
        let cond_shape = if self.c.flip(20) {
            Vec::new()
        } else {
            t.shape.clone()
        };
        let ct = Ty::new(&cond_shape, Elem::I1);
        let cnd = self.value(&ct);
        let a = self.value(&t);
        let b = self.value(&t);
        let r = self.fresh("s");
        self.emit(format!(
            "{r} = select {cnd}, {a}, {b} : {}, {}",
            ct.text(),
            t.text()
        ));
        self.define(&r, t);
    }

    /// `reshape` of a visible value to another shape of as many elements.
    pub fn reshape(&mut self) {
        let t = self.some_type();
        let v = self.value(&t);
        let shapes = reshapes(t.count());
        let to = Ty::new(&shapes[self.c.below(shapes.len())], t.elem);
        let r = self.fresh("rs");
        self.emit(format!("{r} = reshape {v} : {} -> {}", t.text(), to.text()));
        self.define(&r, to);
    }

    /// `broadcast` of a 0-d value (through `reshape` to ones) to a shape.
    pub fn broadcast(&mut self) {
        let elem = self.value_elem();
        let s = Ty::new(&[], elem);
        let v = self.value(&s);
        let shape = ty::shape(self.c);
        self.splat(&v, &s, &shape);
    }

    /// `get_tile_block_id` / `get_num_tile_blocks` of a grid dimension, i32 or i64.
    pub fn block_query(&mut self) {
        let op = *self.c.pick(&["get_tile_block_id", "get_num_tile_blocks"]);
        let elem = *self.c.pick(&[Elem::I32, Elem::I32, Elem::I64]);
        let t = Ty::new(&[], elem);
        let r = self.fresh("g");
        let attr = match self.c.below(4) {
            0 => String::new(),
            d => format!(" {{dim = {} : i32}}", d - 1),
        };
        let kw = self.kw(op);
        self.emit(format!("{r} = {kw}{attr} : {}", t.text()));
        self.define(&r, t);
    }

    /// `print_tko` of a 0-d value and a tile (i32 or f32): a side effect the rest of the program
    /// never sees.
    pub fn print_stmt(&mut self) {
        let elem = *self.c.pick(&[Elem::I32, Elem::F32]);
        let spec = if elem == Elem::I32 { "%d" } else { "%f" };
        let scalar_ty = Ty::new(&[], elem);
        let scalar = self.value(&scalar_ty);
        let mut shape = ty::shape(self.c);
        if shape.is_empty() {
            shape.push(8);
        }
        let t = Ty::new(&shape, elem);
        let tile = self.value(&t);
        // Every other time an assert that holds: an element equals itself (a float NaN
        // compares unordered-equal).
        if self.c.flip(50) {
            let ok = self.fresh("ok");
            let bool_ty = Ty::new(&t.shape, Elem::I1);
            let line = if elem == Elem::I32 {
                let kw = self.kw("cmpi");
                format!("{ok} = {kw} equal {tile}, {tile}, signed")
            } else {
                let kw = self.kw("cmpf");
                format!("{ok} = {kw} equal unordered {tile}, {tile}")
            };
            self.emit(format!("{line} : {} -> {}", t.text(), bool_ty.text()));
            let akw = self.kw("assert");
            self.emit(format!("{akw} {ok}, \"gen\" : {}", bool_ty.text()));
        }
        let tok = self.fresh("t");
        let kw = self.kw("print_tko");
        self.emit(format!(
            "{tok} = {kw} \"gen {spec} {spec}\\n\", {scalar}, {tile} : {}, {} -> token",
            scalar_ty.text(),
            t.text()
        ));
    }

    /// `iota` of a shape, i32 or i64.
    pub fn iota_stmt(&mut self) {
        let elem = *self.c.pick(&[Elem::I32, Elem::I64]);
        let mut shape = ty::shape(self.c);
        if shape.is_empty() {
            shape.push(128);
        }
        self.iota(&Ty::new(&shape, elem));
    }
}

/// Shapes of `n` elements: those of [`ty::SHAPES`], `[n]`, `[1, n]` and `[n, 1]`.
pub fn reshapes(n: u64) -> Vec<Vec<u64>> {
    let mut v: Vec<Vec<u64>> = ty::SHAPES
        .iter()
        .filter(|s| ty::count(s) == n)
        .map(|s| s.to_vec())
        .collect();
    v.extend([vec![n], vec![1, n], vec![n, 1]]);
    v
}
