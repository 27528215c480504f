//! The tiny shell language of RUN lines.
//!
//! RUN lines are not handed to `/bin/sh`: tests must behave the same on every
//! machine, and a real shell brings globbing, variable expansion and
//! platform quirks that a test author never meant to use. What is supported:
//!
//! * words separated by whitespace; adjacent quoted and unquoted parts join
//!   into one word (`a"b c"'d'` is the single word `ab cd`);
//! * `'...'` quotes everything literally; `"..."` honours only `\"` and `\\`;
//!   outside quotes a backslash escapes the next character;
//! * `|` between pipeline stages, `&&` between pipelines;
//! * per stage: `< FILE`, `> FILE`, `>> FILE`, `2> FILE`, `2>> FILE`, `2>&1`;
//! * a leading `not` (repeatable) inverts the stage's success.
//!
//! `;`, `||`, a lone `&` and `not --crash` are rejected with a message rather
//! than half-supported.

/// One lexical token of a RUN command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A word after quote removal.
    Word(String),
    /// `|`
    Pipe,
    /// `&&`
    AndAnd,
    /// `<`
    RedirIn,
    /// `>` / `>>` (fd 1) or `2>` / `2>>` (fd 2).
    RedirOut {
        /// 1 for stdout, 2 for stderr.
        fd: u8,
        /// `>>`: append instead of truncate.
        append: bool,
    },
    /// `2>&1`
    ErrToOut,
}

/// Where a stage's stderr goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StderrTarget {
    /// Kept apart; shown in the report when the stage fails.
    Capture,
    /// `2>&1`: wherever stdout goes, interleaved.
    Merge,
    /// `2>&1` followed by `> FILE`: stderr goes down the pipe, stdout to the
    /// file (the shell binds `2>&1` to stdout's target at that moment).
    Pipe,
    /// `2> FILE` (`true` = append).
    File(String, bool),
}

/// One stage of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Command name and arguments.
    pub argv: Vec<String>,
    /// An odd number of leading `not`s: success means a nonzero exit.
    pub negate: bool,
    /// `< FILE`
    pub stdin: Option<String>,
    /// `> FILE` / `>> FILE` (`true` = append).
    pub stdout: Option<(String, bool)>,
    /// Where stderr goes.
    pub stderr: StderrTarget,
}

/// Stages joined by `|`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    /// At least one stage.
    pub stages: Vec<Stage>,
}

/// Splits a RUN command into tokens.
pub fn tokenize(cmd: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = cmd.chars().collect();
    let mut tokens = Vec::new();
    let mut word = String::new();
    // Distinguishes an empty quoted word (`''`) from no word at all.
    let mut in_word = false;
    let mut i = 0;
    let flush = |word: &mut String, in_word: &mut bool, tokens: &mut Vec<Token>| {
        if *in_word {
            tokens.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            c if c.is_whitespace() => flush(&mut word, &mut in_word, &mut tokens),
            '\'' => {
                in_word = true;
                let close = chars[i + 1..].iter().position(|&c| c == '\'');
                let Some(len) = close else {
                    return Err("unterminated single quote".into());
                };
                word.extend(&chars[i + 1..i + 1 + len]);
                i += len + 1;
            }
            '"' => {
                in_word = true;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err("unterminated double quote".into()),
                        Some('"') => break,
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                            word.push(chars[i + 1]);
                            i += 1;
                        }
                        Some(&c) => word.push(c),
                    }
                    i += 1;
                }
            }
            '\\' => {
                let Some(n) = next else {
                    return Err("trailing backslash".into());
                };
                in_word = true;
                word.push(n);
                i += 1;
            }
            '|' => {
                flush(&mut word, &mut in_word, &mut tokens);
                if next == Some('|') {
                    return Err("'||' is not supported".into());
                }
                tokens.push(Token::Pipe);
            }
            '&' => {
                flush(&mut word, &mut in_word, &mut tokens);
                if next != Some('&') {
                    return Err("background '&' is not supported".into());
                }
                tokens.push(Token::AndAnd);
                i += 1;
            }
            ';' => return Err("';' is not supported; use separate RUN lines".into()),
            '<' => {
                flush(&mut word, &mut in_word, &mut tokens);
                tokens.push(Token::RedirIn);
            }
            '>' => {
                flush(&mut word, &mut in_word, &mut tokens);
                if next == Some('&') {
                    return Err("'>&' is only supported as '2>&1'".into());
                }
                let append = next == Some('>');
                i += usize::from(append);
                tokens.push(Token::RedirOut { fd: 1, append });
            }
            // `2>` only counts at the start of a word, as in sh: `a2>f` is `a2 > f`.
            '2' if !in_word && next == Some('>') => {
                let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
                if rest == "2>&1" {
                    tokens.push(Token::ErrToOut);
                    i += 3;
                } else if rest.starts_with("2>&") {
                    return Err("only '2>&1' is supported".into());
                } else {
                    let append = chars.get(i + 2) == Some(&'>');
                    tokens.push(Token::RedirOut { fd: 2, append });
                    i += 1 + usize::from(append);
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
        i += 1;
    }
    flush(&mut word, &mut in_word, &mut tokens);
    Ok(tokens)
}

