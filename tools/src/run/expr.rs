//! Small arithmetic expressions in spec values, so that a number that depends on the launch shape
//! is written as what it means (`"grid_x*block_x"`) instead of a hand-computed constant.
//!
//! Grammar (usual precedence, left-associative):
//!
//! ```text
//! expr  = term (('+' | '-') term)*
//! term  = unary (('*' | '/' | '%') unary)*
//! unary = '-' unary | atom
//! atom  = number | variable | '(' expr ')'
//! ```
//!
//! Arithmetic is in `f64` (exact for integers below 2^53); `/` is real division, so an integer
//! buffer's expression that does not come out whole is reported, not truncated.

use std::fmt;

/// A variable an expression may name. Which ones are allowed depends on where the expression
/// stands (see [`Context`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// `grid_x`, `grid_y`, `grid_z`: CTAs per grid dimension.
    Grid(usize),
    /// `block_x`, `block_y`, `block_z`: threads per CTA dimension.
    Block(usize),
    /// `cluster_x`, `cluster_y`, `cluster_z`: CTAs per cluster dimension.
    Cluster(usize),
    /// `ctas`: CTAs in the grid (`grid_x*grid_y*grid_z`).
    Ctas,
    /// `threads`: threads in the grid (`ctas * block_x*block_y*block_z`).
    Threads,
    /// `launch`: launches run since the buffers were last initialized (1 when `reinit = true`).
    Launch,
    /// `i`: the element index, in per-element forms (`{ each = … }`).
    Index,
    /// `len`: the buffer's length, in per-element forms and checks.
    Len,
}

/// Where an expression stands, which decides the variables it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// A buffer length or a scalar parameter: launch-shape variables only.
    Shape,
    /// An initial value: launch shape, `len`, and `i` in per-element forms.
    Init,
    /// An expected value: also `launch`.
    Expect,
}

