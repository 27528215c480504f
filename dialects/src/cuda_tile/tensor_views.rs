//! NVIDIA's view types and the checks of the ops that make and access them.
//!
//! - `!cuda_tile.tensor_view<SHAPE x T, strides=[…]>`: a strided tensor in global memory; a `?`
//!   dimension or stride is known at run time only (`make_tensor_view`'s operands);
//! - `!cuda_tile.partition_view<tile=(…), [padding_value = P,] tensor_view<…>[, dim_map=[…]]>`:
//!   the tensor cut into tiles of a static shape; `load_view_tko %pv[%i, …]` reads tile
//!   `(i, …)`, elements past the tensor's bounds read as the padding (unspecified without one),
//!   `store_view_tko` writes it, masked at the bounds.
//!
//! Each type is read into a plain struct ([`TensorView`], [`PartitionView`]) once: the syntax, the
//! verifier and the lowering all use these readers, never the type's parameters directly.

use crate::common::err;
use crate::types::tile_shape;
use tilec_ir::text::type_to_string;
use tilec_ir::{Diagnostics, Module, NamedValue, Op, Type, TypeData, TypeParam, DYNAMIC};

/// A `tensor_view` type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorView {
    /// Dimensions, `None` for `?`.
    pub shape: Vec<Option<u64>>,
    /// Strides in elements, `None` for `?`.
    pub strides: Vec<Option<i64>>,
    /// Element type.
    pub elem: Type,
}

impl TensorView {
    /// Reads `t`, when it is a well-formed `tensor_view`.
    pub fn of(m: &Module, t: Type) -> Option<TensorView> {
        let TypeData::Dialect { name, params, .. } = m.type_data(t) else {
            return None;
        };
        if name.as_str() != "tensor_view" {
            return None;
        }
        match params.as_ref() {
            [TypeParam::Type(elem)] => Some(TensorView {
                shape: vec![],
                strides: vec![],
                elem: *elem,
            }),
            [TypeParam::Shaped { dims, elem }, TypeParam::Named {
                key,
                value: NamedValue::List(s),
            }] if key.as_str() == "strides" && s.len() == dims.len() => Some(TensorView {
                shape: dims.iter().map(|&d| (d != DYNAMIC).then_some(d)).collect(),
                strides: s.to_vec(),
                elem: *elem,
            }),
            _ => None,
        }
    }
    /// How many `?` the shape and the strides have (`make_tensor_view`'s operands after the base).
    pub fn dynamic_count(&self) -> usize {
        self.shape.iter().filter(|d| d.is_none()).count()
            + self.strides.iter().filter(|s| s.is_none()).count()
    }
}

/// Which tile view a [`PartitionView`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewKind {
    /// `partition_view`: tiles that tile the tensor.
    Partition,
    /// `strided_view`: tiles `traversal_strides` apart.
    Strided,
    /// `gather_scatter_view`: rows chosen by an index tile along one dimension.
    GatherScatter,
}

impl ViewKind {
    /// The type's name.
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Partition => "partition_view",
            ViewKind::Strided => "strided_view",
            ViewKind::GatherScatter => "gather_scatter_view",
        }
    }
    /// How the op that makes one writes its type, for diagnostics.
    fn spelling(self) -> &'static str {
        match self {
            ViewKind::Partition => "partition_view<tile=(…), tensor_view<…>>",
            ViewKind::Strided => "strided_view<tile=(…), traversal_strides=[…], tensor_view<…>>",
            ViewKind::GatherScatter => {
                "gather_scatter_view<tile=(…), tensor_view<…>, sparse_dim=D>"
            }
        }
    }
}

