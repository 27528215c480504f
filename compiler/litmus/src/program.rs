//! From a [`Test`] to a [`Program`]: location objects (physical location, virtual address,
//! initial value), registers by index, and each thread's code with its loops unrolled.
//!
//! Locations follow Dat3M's virtual memory (`VirtualMemoryObject`): `x=0` is a location with its
//! own physical location and virtual address; `y @ generic aliases x` shares `x`'s physical
//! location (`loc`) with a virtual address of its own; `s @ surface aliases x` shares the
//! physical location and has `x` as its generic address (`vloc`).
//!
//! Loops are unrolled as Dat3M's `LoopUnrolling` does for litmus tests (`--bound`, 1 in its
//! litmus tests): a loop is a label with a backward jump; its body (label … last backward jump)
//! is copied `bound` times, a backward jump of copy `i < bound` goes to copy `i + 1`, and one of
//! the last copy goes to [`CUT`]: an execution that would iterate more often does not terminate
//! and is ignored by the final condition (Dat3M's bound event, tagged `NONTERMINATION`). A loop
//! without side effects (no write, no live register written; Dat3M's `DynamicSpinLoopDetection`)
//! is unrolled once whatever the bound. Barriers in copy `i < bound` get Dat3M's instance suffix
//! `.<label>/itr_<i>`.

use crate::ast::*;
use crate::exec::Place;
pub use crate::program_ext::ExtOp;
use rustc_hash::FxHashMap;

/// A jump target meaning "the unrolling bound was exceeded".
pub const CUT: usize = usize::MAX;

/// A location object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// Its name.
    pub name: String,
    /// Its physical location (index).
    pub phys: usize,
    /// The object whose address is its generic (virtual) address.
    pub vaddr: usize,
    /// Initial value (an mbarrier: its encoded state, [`crate::mbar::State`]).
    pub init: i64,
    /// The CTA whose shared memory holds it (`None`: global memory).
    pub owner: Option<Place>,
    /// An mbarrier object.
    pub mbar: bool,
}

/// A register or an immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    /// Register index.
    Reg(usize),
    /// Constant.
    Imm(i64),
}

/// One operation of an unrolled thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// A load.
    Load {
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        dst: usize,
        obj: usize,
    },
    /// A store.
    Store {
        proxy: Proxy,
        sem: Sem,
        scope: Option<Scope>,
        obj: usize,
        value: Val,
    },
    /// `atom` (with `dst`) or `red` (without).
    Rmw {
        proxy: Proxy,
        sem: Sem,
        scope: Scope,
        op: AtomOp,
        dst: Option<usize>,
        obj: usize,
        a: Val,
        b: Option<Val>,
    },
    /// Register arithmetic (`None`: a move of `a`).
    Local {
        op: Option<BinOp>,
        dst: usize,
        a: Val,
        b: Option<Val>,
    },
    /// `fence.sem.scope`.
    Fence { sem: Sem, scope: Scope },
    /// `fence.proxy.X`.
    FenceProxy(Proxy),
    /// `fence.proxy.alias`.
    FenceAlias,
    /// A CTA barrier.
    Barrier {
        mode: BarMode,
        instance: String,
        id: Option<Val>,
        quorum: Option<Val>,
    },
    /// A conditional jump (target: an op index or [`CUT`]).
    Branch {
        cmp: CmpOp,
        a: Val,
        b: Val,
        target: usize,
    },
    /// An unconditional jump.
    Goto(usize),
    /// A label (no effect).
    Nop,
    /// One of tilec's extension instructions.
    Ext(ExtOp),
}

/// A thread after unrolling.
#[derive(Clone, Debug)]
pub struct UThread {
    /// The operations; jumps go forward or to [`CUT`].
    pub ops: Vec<Op>,
    /// For each op, its instruction in the test (index into `Thread::code`).
    pub src: Vec<usize>,
    /// Register names (index = register id).
    pub regs: Vec<String>,
    /// Initial register values.
    pub reg_init: Vec<i64>,
}

/// A test ready for enumeration.
#[derive(Clone, Debug)]
pub struct Program {
    /// Location objects (declared, then used without declaration, which start at 0).
    pub objects: Vec<Object>,
    /// The number of physical locations.
    pub nphys: usize,
    /// Unrolled threads.
    pub threads: Vec<UThread>,
}

impl Program {
    /// The object named `name`.
    pub fn object(&self, name: &str) -> Option<usize> {
        self.objects.iter().position(|o| o.name == name)
    }
}

