//! Resolving a [`Spec`] against the kernel's PTX into a [`Plan`]: everything the launch loop
//! needs, with every number evaluated and every spec/kernel disagreement reported up front.

use super::expr::Env;
use super::ptxsig::{self, EntrySig};
use super::spec::{At, CheckMode, Expect, NumExpr, ParamSpec, Pattern, Spec, SpecError};
use super::value::{ElemType, Num, SplitMix};
use std::time::Duration;
use tilec_dialects::tensor_maps::HostVal;

/// The target when neither the spec nor the command line names one.
pub const DEFAULT_TARGET: &str = "sm_90a";

/// Command-line settings that take precedence over the spec.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--target`.
    pub target: Option<String>,
    /// `--launches`.
    pub launches: Option<u64>,
    /// `--timing-launches`.
    pub timing_launches: Option<u64>,
    /// `--timeout`.
    pub timeout: Option<Duration>,
}

/// A buffer, ready to upload.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// Its name in the spec.
    pub name: String,
    /// Element type.
    pub ty: ElemType,
    /// Element count.
    pub len: usize,
    /// Initial contents.
    pub init: Vec<Num>,
    /// `init` as the device sees it.
    pub bytes: Vec<u8>,
    /// What it must hold after a launch.
    pub expect: Option<Expect>,
    /// Float tolerances.
    pub atol: f64,
    /// Float tolerances.
    pub rtol: f64,
}

/// One resolved kernel parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// The device address of buffer `usize`.
    Buffer(usize),
    /// A scalar value.
    Scalar(ElemType, Num),
    /// A tensor map of a buffer.
    TensorMap(TensorMap),
    /// A hidden tensor-map parameter tilec described (`tilec --tma-maps`): the map, or None
    /// when its tensor breaks a rule of the driver (the kernel then takes its other path).
    HiddenMap(Option<TensorMap>),
    /// The hidden i32 that tells the kernel whether every hidden map was made.
    MapsOk,
}

/// A resolved tensor map: what `cuTensorMapEncodeTiled` is given (tile mode, element strides
/// 1, no interleave, no L2 promotion, zeros out of bounds).
#[derive(Clone, Debug, PartialEq)]
pub struct TensorMap {
    /// The buffer (its address is the map's global address).
    pub buffer: usize,
    /// Its element type.
    pub elem: ElemType,
    /// Dimensions in elements, innermost first.
    pub dims: Vec<u64>,
    /// Byte strides of dimensions 1...
    pub strides: Vec<u64>,
    /// The box in elements, innermost first.
    pub boxes: Vec<u32>,
    /// Swizzle bytes (0, 32, 64, 128).
    pub swizzle: u32,
}

impl Param {
    /// A scalar's bytes as the kernel parameter holds them.
    pub fn scalar_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Param::Scalar(ty, v) = self {
            ty.encode(*v, &mut out);
        }
        out
    }
}

/// Everything one run does.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The entry.
    pub kernel: String,
    /// The target the kernel is compiled for.
    pub target: String,
    /// The compiler flags that change what runs (`--no-weakest-fence`, `--no-verify-races`),
    /// shown beside the target in the report; empty for a default compile or loaded PTX.
    pub compiled_with: Vec<String>,
    /// Grid dimensions in CTAs.
    pub grid: [u32; 3],
    /// Block dimensions in threads.
    pub block: [u32; 3],
    /// Cluster dimensions in CTAs.
    pub cluster: [u32; 3],
    /// Whether the launch passes the cluster dimensions (a spec cluster for a kernel without
    /// `.reqnctapercluster`); a kernel that declares its cluster shape launches without it.
    pub cluster_attr: bool,
    /// Dynamic shared memory per CTA.
    pub shared_bytes: u32,
    /// Checked launches.
    pub launches: u64,
    /// Timed launches.
    pub timing_launches: u64,
    /// Re-initialize buffers before each launch.
    pub reinit: bool,
    /// When to check.
    pub check: CheckMode,
    /// Longest a launch may take.
    pub timeout: Duration,
    /// The buffers, in spec order.
    pub buffers: Vec<Buffer>,
    /// The kernel parameters, in order.
    pub params: Vec<Param>,
}

