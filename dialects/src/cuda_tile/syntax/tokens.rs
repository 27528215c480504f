//! The pest half of the custom syntax: `cuda_tile.pest` matched against the rest of the input at
//! the core parser's position. The core services (values, attributes, regions) do the rest.

use pest::iterators::Pair;
use pest::Parser as _;
use pest_derive::Parser;
use tilec_ir::text::custom::CustomParser;

/// The derived parser of `cuda_tile.pest`.
#[derive(Parser)]
#[grammar = "cuda_tile/syntax/cuda_tile.pest"]
pub(super) struct Tokens;

/// Why a match failed: the byte offset (from where the attempt started) at which it stopped, and
/// the rules it would have accepted there.
pub(super) struct NoMatch {
    /// Offset of the failure.
    pub at: usize,
    /// Rules attempted at that offset.
    pub expected: Vec<Rule>,
}

/// Matches `rule` at the current position (after trivia). On success the position moves past
/// the match and the pair (spans relative to the returned base offset) is returned; on failure
/// the position is left at the start of the attempt and where and why matching stopped is
/// returned, so the caller can point its error there.
pub(super) fn matched<'s>(
    p: &mut CustomParser<'_, 's>,
    rule: Rule,
) -> Result<(Pair<'s, Rule>, usize), NoMatch> {
    p.skip();
    let base = p.pos();
    let rest = p.rest();
    match Tokens::parse(rule, rest) {
        Ok(mut pairs) => match pairs.next() {
            Some(pair) => {
                p.set_pos(base + pair.as_span().end());
                Ok((pair, base))
            }
            None => Err(NoMatch {
                at: 0,
                expected: Vec::new(),
            }),
        },
        Err(e) => Err(NoMatch {
            at: match e.location {
                pest::error::InputLocation::Pos(at) => at,
                pest::error::InputLocation::Span((at, _)) => at,
            },
            expected: match e.variant {
                pest::error::ErrorVariant::ParsingError { positives, .. } => positives,
                pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
            },
        }),
    }
}

/// True when the input at the current position starts with `word` as a whole word.
pub(super) fn at_word(p: &mut CustomParser<'_, '_>, word: &str) -> bool {
    p.skip();
    let rest = p.rest();
    rest.starts_with(word)
        && !rest[word.len()..]
            .bytes()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
}
