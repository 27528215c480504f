//! Turning pest failures into located, readable diagnostics.

use super::{Grammar, Rule};
use pest::Parser as _;

/// A short description of the input at `at`, for "found …" in messages.
pub(super) fn describe_at(src: &str, at: usize) -> String {
    let rest = src.get(at..).unwrap_or("");
    let Some(first) = rest.chars().next() else {
        return "end of file".to_string();
    };
    if first.is_control() && !first.is_whitespace() {
        return format!("invalid character U+{:04X}", first as u32);
    }
    let tok: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace())
        .take(12)
        .collect();
    if tok.is_empty() {
        format!("'{first}'")
    } else {
        format!("'{tok}'")
    }
}

/// Re-parses `input` with pest's attempt tracking and describes what was expected at the
/// farthest position: `(offset, "')' or ','")`. The tracking switch is process-global, so
/// detailed re-parses are serialized.
pub(super) fn detailed_attempts(rule: Rule, input: &str) -> Option<(usize, String)> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    pest::set_error_detail(true);
    let r = Grammar::parse(rule, input);
    pest::set_error_detail(false);
    let attempts = r.err()?.parse_attempts()?;
    let mut items: Vec<String> = Vec::new();
    for t in attempts.expected_tokens() {
        // Tokens display as their text, ranges as `a..b` (single characters are ranges here).
        let shown = t.to_string();
        let text = match shown.split_once("..") {
            Some((a, b)) if a == b && a.chars().count() == 1 => a.to_string(),
            Some(_) => continue,
            None => shown,
        };
        // Whitespace and comment starts are possible everywhere; they explain nothing.
        if text.trim().is_empty() || text == "/" || text == "//" {
            continue;
        }
        items.push(format!("'{}'", text.escape_default()));
    }
    for stack in &attempts.call_stacks {
        if let Some(r) = stack.deepest.get_rule() {
            items.push(rule_name(*r).to_string());
        }
    }
    items.sort();
    items.dedup();
    // With a construct named (type, attribute value, …), the tokens that could start one add
    // nothing: keep the rule names and the closing/separating punctuation.
    let has_rule = items.iter().any(|n| !n.starts_with('\''));
    items.retain(|i| {
        if !has_rule || !i.starts_with('\'') {
            return true;
        }
        let tok = &i[1..i.len() - 1];
        let keyword = tok
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        let opener = matches!(
            tok,
            "!" | "(" | "-" | "@" | "[" | "\\\"" | "{" | "#" | "%" | "^"
        );
        !keyword && !opener
    });
    if items.is_empty() {
        return None;
    }
    let expected = match items.len() {
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    };
    Some((attempts.max_position, expected))
}

/// Friendly names of grammar rules for "expected …" messages.
pub(super) fn rule_name(r: Rule) -> &'static str {
    match r {
        Rule::value_use | Rule::value_id | Rule::operand_list => "SSA value",
        Rule::result_def | Rule::result_list => "result name",
        Rule::string => "string",
        Rule::block_id | Rule::successors => "block name",
        Rule::type_ | Rule::type_list | Rule::result_types | Rule::elem_type => "type",
        Rule::function_type => "function type",
        Rule::int_type
        | Rule::float_type
        | Rule::index_type
        | Rule::dialect_type
        | Rule::type_name => "type",
        Rule::type_params | Rule::type_param | Rule::shaped | Rule::dim | Rule::keyword => {
            "type parameter"
        }
        Rule::attr_dict => "attribute dictionary",
        Rule::attr_entry | Rule::attr_key => "attribute name",
        Rule::attr_value
        | Rule::typed_number
        | Rule::number
        | Rule::dialect_attr
        | Rule::attr_name => "attribute value",
        Rule::dense_array => "array<…>",
        Rule::array_attr => "array",
        Rule::int_lit | Rule::dec => "integer",
        Rule::bool_lit => "boolean",
        Rule::unit_lit => "unit",
        Rule::symbol_ref => "symbol reference",
        Rule::trailing_loc | Rule::loc_group => "location",
        Rule::block_label | Rule::block_arg => "block label",
        Rule::op_head => "operation",
        Rule::op_tail | Rule::sig_part => "op signature",
        Rule::attr_body => "attribute body",
        Rule::bare_id | Rule::suffix_id => "identifier",
        _ => "token",
    }
}