impl Var {
    const NAMES: [(&'static str, Var); 14] = [
        ("grid_x", Var::Grid(0)),
        ("grid_y", Var::Grid(1)),
        ("grid_z", Var::Grid(2)),
        ("block_x", Var::Block(0)),
        ("block_y", Var::Block(1)),
        ("block_z", Var::Block(2)),
        ("cluster_x", Var::Cluster(0)),
        ("cluster_y", Var::Cluster(1)),
        ("cluster_z", Var::Cluster(2)),
        ("ctas", Var::Ctas),
        ("threads", Var::Threads),
        ("launch", Var::Launch),
        ("i", Var::Index),
        ("len", Var::Len),
    ];

    fn parse(name: &str) -> Option<Var> {
        Var::NAMES.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    fn allowed_in(self, cx: Context) -> bool {
        match self {
            Var::Launch => cx == Context::Expect,
            Var::Index | Var::Len => cx != Context::Shape,
            _ => true,
        }
    }
}

/// Values of the variables for one evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Env {
    /// Grid dimensions.
    pub grid: [u32; 3],
    /// Block dimensions.
    pub block: [u32; 3],
    /// Cluster dimensions.
    pub cluster: [u32; 3],
    /// Launches since the buffers were initialized.
    pub launch: u64,
    /// The element index.
    pub index: u64,
    /// The buffer length.
    pub len: u64,
}

impl Env {
    fn get(&self, v: Var) -> f64 {
        let prod = |d: [u32; 3]| d.iter().map(|&x| f64::from(x)).product::<f64>();
        match v {
            Var::Grid(k) => f64::from(self.grid[k]),
            Var::Block(k) => f64::from(self.block[k]),
            Var::Cluster(k) => f64::from(self.cluster[k]),
            Var::Ctas => prod(self.grid),
            Var::Threads => prod(self.grid) * prod(self.block),
            Var::Launch => self.launch as f64,
            Var::Index => self.index as f64,
            Var::Len => self.len as f64,
        }
    }
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A literal.
    Num(f64),
    /// A variable.
    Var(Var),
    /// `-e`.
    Neg(Box<Expr>),
    /// `a op b` with op one of `+ - * / %`.
    Bin(char, Box<Expr>, Box<Expr>),
}

/// An expression error: the message and the byte offset in the expression text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// What is wrong.
    pub message: String,
    /// Byte offset into the expression.
    pub at: usize,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Expr {
    /// Parses `text`, accepting only the variables allowed in `cx`.
    pub fn parse(text: &str, cx: Context) -> Result<Expr, ExprError> {
        let mut p = Parser {
            s: text.as_bytes(),
            pos: 0,
            cx,
        };
        let e = p.expr()?;
        p.skip_ws();
        if p.pos < p.s.len() {
            return Err(p.err(format!("unexpected '{}'", p.s[p.pos] as char)));
        }
        Ok(e)
    }

    /// Evaluates under `env`.
    pub fn eval(&self, env: &Env) -> f64 {
        match self {
            Expr::Num(n) => *n,
            Expr::Var(v) => env.get(*v),
            Expr::Neg(e) => -e.eval(env),
            Expr::Bin(op, a, b) => {
                let (a, b) = (a.eval(env), b.eval(env));
                match op {
                    '+' => a + b,
                    '-' => a - b,
                    '*' => a * b,
                    '/' => a / b,
                    _ => a % b,
                }
            }
        }
    }

    /// Whether the value depends on `v` (to know what can be computed once).
    pub fn uses(&self, v: Var) -> bool {
        match self {
            Expr::Num(_) => false,
            Expr::Var(w) => *w == v,
            Expr::Neg(e) => e.uses(v),
            Expr::Bin(_, a, b) => a.uses(v) || b.uses(v),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    cx: Context,
}

impl Parser<'_> {
    fn err(&self, message: String) -> ExprError {
        ExprError {
            message,
            at: self.pos,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let mut e = self.term()?;
        while let Some(c @ (b'+' | b'-')) = self.peek() {
            self.pos += 1;
            e = Expr::Bin(c as char, Box::new(e), Box::new(self.term()?));
        }
        Ok(e)
    }

    fn term(&mut self) -> Result<Expr, ExprError> {
        let mut e = self.unary()?;
        while let Some(c @ (b'*' | b'/' | b'%')) = self.peek() {
            self.pos += 1;
            e = Expr::Bin(c as char, Box::new(e), Box::new(self.unary()?));
        }
        Ok(e)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        match self.peek() {
            None => Err(self.err("expected a number, a variable or '('".into())),
            Some(b'(') => {
                self.pos += 1;
                let e = self.expr()?;
                if self.peek() != Some(b')') {
                    return Err(self.err("expected ')'".into()));
                }
                self.pos += 1;
                Ok(e)
            }
            Some(c) if c.is_ascii_digit() || c == b'.' => {
                let begin = self.pos;
                while self.pos < self.s.len() {
                    let c = self.s[self.pos];
                    let exp_sign =
                        (c == b'+' || c == b'-') && matches!(self.s[self.pos - 1], b'e' | b'E');
                    if !(c.is_ascii_alphanumeric() || c == b'.' || c == b'_' || exp_sign) {
                        break;
                    }
                    self.pos += 1;
                }
                let lit = std::str::from_utf8(&self.s[begin..self.pos]).unwrap_or("");
                parse_number(lit).map(Expr::Num).ok_or(ExprError {
                    message: format!("bad number '{lit}'"),
                    at: begin,
                })
            }
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                let begin = self.pos;
                while self.pos < self.s.len()
                    && (self.s[self.pos].is_ascii_alphanumeric() || self.s[self.pos] == b'_')
                {
                    self.pos += 1;
                }
                let name = std::str::from_utf8(&self.s[begin..self.pos]).unwrap_or("");
                match Var::parse(name) {
                    Some(v) if v.allowed_in(self.cx) => Ok(Expr::Var(v)),
                    Some(_) => Err(ExprError {
                        message: format!("'{name}' cannot be used here ({})", allowed(self.cx)),
                        at: begin,
                    }),
                    None => Err(ExprError {
                        message: format!("unknown variable '{name}' ({})", allowed(self.cx)),
                        at: begin,
                    }),
                }
            }
            Some(c) => Err(self.err(format!("unexpected '{}'", c as char))),
        }
    }
}

/// Reads a literal: decimal or float (`1.5`, `1e-3`), `0x` hex, `_` separators.
fn parse_number(lit: &str) -> Option<f64> {
    let clean: String = lit.chars().filter(|&c| c != '_').collect();
    if let Some(h) = clean
        .strip_prefix("0x")
        .or_else(|| clean.strip_prefix("0X"))
    {
        return u64::from_str_radix(h, 16).ok().map(|v| v as f64);
    }
    clean.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn allowed(cx: Context) -> String {
    let names: Vec<&str> = Var::NAMES
        .iter()
        .filter(|(_, v)| v.allowed_in(cx))
        .map(|(n, _)| *n)
        .collect();
    format!("allowed here: {}", names.join(", "))
}