/// A `partition_view`, `strided_view` or `gather_scatter_view` type: tiles of one shape cut
/// from a tensor view, tile `i` starting at `i[d]·step(d)` along tile dimension `d` (NVIDIA's
/// Types.td: a partition view's tiles tile the tensor, a strided view's are `traversal_strides`
/// apart, so they may leave gaps or overlap). A gather/scatter view's dense dimensions take
/// element offsets (a step of 1); its `sparse_dim` takes a 1-d tile of element indices, one
/// per tile row along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartitionView {
    /// The tile shape.
    pub tile: Vec<u64>,
    /// The underlying `tensor_view` type.
    pub tensor_view: Type,
    /// Tile dimension `i` walks tensor dimension `dim_map[i]` (identity when not written).
    pub dim_map: Vec<usize>,
    /// `zero`, `nan`, … when loads pad out-of-bounds elements.
    pub padding: Option<tilec_ir::Sym>,
    /// A `strided_view`'s `traversal_strides`, per tile dimension (1 for a
    /// `gather_scatter_view`); None for a `partition_view`, whose tiles are their own size apart.
    pub steps: Option<Vec<u64>>,
    /// A `gather_scatter_view`'s sparse dimension.
    pub sparse_dim: Option<usize>,
}

impl PartitionView {
    /// Reads `t`, when it is a `partition_view` or a `strided_view` (not yet checked against
    /// its tensor view).
    pub fn of(m: &Module, t: Type) -> Option<PartitionView> {
        let TypeData::Dialect { name, params, .. } = m.type_data(t) else {
            return None;
        };
        let kind = [
            ViewKind::Partition,
            ViewKind::Strided,
            ViewKind::GatherScatter,
        ]
        .into_iter()
        .find(|k| k.name() == name.as_str())?;
        let (strided, gather) = (kind == ViewKind::Strided, kind == ViewKind::GatherScatter);
        let mut sparse_dim = None;
        let (mut tile, mut tv, mut dim_map, mut padding) = (None, None, None, None);
        let mut steps = None;
        for p in params.iter() {
            match p {
                TypeParam::Named { key, value } => match (key.as_str(), value) {
                    ("tile", NamedValue::Shape(s)) => tile = Some(s.to_vec()),
                    ("traversal_strides", NamedValue::List(l)) if strided => {
                        steps = Some(
                            l.iter()
                                .map(|x| x.and_then(|v| u64::try_from(v).ok()))
                                .collect::<Option<Vec<_>>>()?,
                        )
                    }
                    ("dim_map", NamedValue::List(l)) => {
                        dim_map = Some(
                            l.iter()
                                .map(|x| x.and_then(|v| usize::try_from(v).ok()))
                                .collect::<Option<Vec<_>>>()?,
                        )
                    }
                    ("padding_value", NamedValue::Word(w)) => padding = Some(*w),
                    // `sparse_dim=0`: a bare number, read as a word.
                    ("sparse_dim", NamedValue::Word(w)) if gather => {
                        sparse_dim = Some(w.as_str().parse::<usize>().ok()?)
                    }
                    _ => return None,
                },
                TypeParam::Type(t) => tv = Some(*t),
                _ => return None,
            }
        }
        let tile = tile?;
        let dim_map = dim_map.unwrap_or_else(|| (0..tile.len()).collect());
        if (strided && steps.is_none()) || (gather && sparse_dim.is_none()) {
            return None;
        }
        if gather {
            steps = Some(vec![1; tile.len()]);
        }
        Some(PartitionView {
            tile,
            tensor_view: tv?,
            dim_map,
            padding,
            steps,
            sparse_dim,
        })
    }

    /// How far apart tiles start along tile dimension `d`.
    pub fn step(&self, d: usize) -> u64 {
        self.steps
            .as_ref()
            .and_then(|s| s.get(d).copied())
            .unwrap_or(self.tile[d])
    }

    /// Which view this is.
    pub fn kind(&self) -> ViewKind {
        match (self.sparse_dim, &self.steps) {
            (Some(_), _) => ViewKind::GatherScatter,
            (None, Some(_)) => ViewKind::Strided,
            (None, None) => ViewKind::Partition,
        }
    }
}

fn ty(m: &Module, t: Type) -> String {
    type_to_string(m, t)
}

