//! Op definitions as data, and the one verifier that checks an op against its definition.
//!
//! Each dialect lists its ops in a table of [`OpDef`]s: operand/result counts, region count,
//! terminator trait, attributes (key, kind, required?), the ISA row an op that is no instruction
//! form needs (a key of `ptx::isa::FORMS`, for the target checks), and extra checks for rules the table
//! cannot say (types, legality of the memory pair). The generic checks produce the diagnostics a
//! user sees for malformed input: wrong operand counts, regions where none belong, attributes of
//! the wrong kind, missing attributes. Extra checks run only when the generic ones pass, so they
//! may rely on the counts and attribute kinds (they still read operands with `get`: a check must
//! never panic, whatever the input).

use tilec_ir::verify::{OpInfo, OpTraits};
use tilec_ir::{AttrData, Diagnostics, Module, Op};

/// How many operands or results an op takes.
#[derive(Clone, Copy, Debug)]
pub enum Arity {
    /// Exactly n.
    N(u8),
    /// At least n.
    AtLeast(u8),
    /// Between lo and hi, inclusive.
    Range(u8, u8),
}

impl Arity {
    fn accepts(self, n: usize) -> bool {
        match self {
            Arity::N(k) => n == k as usize,
            Arity::AtLeast(k) => n >= k as usize,
            Arity::Range(lo, hi) => (lo as usize..=hi as usize).contains(&n),
        }
    }
    fn describe(self) -> String {
        match self {
            Arity::N(k) => format!("{k}"),
            Arity::AtLeast(k) => format!("at least {k}"),
            Arity::Range(lo, hi) => format!("{lo} to {hi}"),
        }
    }
}

/// The kind an attribute must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrKind {
    /// `#mem.sem<…>`.
    Sem,
    /// `#mem.scope<…>`.
    Scope,
    /// `#mem.space<…>`.
    Space,
    /// `#mem.proxy<…>`.
    Proxy,
    /// `#mem.rmw<…>`.
    Rmw,
    /// An integer.
    Int,
    /// An integer or a float.
    Number,
    /// A string.
    Str,
    /// `array<i32: …>`.
    DenseI32,
    /// A boolean.
    Bool,
    /// A type.
    Type,
    /// Anything.
    Any,
}

impl AttrKind {
    fn accepts(self, a: &AttrData) -> bool {
        match self {
            AttrKind::Sem => matches!(a, AttrData::Sem(_)),
            AttrKind::Scope => matches!(a, AttrData::Scope(_)),
            AttrKind::Space => matches!(a, AttrData::Space(_)),
            AttrKind::Proxy => matches!(a, AttrData::Proxy(_)),
            AttrKind::Rmw => matches!(a, AttrData::Rmw(_)),
            AttrKind::Int => matches!(a, AttrData::Int { .. }),
            AttrKind::Number => matches!(a, AttrData::Int { .. } | AttrData::Float { .. }),
            AttrKind::Str => matches!(a, AttrData::Str(_)),
            AttrKind::DenseI32 => matches!(a, AttrData::DenseI32(_)),
            AttrKind::Bool => matches!(a, AttrData::Bool(_)),
            AttrKind::Type => matches!(a, AttrData::Type(_)),
            AttrKind::Any => true,
        }
    }
    fn describe(self) -> &'static str {
        match self {
            AttrKind::Sem => "a #mem.sem attribute",
            AttrKind::Scope => "a #mem.scope attribute",
            AttrKind::Space => "a #mem.space attribute",
            AttrKind::Proxy => "a #mem.proxy attribute",
            AttrKind::Rmw => "a #mem.rmw attribute",
            AttrKind::Int => "an integer",
            AttrKind::Number => "a number",
            AttrKind::Str => "a string",
            AttrKind::DenseI32 => "an array<i32: …>",
            AttrKind::Bool => "a boolean",
            AttrKind::Type => "a type",
            AttrKind::Any => "an attribute",
        }
    }
}

/// One attribute an op takes.
#[derive(Clone, Copy, Debug)]
pub struct AttrSpec {
    /// The key.
    pub key: &'static str,
    /// Its kind.
    pub kind: AttrKind,
    /// Must be present.
    pub required: bool,
}

/// A required attribute.
pub const fn req(key: &'static str, kind: AttrKind) -> AttrSpec {
    AttrSpec {
        key,
        kind,
        required: true,
    }
}
/// An optional attribute.
pub const fn opt(key: &'static str, kind: AttrKind) -> AttrSpec {
    AttrSpec {
        key,
        kind,
        required: false,
    }
}