/// Parses a RUN command into pipelines joined by `&&`.
pub fn parse_command(cmd: &str) -> Result<Vec<Pipeline>, String> {
    let tokens = tokenize(cmd)?;
    if tokens.is_empty() {
        return Err("empty RUN command".into());
    }
    let mut pipelines = Vec::new();
    let mut stages = Vec::new();
    let mut stage = new_stage();
    let mut iter = tokens.into_iter();
    while let Some(tok) = iter.next() {
        match tok {
            Token::Word(w) => stage.argv.push(w),
            Token::Pipe | Token::AndAnd => {
                stages.push(finish_stage(stage)?);
                stage = new_stage();
                if tok == Token::AndAnd {
                    pipelines.push(Pipeline {
                        stages: std::mem::take(&mut stages),
                    });
                }
            }
            Token::ErrToOut => stage.stderr = StderrTarget::Merge,
            Token::RedirIn => stage.stdin = Some(file_operand(iter.next(), "<")?),
            Token::RedirOut { fd, append } => {
                let op = match (fd, append) {
                    (1, false) => ">",
                    (1, true) => ">>",
                    (_, false) => "2>",
                    (_, true) => "2>>",
                };
                let file = file_operand(iter.next(), op)?;
                if fd == 2 {
                    stage.stderr = StderrTarget::File(file, append);
                } else {
                    if stage.stderr == StderrTarget::Merge {
                        stage.stderr = match stage.stdout.take() {
                            None => StderrTarget::Pipe,
                            Some((old, _)) => StderrTarget::File(old, true),
                        };
                    }
                    stage.stdout = Some((file, append));
                }
            }
        }
    }
    stages.push(finish_stage(stage)?);
    pipelines.push(Pipeline { stages });
    Ok(pipelines)
}

fn new_stage() -> Stage {
    Stage {
        argv: Vec::new(),
        negate: false,
        stdin: None,
        stdout: None,
        stderr: StderrTarget::Capture,
    }
}

fn file_operand(tok: Option<Token>, op: &str) -> Result<String, String> {
    match tok {
        Some(Token::Word(w)) => Ok(w),
        _ => Err(format!("expected a file name after '{op}'")),
    }
}

fn finish_stage(mut stage: Stage) -> Result<Stage, String> {
    let nots = stage.argv.iter().take_while(|w| *w == "not").count();
    stage.argv.drain(..nots);
    stage.negate = nots % 2 == 1;
    match stage.argv.first() {
        None if nots > 0 => Err("'not' needs a command to run".into()),
        None => Err("empty pipeline stage".into()),
        Some(w) if nots > 0 && w.starts_with('-') => Err(format!("'not {w}' is not supported")),
        Some(_) => Ok(stage),
    }
}

/// Quotes `word` so that [`tokenize`] reads it back unchanged; plain words
/// are left alone so that reports stay readable.
pub fn quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+,:@%=^{}[]#".contains(c);
    if !word.is_empty() && word.chars().all(plain) && !word.starts_with("2>") {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

impl Stage {
    /// The stage as it would be written in a RUN line, for reports.
    pub fn display(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.negate {
            parts.push("not".into());
        }
        parts.extend(self.argv.iter().map(|w| quote(w)));
        if let Some(f) = &self.stdin {
            parts.push(format!("< {}", quote(f)));
        }
        // `2>&1 > f` and `> f 2>&1` mean different things, so keep the order.
        if self.stderr == StderrTarget::Pipe {
            parts.push("2>&1".into());
        }
        if let Some((f, append)) = &self.stdout {
            parts.push(format!("{} {}", if *append { ">>" } else { ">" }, quote(f)));
        }
        match &self.stderr {
            StderrTarget::Capture | StderrTarget::Pipe => {}
            StderrTarget::Merge => parts.push("2>&1".into()),
            StderrTarget::File(f, append) => parts.push(format!(
                "{} {}",
                if *append { "2>>" } else { "2>" },
                quote(f)
            )),
        }
        parts.join(" ")
    }
}
