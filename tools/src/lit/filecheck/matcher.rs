//! Matching: the [`Checker`] runs the parsed check strings over the
//! canonical input the way LLVM's FileCheck does (labels first, then
//! CHECK/NEXT/SAME/EMPTY/COUNT with their DAG and NOT groups), and renders
//! failures in LLVM's shape, including the "possible intended match" hint.

use super::parse::{CheckString, Kind, Source};
use super::pattern::{regex_source, Matcher, Pattern, Piece};
use regex::Regex;
use std::collections::HashMap;

/// Renders one diagnostic in LLVM's shape: location, message, the source
/// line, and a caret (with `~` under the rest of a `len`-byte range).
pub(super) fn render_at(
    name: &str,
    text: &str,
    pos: usize,
    level: &str,
    msg: &str,
    len: usize,
) -> String {
    let pos = (0..=pos.min(text.len()))
        .rev()
        .find(|&p| text.is_char_boundary(p))
        .unwrap_or(0);
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    let line_no = text[..pos].matches('\n').count() + 1;
    let col = pos - line_start + 1;
    let line = &text[line_start..line_end];
    let indent: String = text[line_start..pos]
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let tildes = text
        .get(pos..line_end.min(pos + len))
        .map_or(0, |r| r.chars().count().saturating_sub(1));
    format!(
        "{name}:{line_no}:{col}: {level}: {msg}\n{line}\n{indent}^{}\n",
        "~".repeat(tildes)
    )
}

/// Levenshtein distance, giving up (returning `bound`) once it cannot be
/// below `bound`.
fn edit_distance(a: &[u8], b: &[u8], bound: usize) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        if cur.iter().min().is_some_and(|&m| m >= bound) {
            return bound;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()].min(bound)
}

/// Matching state for one run: the canonical input, the texts patterns
/// point into, the variables defined so far, and the diagnostics printed.
pub(super) struct Checker<'a> {
    pub(super) input: &'a str,
    pub(super) input_name: &'a str,
    pub(super) sources: &'a [Source],
    pub(super) vars: HashMap<String, String>,
    pub(super) out: String,
}

impl<'a> Checker<'a> {
    fn note_input(&mut self, pos: usize, level: &str, msg: &str, len: usize) {
        self.out.push_str(&render_at(
            self.input_name,
            self.input,
            pos,
            level,
            msg,
            len,
        ));
    }

    fn note_source(&mut self, src: usize, pos: usize, level: &str, msg: &str) {
        if let Some(s) = self.sources.get(src) {
            self.out
                .push_str(&render_at(&s.name, &s.text, pos, level, msg, 0));
        }
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.input.get(start..end).unwrap_or("")
    }

    /// LLVM's main loop: find each label first (cutting the input into
    /// blocks), then check everything up to and including it inside that
    /// block. A failure skips to the next block; a missing label ends it all.
    pub(super) fn run(&mut self, strings: &[CheckString]) -> bool {
        let (mut i, mut j) = (0, 0);
        let mut buf_start = 0;
        let end = self.input.len();
        let mut failed = false;
        loop {
            let region_end;
            if j == strings.len() {
                region_end = end;
            } else if strings[j].pat.kind != Kind::Label {
                j += 1;
                continue;
            } else {
                let Some((pos, len)) = self.check_string(&strings[j], buf_start, end, true) else {
                    return false;
                };
                region_end = pos + len;
                j += 1;
            }
            let mut cur = buf_start;
            buf_start = region_end;
            while i < j {
                match self.check_string(&strings[i], cur, region_end, false) {
                    Some((pos, len)) => {
                        cur = pos + len;
                        i += 1;
                    }
                    None => {
                        failed = true;
                        i = j;
                    }
                }
            }
            if j == strings.len() {
                return !failed;
            }
        }
    }

    /// Matches one directive within `[start, end)`; `label_scan` skips the
    /// DAG/NOT/NEXT/SAME parts, which only make sense once the block is known.
    fn check_string(
        &mut self,
        cs: &CheckString,
        start: usize,
        end: usize,
        label_scan: bool,
    ) -> Option<(usize, usize)> {
        let mut nots: Vec<&Pattern> = Vec::new();
        let last_pos = if label_scan {
            start
        } else {
            self.check_dag(cs, start, end, &mut nots)?
        };
        let mut last_end = last_pos;
        let mut first = last_pos;
        for n in 1..=cs.pat.count {
            match self.find(&cs.pat, last_end, end) {
                Ok(Some((pos, len))) => {
                    if n == 1 {
                        first = pos;
                    }
                    last_end = pos + len;
                }
                Ok(None) => {
                    self.report_no_match(&cs.pat, last_end, end, n);
                    return None;
                }
                Err(()) => return None,
            }
        }
        if !label_scan
            && (self.check_line(&cs.pat, last_pos, first) || self.check_not(&nots, last_pos, first))
        {
            return None;
        }
        Some((first, last_end - first))
    }