impl Plan {
    /// The expression environment after `launch` launches since initialization.
    pub fn env(&self, launch: u64) -> Env {
        Env {
            grid: self.grid,
            block: self.block,
            cluster: self.cluster,
            launch,
            index: 0,
            len: 0,
        }
    }

    /// The target `spec` and `ov` ask for.
    pub fn target_of(spec: &Spec, ov: &Overrides) -> String {
        ov.target
            .clone()
            .or_else(|| spec.target.as_ref().map(|t| t.value.clone()))
            .unwrap_or_else(|| DEFAULT_TARGET.to_string())
    }

    /// Matches `spec` with the kernel in `ptx` and evaluates it.
    pub fn resolve(spec: &Spec, ptx: &str, ov: &Overrides) -> Result<Plan, SpecError> {
        let entries = ptxsig::entries(ptx);
        let sig = pick_entry(spec, &entries)?;
        let block = match (&spec.block, sig.reqntid) {
            (Some(b), Some(r)) if b.value != r => {
                return Err(spec.error(
                    &b.span,
                    format!(
                        "block {} but kernel '{}' requires .reqntid {}",
                        show3(b.value),
                        sig.name,
                        show3(r)
                    ),
                ))
            }
            (Some(b), _) => b.value,
            (None, Some(r)) => r,
            (None, None) => {
                return Err(spec.error_nowhere(format!(
                    "`block` is required: kernel '{}' declares no .reqntid",
                    sig.name
                )))
            }
        };
        if block.iter().map(|&d| u64::from(d)).product::<u64>() > 1024 {
            let span = spec.block.as_ref().map_or(0..0, |b| b.span.clone());
            return Err(spec.error(&span, "a block has at most 1024 threads"));
        }
        let (cluster, cluster_attr) = match (&spec.cluster, sig.reqnctapercluster) {
            (Some(c), Some(k)) if c.value != k => {
                return Err(spec.error(
                    &c.span,
                    format!(
                        "cluster {} but kernel '{}' declares .reqnctapercluster {}",
                        show3(c.value),
                        sig.name,
                        show3(k)
                    ),
                ))
            }
            (_, Some(k)) => (k, false),
            (Some(c), None) => (c.value, c.value != [1, 1, 1]),
            (None, None) => ([1, 1, 1], false),
        };
        if (0..3).any(|d| spec.grid.value[d] % cluster[d] != 0) {
            return Err(spec.error(
                &spec.grid.span,
                format!(
                    "grid {} is not a whole number of clusters {}",
                    show3(spec.grid.value),
                    show3(cluster)
                ),
            ));
        }
        let mut plan = Plan {
            kernel: sig.name.clone(),
            target: Plan::target_of(spec, ov),
            compiled_with: Vec::new(),
            grid: spec.grid.value,
            block,
            cluster,
            cluster_attr,
            shared_bytes: spec.shared_bytes,
            launches: ov.launches.unwrap_or(spec.launches),
            timing_launches: ov.timing_launches.unwrap_or(spec.timing_launches),
            reinit: spec.reinit,
            check: spec.check,
            timeout: ov.timeout.unwrap_or(spec.timeout),
            buffers: Vec::new(),
            params: Vec::new(),
        };
        let env = plan.env(1);
        for b in &spec.buffers {
            let len = eval_len(&b.len, &env).map_err(|m| spec.error(&b.len.span, m))?;
            let init = contents(&b.init.value, b.ty, len, &env)
                .map_err(|m| spec.error(&b.init.span, format!("init: {m}")))?;
            let mut bytes = Vec::with_capacity(len * b.ty.size());
            for v in &init {
                b.ty.encode(*v, &mut bytes);
            }
            plan.buffers.push(Buffer {
                name: b.name.clone(),
                ty: b.ty,
                len,
                init,
                bytes,
                expect: b.expect.as_ref().map(|e| e.value.clone()),
                atol: b.atol,
                rtol: b.rtol,
            });
        }
        // Evaluate every expectation once now, so that a wrong `expect` is a spec error with a
        // position rather than a mismatch on every launch.
        for (i, b) in spec.buffers.iter().enumerate() {
            if let Some(e) = &b.expect {
                super::check::expected(&plan, i, 1)
                    .map_err(|m| spec.error(&e.span, format!("expect: {m}")))?;
            }
        }
        let hidden = ptxsig::tensor_maps(ptx, &sig.name).map_err(|m| spec.error_nowhere(m))?;
        plan.params = resolve_params(spec, sig, &plan, &env, &hidden)?;
        Ok(plan)
    }
}

