//! Checking a buffer's contents after a launch against its `expect`.
//!
//! Integers compare exactly; floats within `atol + rtol * |expected|` (NaN matches NaN, an
//! infinity only itself). References to other buffers (`equals_buffer`, `add`, `transpose_of`)
//! read their *initial* contents: the inputs the launch was given, which is what a reference
//! implementation computes from.

use super::expr::Var;
use super::plan::{contents, Plan};
use super::spec::{Expect, NumExpr, Pattern};
use super::value::{ElemType, Num};

/// How many mismatching elements a report shows.
pub const SHOWN: usize = 8;

/// What a failed check found.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    /// Some elements differ.
    Elements {
        /// How many differ.
        wrong: usize,
        /// Elements compared.
        total: usize,
        /// The first [`SHOWN`]: index, expected, got (already formatted for the type).
        first: Vec<(usize, String, String)>,
    },
    /// A `sum` check: the expected and actual sums.
    Sum {
        /// Expected sum.
        expected: String,
        /// Actual sum.
        got: String,
    },
    /// The expectation could not be computed for this launch (e.g. a value out of range).
    Error(String),
}

/// What a buffer is compared with.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// Exactly these elements.
    Array(Vec<Num>),
    /// Elements adding up to this.
    Sum(Num),
}

/// Computes buffer `b`'s expectation after `launch` launches since initialization.
pub fn expected(plan: &Plan, b: usize, launch: u64) -> Result<Target, String> {
    let buf = &plan.buffers[b];
    let (ty, len) = (buf.ty, buf.len);
    let mut env = plan.env(launch);
    env.len = len as u64;
    let Some(expect) = &buf.expect else {
        return Ok(Target::Array(buf.init.clone()));
    };
    let src = |s: usize| -> Result<&[Num], String> {
        let sb = &plan.buffers[s];
        if sb.len != len && !matches!(expect, Expect::Transpose { .. }) {
            return Err(format!(
                "buffer '{}' has {} elements, this one {len}",
                sb.name, sb.len
            ));
        }
        Ok(&sb.init)
    };
    Ok(Target::Array(match expect {
        Expect::Values(p) => contents(p, ty, len, &env)?,
        Expect::Unchanged => buf.init.clone(),
        Expect::Sum(v) => return sum_target(v, ty, &env).map(Target::Sum),
        Expect::Same(s) => src(*s)?
            .iter()
            .map(|&v| convert(ty, v))
            .collect::<Result<_, _>>()?,
        Expect::Elementwise(op, a, b) => {
            let (a, b) = (src(*a)?, src(*b)?);
            a.iter()
                .zip(b)
                .map(|(&x, &y)| elementwise(ty, *op, x, y))
                .collect::<Result<_, _>>()?
        }
        Expect::Transpose { src: s, rows, cols } => {
            let whole = |v: &NumExpr, what: &str| match v.eval(ElemType::U64, &env) {
                Ok(Num::Int(n)) if n >= 1 => Ok(n as usize),
                _ => Err(format!("{what} must be a positive integer")),
            };
            let (r, c) = (whole(rows, "rows")?, whole(cols, "cols")?);
            let input = src(*s)?;
            if r * c != len || input.len() != len {
                return Err(format!(
                    "rows*cols = {} but '{}' has {} elements and this buffer {len}",
                    r * c,
                    plan.buffers[*s].name,
                    input.len()
                ));
            }
            // out is cols×rows: out[j][i] = in[i][j].
            let mut out = Vec::with_capacity(len);
            for j in 0..c {
                for i in 0..r {
                    out.push(convert(ty, input[i * c + j])?);
                }
            }
            out
        }
    }))
}

/// Whether buffer `b`'s expectation changes from launch to launch (so it cannot be cached).
pub fn uses_launch(plan: &Plan, b: usize) -> bool {
    let pat = |p: &Pattern| match p {
        Pattern::Each(v) => v.uses(Var::Launch),
        Pattern::List(items) => items.iter().any(|v| v.uses(Var::Launch)),
        _ => false,
    };
    match &plan.buffers[b].expect {
        Some(Expect::Values(p)) => pat(p),
        Some(Expect::Sum(v)) => v.uses(Var::Launch),
        Some(Expect::Transpose { rows, cols, .. }) => {
            rows.uses(Var::Launch) || cols.uses(Var::Launch)
        }
        _ => false,
    }
}

