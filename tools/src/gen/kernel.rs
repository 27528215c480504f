//! One generated entry: its buffers and scalar parameters, the frames of nested regions (each
//! with its lines, its visible values and its copy of the buffers' token states), fresh names,
//! the values hoisted to the entry's top, and the pure ops (constants, arithmetic, comparisons,
//! `select`, `iota`, `reshape`, `broadcast`, tile-block ids).
//!
//! **Token states.** Every buffer has a state: the token of its last write and those of the
//! reads since. A read takes the last write's token; a write (store, atomic) takes all of them
//! (joined when there are several), so two accesses of one buffer in a tile block are always
//! ordered and the lowering puts a CTA barrier between them where their threads differ. A
//! region may only touch the buffers its construct carries out (the `if`'s yields, the loop's
//! carried tokens): the others keep the state they had outside, whose tokens stay in scope.

use super::choice::Choices;
use super::ty::{self, Elem, Ty};
use std::collections::HashMap;

/// A pointer parameter.
pub(super) struct Buffer {
    /// The parameter (`%a0`).
    pub name: String,
    /// Its pointee.
    pub elem: Elem,
    /// Every tile block touches the same elements, so only strong accesses at gpu or sys scope
    /// (flags, counters); otherwise each tile block has its own window of [`WINDOW`] elements.
    pub shared: bool,
    /// The shape of a `tile<Nxptr<T>>` parameter (None: `tile<ptr<T>>`).
    pub tile: Option<Vec<u64>>,
}

/// Elements of a buffer each tile block owns (`bid * WINDOW` is its first).
pub(super) const WINDOW: u64 = 1 << 16;

/// What orders the next access of a buffer.
#[derive(Clone, Default)]
pub(super) struct TokState {
    /// The token of the last write.
    pub last: Option<String>,
    /// The tokens of the reads since.
    pub reads: Vec<String>,
}

/// How a loop body is left: the buffers it carries and the types of its other carried values.
#[derive(Clone)]
pub(super) struct Exit {
    /// Carried buffers, in iter_values order after the leading values.
    pub bufs: Vec<usize>,
    /// Leading carried values (the counter of a `loop`, an accumulator).
    pub vals: Vec<Ty>,
    /// The `loop`'s results (break values); None in a `for`.
    pub breaks: Option<Vec<Ty>>,
}

/// A region being generated.
pub(super) struct Frame {
    pub lines: Vec<String>,
    pub values: Vec<(String, Ty)>,
    pub states: Vec<TokState>,
    /// The buffers this region may access (its construct carries their tokens out).
    pub open: Vec<bool>,
    /// The innermost loop's induction variable and its exclusive bound (addresses may use it).
    pub iv: Option<(String, u64)>,
    /// Set in a loop body and the `if` arms inside it: how to leave the loop early.
    pub exit: Option<Exit>,
}

/// One entry being generated.
pub(super) struct Kernel<'k, 'a> {
    pub c: &'k mut Choices<'a>,
    pub bufs: Vec<Buffer>,
    pub frames: Vec<Frame>,
    next: usize,
    /// Statements left to generate.
    pub budget: usize,
    /// The entry may use i8/i16/f16/bf16 values (which tilec's lowering rejects).
    pub narrow: bool,
    /// Hoisted values by key (pointer bases, iotas, constants).
    hoisted: HashMap<String, String>,
    /// The entry's `num_threads` (128 when it states none).
    pub threads: u64,
    /// Accesses left unordered on purpose (a program without any should pass verify-races).
    pub unordered: usize,
    /// Accesses whose start depends on a loop's induction variable.
    pub loop_indexed: usize,
}

impl<'k, 'a> Kernel<'k, 'a> {
    pub fn new(
        c: &'k mut Choices<'a>,
        bufs: Vec<Buffer>,
        budget: usize,
        narrow: bool,
        threads: u64,
    ) -> Self {
        let n = bufs.len();
        let root = Frame {
            lines: Vec::new(),
            values: Vec::new(),
            states: vec![TokState::default(); n],
            open: vec![true; n],
            iv: None,
            exit: None,
        };
        Kernel {
            c,
            bufs,
            frames: vec![root],
            next: 0,
            budget,
            narrow,
            hoisted: HashMap::new(),
            threads,
            unordered: 0,
            loop_indexed: 0,
        }
    }

    /// A fresh SSA name `%{p}{n}`.
    pub fn fresh(&mut self, p: &str) -> String {
        self.next += 1;
        format!("%{p}{}", self.next)
    }