fn pick_entry<'a>(spec: &Spec, entries: &'a [EntrySig]) -> Result<&'a EntrySig, SpecError> {
    let names = || {
        entries
            .iter()
            .map(|e| e.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &spec.kernel {
        _ if entries.is_empty() => Err(spec.error_nowhere("the PTX has no .entry")),
        Some(k) => entries.iter().find(|e| e.name == k.value).ok_or_else(|| {
            spec.error(
                &k.span,
                format!("the PTX has no entry '{}' (entries: {})", k.value, names()),
            )
        }),
        None if entries.len() == 1 => Ok(&entries[0]),
        None => Err(spec.error_nowhere(format!(
            "the PTX has several entries ({}); name one with `kernel = \"…\"`",
            names()
        ))),
    }
}

fn resolve_params(
    spec: &Spec,
    sig: &EntrySig,
    plan: &Plan,
    env: &Env,
    (maps, ok): &(Vec<tilec_dialects::tensor_maps::MapDesc>, Option<usize>),
) -> Result<Vec<Param>, SpecError> {
    // The hidden parameters come after the kernel's own: the spec gives only those.
    let hidden = maps.len() + usize::from(ok.is_some());
    let own = EntrySig {
        params: sig.params[..sig.params.len().saturating_sub(hidden)].to_vec(),
        ..sig.clone()
    };
    let sig = &own;
    // No [[param]]: the buffers, in the order the spec writes them (the common case of a kernel
    // that takes only pointers).
    let given: Vec<At<ParamSpec>> = if spec.params.is_empty() {
        (0..spec.buffers.len())
            .map(|i| At {
                value: ParamSpec::Buffer(i),
                span: 0..0,
            })
            .collect()
    } else {
        spec.params.clone()
    };
    let kernel_params = || {
        sig.params
            .iter()
            .map(|(t, _)| format!(".{t}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if given.len() != sig.params.len() {
        let how = if spec.params.is_empty() {
            " (with no [[param]], the buffers are passed in order)"
        } else {
            ""
        };
        return Err(spec.error_nowhere(format!(
            "the spec passes {} parameters{how} but kernel '{}' takes {} ({})",
            given.len(),
            sig.name,
            sig.params.len(),
            kernel_params()
        )));
    }
    let mut out = Vec::new();
    for (k, (p, (pty, psize))) in given.iter().zip(&sig.params).enumerate() {
        let err = |m: String| spec.error(&p.span, m);
        let (size, param) = match &p.value {
            ParamSpec::Buffer(b) => (8, Param::Buffer(*b)),
            ParamSpec::Scalar(ty, v) => (
                ty.size(),
                Param::Scalar(*ty, v.eval(*ty, env).map_err(&err)?),
            ),
            ParamSpec::TensorMap(t) => (
                128,
                Param::TensorMap(tensor_map(t, plan, env).map_err(&err)?),
            ),
        };
        if size != *psize {
            let what = match &param {
                Param::Buffer(b) => {
                    format!("buffer '{}' (a 64-bit address)", plan.buffers[*b].name)
                }
                Param::Scalar(ty, _) => format!("a {ty} ({} bytes)", ty.size()),
                Param::HiddenMap(_) | Param::MapsOk => String::new(),
                Param::TensorMap(t) => {
                    format!(
                        "a tensor map of '{}' (128 bytes)",
                        plan.buffers[t.buffer].name
                    )
                }
            };
            return Err(err(format!(
                "parameter {k} of '{}' is .{pty} ({psize} bytes) but the spec passes {what}",
                sig.name
            )));
        }
        out.push(param);
    }
    for m in maps {
        if m.map as usize != out.len() {
            return Err(spec.error_nowhere(format!(
                "the PTX describes tensor map parameter {} of '{}', but the hidden parameters start at {}",
                m.map,
                sig.name,
                out.len()
            )));
        }
        let map = hidden_map(m, &out, plan).map_err(|e| spec.error_nowhere(e))?;
        out.push(Param::HiddenMap(map));
    }
    if ok.is_some() {
        out.push(Param::MapsOk);
    }
    Ok(out)
}

/// The map a `//tilec:tensor_map` line describes, from the kernel's own parameters `given`:
/// None when the tensor breaks a rule of `cuTensorMapEncodeTiled` (the kernel checks `ok`
/// and takes its other path), an error when the line names parameters it cannot use.
fn hidden_map(
    m: &tilec_dialects::tensor_maps::MapDesc,
    given: &[Param],
    plan: &Plan,
) -> Result<Option<TensorMap>, String> {
    let what = |i: usize| format!("tensor map parameter {} names parameter {i}", m.map);
    let base = m.base as usize;
    let Some(Param::Buffer(b)) = given.get(base) else {
        return Err(format!("{}, which is not a buffer", what(base)));
    };
    let val = |v: HostVal| -> Result<i128, String> {
        match v {
            HostVal::Const(c) => Ok(i128::from(c)),
            HostVal::Param(i) => match given.get(i as usize) {
                Some(Param::Scalar(_, Num::Int(n))) => Ok(*n),
                _ => Err(format!(
                    "{}, which is not an integer scalar",
                    what(i as usize)
                )),
            },
        }
    };
    let (cols, rows, stride) = (val(m.dims[0])?, val(m.dims[1])?, val(m.stride)?);
    let elem = if m.bf16 {
        ElemType::BF16
    } else {
        ElemType::F16
    };
    let positive = |x: i128| (1..1 << 40).contains(&x);
    if !(positive(cols) && positive(rows) && positive(stride))
        || plan.buffers[*b].ty.size() != elem.size()
    {
        return Ok(None);
    }
    let t = super::spec::TensorMapSpec {
        buffer: *b,
        dims: vec![NumExpr::Int(cols), NumExpr::Int(rows)],
        strides: Some(vec![NumExpr::Int(stride * elem.size() as i128)]),
        boxes: m.boxes.to_vec(),
        swizzle: m.swizzle,
    };
    Ok(tensor_map(&t, plan, &Env::default())
        .ok()
        .map(|map| TensorMap { elem, ..map }))
}

/// Resolves a tensor map against its buffer: the limits of `cuTensorMapEncodeTiled` (CUDA
/// driver API: strides multiples of 16 bytes, the box's inner extent a multiple of 16 bytes and
/// at most the swizzle span), and every element the map names inside the buffer.
fn tensor_map(t: &super::spec::TensorMapSpec, plan: &Plan, env: &Env) -> Result<TensorMap, String> {
    let buf = &plan.buffers[t.buffer];
    let elem = buf.ty;
    let esize = elem.size() as u64;
    let int = |e: &NumExpr, what: &str| match e.eval(ElemType::U64, env)? {
        Num::Int(n) if (1..1 << 48).contains(&n) => Ok(n as u64),
        n => Err(format!(
            "{what} must be a positive integer, not {}",
            len_shown(n)
        )),
    };
    let dims = t
        .dims
        .iter()
        .map(|e| int(e, "a dimension"))
        .collect::<Result<Vec<_>, _>>()?;
    let strides = match &t.strides {
        Some(s) => s
            .iter()
            .map(|e| int(e, "a stride"))
            .collect::<Result<Vec<_>, _>>()?,
        None => dims[..dims.len() - 1]
            .iter()
            .scan(esize, |acc, &d| {
                *acc *= d;
                Some(*acc)
            })
            .collect(),
    };
    if let Some(s) = strides.iter().find(|&&s| s % 16 != 0) {
        return Err(format!(
            "tensor map strides must be multiples of 16 bytes, not {s}"
        ));
    }
    let inner = u64::from(t.boxes[0]) * esize;
    if inner % 16 != 0 {
        return Err(format!(
            "the box's inner extent must be a multiple of 16 bytes, not {inner}"
        ));
    }
    if t.swizzle != 0 && inner > u64::from(t.swizzle) {
        return Err(format!(
            "with a {}-byte swizzle the box's inner extent is at most {} bytes, not {inner}",
            t.swizzle, t.swizzle
        ));
    }
    let last = (dims[0] - 1) * esize
        + dims[1..]
            .iter()
            .zip(&strides)
            .map(|(&d, &s)| (d - 1) * s)
            .sum::<u64>();
    if last + esize > buf.bytes.len() as u64 {
        return Err(format!(
            "the tensor map reaches byte {} of buffer '{}', which has {}",
            last + esize,
            buf.name,
            buf.bytes.len()
        ));
    }
    Ok(TensorMap {
        buffer: t.buffer,
        elem,
        dims,
        strides,
        boxes: t.boxes.clone(),
        swizzle: t.swizzle,
    })
}

fn eval_len(len: &At<NumExpr>, env: &Env) -> Result<usize, String> {
    let n = len
        .value
        .eval(ElemType::U64, env)
        .map_err(|m| format!("len: {m}"))?;
    match n {
        Num::Int(n) if (1..=1 << 40).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "len must be between 1 and 2^40, not {}",
            len_shown(n)
        )),
    }
}

fn len_shown(n: Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::Float(f) => f.to_string(),
    }
}

