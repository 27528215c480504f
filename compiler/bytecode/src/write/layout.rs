//! Which layout row writes a cuda_tile op, and which of its operands fill which operand field
//! (the inverse of the reader's walk over a row's fields, `ops.rs`).

use super::from_module::R;
use crate::ops_table::{Field, Gate, OpLayout, OPS};
use tilec_dialects::cuda_tile::tensor_views::TensorView;
use tilec_dialects::cuda_tile::{self as ct, OpKind};
use tilec_dialects::types::is_token;
use tilec_ir::{Module, Op, Value};

/// The layout row of `kind`, with the signedness its name implies.
pub(super) fn nvidia_layout(kind: OpKind) -> Option<(&'static OpLayout, Option<bool>)> {
    let (nvidia, signed) = match ct::words::nvidia_signed(kind) {
        Some((k, s)) => (k, Some(s)),
        None => (kind, None),
    };
    if matches!(nvidia, OpKind::Entry | OpKind::ModuleOp | OpKind::Global) {
        return None;
    }
    OPS.iter()
        .find(|l| crate::lift::encodes(l, nvidia))
        .map(|l| (l, signed))
}

/// How many index operands a view access has (its `inbounds` array has one flag per index).
pub(super) fn index_count(m: &Module, kind: OpKind, operands: &[Value]) -> usize {
    let data = operands
        .iter()
        .filter(|&&v| !is_token(m, m.value_type(v)))
        .count();
    match kind {
        OpKind::LoadViewTko => data.saturating_sub(1),
        OpKind::StoreViewTko => data.saturating_sub(2),
        _ => 0,
    }
}

/// The flags word's bits that are unit attributes rather than optional fields (the reader's
/// [`crate::lift::UNIT_FLAGS`], written back).
pub(super) fn unit_flags(m: &Module, kind: OpKind, op: Op) -> u64 {
    crate::lift::UNIT_FLAGS
        .iter()
        .filter(|&&(k, _, key)| k == kind && m.get_attr(op, tilec_ir::Sym::new(key)).is_some())
        .fold(0, |flags, &(_, bit, _)| flags | 1 << bit)
}

/// The op's operands per operand field of its layout (an absent optional one is empty).
///
/// The token is the last optional operand of every layout that has one; the other optional
/// operands fill their fields in order (`load_ptr_tko`'s mask, then its padding); a variadic
/// field takes what the fixed fields after it leave, and `make_tensor_view`'s shape takes one
/// operand per `?` of the view's shape.
pub(super) fn split_operands(
    m: &Module,
    kind: OpKind,
    lay: &OpLayout,
    op: Op,
) -> R<Vec<Vec<Value>>> {
    let ops = m.operands(op);
    let fields: Vec<Field> = lay
        .fields
        .iter()
        .copied()
        .filter(|f| matches!(f, Field::Operand(_) | Field::Operands))
        .collect();
    let optional = |f: &Field| matches!(f, Field::Operand(Gate::Flag(_) | Gate::FlagSince(..)));
    let mut rest = ops.to_vec();
    let mut token = None;
    let last_optional = fields.iter().rposition(optional);
    if let (Some(_), Some(&t)) = (last_optional, rest.last()) {
        if is_token(m, m.value_type(t)) && !matches!(kind, OpKind::JoinTokens) {
            token = rest.pop();
        }
    }
    let mut out: Vec<Vec<Value>> = vec![Vec::new(); fields.len()];
    let fixed_after = |i: usize| {
        fields[i + 1..]
            .iter()
            .filter(|f| matches!(f, Field::Operand(Gate::Always)))
            .count()
    };
    let mut at = 0;
    for (i, f) in fields.iter().enumerate() {
        let left = rest.len() - at;
        let take = match f {
            Field::Operand(Gate::Always) => 1,
            Field::Operand(_) if Some(i) == last_optional && token.is_some() => {
                out[i] = token.take().into_iter().collect();
                continue;
            }
            Field::Operand(_) => usize::from(left > fixed_after(i)),
            _ if kind == OpKind::MakeTensorView && i == 1 => {
                let rt = m.results(op).next();
                let tv = rt.and_then(|r| TensorView::of(m, m.value_type(r)));
                tv.map_or(0, |tv| tv.shape.iter().filter(|d| d.is_none()).count())
            }
            _ => left.saturating_sub(fixed_after(i)),
        };
        if take > left {
            return Err(format!(
                "'{}' has fewer operands than its bytecode form",
                kind.short_name()
            ));
        }
        out[i] = rest[at..at + take].to_vec();
        at += take;
    }
    if at != rest.len() || token.is_some() {
        return Err(format!(
            "'{}' has more operands than its bytecode form takes",
            kind.short_name()
        ));
    }
    Ok(out)
}
