//! Reading NVIDIA's debug-info attributes (`#cuda_tile.di_file<"a.py" in "/d">`,
//! `#cuda_tile.di_loc<L in S>` and the struct forms `di_compile_unit`, `di_subprogram`,
//! `di_lexical_block`: `key = value` parameters, NVIDIA's `struct(params)` assembly format),
//! with NVIDIA's parameter kinds checked (a subprogram's `file` is a `di_file`, …).

use super::{PResult, Parser};
use crate::attrs::{Attr, AttrData};
use crate::debuginfo::{DiData, LocData};

/// The parameters of the struct forms, in NVIDIA's order, and whether each is required.
const STRUCTS: &[(&str, &[(&str, bool)])] = &[
    ("di_compile_unit", &[("file", true)]),
    (
        "di_subprogram",
        &[
            ("file", true),
            ("line", true),
            ("name", true),
            ("linkageName", true),
            ("compileUnit", true),
            ("scopeLine", false),
        ],
    ),
    (
        "di_lexical_block",
        &[
            ("scope", true),
            ("file", true),
            ("line", true),
            ("column", false),
        ],
    ),
];

/// What a parameter holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A `di_file`.
    File,
    /// A `di_compile_unit`.
    CompileUnit,
    /// A subprogram or a lexical block.
    LocalScope,
    /// An unsigned integer.
    Uint,
    /// A string.
    Str,
}

/// The kind of each parameter key.
const KINDS: &[(&str, Kind)] = &[
    ("file", Kind::File),
    ("compileUnit", Kind::CompileUnit),
    ("scope", Kind::LocalScope),
    ("line", Kind::Uint),
    ("column", Kind::Uint),
    ("scopeLine", Kind::Uint),
    ("name", Kind::Str),
    ("linkageName", Kind::Str),
];

/// One parameter's value.
#[derive(Clone)]
enum Param {
    Attr(Attr),
    Uint(u32),
    Str(Box<str>),
}