/// An integer 0-d tile (an index or a dynamic size).
fn is_int_scalar_tile(m: &Module, t: Type) -> bool {
    tile_shape(m, t)
        .is_some_and(|(d, e)| d.is_empty() && matches!(m.type_data(e), TypeData::Int(_)))
}

/// `make_tensor_view %base, dyn…`: the base is a `tile<ptr<T>>` of the view's element type, one
/// integer 0-d tile per `?` of the view's shape and strides.
pub fn check_make_tensor_view(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(r) = m.results(op).next() else {
        return;
    };
    let Some(tv) = TensorView::of(m, m.value_type(r)) else {
        let t = ty(m, m.value_type(r));
        return err(m, op, d, format!("result must be a tensor_view<…, strides=[…]> with one stride per dimension, but it is '{t}'"));
    };
    let ops = m.operands(op);
    let base_ok = ops.first().is_some_and(|&b| {
        tile_shape(m, m.value_type(b)).is_some_and(|(dims, e)| {
            dims.is_empty()
                && crate::types::ptr_info(m, e).is_some_and(|(_, pe)| pe == Some(tv.elem))
        })
    });
    if !base_ok {
        let e = ty(m, tv.elem);
        err(
            m,
            op,
            d,
            format!("operand #0 must be a tile<ptr<{e}>> (the view's element type)"),
        );
    }
    let want = 1 + tv.dynamic_count();
    if ops.len() != want {
        err(
            m,
            op,
            d,
            format!("takes the base and one value per '?' of the result type ({want} operands), but has {}", ops.len()),
        );
    }
    if let Some(i) = ops
        .iter()
        .skip(1)
        .position(|&v| !is_int_scalar_tile(m, m.value_type(v)))
    {
        err(
            m,
            op,
            d,
            format!("operand #{} must be an integer 0-d tile", i + 1),
        );
    }
    if tv.strides.iter().flatten().any(|&s| s <= 0) || tv.shape.iter().flatten().any(|&s| s == 0) {
        err(m, op, d, "static sizes and strides must be positive");
    }
}

/// `make_partition_view %tv`: the operand is the view's tensor view; the tile has the tensor's
/// rank, positive power-of-two dimensions, and `dim_map` is a permutation.
pub fn check_make_partition_view(m: &Module, op: Op, d: &mut Diagnostics) {
    check_make_view(m, op, ViewKind::Partition, d);
}

/// `make_strided_view %tv`: as `make_partition_view`, and one positive traversal stride per
/// tile dimension.
pub fn check_make_strided_view(m: &Module, op: Op, d: &mut Diagnostics) {
    check_make_view(m, op, ViewKind::Strided, d);
}

/// `make_gather_scatter_view %tv`: as `make_partition_view`, and a sparse dimension of the tile.
pub fn check_make_gather_scatter_view(m: &Module, op: Op, d: &mut Diagnostics) {
    check_make_view(m, op, ViewKind::GatherScatter, d);
}

/// The view `op` makes is a `kind` of its operand.
fn check_make_view(m: &Module, op: Op, kind: ViewKind, d: &mut Diagnostics) {
    let (Some(r), Some(&src)) = (m.results(op).next(), m.operands(op).first()) else {
        return;
    };
    let pv = PartitionView::of(m, m.value_type(r)).filter(|pv| pv.kind() == kind);
    let kind = kind.spelling();
    let Some(pv) = pv else {
        let t = ty(m, m.value_type(r));
        return err(
            m,
            op,
            d,
            format!("result must be a {kind}, but it is '{t}'"),
        );
    };
    if m.value_type(src) != pv.tensor_view {
        let (a, b) = (ty(m, m.value_type(src)), ty(m, pv.tensor_view));
        let k = pv.kind().name();
        err(
            m,
            op,
            d,
            format!("operand #0 is '{a}', but the {k} is of '{b}'"),
        );
    }
    check_partition_view(m, op, &pv, d);
}