/// An extra check beyond the table.
pub type CheckFn = fn(&Module, Op, &mut Diagnostics);

/// The definition of one op kind.
#[derive(Clone, Copy)]
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// One line of documentation.
    pub summary: &'static str,
    /// Operand count.
    pub operands: Arity,
    /// Result count.
    pub results: Arity,
    /// Region count.
    pub regions: u8,
    /// Must end its block.
    pub terminator: bool,
    /// Its regions use only values defined in them (a kernel).
    pub isolated: bool,
    /// Attributes it takes (others are allowed and ignored: discardable attributes).
    pub attrs: &'static [AttrSpec],
    /// Extra checks, run in order.
    pub checks: &'static [CheckFn],
    /// The `ptx::isa` row every instance of an op that is no instruction form needs (the cluster
    /// special registers); an op with forms needs what they need (`ptx::form::PtxForm::uses`).
    pub form: Option<&'static str>,
}

/// A definition with no attributes and no extra check.
pub const fn def(
    name: &'static str,
    summary: &'static str,
    operands: Arity,
    results: Arity,
    regions: u8,
) -> OpDef {
    OpDef {
        name,
        summary,
        operands,
        results,
        regions,
        terminator: false,
        isolated: false,
        attrs: &[],
        checks: &[],
        form: None,
    }
}

impl OpDef {
    /// The same definition, as a terminator.
    pub const fn terminator(mut self) -> OpDef {
        self.terminator = true;
        self
    }
    /// The same definition, isolated from above (a kernel: it sees only its arguments).
    pub const fn isolated(mut self) -> OpDef {
        self.isolated = true;
        self
    }
    /// The same definition, with attributes (tables are built once per process, so the list is
    /// leaked to get a `'static` slice).
    pub fn attrs(mut self, attrs: &[AttrSpec]) -> OpDef {
        self.attrs = Box::leak(attrs.to_vec().into_boxed_slice());
        self
    }
    /// The same definition, with one more extra check (checks compose: a memory op has its pair
    /// check and its type check). Leaked like [`OpDef::attrs`].
    pub fn check(mut self, f: CheckFn) -> OpDef {
        let mut v = self.checks.to_vec();
        v.push(f);
        self.checks = Box::leak(v.into_boxed_slice());
        self
    }
    /// The same definition, needing PTX form `key` (see `ptx::isa::FORMS`).
    pub const fn form(mut self, key: &'static str) -> OpDef {
        self.form = Some(key);
        self
    }
    /// The registry entry.
    pub fn info(&self) -> OpInfo {
        OpInfo {
            name: self.name,
            summary: self.summary,
            traits: OpTraits {
                terminator: self.terminator,
                pure: false,
                isolated_from_above: self.isolated,
            },
            verify: verify_op,
        }
    }
}

/// Checks `op` against its table entry (found through [`crate::op_def`]).
pub fn verify_op(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some((def, keys)) = crate::op_def_keys(m.op_name(op)) else {
        return;
    };
    let loc = m.op_loc(op);
    let short = short_name(def.name);
    let errors_before = d.0.len();
    let n = m.operands(op).len();
    if !def.operands.accepts(n) {
        d.error(
            loc,
            format!(
                "'{short}' takes {} operand{}, but {n} were given",
                def.operands.describe(),
                plural_arity(def.operands)
            ),
        );
    }
    let r = m.num_results(op);
    if !def.results.accepts(r) {
        d.error(
            loc,
            format!(
                "'{short}' has {} result{}, but {r} were declared",
                def.results.describe(),
                plural_arity(def.results)
            ),
        );
    }
    let nr = m.regions(op).len();
    if nr != def.regions as usize {
        if def.regions == 0 {
            d.error(
                loc,
                format!("'{short}' does not take regions, but {nr} were given"),
            );
        } else {
            d.error(
                loc,
                format!(
                    "'{short}' takes {} region{}, but {nr} were given",
                    def.regions,
                    if def.regions == 1 { "" } else { "s" }
                ),
            );
        }
    }
    for (spec, &key) in def.attrs.iter().zip(keys) {
        match m.get_attr(op, key) {
            Some(a) if !spec.kind.accepts(a) => d.error(
                loc,
                format!(
                    "attribute '{}' of '{short}' must be {}, but it is {}",
                    spec.key,
                    spec.kind.describe(),
                    article(a.kind_name())
                ),
            ),
            None if spec.required => d.error(
                loc,
                format!(
                    "'{short}' requires attribute '{}' ({})",
                    spec.key,
                    spec.kind.describe()
                ),
            ),
            _ => {}
        }
    }
    // The extra check may assume the table's shape holds for this op.
    if d.0.len() > errors_before {
        return;
    }
    for check in def.checks {
        check(m, op, d);
    }
}

