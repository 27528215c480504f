//! The spec file (`KERNEL.run.toml`): reading and validating it.
//!
//! [`Spec::parse`] checks everything that does not need the kernel: the TOML itself, field names
//! and types, element types, init/expect forms, expressions and their variables, and buffer
//! references. What needs the kernel's PTX (its entry, `.reqntid`) or evaluated numbers is done
//! by [`crate::run::plan::Plan::resolve`]. Every error carries the spec file's `line:col`.
//! The schema is documented in docs/runner.md.

use super::expr::{Context, Expr};
use super::value::{ElemType, Num};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use std::time::Duration;
use toml::{Spanned, Value};

/// A spec error, with the spec file's position when one is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec file's path.
    pub path: String,
    /// 1-based line and column, or `None` for an error about the whole spec.
    pub at: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some((l, c)) => write!(f, "{}:{l}:{c}: error: {}", self.path, self.message),
            None => write!(f, "{}: error: {}", self.path, self.message),
        }
    }
}

/// A value and the byte range of the spec text it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Range<usize>,
}

/// A number that may be written as a TOML integer, a float, or an expression string.
#[derive(Clone, Debug, PartialEq)]
pub enum NumExpr {
    /// An integer literal, kept exact (a `u64` flag of `0xffff_ffff_ffff_ffff` must not round).
    Int(i128),
    /// A float literal.
    Float(f64),
    /// An expression (`"grid_x*block_x"`).
    Expr(Expr),
}

impl NumExpr {
    /// The value as an element of `ty` under `env`.
    pub fn eval(&self, ty: ElemType, env: &super::expr::Env) -> Result<Num, String> {
        match self {
            NumExpr::Int(i) => ty.from_int(*i),
            NumExpr::Float(f) => ty.from_f64(*f),
            NumExpr::Expr(e) => ty.from_f64(e.eval(env)),
        }
    }

    /// Whether the value depends on the variable `v`.
    pub fn uses(&self, v: super::expr::Var) -> bool {
        matches!(self, NumExpr::Expr(e) if e.uses(v))
    }

    fn parse_str(s: &str, cx: Context) -> Result<NumExpr, String> {
        let t = s.trim().replace('_', "");
        if let Ok(i) = t.parse::<i128>() {
            return Ok(NumExpr::Int(i));
        }
        if let Some(h) = t.strip_prefix("0x") {
            if let Ok(i) = i128::from_str_radix(h, 16) {
                return Ok(NumExpr::Int(i));
            }
        }
        if let Ok(f) = t.parse::<f64>() {
            if f.is_finite() {
                return Ok(NumExpr::Float(f));
            }
        }
        Expr::parse(s, cx)
            .map(NumExpr::Expr)
            .map_err(|e| format!("in expression '{s}': {e}"))
    }

    fn from_toml(v: &Value, cx: Context) -> Result<NumExpr, String> {
        match v {
            Value::Integer(i) => Ok(NumExpr::Int(i128::from(*i))),
            Value::Float(f) => Ok(NumExpr::Float(*f)),
            Value::String(s) => NumExpr::parse_str(s, cx),
            other => Err(format!(
                "expected a number or an expression string, found {}",
                other.type_str()
            )),
        }
    }
}

/// A buffer's contents, as `init` (and the array forms of `expect`) describe them.
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// `"zeros"`.
    Zeros,
    /// `"iota"`: 0, 1, 2, …
    Iota,
    /// `"fill:<v>"`, a bare number, or `{ each = <v> }`: every element `v` (which may use `i`).
    Each(NumExpr),
    /// `"random:<seed>"`: reproducible pseudo-random values (docs/runner.md gives the ranges).
    Random(u64),
    /// `[a, b, …]`: exactly these elements.
    List(Vec<NumExpr>),
}