/// The `len` elements of type `ty` that `p` describes.
pub fn contents(p: &Pattern, ty: ElemType, len: usize, env: &Env) -> Result<Vec<Num>, String> {
    let mut env = *env;
    env.len = len as u64;
    Ok(match p {
        Pattern::Zeros => vec![ty.wrap(0); len],
        // iota wraps for narrow integers (a u8 buffer of 1024 holds 0..255 four times).
        Pattern::Iota => (0..len).map(|i| ty.wrap(i as i128)).collect(),
        Pattern::Each(v) if !v.uses(super::expr::Var::Index) => vec![v.eval(ty, &env)?; len],
        Pattern::Each(v) => (0..len)
            .map(|i| {
                env.index = i as u64;
                v.eval(ty, &env).map_err(|m| format!("element {i}: {m}"))
            })
            .collect::<Result<_, _>>()?,
        Pattern::Random(seed) => {
            let mut r = SplitMix::new(*seed);
            (0..len).map(|_| r.next_elem(ty)).collect()
        }
        Pattern::List(items) => {
            if items.len() != len {
                return Err(format!("{} values for len {len}", items.len()));
            }
            items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    env.index = i as u64;
                    v.eval(ty, &env).map_err(|m| format!("element {i}: {m}"))
                })
                .collect::<Result<_, _>>()?
        }
    })
}

/// `[x, y, z]`.
pub fn show3(d: [u32; 3]) -> String {
    format!("[{}, {}, {}]", d[0], d[1], d[2])
}