/// Lowers `test`, unrolling loops to `bound` iterations (at least 1).
pub fn lower(test: &Test, bound: usize) -> Program {
    let mut objects = objects(test);
    crate::program_ext::resolve_spaces(test, &mut objects);
    let mut nphys = objects.iter().map(|o| o.phys + 1).max().unwrap_or(0);
    let mut threads = Vec::new();
    for (t, th) in test.threads.iter().enumerate() {
        let mut regs = Regs::default();
        for item in &test.init {
            if let InitItem::Register {
                thread, reg, value, ..
            } = item
            {
                if *thread == t {
                    let r = regs.id(reg);
                    regs.init[r] = *value;
                }
            }
        }
        let mut obj = |name: &str| object_id(&mut objects, &mut nphys, name);
        let (mut nodes, names) = nodes(&th.code, &mut regs, &mut obj);
        unroll(&mut nodes, &names, bound.max(1), regs.names.len());
        threads.push(resolve(nodes, regs));
    }
    let mut note = |name: &str| {
        object_id(&mut objects, &mut nphys, name);
    };
    let conds = test
        .filter
        .iter()
        .chain(std::iter::once(&test.assertion.cond));
    for c in conds {
        c.visit_values(&mut |v| {
            if let CondValue::Loc(l) = v {
                note(l);
            }
        });
    }
    Program {
        objects,
        nphys,
        threads,
    }
}

fn objects(test: &Test) -> Vec<Object> {
    let mut objs: Vec<Object> = Vec::new();
    let mut nphys = 0;
    for item in &test.init {
        let find = |objs: &[Object], n: &str| objs.iter().position(|o| o.name == n);
        let (name, phys, vaddr, init) = match item {
            InitItem::Location {
                name,
                value,
                space: Space::Mbarrier(_),
                ..
            } => (name, None, None, crate::mbar::State::new(*value).encode()),
            InitItem::Location { name, value, .. } => (name, None, None, *value),
            InitItem::Copy { name, from, .. } => {
                let init = find(&objs, from).map_or(0, |i| objs[i].init);
                (name, None, None, init)
            }
            InitItem::Alias {
                name,
                proxy,
                target,
                ..
            } => {
                let Some(t) = find(&objs, target) else {
                    continue;
                };
                let vaddr = (*proxy != Proxy::Generic).then_some(t);
                (name, Some(objs[t].phys), vaddr, objs[t].init)
            }
            InitItem::Register { .. } => continue,
        };
        if let Some(i) = find(&objs, name) {
            objs[i].init = init;
            continue;
        }
        let phys = phys.unwrap_or_else(|| {
            nphys += 1;
            nphys - 1
        });
        let me = objs.len();
        objs.push(Object {
            name: name.clone(),
            phys,
            vaddr: vaddr.unwrap_or(me),
            init,
            owner: None,
            mbar: false,
        });
    }
    objs
}

fn object_id(objs: &mut Vec<Object>, nphys: &mut usize, name: &str) -> usize {
    if let Some(i) = objs.iter().position(|o| o.name == name) {
        return i;
    }
    let me = objs.len();
    objs.push(Object {
        name: name.to_string(),
        phys: *nphys,
        vaddr: me,
        init: 0,
        owner: None,
        mbar: false,
    });
    *nphys += 1;
    me
}

#[derive(Default)]
pub(crate) struct Regs {
    names: Vec<String>,
    init: Vec<i64>,
}

impl Regs {
    pub(crate) fn id(&mut self, name: &str) -> usize {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return i;
        }
        self.names.push(name.to_string());
        self.init.push(0);
        self.names.len() - 1
    }
    pub(crate) fn val(&mut self, o: &Operand) -> Val {
        match o {
            Operand::Reg(r) => Val::Reg(self.id(r)),
            Operand::Imm(v) => Val::Imm(*v),
        }
    }
}

/// An op before label resolution: jumps name label ids, `label` defines one.
#[derive(Clone, Debug)]
struct Node {
    op: Op,
    label: Option<usize>,
    src: usize,
}

/// The ops of one thread's code, labels numbered in order of first mention (their names
/// returned alongside).
fn nodes(
    code: &[Instr],
    regs: &mut Regs,
    obj: &mut impl FnMut(&str) -> usize,
) -> (Vec<Node>, Vec<String>) {
    let mut names: Vec<String> = Vec::new();
    let label = |names: &mut Vec<String>, l: &str| match names.iter().position(|n| n == l) {
        Some(i) => i,
        None => {
            names.push(l.to_string());
            names.len() - 1
        }
    };
    let mut out = Vec::new();
    for (src, i) in code.iter().enumerate() {
        let mut def = None;
        let op = match &i.kind {
            InstrKind::Branch {
                cmp,
                a,
                b,
                label: l,
            } => {
                let (a, b) = (regs.val(a), regs.val(b));
                Op::Branch {
                    cmp: *cmp,
                    a,
                    b,
                    target: label(&mut names, l),
                }
            }
            InstrKind::Goto(l) => Op::Goto(label(&mut names, l)),
            InstrKind::Label(l) => {
                def = Some(label(&mut names, l));
                Op::Nop
            }
            k => lower_op(k, regs, obj),
        };
        out.push(Node {
            op,
            label: def,
            src,
        });
    }
    (out, names)
}