    pub fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("the entry frame")
    }

    /// Appends a line to the current region.
    pub fn emit(&mut self, line: String) {
        self.top().lines.push(line);
    }

    /// An op keyword, sometimes written with its `cuda_tile.` prefix (both are accepted).
    pub fn kw(&mut self, op: &str) -> String {
        if self.c.flip(5) {
            format!("cuda_tile.{op}")
        } else {
            op.to_string()
        }
    }

    /// Records a value of the current region.
    pub fn define(&mut self, name: &str, t: Ty) {
        self.top().values.push((name.to_string(), t));
    }

    /// A visible value of type `t`, if any.
    fn existing(&mut self, t: &Ty) -> Option<String> {
        let found: Vec<String> = self
            .frames
            .iter()
            .flat_map(|f| f.values.iter())
            .filter(|(_, vt)| vt == t)
            .map(|(n, _)| n.clone())
            .collect();
        (!found.is_empty()).then(|| self.c.pick(&found).clone())
    }

    /// A value of type `t`: a visible one, or a new constant, broadcast or iota.
    pub fn value(&mut self, t: &Ty) -> String {
        if self.c.below(10) < 6 {
            if let Some(v) = self.existing(t) {
                return v;
            }
        }
        let scalar = Ty::new(&[], t.elem);
        match self.c.below(4) {
            1 if !t.shape.is_empty() => {
                let s = self.value(&scalar);
                self.splat(&s, &scalar, &t.shape)
            }
            2 if matches!(t.elem, Elem::I32 | Elem::I64) && !t.shape.is_empty() => self.iota(t),
            _ => self.constant(t),
        }
    }

    /// `constant <T: v> : tile<…>` (or `dense<v>`).
    pub fn constant(&mut self, t: &Ty) -> String {
        let v = ty::literal(self.c, t.elem);
        let name = self.fresh("c");
        let kw = self.kw("constant");
        let body = if self.c.flip(10) {
            format!("dense<{v}>")
        } else {
            format!("<{}: {v}>", t.elem.name())
        };
        self.emit(format!("{name} = {kw} {body} : {}", t.text()));
        self.define(&name, t.clone());
        name
    }

    /// A constant hoisted to the entry's top (pointer arithmetic uses a few over and over).
    pub fn hoisted_const(&mut self, elem: Elem, v: i64) -> String {
        let key = format!("const {elem:?} {v}");
        if let Some(n) = self.hoisted.get(&key) {
            return n.clone();
        }
        let name = self.fresh("k");
        let line = format!(
            "{name} = constant <{}: {v}> : {}",
            elem.name(),
            Ty::new(&[], elem).text()
        );
        self.hoist(key, &name, vec![line]);
        name
    }

    /// Puts `lines` (defining `name`) at the entry's top: the root frame's lines so far precede
    /// every region being generated, so the value is visible everywhere after it.
    pub fn hoist(&mut self, key: String, name: &str, lines: Vec<String>) {
        self.frames[0].lines.extend(lines);
        self.hoisted.insert(key, name.to_string());
    }

    /// A hoisted value by key.
    pub fn hoisted(&self, key: &str) -> Option<String> {
        self.hoisted.get(key).cloned()
    }

    /// `iota : tile<…>` of an integer type.
    pub fn iota(&mut self, t: &Ty) -> String {
        let name = self.fresh("io");
        let kw = self.kw("iota");
        self.emit(format!("{name} = {kw} : {}", t.text()));
        self.define(&name, t.clone());
        name
    }

    /// `v` (0-d or one element, type `s`) reshaped to ones and broadcast to `shape`.
    pub fn splat(&mut self, v: &str, s: &Ty, shape: &[u64]) -> String {
        let ones = ty::ones(shape.len());
        let one = Ty::new(&ones, s.elem);
        let r = self.fresh("rs");
        let b = self.fresh("bc");
        let to = Ty::new(shape, s.elem);
        self.emit(format!(
            "{r} = reshape {v} : {} -> {}",
            s.text(),
            one.text()
        ));
        self.emit(format!(
            "{b} = broadcast {r} : {} -> {}",
            one.text(),
            to.text()
        ));
        self.define(&b, to);
        b
    }

    /// An element type for values: tilec's lowered ones, and in a narrow entry the others too.
    pub fn value_elem(&mut self) -> Elem {
        if self.narrow && self.c.flip(30) {
            *self.c.pick(&[Elem::I8, Elem::I16, Elem::F16, Elem::BF16])
        } else {
            *self.c.pick(&[
                Elem::I1,
                Elem::I32,
                Elem::I32,
                Elem::I64,
                Elem::F32,
                Elem::F64,
            ])
        }
    }

    /// A value type: one of a visible value (so results combine), or a new one.
    pub fn some_type(&mut self) -> Ty {
        let all: Vec<Ty> = self
            .frames
            .iter()
            .flat_map(|f| f.values.iter().map(|(_, t)| t.clone()))
            .filter(|t| self.narrow || t.elem.bits() == 1 || t.elem.is_word())
            .collect();
        if !all.is_empty() && self.c.flip(60) {
            return self.c.pick(&all).clone();
        }
        let elem = self.value_elem();
        Ty::new(&ty::shape(self.c), elem)
    }
}