/// What a buffer must hold after a launch.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// Exactly these contents.
    Values(Pattern),
    /// `"sum:<v>"` / `{ sum = <v> }`: the elements add up to `v`.
    Sum(NumExpr),
    /// `"unchanged"`: still the initial contents.
    Unchanged,
    /// `{ equals_buffer = "a" }`: the initial contents of buffer `a`.
    Same(usize),
    /// `{ add = ["a", "b"] }` (or `sub`, `mul`): element-wise on the initial contents.
    Elementwise(char, usize, usize),
    /// `{ transpose_of = "a", rows = R, cols = C }`: `a` is R×C row-major, this is C×R.
    Transpose {
        /// The source buffer.
        src: usize,
        /// Rows of the source.
        rows: NumExpr,
        /// Columns of the source.
        cols: NumExpr,
    },
}

/// How often results are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMode {
    /// After every launch (`check = "each"`, the default).
    Each,
    /// Once, after the last launch (`check = "end"`).
    End,
}

/// One kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamSpec {
    /// The device address of a buffer (index into [`Spec::buffers`]).
    Buffer(usize),
    /// A scalar of a type.
    Scalar(ElemType, NumExpr),
    /// A TMA tensor map of a buffer (a 128-byte `CUtensorMap`, made with
    /// `cuTensorMapEncodeTiled`).
    TensorMap(TensorMapSpec),
}

/// `tensor_map = "NAME"` with `dims`, `box` and optionally `strides` and `swizzle`.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorMapSpec {
    /// The buffer (index into [`Spec::buffers`]); its element type is the map's.
    pub buffer: usize,
    /// The tensor's dimensions in elements, innermost first.
    pub dims: Vec<NumExpr>,
    /// The byte strides of dimensions 1.. (default: packed).
    pub strides: Option<Vec<NumExpr>>,
    /// The box's dimensions in elements, innermost first.
    pub boxes: Vec<u32>,
    /// The swizzle in bytes: 0, 32, 64 or 128.
    pub swizzle: u32,
}

/// One `[buffers.NAME]` table.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferSpec {
    /// The table's name.
    pub name: String,
    /// The element type.
    pub ty: ElemType,
    /// Element count.
    pub len: At<NumExpr>,
    /// Initial contents (default zeros).
    pub init: At<Pattern>,
    /// Expected contents; `None` = not checked.
    pub expect: Option<At<Expect>>,
    /// Absolute tolerance for floats.
    pub atol: f64,
    /// Relative tolerance for floats.
    pub rtol: f64,
}