/// The op of an instruction that is not control flow: a memory access, a register operation,
/// a fence or barrier, or one of tilec's extension instructions.
fn lower_op(k: &InstrKind, regs: &mut Regs, obj: &mut impl FnMut(&str) -> usize) -> Op {
    if let Some(op) = lower_access(k, regs, obj) {
        return op;
    }
    match k {
        InstrKind::Local { op, dst, a, b } => {
            let (a, b) = (regs.val(a), b.as_ref().map(|b| regs.val(b)));
            Op::Local {
                op: *op,
                dst: regs.id(dst),
                a,
                b,
            }
        }
        InstrKind::Fence { sem, scope } => Op::Fence {
            sem: *sem,
            scope: *scope,
        },
        InstrKind::FenceProxy(p) => Op::FenceProxy(*p),
        InstrKind::FenceAlias => Op::FenceAlias,
        InstrKind::Barrier {
            mode,
            instance,
            id,
            quorum,
        } => Op::Barrier {
            mode: *mode,
            instance: instance.to_string(),
            id: id.as_ref().map(|v| regs.val(v)),
            quorum: quorum.as_ref().map(|v| regs.val(v)),
        },
        k => Op::Ext(ExtOp::lower(k, regs, obj)),
    }
}

/// The op of `ld`, `st`, `atom` or `red` (None for any other instruction).
fn lower_access(k: &InstrKind, regs: &mut Regs, obj: &mut impl FnMut(&str) -> usize) -> Option<Op> {
    Some(match k {
        InstrKind::Load {
            proxy,
            sem,
            scope,
            dst,
            addr,
        } => Op::Load {
            proxy: *proxy,
            sem: *sem,
            scope: *scope,
            dst: regs.id(dst),
            obj: obj(addr),
        },
        InstrKind::Store {
            proxy,
            sem,
            scope,
            addr,
            value,
        } => {
            let value = regs.val(value);
            Op::Store {
                proxy: *proxy,
                sem: *sem,
                scope: *scope,
                obj: obj(addr),
                value,
            }
        }
        InstrKind::Atom {
            proxy,
            sem,
            scope,
            op,
            dst,
            addr,
            value,
            value2,
        } => Op::Rmw {
            proxy: *proxy,
            sem: *sem,
            scope: *scope,
            op: *op,
            dst: Some(regs.id(dst)),
            obj: obj(addr),
            a: regs.val(value),
            b: value2.as_ref().map(|v| regs.val(v)),
        },
        InstrKind::Red {
            proxy,
            sem,
            scope,
            op,
            addr,
            value,
        } => Op::Rmw {
            proxy: *proxy,
            sem: *sem,
            scope: *scope,
            op: AtomOp::Bin(*op),
            dst: None,
            obj: obj(addr),
            a: regs.val(value),
            b: None,
        },
        _ => return None,
    })
}

fn target(op: &Op) -> Option<usize> {
    match op {
        Op::Branch { target, .. } | Op::Goto(target) => Some(*target),
        _ => None,
    }
}

fn set_target(op: &mut Op, t: usize) {
    if let Op::Branch { target, .. } | Op::Goto(target) = op {
        *target = t;
    }
}

fn label_positions(nodes: &[Node]) -> FxHashMap<usize, usize> {
    nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| n.label.map(|l| (l, i)))
        .collect()
}

