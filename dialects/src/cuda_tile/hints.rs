//! NVIDIA's optimization hints on an `entry`: `optimization_hints=<sm_100 = {num_cta_in_cga = 2,
//! occupancy = 4}, …>`, per target architecture a dictionary of hints.
//!
//! They are kept as the entry's `optimization_hints` attribute (a dictionary from target to a
//! dictionary of integer or string values), printed back as written, and checked as NVIDIA's
//! `-Wunsupported-hints` checks them, as warnings ([`check_entry_hints`]). tilec's lowering does
//! not act on them: each asks for a performance choice (a cluster size, an occupancy, a warp
//! count for the compiler to pick), none changes what the kernel computes, and tilec launches
//! with one CTA per tile block of its `.reqntid` threads either way.

use super::syntax::closed_list;
use tilec_ir::text::custom::{CustomParser, CustomPrinter};
use tilec_ir::{AttrData, Diagnostic, Diagnostics, Module, Op, Sym};

/// The attribute key.
pub const KEY: &str = "optimization_hints";

/// The targets NVIDIA knows hints for (`default`: any).
const TARGETS: &[&str] = &[
    "default", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_100", "sm_101", "sm_103",
    "sm_110", "sm_120", "sm_121",
];

/// `<target = {key = value, …}, …>` after `optimization_hints=`; `None` when every target's
/// dictionary is empty (which asks for nothing, and is not kept).
pub fn parse(p: &mut CustomParser<'_, '_>) -> Result<Option<AttrData>, Box<tilec_ir::Diagnostic>> {
    p.expect("<")?;
    let targets = closed_list(p, ">", |p| {
        let Some((target, _)) = p.ident() else {
            return p.expected("a target name (`default`, `sm_90`, …)");
        };
        let target = Sym::new(target);
        p.expect("=")?;
        p.expect("{")?;
        let hints = closed_list(p, "}", |p| {
            let Some((key, _)) = p.ident() else {
                return p.expected("a hint name");
            };
            let key = Sym::new(key);
            p.expect("=")?;
            p.skip();
            Ok((key, p.generic_attr()?))
        })?;
        Ok((target, hints))
    })?;
    if targets.iter().all(|(_, h)| h.is_empty()) {
        return Ok(None);
    }
    let m = p.module();
    let mut entries = Vec::new();
    for (t, hints) in targets {
        let h: Vec<(Sym, tilec_ir::Attr)> =
            hints.into_iter().map(|(k, v)| (k, m.attr(v))).collect();
        let d = m.dict(&h);
        entries.push((t, m.attr(AttrData::Dict(d))));
    }
    Ok(Some(AttrData::Dict(m.dict(&entries))))
}

/// ` optimization_hints=<…>` when `op` has hints.
pub fn print(p: &mut CustomPrinter<'_, '_>, op: Op) {
    let m = p.module();
    let Some(AttrData::Dict(d)) = m.get_attr(op, Sym::new(KEY)) else {
        return;
    };
    let mut text = String::from(" optimization_hints=<");
    for (i, &(t, a)) in m.dict_entries(*d).iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&format!("{} = {{", t.as_str()));
        if let AttrData::Dict(h) = m.attr_data(a) {
            for (j, &(k, v)) in m.dict_entries(*h).iter().enumerate() {
                if j > 0 {
                    text.push_str(", ");
                }
                let value = match m.attr_data(v) {
                    AttrData::Int { value, .. } => value.to_string(),
                    AttrData::Str(s) => format!("{s:?}"),
                    other => tilec_ir::text::attr_to_string(m, other),
                };
                text.push_str(&format!("{} = {value}", k.as_str()));
            }
        }
        text.push('}');
    }
    text.push('>');
    p.write(&text);
}

/// NVIDIA's checks of entry hints, as warnings: a known target, a known hint, an integer value
/// in the hint's range.
pub fn check_entry_hints(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(AttrData::Dict(targets)) = m.get_attr(op, Sym::new(KEY)) else {
        return;
    };
    let loc = m.op_loc(op);
    for &(t, a) in m.dict_entries(*targets) {
        let target = t.as_str();
        if !TARGETS.contains(&target) {
            d.push(Diagnostic::warning(
                loc,
                format!("unknown hint key {target}"),
            ));
            continue;
        }
        let AttrData::Dict(h) = m.attr_data(a) else {
            continue;
        };
        for &(k, v) in m.dict_entries(*h) {
            if let Some(msg) = hint_problem(target, k.as_str(), m.attr_data(v)) {
                d.push(Diagnostic::warning(loc, msg));
            }
        }
    }
}

/// What is wrong with hint `key = value` of `target`, if anything.
fn hint_problem(target: &str, key: &str, value: &AttrData) -> Option<String> {
    let int = match value {
        AttrData::Int { value, .. } => Some(*value),
        _ => None,
    };
    let pow2_upto = |max: i64| {
        let Some(v) = int else {
            return Some(format!("integer value expected for {target}.{key}"));
        };
        (v <= 0 || v > max || v & (v - 1) != 0)
            .then(|| format!("expected power-of-two ≤ {max} for {target}.{key}"))
    };
    match key {
        "num_cta_in_cga" => pow2_upto(16),
        "num_worker_warps_per_cta" => pow2_upto(32),
        "occupancy" => match int {
            Some(v) if (1..=32).contains(&v) => None,
            _ => Some(format!(
                "integer value in the range [1, 32] is expected for {target}.{key}"
            )),
        },
        _ => Some(format!("{key} is not known hint for current Operation")),
    }
}

#[cfg(test)]
mod tests {
    use super::hint_problem;
    use tilec_ir::AttrData;

    #[test]
    fn hints_are_checked_as_nvidia_does() {
        let mut m = tilec_ir::Module::new();
        let ty = m.int_type(64);
        let int = |v| AttrData::Int { value: v, ty };
        assert!(hint_problem("sm_100", "num_cta_in_cga", &int(2)).is_none());
        assert!(
            hint_problem("sm_100", "num_cta_in_cga", &int(7)).is_some_and(|m| m.contains("≤ 16"))
        );
        assert!(
            hint_problem("sm_100", "occupancy", &int(64)).is_some_and(|m| m.contains("[1, 32]"))
        );
        assert!(hint_problem("sm_100", "num_qqq", &int(1)).is_some_and(|m| m.contains("not known")));
        let s = AttrData::Str("a".into());
        assert!(hint_problem("sm_100", "num_worker_warps_per_cta", &s)
            .is_some_and(|m| m.contains("integer value expected")));
    }
}