/// The partition view's tile against its tensor view.
fn check_partition_view(m: &Module, op: Op, pv: &PartitionView, d: &mut Diagnostics) {
    let Some(tv) = TensorView::of(m, pv.tensor_view) else {
        return err(m, op, d, "the partition_view's tensor_view is malformed");
    };
    if pv.tile.len() != tv.shape.len() || pv.tile.is_empty() {
        return err(
            m,
            op,
            d,
            format!(
                "the tile has rank {} but the tensor_view has rank {} (at least 1)",
                pv.tile.len(),
                tv.shape.len()
            ),
        );
    }
    if pv.tile.iter().any(|&x| !x.is_power_of_two()) {
        err(m, op, d, "tile dimensions must be powers of two");
    }
    if let Some(steps) = &pv.steps {
        if steps.len() != pv.tile.len() || steps.contains(&0) {
            let msg = format!(
                "traversal_strides must be {} positive values, one per tile dimension",
                pv.tile.len()
            );
            err(m, op, d, msg);
        }
    }
    if pv.sparse_dim.is_some_and(|s| s >= pv.tile.len()) {
        err(m, op, d, "sparse_dim must be a dimension of the tile");
    }
    let mut seen = vec![false; pv.tile.len()];
    let perm = pv.dim_map.len() == pv.tile.len()
        && pv
            .dim_map
            .iter()
            .all(|&i| i < seen.len() && !std::mem::replace(&mut seen[i], true));
    if !perm {
        err(
            m,
            op,
            d,
            "dim_map must be a permutation of the tile's dimensions",
        );
    }
}

/// `load_view_tko %pv[%i…] [%token]` / `store_view_tko %tile, %pv[%i…] [%token]`: one integer
/// 0-d index per tile dimension, the tile's shape and the tensor's element type.
pub fn check_view_access(m: &Module, op: Op, d: &mut Diagnostics) {
    let store = m.num_results(op) == 1;
    let fixed = 1 + usize::from(store);
    let ops = m.operands(op);
    let Some(&view) = ops.get(fixed - 1) else {
        return;
    };
    let Some(pv) = PartitionView::of(m, m.value_type(view)) else {
        let t = ty(m, m.value_type(view));
        return err(
            m,
            op,
            d,
            format!(
                "operand #{} must be a partition_view, but it is '{t}'",
                fixed - 1
            ),
        );
    };
    let Some(tv) = TensorView::of(m, pv.tensor_view) else {
        return;
    };
    let token = ops.len() > fixed && crate::types::is_token(m, m.value_type(ops[ops.len() - 1]));
    let idx = &ops[fixed..ops.len() - usize::from(token)];
    if idx.len() != pv.tile.len() {
        err(
            m,
            op,
            d,
            format!(
                "takes {} indices (one per tile dimension), but has {}",
                pv.tile.len(),
                idx.len()
            ),
        );
    }
    // A gather/scatter view's sparse dimension takes a 1-d tile of indices, one per tile row.
    for (i, &v) in idx.iter().enumerate() {
        let t = m.value_type(v);
        if pv.sparse_dim == Some(i) {
            let rows = pv.tile.get(i).copied().unwrap_or(0);
            let ok = tile_shape(m, t).is_some_and(|(dims, e)| {
                dims == [rows] && matches!(m.type_data(e), TypeData::Int(_))
            });
            if !ok {
                let msg = format!("index #{i} (the sparse dimension) must be a tile<{rows}xiN>");
                err(m, op, d, msg);
            }
        } else if !is_int_scalar_tile(m, t) {
            err(m, op, d, format!("index #{i} must be an integer 0-d tile"));
        }
    }
    let tile_t = if store {
        ops.first().copied().map(|v| m.value_type(v))
    } else {
        m.results(op).next().map(|r| m.value_type(r))
    };
    if let Some(t) = tile_t {
        let ok =
            tile_shape(m, t).is_some_and(|(dims, e)| dims == pv.tile.as_slice() && e == tv.elem);
        if !ok {
            let shape: String = pv.tile.iter().map(|n| format!("{n}x")).collect();
            let e = ty(m, tv.elem);
            err(
                m,
                op,
                d,
                format!(
                    "the {} tile must be a tile<{shape}{e}> (the view's tile), but it is '{}'",
                    if store { "stored" } else { "loaded" },
                    ty(m, t)
                ),
            );
        }
    }
    if let Some(last) = m.results(op).last() {
        if !crate::types::is_token(m, m.value_type(last)) {
            err(m, op, d, "the last result must be a token");
        }
    }
}