/// Unrolls every loop (see the module docs).
fn unroll(nodes: &mut Vec<Node>, names: &[String], bound: usize, nregs: usize) {
    let mut next_label = names.len();
    loop {
        let pos = label_positions(nodes);
        let back = nodes.iter().enumerate().find_map(|(j, n)| {
            let t = target(&n.op)?;
            (t != CUT && pos.get(&t).is_some_and(|&p| p <= j)).then_some(t)
        });
        let Some(l) = back else { return };
        let p = pos[&l];
        let end = (p..nodes.len())
            .filter(|&j| target(&nodes[j].op) == Some(l))
            .max()
            .unwrap_or(p);
        let seg: Vec<Node> = nodes[p..=end].to_vec();
        let k = if side_effect_free(nodes, p, end, nregs) {
            1
        } else {
            bound
        };
        let inner: Vec<usize> = seg.iter().filter_map(|n| n.label).collect();
        // Copy 1 keeps the label ids (entries from outside land in it); the others get fresh ids.
        let maps: Vec<FxHashMap<usize, usize>> = (0..k)
            .map(|i| {
                inner
                    .iter()
                    .map(|&x| {
                        if i == 0 {
                            (x, x)
                        } else {
                            next_label += 1;
                            (x, next_label - 1)
                        }
                    })
                    .collect()
            })
            .collect();
        let loop_name = names.get(l).cloned().unwrap_or_else(|| format!("L{l}"));
        let mut out = Vec::with_capacity(seg.len() * k);
        for i in 0..k {
            for n in &seg {
                let mut n = n.clone();
                n.label = n.label.map(|x| maps[i][&x]);
                match target(&n.op) {
                    Some(t) if t == l => {
                        set_target(&mut n.op, if i + 1 < k { maps[i + 1][&l] } else { CUT })
                    }
                    Some(t) if maps[i].contains_key(&t) => set_target(&mut n.op, maps[i][&t]),
                    _ => {}
                }
                if let Op::Barrier { instance, .. } = &mut n.op {
                    if i + 1 < k {
                        instance.push_str(&format!(".{loop_name}/itr_{}", i + 1));
                    }
                }
                out.push(n);
            }
        }
        nodes.splice(p..=end, out);
    }
}

fn reads_of(op: &Op) -> Vec<usize> {
    let vals: Vec<Val> = match op {
        Op::Store { value, .. } => vec![*value],
        Op::Rmw { a, b, .. } => [Some(*a), *b].into_iter().flatten().collect(),
        Op::Local { a, b, .. } => [Some(*a), *b].into_iter().flatten().collect(),
        Op::Barrier { id, quorum, .. } => [*id, *quorum].into_iter().flatten().collect(),
        Op::Branch { a, b, .. } => vec![*a, *b],
        Op::Ext(e) => e.vals(),
        _ => Vec::new(),
    };
    vals.into_iter()
        .filter_map(|v| if let Val::Reg(r) = v { Some(r) } else { None })
        .collect()
}

fn writes_of(op: &Op) -> Option<usize> {
    match op {
        Op::Load { dst, .. } | Op::Local { dst, .. } => Some(*dst),
        Op::Rmw { dst, .. } => *dst,
        Op::Ext(e) => e.dst(),
        _ => None,
    }
}

/// No write in `p..=end` and no register written there is live at `p`.
fn side_effect_free(nodes: &[Node], p: usize, end: usize, nregs: usize) -> bool {
    let body = &nodes[p..=end];
    if body.iter().any(|n| match &n.op {
        Op::Store { .. } | Op::Rmw { .. } => true,
        Op::Ext(e) => e.has_side_effect(),
        _ => false,
    }) {
        return false;
    }
    let live = live_in(nodes, nregs);
    !body
        .iter()
        .filter_map(|n| writes_of(&n.op))
        .any(|r| live[p][r])
}

/// Registers live at the start of each node (backward dataflow to a fixpoint).
fn live_in(nodes: &[Node], nregs: usize) -> Vec<Vec<bool>> {
    let pos = label_positions(nodes);
    let mut live = vec![vec![false; nregs]; nodes.len() + 1];
    let mut changed = true;
    while changed {
        changed = false;
        for i in (0..nodes.len()).rev() {
            let mut out = vec![false; nregs];
            let mut succ = Vec::new();
            if !matches!(nodes[i].op, Op::Goto(_)) {
                succ.push(i + 1);
            }
            if let Some(t) = target(&nodes[i].op).and_then(|t| pos.get(&t)) {
                succ.push(*t);
            }
            for s in succ {
                for r in 0..nregs {
                    out[r] |= live[s][r];
                }
            }
            if let Some(w) = writes_of(&nodes[i].op) {
                out[w] = false;
            }
            for r in reads_of(&nodes[i].op) {
                out[r] = true;
            }
            if out != live[i] {
                live[i] = out;
                changed = true;
            }
        }
    }
    live
}

fn resolve(nodes: Vec<Node>, regs: Regs) -> UThread {
    let pos = label_positions(&nodes);
    let mut ops = Vec::with_capacity(nodes.len());
    let mut src = Vec::with_capacity(nodes.len());
    for n in nodes {
        let mut op = n.op;
        if let Some(t) = target(&op) {
            if t != CUT {
                set_target(&mut op, pos.get(&t).copied().unwrap_or(CUT));
            }
        }
        ops.push(op);
        src.push(n.src);
    }
    UThread {
        ops,
        src,
        regs: regs.names,
        reg_init: regs.init,
    }
}