fn plural_arity(a: Arity) -> &'static str {
    match a {
        Arity::N(1) => "",
        _ => "s",
    }
}

/// `an integer`, `a #mem.sem attribute`: a kind name with its article, for messages.
pub fn article(kind: &str) -> String {
    let vowel = kind.starts_with(['a', 'e', 'i', 'o', 'u']);
    if kind.starts_with('#') {
        format!("a {kind} attribute")
    } else if vowel {
        format!("an {kind}")
    } else {
        format!("a {kind}")
    }
}

/// `store_ptr_tko` for `cuda_tile.store_ptr_tko`.
pub fn short_name(full: &str) -> &str {
    full.split_once('.').map_or(full, |(_, s)| s)
}

/// Declares a dialect's typed views, one per op: `views!(Ld = "nv_tileas.ld", …)` expands to one
/// [`tilec_ir::op_view!`] per entry (documented with its op name) and to `pub const VIEWS`, the op
/// names with a view. Each dialect's unit test checks `VIEWS` against its catalog
/// ([`view_mismatches`]), so an op added without a view fails it.
macro_rules! views {
    ($($(#[$m:meta])* $name:ident = $op:literal),* $(,)?) => {
        $(tilec_ir::op_view!(
            #[doc = concat!("`", $op, "`.")]
            $(#[$m])*
            $name,
            $op
        );)*
        /// The op names with a typed view (every op of the catalog).
        pub const VIEWS: &[&str] = &[$($op),*];
    };
}
pub(crate) use views;

/// What keeps `views` from matching the catalog `ops`: an op without a view, a view of no op, a
/// name listed twice. Empty when they match.
pub fn view_mismatches(ops: &[OpDef], views: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for d in ops {
        if !views.contains(&d.name) {
            bad.push(format!("op '{}' has no view", d.name));
        }
    }
    for (i, v) in views.iter().enumerate() {
        if !ops.iter().any(|d| d.name == *v) {
            bad.push(format!("view '{v}' names no op of the catalog"));
        }
        if views[..i].contains(v) {
            bad.push(format!("view '{v}' is listed twice"));
        }
    }
    bad
}

/// Accessors of the kernel ops of the tile dialects (`cuda_tile.entry`, `nv_tileaa.kernel`,
/// `nv_tileas.kernel`): their attributes have the same keys in every dialect.
pub trait KernelView: tilec_ir::OpView {
    /// The kernel name.
    fn sym_name(self, m: &Module) -> String {
        m.attr_as::<String>(self.op(), tilec_ir::sym!("sym_name"))
            .unwrap_or_default()
    }
    /// `num_threads` (128 when absent).
    fn num_threads(self, m: &Module) -> i64 {
        m.attr_as::<i64>(self.op(), tilec_ir::sym!("num_threads"))
            .unwrap_or(128)
    }
    /// `cluster_dims` (x, y, z), when the kernel has three.
    fn cluster_dims(self, m: &Module) -> Option<[i32; 3]> {
        m.attr_as::<Vec<i32>>(self.op(), tilec_ir::sym!("cluster_dims"))?
            .try_into()
            .ok()
    }
    /// `grid_dims` (x, y, z), when the kernel has three: the launch contract that the grid has
    /// exactly these CTAs (verify-races relies on it to follow a round counter's values).
    fn grid_dims(self, m: &Module) -> Option<[i32; 3]> {
        m.attr_as::<Vec<i32>>(self.op(), tilec_ir::sym!("grid_dims"))?
            .try_into()
            .ok()
    }
}

/// The comparison ops of the tile dialects (`cmpi`, `cmpf`): their predicate (`slt`, `olt`, …).
pub trait CompareView: tilec_ir::OpView {
    /// The predicate.
    fn predicate(self, m: &Module) -> Option<String> {
        m.attr_as(self.op(), tilec_ir::sym!("predicate"))
    }
}

/// The read-modify-write ops of the tile dialects (atomics and reductions): their rmw kind.
pub trait RmwView: tilec_ir::OpView {
    /// The rmw kind.
    fn kind(self, m: &Module) -> Option<tilec_ir::RmwKind> {
        m.attr_as(self.op(), tilec_ir::sym!("kind"))
    }
}
