//! `tilec-tileiras`: tilec behind NVIDIA `tileiras`'s command line, so that cuTile Python (and
//! cuTile Rust) compile through tilec unchanged (docs/cutile.md). cuTile Python runs
//!
//! ```text
//! tileiras KERNEL.bytecode -o KERNEL.cubin --gpu-name sm_90 -O3 --lineinfo
//!          [--remark-format=yaml --remarks=all --remarks-output-file=F]
//! tileiras --version
//! ```
//!
//! and probes the bytecode versions the compiler reads by compiling empty modules (no
//! function) for `sm_120`. This driver reads the bytecode (`tilec::add_source`), compiles it for
//! the `a` variant of the GPU's architecture where tilec has one (`sm_90` → `sm_90a`), assembles
//! the PTX with ptxas (`$TILEC_PTXAS`, else `ptxas` beside this program, else on `PATH`) into the
//! cubin, and reports errors on stderr, the first also as `error: MESSAGE (at FILE:LINE:COL)` (the
//! line cuTile Python shows as the compiler's message). `TILEC_NO_VERIFY_RACES=1` skips
//! verify-races (for kernels whose synchronization the checker cannot prove, as `tilec
//! --no-verify-races`).

use std::path::{Path, PathBuf};

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Request {
    /// `--version`.
    Version,
    /// `--list-versions`: the bytecode versions read.
    ListVersions,
    /// `--help`.
    Help,
    /// Compile `input` into `output` for `gpu`.
    Compile {
        /// The bytecode file.
        input: String,
        /// The cubin to write.
        output: String,
        /// `sm_90`, … (`sm_90` when not given).
        gpu: String,
        /// Where `--remarks-output-file` asks remarks to go (an empty YAML document is written).
        remarks: Option<String>,
        /// `--lineinfo` or `--device-debug`: the kernel's source lines in the cubin (PTX `.loc`
        /// from the bytecode's debug info, `ptxas -lineinfo`).
        lineinfo: bool,
    },
}

/// The bytecode versions tilec reads.
pub const VERSIONS: &[&str] = &["13.1", "13.2", "13.3", "13.4"];

/// What `--version` prints: one line. cuTile Python keys its disk cache of cubins by this text
/// (and cuTile Rust asks for it), so besides tilec's version it names what else decides the
/// cubin of an input: this build (`build`, [`build_id`] of the executable) and whether
/// verify-races runs (`TILEC_NO_VERIFY_RACES`). Otherwise cuTile would launch a cubin an
/// earlier build, or the other setting, made.
pub fn version_line(build: u64, verify_races: bool) -> String {
    format!(
        "tilec-tileiras (tilec {}): Tile IR bytecode {} to cubin through tilec and ptxas (build {build:016x}{})",
        env!("CARGO_PKG_VERSION"),
        VERSIONS.join(", "),
        if verify_races {
            ""
        } else {
            ", verify-races off"
        }
    )
}

/// A hash of `bytes` (the running executable's), the same for one binary in every run: SipHash
/// with the fixed keys of `DefaultHasher::new`.
pub fn build_id(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = std::hash::DefaultHasher::new();
    h.write(bytes);
    h.finish()
}

/// Parses `args` (without the program name) the way tileiras reads them; an unknown or
/// unsupported flag is an error naming it.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let mut it = args.iter().peekable();
    let (mut input, mut output, mut gpu, mut remarks) = (None, None, None, None);
    let mut lineinfo = false;
    let value = |flag: &str,
                 a: &str,
                 it: &mut std::iter::Peekable<std::slice::Iter<'_, String>>| {
        match a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
            Some(v) => Ok(v.to_string()),
            None => it
                .next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value")),
        }
    };
    while let Some(a) = it.next() {
        let a = a.as_str();
        match a {
            "--version" => return Ok(Request::Version),
            "--list-versions" => return Ok(Request::ListVersions),
            "-h" | "--help" => return Ok(Request::Help),
            // tilec has no device debugging: `--device-debug` gives what it can, the lines.
            "--lineinfo" | "--device-debug" => lineinfo = true,
            _ if a.starts_with("-O") && a[2..].chars().all(|c| c.is_ascii_digit()) => {}
            // cuTile Rust's spelling of -O3 (tilec has one optimization level).
            _ if a.starts_with("--opt-level") => {
                let v = value("--opt-level", a, &mut it)?;
                if v.parse::<u8>().is_err() {
                    return Err(format!("--opt-level {v}: a number"));
                }
            }
            _ if a.starts_with("--sanitize") => {
                return Err(format!("'{a}': tilec has no sanitizer"))
            }
            _ if a == "-o" || a.starts_with("-o=") => output = Some(value("-o", a, &mut it)?),
            _ if a.starts_with("--gpu-name") => gpu = Some(value("--gpu-name", a, &mut it)?),
            _ if a.starts_with("--remark-format") || a.starts_with("--remarks=") => {}
            _ if a.starts_with("--remarks-output-file") => {
                remarks = Some(value("--remarks-output-file", a, &mut it)?)
            }
            _ if a.starts_with("--preview") => {
                return Err(format!("'{a}': tilec supports no preview features"))
            }
            "-l" => return Err("'-l': tilec links no tile libraries".into()),
            _ if a.starts_with('-') => return Err(format!("unknown option '{a}'")),
            _ if input.is_none() => input = Some(a.to_string()),
            _ => return Err(format!("a second input '{a}'")),
        }
    }
    let input = input.ok_or("no input file")?;
    let output = output.unwrap_or_else(|| {
        Path::new(&input)
            .with_extension("cubin")
            .display()
            .to_string()
    });
    Ok(Request::Compile {
        input,
        output,
        gpu: gpu.unwrap_or_else(|| "sm_90".into()),
        remarks,
        lineinfo,
    })
}

