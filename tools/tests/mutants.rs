//! Bad input never panics (issue 14): every corpus file, mutated a few ways with a fixed seed
//! (a byte range deleted, a line duplicated or dropped, a number replaced by an extreme value, a
//! token repeated, two lines swapped), is compiled in-process by default; a panic fails the test
//! and names the mutant, which is written to the temp folder to reproduce it with `tilec`. The
//! count per file is `TILEC_MUTANTS` (default 4); longer runs: docs/fuzzing.md.

use std::path::PathBuf;
use tilec::{compile, Options};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "2147483648",
    "4294967296",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999",
];

/// One mutant of `text`.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len().max(1);
    match rng.below(6) {
        // Delete a byte range (on char boundaries).
        0 => {
            let chars: Vec<char> = text.chars().collect();
            let a = rng.below(chars.len());
            let b = (a + 1 + rng.below(40)).min(chars.len());
            chars[..a].iter().chain(&chars[b..]).collect()
        }
        // Duplicate a line.
        1 => {
            let i = rng.below(n);
            let mut v = lines.clone();
            if let Some(&l) = lines.get(i) {
                v.insert(i, l);
            }
            v.join("\n")
        }
        // Drop a line.
        2 => {
            let i = rng.below(n);
            let v: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, l)| *l)
                .collect();
            v.join("\n")
        }
        // Replace the k-th number by an extreme value.
        3 => {
            let starts: Vec<usize> = text
                .char_indices()
                .filter(|(i, c)| {
                    c.is_ascii_digit()
                        && !text[..*i]
                            .chars()
                            .next_back()
                            .is_some_and(|p| p.is_ascii_alphanumeric() || p == '_')
                })
                .map(|(i, _)| i)
                .collect();
            if starts.is_empty() {
                return text.to_string();
            }
            let s = starts[rng.below(starts.len())];
            let e = text[s..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |k| s + k);
            format!(
                "{}{}{}",
                &text[..s],
                EXTREMES[rng.below(EXTREMES.len())],
                &text[e..]
            )
        }
        // Repeat a token (a whitespace-separated word) in place.
        4 => {
            let words: Vec<(usize, &str)> = text
                .split_inclusive(char::is_whitespace)
                .scan(0, |at, w| {
                    let here = *at;
                    *at += w.len();
                    Some((here, w))
                })
                .collect();
            let (at, w) = words[rng.below(words.len())];
            format!("{}{}{}", &text[..at], w, &text[at..])
        }
        // Swap two lines.
        _ => {
            let (i, j) = (rng.below(n), rng.below(n));
            let mut v = lines.clone();
            if i < v.len() && j < v.len() {
                v.swap(i, j);
            }
            v.join("\n")
        }
    }
}

#[test]
fn no_mutant_of_the_corpus_panics() {
    let per_file: usize = std::env::var("TILEC_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut files = Vec::new();
    tilec_tools::corpus::walk(&root, &mut files);
    files.sort();
    // The panic message still prints; the test collects every panicking mutant first.
    let mut panics = Vec::new();
    let mut slows = Vec::new();
    let mut ran = 0;
    for (fi, f) in files.iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (fi as u64 + 1));
        for k in 0..per_file {
            let m = mutate(&text, &mut rng);
            ran += 1;
            // The mutant being compiled, for a run that hangs (`TILEC_MUTANT_TRACE=FILE`).
            if let Some(trace) = std::env::var_os("TILEC_MUTANT_TRACE") {
                let _ = std::fs::write(trace, &m);
            }
            let t = std::time::Instant::now();
            let r = std::panic::catch_unwind(|| compile(&m, "mutant.mlir", &Options::default()));
            let slow = t.elapsed() > std::time::Duration::from_secs(1);
            if slow {
                let out = std::env::temp_dir().join(format!(
                    "tilec-slow-mutant-{}-{k}.mlir",
                    tilec_tools::corpus::file_name(f.strip_prefix(&root).unwrap_or(f))
                ));
                let _ = std::fs::write(&out, &m);
                slows.push(format!(
                    "{} ({:.1} s)",
                    out.display(),
                    t.elapsed().as_secs_f64()
                ));
            }
            if r.is_err() {
                let out = std::env::temp_dir().join(format!(
                    "tilec-mutant-{}-{k}.mlir",
                    tilec_tools::corpus::file_name(f.strip_prefix(&root).unwrap_or(f))
                ));
                let _ = std::fs::write(&out, &m);
                panics.push(out.display().to_string());
            }
        }
    }
    eprintln!("{ran} mutants of {} corpus files compiled", files.len());
    for s in &slows {
        eprintln!("over 1 s: {s}");
    }
    assert!(ran > 1000, "only {ran} mutants");
    assert!(
        panics.is_empty(),
        "{} mutants panicked:\n{}",
        panics.len(),
        panics.join("\n")
    );
}