/// `get_tensor_shape %tv` / `get_index_space_shape %pv`: one 0-d integer tile per dimension of
/// the view (the tensor's rank; the partition's tile rank).
pub fn check_shape_query(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(&v) = m.operands(op).first() else {
        return;
    };
    let t = m.value_type(v);
    let tensor = crate::common::short(m, op) == "get_tensor_shape";
    let rank = if tensor {
        TensorView::of(m, t).map(|tv| tv.shape.len())
    } else {
        PartitionView::of(m, t).map(|pv| pv.tile.len())
    };
    let Some(rank) = rank else {
        let want = if tensor {
            "a tensor_view"
        } else {
            "a partition_view"
        };
        return err(
            m,
            op,
            d,
            format!("operand #0 must be {want}, but it is '{}'", ty(m, t)),
        );
    };
    if m.num_results(op) != rank {
        err(
            m,
            op,
            d,
            format!(
                "has {} results, but the view has rank {rank} (one result per dimension)",
                m.num_results(op)
            ),
        );
    }
    if let Some(r) = m
        .results(op)
        .find(|&r| !is_int_scalar_tile(m, m.value_type(r)))
    {
        let rt = ty(m, m.value_type(r));
        err(
            m,
            op,
            d,
            format!("results must be integer 0-d tiles, but one is '{rt}'"),
        );
    }
}

/// NVIDIA's `divi` as tilec keeps it (a directed rounding; toward zero is `divsi`/`divui`):
/// `signedness` `#cuda_tile.signedness<signed|unsigned>`, `rounding`
/// `#cuda_tile.rounding<negative_inf|positive_inf|zero>`, integer operands and result of one type.
pub fn check_divi(m: &Module, op: Op, d: &mut Diagnostics) {
    let word = |k: &str, allowed: &[&str]| match m.get_attr(op, tilec_ir::Sym::new(k)) {
        Some(tilec_ir::AttrData::Opaque { body, .. }) => allowed.contains(&&**body),
        None => k == "rounding",
        _ => false,
    };
    if !word("signedness", &["signed", "unsigned"]) {
        crate::common::err(
            m,
            op,
            d,
            "'signedness' must be #cuda_tile.signedness<signed|unsigned>",
        );
    }
    let unsigned_floor = matches!(
        (m.get_attr(op, tilec_ir::Sym::new("signedness")), m.get_attr(op, tilec_ir::Sym::new("rounding"))),
        (Some(tilec_ir::AttrData::Opaque { body: s, .. }), Some(tilec_ir::AttrData::Opaque { body: r, .. }))
            if &**s == "unsigned" && &**r == "negative_inf"
    );
    if unsigned_floor {
        // NVIDIA's verifier: an unsigned quotient is already its floor.
        crate::common::err(
            m,
            op,
            d,
            "rounding mode 'negative_inf' is not allowed with 'unsigned' flag",
        );
    }
    if !word("rounding", &["negative_inf", "positive_inf", "zero"]) {
        crate::common::err(
            m,
            op,
            d,
            "'rounding' must be #cuda_tile.rounding<negative_inf|positive_inf|zero>",
        );
    }
    let ops = m.operands(op);
    let types: Vec<Type> = ops
        .iter()
        .map(|v| m.value_type(*v))
        .chain(m.results(op).map(|r| m.value_type(r)))
        .collect();
    let int = types
        .first()
        .and_then(|t| tile_shape(m, *t))
        .is_some_and(|(_, e)| matches!(m.type_data(e), tilec_ir::TypeData::Int(_)));
    if !int || types.iter().any(|t| *t != types[0]) {
        crate::common::type_err(
            m,
            op,
            d,
            "takes two integer tiles and yields one, all of one type",
        );
    }
}