/// A validated spec file.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The file's path (for messages).
    pub path: String,
    line_starts: Vec<usize>,
    text: String,
    /// The entry to launch (`None`: the module's only entry).
    pub kernel: Option<At<String>>,
    /// The target (`None`: the tool's default).
    pub target: Option<At<String>>,
    /// Grid dimensions (default 1×1×1).
    pub grid: At<[u32; 3]>,
    /// Block dimensions (`None`: the kernel's `.reqntid`).
    pub block: Option<At<[u32; 3]>>,
    /// Cluster dimensions (`None`: the kernel's `.reqnctapercluster`, else no cluster).
    pub cluster: Option<At<[u32; 3]>>,
    /// Dynamic shared memory per CTA in bytes.
    pub shared_bytes: u32,
    /// Checked launches.
    pub launches: u64,
    /// Timed launches after the checked ones.
    pub timing_launches: u64,
    /// Re-initialize the buffers before each launch.
    pub reinit: bool,
    /// When to check.
    pub check: CheckMode,
    /// How long one launch may take before the run is abandoned.
    pub timeout: Duration,
    /// The kernel parameters, in order.
    pub params: Vec<At<ParamSpec>>,
    /// The buffers, in file order.
    pub buffers: Vec<BufferSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    kernel: Option<Spanned<String>>,
    target: Option<Spanned<String>>,
    grid: Option<Spanned<Value>>,
    block: Option<Spanned<Value>>,
    cluster: Option<Spanned<Value>>,
    #[serde(default)]
    shared_bytes: u32,
    launches: Option<u64>,
    timing_launches: Option<u64>,
    reinit: Option<bool>,
    check: Option<Spanned<String>>,
    timeout_s: Option<Spanned<f64>>,
    #[serde(default, alias = "params")]
    param: Vec<Spanned<RawParam>>,
    #[serde(default)]
    buffers: Ordered<Spanned<RawBuffer>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawParam {
    buffer: Option<Spanned<String>>,
    scalar: Option<Spanned<String>>,
    value: Option<Spanned<Value>>,
    tensor_map: Option<Spanned<String>>,
    dims: Option<Spanned<Vec<Value>>>,
    strides: Option<Spanned<Vec<Value>>>,
    #[serde(rename = "box")]
    boxes: Option<Spanned<Vec<u32>>>,
    swizzle: Option<Spanned<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuffer {
    #[serde(rename = "type")]
    ty: Spanned<String>,
    len: Spanned<Value>,
    init: Option<Spanned<Value>>,
    expect: Option<Spanned<Value>>,
    atol: Option<f64>,
    rtol: Option<f64>,
}

/// A TOML table read in file order (serde maps are unordered; the report lists buffers in the
/// order the spec gives them).
struct Ordered<T>(Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table of buffers")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Ordered<T>, A::Error> {
                let mut v = Vec::new();
                while let Some((k, t)) = m.next_entry::<String, T>()? {
                    v.push((k, t));
                }
                Ok(Ordered(v))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

impl Spec {
    /// Reads and validates spec `text`; `path` names it in errors.
    pub fn parse(text: &str, path: &str) -> Result<Spec, SpecError> {
        let mut spec = Spec {
            path: path.to_string(),
            line_starts: std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
            text: text.to_string(),
            kernel: None,
            target: None,
            grid: At {
                value: [1; 3],
                span: 0..0,
            },
            block: None,
            cluster: None,
            shared_bytes: 0,
            launches: 1,
            timing_launches: 100,
            reinit: true,
            check: CheckMode::Each,
            timeout: Duration::from_secs(10),
            params: Vec::new(),
            buffers: Vec::new(),
        };
        let raw: RawSpec = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            spec.error(&span, e.message().trim_end().to_string())
        })?;
        spec.fill(raw)?;
        Ok(spec)
    }

    /// An error at `span` of the spec text; the empty span `0..0` (a default the file did not
    /// write) gives an error with no position.
    pub fn error(&self, span: &Range<usize>, message: impl Into<String>) -> SpecError {
        SpecError {
            path: self.path.clone(),
            at: (*span != (0..0)).then(|| self.line_col(span.start)),
            message: message.into(),
        }
    }

    /// An error about the whole spec, with no position.
    pub fn error_nowhere(&self, message: impl Into<String>) -> SpecError {
        SpecError {
            path: self.path.clone(),
            at: None,
            message: message.into(),
        }
    }

    fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let col = self
            .text
            .get(start..offset.min(self.text.len()))
            .map_or(1, |s| s.chars().count() + 1);
        (line, col)
    }

    fn fill(&mut self, raw: RawSpec) -> Result<(), SpecError> {
        self.kernel = raw.kernel.map(at);
        self.target = raw.target.map(at);
        if let Some(g) = raw.grid {
            self.grid = self.dims(&g, "grid")?;
        }
        self.block = raw.block.map(|b| self.dims(&b, "block")).transpose()?;
        self.cluster = raw.cluster.map(|c| self.dims(&c, "cluster")).transpose()?;
        self.shared_bytes = raw.shared_bytes;
        self.launches = raw.launches.unwrap_or(self.launches);
        self.timing_launches = raw.timing_launches.unwrap_or(self.timing_launches);
        self.reinit = raw.reinit.unwrap_or(true);
        if let Some(c) = raw.check {
            self.check = match c.get_ref().as_str() {
                "each" => CheckMode::Each,
                "end" => CheckMode::End,
                other => {
                    return Err(self.error(
                        &c.span(),
                        format!("check must be \"each\" or \"end\", not \"{other}\""),
                    ))
                }
            };
        }
        if let Some(t) = raw.timeout_s {
            let s = *t.get_ref();
            if !(s > 0.0 && s.is_finite()) {
                return Err(self.error(&t.span(), "timeout_s must be a positive number"));
            }
            self.timeout = Duration::from_secs_f64(s);
        }
        // Names first: `expect` and `[[param]]` may name a buffer defined further down.
        let names: Vec<String> = raw.buffers.0.iter().map(|(n, _)| n.clone()).collect();
        for (name, b) in &raw.buffers.0 {
            let buf = self.buffer(name, b, &names)?;
            self.buffers.push(buf);
        }
        for p in &raw.param {
            let param = self.param(p, &names)?;
            self.params.push(At {
                value: param,
                span: p.span(),
            });
        }
        Ok(())
    }

    /// `[x, y, z]`, a prefix of it (missing dimensions are 1), or a bare integer.
    fn dims(&self, v: &Spanned<Value>, what: &str) -> Result<At<[u32; 3]>, SpecError> {
        let err = || {
            self.error(
                &v.span(),
                format!("{what} must be a positive integer or an array of 1 to 3 of them"),
            )
        };
        let items: Vec<&Value> = match v.get_ref() {
            Value::Array(a) if (1..=3).contains(&a.len()) => a.iter().collect(),
            i @ Value::Integer(_) => vec![i],
            _ => return Err(err()),
        };
        let mut d = [1u32; 3];
        for (k, item) in items.iter().enumerate() {
            d[k] = match item {
                Value::Integer(i) if *i >= 1 && *i <= i64::from(u32::MAX) => *i as u32,
                _ => return Err(err()),
            };
        }
        Ok(At {
            value: d,
            span: v.span(),
        })
    }

    fn buffer(
        &self,
        name: &str,
        b: &Spanned<RawBuffer>,
        names: &[String],
    ) -> Result<BufferSpec, SpecError> {
        let r = b.get_ref();
        let ty = ElemType::parse(r.ty.get_ref()).ok_or_else(|| {
            let all: Vec<&str> = ElemType::ALL.iter().map(|(n, _)| *n).collect();
            self.error(
                &r.ty.span(),
                format!(
                    "unknown element type '{}'; expected one of: {}",
                    r.ty.get_ref(),
                    all.join(", ")
                ),
            )
        })?;
        let len = NumExpr::from_toml(r.len.get_ref(), Context::Shape)
            .map_err(|m| self.error(&r.len.span(), format!("len: {m}")))?;
        let init = match &r.init {
            None => At {
                value: Pattern::Zeros,
                span: b.span(),
            },
            Some(v) => At {
                value: self.pattern(v, Context::Init, "init")?,
                span: v.span(),
            },
        };
        let expect = r
            .expect
            .as_ref()
            .map(|v| {
                Ok(At {
                    value: self.expect(v, names)?,
                    span: v.span(),
                })
            })
            .transpose()?;
        let (atol, rtol) = ty.default_tolerance();
        Ok(BufferSpec {
            name: name.to_string(),
            ty,
            len: At {
                value: len,
                span: r.len.span(),
            },
            init,
            expect,
            atol: r.atol.unwrap_or(atol),
            rtol: r.rtol.unwrap_or(rtol),
        })
    }

    fn param(&self, p: &Spanned<RawParam>, names: &[String]) -> Result<ParamSpec, SpecError> {
        let r = p.get_ref();
        if let Some(b) = &r.tensor_map {
            return self.tensor_map(p, b, names);
        }
        let map_keys = r.dims.is_some() || r.strides.is_some() || r.boxes.is_some();
        if map_keys || r.swizzle.is_some() {
            return Err(self.error(
                &p.span(),
                "`dims`, `strides`, `box` and `swizzle` belong to a `tensor_map = \"NAME\"` parameter",
            ));
        }
        match (&r.buffer, &r.scalar, &r.value) {
            (Some(b), None, None) => Ok(ParamSpec::Buffer(self.buffer_ref(b, names)?)),
            (None, Some(t), Some(v)) => {
                let ty = ElemType::parse(t.get_ref()).ok_or_else(|| {
                    self.error(&t.span(), format!("unknown scalar type '{}'", t.get_ref()))
                })?;
                let value = NumExpr::from_toml(v.get_ref(), Context::Shape)
                    .map_err(|m| self.error(&v.span(), m))?;
                Ok(ParamSpec::Scalar(ty, value))
            }
            _ => Err(self.error(
                &p.span(),
                "a [[param]] is `buffer = \"NAME\"`, `scalar = \"TYPE\"` with `value = …`, or `tensor_map = \"NAME\"` with `dims` and `box`",
            )),
        }
    }

    /// A `tensor_map` parameter: the driver's limits on rank, box and swizzle (CUDA driver API,
    /// `cuTensorMapEncodeTiled`) are checked here; the rest when the map is made.
    fn tensor_map(
        &self,
        p: &Spanned<RawParam>,
        b: &Spanned<String>,
        names: &[String],
    ) -> Result<ParamSpec, SpecError> {
        let r = p.get_ref();
        if r.buffer.is_some() || r.scalar.is_some() || r.value.is_some() {
            return Err(self.error(
                &p.span(),
                "a `tensor_map` parameter takes `dims`, `box`, `strides` and `swizzle`, not `buffer`, `scalar` or `value`",
            ));
        }
        let buffer = self.buffer_ref(b, names)?;
        let (Some(dims), Some(boxes)) = (&r.dims, &r.boxes) else {
            return Err(self.error(&p.span(), "a `tensor_map` parameter needs `dims` and `box`"));
        };
        let exprs = |v: &Spanned<Vec<Value>>, what: &str| -> Result<Vec<NumExpr>, SpecError> {
            v.get_ref()
                .iter()
                .map(|x| NumExpr::from_toml(x, Context::Shape))
                .collect::<Result<_, _>>()
                .map_err(|m| self.error(&v.span(), format!("{what}: {m}")))
        };
        let dim_exprs = exprs(dims, "dims")?;
        let rank = dim_exprs.len();
        if !(1..=5).contains(&rank) {
            return Err(self.error(
                &dims.span(),
                format!("a tensor map has 1 to 5 dimensions, not {rank}"),
            ));
        }
        let box_dims = boxes.get_ref().clone();
        if box_dims.len() != rank || box_dims.iter().any(|&d| !(1..=256).contains(&d)) {
            return Err(self.error(
                &boxes.span(),
                format!("`box` needs {rank} dimensions (as `dims`), each 1 to 256"),
            ));
        }
        let strides = match &r.strides {
            Some(v) => {
                let e = exprs(v, "strides")?;
                if e.len() + 1 != rank {
                    return Err(self.error(
                        &v.span(),
                        format!(
                            "`strides` gives the byte strides of dimensions 1..{rank}: {} values",
                            rank - 1
                        ),
                    ));
                }
                Some(e)
            }
            None => None,
        };
        let swizzle = r.swizzle.as_ref().map_or(Ok(0), |w| match *w.get_ref() {
            x @ (0 | 32 | 64 | 128) => Ok(x),
            x => Err(self.error(
                &w.span(),
                format!("`swizzle` is 0, 32, 64 or 128 (bytes), not {x}"),
            )),
        })?;
        Ok(ParamSpec::TensorMap(TensorMapSpec {
            buffer,
            dims: dim_exprs,
            strides,
            boxes: box_dims,
            swizzle,
        }))
    }

    fn buffer_ref(&self, name: &Spanned<String>, names: &[String]) -> Result<usize, SpecError> {
        self.index_of(name.get_ref(), names)
            .map_err(|m| self.error(&name.span(), m))
    }

    fn index_of(&self, name: &str, names: &[String]) -> Result<usize, String> {
        names.iter().position(|n| n == name).ok_or_else(|| {
            if names.is_empty() {
                format!("unknown buffer '{name}' (the spec has no [buffers.*])")
            } else {
                format!("unknown buffer '{name}' (buffers: {})", names.join(", "))
            }
        })
    }

    /// The contents forms shared by `init` and `expect`.
    fn pattern(&self, v: &Spanned<Value>, cx: Context, what: &str) -> Result<Pattern, SpecError> {
        let e = |m: String| self.error(&v.span(), format!("{what}: {m}"));
        match v.get_ref() {
            Value::String(s) => pattern_str(s, cx).map_err(e),
            n @ (Value::Integer(_) | Value::Float(_)) => {
                Ok(Pattern::Each(NumExpr::from_toml(n, cx).map_err(e)?))
            }
            Value::Array(items) => items
                .iter()
                .map(|i| NumExpr::from_toml(i, cx))
                .collect::<Result<_, _>>()
                .map(Pattern::List)
                .map_err(e),
            Value::Table(t) if t.len() == 1 && t.contains_key("each") => Ok(Pattern::Each(
                NumExpr::from_toml(&t["each"], cx).map_err(e)?,
            )),
            other => Err(e(format!(
                "expected a pattern string, a number, an array or {{ each = … }}, found {}",
                other.type_str()
            ))),
        }
    }

    fn expect(&self, v: &Spanned<Value>, names: &[String]) -> Result<Expect, SpecError> {
        let e = |m: String| self.error(&v.span(), format!("expect: {m}"));
        let table = match v.get_ref() {
            Value::String(s) if s == "unchanged" => return Ok(Expect::Unchanged),
            Value::String(s) if s.starts_with("sum:") => {
                let v = NumExpr::parse_str(&s["sum:".len()..], Context::Expect).map_err(e)?;
                return Ok(Expect::Sum(v));
            }
            Value::Table(t) if !(t.len() == 1 && t.contains_key("each")) => t,
            _ => {
                return Ok(Expect::Values(self.pattern(
                    v,
                    Context::Expect,
                    "expect",
                )?))
            }
        };
        let keys: Vec<&str> = table.keys().map(String::as_str).collect();
        let name = |k: &str| match table.get(k) {
            Some(Value::String(s)) => self.index_of(s, names).map_err(e),
            _ => Err(e(format!("{k} must name a buffer"))),
        };
        let num = |k: &str| match table.get(k) {
            Some(x) => NumExpr::from_toml(x, Context::Expect).map_err(e),
            None => Err(e(format!("missing `{k}`"))),
        };
        match keys.as_slice() {
            ["sum"] => Ok(Expect::Sum(num("sum")?)),
            ["equals_buffer"] => Ok(Expect::Same(name("equals_buffer")?)),
            [op @ ("add" | "sub" | "mul")] => match table.get(*op) {
                Some(Value::Array(a)) if a.len() == 2 => {
                    let ix = |x: &Value| match x {
                        Value::String(s) => self.index_of(s, names).map_err(e),
                        _ => Err(e(format!("{op} takes two buffer names"))),
                    };
                    let sym = match *op {
                        "add" => '+',
                        "sub" => '-',
                        _ => '*',
                    };
                    Ok(Expect::Elementwise(sym, ix(&a[0])?, ix(&a[1])?))
                }
                _ => Err(e(format!("{op} takes two buffer names: {op} = [\"a\", \"b\"]"))),
            },
            _ if table.contains_key("transpose_of") => {
                if let Some(k) = keys
                    .iter()
                    .find(|k| !["transpose_of", "rows", "cols"].contains(k))
                {
                    return Err(e(format!("unknown key `{k}` in transpose_of")));
                }
                Ok(Expect::Transpose {
                    src: name("transpose_of")?,
                    rows: num("rows")?,
                    cols: num("cols")?,
                })
            }
            _ => Err(e(format!(
                "unknown check {{ {} }}; expected one of: each, sum, equals_buffer, add, sub, mul, transpose_of",
                keys.join(", ")
            ))),
        }
    }
}

fn at<T>(s: Spanned<T>) -> At<T> {
    let span = s.span();
    At {
        value: s.into_inner(),
        span,
    }
}

/// `zeros`, `iota`, `fill:<v>`, `random:<seed>`.
fn pattern_str(s: &str, cx: Context) -> Result<Pattern, String> {
    match s {
        "zeros" => return Ok(Pattern::Zeros),
        "iota" => return Ok(Pattern::Iota),
        _ => {}
    }
    if let Some(v) = s.strip_prefix("fill:") {
        return NumExpr::parse_str(v, cx).map(Pattern::Each);
    }
    if let Some(seed) = s.strip_prefix("random:") {
        return seed
            .trim()
            .parse::<u64>()
            .map(Pattern::Random)
            .map_err(|_| format!("random:<seed> needs an unsigned integer seed, not '{seed}'"));
    }
    let more = if cx == Context::Expect {
        ", sum:<value>, unchanged"
    } else {
        ""
    };
    Err(format!(
        "unknown pattern '{s}'; expected zeros, iota, fill:<value>, random:<seed>{more}"
    ))
}