/// The parameters read, by key.
struct Params(Vec<(&'static str, Param)>);

impl Params {
    fn attr(&self, key: &str) -> Attr {
        match self.0.iter().find(|(k, _)| *k == key) {
            Some((_, Param::Attr(a))) => *a,
            _ => unreachable!("a required attribute parameter is checked present"),
        }
    }
    fn uint(&self, key: &str) -> Option<u32> {
        self.0.iter().find_map(|(k, v)| match v {
            Param::Uint(n) if *k == key => Some(*n),
            _ => None,
        })
    }
    fn str(&self, key: &str) -> Box<str> {
        match self.0.iter().find(|(k, _)| *k == key) {
            Some((_, Param::Str(s))) => s.clone(),
            _ => unreachable!("a required string parameter is checked present"),
        }
    }
}

impl<'s> Parser<'s> {
    /// `<…>` of `#cuda_tile.MNEMONIC` (the `#` at `start`).
    pub(super) fn di_attr(&mut self, mnemonic: &str, start: usize) -> PResult<DiData> {
        self.expect_text("<", "'<' after the attribute name")?;
        let d = match mnemonic {
            "di_file" => {
                let name = self.string_lit("the file name (a string)")?;
                self.expect_text("in", "'in' between the file name and its directory")?;
                let directory = self.string_lit("the directory (a string)")?;
                DiData::File {
                    name: name.into(),
                    directory: directory.into(),
                }
            }
            "di_loc" => self.di_loc()?,
            _ => match STRUCTS.iter().find(|s| s.0 == mnemonic) {
                Some(&(_, keys)) => self.di_struct(mnemonic, keys)?,
                None => {
                    return self.err(
                        self.loc(start, self.pos),
                        format!("unknown debug-info attribute '#cuda_tile.{mnemonic}' (di_file, di_compile_unit, di_subprogram, di_lexical_block or di_loc)"),
                    )
                }
            },
        };
        self.expect_text(">", "'>' to close the attribute")?;
        Ok(d)
    }

    /// `L in S`: a `"file":line:col` location (or its name) and a local scope.
    fn di_loc(&mut self) -> PResult<DiData> {
        self.skip_trivia();
        let start = self.pos;
        let source = if self.at("loc(") {
            self.loc_call()?
        } else {
            self.hash_attr()?
        };
        if !matches!(
            self.m.attr_data(source),
            AttrData::Loc(LocData::FileLineCol { .. })
        ) {
            return self.err(
                self.loc(start, self.pos),
                "a di_loc's source must be a \"file\":line:col location",
            );
        }
        self.expect_text("in", "'in' between the location and its scope")?;
        let scope = self.param_attr(Kind::LocalScope)?;
        Ok(DiData::Loc { source, scope })
    }

    /// `key = value, …` of the struct form `mnemonic` with parameters `keys`.
    fn di_struct(&mut self, mnemonic: &str, keys: &[(&'static str, bool)]) -> PResult<DiData> {
        let open = self.pos;
        let mut got = Params(Vec::new());
        loop {
            self.skip_trivia();
            let at = self.pos;
            let key = self.word();
            let Some(&(key, _)) = keys.iter().find(|(k, _)| *k == key) else {
                let msg = if key.is_empty() {
                    "expected a parameter name in struct".to_string()
                } else {
                    format!("'{key}' is not a parameter of #cuda_tile.{mnemonic}")
                };
                return self.err(self.loc(at, at.max(self.pos).max(at + 1)), msg);
            };
            if got.0.iter().any(|(k, _)| *k == key) {
                return self.err(
                    self.loc(at, self.pos),
                    format!("parameter '{key}' is given twice"),
                );
            }
            self.expect_text("=", "'=' after the parameter name")?;
            let kind = KINDS
                .iter()
                .find(|k| k.0 == key)
                .map_or(Kind::Uint, |k| k.1);
            let v = match kind {
                Kind::Uint => Param::Uint(self.uint("an unsigned integer")?),
                Kind::Str => Param::Str(self.string_lit("a string")?.into()),
                k => Param::Attr(self.param_attr(k)?),
            };
            got.0.push((key, v));
            self.skip_trivia();
            if !self.at(",") {
                break;
            }
            self.pos += 1;
        }
        if let Some((missing, _)) = keys
            .iter()
            .find(|(k, req)| *req && !got.0.iter().any(|g| g.0 == *k))
        {
            return self.err(
                self.loc(open, self.pos),
                format!("struct is missing required parameter: {missing}"),
            );
        }
        Ok(match mnemonic {
            "di_compile_unit" => DiData::CompileUnit {
                file: got.attr("file"),
            },
            "di_subprogram" => DiData::Subprogram {
                file: got.attr("file"),
                line: got.uint("line").unwrap_or(0),
                name: got.str("name"),
                linkage_name: got.str("linkageName"),
                compile_unit: got.attr("compileUnit"),
                scope_line: got.uint("scopeLine"),
            },
            _ => DiData::LexicalBlock {
                scope: got.attr("scope"),
                file: got.attr("file"),
                line: got.uint("line").unwrap_or(0),
                column: got.uint("column"),
            },
        })
    }

    /// An attribute parameter of kind `k` (`#name` or an inline `#cuda_tile.di_…`).
    fn param_attr(&mut self, k: Kind) -> PResult<Attr> {
        self.skip_trivia();
        let start = self.pos;
        let a = self.hash_attr()?;
        let ok = matches!(
            (k, self.m.attr_data(a)),
            (Kind::File, AttrData::Di(DiData::File { .. }))
                | (Kind::CompileUnit, AttrData::Di(DiData::CompileUnit { .. }))
                | (
                    Kind::LocalScope,
                    AttrData::Di(DiData::Subprogram { .. } | DiData::LexicalBlock { .. })
                )
        );
        if !ok {
            let want = match k {
                Kind::File => "a #cuda_tile.di_file",
                Kind::CompileUnit => "a #cuda_tile.di_compile_unit",
                _ => "a #cuda_tile.di_subprogram or #cuda_tile.di_lexical_block",
            };
            return self.err(
                self.loc(start, self.pos),
                format!("'{}' is not {want}", &self.src[start..self.pos]),
            );
        }
        Ok(a)
    }
}
