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

mod decl;
pub mod kind;

pub(crate) use decl::{decl_attr, decl_form, decl_instr, decl_required, ops};

use tilec_ir::verify::{OpInfo, OpTraits};
use tilec_ir::{sym, AttrData, Diagnostics, MemScope, MemSemantic, Module, Op, Sym};

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
            // An array: an element-wise constant (its items are the op's check).
            AttrKind::Number => matches!(
                a,
                AttrData::Int { .. } | AttrData::Float { .. } | AttrData::Array(_)
            ),
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
            AttrKind::Number => "a number or an array of numbers",
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
    crate::narrow_floats::check_f4_tiles(m, op, d);
    crate::common::check_tile_sizes(m, op, d);
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

/// The (semantic, scope) pair of an op: implemented by every view whose declaration has a
/// `mem_semantic` attribute, and by [`AnyPair`] for an op of any such kind. Passes read and
/// write the pair only through these accessors.
pub trait PairOp: Copy {
    /// The op.
    fn pair_op(self) -> Op;
    /// The semantic, as written.
    fn sem(self, m: &Module) -> Option<MemSemantic> {
        m.attr_as(self.pair_op(), sym!(PAIR_KEYS.0))
    }
    /// The scope, as written (None: the op's default, or weak).
    fn scope(self, m: &Module) -> Option<MemScope> {
        m.attr_as(self.pair_op(), sym!(PAIR_KEYS.1))
    }
    /// Both.
    fn pair(self, m: &Module) -> (Option<MemSemantic>, Option<MemScope>) {
        (self.sem(m), self.scope(m))
    }
    /// Sets the semantic, or removes it (`None`).
    fn set_sem(self, m: &mut Module, sem: Option<MemSemantic>) {
        let key = sym!(PAIR_KEYS.0);
        match sem {
            Some(s) => m.set_attr(self.pair_op(), key, AttrData::Sem(s)),
            None => m.remove_attr(self.pair_op(), key),
        }
    }
    /// Sets the scope, or removes it (`None`).
    fn set_scope(self, m: &mut Module, scope: Option<MemScope>) {
        let key = sym!(PAIR_KEYS.1);
        match scope {
            Some(s) => m.set_attr(self.pair_op(), key, AttrData::Scope(s)),
            None => m.remove_attr(self.pair_op(), key),
        }
    }
}

/// The keys of the pair, as the declarations spell them (`mem_semantic`, `mem_scope`).
const PAIR_KEYS: (&str, &str) = ("mem_semantic", "mem_scope");

/// The entry that writes semantic `s` into the attributes of an op being created (the typed
/// writer of a new op's pair; [`PairOp`] writes an existing op's).
pub fn sem_entry(s: MemSemantic) -> (Sym, AttrData) {
    (sem_key(), AttrData::Sem(s))
}
/// The entry that writes scope `s` into the attributes of an op being created.
pub fn scope_entry(s: MemScope) -> (Sym, AttrData) {
    (scope_key(), AttrData::Scope(s))
}
/// The key of the semantic (for copying or finding it among other entries).
pub fn sem_key() -> Sym {
    sym!(PAIR_KEYS.0)
}
/// The key of the scope.
pub fn scope_key() -> Sym {
    sym!(PAIR_KEYS.1)
}

/// Attribute `key` of `op` when `op`'s kind declares it (an attribute several kinds share,
/// read the same way on each: `space`, `cluster_dims`); None for an undeclared (discardable)
/// attribute or an op of no dialect. `key` is a view's key constant, interned
/// (`sym!(Ld::SPACE)`).
pub fn declared(m: &Module, op: Op, key: Sym) -> Option<&AttrData> {
    let (_, keys) = crate::op_def_keys(m.op_name(op))?;
    keys.contains(&key).then(|| m.get_attr(op, key)).flatten()
}

/// The threads of a tile kernel that does not say (`num_threads` of the three tile dialects'
/// kernel ops): four warps.
pub const DEFAULT_NUM_THREADS: i64 = 128;

/// True when `op` is a kernel of any dialect: its kind is isolated from above (the op trait
/// the declarations give `cuda_tile.entry` and the three `kernel` ops).
pub fn is_kernel(m: &Module, op: Op) -> bool {
    crate::op_def(m.op_name(op)).is_some_and(|d| d.isolated)
}

/// Any op whose kind declares the memory pair (a load, a fence, an mbarrier arrive, … of any
/// dialect): what a pass holds when it rewrites pairs without caring which op it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AnyPair(pub Op);

impl AnyPair {
    /// The view, when `op`'s kind declares `mem_semantic`.
    pub fn cast(m: &Module, op: Op) -> Option<AnyPair> {
        crate::op_def_keys(m.op_name(op))
            .is_some_and(|(_, keys)| keys.contains(&sym!(PAIR_KEYS.0)))
            .then_some(AnyPair(op))
    }
}

impl PairOp for AnyPair {
    fn pair_op(self) -> Op {
        self.0
    }
}
