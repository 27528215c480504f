//! Helpers the op printers share: value and type lists, the trailing attribute dictionary of
//! what the syntax does not spell, symbols, and the checks that decide whether an op's IR can be
//! written in the custom form at all (when not, the op is printed in the generic form).

use super::types::{is_token_type, print_type};
use tilec_ir::text::custom::CustomPrinter;
use tilec_ir::{AttrData, Module, Op, Type, Value};

/// `%a, %b`.
pub fn values(p: &mut CustomPrinter<'_, '_>, vs: &[Value]) {
    for (i, &v) in vs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.value(v);
    }
}

/// `T0, T1`.
pub fn types(p: &mut CustomPrinter<'_, '_>, ts: &[Type]) {
    for (i, &t) in ts.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        print_type(p, t);
    }
}

/// ` : S -> R`: the types of a one-operand op's custom form.
pub fn unary_types(p: &mut CustomPrinter<'_, '_>, s: Type, r: Type) {
    p.write(" : ");
    super::types::print_type(p, s);
    p.write(" -> ");
    super::types::print_type(p, r);
}

/// The types of `vs`.
pub fn types_of(m: &Module, vs: &[Value]) -> Vec<Type> {
    vs.iter().map(|&v| m.value_type(v)).collect()
}

/// The result types of `op`.
pub fn result_types(m: &Module, op: Op) -> Vec<Type> {
    m.results(op).map(|r| m.value_type(r)).collect()
}

/// ` {k = v, …}`: the op's attributes except `spelled` (those the syntax writes itself), when
/// there are any.
pub fn extra_attrs(p: &mut CustomPrinter<'_, '_>, op: Op, spelled: &[&str]) {
    let m = p.module();
    let rest: Vec<_> = m
        .dict_entries(m.attrs(op))
        .iter()
        .filter(|(k, _)| !spelled.contains(&k.as_str()))
        .copied()
        .collect();
    if rest.is_empty() {
        return;
    }
    p.write(" {");
    for (i, (k, a)) in rest.into_iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        key(p, k.as_str());
        let data = m.attr_data(a);
        if !matches!(data, AttrData::Unit) {
            p.write(" = ");
            p.generic_attr(data);
        }
    }
    p.write("}");
}

fn is_bare(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

/// An attribute key, quoted when it is not an identifier.
fn key(p: &mut CustomPrinter<'_, '_>, k: &str) {
    if is_bare(k) {
        p.write(k);
    } else {
        p.string(k);
    }
}

/// `@name` (`@"…"` when the name is not an identifier).
pub fn symbol(p: &mut CustomPrinter<'_, '_>, name: &str) {
    p.write("@");
    if is_bare(name) {
        p.write(name);
    } else {
        p.string(name);
    }
}

/// True when `v` is a `!cuda_tile.token` (token operands are written without their type).
pub fn is_token(m: &Module, v: Value) -> bool {
    is_token_type(m, m.value_type(v))
}

/// `token=%t` after a memory op's operands (NVIDIA's spelling, no spaces).
pub fn token_clause(p: &mut CustomPrinter<'_, '_>, token: Option<Value>) {
    if let Some(t) = token {
        p.write(" token=");
        p.value(t);
    }
}