    /// Runs the DAG groups before a directive (NOTs between them apply to
    /// the gaps); returns where the directive itself starts searching.
    fn check_dag<'p>(
        &mut self,
        cs: &'p CheckString,
        start: usize,
        end: usize,
        nots: &mut Vec<&'p Pattern>,
    ) -> Option<usize> {
        let mut start_pos = start;
        // Sorted, non-overlapping matches of the current DAG group.
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (idx, pat) in cs.dag_not.iter().enumerate() {
            if pat.kind == Kind::Not {
                nots.push(pat);
                continue;
            }
            let mut from = start_pos;
            let mut mi = 0;
            loop {
                let (pos, len) = match self.find(pat, from, end) {
                    Ok(Some(m)) => m,
                    Ok(None) => {
                        self.report_no_match(pat, from, end, 1);
                        return None;
                    }
                    Err(()) => return None,
                };
                let m = (pos, pos + len);
                let mut overlap = false;
                while mi < ranges.len() {
                    if m.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < m.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, m);
                    break;
                }
                from = ranges[mi].1;
                mi += 1;
            }
            let group_ends = cs.dag_not.get(idx + 1).is_none_or(|p| p.kind == Kind::Not);
            if group_ends {
                let (first, last) = (ranges[0].0, ranges[ranges.len() - 1].1);
                if !nots.is_empty() {
                    if self.check_not(nots, start_pos, first) {
                        return None;
                    }
                    nots.clear();
                }
                start_pos = last;
                ranges.clear();
            }
        }
        Some(start_pos)
    }

    /// NEXT/EMPTY/SAME line discipline; true (after reporting) on failure.
    fn check_line(&mut self, pat: &Pattern, prev_end: usize, pos: usize) -> bool {
        let skipped = self.slice(prev_end, pos);
        let newlines = skipped.matches('\n').count();
        let loc = (pat.src, pat.loc);
        match pat.kind {
            Kind::Next | Kind::Empty if newlines != 1 => {
                let what = if newlines == 0 {
                    "is on the same line as previous match"
                } else {
                    "is not on the line after the previous match"
                };
                self.note_source(loc.0, loc.1, "error", &format!("{}: {what}", pat.desc()));
                self.note_input(pos, "note", "'next' match was here", 0);
                self.note_input(prev_end, "note", "previous match ended here", 0);
                if let Some(nl) = skipped.find('\n').filter(|_| newlines > 1) {
                    self.note_input(
                        prev_end + nl + 1,
                        "note",
                        "non-matching line after previous match is here",
                        0,
                    );
                }
                true
            }
            Kind::Same if newlines != 0 => {
                self.note_source(
                    loc.0,
                    loc.1,
                    "error",
                    &format!(
                        "{}: is not on the same line as the previous match",
                        pat.desc()
                    ),
                );
                self.note_input(pos, "note", "'next' match was here", 0);
                self.note_input(prev_end, "note", "previous match ended here", 0);
                true
            }
            _ => false,
        }
    }

    /// True (after reporting every offender) if a NOT pattern occurs in `[start, end)`.
    fn check_not(&mut self, nots: &[&Pattern], start: usize, end: usize) -> bool {
        let mut failed = false;
        for pat in nots {
            match self.find(pat, start, end) {
                Ok(None) => {}
                Ok(Some((pos, len))) => {
                    failed = true;
                    self.note_source(
                        pat.src,
                        pat.loc,
                        "error",
                        &format!("{}: excluded string found in input", pat.desc()),
                    );
                    self.note_input(pos, "note", "found here", len);
                    self.note_substitutions(pat, pos);
                }
                Err(()) => failed = true,
            }
        }
        failed
    }

    fn report_no_match(&mut self, pat: &Pattern, start: usize, end: usize, nth: usize) {
        let mut msg = format!("{}: expected string not found in input", pat.desc());
        if pat.count > 1 {
            msg.push_str(&format!(" ({nth} out of {})", pat.count));
        }
        self.note_source(pat.src, pat.loc, "error", &msg);
        self.note_input(start, "note", "scanning from here", 0);
        self.note_substitutions(pat, start);
        self.print_fuzzy(pat, start, end);
    }

    fn note_substitutions(&mut self, pat: &Pattern, at: usize) {
        if let Matcher::Regex { pieces, .. } = &pat.matcher {
            for piece in pieces {
                if let Piece::Use { name, .. } = piece {
                    if let Some(v) = self.vars.get(name).cloned() {
                        self.note_input(
                            at,
                            "note",
                            &format!("with \"{name}\" equal to \"{}\"", v.escape_default()),
                            0,
                        );
                    }
                }
            }
        }
    }

    /// LLVM's "possible intended match": the spot within 4 KiB whose text is
    /// closest (by edit distance, slightly favouring nearer lines) to the
    /// pattern's literal text.
    fn print_fuzzy(&mut self, pat: &Pattern, start: usize, end: usize) {
        let example = match &pat.matcher {
            Matcher::Fixed(s) => s.clone(),
            Matcher::Regex { pieces, .. } => pieces
                .iter()
                .map(|p| match p {
                    Piece::Lit(s) | Piece::Re(s) => s.clone(),
                    Piece::Def { re, .. } => re.clone(),
                    Piece::Use { name, .. } => self.vars.get(name).cloned().unwrap_or_default(),
                })
                .collect(),
            Matcher::Empty | Matcher::Eof => return,
        };
        let hay = self.slice(start, end);
        let (mut lines, mut best, mut best_q) = (0usize, None, 50.0f64);
        for (i, c) in hay.char_indices() {
            if i >= 4096 {
                break;
            }
            if c == '\n' {
                lines += 1;
            }
            if c.is_whitespace() {
                continue;
            }
            let window = &hay.as_bytes()[i..hay.len().min(i + example.len())];
            let window = window.split(|&b| b == b'\n').next().unwrap_or_default();
            let bound = best_q.ceil() as usize;
            let q = edit_distance(window, example.as_bytes(), bound) as f64 + lines as f64 / 100.0;
            if q < best_q {
                best = Some(i);
                best_q = q;
            }
        }
        if let Some(i) = best.filter(|&i| i != 0) {
            self.note_input(start + i, "note", "possible intended match here", 0);
        }
    }

    /// Finds `pat` in `[start, end)`. Matches never span lines (FileCheck's
    /// regexes run in newline mode); `^`/`$` also match at the ends of the
    /// range, as they do in FileCheck. `Err` means a reported pattern error.
    fn find(
        &mut self,
        pat: &Pattern,
        start: usize,
        end: usize,
    ) -> Result<Option<(usize, usize)>, ()> {
        let hay = self.slice(start, end);
        let (pieces, full_lines, compiled) = match &pat.matcher {
            Matcher::Eof => return Ok(Some((end, 0))),
            Matcher::Fixed(s) => return Ok(hay.find(s.as_str()).map(|p| (start + p, s.len()))),
            Matcher::Empty => {
                let b = hay.as_bytes();
                let hit = (0..b.len())
                    .find(|&i| b[i] == b'\n' && b.get(i + 1).is_none_or(|&n| n == b'\n'));
                return Ok(hit.map(|i| (start + i + 1, 0)));
            }
            Matcher::Regex {
                pieces,
                full_lines,
                compiled,
            } => (pieces, *full_lines, compiled),
        };
        let built;
        let re = match compiled {
            Some(re) => re,
            None => {
                let source = match regex_source(pieces, full_lines, &self.vars) {
                    Ok(s) => s,
                    Err((pos, name)) => {
                        self.note_source(
                            pat.src,
                            pos,
                            "error",
                            &format!("undefined variable: {name}"),
                        );
                        return Err(());
                    }
                };
                match Regex::new(&source) {
                    Ok(re) => {
                        built = re;
                        &built
                    }
                    Err(e) => {
                        self.note_source(pat.src, pat.loc, "error", &format!("invalid regex: {e}"));
                        return Err(());
                    }
                }
            }
        };
        let defs: Vec<(&String, &String)> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Def { name, group, .. } => Some((name, group)),
                _ => None,
            })
            .collect();
        let mut line_start = 0;
        loop {
            let line_end = hay[line_start..]
                .find('\n')
                .map_or(hay.len(), |i| line_start + i);
            let line = &hay[line_start..line_end];
            if defs.is_empty() {
                if let Some(m) = re.find(line) {
                    return Ok(Some((start + line_start + m.start(), m.len())));
                }
            } else if let Some(caps) = re.captures(line) {
                for (name, group) in &defs {
                    let value = caps.name(group).map_or("", |m| m.as_str());
                    self.vars.insert((*name).clone(), value.to_string());
                }
                let whole = caps.get(0).map_or((0, 0), |m| (m.start(), m.len()));
                return Ok(Some((start + line_start + whole.0, whole.1)));
            }
            if line_end >= hay.len() {
                return Ok(None);
            }
            line_start = line_end + 1;
        }
    }
}