/// NVIDIA's `atomic_red_view_tko` (its verifier's rules): relaxed only, scope `tl_blk` or
/// `device`, no exchange; the operands are the partition view, one 0-d index per tile
/// dimension, a tile of the view's tile shape and element type, and an optional token; the view
/// has no padding value. The value must also be one the mode takes (as `atomic_rmw_tko`).
pub fn check_red_view(m: &Module, op: Op, d: &mut Diagnostics) {
    use tilec_ir::{MemScope, MemSemantic, RmwKind};
    crate::common::check_rmw(m, op, d);
    let sem = m.attr_as::<MemSemantic>(op, tilec_ir::Sym::new("mem_semantic"));
    if sem.is_some_and(|s| s != MemSemantic::Relaxed) {
        err(
            m,
            op,
            d,
            "only 'relaxed' memory ordering is supported for view-based atomic reductions",
        );
    }
    let scope = m.attr_as::<MemScope>(op, tilec_ir::Sym::new("mem_scope"));
    if let Some(s) = scope.filter(|s| !matches!(s, MemScope::Cta | MemScope::Gpu)) {
        err(m, op, d, format!("scope '{s}' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility"));
    }
    if m.attr_as::<RmwKind>(op, tilec_ir::Sym::new("kind")) == Some(RmwKind::Exch) {
        err(m, op, d, "atomic_red_view_tko op cannot use xchg operation");
    }
    let ops = m.operands(op);
    let token = ops
        .last()
        .is_some_and(|&t| crate::types::is_token(m, m.value_type(t)));
    let n = ops.len() - usize::from(token);
    if n < 2 {
        return err(m, op, d, "takes a view, its indices and a tile");
    }
    let Some(pv) = PartitionView::of(m, m.value_type(ops[0])) else {
        return crate::common::type_err(m, op, d, "operand #0 must be a partition_view");
    };
    if pv.sparse_dim.is_some() {
        return err(
            m,
            op,
            d,
            "gather_scatter_view is not supported; use partition_view instead",
        );
    }
    let value = ops[n - 1];
    let Some((vdims, velem)) = tile_shape(m, m.value_type(value)) else {
        return crate::common::type_err(m, op, d, "the value must be a tile");
    };
    let list = |ds: &[u64]| {
        ds.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(tv) = TensorView::of(m, pv.tensor_view) {
        if tv.elem != velem {
            err(
                m,
                op,
                d,
                format!(
                    "view element type ('{}') must match value element type ('{}')",
                    type_to_string(m, tv.elem),
                    type_to_string(m, velem)
                ),
            );
        }
    }
    if pv.tile != vdims {
        err(
            m,
            op,
            d,
            format!(
                "view tile shape {} must match value shape {} for element-wise atomic operations",
                list(&pv.tile),
                list(vdims)
            ),
        );
    }
    let idx = &ops[1..n - 1];
    if idx.len() != pv.tile.len() {
        err(
            m,
            op,
            d,
            format!(
                "expected {} index operand(s) for view with tile rank {}, got {}",
                pv.tile.len(),
                pv.tile.len(),
                idx.len()
            ),
        );
    }
    for (i, &x) in idx.iter().enumerate() {
        if let Some((ds, _)) = tile_shape(m, m.value_type(x)).filter(|(ds, _)| !ds.is_empty()) {
            err(
                m,
                op,
                d,
                format!(
                    "index operand {i} must be a scalar tile (rank 0), got shape {}",
                    list(ds)
                ),
            );
        }
    }
    if pv.padding.is_some() {
        err(
            m,
            op,
            d,
            "views with padding_value are not supported for atomic reductions",
        );
    }
    crate::common::check_rmw_value(m, op, d, n - 1);
}