/// The tilec target for a GPU name: its `a` variant where tilec knows one (`sm_90a`), else the
/// name itself.
pub fn target_for(gpu: &str) -> Result<tilec::Target, String> {
    tilec::Target::parse(&format!("{gpu}a")).or_else(|_| tilec::Target::parse(gpu))
}

/// ptxas: `$TILEC_PTXAS`, else beside this program, else on `PATH`.
pub fn ptxas() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TILEC_PTXAS") {
        return Some(PathBuf::from(p));
    }
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join("ptxas")))
        .filter(|p| p.exists());
    beside.or_else(crate::ptxas::find)
}

/// The first error of rendered diagnostics as `error: MESSAGE (at WHERE)`, the form cuTile
/// Python shows as its compiler's message: WHERE is the kernel's Python line when the error has
/// its note (a bytecode with debug info: `note: in the kernel's source at PY:LINE:COL`,
/// compiler/driver's debug notes), else the line of the bytecode's text. (MLIR's form,
/// `loc("PY":LINE:COL): error: …`, is not used: cuTile 1.7 parses it into a location without a
/// function, and formatting that exception then fails, measured on an H100.)
pub fn cutile_error_line(rendered: &str) -> Option<String> {
    let mut lines = rendered.lines().skip_while(|l| !l.contains("error: "));
    let line = lines.next()?;
    let Some((at, msg)) = line.split_once(": error: ") else {
        return Some(line.trim().to_string());
    };
    let source = lines
        .take_while(|l| !l.contains(": error: "))
        .find_map(|l| {
            l.split_once("note: in the kernel's source at ")
                .map(|x| x.1)
        });
    let py = source.and_then(|s| {
        let (rest, col) = s.rsplit_once(':')?;
        let (file, line) = rest.rsplit_once(':')?;
        Some((file, line.parse::<u32>().ok()?, col.parse::<u32>().ok()?))
    });
    Some(match py {
        Some((file, l, c)) => format!("error: {msg} (at {file}:{l}:{c})"),
        None => format!("error: {msg} (at {at})"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn version_names_the_build_and_the_race_check() {
        let a = version_line(build_id(b"one build"), true);
        assert_eq!(a, version_line(build_id(b"one build"), true));
        assert!(!a.contains('\n'), "one line: {a}");
        assert_ne!(a, version_line(build_id(b"another build"), true));
        let off = version_line(build_id(b"one build"), false);
        assert_ne!(a, off);
        assert!(off.ends_with(", verify-races off)"), "{off}");
    }

    #[test]
    fn cutile_pythons_command_lines_are_read() {
        let r = parse(&args(
            "k.bytecode -o k.cubin --gpu-name sm_90 -O3 --lineinfo",
        ))
        .unwrap();
        assert_eq!(
            r,
            Request::Compile {
                input: "k.bytecode".into(),
                output: "k.cubin".into(),
                gpu: "sm_90".into(),
                remarks: None,
                lineinfo: true,
            }
        );
        let r = parse(&args(
            "p.bytecode -o p.cubin --gpu-name sm_120 -O3 --remark-format=yaml --remarks=all --remarks-output-file=r.yaml",
        ))
        .unwrap();
        assert!(
            matches!(r, Request::Compile { remarks: Some(ref f), ref gpu, lineinfo: false, .. } if f == "r.yaml" && gpu == "sm_120")
        );
        // cuTile Rust's command line.
        let r = parse(&args(
            "--gpu-name sm_90 --opt-level 3 --lineinfo -o r.cubin r.bc",
        ))
        .unwrap();
        assert!(
            matches!(r, Request::Compile { ref input, ref output, .. } if input == "r.bc" && output == "r.cubin")
        );
        assert!(parse(&args("--opt-level=x r.bc")).is_err());
        assert!(parse(&args("--sanitize=memcheck r.bc"))
            .unwrap_err()
            .contains("sanitizer"));
        assert_eq!(parse(&args("--version")).unwrap(), Request::Version);
        assert_eq!(
            parse(&args("--list-versions")).unwrap(),
            Request::ListVersions
        );
    }

    #[test]
    fn what_tilec_does_not_do_is_an_error_naming_it() {
        assert!(parse(&args("k.bc --preview=x"))
            .unwrap_err()
            .contains("--preview=x"));
        assert!(parse(&args("k.bc -l lib.a")).unwrap_err().contains("-l"));
        assert!(parse(&args("k.bc --frobnicate"))
            .unwrap_err()
            .contains("--frobnicate"));
        assert!(parse(&args("-o x.cubin")).unwrap_err().contains("no input"));
    }

    #[test]
    fn targets_take_the_arch_specific_variant() {
        assert_eq!(target_for("sm_90").unwrap().name(), "sm_90a");
        assert_eq!(target_for("sm_80").unwrap().name(), "sm_80");
    }

    #[test]
    fn the_first_error_is_also_in_cutiles_form() {
        let r = "k.tilebc:14:5: error: cannot compile 'cuda_tile.mmaf' yet\n  %1 = mmaf …\n";
        assert_eq!(
            cutile_error_line(r).unwrap(),
            "error: cannot compile 'cuda_tile.mmaf' yet (at k.tilebc:14:5)"
        );
        // With the kernel's source line (debug info): the Python line.
        let r = "k.tilebc:14:5: error: check 1 (unsynchronized handoff)\n  %1 = …\n\
                 k.tilebc:14:5: note: in the kernel's source at /src/k.py:32:12\n  %1 = …\n";
        assert_eq!(
            cutile_error_line(r).unwrap(),
            "error: check 1 (unsynchronized handoff) (at /src/k.py:32:12)"
        );
    }
}