/// The expected sum: exact for integer buffers (it may exceed the element type, so it is not
/// converted to it), `f64` for floats.
fn sum_target(v: &NumExpr, ty: ElemType, env: &super::expr::Env) -> Result<Num, String> {
    if ty.is_float() {
        return v.eval(ElemType::F64, env);
    }
    let f = match v {
        NumExpr::Int(i) => return Ok(Num::Int(*i)),
        NumExpr::Float(f) => *f,
        NumExpr::Expr(e) => e.eval(env),
    };
    if f.fract() != 0.0 || !f.is_finite() {
        return Err(format!("sum {f} is not a whole number"));
    }
    Ok(Num::Int(f as i128))
}

/// `v` as an element of `ty` (a reference buffer may have another type).
fn convert(ty: ElemType, v: Num) -> Result<Num, String> {
    match v {
        Num::Int(i) => ty.from_int(i),
        Num::Float(f) => ty.from_f64(f),
    }
}

/// `x op y` as the kernel computes it in `ty`: integers wrap, floats round once.
fn elementwise(ty: ElemType, op: char, x: Num, y: Num) -> Result<Num, String> {
    if let (false, Num::Int(a), Num::Int(b)) = (ty.is_float(), x, y) {
        return Ok(ty.wrap(match op {
            '+' => a + b,
            '-' => a - b,
            _ => a.wrapping_mul(b),
        }));
    }
    let (a, b) = (x.as_f64(), y.as_f64());
    ty.from_f64(match op {
        '+' => a + b,
        '-' => a - b,
        _ => a * b,
    })
}

/// Whether `got` is close enough to `want`.
pub fn close(ty: ElemType, atol: f64, rtol: f64, want: Num, got: Num) -> bool {
    match (want, got) {
        (Num::Int(a), Num::Int(b)) if !ty.is_float() => a == b,
        _ => {
            let (w, g) = (want.as_f64(), got.as_f64());
            if w.is_nan() || g.is_nan() {
                return w.is_nan() && g.is_nan();
            }
            if w.is_infinite() || g.is_infinite() {
                return w == g;
            }
            (g - w).abs() <= atol + rtol * w.abs()
        }
    }
}

/// Compares `got` with `target` for a buffer of `ty`; `None` when it matches.
pub fn compare(
    ty: ElemType,
    atol: f64,
    rtol: f64,
    target: &Target,
    got: &[Num],
) -> Option<Mismatch> {
    match target {
        Target::Array(want) => {
            let mut wrong = 0;
            let mut first = Vec::new();
            for (i, (&w, &g)) in want.iter().zip(got).enumerate() {
                if !close(ty, atol, rtol, w, g) {
                    wrong += 1;
                    if first.len() < SHOWN {
                        first.push((i, ty.show(w), ty.show(g)));
                    }
                }
            }
            (wrong > 0).then_some(Mismatch::Elements {
                wrong,
                total: want.len(),
                first,
            })
        }
        Target::Sum(want) => {
            let (sum, ok) = if ty.is_float() {
                let s: f64 = got.iter().map(|v| v.as_f64()).sum();
                let mag: f64 = got.iter().map(|v| v.as_f64().abs()).sum();
                let w = want.as_f64();
                let tol = atol * got.len() as f64 + rtol * mag.max(w.abs());
                (Num::Float(s), (s - w).abs() <= tol)
            } else {
                let s: i128 = got
                    .iter()
                    .map(|v| match v {
                        Num::Int(i) => *i,
                        Num::Float(f) => *f as i128,
                    })
                    .sum();
                (Num::Int(s), Num::Int(s) == *want)
            };
            let show = |v: Num| match v {
                Num::Int(i) => i.to_string(),
                Num::Float(f) => format!("{f}"),
            };
            (!ok).then(|| Mismatch::Sum {
                expected: show(*want),
                got: show(sum),
            })
        }
    }
}

/// Checks buffers launch after launch, computing each expectation once unless it depends on
/// `launch` (a 1000-launch run must not re-evaluate a million-element pattern 1000 times).
pub struct Checker {
    cache: Vec<Option<(u64, Target)>>,
}

impl Checker {
    /// A checker for `plan`'s buffers.
    pub fn new(plan: &Plan) -> Checker {
        Checker {
            cache: vec![None; plan.buffers.len()],
        }
    }

    /// Checks buffer `b`'s contents `got` after `launch` launches since initialization.
    pub fn check(&mut self, plan: &Plan, b: usize, got: &[Num], launch: u64) -> Option<Mismatch> {
        let buf = &plan.buffers[b];
        let key = if uses_launch(plan, b) { launch } else { 0 };
        if !matches!(&self.cache[b], Some((k, _)) if *k == key) {
            match expected(plan, b, launch) {
                Ok(t) => self.cache[b] = Some((key, t)),
                Err(m) => return Some(Mismatch::Error(m)),
            }
        }
        let (_, target) = self.cache[b].as_ref()?;
        compare(buf.ty, buf.atol, buf.rtol, target, got)
    }
}
